//! The region check after one placement, asking only what it changed.
//!
//! Say the check passed on the state before, and value p now fills cell c
//! of region R without cutting R apart; and the gap g that p extends went
//! to R alone (its old end e, the cell of p - 1 or p + 1, had no free
//! neighbour outside R: always so when R is the only region). Then g
//! brought its cells to R as one that can go nowhere else:
//!
//! ```text
//! forced(R, colour) <= cells(R, colour) <= possible(R, colour)
//! ```
//!
//! and placing p takes one cell of c's colour off R and one value of that
//! colour off g (the values of a gap alternate colours as its cells do),
//! so that all three terms drop by one and the counts still hold, as do
//! R's exact sums (R's cells less what its forced gaps bring is as it
//! was, and its shared gaps are as they were); other regions see no
//! change. What can fail is:
//!
//! - *the ways into R*: a gap whose end lost its last free neighbour in R
//!   has R no more. Only the ends at c or beside it lost a neighbour. With
//!   one region that gap has no region left, and the check fails; with
//!   several, it may have another, and the whole check is run.
//! - *short gaps*: asked as the whole check asks them.
//! - *reach*: the gaps other than g reach what they reached; g, one value
//!   shorter from c, reaches a part of what it reached from e
//!   (d(e, x) <= 1 + d(c, x)), so only the free cells of R in the band
//!
//!   ```text
//!   d(e, x) + d(x, f) <= span      and      d(c, x) + d(x, f) > span - 1
//!   ```
//!
//!   (f being g's other end; a stretch with one placed end reaches the
//!   cells x with d(e, x) <= its length) may have lost the only gap that
//!   reached them, and only they are asked, of the gaps that may fill R.
//!
//! So the answer is the whole check's, at a fraction of its work. Which
//! states of the trail passed is kept as a stack, cut back at each undo.

use super::reach::Reach;
use super::regions::Gap;
use super::Fill;

/// A state of the trail that passed the region check.
#[derive(Clone, Copy)]
pub(super) struct Pass {
    /// Its trail length.
    length: usize,
    /// Were its free cells one region?
    one_region: bool,
}

impl Fill<'_> {
    /// The check passed on this state.
    pub(super) fn passed(&mut self) {
        let pass = Pass {
            length: self.trail.len(),
            one_region: self.regions.len() == 1,
        };
        self.passes.push(pass);
    }

    /// The trail went back: passes of states beyond it no longer hold.
    pub(super) fn forget_passes_beyond_trail(&mut self) {
        while self
            .passes
            .last()
            .is_some_and(|pass| pass.length > self.trail.len())
        {
            self.passes.pop();
        }
    }

    /// The region check after one placement (see the module's comment),
    /// the labels being up to date. None when the state one placement back
    /// did not pass, or the placement did not extend a gap that went to one
    /// region, or cut its region apart, or took an end's last way into it
    /// with other regions left: the whole check is needed.
    pub(super) fn check_after_one_placement(&mut self) -> Option<bool> {
        let before = *self.passes.last()?;
        if before.length + 1 != self.trail.len() {
            return None;
        }
        let value = *self.trail.last().expect("a placed value");
        let cell = self.position[value as usize];
        let (old, new, old_end) = self.extended_gap(value)?;
        let one_region = before.one_region && self.regions.len() == 1;
        let region = match one_region {
            true => None,
            false => {
                if !self.labels.last_placement_cut_nothing(self.trail.len()) {
                    return None;
                }
                let region = self.region_of[cell];
                let went_to_region_alone = self
                    .grid
                    .neighbours(old_end)
                    .iter()
                    .all(|&n| self.value[n] != 0 || self.region_of[n] == region);
                if !went_to_region_alone {
                    return None;
                }
                Some(region)
            }
        };
        if !self.ends_keep_a_way_in(cell, region) {
            return one_region.then_some(false);
        }
        let gaps = std::mem::take(&mut self.gaps);
        let fits = gaps.iter().all(|gap| self.short_gap_fits(gap, Some(cell)))
            && self.band_in_reach(&old, new.as_ref(), region, &gaps);
        self.gaps = gaps;
        Some(fits)
    }

    /// The reach of the gap that placing `value` extended, before and after
    /// (None after, when it filled the gap), and the cell of its end before
    /// (the cell of value - 1, or of value + 1 when that was the end that
    /// moved); None if `value` was placed away from both neighbour values.
    fn extended_gap(&self, value: u32) -> Option<(Reach, Option<Reach>, usize)> {
        let cell = self.position[value as usize];
        let (below, above) = (self.placed(value - 1), self.placed(value + 1));
        let gap = |low: Option<usize>, high: Option<usize>, length: u32, first: u32| Gap {
            low,
            high,
            length,
            first,
        };
        let (old, new) = match (below, above) {
            (true, true) => {
                let (low, high) = (
                    self.position[value as usize - 1],
                    self.position[value as usize + 1],
                );
                (gap(Some(low), Some(high), 1, value), None)
            }
            (true, false) => {
                let next = self.placed_values.next_placed(value + 1);
                let high = (next <= self.total).then(|| self.position[next as usize]);
                let length = next - value;
                let low = self.position[value as usize - 1];
                (
                    gap(Some(low), high, length, value),
                    Some(gap(Some(cell), high, length - 1, value + 1)),
                )
            }
            (false, true) => {
                let last = self.placed_values.last_placed(value - 1);
                let low = (last > 0).then(|| self.position[last as usize]);
                let length = value - last;
                let high = self.position[value as usize + 1];
                (
                    gap(low, Some(high), length, last + 1),
                    Some(gap(low, Some(cell), length - 1, last + 1)),
                )
            }
            (false, false) => return None,
        };
        let old_end = match below {
            true => self.position[value as usize - 1],
            false => self.position[value as usize + 1],
        };
        Some((
            self.reach_of(&old, 0, true),
            new.as_ref().map(|gap| self.reach_of(gap, 0, true)),
            old_end,
        ))
    }

    /// Is free cell `x` in `region` (None: the one region)?
    fn in_region(&self, x: usize, region: Option<u32>) -> bool {
        self.value[x] == 0 && region.is_none_or(|region| self.region_of[x] == region)
    }

    /// Every placed cell at `cell` or beside it that is still the end of a
    /// gap has a free neighbour in `region` (None: the one region).
    fn ends_keep_a_way_in(&self, cell: usize, region: Option<u32>) -> bool {
        std::iter::once(cell)
            .chain(self.grid.neighbours(cell).iter().copied())
            .filter(|&x| self.value[x] != 0 && self.loose(x))
            .all(|x| {
                self.grid
                    .neighbours(x)
                    .iter()
                    .any(|&n| self.in_region(n, region))
            })
    }

    /// May `gap` fill `region` (None: the one region, which every gap may)?
    /// Its ends both have a free neighbour there (an open end has).
    fn may_fill(&self, gap: &Gap, region: Option<u32>) -> bool {
        region.is_none_or(|region| self.touches(gap.low, region) && self.touches(gap.high, region))
    }

    /// Every free cell of `region` (None: the one region) that `old`
    /// reached and `new` does not is within reach of one of the gaps that
    /// may fill it (among `gaps`).
    fn band_in_reach(
        &self,
        old: &Reach,
        new: Option<&Reach>,
        region: Option<u32>,
        gaps: &[Gap],
    ) -> bool {
        let Some((top, bottom)) = old.rows_reached() else {
            return true;
        };
        let last_column = self.columns as i32 - 1;
        for row in top.max(0)..=bottom.min(self.rows as i32 - 1) {
            let row = row as u16;
            let Some((from, to)) = old.columns_in_reach(row) else {
                continue;
            };
            let (from, to) = (from.max(0), to.min(last_column));
            let kept = new.and_then(|new| new.columns_in_reach(row));
            let band = match kept {
                Some((left, right)) => [(from, to.min(left - 1)), (from.max(right + 1), to)],
                None => [(from, to), (1, 0)],
            };
            for (first, last) in band {
                for column in first..=last {
                    let x = usize::from(row) * self.columns + column as usize;
                    // Region 0 stands for any: `may_fill` asks where it
                    // matters. A reach is worked out only for the gaps
                    // asked: a band's few free cells are most often
                    // reached by one of the first few.
                    let reached = |gap: &Gap| {
                        self.reach_of(gap, 0, true)
                            .reaches_cell(self.coordinates[x])
                            && self.may_fill(gap, region)
                    };
                    if self.in_region(x, region) && !gaps.iter().any(reached) {
                        return false;
                    }
                }
            }
        }
        true
    }
}

