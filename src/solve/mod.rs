//! The solve pipeline, the same for every formulation and backend: size
//! guard, prechecks, reduction, then either the search (`--solver search`,
//! and within a small budget ahead of every MIP) or the MIP: build, solve,
//! decode, check, and with `unique` the no-good cut and a second solve.
//!
//! This file holds the pipeline's order ([`solve_with`]); `count.rs`
//! counting; `prepare.rs` everything before a solver runs (the steps `model`,
//! `export` and `relax` share), `search.rs` the search's tries, `mip.rs`
//! HiGHS's and CBC's, `turns.rs` how the two take turns once the search's
//! budget is spent (`running.rs`: the search on its thread, between its
//! turns), `order.rs` whether shaving or the search goes first,
//! `rows.rs` row generation for DFJ.

mod count;
mod mip;
mod options;
mod order;
mod phase;
mod prepare;
pub(crate) mod rows;
mod running;
mod search;
mod shaving_turns;
mod turns;

pub use count::{count_solutions, count_solutions_with, Count, CountedBy};
pub(crate) use options::Deadline;
pub use options::{Options, SearchBudget, DEFAULT_MAX_VARIABLES, REDUCTION_PAIRS_PER_VARIABLE};
pub(crate) use order::{propagation_probe, TIGHT_VALUES_PER_CELL};
pub use phase::{Counting, Phase};
pub(crate) use prepare::ms;
pub(crate) use prepare::prepare_until;
pub use prepare::{
    build, build_until, guard, prepare, reduce, Modelled, Prepared, Reduced, Refutation,
};
use prepare::{decided, propagate, reduce_in_time, sample, shave, shave_deeper, will_shave};
pub use search::{DEFAULT_SEARCH_BUDGET, DEFAULT_SEARCH_CELLS};

use std::ops::ControlFlow;
use std::time::Instant;

use crate::backend::Backend;
use crate::board::Board;
use crate::check::Solution;
use crate::cores::second_core;
use crate::domains::Shaved;
use crate::error::Error;
use crate::report::{Report, Stats, Status};
use running::Running;
use search::Engine::{Paths, Propagation};
use shaving_turns::Narrowing;

/// An empty report for this board and these options.
fn new_report(board: &Board, options: &Options) -> Report {
    Report {
        rows: board.rows(),
        cols: board.cols(),
        model: options.formulation,
        solver: options.backend,
        variant: options.variant,
        status: Status::Infeasible,
        unique: None,
        grid: None,
        second_solution: None,
        stats: Stats::default(),
        reduced: options.variant.is_reduced(),
        model_built: false,
        reason: None,
        stopped_in: None,
        decided_by: None,
        found_by: None,
        unique_decided_by: None,
    }
}

/// Solves a board as the options say. `Err` is reserved for bad input, a
/// model too large to build and solver failures; infeasible boards and time
/// limits are reports.
pub fn solve(board: &Board, options: &Options) -> Result<Report, Error> {
    solve_with(board, options, &mut |_| {})
}

