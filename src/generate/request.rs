//! What `numbrix generate` asks for, and the puzzles it gets: each puzzle
//! from its own seed (the request's seed plus its number), a random path,
//! clues by the rule asked, then rated, which proves it unique once more
//! independently of how its clues were chosen. A rule or level that an
//! attempt misses gets a new path, up to `attempts` times.

use std::fmt;
use std::path::Path;
use std::str::FromStr;
use std::time::{Duration, Instant};

use serde_json::json;

use super::difficulty::{rate, Difficulty, Level};
use super::minimal::minimal;
use super::n_clues::with_clues;
use super::newspaper::newspaper;
use super::{clue_rows, random_solution, GenerateError, Rng};
use crate::board::Board;
use crate::check::{check_values, Solution};
use crate::error::{Error, InputError};
use crate::output::write_atomically;
use crate::report::render_csv;
use crate::solve::{guard, Options};
use crate::words::how_many;

/// Paths tried for one puzzle before giving up on a clue count or level.
pub const DEFAULT_ATTEMPTS: usize = 20;

/// How the clues are chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClueRule {
    /// No clue can go without a second solution.
    Minimal,
    /// Every other border cell, then clues until unique.
    Newspaper,
    /// This many clues.
    Count(usize),
}

impl fmt::Display for ClueRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClueRule::Minimal => f.write_str("minimal"),
            ClueRule::Newspaper => f.write_str("newspaper"),
            ClueRule::Count(clues) => write!(f, "{clues}"),
        }
    }
}

impl FromStr for ClueRule {
    type Err = String;

    fn from_str(text: &str) -> Result<ClueRule, String> {
        match text {
            "minimal" => Ok(ClueRule::Minimal),
            "newspaper" => Ok(ClueRule::Newspaper),
            _ => text
                .parse()
                .map(ClueRule::Count)
                .map_err(|_| format!("'{text}' is not minimal, newspaper or a number of clues")),
        }
    }
}

/// Puzzles to make.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    pub rows: usize,
    pub cols: usize,
    /// Puzzle k (from 0) comes from seed `seed + k` alone.
    pub seed: u64,
    pub clues: ClueRule,
    /// Keep only puzzles of this level; clues are chosen so as not to go
    /// past it.
    pub level: Option<Level>,
    /// How many puzzles.
    pub count: usize,
    /// Paths tried per puzzle before a clue count or level is given up.
    pub attempts: usize,
    /// Seconds for all the puzzles.
    pub time_limit: Option<f64>,
}

impl Request {
    pub fn new(rows: usize, cols: usize, clues: ClueRule) -> Request {
        Request {
            rows,
            cols,
            seed: 0,
            clues,
            level: None,
            count: 1,
            attempts: DEFAULT_ATTEMPTS,
            time_limit: None,
        }
    }

    /// Refuses what cannot be made: a board too large for the reduction,
    /// more clues than cells, no attempts.
    pub fn validate(&self) -> Result<(), Error> {
        let usage = |message: String| Error::Input(InputError::Usage(message));
        if self.rows == 0 || self.cols == 0 {
            return Err(usage(
                "a board needs at least one row and one column".into(),
            ));
        }
        guard(&Board::empty(self.rows, self.cols)?, &Options::default())?;
        if let ClueRule::Count(clues) = self.clues {
            if clues > self.rows * self.cols {
                return Err(usage(format!(
                    "{clues} clues do not fit on a {}x{} board ({})",
                    self.rows,
                    self.cols,
                    how_many((self.rows * self.cols) as u64, "cell", "cells")
                )));
            }
        }
        if self.attempts == 0 {
            return Err(usage("--attempts must be at least 1".into()));
        }
        Ok(())
    }

    /// The instant the time limit ends, counted from now.
    pub fn deadline(&self) -> Option<Instant> {
        let seconds = Duration::try_from_secs_f64(self.time_limit?).ok()?;
        Instant::now().checked_add(seconds)
    }

    /// The name of puzzle `number`: size, rule, level if asked, seed.
    pub fn name(&self, number: usize) -> String {
        let rule = match self.clues {
            ClueRule::Count(clues) => format!("{clues}clues"),
            rule => rule.to_string(),
        };
        let level = self
            .level
            .map(|level| format!("_{level}"))
            .unwrap_or_default();
        let seed = self.seed.wrapping_add(number as u64);
        format!("{}x{}_{rule}{level}_{seed}", self.rows, self.cols)
    }

