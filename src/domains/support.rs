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

use super::{Agenda, Domains};
use crate::board::Board;
use crate::precheck::Contradiction;

impl Domains {
    /// Rule 3 at one cell.
    pub(super) fn support(
        &mut self,
        board: &Board,
        index: usize,
        agenda: &mut Agenda,
    ) -> Result<(), Contradiction> {
        let words = self.words_per_cell;
        let total = self.total as usize;
        let cell = board.cell(index);
        // At most four neighbours: kept on the stack, as this runs for every
        // change in every shaving trial.
        let mut neighbour_cells = [0usize; 4];
        let mut count = 0;
        for neighbour in board.neighbours(cell) {
            neighbour_cells[count] = board.index(neighbour);
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
            // enters and leaves through different edges)...
            let mut keep = 0;
            for (i, entered) in before[..count].iter().enumerate() {
                for (j, left) in after[..count].iter().enumerate() {
                    if i != j {
                        keep |= entered & left;
                    }
                }
            }
            let any_before = before.iter().fold(0, |union, word| union | word);
            let any_after = after.iter().fold(0, |union, word| union | word);
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
