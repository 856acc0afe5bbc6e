//! Turns between the search and the MIP, once the search's budget is spent.
//!
//! Ahead of HiGHS or CBC the search gets a budget of B seconds. Where it
//! does not settle the board in B, the board goes to the MIP solver, which
//! on a large board with many solutions may search for many minutes: there
//! the search would have settled it a little after its budget. So the two
//! take turns, each turn twice as long as the one before, until one of them
//! settles the board or the time limit ends the solve:
//!
//! ```text
//! search B,  MIP B,  search 2B,  MIP 2B,  search 4B,  MIP 4B,  ...
//! ```
//!
//! The search does not start over at its turns: it waits on its thread
//! between them, where it stood (`running.rs`), so its turns add up to the
//! search `--solver search` runs. On a loose board (many values per cell:
//! the search went first, as the likelier to settle it), and on a machine
//! with a second core, it does not wait through the MIP's turns either:
//! HiGHS and CBC use one core, so the search goes on beside them, and when
//! it settles the board there it interrupts HiGHS (CBC, which has no
//! interrupt, is left to end its turn on its own thread). A turn of the
//! MIP solves the same model from its start (neither good_lp nor the
//! solvers keep a solve to go on with), with the first solution found so
//! far by either engine as the start of its no-good cut. So a board that one engine settles in t seconds is
//! settled within a few times t: under 2t where the search does (it runs
//! at least through its own turns, which add up to more than the MIP's
//! before its last), plus the build and at most one turn's length of
//! shaving (`solve_with` stops it there), so under 3t in all; where only
//! the MIP does, under 7t when the search waits through its turns (they
//! start over, and wait through the search's), and under about 11t on a
//! loose board, where the search runs beside them and the three threads
//! share two cores.

use crate::board::Board;
use crate::check::Solution;
use crate::error::Error;
use crate::report::{Report, Stage, Stats, Status, Step};

use super::running::Running;
use super::{mip, Deadline, Options, Phase, Prepared};

/// The search, waiting after its first turn, that turn's seconds, and
/// whether it runs beside the MIP's turns (a loose board, on a machine
/// with a second core).
pub(super) struct Turns {
    pub(super) search: Running,
    pub(super) first: f64,
    pub(super) beside: bool,
}

/// Runs the MIP on the prepared model, taking turns with the search when
/// it ran ahead and is still running (`turns`). `known`: a checked first
/// solution a short try of the search found.
#[allow(clippy::too_many_arguments)] // the pipeline's state, as `mip::run` takes it
pub(super) fn solve(
    board: &Board,
    options: &Options,
    deadline: &Deadline,
    prepared: &Prepared,
    known: Option<Solution>,
    turns: Option<Turns>,
    report: &mut Report,
    progress: &mut dyn FnMut(Phase),
) -> Result<(), Error> {
    let mut carried = Carried::default();
    carried.learn(known.map(|first| (first, Stage::Search)), options);
    let Some(Turns {
        mut search,
        first: mut turn,
        beside,
    }) = turns
    else {
        let known = carried.known;
        return mip::run(
            board, options, deadline, prepared, known, None, report, progress,
        );
    };
    loop {
        carried.learn(search.first().map(|first| (first, Stage::Search)), options);
        let before = take_mip_figures(&mut report.stats);
        clear_verdict(report);
        let turn_end = carried.end(deadline).earlier(&Deadline::new(Some(turn)));
        let known = carried.known.clone();
        let mip_turn = |interrupt| {
            mip::run(
                board, options, &turn_end, prepared, known, interrupt, report, progress,
            )
        };
        if beside {
            let interrupt = search.interrupt();
            search.run_beside(|| mip_turn(Some(interrupt)))?;
        } else {
            mip_turn(None)?;
        }
        add_mip_figures(before, &mut report.stats);
        let first = report.grid.clone().map(|first| (first, Stage::Solver));
        carried.learn(first, options);
        if report.stopped_in.is_none() {
            // The MIP settled the board: the report keeps the search's
            // figures, not its verdict.
            search.account_figures(options, report);
            return Ok(());
        }
        if search.settled() {
            settled_by(search, options, report);
            return Ok(());
        }
        if carried.end(deadline).remaining().is_err() {
            stop(Some(search), carried, options, report);
            return Ok(());
        }

        turn *= 2.0;
        let left = carried.end(deadline).remaining().ok().flatten();
        search.run_for(left.map_or(turn, |left| left.min(turn)), progress);
        if search.settled() {
            settled_by(search, options, report);
            return Ok(());
        }
        if carried.end(deadline).remaining().is_err() {
            stop(Some(search), carried, options, report);
            return Ok(());
        }
    }
}

