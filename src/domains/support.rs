//! Rule 3, neighbour support.
//!
//! On the path, value `k` is entered from the cell of `k - 1` and left to the
//! cell of `k + 1`, both orthogonal neighbours of `k`'s cell, and different
//! cells (values sit in distinct cells). So
//!
//! ```text
//! c holds k, 1 < k < T  =>  neighbours a != b of c with a holding k - 1, b holding k + 1;
//! c holds 1             =>  a neighbour holds 2;
//! c holds T             =>  a neighbour holds T - 1.
//! ```
//!
//! A value of `c` with no such support is in no solution and goes. The check
//! runs word by word: shifting a neighbour's bitset up by one marks the `k`
//! whose `k - 1` it can hold, down by one those whose `k + 1` it can hold.
//! It is queued for a cell whenever one of its neighbours loses a value.

use super::agenda::Agenda;
use super::Domains;
use crate::board::Board;
use crate::precheck::Contradiction;

impl Domains {
    /// Rule 3 at one cell.
    // Inlined into both forms of `propagate` (timed or not): left to the
    // compiler, it became a call per step, and shaving ran more instructions.
    #[inline(always)]
    pub(super) fn support(
        &mut self,
        board: &Board,
        index: usize,
        agenda: &mut Agenda,
    ) -> Result<(), Contradiction> {
        let words = self.words_per_cell;
        let total = self.total as usize;
        // At most four neighbours: kept on the stack, as this runs for every
        // change in every shaving trial.
        let mut neighbour_cells = [0usize; 4];
        let mut count = 0;
        for neighbour in board.neighbour_indices(index) {
            neighbour_cells[count] = neighbour;
            count += 1;
        }
        let neighbours = &neighbour_cells[..count];
        let mut changed = false;
        for w in 0..words {
            if self.bits[index * words + w] == 0 {
                continue; // nothing here to lose
            }
            // For neighbour i: `before[i]` has bit k iff it can hold k - 1,
            // `after[i]` has bit k iff it can hold k + 1.
            let mut before = [0u64; 4];
            let mut after = [0u64; 4];
            for (i, &neighbour) in neighbours.iter().enumerate() {
                let held = self.words(neighbour);
                before[i] = (held[w] << 1) | if w > 0 { held[w - 1] >> 63 } else { 0 };
                after[i] = (held[w] >> 1) | if w + 1 < words { held[w + 1] << 63 } else { 0 };
            }
            // k needs k - 1 and k + 1 in two different neighbours (the path
            // enters and leaves through different edges): some neighbour
            // gives each, unless one neighbour alone gives both and no other
            // gives either. Counted bitwise, up to two, without branches.
            let (mut any_before, mut two_before) = (0, 0);
            let (mut any_after, mut two_after) = (0, 0);
            let mut both_in_one = 0;
            for i in 0..4 {
                two_before |= any_before & before[i];
                any_before |= before[i];
                two_after |= any_after & after[i];
                any_after |= after[i];
                both_in_one |= before[i] & after[i];
            }
            let one_only = !two_before & !two_after & both_in_one;
            let mut keep = any_before & any_after & !one_only;
            // ...but 1 needs only a successor and T only a predecessor.
            if w == 0 {
                keep |= (1 << 1) & any_after;
            }
            if w == total / 64 {
                keep |= (1 << (total % 64)) & any_before;
            }
            if total == 1 && w == 0 {
                keep |= 1 << 1; // a 1x1 board: the single value needs neither
            }
            let word = self.bits[index * words + w] & keep;
            changed |= self.narrow_word(index, w, word, &mut agenda.lonely)?;
        }
        if changed {
            self.changed(board, index, agenda)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Cell;

    /// Every value everywhere on an empty board, less `removed` (cell,
    /// value) pairs; then rule 3 once at `cell`, and nothing else.
    fn support_after(rows: usize, cols: usize, removed: &[(Cell, u32)], cell: Cell) -> Vec<u32> {
        let board = Board::empty(rows, cols).unwrap();
        let mut domains = Domains::all_values(&board);
        let mut agenda = Agenda::new(board.len());
        for &(at, value) in removed {
            domains
                .remove(&board, board.index(at), value, &mut agenda)
                .unwrap();
        }
        domains
            .support(&board, board.index(cell), &mut agenda)
            .unwrap();
        domains.values(&board, cell)
    }

    #[test]
    fn a_corner_whose_neighbours_cannot_hold_4_loses_3_and_5() {
        // 3 has no successor beside it, 5 no predecessor.
        let removed = [(Cell::new(0, 1), 4), (Cell::new(1, 0), 4)];
        let left = support_after(3, 3, &removed, Cell::new(0, 0));
        assert_eq!(left, [1, 2, 4, 6, 7, 8, 9]);
    }

    #[test]
    fn a_value_needs_its_predecessor_and_successor_in_two_different_neighbours() {
        // Only (0,1) can hold 4 and 6: the path cannot enter 5 from it and
        // leave 5 to it. 3 and 7 keep a neighbour each way.
        let removed = [(Cell::new(1, 0), 4), (Cell::new(1, 0), 6)];
        let left = support_after(3, 3, &removed, Cell::new(0, 0));
        assert_eq!(left, [1, 2, 3, 4, 6, 7, 8, 9]);
    }

    #[test]
    fn the_end_of_a_1x3_line_keeps_1_and_3_but_not_2() {
        // One neighbour: enough for 1 (a successor) and T (a predecessor),
        // not for 2, which needs both.
        let left = support_after(1, 3, &[], Cell::new(0, 0));
        assert_eq!(left, [1, 3]);
    }

    #[test]
    fn a_1x1_board_keeps_its_only_value() {
        let left = support_after(1, 1, &[], Cell::new(0, 0));
        assert_eq!(left, [1]);
    }
}
