//! numbrix's own search: solutions of a board found without a model.
//!
//! A MIP with a zero objective is at its weakest where a board has many
//! solutions (an empty board, a few scattered clues): its LP relaxation is
//! fractional and it has nothing to steer by. A search is at its best
//! there, because any path that fits is an answer. Two engines:
//!
//! - on a board without clues, `path.rs` grows one path from a start cell,
//!   testing the shape of the free cells at each step;
//! - on a board with clues (or cells the reduction decided), `fill.rs`
//!   fills the gaps between them, the open value with the fewest cells
//!   first, over the domains the reduction leaves.
//!
//! Looking for one or two solutions, runs restart with a new tie-break
//! after a growing number of nodes (Luby's sequence), so that one unlucky
//! early choice does not hold the whole search; so do counts on a board
//! with clues, keeping the paths they counted (`distinct.rs`), after a
//! first walk where they count every path (`count.rs`).
//! Until the fill has a first solution, a run starts near where the last
//! one got to, with the placements around its failure taken back
//! (`fill/repair.rs`). It answers a first solution, a second one or a
//! proof that there is none, and counts. A fill that has not found a
//! first solution after a while gets a second fill beside it, with its
//! own seed, and the two take turns (`lanes.rs`).
//! Some runs backjump (`fill/backjump.rs`): when a value has tried all
//! its cells, the placements since that lie far from them are taken back
//! at once; a run that passed over untried cells so proves nothing, and
//! the runs in between still can. Asked for two on a board with clues, it
//! looks for the second near the first (`nearby.rs`) before it searches
//! the whole board again.
//!
//! Counting every path of an empty board starts only from one cell of each
//! orbit of the board's symmetries (4 for a rectangle, 8 for a square) and
//! multiplies: a symmetry maps the paths from one start one-to-one onto the
//! paths from its image. [`count`] does without the walk where it can: a
//! board whose only clues are 1 and T is counted by a dynamic program over
//! the cells (`frontier.rs`), 27 million paths of 7x7 in milliseconds.
//!
//! On a large board whose clues are far apart, the fill thrashes: a gap an
//! early decision made impossible is met deep down, again and again. A
//! local search over whole pieces of the path (`stretch/`) does not place
//! values one at a time at all: every gap is a path between its clues from
//! the start, and moves stretch and bend them until each has its length.
//! Once the fill is past its first runs without a first solution, the two
//! take turns, run for run, the local search's moves counted against the
//! fill's nodes; the local search only finds, and the fill looks for the
//! second solution near its find.
//!
//! Another engine does without paths: [`branch`] decides one cell at a
//! time over the reduction's domains and runs the reduction's rules after
//! each decision (`crate::domains::Domains::branch`). Its nodes cost a
//! whole propagation each, and on small tight boards it needs so few that
//! the pipeline tries it before shaving.
//!
//! Every solution handed out has passed [`crate::check::check_values`].
//!
//! ```
//! use numbrix::search::{search, Limits};
//! use numbrix::Board;
//!
//! let board = Board::empty(4, 4).unwrap();
//! let outcome = search(&board, None, &Limits::ALL, &mut |_| {});
//! assert_eq!((outcome.count, outcome.complete), (552, true));
//! ```

mod branch;
mod count;
mod distinct;
mod every;
mod fill;
mod frontier;
mod gate;
mod lanes;
mod lockstep;
mod nearby;
mod path;
mod recorder;
mod restarts;
mod ring;
mod side_by_side;
mod stretch;
#[cfg(test)]
mod testing;

use std::time::Instant;

use crate::board::Board;
use crate::check::{check_values, Solution};
use crate::domains::Domains;

pub use branch::branch;
pub(crate) use count::count_exactly;
pub use count::{count, count_on, count_with};
pub use every::{every_path, Enumerated};
pub use frontier::{count_paths, count_paths_watched, ends_only, NoCount};
pub use gate::Gate;
pub(crate) use nearby::first_then_near;
use path::Grid;
use restarts::{search_beside, Budget};
use side_by_side::Side;
pub use side_by_side::{search_side_by_side, Searches};