    /// Puzzle `number` (from 0), proved unique and rated; `stop` bounds it.
    pub fn puzzle(&self, number: usize, stop: Option<Instant>) -> Result<Generated, GenerateError> {
        self.validate()?;
        let seed = self.seed.wrapping_add(number as u64);
        let mut rng = Rng::new(seed);
        let cap = self.level.unwrap_or(Level::Search);
        let mut fewest = usize::MAX;
        let mut reached = Vec::new();
        let mut undecided = 0;
        for attempt in 1..=self.attempts {
            let solution = random_solution(self.rows, self.cols, &mut rng);
            let board = match self.clues {
                ClueRule::Minimal => minimal(&solution, &mut rng, cap, stop),
                ClueRule::Newspaper => newspaper(&solution, &mut rng, cap, stop),
                ClueRule::Count(clues) => with_clues(clues, &solution, &mut rng, cap, stop),
            };
            // A question past the search's node budget: another path.
            let board = match board {
                Err(GenerateError::Undecided) => {
                    undecided += 1;
                    continue;
                }
                other => other?,
            };
            if let ClueRule::Count(clues) = self.clues {
                if board.clue_count() != clues {
                    fewest = fewest.min(board.clue_count());
                    continue;
                }
            }
            let difficulty = match rate(&board, stop) {
                Err(GenerateError::Undecided) => {
                    undecided += 1;
                    continue;
                }
                other => other?,
            };
            if self.level.is_some_and(|level| level != difficulty.level) {
                reached.push(difficulty.level);
                continue;
            }
            let solution =
                check_values(&board, solution.values().to_vec()).map_err(|violation| {
                    Error::Rejected {
                        solver: "generate",
                        problem: violation.to_string(),
                    }
                })?;
            return Ok(Generated {
                name: self.name(number),
                seed,
                rule: self.clues,
                board,
                solution,
                difficulty,
                attempts: attempt,
            });
        }
        Err(match (self.clues, self.level) {
            _ if undecided == self.attempts => GenerateError::Undecided,
            (ClueRule::Count(wanted), _) if fewest != usize::MAX => {
                GenerateError::CluesNotReached {
                    rows: self.rows,
                    cols: self.cols,
                    wanted,
                    attempts: self.attempts,
                    closest: fewest,
                }
            }
            (_, level) => GenerateError::LevelNotReached {
                wanted: level.unwrap_or(Level::Search),
                attempts: self.attempts,
                reached: summarize_levels(&reached),
            },
        })
    }
}

/// "shaving 3 times, all_different 1 time".
fn summarize_levels(levels: &[Level]) -> String {
    let parts: Vec<String> = Level::ALL
        .iter()
        .filter_map(|level| {
            let times = levels.iter().filter(|&found| found == level).count();
            (times > 0).then(|| format!("{level} {}", how_many(times as u64, "time", "times")))
        })
        .collect();
    parts.join(", ")
}

/// Every puzzle of a request, in order, within its time limit.
pub fn generate(request: &Request) -> Result<Vec<Generated>, GenerateError> {
    request.validate()?;
    let stop = request.deadline();
    (0..request.count)
        .map(|number| request.puzzle(number, stop))
        .collect()
}

/// A puzzle made, proved unique, with its solution and level.
#[derive(Debug, Clone, PartialEq)]
pub struct Generated {
    /// The file name without `.csv`.
    pub name: String,
    /// The seed it came from.
    pub seed: u64,
    pub rule: ClueRule,
    pub board: Board,
    pub solution: Solution,
    pub difficulty: Difficulty,
    /// Paths tried (1 unless a clue count or level was missed).
    pub attempts: usize,
}

impl Generated {
    /// Writes NAME.csv and NAME.solution.csv into `directory`, each
    /// atomically.
    pub fn write(&self, directory: &Path) -> Result<(), Error> {
        let board = directory.join(format!("{}.csv", self.name));
        let solution = directory.join(format!("{}.solution.csv", self.name));
        write_atomically(&board, self.board.to_csv().as_bytes())?;
        write_atomically(&solution, render_csv(&self.solution).as_bytes())
    }

    /// One line for people: name, size, clues, level.
    pub fn summary(&self) -> String {
        format!(
            "{}: {}x{}, {}, level {}",
            self.name,
            self.board.rows(),
            self.board.cols(),
            how_many(self.board.clue_count() as u64, "clue", "clues"),
            self.difficulty
        )
    }

    /// The JSON object of docs/generate.md.
    pub fn to_json(&self) -> serde_json::Value {
        json!({
            "name": self.name,
            "rows": self.board.rows(),
            "cols": self.board.cols(),
            "seed": self.seed,
            "rule": self.rule.to_string(),
            "clues": self.board.clue_count(),
            "level": self.difficulty.level,
            "search_nodes": self.difficulty.search_nodes,
            "attempts": self.attempts,
            "unique": true,
            "board": clue_rows(&self.board),
            "solution": self.solution.to_rows(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clue_rules_read_back() {
        for rule in [ClueRule::Minimal, ClueRule::Newspaper, ClueRule::Count(24)] {
            assert_eq!(rule.to_string().parse::<ClueRule>(), Ok(rule));
        }
        assert!("many".parse::<ClueRule>().is_err());
    }

    #[test]
    fn more_clues_than_cells_are_refused() {
        let request = Request::new(3, 3, ClueRule::Count(10));
        assert!(request.validate().is_err());
    }

    #[test]
    fn levels_reached_are_counted_in_words() {
        let levels = [Level::Shaving, Level::Distance, Level::Shaving];
        assert_eq!(
            summarize_levels(&levels),
            "distance 1 time, shaving 2 times"
        );
    }

    #[test]
    fn puzzles_are_named_by_size_rule_and_seed() {
        let request = Request {
            seed: 7,
            level: Some(Level::Shaving),
            ..Request::new(9, 9, ClueRule::Minimal)
        };
        assert_eq!(request.name(2), "9x9_minimal_shaving_9");
    }
}
