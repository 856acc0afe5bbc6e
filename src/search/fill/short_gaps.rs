//! The short gaps, walked out: a gap of a few open values between two
//! placed ones must still have a way through the free cells.
//!
//! The region and reach tests count cells; they cannot see that the few
//! cells a short gap could take have been cut into a shape it cannot walk.
//! The fill then learns it only when it comes to that gap, after every
//! decision since the one that blocked it, and goes back over all of them
//! one by one: on a large board one blocked gap between two clues holds the
//! whole search. A short gap has few ways through, so one is looked for
//! whenever a placement lands where the gap might pass.
//!
//! The walks found are kept. A walk from u to w, values u + 1 .. w - 1 on
//! its cells, is a way through every gap u' .. w' within it whose ends
//! hold the walk's cells for u' and w', for as long as the cells between
//! are free, whatever was placed or taken back since: the fill often
//! places a gap's next value on the walk's next cell. Which cells may hold
//! which values does not change during the fill, so a kept walk answers
//! exactly as a new one would.

use super::{Fill, NONE};

/// Gaps of at most this many open values are walked out.
pub(super) const SHORT: u32 = 8;

/// The cells of a walk through a short gap, by value: its placed ends and
/// the free cells between.
#[derive(Clone, Copy)]
struct Walk {
    low: u32,
    high: u32,
    cells: [usize; SHORT as usize + 2],
}

impl Walk {
    /// The walk's cell for `value`, if the walk passes it.
    fn cell(&self, value: u32) -> Option<usize> {
        (self.low..=self.high)
            .contains(&value)
            .then(|| self.cells[(value - self.low) as usize])
    }
}

/// The last walk found from each value, and for each value the lowest
/// end of the last walk found through it.
pub(super) struct Walks {
    from: Vec<Walk>,
    through: Vec<u32>,
}

impl Walks {
    pub(super) fn new(total: u32) -> Walks {
        let none = Walk {
            low: 1,
            high: 0,
            cells: [NONE; SHORT as usize + 2],
        };
        Walks {
            from: vec![none; total as usize + 1],
            through: vec![0; total as usize + 1],
        }
    }

    /// The kept walk through value `low`, whichever it is.
    fn through(&self, low: u32) -> &Walk {
        &self.from[self.through[low as usize] as usize]
    }

    fn keep(&mut self, walk: Walk) {
        for value in walk.low..walk.high {
            self.through[value as usize] = walk.low;
        }
        self.from[walk.low as usize] = walk;
    }
}

impl Fill<'_> {
    /// Is there a path of free cells, each allowed its value, from `low`
    /// (holding `low_value`) to `high` (holding `high_value`)?
    pub(super) fn short_gap_walks(
        &mut self,
        (low, low_value): (usize, u32),
        (high, high_value): (usize, u32),
    ) -> bool {
        let kept = self.walks.through(low_value);
        if kept.cell(low_value) == Some(low)
            && kept.cell(high_value) == Some(high)
            && (low_value + 1..high_value).all(|value| {
                let cell = kept.cells[(value - kept.low) as usize];
                self.value[cell] == 0
            })
        {
            return true;
        }
        let mut walk = Walk {
            low: low_value,
            high: high_value,
            cells: [NONE; SHORT as usize + 2],
        };
        walk.cells[0] = low;
        walk.cells[(high_value - low_value) as usize] = high;
        let found = self.walk_on(low, low_value, (high, high_value), &mut walk.cells[1..], 0);
        if found {
            self.walks.keep(walk);
        }
        found
    }

    /// Walks on from `at` (holding `value`): `visited[..depth]` are the
    /// cells taken so far, and the walk's cells are left there.
    fn walk_on(
        &self,
        at: usize,
        value: u32,
        (high, high_value): (usize, u32),
        visited: &mut [usize],
        depth: usize,
    ) -> bool {
        let next = value + 1;
        if next == high_value {
            return self.grid.neighbours(at).contains(&high);
        }
        for cell in self.grid.neighbours_or_past(at) {
            if self.value[cell] == 0
                && self.distance(cell, high) <= high_value - next
                && self.grid.allows(cell, next)
                && !visited[..depth].contains(&cell)
            {
                visited[depth] = cell;
                if self.walk_on(cell, next, (high, high_value), visited, depth + 1) {
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::fill::testing::{empty_grid, wander};

    /// The short gaps between the values placed: their ends, cell and value.
    fn short_gaps(fill: &Fill) -> Vec<((usize, u32), (usize, u32))> {
        let placed: Vec<u32> = (1..=fill.total).filter(|&v| fill.placed(v)).collect();
        placed
            .windows(2)
            .filter(|ends| (2..=SHORT + 1).contains(&(ends[1] - ends[0])))
            .map(|ends| {
                let end = |value: u32| (fill.position[value as usize], value);
                (end(ends[0]), end(ends[1]))
            })
            .collect()
    }

    /// At each state of a random wander on an empty 5x6 board, every short
    /// gap asked twice: with the walks kept so far, and with none kept.
    #[test]
    fn a_kept_walk_answers_as_a_new_walk_would() {
        let grid = empty_grid(5, 6);
        let mut fill = Fill::new(&grid, 6, &[]).unwrap();
        let (mut walked, mut blocked) = (0, 0);
        wander(&mut fill, 4000, 12, |fill, step| {
            for (low, high) in short_gaps(fill) {
                let kept = fill.short_gap_walks(low, high);
                let remembered = std::mem::replace(&mut fill.walks, Walks::new(fill.total));
                let new = fill.short_gap_walks(low, high);
                fill.walks = remembered;
                assert_eq!(kept, new, "step {step}, gap {low:?} .. {high:?}");
                if new {
                    walked += 1;
                } else {
                    blocked += 1;
                }
            }
        });
        assert!(
            walked > 100 && blocked > 100,
            "{walked} walked, {blocked} blocked"
        );
    }
}
