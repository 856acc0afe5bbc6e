//! Counting a board's solutions: with the search (its walk, or its
//! frontier program), or with HiGHS or CBC by the no-good cut; and which of
//! them settled the count.

use std::fmt;
use std::time::Instant;

use serde::Serialize;

use crate::backend::Backend;
use crate::board::Board;
use crate::check::Solution;
use crate::error::Error;
use crate::report::{Stage, Status};

use super::{mip, ms, search, solve_with, Counting, Deadline, Options, Phase};

/// How many solutions a board has, and what counted them.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Count {
    /// A `u128`: the frontier program counts boards with more paths than a
    /// `u64` holds (an empty 12x12 board), exactly.
    pub solutions: u128,
    /// False if `limit` solutions were found (there may be more) or time ran out.
    pub complete: bool,
    /// The part of numbrix whose answer the count is.
    pub counted_by: CountedBy,
    /// Milliseconds the whole count took, reduction included.
    pub ms: f64,
}

impl Count {
    /// A count whose time [`count_solutions_with`] sets at its end.
    pub(super) fn new(solutions: u128, complete: bool, counted_by: CountedBy) -> Count {
        Count {
            solutions,
            complete,
            counted_by,
            ms: 0.0,
        }
    }

    /// One line for people: whether the count is whole, what counted it,
    /// and how long it took.
    pub fn summary(&self) -> String {
        let (ms, by) = (self.ms, self.counted_by);
        if !self.complete {
            format!(
                "stopped at a limit: there may be more solutions (counted in {ms:.1} ms by {by})"
            )
        } else if self.solutions == 0 {
            format!("no solution, proved in {ms:.1} ms by {by}")
        } else {
            format!("every solution counted, in {ms:.1} ms by {by}")
        }
    }
}

/// Which part of numbrix settled a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CountedBy {
    /// The parity and distance rules between clues: no solution.
    Precheck,
    /// The domain reduction: it emptied a domain (no solution) or decided
    /// every cell (one).
    Reduction,
    /// The search, walking through the paths.
    Search,
    /// The search's frontier program, which counts the paths of a board
    /// whose only clues are 1 and T without walking them.
    Frontier,
    /// The MIP solver, solving again after cutting off each solution.
    Solver,
}

impl From<Stage> for CountedBy {
    fn from(stage: Stage) -> CountedBy {
        match stage {
            Stage::Precheck => CountedBy::Precheck,
            Stage::Reduction => CountedBy::Reduction,
            Stage::Search => CountedBy::Search,
            Stage::Solver => CountedBy::Solver,
        }
    }
}

impl fmt::Display for CountedBy {
    /// As a sentence says it: "counted by {self}".
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            CountedBy::Precheck => "the precheck's rules between clues",
            CountedBy::Reduction => "the reduction",
            CountedBy::Search => "the search",
            CountedBy::Frontier => "the search's frontier program (no path walked)",
            CountedBy::Solver => "the solver, with a no-good cut after each solution",
        })
    }
}

/// Counts solutions, up to `limit`: with the search (`Backend::Search`), or
/// by solving, cutting off each solution found with a no-good cut, and
/// solving again until the model is infeasible (HiGHS, CBC).
pub fn count_solutions(board: &Board, options: &Options, limit: u64) -> Result<Count, Error> {
    count_solutions_with(board, options, limit, &mut |_| {})
}

/// As [`count_solutions`], telling `progress` the solutions found so far
/// (every few thousand search nodes, or after every MIP solve), or the
/// frontier program's rows as it counts them.
pub fn count_solutions_with(
    board: &Board,
    options: &Options,
    limit: u64,
    progress: &mut dyn FnMut(Counting),
) -> Result<Count, Error> {
    let clock = Instant::now();
    let mut count = match options.backend {
        // A count to none, which the search stops at its first solution.
        Backend::Search if limit == 0 => search::count(board, options, limit, &[], progress)?,
        Backend::Search => count_with_search(board, options, limit, progress)?,
        Backend::Highs | Backend::Cbc => mip::count_by_cuts(board, options, limit, progress)?,
    };
    count.ms = ms(clock);
    Ok(count)
}

/// The search's count: `solve`'s question first, then on from the two
/// solutions it found.
fn count_with_search(
    board: &Board,
    options: &Options,
    limit: u64,
    progress: &mut dyn FnMut(Counting),
) -> Result<Count, Error> {
    let deadline = Deadline::new(options.time_limit);
    let (count, found) = count_by_solving(board, options, limit.min(2), progress)?;
    let Ok(time_limit) = deadline.remaining() else {
        return Ok(count);
    };
    if limit <= 2 || count.complete || found.len() < 2 {
        return Ok(count);
    }
    let rest = Options {
        time_limit,
        ..*options
    };
    search::count(board, &rest, limit, &found, progress)
}

/// A count to one or two asks what `solve` asks (with `unique` for two),
/// so it is answered by `solve`'s pipeline with the search alone, and as
/// fast: a tight board's short try before shaving, a loose board's search
/// going on where it stood after shaving. A count past two starts with it
/// too, and counts on from the two solutions it found (`search.rs`): the
/// count's own search, over the domains it counts in, may take seconds
/// to find a first path on a large board where `solve`'s settles it.
/// The count, and the solutions found.
fn count_by_solving(
    board: &Board,
    options: &Options,
    limit: u64,
    progress: &mut dyn FnMut(Counting),
) -> Result<(Count, Vec<Solution>), Error> {
    let options = Options {
        unique: limit == 2,
        ..*options
    };
    let mut known = 0;
    let report = solve_with(board, &options, &mut |phase| {
        if let Phase::Searching { solutions, .. } = phase {
            if solutions > known {
                known = solutions;
                progress(Counting::Found(known));
            }
        }
    })?;
    let (solutions, complete) = match (report.status, report.unique) {
        (Status::Infeasible, _) => (0, true),
        // The clock, before a first solution or after one.
        (Status::TimeLimit, _) => (u64::from(report.grid.is_some()), false),
        (Status::Solved, Some(true)) => (1, true),
        (Status::Solved, Some(false)) => (2, false),
        // The limit of one reached.
        (Status::Solved, None) => (1, false),
    };
    // Whatever settled the last question asked (uniqueness, when it was
    // asked and answered); the search's, when the clock stopped both.
    let stage = report
        .unique_decided_by
        .or(report.decided_by)
        .unwrap_or(Stage::Search);
    let found = report.grid.into_iter().chain(report.second_solution);
    let count = Count::new(solutions.into(), complete, stage.into());
    Ok((count, found.collect()))
}