#[cfg(test)]
impl Fill<'_> {
    /// When the unit tests ask: the whole check gives the answer `fits`
    /// of the check after one placement. (It reads what that check read,
    /// and leaves only kept walks and region counts that every check
    /// works out again.)
    pub(super) fn compare_with_whole_check(&mut self, fits: bool) {
        if self.compared.is_none() {
            return;
        }
        let whole = self.whole_check();
        assert_eq!(fits, whole, "trail {:?}", self.trail);
        let several = self.regions.len() > 1;
        if let Some(compared) = self.compared.as_mut() {
            compared[2 * usize::from(several) + usize::from(whole)] += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::grid_of;
    use super::*;
    use crate::board::Board;
    use crate::search::path::Tally;

    /// `csv` with every second clue (in reading order) taken out, and its
    /// clues as the fill's givens.
    fn half_of(csv: &[u8]) -> (Board, Vec<(usize, u32)>) {
        let full = Board::parse(csv).unwrap();
        let mut half = full.clone();
        for (cell, _) in full.clues().skip(1).step_by(2) {
            half = half.with_clue(cell, None).unwrap();
        }
        let givens = half
            .clues()
            .map(|(cell, value)| (half.index(cell), value))
            .collect();
        (half, givens)
    }

    #[test]
    fn the_check_after_one_placement_answers_as_the_whole_check() {
        let boards: [(&[u8], u64); 3] = [
            (
                include_bytes!("../../../examples/boards/scale/12x12_1.csv"),
                0,
            ),
            (
                include_bytes!("../../../examples/boards/classic_9x9.csv"),
                0,
            ),
            (
                include_bytes!("../../../examples/boards/scale/20x20_1.csv"),
                2,
            ),
        ];
        let mut compared = [0; 4];
        for (csv, seed) in boards {
            let (board, givens) = half_of(csv);
            let grid = grid_of(&board);
            let mut fill = Fill::new(&grid, board.cols(), &givens).unwrap();
            fill.compared = Some([0; 4]);
            (fill.seed, fill.budget) = (seed, 20_000);
            fill.run(&mut Tally::default(), &mut |_| true);
            for (count, more) in compared.iter_mut().zip(fill.compared.unwrap()) {
                *count += more;
            }
        }
        let [failed, passed, failed_among_several, passed_among_several] = compared;
        assert!(
            failed > 100 && passed > 1000 && failed_among_several > 100 && passed_among_several > 1000,
            "one region: {failed} failed, {passed} passed; several: {failed_among_several} failed, {passed_among_several} passed!"
        );
    }
}
