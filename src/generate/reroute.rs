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
//!
//! Where the board is sparse, the other solution often moves two strands
//! of the path at once: the piece through c and a piece of the path that
//! runs beside it, far away in value order, trade cells. One window of
//! consecutive values cannot see that, so two more kinds of window are
//! unions of segments: [`rerouted_beside`] pairs the segment through c
//! with each segment passing next to it, and [`rerouted_through`] takes the
//! segments of the cells whose known value the reduction of the question
//! has ruled out (every other solution moves those cells).
//!
//! Windows by value miss the other solutions that move several strands
//! near c at once. [`rerouted_around`] takes a window by place instead:
//! every cell within a distance of c, whatever pieces of the path pass
//! through them. Its strands are re-routed together, between the cells
//! where the path enters and leaves the window.

use std::time::Instant;

use super::unique::{
    solutions_excluding_within, solutions_guided, verdict, Expect, Narrowed, Uniqueness,
};
use crate::board::{Board, Cell};
use crate::check::{check_values, Solution};
use crate::domains::Domains;

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
    let clue_values = clue_values(board);
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

/// How far from the freed cell [`rerouted_beside`] looks for strands: the
/// other strand passes within this distance of it, or next to a cell of the
/// segment through it.
const STRAND_RADIUS: usize = 3;

/// Reaches of the segment through the freed cell in [`rerouted_beside`].
const BESIDE_REACHES: &[usize] = &[1, 2];

/// Reaches of the segments in [`rerouted_through`].
pub(crate) const THROUGH_REACHES: &[usize] = &[1, 2, 4];

/// A solution of `board` other than `known` (as for [`rerouted`]) that
/// reroutes the segment through `value` together with one segment passing
/// beside it: cells near `cell`, or next to the segment, give the strands.
pub(crate) fn rerouted_beside(
    board: &Board,
    known: &Solution,
    (cell, value): (Cell, u32),
) -> Option<Solution> {
    let clue_values = clue_values(board);
    let path = known.path();
    let total = board.total();
    let mut tried = Vec::new();
    for &reach in BESIDE_REACHES {
        let main = segment_window(&clue_values, value, reach, total);
        let segment = &path[main.0 as usize - 1..main.1 as usize];
        let beside = board.cells().filter(|&other| {
            other.distance(cell) <= STRAND_RADIUS
                || segment.iter().any(|&inside| inside.distance(other) == 1)
        });
        for other in beside {
            let strand = segment_window(&clue_values, known.value(other), 1, total);
            let pair = [main, strand];
            if main == strand || tried.contains(&pair) {
                continue;
            }
            tried.push(pair);
            let window = cells_of(board, &path, &pair);
            if let Some(found) = reroute_within(board, known, &window, cell, value) {
                return Some(found);
            }
        }
    }
    None
}

/// A solution of `board` other than `known` (as for [`rerouted`]) found by
/// rerouting the segments through every cell whose value in `known` the
/// `domains` of the question (sound for every other solution) rule out.
pub(crate) fn rerouted_through(
    board: &Board,
    known: &Solution,
    (cell, value): (Cell, u32),
    domains: &Domains,
) -> Option<Solution> {
    let moved: Vec<u32> = board
        .cells()
        .filter(|&other| other != cell && !domains.allows(board, other, known.value(other)))
        .map(|other| known.value(other))
        .collect();
    if moved.is_empty() {
        return None; // the windows of `rerouted` again
    }
    let clue_values = clue_values(board);
    let path = known.path();
    let mut last = Vec::new();
    for &reach in THROUGH_REACHES {
        let mut windows: Vec<(u32, u32)> = std::iter::once(value)
            .chain(moved.iter().copied())
            .map(|centre| segment_window(&clue_values, centre, reach, board.total()))
            .collect();
        windows.sort_unstable();
        windows.dedup();
        if windows == last {
            continue;
        }
        let window = cells_of(board, &path, &windows);
        if let Some(found) = reroute_within(board, known, &window, cell, value) {
            return Some(found);
        }
        last = windows;
    }
    None
}

/// Radii of the windows of [`rerouted_around`]: a disk of radius r holds
/// about 2r^2 cells.
const AROUND_RADII: &[usize] = &[3, 6, 10];

/// A solution of `board` other than `known` (as for [`rerouted`]) that
/// re-routes every strand of the path near `cell` at once: the window is
/// the cells within each of [`AROUND_RADII`] (Manhattan distance) of it.
pub(crate) fn rerouted_around(
    board: &Board,
    known: &Solution,
    (cell, value): (Cell, u32),
) -> Option<Solution> {
    let mut last_size = 0;
    for &radius in AROUND_RADII {
        let window: Vec<Cell> = board
            .cells()
            .filter(|&other| other.distance(cell) <= radius)
            .collect();
        if window.len() == last_size {
            continue; // the last disk held the whole board already
        }
        last_size = window.len();
        if let Some(found) = reroute_within(board, known, &window, cell, value) {
            return Some(found);
        }
    }
    None
}