/// When the search stops early.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// Stop after this many solutions (2 answers "is it unique?";
    /// `u64::MAX` counts them all).
    pub solutions: u64,
    /// Stop when the clock passes this instant.
    pub stop: Option<Instant>,
}

impl Limits {
    /// Every solution, no clock: a count, or a proof of what there is.
    pub const ALL: Limits = Limits::up_to(u64::MAX);

    /// Up to `solutions` solutions, no clock: 1 for a first solution, 2
    /// for "is it unique?".
    pub const fn up_to(solutions: u64) -> Limits {
        Limits {
            solutions,
            stop: None,
        }
    }
}

/// How far the search has got, every few thousand nodes; or, counting
/// with the frontier program (which finds no solution before its last
/// cell), its rows done and its rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    pub solutions: u64,
    pub nodes: u64,
    pub rows: Option<(usize, usize)>,
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
    /// Moves of the local search (`stretch`) that looked for a first
    /// solution beside the fill.
    pub moves: u64,
    /// Nodes where a shape test failed.
    pub failures: u64,
    /// Searches that ran side by side (1 for a search alone).
    pub threads: usize,
}

/// Solutions kept in an [`Outcome`].
const KEPT: usize = 2;

/// Nodes between looks at the clock and the progress bar: few enough that
/// a time limit is kept to a few milliseconds even where nodes are slow.
const TICK: u64 = 256;

impl Outcome {
    /// Nothing found, no work done, by one search; `complete` says whether
    /// that is all there is.
    fn nothing(complete: bool) -> Outcome {
        Outcome {
            solutions: Vec::new(),
            count: 0,
            complete,
            nodes: 0,
            moves: 0,
            failures: 0,
            threads: 1,
        }
    }

    /// Counts a solution found `weight` times (its symmetric copies
    /// included), keeping the first [`KEPT`].
    fn keep(&mut self, solution: Solution, weight: u64) {
        if self.solutions.len() < KEPT {
            self.solutions.push(solution);
        }
        self.count += weight;
    }
}

/// The values an engine built, as a checked solution. The engines only
/// build what fits, so a refusal is a bug, and the grid is never handed
/// out.
fn checked(board: &Board, values: Vec<u32>) -> Option<Solution> {
    match check_values(board, values) {
        Ok(solution) => Some(solution),
        Err(violation) => {
            debug_assert!(false, "the search built a non-solution: {violation}");
            None
        }
    }
}

/// The grid the engines walk: the pairs `domains` allow on `board`.
fn grid(board: &Board, domains: &Domains) -> Grid {
    Grid::new(board, |index| domains.words(index))
}

/// The clues, and the cells the reduction decided: the fill places them
/// first.
fn givens(board: &Board, domains: &Domains) -> Vec<(usize, u32)> {
    (0..board.len())
        .filter_map(|index| {
            let value = domains.fixed(board, board.cell(index))?;
            Some((index, value))
        })
        .collect()
}

/// Searches `board` over `domains` (the reduction's, when the caller has
/// them; otherwise rules 1-5 are run here) within `limits`.
pub fn search(
    board: &Board,
    domains: Option<&Domains>,
    limits: &Limits,
    progress: &mut dyn FnMut(&Progress),
) -> Outcome {
    search_bounded(board, domains, limits, u64::MAX, progress)
}

/// As [`search`], stopping (incomplete) after about `max_nodes` nodes (to
/// the next 256): a budget that, unlike the clock, gives the same answer
/// on every run.
pub fn search_bounded(
    board: &Board,
    domains: Option<&Domains>,
    limits: &Limits,
    max_nodes: u64,
    progress: &mut dyn FnMut(&Progress),
) -> Outcome {
    let budget = Budget::nodes(max_nodes);
    search_beside(board, domains, limits, budget, Side::ALONE, None, progress)
}

/// Has this search settled what `limits` ask: every solution there is, or
/// as many as asked?
pub(crate) fn settles(outcome: &Outcome, limits: &Limits) -> bool {
    outcome.complete || outcome.count >= limits.solutions
}
