//! Rule 2, colour count: when T is odd, the odd values fill the corner
//! colour and the even values the other.
//!
//! Colour the grid as a checkerboard, cell (r, c) having colour
//! `(r + c) mod 2`; the corner (0, 0) has colour 0. Consecutive values sit
//! on neighbours, which differ in colour, so every value `k` has the colour
//! of value 1 when `k` is odd and the other colour when `k` is even. With T
//! odd there are (T + 1) / 2 odd values and (T - 1) / 2 even ones, and an
//! m x n grid with mn odd has (mn + 1) / 2 cells of colour 0 and (mn - 1) / 2
//! of colour 1. The odd values are one more than the even ones, so they need
//! the larger colour class: colour 0. Hence, in every solution,
//!
//! ```text
//! colour(c) = 0  =>  value(c) odd,      colour(c) = 1  =>  value(c) even.
//! ```
//!
//! With T even the two classes are equally large and either colour may hold
//! value 1, so the rule says nothing (rule 1 settles the parity once a cell
//! is fixed). It runs once, before the clues are fixed.

use super::agenda::Agenda;
use super::bits::parity_word;
use super::Domains;
use crate::board::Board;
use crate::precheck::Contradiction;

impl Domains {
    /// Rule 2 on every cell, when T is odd.
    pub(super) fn colour(
        &mut self,
        board: &Board,
        agenda: &mut Agenda,
    ) -> Result<(), Contradiction> {
        if board.total() % 2 == 1 {
            // Rule 2: odd values on the corner colour, even values on the other.
            let all_words = 0..self.words_per_cell;
            for cell in board.cells() {
                let parity = if cell.colour() == 0 { 1 } else { 0 };
                let index = board.index(cell);
                self.keep_only(board, index, all_words.clone(), agenda, |_| {
                    parity_word(parity)
                })?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The domains of an empty board after rule 2 alone.
    fn coloured(rows: usize, cols: usize) -> (Board, Domains) {
        let board = Board::empty(rows, cols).unwrap();
        let mut domains = Domains::all_values(&board);
        let mut agenda = Agenda::new(board.len());
        domains.colour(&board, &mut agenda).unwrap();
        (board, domains)
    }

    #[test]
    fn on_a_3x3_board_the_corner_colour_keeps_only_the_odd_values() {
        let (board, domains) = coloured(3, 3);
        for cell in board.cells().filter(|cell| cell.colour() == 0) {
            assert_eq!(domains.values(&board, cell), [1, 3, 5, 7, 9], "{cell}");
        }
    }

    #[test]
    fn on_a_3x3_board_the_other_colour_keeps_only_the_even_values() {
        let (board, domains) = coloured(3, 3);
        for cell in board.cells().filter(|cell| cell.colour() == 1) {
            assert_eq!(domains.values(&board, cell), [2, 4, 6, 8], "{cell}");
        }
    }

    #[test]
    fn on_a_2x2_board_t_is_even_and_the_colour_rule_removes_nothing() {
        // Value 1 may sit on either colour: 1-2-3-4 round the square starts
        // wherever it likes.
        let (board, domains) = coloured(2, 2);
        for cell in board.cells() {
            assert_eq!(domains.values(&board, cell), [1, 2, 3, 4], "{cell}");
        }
    }
}
