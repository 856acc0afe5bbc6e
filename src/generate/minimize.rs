//! `numbrix minimize`: the clues of a unique board cut down to a set from
//! which no single clue can go, with the same solution. A board with no
//! solution or with two is refused, with the reason.

use std::time::{Duration, Instant};

use super::difficulty::{rate, Difficulty, Level};
use super::minimal::{remove_clues, Asked, Removing, WhenUndecided};
use super::unique::{solutions_excluding, Expect, SEARCH_NODES_PER_CELL};
use super::{clue_rows, GenerateError, Rng};
use crate::board::Board;
use crate::check::{check_values, Solution};
use crate::error::Error;
use crate::precheck::precheck;
use crate::solve::{guard, Options};
use crate::words::how_many;

/// A minimized board, or as far as the time limit or the search's node
/// budget let it go.
#[derive(Debug, Clone, PartialEq)]
pub struct Minimized {
    pub board: Board,
    /// The one solution, of the given board and of this one.
    pub solution: Solution,
    /// Clues of the board given.
    pub clues_before: usize,
    /// Every clue was tried, and proved needed: no single clue of `board`
    /// can go. False when the time limit came first, or a clue's question
    /// was past the search's node budget.
    pub minimal: bool,
    /// Clues kept because their question was past the search's node
    /// budget: they may still be able to go.
    pub undecided: usize,
    /// None when the time limit or the node budget came before the board
    /// was rated.
    pub difficulty: Option<Difficulty>,
}

impl Minimized {
    /// The clues kept of those given, as said to a person: "3 of 10 clues",
    /// "1 of 1 clue".
    pub fn kept(&self) -> String {
        format!(
            "{} of {}",
            self.board.clue_count(),
            how_many(self.clues_before as u64, "clue", "clues")
        )
    }

    /// The JSON object of docs/generate.md.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "rows": self.board.rows(),
            "cols": self.board.cols(),
            "clues_before": self.clues_before,
            "clues": self.board.clue_count(),
            "minimal": self.minimal,
            "undecided": self.undecided,
            "level": self.difficulty.as_ref().map(|difficulty| difficulty.level),
            "search_nodes": self.difficulty.as_ref().and_then(|difficulty| difficulty.search_nodes),
            "unique": true,
            "board": clue_rows(&self.board),
            "solution": self.solution.to_rows(),
        })
    }
}

/// Minimizes `board`, trying its clues in the order `seed` draws, within
/// `time_limit` seconds.
///
/// Once the board is proved unique, what is reached is kept: when the time
/// limit comes first ([`GenerateError::MinimizeTimeLimit`]), or a clue's
/// question is past the search's node budget (the clue stays, the others
/// are tried, then [`GenerateError::MinimizeUndecided`]), the error holds
/// the board with the clues removed so far, still unique with the same
/// solution, and checked.
pub fn minimize(
    board: &Board,
    seed: u64,
    time_limit: Option<f64>,
) -> Result<Minimized, GenerateError> {
    minimize_with_progress(board, seed, time_limit, &mut |_| {})
}

/// [`minimize`], telling `asked` how far it has got after each clue's
/// question (for a progress line).
pub fn minimize_with_progress(
    board: &Board,
    seed: u64,
    time_limit: Option<f64>,
    asked: &mut dyn FnMut(Asked),
) -> Result<Minimized, GenerateError> {
    guard(board, &Options::default())?;
    let stop = time_limit
        .and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
        .and_then(|limit| Instant::now().checked_add(limit));
    let solution = only_solution(board, stop).map_err(|error| match error {
        GenerateError::TimeLimit => GenerateError::MinimizeTimeLimit(None),
        error => error,
    })?;
    let mut minimal = board.clone();
    let mut removing = Removing {
        floor: 0,
        cap: Level::Search,
        when_undecided: WhenUndecided::KeepClue,
        asked: Some(asked),
    };
    let removed = remove_clues(
        &mut minimal,
        &solution,
        &mut Rng::new(seed),
        &mut removing,
        stop,
    );
    let tried_all = removed.is_ok();
    // What the time limit cut short, if anything: the clue trials, or the
    // rating after them.
    let (undecided, difficulty, out_of_time) = match removed {
        Ok(undecided) => match rate(&minimal, stop) {
            Ok(difficulty) => (undecided, Some(difficulty), false),
            Err(GenerateError::TimeLimit) => (undecided, None, true),
            Err(GenerateError::Undecided) => (undecided, None, false),
            Err(error) => return Err(error),
        },
        Err(GenerateError::TimeLimit) => (0, None, true),
        Err(error) => return Err(error),
    };
    let solution = check_values(&minimal, solution.values().to_vec()).map_err(|violation| {
        Error::Rejected {
            solver: "minimize",
            problem: violation.to_string(),
        }
    })?;
    let minimized = Minimized {
        board: minimal,
        solution,
        clues_before: board.clue_count(),
        minimal: tried_all && undecided == 0,
        undecided,
        difficulty,
    };
    match (out_of_time, &minimized.difficulty, minimized.minimal) {
        (true, _, _) => Err(GenerateError::MinimizeTimeLimit(Some(Box::new(minimized)))),
        (false, Some(_), true) => Ok(minimized),
        (false, _, _) => Err(GenerateError::MinimizeUndecided(Box::new(minimized))),
    }
}

