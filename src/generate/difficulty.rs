//! How hard a unique board is: the cheapest stage of numbrix's own
//! pipeline that decides it. The reduction's rules are run in growing sets
//! (see [`Rules`]); the first set that leaves one value in every cell names
//! the level. A board no reduction decides goes to the search, and the
//! search's node count says how much it had to try.
//!
//! The levels follow what a person solving on paper does: counting steps
//! between numbers and the chessboard colours (`distance`), then asking
//! which neighbours can hold the numbers either side (`support`), then
//! where each number can still go at all (`all_different`), then "what if
//! this cell held that?" one guess deep (`shaving`), and beyond that,
//! guessing deeper (`search`).

use std::fmt;
use std::str::FromStr;
use std::time::Instant;

use serde::Serialize;

use super::unique::SEARCH_NODES_PER_CELL;
use super::GenerateError;
use crate::board::Board;
use crate::check::check_values;
use crate::domains::{Domains, Rules};
use crate::search::{search_bounded, Limits};
use crate::words::how_many;

/// The stage that decides a board, easiest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Distance and parity to the clues, the colour count, singletons
    /// (rules 1, 2 and 4).
    Distance,
    /// And neighbour support (rule 3).
    Support,
    /// And all-different (rule 5).
    AllDifferent,
    /// And shaving with its nogoods (rules 6-7).
    Shaving,
    /// Only the search decides it.
    Search,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Distance,
        Level::Support,
        Level::AllDifferent,
        Level::Shaving,
        Level::Search,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Level::Distance => "distance",
            Level::Support => "support",
            Level::AllDifferent => "all_different",
            Level::Shaving => "shaving",
            Level::Search => "search",
        }
    }

    /// The reduction of this level (None for the search).
    pub fn rules(self) -> Option<Rules> {
        match self {
            Level::Distance => Some(Rules::Distance),
            Level::Support => Some(Rules::Support),
            Level::AllDifferent => Some(Rules::AllDifferent),
            Level::Shaving => Some(Rules::Shaving),
            Level::Search => None,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(text: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|level| level.name() == text.replace('-', "_"))
            .ok_or_else(|| {
                let names: Vec<&str> = Level::ALL.iter().map(|level| level.name()).collect();
                format!("'{text}' is not a level: {}", names.join(", "))
            })
    }
}

/// A board's level, and the search's nodes when it took the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Difficulty {
    pub level: Level,
    /// Nodes the search needed to find the solution and prove it unique
    /// (null below the `search` level).
    pub search_nodes: Option<u64>,
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.search_nodes {
            Some(nodes) => write!(f, "{} ({})", self.level, how_many(nodes, "node", "nodes")),
            None => write!(f, "{}", self.level),
        }
    }
}

/// Does the reduction of `level` alone decide `board`? (A reduction that
/// decides every cell has found the one solution, so the board is unique.)
pub fn decides(board: &Board, level: Level, stop: Option<Instant>) -> bool {
    let Some(rules) = level.rules() else {
        return false;
    };
    Domains::reduce_by(board, rules, &[], stop)
        .ok()
        .and_then(|domains| domains.decided_values())
        .is_some_and(|values| check_values(board, values).is_ok())
}

/// The difficulty of a board with exactly one solution. A board with none
/// or with two is refused, with the reason; `stop` and the node budget of
/// the uniqueness questions bound the search.
pub fn rate(board: &Board, stop: Option<Instant>) -> Result<Difficulty, GenerateError> {
    let mut shaved = None;
    for level in Level::ALL {
        let Some(rules) = level.rules() else { break };
        let domains = Domains::reduce_by(board, rules, &[], stop)
            .map_err(|contradiction| GenerateError::NoSolution(contradiction.to_string()))?;
        if let Some(values) = domains.decided_values() {
            if check_values(board, values).is_ok() {
                return Ok(Difficulty {
                    level,
                    search_nodes: None,
                });
            }
        }
        shaved = Some(domains);
    }
    let limits = Limits { solutions: 2, stop };
    let max_nodes = SEARCH_NODES_PER_CELL * board.len() as u64;
    let outcome = search_bounded(board, shaved.as_ref(), &limits, max_nodes, &mut |_| {});
    let mut solutions = outcome.solutions.into_iter();
    match (solutions.next(), solutions.next()) {
        (Some(first), Some(second)) => Err(GenerateError::NotUnique {
            first: Box::new(first),
            second: Box::new(second),
        }),
        (Some(_), None) if outcome.complete => Ok(Difficulty {
            level: Level::Search,
            search_nodes: Some(outcome.nodes),
        }),
        (None, _) if outcome.complete => Err(GenerateError::NoSolution(
            "the search proved that no path fits the clues".into(),
        )),
        _ => Err(GenerateError::unknown(stop)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fully_clued_board_is_decided_by_distance() {
        let board = Board::parse(b"1,2,3\n6,5,4\n").unwrap();
        assert_eq!(rate(&board, None).unwrap().level, Level::Distance);
    }

    #[test]
    fn the_classic_board_is_decided_by_distance_alone() {
        let board = Board::read("examples/boards/classic_9x9.csv".as_ref()).unwrap();
        assert_eq!(rate(&board, None).unwrap().level, Level::Distance);
    }

    #[test]
    fn a_sparse_scale_board_needs_shaving() {
        let board = Board::read("examples/boards/scale/12x12_1.csv".as_ref()).unwrap();
        assert_eq!(rate(&board, None).unwrap().level, Level::Shaving);
        assert!(!decides(&board, Level::AllDifferent, None));
        assert!(decides(&board, Level::Shaving, None));
    }

    #[test]
    fn a_board_with_two_solutions_is_refused() {
        let board = Board::parse(b"1,,\n,,\n").unwrap();
        assert!(matches!(
            rate(&board, None),
            Err(GenerateError::NotUnique { .. })
        ));
    }

    #[test]
    fn level_names_read_back() {
        for level in Level::ALL {
            assert_eq!(level.name().parse::<Level>(), Ok(level));
        }
        assert!("easy".parse::<Level>().is_err());
    }
}
