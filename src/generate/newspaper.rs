//! The newspaper pattern: every other border cell given (the corners and
//! each second cell between them, as in examples/boards/border_9x9.csv),
//! then clues added where two solutions differ until the board is unique.
//!
//! Each round asks the pipeline for a solution other than the path the
//! puzzle was made from; a cell where that solution differs from the path
//! gets the path's value as a clue, which rules the other solution out.

use std::time::Instant;

use super::difficulty::{decides, Level};
use super::minimal::{add_clue, board_with};
use super::unique::{other_solution, Uniqueness};
use super::{GenerateError, Rng};
use crate::board::{Board, Cell};
use crate::check::Solution;
use crate::domains::Domains;

/// The border cells whose row and column add up to an even number: every
/// other cell along the border, starting from the top-left corner.
pub fn pattern(rows: usize, cols: usize) -> Vec<Cell> {
    let on_border =
        |row: usize, col: usize| row == 0 || col == 0 || row + 1 == rows || col + 1 == cols;
    (0..rows)
        .flat_map(|row| (0..cols).map(move |col| Cell::new(row, col)))
        .filter(|cell| on_border(cell.row, cell.col) && (cell.row + cell.col) % 2 == 0)
        .collect()
}

/// The newspaper board of `solution`: the pattern, then clues where
/// another solution differs, until it is unique; then, with `cap` below
/// [`Level::Search`], clues where the reduction of that level leaves cells
/// open, until it decides the board.
pub(crate) fn newspaper(
    solution: &Solution,
    rng: &mut Rng,
    cap: Level,
    stop: Option<Instant>,
) -> Result<Board, GenerateError> {
    let mut board = board_with(solution, &pattern(solution.rows(), solution.cols()));
    loop {
        match other_solution(&board, solution, stop) {
            Uniqueness::Unique => break,
            Uniqueness::Unknown => return Err(GenerateError::unknown(stop)),
            Uniqueness::Another(other) => {
                let differ: Vec<Cell> = board
                    .cells()
                    .filter(|&cell| other.value(cell) != solution.value(cell))
                    .collect();
                let cell = differ[rng.below(differ.len())];
                board = add_clue(&board, solution, cell);
            }
        }
    }
    while let Some(rules) = cap.rules() {
        if decides(&board, cap, stop) {
            break;
        }
        let domains = Domains::reduce_by(&board, rules, &[], stop)
            .expect("the board of a solution has that solution");
        let open: Vec<Cell> = board
            .cells()
            .filter(|&cell| domains.size(&board, cell) > 1)
            .collect();
        board = add_clue(&board, solution, open[rng.below(open.len())]);
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Puzzle;

    #[test]
    fn the_pattern_of_a_9x9_is_that_of_the_border_board() {
        let board = Board::read("examples/boards/border_9x9.csv".as_ref()).unwrap();
        let clued: Vec<Cell> = board.clues().map(|(cell, _)| cell).collect();
        assert_eq!(pattern(9, 9), clued);
    }

    #[test]
    fn a_newspaper_board_keeps_the_pattern_and_is_unique() {
        for seed in 0..10 {
            let solution = Puzzle::generate(7, 7, 0, seed).solution;
            let board = newspaper(&solution, &mut Rng::new(seed), Level::Search, None).unwrap();
            for cell in pattern(7, 7) {
                assert_eq!(board.clue(cell), Some(solution.value(cell)));
            }
            assert_eq!(other_solution(&board, &solution, None), Uniqueness::Unique);
        }
    }
}