/// The one solution of `board`; refused with the reason if it has none or
/// two.
fn only_solution(board: &Board, stop: Option<Instant>) -> Result<Solution, GenerateError> {
    precheck(board)
        .map_err(|contradiction| GenerateError::NoSolution(contradiction.to_string()))?;
    // The board is meant to be unique: the search does not go first.
    let question = (2, Expect::Either);
    let found = solutions_excluding(board, &[], question, SEARCH_NODES_PER_CELL, stop);
    let mut solutions = found.solutions.into_iter();
    match (solutions.next(), solutions.next()) {
        (Some(first), Some(second)) => Err(GenerateError::NotUnique {
            first: Box::new(first),
            second: Box::new(second),
        }),
        (Some(only), None) if found.complete => Ok(only),
        (None, _) if found.complete => Err(GenerateError::NoSolution(match found.contradiction {
            Some(contradiction) => contradiction.to_string(),
            None => "the search proved that no path fits the clues".into(),
        })),
        _ => Err(GenerateError::unknown(stop)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_classic_board_keeps_its_solution_with_fewer_clues() {
        let board = Board::read("examples/boards/classic_9x9.csv".as_ref()).unwrap();
        let minimized = minimize(&board, 0, None).unwrap();
        assert!(minimized.board.clue_count() < board.clue_count());
        assert!(check_values(&board, minimized.solution.values().to_vec()).is_ok());
    }

    #[test]
    fn progress_counts_every_question_and_the_clues_removed() {
        let board = Board::read("examples/boards/classic_9x9.csv".as_ref()).unwrap();
        let mut told = Vec::new();
        let minimized =
            minimize_with_progress(&board, 0, None, &mut |asked| told.push(asked)).unwrap();
        let questions: Vec<usize> = told.iter().map(|asked| asked.questions).collect();
        assert_eq!(questions, (1..=told.len()).collect::<Vec<_>>());
        assert!(told.len() >= 24, "each of the 24 clues is asked about");
        let removed = board.clue_count() - minimized.board.clue_count();
        assert_eq!(told.last().unwrap().removed, removed);
    }

    #[test]
    fn clues_left_undecided_are_said_with_the_board_reached() {
        let board = Board::read("examples/boards/classic_9x9.csv".as_ref()).unwrap();
        let mut reached = minimize(&board, 0, None).unwrap();
        (reached.minimal, reached.undecided) = (false, 2);
        let stopped = GenerateError::MinimizeUndecided(Box::new(reached.clone()));
        assert_eq!(stopped.reached(), Some(&reached));
        assert_eq!(stopped.exit_code(), 3);
        assert_eq!(
            stopped.to_string(),
            format!(
                "the search could not settle within its node budget whether 2 clues can go: the board printed keeps {} of 24 clues and the same unique solution, those included",
                reached.board.clue_count()
            )
        );
        assert_eq!(reached.to_json()["undecided"], 2);
    }

    #[test]
    fn a_board_with_two_solutions_is_refused() {
        let board = Board::read("examples/boards/not_unique_9x9.csv".as_ref()).unwrap();
        assert!(matches!(
            minimize(&board, 0, None),
            Err(GenerateError::NotUnique { .. })
        ));
    }

    #[test]
    fn a_board_without_solution_is_refused_with_the_clues_at_fault() {
        let board = Board::read("examples/boards/infeasible_parity_6x6.csv".as_ref()).unwrap();
        let refusal = minimize(&board, 0, None).unwrap_err().to_string();
        assert!(refusal.starts_with("no solution: clues"), "{refusal}");
    }
}
