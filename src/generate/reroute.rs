//! A second solution near a removed clue, found by rerouting the known path
//! locally.
//!
//! A unique board loses its clue v at cell c. The known solution still
//! solves it; a second one, when there is one, often differs from it only
//! near c. So before any question about the whole board, the path is
//! re-routed inside a window: every cell outside the window keeps its value
//! in the known solution (as if it were a clue), and the cells inside must
//! take the values the known path gives them, in some other order, with c
//! not holding v. A window of whole path segments (from a clue some way
//! before v to one some way after) asks for another Hamiltonian path of
//! those cells between fixed ends, through the clues inside. Such a board is
//! nearly full, so the reduction and a short search answer it at once.
//!
//! A solution found this way keeps every clue of the board (they are all
//! clues of the windowed board too), and it is checked against the board
//! before it is handed out. Finding none proves nothing: the full question
//! is asked then.

use super::unique::solutions_excluding_within;
use crate::board::{Board, Cell};
use crate::check::{check_values, Solution};

/// How many clues on either side of the removed one each window reaches:
/// wider windows find more second solutions and cost more. The wide ones
/// are for clues the whole-board question left undecided.
pub(crate) const NARROW_WINDOWS: &[usize] = &[1, 2, 4];
pub(crate) const WIDE_WINDOWS: &[usize] = &[8, 16, 32];

/// Search nodes per open cell of a window.
const NODES_PER_WINDOW_CELL: u64 = 64;

/// A solution of `board` (a unique board that lost its clue `value` at
/// `cell`, with `known` its solution) other than `known`, found by
/// rerouting `known` inside windows around `value`; `None` if none turned
/// up within the windows' small budgets.
pub(crate) fn rerouted(
    board: &Board,
    known: &Solution,
    (cell, value): (Cell, u32),
    reaches: &[usize],
) -> Option<Solution> {
    let clue_values: Vec<u32> = board
        .clues_by_value()
        .into_iter()
        .map(|(value, _)| value)
        .collect();
    let path = known.path();
    let mut last_window = None;
    for &reach in reaches {
        let window = segment_window(&clue_values, value, reach, board.total());
        if last_window == Some(window) {
            continue; // the clues ran out: the same window again
        }
        last_window = Some(window);
        if let Some(other) = reroute_within(
            board,
            known,
            &path[window.0 as usize - 1..window.1 as usize],
            cell,
            value,
        ) {
            return Some(other);
        }
    }
    None
}

/// The values from the `reach`-th clue below `value` to the `reach`-th
/// above it (or to 1 and to `total` where the clues run out).
fn segment_window(clue_values: &[u32], value: u32, reach: usize, total: u32) -> (u32, u32) {
    let above = clue_values.partition_point(|&clue| clue < value);
    let low = above.checked_sub(reach).map_or(1, |at| clue_values[at]);
    let high = clue_values.get(above + reach - 1).copied().unwrap_or(total);
    (low, high)
}

/// Another solution of `board` that differs from `known` only in the
/// `window` cells and does not hold `value` at `cell`, if a short search of
/// the windowed board finds one; checked against `board`.
fn reroute_within(
    board: &Board,
    known: &Solution,
    window: &[Cell],
    cell: Cell,
    value: u32,
) -> Option<Solution> {
    let windowed = fixed_outside(board, known, window);
    let open_cells = window
        .iter()
        .filter(|&&inside| board.clue(inside).is_none())
        .count();
    let nodes = NODES_PER_WINDOW_CELL * open_cells as u64;
    let found = solutions_excluding_within(&windowed, &[(cell, value)], nodes);
    let other = found.into_iter().next()?;
    check_values(board, other.values().to_vec()).ok()
}

/// `board` with every cell outside `window` given its value in `known`.
fn fixed_outside(board: &Board, known: &Solution, window: &[Cell]) -> Board {
    let mut given: Vec<Option<u32>> = known.values().iter().map(|&value| Some(value)).collect();
    for &inside in window {
        given[board.index(inside)] = board.clue(inside);
    }
    Board::new(board.rows(), board.cols(), given).expect("values of a solution fit its board")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::unique::{other_without_clue, Uniqueness};

    #[test]
    fn a_window_reaches_from_clue_to_clue() {
        // The removed value is never among the clues left.
        let clues = [3, 10, 20, 40];
        assert_eq!(segment_window(&clues, 45, 1, 50), (40, 50));
        assert_eq!(segment_window(&clues, 15, 1, 50), (10, 20));
        assert_eq!(segment_window(&clues, 15, 2, 50), (3, 40));
        assert_eq!(segment_window(&clues, 15, 3, 50), (1, 50));
        assert_eq!(segment_window(&clues, 2, 1, 50), (1, 3));
    }

    #[test]
    fn a_rerouted_solution_is_another_checked_solution_that_keeps_the_clues() {
        // 1 . .      1 4 5
        // 6 . .  or  2 3 6 once the 6 is gone.
        let board = Board::parse(b"1,,\n,,\n").unwrap();
        let known = check_values(&board, vec![1, 2, 3, 6, 5, 4]).unwrap();
        let other =
            rerouted(&board, &known, (Cell::new(1, 0), 6), NARROW_WINDOWS).expect("a reroute");
        assert_ne!(other, known);
        assert_ne!(other.value(Cell::new(1, 0)), 6);
        assert_eq!(other.value(Cell::new(0, 0)), 1);
    }

    #[test]
    fn a_clue_that_can_go_has_no_reroute() {
        // 1 and 6 decide the 2x3 board; the 4 adds nothing.
        let board = Board::parse(b"1,,\n6,,4\n").unwrap();
        let known = check_values(&board, vec![1, 2, 3, 6, 5, 4]).unwrap();
        let without = board.with_clue(Cell::new(1, 2), None).unwrap();
        assert!(rerouted(&without, &known, (Cell::new(1, 2), 4), NARROW_WINDOWS).is_none());
        assert_eq!(
            other_without_clue(&without, Cell::new(1, 2), 4, None),
            Uniqueness::Unique
        );
    }

    #[test]
    fn every_reroute_of_a_generated_board_is_another_solution_with_the_other_clues() {
        let mut found = 0;
        for seed in 0..6 {
            let puzzle = crate::generate::Puzzle::generate(6, 6, 12, seed);
            let known = &puzzle.solution;
            for (cell, value) in puzzle.board.clues() {
                let without = puzzle.board.with_clue(cell, None).unwrap();
                let Some(other) = rerouted(&without, known, (cell, value), WIDE_WINDOWS) else {
                    continue;
                };
                found += 1;
                assert_ne!(
                    other.value(cell),
                    value,
                    "seed {seed}, clue {value} at {cell}"
                );
                for (kept, held) in without.clues() {
                    assert_eq!(other.value(kept), held);
                }
                assert_eq!(check_values(&without, other.values().to_vec()), Ok(other));
            }
        }
        assert!(found > 0, "no clue had a reroute");
    }
}
