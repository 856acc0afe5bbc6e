//! Each cell's options: the values not placed yet that it may hold. A free
//! cell left with none can never be filled, and the fill fails there at
//! once.
//!
//! ```text
//! options(x) = | { v : x may hold v, v not placed } |
//! ```
//!
//! A placement of v takes one option from each cell that may hold v (its
//! holders) and an undo gives it back, so the counts are kept step by step
//! through the search. A start of hundreds of placements (a repair's) reads
//! them from the bits instead, once all its placements are in: a cell's
//! allowed values and the values placed, a word of 64 values at a time.

use super::Fill;

impl Fill<'_> {
    /// `value`, just placed, is no option of its holders any more: false
    /// if a free cell is left with none.
    pub(super) fn take_options(&mut self, value: u32) -> bool {
        let mut fits = true;
        for &holder in &self.holders[value as usize] {
            self.options[holder] -= 1;
            if self.options[holder] == 0 && self.value[holder] == 0 {
                fits = false;
            }
        }
        fits
    }

    /// `value`, about to be taken back, is an option of its holders again.
    pub(super) fn give_options_back(&mut self, value: u32) {
        for &holder in &self.holders[value as usize] {
            self.options[holder] += 1;
        }
    }

    /// Every cell's options counted from the bits: false if a free cell
    /// has none.
    pub(super) fn count_options(&mut self) -> bool {
        let placed = self.placed_values.words();
        let mut fits = true;
        for (cell, options) in self.options.iter_mut().enumerate() {
            *options = (self.grid.allowed_words(cell).iter())
                .zip(placed)
                .map(|(allowed, placed)| (allowed & !placed).count_ones())
                .sum();
            fits &= *options > 0 || self.value[cell] != 0;
        }
        fits
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{empty_grid, wander};
    use super::*;

    /// At each state of a random wander on an empty 3x4 board, the
    /// options kept step by step are the options counted from the bits.
    #[test]
    fn options_kept_step_by_step_are_the_options_counted_again() {
        let grid = empty_grid(3, 4);
        let mut fill = Fill::new(&grid, 4, &[]).unwrap();
        let mut deep = 0;
        wander(&mut fill, 3000, 11, |fill, step| {
            let kept = fill.options.clone();
            assert!(fill.count_options(), "step {step}");
            assert_eq!(kept, fill.options, "step {step}");
            deep += usize::from(fill.trail.len() >= 6);
        });
        assert!(deep > 500, "{deep} states with 6 values placed or more");
    }

    /// On an empty 3x3 board the five cells of the corners' colour hold the
    /// odd values and the other four the even ones. With the even values
    /// put in four corners (which no search would do), the four cells that
    /// may hold only even values have no option left, and the count says
    /// so; the free corner keeps its five odd values.
    #[test]
    fn a_free_cell_whose_values_are_all_placed_has_no_options() {
        let grid = empty_grid(3, 3);
        let mut fill = Fill::new(&grid, 3, &[]).unwrap();
        for (cell, value) in [(0, 2), (2, 4), (6, 6), (8, 8)] {
            fill.occupy(cell, value);
        }
        assert!(!fill.count_options());
        assert_eq!([1, 3, 5, 7].map(|cell| fill.options[cell]), [0; 4]);
        assert_eq!(fill.options[4], 5);
    }
}
