//! The region check after one placement, when the free cells are one
//! region before and after it: only what the placement changed is looked
//! at.
//!
//! Say the check passed on the state before, with the free cells all in
//! one region R, and value p now fills cell c without splitting R. Then
//! every gap had R as its one region (each found one), so each brought
//! its cells to R alone, and R's counts matched them colour by colour:
//!
//! ```text
//! cells(R, colour) = forced(R, colour) = possible(R, colour) = sum over gaps of their cells of that colour
//! ```
//!
//! Placing p takes one cell of c's colour off R and one value of that
//! colour off the gap g it extends (the values of a gap alternate colours
//! as its cells do), so the counts still match, and the exact sums hold
//! (R's cells are what the gaps that can only go there bring). What can
//! fail is:
//!
//! - *the ways into R*: a gap whose end lost its last free neighbour has no
//!   region. Only the ends at c or beside it lost a neighbour.
//! - *short gaps*: asked as the whole check asks them.
//! - *reach*: the gaps other than g reach what they reached; g, one value
//!   shorter from c, reaches a part of what it reached from its old end e
//!   (d(e, x) <= 1 + d(c, x)), so only the free cells in the band
//!
//!   ```text
//!   d(e, x) + d(x, f) <= span      and      d(c, x) + d(x, f) > span - 1
//!   ```
//!
//!   (f being g's other end; a stretch with one placed end reaches the
//!   cells x with d(e, x) <= its length) may have lost the only gap that
//!   reached them, and only they are asked.
//!
//! So the answer is the whole check's, at a fraction of its work. Which
//! states passed with one region is kept as a stack of trail lengths,
//! cut back at each undo.

use super::reach::Reach;
use super::regions::Gap;
use super::Fill;

