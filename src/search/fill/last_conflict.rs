//! The last conflict (Lecoutre, Saïs, Tabary and Vidal, "Reasoning from
//! last conflict(s) in constraint programming", Artificial Intelligence
//! 173, 2009): once every cell of an open value has failed, the run goes
//! back, and from then on that value is chosen first, before the fewest
//! cells, until it is placed and its placement passes the tests. So after
//! each step back the value that failed is asked again at once: the run
//! goes back over the placements that did not cause the failure at the
//! cost of trying its few cells again at each, and stops at the first
//! after which the value fits, most likely the one that took what it
//! needed.
//!
//! Only a choice among values with two cells or more gives way to it: a
//! value with one cell left, or none, is still placed, or failed, first
//! (the fill's propagation). A conflict waits while its value is not open
//! (neither neighbour value placed), and a later failure does not replace
//! it until it is settled; each run starts without one.

use super::Fill;

impl Fill<'_> {
    /// Every cell of `value` failed: unless an earlier conflict waits, it
    /// is chosen first from now on.
    pub(super) fn note_conflict(&mut self, value: u32) {
        if self.conflict == 0 {
            self.conflict = value;
        }
    }

    /// `value` was placed and passed the tests: a conflict at it is settled.
    pub(super) fn settle_conflict(&mut self, value: u32) {
        if self.conflict == value {
            self.conflict = 0;
        }
    }

    /// The conflict's value, if one waits and is open now.
    pub(super) fn waiting_conflict(&self) -> Option<u32> {
        let value = self.conflict;
        if value == 0 {
            return None;
        }
        let open = !self.placed(value) && (self.placed(value - 1) || self.placed(value + 1));
        open.then_some(value)
    }
}

#[cfg(test)]
mod tests {
    use crate::search::fill::testing::empty_grid;
    use crate::search::fill::Fill;

    /// On an empty 5x5 board, 1 in the top left corner (cell 0) and 3 on
    /// the diagonal beside it (cell 6): 2 has two cells (1 and 5), the
    /// fewest, and 4 has more.
    const TWO_AND_FOUR_OPEN: [(usize, u32); 2] = [(0, 1), (6, 3)];

    #[test]
    fn the_value_with_the_fewest_cells_goes_first_without_a_conflict() {
        let grid = empty_grid(5, 5);
        let mut fill = Fill::new(&grid, 5, &TWO_AND_FOUR_OPEN).unwrap();
        assert_eq!(fill.frame().unwrap().value, 2);
    }

    #[test]
    fn a_value_whose_cells_all_failed_goes_before_the_fewest_cells() {
        let grid = empty_grid(5, 5);
        let mut fill = Fill::new(&grid, 5, &TWO_AND_FOUR_OPEN).unwrap();
        fill.note_conflict(4);
        let frame = fill.frame().unwrap();
        assert_eq!(frame.value, 4);
        assert!(frame.count > 2);
    }

    #[test]
    fn a_value_with_one_cell_goes_before_the_conflict() {
        // 3 two cells right of 1: 2 can only go between them.
        let grid = empty_grid(5, 5);
        let mut fill = Fill::new(&grid, 5, &[(0, 1), (2, 3)]).unwrap();
        fill.note_conflict(4);
        let frame = fill.frame().unwrap();
        assert_eq!((frame.value, frame.count), (2, 1));
    }

    #[test]
    fn a_conflict_waits_while_its_value_is_not_open_and_goes_once_settled() {
        let grid = empty_grid(5, 5);
        let mut fill = Fill::new(&grid, 5, &TWO_AND_FOUR_OPEN).unwrap();
        fill.note_conflict(10);
        assert_eq!(fill.waiting_conflict(), None, "9 and 11 are not placed");
        assert_eq!(fill.frame().unwrap().value, 2);
        fill.note_conflict(4);
        assert_eq!(
            fill.frame().unwrap().value,
            2,
            "the first conflict waits on"
        );
        fill.settle_conflict(10);
        fill.note_conflict(4);
        assert_eq!(fill.frame().unwrap().value, 4);
        fill.settle_conflict(4);
        assert_eq!(fill.frame().unwrap().value, 2);
    }
}