/// As [`solve`], telling `progress` each stage as it enters it (and the
/// search's nodes every few thousand).
pub fn solve_with(
    board: &Board,
    options: &Options,
    progress: &mut dyn FnMut(Phase),
) -> Result<Report, Error> {
    let clock = Instant::now();
    let deadline = Deadline::new(options.time_limit);
    let mut report = new_report(board, options);
    let refuted = |mut report: Report, refutation: Refutation| {
        report.status = Status::Infeasible;
        report.reason = Some(refutation.contradiction.to_string());
        report.decided_by = Some(refutation.stage);
        report.stats.reduce_ms = refutation.reduce_ms;
        // What the reduction left is meaningless once it found a contradiction.
        report.stats.reduction = None;
        report.stats.total_ms = ms(clock);
        Ok(report)
    };
    progress(Phase::Reducing);
    let mut reduced = match propagate(board, options, deadline.0)? {
        Modelled::Model(reduced) => reduced,
        Modelled::Refuted(refutation) => return refuted(report, refutation),
    };
    summarize(board, &reduced, &mut report);
    if reduced.stopped() {
        // On the largest boards rules 1-5 alone take a quarter of a second
        // and more: the time limit came first.
        turns::out_of_time(None, None, options, &mut report);
        return Ok(finished(report, clock));
    }
    // A faithful model is asked for as it stands: the search goes ahead of
    // a MIP only where the reduction does.
    let budget = match options.backend {
        Backend::Search => Some(f64::INFINITY),
        _ if options.variant.is_reduced() => options
            .search_budget
            .seconds(options.time_limit, board.len()),
        _ => None,
    };
    let ahead = |engine: search::Engine,
                 probe: Option<u64>,
                 reduced: &Reduced,
                 report: &mut Report,
                 progress: &mut dyn FnMut(Phase)| {
        let budget = budget.map(|seconds| search::Budget {
            engine,
            deadline: &deadline,
            seconds,
            probe,
        });
        search_ahead(board, options, budget, reduced, report, progress)
    };
    // A turn of `seconds` of the search on a thread of its own: `Break`
    // when it settled the board (the report says so), otherwise the search,
    // waiting where it stands for its next turn.
    let turn_on_thread =
        |seconds: f64, reduced: &Reduced, report: &mut Report, progress: &mut dyn FnMut(Phase)| {
            let earlier = report.stats.search.take().unwrap_or_default();
            let domains = reduced.domains.as_ref();
            let mut search = Running::start(board, domains, options, &deadline, earlier);
            search.run_for(seconds, progress);
            if search.settled() {
                search.account(options, report);
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(search)
        };
    // The search's try within its whole budget: ahead of a MIP solver it
    // runs on a thread of its own, which the turns let go on after it.
    let paths_ahead =
        |reduced: &Reduced, report: &mut Report, progress: &mut dyn FnMut(Phase)| match budget {
            Some(seconds) if seconds.is_finite() => {
                turn_on_thread(seconds, reduced, report, progress).map_continue(Some)
            }
            _ => ahead(Paths, None, reduced, report, progress).map_continue(|_| None),
        };
    // The search alone, after its first turn, taking turns with shaving or
    // deep shaving until the board is settled (`shaving_turns.rs`).
    let alone = |(search, turns, narrowing): (Running, order::FirstTurns, Narrowing),
                 reduced: &mut Reduced,
                 mut report: Report,
                 progress: &mut dyn FnMut(Phase)| {
        let refutation = shaving_turns::take_turns(
            board,
            options,
            &deadline,
            search,
            turns,
            narrowing,
            reduced,
            &mut report,
            progress,
        )?;
        match refutation {
            Some(refutation) => refuted(report, refutation),
            None => Ok(finished(report, clock)),
        }
    };
    let search_first = !order::tight(board, &reduced);
    let mut known = None;
    let mut running = None;
    // Shaved already, after the search's first turn on a loose board (the
    // MIP's preparation is done).
    let mut shaved = false;
    // On a loose board the search's first turn before shaving is its
    // budget, not stretched to half the time limit: a loose puzzle waits
    // for shaving (with `--solver search`, `--search-budget 0` means it is
    // never shaved).
    let turns_budget = budget.and(options.search_budget.seconds(None, board.len()));
    let first_turns = turns_budget
        .filter(|_| will_shave(options, &reduced))
        .and_then(|seconds| order::first_turns(board, seconds));
    if let (true, false, Some(turns)) = (search_first, decided(board, &reduced), first_turns) {
        // A loose board: the search's first turn, then shaving; alone, the
        // two take turns; ahead of a MIP the search goes on in the MIP's
        // turns (the first as long as the whole budget), over the domains
        // it started from.
        let search = match turn_on_thread(turns.search, &reduced, &mut report, progress) {
            ControlFlow::Break(()) => return Ok(finished(report, clock)),
            ControlFlow::Continue(search) => search,
        };
        if options.backend == Backend::Search {
            let turns = (search, turns, Narrowing::Shaving);
            return alone(turns, &mut reduced, report, progress);
        }
        progress(Phase::Shaving);
        let stop = deadline.earlier(&Deadline::new(Some(turns.shaving)));
        let idle = Some(order::IDLE_FIRST_PASS);
        let ended = match shave(board, options, stop.0, idle, &mut reduced) {
            Ok(shaved) => shaved == Shaved::Ended,
            Err(refutation) => {
                search.account_figures(options, &mut report);
                return refuted(report, refutation);
            }
        };
        summarize(board, &reduced, &mut report);
        // Shaving left a loose puzzle tight but undecided: deep shaving's
        // turn, as after shaving on a board tight from the start.
        let deeper = ended && order::deep_after_shaving(board) && order::tight(board, &reduced);
        if deeper && !decided(board, &reduced) {
            let turn = (&deadline, turns.shaving);
            let deep = deep_shaving_turn(board, options, turn, &mut reduced, &mut report, progress);
            if let Err(refutation) = deep {
                search.account_figures(options, &mut report);
                return refuted(report, refutation);
            }
        }
        shaved = true;
        running = Some(search);
    } else if search_first && !decided(board, &reduced) {
        match paths_ahead(&reduced, &mut report, progress) {
            ControlFlow::Break(()) => return Ok(finished(report, clock)),
            ControlFlow::Continue(search) => running = search,
        }
    } else if budget.is_some() && !decided(board, &reduced) && will_shave(options, &reduced) {
        if let Some(probe) = order::propagation_probe(board) {
            match ahead(Propagation, Some(probe), &reduced, &mut report, progress) {
                ControlFlow::Break(()) => return Ok(finished(report, clock)),
                ControlFlow::Continue(first) => known = first,
            }
        }
        progress(Phase::Shaving);
        let loose = sample(board, &mut reduced);
        summarize(board, &reduced, &mut report);
        let loose = match loose {
            Err(refutation) => return refuted(report, refutation),
            Ok(loose) => loose,
        };
        let domains = reduced.domains.as_ref();
        if let (Some(nodes), Some(domains)) = (order::near_probe(board, loose), domains) {
            let probe = (&deadline, nodes);
            match search::near(
                board,
                domains,
                known.as_ref(),
                options,
                probe,
                &mut report,
                progress,
            ) {
                search::Left::Nothing => return Ok(finished(report, clock)),
                search::Left::Uniqueness(first) => known = Some(first),
                search::Left::Everything => {}
            }
        }
    }
    if !shaved {
        if will_shave(options, &reduced) {
            progress(Phase::Shaving);
        }
        // With the search waiting for its next turn, shaving (the MIP's
        // preparation) gets at most a turn's length: on a loose board it
        // seldom settles anything, and can take many times the budget.
        let shaving_stop = match (&running, budget) {
            (Some(_), Some(turn)) => deadline.earlier(&Deadline::new(Some(turn))),
            _ => deadline,
        };
        if let Err(refutation) = shave(board, options, shaving_stop.0, None, &mut reduced) {
            return refuted(report, refutation);
        }
    }
    summarize(board, &reduced, &mut report);
    if decided(board, &reduced) && options.backend == Backend::Search {
        // No search and no model: the reduction's grid is the answer.
        search::read_off(board, reduced.domains.as_ref(), options.unique, &mut report)?;
        return Ok(finished(report, clock));
    }
    // A tight board shaving left undecided: the search's short turn, then
    // deep shaving's (rule 8) as long as the budget. The search alone takes
    // turns with it; ahead of a MIP it gets one turn, and the MIP's turns
    // follow.
    let deep_turn = turns_budget.filter(|&seconds| seconds > 0.0 && will_shave(options, &reduced));
    match deep_turn {
        _ if search_first || decided(board, &reduced) => {}
        None => match paths_ahead(&reduced, &mut report, progress) {
            ControlFlow::Break(()) => return Ok(finished(report, clock)),
            ControlFlow::Continue(search) => running = search,
        },
        Some(turn) => {
            // The search's turn before deep shaving is short (ahead of a
            // MIP, the MIP's first turn then has the whole budget).
            let first = order::before_deep_shaving(turn);
            let search = match turn_on_thread(first, &reduced, &mut report, progress) {
                ControlFlow::Break(()) => return Ok(finished(report, clock)),
                ControlFlow::Continue(search) => search,
            };
            if options.backend == Backend::Search {
                let turns = order::FirstTurns {
                    search: first,
                    shaving: turn,
                };
                let turns = (search, turns, Narrowing::DeepShaving);
                return alone(turns, &mut reduced, report, progress);
            }
            let turn = (&deadline, turn);
            let deep = deep_shaving_turn(board, options, turn, &mut reduced, &mut report, progress);
            if let Err(refutation) = deep {
                search.account_figures(options, &mut report);
                return refuted(report, refutation);
            }
            running = Some(search);
        }
    }
    if deadline.remaining().is_err() {
        // A model built now would never be solved, and on a large board
        // its build alone takes a third of a second.
        turns::out_of_time(running, known, options, &mut report);
        return Ok(finished(report, clock));
    }
    progress(Phase::Building);
    let building = Instant::now();
    let Some(prepared) = build_until(board, options, reduced, deadline.0)? else {
        // The limit passed while the model was built: its build is given
        // up, and the line says what it cost.
        report.stats.build_ms = ms(building);
        turns::out_of_time(running, known, options, &mut report);
        return Ok(finished(report, clock));
    };
    let turns = running.zip(budget).map(|(search, first)| turns::Turns {
        search,
        first,
        beside: search_first && second_core(),
    });
    turns::solve(
        board,
        options,
        &deadline,
        &prepared,
        known,
        turns,
        &mut report,
        progress,
    )?;
    Ok(finished(report, clock))
}

/// One turn of deep shaving (rule 8) on a tight board shaving left
/// undecided, ahead of the MIP's turns: `turn` seconds at most, within the
/// solve's deadline; what it left goes into the report.
fn deep_shaving_turn(
    board: &Board,
    options: &Options,
    (deadline, turn): (&Deadline, f64),
    reduced: &mut Reduced,
    report: &mut Report,
    progress: &mut dyn FnMut(Phase),
) -> Result<(), Refutation> {
    progress(Phase::DeepShaving);
    let stop = deadline.earlier(&Deadline::new(Some(turn)));
    shave_deeper(board, options, stop.0, reduced)?;
    summarize(board, reduced, report);
    Ok(())
}

/// The reduction's time and what it left, into the report.
fn summarize(board: &Board, reduced: &Reduced, report: &mut Report) {
    report.stats.reduce_ms = reduced.reduce_ms;
    report.stats.reduction = reduced
        .domains
        .as_ref()
        .map(|domains| domains.summary(board));
}

/// The report with its total time.
fn finished(mut report: Report, clock: Instant) -> Report {
    report.stats.total_ms = ms(clock);
    report
}

/// The search within `budget` (none: it does not run) over what the
/// reduction left: `Break` when it settled everything asked (the report
/// says what), otherwise the first solution it found, if any.
fn search_ahead(
    board: &Board,
    options: &Options,
    budget: Option<search::Budget>,
    reduced: &Reduced,
    report: &mut Report,
    progress: &mut dyn FnMut(Phase),
) -> ControlFlow<(), Option<Solution>> {
    let Some(budget) = budget else {
        return ControlFlow::Continue(None);
    };
    let domains = reduced.domains.as_ref();
    match search::run(board, domains, options, &budget, report, progress) {
        search::Left::Nothing => ControlFlow::Break(()),
        search::Left::Uniqueness(first) => ControlFlow::Continue(Some(first)),
        search::Left::Everything => ControlFlow::Continue(None),
    }
}