impl Fill<'_> {
    /// Did the state one placement back pass the check with one region?
    pub(super) fn passed_one_placement_back(&self) -> bool {
        self.one_region_passes.last() == Some(&(self.trail.len() - 1))
    }

    /// The check passed on this state, with one region.
    pub(super) fn passed_with_one_region(&mut self) {
        self.one_region_passes.push(self.trail.len());
    }

    /// The trail went back: passes of states beyond it no longer hold.
    pub(super) fn forget_passes_beyond_trail(&mut self) {
        while self
            .one_region_passes
            .last()
            .is_some_and(|&length| length > self.trail.len())
        {
            self.one_region_passes.pop();
        }
    }

    /// The region check after one placement, the free cells being one
    /// region before and after it (see the module's comment), the labels
    /// being up to date. None when that is not so, or the placement did not
    /// extend a gap from one of its ends: the whole check is needed.
    pub(super) fn one_region_fits(&mut self) -> Option<bool> {
        if self.regions.len() != 1 || !self.passed_one_placement_back() {
            return None;
        }
        let value = *self.trail.last().expect("a placed value");
        let (old, new) = self.extended_gap(value)?;
        let cell = self.position[value as usize];
        let mut gaps = std::mem::take(&mut self.gaps);
        self.find_gaps(&mut gaps);
        let fits = self.ends_keep_a_way_in(cell)
            && gaps.iter().all(|gap| self.short_gap_fits(gap, Some(cell)))
            && {
                self.reaches.clear();
                for gap in &gaps {
                    let reach = self.reach_of(gap);
                    self.reaches.push(reach);
                }
                self.band_in_reach(&old, new.as_ref())
            };
        self.gaps = gaps;
        Some(fits)
    }

    /// The reach of `gap` over region 0, its one region.
    fn reach_of(&self, gap: &Gap) -> Reach {
        match (gap.low, gap.high) {
            (Some(low), Some(high)) => {
                let ends = (self.coordinates[low], self.coordinates[high]);
                Reach::between(0, ends, gap.length, true)
            }
            (Some(end), None) | (None, Some(end)) => {
                Reach::from_end(0, self.coordinates[end], gap.length, true)
            }
            (None, None) => unreachable!("a gap has a placed end"),
        }
    }

    /// The reach of the gap that placing `value` extended, before and after
    /// (None after, when it filled the gap); None if `value` was placed
    /// away from both neighbour values.
    fn extended_gap(&self, value: u32) -> Option<(Reach, Option<Reach>)> {
        let cell = self.position[value as usize];
        let (below, above) = (self.placed(value - 1), self.placed(value + 1));
        let gap = |low: Option<usize>, high: Option<usize>, length: u32| Gap { low, high, length };
        let (old, new) = match (below, above) {
            (true, true) => {
                let (low, high) = (
                    self.position[value as usize - 1],
                    self.position[value as usize + 1],
                );
                (gap(Some(low), Some(high), 1), None)
            }
            (true, false) => {
                let next = self.placed_values.next_placed(value + 1);
                let high = (next <= self.total).then(|| self.position[next as usize]);
                let length = next - value;
                let low = self.position[value as usize - 1];
                (
                    gap(Some(low), high, length),
                    Some(gap(Some(cell), high, length - 1)),
                )
            }
            (false, true) => {
                let last = self.placed_values.last_placed(value - 1);
                let low = (last > 0).then(|| self.position[last as usize]);
                let length = value - last;
                let high = self.position[value as usize + 1];
                (
                    gap(low, Some(high), length),
                    Some(gap(low, Some(cell), length - 1)),
                )
            }
            (false, false) => return None,
        };
        Some((
            self.reach_of(&old),
            new.as_ref().map(|gap| self.reach_of(gap)),
        ))
    }

    /// Every placed cell at `cell` or beside it that is still the end of a
    /// gap has a free neighbour.
    fn ends_keep_a_way_in(&self, cell: usize) -> bool {
        std::iter::once(cell)
            .chain(self.grid.neighbours(cell).iter().copied())
            .filter(|&x| self.value[x] != 0 && self.loose(x))
            .all(|x| self.grid.neighbours(x).iter().any(|&n| self.value[n] == 0))
    }

    /// Every free cell that `old` reached and `new` does not is within
    /// reach of one of the gaps (`self.reaches`).
    fn band_in_reach(&self, old: &Reach, new: Option<&Reach>) -> bool {
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
                    if self.value[x] == 0
                        && !self
                            .reaches
                            .iter()
                            .any(|reach| reach.reaches_cell(self.coordinates[x]))
                    {
                        return false;
                    }
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::grid_of;
    use super::*;
    use crate::board::Board;
    use crate::scramble::scramble;

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

    /// A search that places open values in their cells at random, going
    /// back at random and wherever the whole check fails; after each
    /// placement from a state that passed with one region, the answer
    /// after one placement is compared with the whole check's. The counts
    /// of answers compared: failed at an end, failed elsewhere, passed.
    fn compare_on(board: &Board, givens: &[(usize, u32)], seed: u64) -> [usize; 3] {
        let grid = grid_of(board);
        let mut fill = Fill::new(&grid, board.cols(), givens).unwrap();
        let mut answers = [0; 3];
        for step in 0..20_000 {
            let draw = scramble(step, seed) as usize;
            let open: Vec<u32> = (1..=fill.total)
                .filter(|&v| !fill.placed(v) && (fill.placed(v - 1) || fill.placed(v + 1)))
                .collect();
            let (value, (cells, count)) = match open.get(draw / 7 % open.len().max(1)) {
                Some(&value) => (value, fill.candidates(value)),
                None => (0, ([0; 4], 0)),
            };
            if count == 0 || (fill.trail.len() > fill.given + 1 && draw.is_multiple_of(7)) {
                if fill.trail.len() > fill.given {
                    fill.undo();
                }
                continue;
            }
            let cell = cells[draw / 31 % count as usize];
            fill.place(cell, value);
            fill.update_labels();
            let after_one = fill.one_region_fits();
            let whole = fill.whole_check();
            if let Some(after_one) = after_one {
                assert_eq!(
                    after_one, whole,
                    "seed {seed}, step {step}: {:?}",
                    fill.trail
                );
                let at_an_end = !fill.ends_keep_a_way_in(cell);
                answers[if whole { 2 } else { usize::from(!at_an_end) }] += 1;
            }
            if whole && fill.regions.len() == 1 {
                fill.passed_with_one_region();
            }
            if !whole {
                fill.undo();
            }
        }
        answers
    }

    #[test]
    fn the_check_after_one_placement_answers_as_the_whole_check() {
        let mut answers = [0; 3];
        let boards: [&[u8]; 2] = [
            include_bytes!("../../../examples/boards/scale/12x12_1.csv"),
            include_bytes!("../../../examples/boards/classic_9x9.csv"),
        ];
        for (seed, csv) in boards.into_iter().enumerate() {
            let (board, givens) = half_of(csv);
            for (count, more) in answers
                .iter_mut()
                .zip(compare_on(&board, &givens, seed as u64))
            {
                *count += more;
            }
        }
        let [at_an_end, elsewhere, passed] = answers;
        assert!(
            at_an_end > 100 && elsewhere > 100 && passed > 1000,
            "{at_an_end} failed at an end, {elsewhere} elsewhere, {passed} passed!"
        );
    }
}