/// A turn of the MIP starts from no verdict: what the last one left
/// unsettled (`stopped_in`, its status) would otherwise stand beside what
/// this one settles. The first solution known goes into the turn as
/// `known`, not through the report.
fn clear_verdict(report: &mut Report) {
    report.status = Status::Infeasible;
    report.unique = None;
    report.grid = None;
    report.second_solution = None;
    report.reason = None;
    report.stopped_in = None;
    report.decided_by = None;
    report.found_by = None;
    report.unique_decided_by = None;
}

/// The search settled the board: its verdict replaces the MIP's unfinished
/// one.
fn settled_by(search: Running, options: &Options, report: &mut Report) {
    clear_verdict(report);
    search.account(options, report);
}

/// What one turn hands the next: the first solution known, with the stage
/// that found it, and the uniqueness proof's clock.
#[derive(Default)]
struct Carried {
    known: Option<(Solution, Stage)>,
    /// `--unique-time-limit` bounds the proof over all its turns: its clock
    /// starts when a first solution is known.
    proof: Option<Deadline>,
}

impl Carried {
    /// Keeps the first solution found, if none was known.
    fn learn(&mut self, first: Option<(Solution, Stage)>, options: &Options) {
        if self.known.is_none() {
            self.known = first;
        }
        if self.proof.is_none() && self.known.is_some() {
            self.proof = Some(Deadline::new(options.unique_time_limit));
        }
    }

    /// The run's deadline, or the proof's when that comes first.
    fn end(&self, deadline: &Deadline) -> Deadline {
        match &self.proof {
            Some(proof) => deadline.earlier(proof),
            None => *deadline,
        }
    }
}

/// The time limit ran out before the model was built: no MIP turn, and
/// the report says where the run stopped, as at the end of the turns.
pub(super) fn out_of_time(
    search: Option<Running>,
    known: Option<Solution>,
    options: &Options,
    report: &mut Report,
) {
    let mut carried = Carried::default();
    carried.learn(known.map(|first| (first, Stage::Search)), options);
    stop(search, carried, options, report);
}

/// The time limit ended the turns: the search (if it was running) stops,
/// and the report says where, with the first solution if one was found
/// (unless the search settled the board on its way to stopping).
fn stop(search: Option<Running>, mut carried: Carried, options: &Options, report: &mut Report) {
    if let Some(search) = search {
        if search.settled() {
            return settled_by(search, options, report);
        }
        carried.learn(search.first().map(|first| (first, Stage::Search)), options);
        search.account_figures(options, report);
    }
    report.status = Status::TimeLimit;
    if report.grid.is_none() {
        if let Some((first, stage)) = carried.known {
            report.grid = Some(first);
            report.found_by = Some(stage);
        }
    }
    report.stopped_in = Some(if report.grid.is_some() {
        Step::Unique
    } else {
        Step::Solve
    });
}

/// The MIP's figures of the turns before, which one turn's run overwrites.
struct MipFigures {
    solve_ms: f64,
    unique_ms: Option<f64>,
    nodes: Option<u64>,
    iterations: Option<u64>,
    unique_nodes: Option<u64>,
    unique_iterations: Option<u64>,
}

fn take_mip_figures(stats: &mut Stats) -> MipFigures {
    MipFigures {
        solve_ms: std::mem::take(&mut stats.solve_ms),
        unique_ms: stats.unique_ms.take(),
        nodes: stats.nodes.take(),
        iterations: stats.iterations.take(),
        unique_nodes: stats.unique_nodes.take(),
        unique_iterations: stats.unique_iterations.take(),
    }
}

/// Adds the figures of the turns before to those of the last one: the
/// report counts the MIP's work over every turn.
fn add_mip_figures(before: MipFigures, stats: &mut Stats) {
    fn sum<T: std::ops::Add<Output = T>>(before: Option<T>, now: Option<T>) -> Option<T> {
        match (before, now) {
            (Some(before), Some(now)) => Some(before + now),
            (before, now) => before.or(now),
        }
    }
    stats.solve_ms += before.solve_ms;
    stats.unique_ms = sum(before.unique_ms, stats.unique_ms);
    stats.nodes = sum(before.nodes, stats.nodes);
    stats.iterations = sum(before.iterations, stats.iterations);
    stats.unique_nodes = sum(before.unique_nodes, stats.unique_nodes);
    stats.unique_iterations = sum(before.unique_iterations, stats.unique_iterations);
}
