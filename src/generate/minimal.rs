//! Minimal clue sets: clues removed in random order while the board stays
//! unique, until no single clue can go.
//!
//! One pass is enough. Removing clues only adds solutions, so a clue whose
//! removal once let a second solution in still does after later removals:
//! a clue that had to stay when it was tried has to stay at the end, and
//! the pass leaves a set from which no single clue can go.
//!
//! The pass starts from a unique set smaller than the whole solution:
//! clues are added at random among the cells the reduction leaves open
//! until it decides every cell. Each clue tried costs one uniqueness
//! question, so starting from a third of the cells instead of all of them
//! saves two thirds of the questions, and the easiest ones at that.

use std::time::Instant;

use super::difficulty::{decides, Level};
use super::reroute::{
    other_without_clue_within, rerouted, rerouted_around, NARROW_WINDOWS, WIDE_WINDOWS,
};
use super::unique::{Uniqueness, SEARCH_NODES_PER_CELL};
use super::{GenerateError, Rng};
use crate::board::{Board, Cell};
use crate::check::Solution;
use crate::domains::{Domains, Rules};

/// The board of `solution` with the clues at `cells`.
pub(crate) fn board_with(solution: &Solution, cells: &[Cell]) -> Board {
    let (rows, cols) = (solution.rows(), solution.cols());
    let mut given = vec![None; rows * cols];
    for &cell in cells {
        given[cell.row * cols + cell.col] = Some(solution.value(cell));
    }
    Board::new(rows, cols, given).expect("values of a solution are distinct and in 1..T")
}

/// Adds `cell` of `solution` to `board` as a clue.
pub(crate) fn add_clue(board: &Board, solution: &Solution, cell: Cell) -> Board {
    board
        .with_clue(cell, Some(solution.value(cell)))
        .expect("a value of the solution fits its board")
}

/// How hard one clue's question is tried: the windows of the reroute, and
/// the search's nodes per cell after shaving.
struct Effort {
    windows: &'static [usize],
    nodes_per_cell: u64,
}

/// A clue's first question: one the search cannot settle cheaply is asked
/// again after the others, with wide windows and the full budget.
const FIRST_TRY: Effort = Effort {
    windows: NARROW_WINDOWS,
    nodes_per_cell: 20,
};
const RETRY: Effort = Effort {
    windows: WIDE_WINDOWS,
    nodes_per_cell: SEARCH_NODES_PER_CELL,
};

/// A unique board of `solution`: clues are added, a quarter of the open
/// cells at a time (at random), until rules 1-5 of the reduction decide
/// every cell.
pub(crate) fn unique_start(solution: &Solution, rng: &mut Rng) -> Board {
    let mut board = board_with(solution, &[]);
    loop {
        let domains = Domains::reduce_by(&board, Rules::AllDifferent, &[], None)
            .expect("the board of a solution has that solution");
        let mut open: Vec<Cell> = board
            .cells()
            .filter(|&cell| domains.size(&board, cell) > 1)
            .collect();
        if open.is_empty() {
            return board;
        }
        rng.shuffle(&mut open);
        for &cell in &open[..open.len().div_ceil(4)] {
            board = add_clue(&board, solution, cell);
        }
    }
}

/// What [`remove_clues`] does with a clue whose question is still past the
/// search's node budget when it is asked again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum WhenUndecided {
    /// Gives the attempt up ([`GenerateError::Undecided`]): `generate`
    /// tries another path.
    GiveUp,
    /// Keeps the clue and tries the others: `minimize` has one board.
    KeepClue,
}

/// How far `minimize` has got: told after each clue's question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Asked {
    /// Questions asked so far (a clue past the node budget at first is
    /// asked a second time, after the others).
    pub questions: usize,
    /// Clues removed so far.
    pub removed: usize,
}

/// How [`remove_clues`] goes about it.
pub(crate) struct Removing<'a> {
    /// It stops at this many clues.
    pub floor: usize,
    /// A clue goes only if the board stays at this level or below.
    pub cap: Level,
    pub when_undecided: WhenUndecided,
    /// Told after each question, if anyone.
    pub asked: Option<&'a mut dyn FnMut(Asked)>,
}

impl Removing<'_> {
    /// Down to `floor` clues within `cap`, giving up at a clue undecided
    /// twice, telling no one: what `generate` asks.
    pub(crate) fn for_generate(floor: usize, cap: Level) -> Removing<'static> {
        Removing {
            floor,
            cap,
            when_undecided: WhenUndecided::GiveUp,
            asked: None,
        }
    }
}

