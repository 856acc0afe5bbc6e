//! The runs of open values (the gaps), kept in step with the trail.
//!
//! The region check and the choice of value read every gap at every node.
//! A placement changes one gap only: placing v inside the run u + 1 .. w - 1
//! (u and w placed, or 0 and T + 1 at the path's ends) leaves the runs
//! u + 1 .. v - 1 and v + 1 .. w - 1, either of them empty when v is at its
//! edge; taking v back joins them again. So the list, sorted by value, is
//! mended at the one place instead of read again from the placed values.

use super::regions::Gap;
use super::Fill;

impl Fill<'_> {
    /// Where the gap holding or following value `value` sits in the list:
    /// the number of gaps whose first open value is at most `value`.
    fn gaps_up_to(&self, value: u32) -> usize {
        self.gaps.partition_point(|gap| gap.first <= value)
    }

    /// The runs of open values, in order, read from the placed values: a
    /// fill started again from hundreds of placements reads them once
    /// instead of splitting a gap at each (and the unit tests' yardstick
    /// for the list kept step by step).
    pub(super) fn read_gaps(&mut self) {
        self.gaps.clear();
        let mut from = 1;
        while let Some(first_open) = self.placed_values.next_open(from) {
            if first_open > self.total {
                break;
            }
            // The placed value after the run, or T + 1.
            let above = self.placed_values.next_placed(first_open);
            self.gaps.push(Gap {
                low: (first_open > 1).then(|| self.position[first_open as usize - 1]),
                high: (above <= self.total).then(|| self.position[above as usize]),
                length: above - first_open,
                first: first_open,
            });
            from = above;
        }
    }

    /// `value`, just placed in `cell`, splits the gap that held it.
    pub(super) fn split_gap(&mut self, cell: usize, value: u32) {
        let index = self.gaps_up_to(value) - 1;
        let gap = self.gaps[index];
        let first = gap.first;
        let last = first + gap.length - 1;
        debug_assert!((first..=last).contains(&value), "the gap holds the value");
        let below = (value > first).then_some(Gap {
            low: gap.low,
            high: Some(cell),
            length: value - first,
            first,
        });
        let above = (value < last).then_some(Gap {
            low: Some(cell),
            high: gap.high,
            length: last - value,
            first: value + 1,
        });
        // Vec::splice would gather the tail into a new vector to insert two.
        match (below, above) {
            (Some(below), Some(above)) => {
                self.gaps[index] = below;
                self.gaps.insert(index + 1, above);
            }
            (Some(piece), None) | (None, Some(piece)) => self.gaps[index] = piece,
            (None, None) => {
                self.gaps.remove(index);
            }
        }
    }

    /// `value`, placed in `cell` and about to be taken back, joins the
    /// gaps beside it (and itself) into one.
    pub(super) fn join_gaps(&mut self, cell: usize, value: u32) {
        let index = self.gaps_up_to(value);
        let open = |v: u32| (1..=self.total).contains(&v) && !self.placed(v);
        let below = open(value - 1).then(|| self.gaps[index - 1]);
        let above = open(value + 1).then(|| self.gaps[index]);
        debug_assert!(below.is_none_or(|gap| gap.high == Some(cell)));
        debug_assert!(above.is_none_or(|gap| gap.low == Some(cell)));
        // Beside the value, where no gap is, lies a placed value or an end
        // of the path.
        let end = |v: u32| self.placed(v).then(|| self.position[v as usize]);
        let joined = Gap {
            low: below.map_or_else(|| end(value - 1), |gap| gap.low),
            high: above.map_or_else(|| end(value + 1), |gap| gap.high),
            length: 1 + below.map_or(0, |gap| gap.length) + above.map_or(0, |gap| gap.length),
            first: below.map_or(value, |gap| gap.first),
        };
        match (below.is_some(), above.is_some()) {
            (true, true) => {
                self.gaps[index - 1] = joined;
                self.gaps.remove(index);
            }
            (true, false) => self.gaps[index - 1] = joined,
            (false, true) => self.gaps[index] = joined,
            (false, false) => self.gaps.insert(index, joined),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{empty_grid, wander};
    use super::*;

    /// The gaps read again from the placed values, in order.
    fn gaps_read_again(fill: &mut Fill) -> Vec<(Option<usize>, Option<usize>, u32, u32)> {
        let kept = fill.gaps.clone();
        fill.read_gaps();
        let again = std::mem::replace(&mut fill.gaps, kept);
        again
            .iter()
            .map(|gap| (gap.low, gap.high, gap.length, gap.first))
            .collect()
    }

    /// At each state of a random wander on an empty 4x5 board (values
    /// placed anywhere, 1 and T among them), the gaps kept are the gaps
    /// read again.
    #[test]
    fn the_gaps_kept_are_the_gaps_read_again() {
        let grid = empty_grid(4, 5);
        let mut fill = Fill::new(&grid, 5, &[]).unwrap();
        let mut split = 0;
        wander(&mut fill, 6000, 12, |fill, step| {
            let kept: Vec<_> = fill
                .gaps
                .iter()
                .map(|g| (g.low, g.high, g.length, g.first))
                .collect();
            let again = gaps_read_again(fill);
            if fill.trail.is_empty() {
                assert_eq!(kept, [(None, None, fill.total, 1)], "step {step}");
            } else {
                assert_eq!(kept, again, "step {step}");
            }
            split += usize::from(kept.len() >= 3);
        });
        assert!(split > 1000, "{split} states with three gaps or more");
    }
}