/// The clues' values, ascending.
fn clue_values(board: &Board) -> Vec<u32> {
    board
        .clues_by_value()
        .into_iter()
        .map(|(value, _)| value)
        .collect()
}

/// The cells of `path` holding the values of any of `windows`, each once.
fn cells_of(board: &Board, path: &[Cell], windows: &[(u32, u32)]) -> Vec<Cell> {
    let mut seen = vec![false; board.len()];
    let mut cells = Vec::new();
    for &(low, high) in windows {
        for &inside in &path[low as usize - 1..high as usize] {
            if !std::mem::replace(&mut seen[board.index(inside)], true) {
                cells.push(inside);
            }
        }
    }
    cells
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

/// As [`other_without_clue`], the search after shaving taking at most
/// `nodes_per_cell` nodes per cell, with `known` (the board's solution
/// with the clue) guiding reroutes once the domains are narrowed: the
/// strands beside the freed cell after the probes, and the cells whose
/// known value the domains rule out, after the probes and after shaving.
pub(crate) fn other_without_clue_within(
    board: &Board,
    known: &Solution,
    (cell, value): (Cell, u32),
    nodes_per_cell: u64,
    stop: Option<Instant>,
) -> Uniqueness {
    // Nothing before the probes: the windows around the clue came first.
    let through = |domains: &Domains| rerouted_through(board, known, (cell, value), domains);
    let mut guide = |domains: &Domains, narrowed| match narrowed {
        Narrowed::Reduced => None,
        Narrowed::Probed => {
            rerouted_beside(board, known, (cell, value)).or_else(|| through(domains))
        }
        Narrowed::Shaved => through(domains),
    };
    let question = (1, Expect::Either);
    let found = solutions_guided(
        board,
        &[(cell, value)],
        question,
        nodes_per_cell,
        stop,
        &mut guide,
    );
    verdict(found)
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
        assert!(rerouted_around(&without, &known, (Cell::new(1, 2), 4)).is_none());
        assert_eq!(
            other_without_clue(&without, Cell::new(1, 2), 4, None),
            Uniqueness::Unique
        );
    }

    /// Asserts that `other` solves `without` (which lost `value` at `cell`)
    /// and moves that value.
    fn assert_another(without: &Board, other: &Solution, (cell, value): (Cell, u32)) {
        assert_ne!(other.value(cell), value, "clue {value} at {cell}");
        for (kept, held) in without.clues() {
            assert_eq!(other.value(kept), held);
        }
        assert_eq!(
            check_values(without, other.values().to_vec()),
            Ok(other.clone())
        );
    }

    /// Each clue of the generated `side` x `side` puzzles with `clues`
    /// clues (seeds `0..seeds`) taken away in turn: the board without it,
    /// the puzzle's solution, and the clue.
    fn removals(side: usize, clues: usize, seeds: u64) -> Vec<(Board, Solution, (Cell, u32))> {
        let mut removals = Vec::new();
        for seed in 0..seeds {
            let puzzle = crate::generate::Puzzle::generate(side, side, clues, seed);
            for clue in puzzle.board.clues() {
                let without = puzzle.board.with_clue(clue.0, None).unwrap();
                removals.push((without, puzzle.solution.clone(), clue));
            }
        }
        removals
    }

    #[test]
    fn reroutes_of_two_strands_are_other_solutions_with_the_other_clues() {
        let (mut beside, mut through) = (0, 0);
        for (without, known, clue) in removals(7, 14, 8) {
            if let Some(other) = rerouted_beside(&without, &known, clue) {
                beside += 1;
                assert_another(&without, &other, clue);
            }
            let Ok(domains) =
                Domains::reduce_by(&without, crate::domains::Rules::AllDifferent, &[clue], None)
            else {
                continue;
            };
            if let Some(other) = rerouted_through(&without, &known, clue, &domains) {
                through += 1;
                assert_another(&without, &other, clue);
            }
        }
        assert!(
            beside > 0 && through > 0,
            "{beside} beside, {through} through"
        );
    }

    #[test]
    fn a_disk_around_the_freed_cell_finds_other_solutions_the_value_windows_miss() {
        let mut around = 0;
        for (without, known, clue) in removals(8, 14, 8) {
            if rerouted(&without, &known, clue, NARROW_WINDOWS).is_some() {
                continue;
            }
            if let Some(other) = rerouted_around(&without, &known, clue) {
                around += 1;
                assert_another(&without, &other, clue);
            }
        }
        assert!(around > 0, "no disk found what the value windows missed");
    }

    #[test]
    fn every_reroute_of_a_generated_board_is_another_solution_with_the_other_clues() {
        let mut found = 0;
        for (without, known, clue) in removals(6, 12, 6) {
            if let Some(other) = rerouted(&without, &known, clue, WIDE_WINDOWS) {
                found += 1;
                assert_another(&without, &other, clue);
            }
        }
        assert!(found > 0, "no clue had a reroute");
    }
}
