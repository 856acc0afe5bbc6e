//! numbrix's own search: solutions of a board found without a model.
//!
//! A MIP with a zero objective is at its weakest where a board has many
//! solutions (an empty board, a few scattered clues): its LP relaxation is
//! fractional and it has nothing to steer by. A path search is at its best
//! there, because any path that fits is an answer. This one grows the path
//! from value 1 over the domains the reduction leaves (src/search/path.rs):
//! the domains hold every clue's distance and parity facts, and the search
//! adds what they cannot see, the shape of the free cells. It answers a first
//! solution, a second one or a proof that there is none, and counts.
//!
//! Counting every path of an empty board starts only from one cell of each
//! orbit of the board's symmetries (4 for a rectangle, 8 for a square) and
//! multiplies: a symmetry maps the paths from one start one-to-one onto the
//! paths from its image.
//!
//! Every solution handed out has passed [`crate::check::check_values`].
//!
//! ```
//! use numbrix::search::{search, Limits};
//! use numbrix::Board;
//!
//! let board = Board::empty(4, 4).unwrap();
//! let all = Limits { solutions: u64::MAX, stop: None };
//! let outcome = search(&board, None, &all, &mut |_| {});
//! assert_eq!((outcome.count, outcome.complete), (552, true));
//! ```

mod path;
mod symmetry;

use std::time::Instant;

use crate::board::Board;
use crate::check::{check_values, Solution};
use crate::domains::Domains;

use path::{Event, Grid, Layers, Tally, Walk};

/// When the search stops early.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// Stop after this many solutions (2 answers "is it unique?";
    /// `u64::MAX` counts them all).
    pub solutions: u64,
    /// Stop when the clock passes this instant.
    pub stop: Option<Instant>,
}

/// How far the search has got, every few thousand nodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    pub solutions: u64,
    pub nodes: u64,
}

/// What the search found.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The first solutions found, at most 2 kept, every one checked.
    pub solutions: Vec<Solution>,
    /// How many solutions were found (symmetric copies included).
    pub count: u64,
    /// The whole space was searched: `count` is exact and, if 0, the board
    /// has no solution. False when a limit stopped it.
    pub complete: bool,
    pub nodes: u64,
    /// Nodes where a shape test failed.
    pub failures: u64,
}

/// Solutions kept in an [`Outcome`].
const KEPT: usize = 2;

/// Searches `board` over `domains` (the reduction's, when the caller has
/// them; otherwise rules 1-5 are run here) within `limits`.
pub fn search(
    board: &Board,
    domains: Option<&Domains>,
    limits: &Limits,
    progress: &mut dyn FnMut(&Progress),
) -> Outcome {
    let mut outcome = Outcome {
        solutions: Vec::new(),
        count: 0,
        complete: true,
        nodes: 0,
        failures: 0,
    };
    let reduced;
    let domains = match domains {
        Some(domains) => domains,
        None => match Domains::reduce_with(board, false, None) {
            Ok(domains) => {
                reduced = domains;
                &reduced
            }
            Err(_) => return outcome, // no solution: the space is empty
        },
    };
    let grid = Grid::new(board, |index, value| {
        domains.allows(board, board.cell(index), value)
    });
    let counting_all = limits.solutions == u64::MAX;
    let starts: Vec<(usize, u64)> = if counting_all && board.clue_count() == 0 {
        symmetry::start_orbits(board)
    } else {
        (0..board.len()).map(|index| (index, 1)).collect()
    };
    // Propagating every step pays where clues constrain the path.
    let layers = (board.clue_count() > 0).then(|| Layers::new(board, domains));
    // The anchor: the lowest clue, whose cell is the one start.
    let anchor = board.clues().min_by_key(|&(_, value)| value);
    let starts = match anchor {
        Some((cell, _)) => vec![(board.index(cell), 1)],
        None => starts,
    };
    let first = anchor.map_or(1, |(_, value)| value);
    let mut walk = Walk::new(&grid, first, layers);
    let mut tally = Tally::default();
    for (start, weight) in starts {
        let mut event = |event: Event| match event {
            Event::Solution(path, value_at) => {
                let mut values = vec![0; path.len()];
                for (position, &cell) in path.iter().enumerate() {
                    values[cell] = value_at(position);
                }
                match check_values(board, values) {
                    Ok(solution) => {
                        if outcome.solutions.len() < KEPT {
                            outcome.solutions.push(solution);
                        }
                        outcome.count += weight;
                    }
                    // The engine only builds paths that fit: a refusal is a
                    // bug, and the grid is never handed out.
                    Err(violation) => {
                        debug_assert!(false, "the search built a non-solution: {violation}")
                    }
                }
                outcome.count < limits.solutions
            }
            Event::Tick(tally) => {
                progress(&Progress {
                    solutions: outcome.count,
                    nodes: tally.nodes,
                });
                limits.stop.is_none_or(|stop| Instant::now() < stop)
            }
        };
        walk.from(start, &mut tally, &mut event);
        if tally.stopped {
            outcome.complete = false;
            break;
        }
    }
    outcome.nodes = tally.nodes;
    outcome.failures = tally.failures;
    outcome
}
