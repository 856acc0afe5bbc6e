//! Rule 1, distance and parity to a fixed cell.
//!
//! A solution is a path through the grid that visits value `k` at step `k`,
//! moving to an orthogonal neighbour each step. If cell `d` holds `v` and
//! cell `c` holds `k`, the path goes from `d` to `c` in `|k - v|` steps; it
//! needs at least the Manhattan distance, and each step changes the
//! checkerboard colour, so the number of steps has the parity of that
//! distance:
//!
//! ```text
//! d holds v, c holds k  =>  |k - v| >= dist(c, d)  and  |k - v| = dist(c, d) (mod 2).
//! ```
//!
//! So once `d` is fixed (a clue, or by rule 4), every other cell `c` keeps
//! only the "ring" `{k : |k - v| >= dist(c, d), k = v + dist(c, d) (mod 2)}`
//! (`keep_ring`), and a fixed cell outside its ring is a contradiction.
//! Nothing else is assumed, so no solution loses a value.

use super::bits::{mask_up_to, parity_word};
use super::{Agenda, Domains};
use crate::board::Board;
use crate::precheck::Contradiction;

impl Domains {
    /// Rule 1 from a fixed cell: every other cell keeps only the values at
    /// the right distance and parity from it.
    pub(super) fn distance_from(
        &mut self,
        board: &Board,
        fixed_index: usize,
        agenda: &mut Agenda,
    ) -> Result<(), Contradiction> {
        let fixed_cell = board.cell(fixed_index);
        let value = self.fixed[fixed_index];
        for index in 0..board.len() {
            if index == fixed_index {
                continue;
            }
            let cell = board.cell(index);
            let distance = cell.distance(fixed_cell) as u32;
            match self.fixed[index] {
                // A decided cell needs only its one value tested, not its
                // whole bitset rewritten: this keeps boards with many clues
                // (a solution fed back as a board) at O(T^2), not O(T^3 / 64).
                0 => self.keep_ring(board, index, value, distance, agenda)?,
                held => {
                    let gap = held.abs_diff(value);
                    if gap < distance || !(gap - distance).is_multiple_of(2) {
                        return Err(Contradiction::NoValueFor { cell });
                    }
                }
            }
        }
        self.parity_settled = true;
        Ok(())
    }

    /// Keeps, in cell `index`, the values k with |k - v| >= d and of d's parity.
    fn keep_ring(
        &mut self,
        board: &Board,
        index: usize,
        value: u32,
        distance: u32,
        agenda: &mut Agenda,
    ) -> Result<(), Contradiction> {
        let total = self.total as i64;
        let (low, high) = (
            value as i64 - distance as i64,
            value as i64 + distance as i64,
        );
        if self.parity_settled {
            // Every domain keeps its one parity already, which is the ring's:
            // only the values strictly between low and high can go.
            let (first, last) = ((low + 1).max(1) as usize, (high - 1).min(total) as usize);
            if first > last {
                return Ok(());
            }
            let (first_word, last_word) = (first / 64, last / 64);
            return self.keep_only(board, index, first_word..last_word + 1, agenda, |w| {
                let from = if w == first_word { first % 64 } else { 0 };
                let to = if w == last_word { last % 64 } else { 63 };
                !((u64::MAX << from) & (u64::MAX >> (63 - to)))
            });
        }
        // Values of the ring share the parity of `low` (and of `high`).
        let parity = low.rem_euclid(2) as u32;
        self.keep_only(board, index, 0..self.words_per_cell, agenda, |w| {
            let base = (w * 64) as i64;
            let below = mask_up_to(low - base);
            let above = !mask_up_to(high - 1 - base);
            let in_range = if high <= total { below | above } else { below };
            in_range & parity_word(parity)
        })
    }
}
