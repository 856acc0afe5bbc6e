//! A puzzle with a given number of clues, N: from a unique start, clues
//! are removed as for a minimal board but only down to N; a start with
//! fewer than N clues gets random cells of the solution added (more clues
//! keep a board unique). When the removal gets stuck above N the attempt
//! has failed, and the caller tries another path (see `request.rs`), or
//! says how close it came.

use std::time::Instant;

use super::difficulty::Level;
use super::minimal::{add_clue, remove_clues, unique_start, Removing};
use super::{GenerateError, Rng};
use crate::board::{Board, Cell};
use crate::check::Solution;

/// A unique board of `solution` with `n` clues if this attempt gets there,
/// otherwise with as few as it could (more than `n`).
pub(crate) fn with_clues(
    n: usize,
    solution: &Solution,
    rng: &mut Rng,
    cap: Level,
    stop: Option<Instant>,
) -> Result<Board, GenerateError> {
    let mut board = unique_start(solution, rng);
    if board.clue_count() > n {
        remove_clues(
            &mut board,
            solution,
            rng,
            &mut Removing::for_generate(n, cap),
            stop,
        )?;
        return Ok(board);
    }
    let mut free: Vec<Cell> = board
        .cells()
        .filter(|&cell| board.clue(cell).is_none())
        .collect();
    rng.shuffle(&mut free);
    let missing = n - board.clue_count();
    for &cell in &free[..missing.min(free.len())] {
        board = add_clue(&board, solution, cell);
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::unique::{other_solution, Uniqueness};
    use crate::generate::Puzzle;

    #[test]
    fn many_clues_are_reached_exactly_and_stay_unique() {
        let solution = Puzzle::generate(6, 6, 0, 4).solution;
        for n in [20, 30, 36] {
            let board = with_clues(n, &solution, &mut Rng::new(2), Level::Search, None).unwrap();
            assert_eq!(board.clue_count(), n);
            assert_eq!(other_solution(&board, &solution, None), Uniqueness::Unique);
        }
    }

    #[test]
    fn too_few_clues_leave_the_board_above_the_target() {
        // No 6x6 board with one clue is unique.
        let solution = Puzzle::generate(6, 6, 0, 4).solution;
        let board = with_clues(1, &solution, &mut Rng::new(2), Level::Search, None).unwrap();
        assert!(board.clue_count() > 1);
    }
}