/// Removes clues of `board` (unique, with `solution`) in random order while
/// it stays unique and no harder than `removing.cap`, stopping at
/// `removing.floor` clues. With a cap below [`Level::Search`] a clue goes
/// only if the reduction of that level still decides the board (which also
/// proves it unique).
///
/// A clue whose question is past the search's node budget is asked again
/// after the others: by then the board has fewer clues, which makes a
/// second solution easier to find. One still undecided then gives the
/// attempt up at once with [`WhenUndecided::GiveUp`] (the retries left
/// would cost as much, and the attempt cannot end proved minimal without
/// it), or stays on the board with [`WhenUndecided::KeepClue`]: the clues
/// kept so are counted in the answer.
///
/// On an error (the time limit, a question undecided) `board` keeps the
/// clues removed so far: it is still unique, with `solution`.
pub(crate) fn remove_clues(
    board: &mut Board,
    solution: &Solution,
    rng: &mut Rng,
    removing: &mut Removing,
    stop: Option<Instant>,
) -> Result<usize, GenerateError> {
    let before = board.clue_count();
    let mut order: Vec<(Cell, u32)> = board.clues().collect();
    rng.shuffle(&mut order);
    let (floor, when_undecided) = (removing.floor, removing.when_undecided);
    let mut questions = 0;
    // Asks whether `clue` can go, and removes it if so: true if the
    // question was past the node budget.
    let mut undecided_after = |board: &mut Board, clue, effort: &Effort| {
        let undecided = match try_removing(board, solution, clue, removing.cap, effort, stop)? {
            Removal::Goes(without) => {
                *board = without;
                false
            }
            Removal::Stays => false,
            Removal::Undecided => true,
        };
        questions += 1;
        if let Some(asked) = removing.asked.as_mut() {
            let removed = before - board.clue_count();
            asked(Asked { questions, removed });
        }
        Ok::<_, GenerateError>(undecided)
    };
    let mut undecided = Vec::new();
    for clue in order {
        if board.clue_count() <= floor {
            return Ok(0);
        }
        if undecided_after(board, clue, &FIRST_TRY)? {
            undecided.push(clue);
        }
    }
    let mut kept_undecided = 0;
    for clue in undecided {
        if board.clue_count() <= floor {
            break;
        }
        if undecided_after(board, clue, &RETRY)? {
            match when_undecided {
                WhenUndecided::GiveUp => return Err(GenerateError::Undecided),
                WhenUndecided::KeepClue => kept_undecided += 1,
            }
        }
    }
    Ok(kept_undecided)
}

/// What asking to remove one clue found.
enum Removal {
    /// The clue can go: the board without it.
    Goes(Board),
    /// The board without it has a second solution (or is past `cap`).
    Stays,
    /// The search's node budget ran out first.
    Undecided,
}

/// Can the clue `value` at `cell` go from `board` (unique, with
/// `solution`)? A second solution near the clue is looked for first
/// ([`rerouted`] by value, then [`rerouted_around`] by place): far cheaper
/// than any question about the whole board.
fn try_removing(
    board: &Board,
    solution: &Solution,
    (cell, value): (Cell, u32),
    cap: Level,
    effort: &Effort,
    stop: Option<Instant>,
) -> Result<Removal, GenerateError> {
    if stop.is_some_and(|stop| Instant::now() >= stop) {
        return Err(GenerateError::TimeLimit);
    }
    let without = board
        .with_clue(cell, None)
        .expect("a board without one clue is a board");
    if cap < Level::Search {
        return Ok(match decides(&without, cap, stop) {
            true => Removal::Goes(without),
            false => Removal::Stays,
        });
    }
    if rerouted(&without, solution, (cell, value), effort.windows)
        .or_else(|| rerouted_around(&without, solution, (cell, value)))
        .is_some()
    {
        return Ok(Removal::Stays);
    }
    Ok(
        match other_without_clue_within(
            &without,
            solution,
            (cell, value),
            effort.nodes_per_cell,
            stop,
        ) {
            Uniqueness::Unique => Removal::Goes(without),
            Uniqueness::Another(_) => Removal::Stays,
            Uniqueness::Unknown if stop.is_some_and(|stop| Instant::now() >= stop) => {
                return Err(GenerateError::TimeLimit)
            }
            Uniqueness::Unknown => Removal::Undecided,
        },
    )
}

/// A minimal board of `solution`: from [`unique_start`], every clue that
/// can go (within `cap`) removed.
pub(crate) fn minimal(
    solution: &Solution,
    rng: &mut Rng,
    cap: Level,
    stop: Option<Instant>,
) -> Result<Board, GenerateError> {
    let mut board = unique_start(solution, rng);
    remove_clues(
        &mut board,
        solution,
        rng,
        &mut Removing::for_generate(0, cap),
        stop,
    )?;
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::unique::other_solution;
    use crate::generate::{random_path, Puzzle};

    fn solution(rows: usize, cols: usize, seed: u64) -> Solution {
        Puzzle::generate(rows, cols, 0, seed).solution
    }

    #[test]
    fn the_start_is_unique() {
        for seed in 0..10 {
            let solution = solution(6, 7, seed);
            let board = unique_start(&solution, &mut Rng::new(seed));
            assert_eq!(other_solution(&board, &solution, None), Uniqueness::Unique);
        }
    }

    #[test]
    fn no_clue_of_a_minimal_board_can_go() {
        for seed in 0..5 {
            let solution = solution(6, 6, seed);
            let board = minimal(&solution, &mut Rng::new(seed), Level::Search, None).unwrap();
            assert_eq!(other_solution(&board, &solution, None), Uniqueness::Unique);
            for (cell, _) in board.clues() {
                let without = board.with_clue(cell, None).unwrap();
                assert!(matches!(
                    other_solution(&without, &solution, None),
                    Uniqueness::Another(_)
                ));
            }
        }
    }

    #[test]
    fn removal_stops_at_the_floor() {
        let solution = solution(5, 5, 3);
        let mut board = board_with(&solution, &random_path(5, 5, &mut Rng::new(0)));
        let mut removing = Removing::for_generate(20, Level::Search);
        remove_clues(&mut board, &solution, &mut Rng::new(1), &mut removing, None).unwrap();
        assert_eq!(board.clue_count(), 20);
    }
}
