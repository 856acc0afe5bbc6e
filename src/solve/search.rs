//! The search in the pipeline: alone (`--solver search`), and ahead of a MIP
//! solver within a small budget, where it settles boards with many solutions
//! in milliseconds that leave a MIP with a zero objective searching for
//! minutes. What it cannot settle within the budget goes to the MIP, with
//! which it then takes turns (`turns.rs`).

use std::time::Instant;

use crate::board::Board;
use crate::check::{check_values, Solution};
use crate::domains::{Domains, Shaved};
use crate::error::Error;
use crate::report::{Report, SearchStats, Stage, Status, Step};
use crate::search::{self, Limits, Outcome};

use super::{
    ms, order, propagate, shave, will_shave, Count, CountedBy, Counting, Deadline, Modelled,
    Options, Phase,
};

/// Seconds the search gets ahead of HiGHS or CBC by default at least, for
/// every [`DEFAULT_SEARCH_CELLS`] cells of the board (or half a longer time
/// limit: [`SearchBudget::Default`](super::SearchBudget)): far more than it
/// needs on most boards it settles, little beside what a MIP needs where it
/// fails.
pub const DEFAULT_SEARCH_BUDGET: f64 = 1.0;

/// The board size (a little over 12x12) past which the default budget
/// grows with the cells: the local search that finds the first solution of
/// a large loose board spends moves in proportion to its cells, and the MIP
/// it would otherwise hand the board to runs for minutes there.
pub const DEFAULT_SEARCH_CELLS: usize = 150;

/// What the search left for a MIP solver to do.
pub(super) enum Left {
    /// Nothing: it settled everything asked, and the report says so.
    Nothing,
    /// Uniqueness: it found this (checked) first solution, not a second one,
    /// and did not finish.
    Uniqueness(Solution),
    /// Everything: it found no solution and did not finish.
    Everything,
}

/// Which of the search's engines a try runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Engine {
    /// Paths grown and gaps filled over the domains as they stand
    /// ([`search::search`]).
    Paths,
    /// One cell decided at a time, the reduction's rules run after each
    /// ([`search::branch`]).
    Propagation,
}

/// What one try of the search may spend.
pub(super) struct Budget<'a> {
    pub(super) engine: Engine,
    /// The whole solve's deadline.
    pub(super) deadline: &'a Deadline,
    /// Seconds for this try.
    pub(super) seconds: f64,
    /// Nodes, when it only tries before shaving.
    pub(super) probe: Option<u64>,
}

/// Runs the search within its budget. What it settled (a solution, or
/// none; uniqueness when asked) is written into `report`; alone
/// (`Backend::Search`) and not probing, it writes whatever it reached. Its
/// counts add to those of an earlier try. `progress` hears its nodes.
pub(super) fn run(
    board: &Board,
    domains: Option<&Domains>,
    options: &Options,
    budget: &Budget,
    report: &mut Report,
    progress: &mut dyn FnMut(Phase),
) -> Left {
    let _span = tracing::info_span!("search").entered();
    let (deadline, probe) = (budget.deadline, budget.probe);
    let stop = deadline.earlier(&Deadline::new(Some(budget.seconds))).0;
    let limits = limits(options, stop);
    let max_nodes = probe.unwrap_or(u64::MAX);
    let alone = options.backend == crate::backend::Backend::Search && probe.is_none();
    let engine = budget.engine;
    attempt(
        engine,
        options,
        alone,
        report,
        progress,
        |searching| match (engine, domains) {
            (Engine::Paths, _) => Some(search::search_side_by_side(
                board,
                domains,
                &limits,
                max_nodes,
                options.searches,
                None,
                searching,
            )),
            (Engine::Propagation, Some(domains)) => {
                Some(search::branch(board, domains, &limits, max_nodes))
            }
            (Engine::Propagation, None) => None,
        },
    )
}

/// The fill's short try on a tight board before shaving: a first solution
/// (`first`, if the search by propagation found one, else the fill's
/// within `nodes.0` nodes) and a second near it within `nodes.1`
/// (`search::first_then_near`). What it settled is written into `report`
/// as [`run`] writes it.
pub(super) fn near(
    board: &Board,
    domains: &Domains,
    first: Option<&Solution>,
    options: &Options,
    (deadline, nodes): (&Deadline, (u64, u64)),
    report: &mut Report,
    progress: &mut dyn FnMut(Phase),
) -> Left {
    let _span = tracing::info_span!("search near").entered();
    let limits = limits(options, deadline.0);
    attempt(Engine::Paths, options, false, report, progress, |_| {
        let searches = options.searches;
        Some(search::first_then_near(
            board, domains, first, &limits, nodes, searches,
        ))
    })
}

/// One try of the search with `engine`: `progress` hears it start, and
/// the nodes `search` reports through the callback it is given, counted on
/// from an earlier try's; its counts add to that try's, and what it
/// settled is written into `report` (whatever it reached, when `alone`).
/// None from `search`: the engine could not run, and nothing is written.
fn attempt(
    engine: Engine,
    options: &Options,
    alone: bool,
    report: &mut Report,
    progress: &mut dyn FnMut(Phase),
    search: impl FnOnce(&mut dyn FnMut(&search::Progress)) -> Option<Outcome>,
) -> Left {
    let start = Instant::now();
    let earlier = report.stats.search.take().unwrap_or_default();
    progress(Phase::Searching {
        nodes: earlier.nodes,
        solutions: 0,
    });
    let mut searching = |seen: &search::Progress| {
        progress(Phase::Searching {
            nodes: earlier.nodes + seen.nodes,
            solutions: seen.solutions,
        })
    };
    let Some(outcome) = search(&mut searching) else {
        return Left::Everything;
    };
    let tried = Tried {
        engine,
        earlier,
        ms: ms(start),
    };
    account(outcome, tried, options, alone, report)
}

/// What the search is asked for: two solutions with `--unique`, else one,
/// until `stop`.
pub(super) fn limits(options: &Options, stop: Option<Instant>) -> Limits {
    Limits {
        solutions: if options.unique { 2 } else { 1 },
        stop,
    }
}

/// One try of the search, beside its outcome: its engine, the figures of
/// the tries before it, and the milliseconds it ran.
pub(super) struct Tried {
    pub(super) engine: Engine,
    pub(super) earlier: SearchStats,
    pub(super) ms: f64,
}

/// Writes a try's figures into the report ([`figures`]) and what it
/// settled (a solution, or none; uniqueness when asked), or, `alone`,
/// whatever it reached; answers what it left for a MIP solver.
pub(super) fn account(
    outcome: Outcome,
    tried: Tried,
    options: &Options,
    alone: bool,
    report: &mut Report,
) -> Left {
    figures(&outcome, tried, options, report);
    if search::settles(&outcome, &limits(options, None)) || alone {
        write_outcome(outcome, options.unique, report);
        return Left::Nothing;
    }
    match outcome.solutions.into_iter().next() {
        Some(first) => Left::Uniqueness(first),
        None => Left::Everything,
    }
}

/// Writes a try's figures into the report, added to the tries' before it.
pub(super) fn figures(outcome: &Outcome, tried: Tried, options: &Options, report: &mut Report) {
    let Tried {
        engine,
        earlier,
        ms,
    } = tried;
    let (nodes, decisions) = match engine {
        Engine::Paths => (outcome.nodes, 0),
        Engine::Propagation => (0, outcome.nodes),
    };
    report.stats.search = Some(SearchStats {
        nodes: earlier.nodes + nodes,
        decisions: earlier.decisions + decisions,
        moves: earlier.moves + outcome.moves,
        failures: earlier.failures + outcome.failures,
        solutions: outcome.count,
        complete: outcome.complete,
        ms: earlier.ms + ms,
        seed: options.searches.seed,
        threads: earlier.threads.max(outcome.threads),
    });
}

/// The answer of a board whose every cell the reduction fixed, read off
/// its domains and checked: the reduction decided it, and it is unique.
pub(super) fn read_off(
    board: &Board,
    domains: Option<&Domains>,
    unique: bool,
    report: &mut Report,
) -> Result<(), Error> {
    let values = (0..board.len())
        .map(|index| domains.and_then(|domains| domains.fixed(board, board.cell(index))))
        .collect::<Option<Vec<u32>>>();
    let rejected = |problem: String| Error::Rejected {
        solver: "reduction",
        problem,
    };
    let values = values.ok_or_else(|| rejected("a cell was left open".into()))?;
    let solution =
        check_values(board, values).map_err(|violation| rejected(violation.to_string()))?;
    report.status = Status::Solved;
    report.grid = Some(solution);
    report.found_by = Some(Stage::Reduction);
    report.decided_by = Some(Stage::Reduction);
    if unique {
        report.unique = Some(true);
        report.unique_decided_by = Some(Stage::Reduction);
    }
    Ok(())
}

/// The search's verdict as the report states it.
fn write_outcome(outcome: Outcome, unique: bool, report: &mut Report) {
    let mut solutions = outcome.solutions.into_iter();
    let Some(first) = solutions.next() else {
        if outcome.complete {
            report.status = Status::Infeasible;
            report.reason = Some("the search proved that no path fits the clues".into());
            report.decided_by = Some(Stage::Search);
        } else {
            report.status = Status::TimeLimit;
            report.stopped_in = Some(Step::Solve);
        }
        return;
    };
    report.status = Status::Solved;
    report.grid = Some(first);
    report.found_by = Some(Stage::Search);
    if !unique {
        report.decided_by = Some(Stage::Search);
        return;
    }
    match solutions.next() {
        Some(second) => {
            report.unique = Some(false);
            report.second_solution = Some(second);
        }
        None if outcome.complete => report.unique = Some(true),
        None => {
            report.status = Status::TimeLimit;
            report.stopped_in = Some(Step::Unique);
            return;
        }
    }
    report.unique_decided_by = Some(Stage::Search);
    report.decided_by = Some(Stage::Search);
}

/// Counts with the search, after the prechecks and the reduction: on a board
/// whose only clues are 1 and T, with its frontier program (a dynamic
/// program over the cells, not a walk: `src/search/frontier.rs`). It
/// counts on from `found`, solutions found before ([`search::count_on`]).
///
/// On a loose board the count first runs for a short turn over rules 1-5's
/// domains, as `solve` does ([`super::order`]): where the board has many
/// solutions it reaches its limit at once, and shaving, which would have
/// come first, costs tens of times as long there. Only if it does not is
/// the board shaved, for [`order::COUNT_SHAVING`] at most, and counted
/// again over the shaved domains (the count is the same over either); if
/// that cut shaving short, the two take turns until it ends.
pub(super) fn count(
    board: &Board,
    options: &Options,
    limit: u64,
    found: &[Solution],
    progress: &mut dyn FnMut(Counting),
) -> Result<Count, Error> {
    // The time limit covers the reduction too, as it does a MIP's count.
    let deadline = Deadline::new(options.time_limit);
    let mut reduced = match propagate(board, options, deadline.0)? {
        Modelled::Model(reduced) => reduced,
        Modelled::Refuted(refutation) => return Ok(none(refutation.stage)),
    };
    if reduced.stopped() {
        // The time limit stopped the reduction: the solutions known are all
        // this count has.
        return Ok(Count::new(found.len() as u128, false, CountedBy::Search));
    }
    // A count that starts again over the shaved domains finds the same
    // solutions again: the most known so far, which progress hears, does
    // not go back.
    let mut known = 0;
    let mut counting = |domains: Option<&Domains>, stop: &Deadline| {
        let limits = Limits {
            solutions: limit,
            stop: stop.0,
        };
        let (outcome, exact) = search::count_exactly(
            board,
            domains,
            &limits,
            options.searches,
            found,
            &mut |seen| match seen.rows {
                Some((done, of)) => progress(Counting::Rows { done, of }),
                None => {
                    known = known.max(seen.solutions);
                    progress(Counting::Found(known))
                }
            },
        );
        known = known.max(outcome.count);
        counted(&outcome, exact)
    };
    // A board whose only clues are 1 and T goes to the frontier program,
    // which needs no domains: shaving it first would only cost time (most
    // of the count of an empty 8x8).
    let mut stopped = None; // a count the time limit stopped in a turn
    if !search::ends_only(board) && will_shave(options, &reduced) {
        let mut shaving = Some(deadline);
        if !order::tight(board, &reduced) {
            let turn = deadline.earlier(&Deadline::new(Some(order::COUNT_FIRST_TURN)));
            let count = counting(reduced.domains.as_ref(), &turn);
            let reached = count.complete || count.solutions >= u128::from(limit.max(1));
            if reached || turn.0 == deadline.0 {
                return Ok(count);
            }
            // A board that gave the turn a good share of its limit has
            // many solutions, where shaving decides nothing: it is counted
            // again over the same domains.
            let found = u64::try_from(count.solutions).unwrap_or(u64::MAX);
            let many = order::many_in_first_turn(found, limit);
            shaving = (!many).then(|| deadline.earlier(&Deadline::new(Some(order::COUNT_SHAVING))));
        }
        // Shaving stopped by its clock leaves domains that still hold every
        // solution. It goes on past an idle first pass, as `solve`'s does
        // not: the count starts again over what it leaves, and the passes
        // after it guide the count on some boards (docs/record/stages.md,
        // "Shaving a loose board ends after an idle first pass"). Cut short
        // by its turn (on a busy machine, or a board that needs longer),
        // it would leave the count over domains where it can run for
        // minutes, when the shaved ones take a second: the count and
        // shaving then take turns, each twice as long as the one before,
        // until the count reaches its end or its limit or shaving ends on
        // its own.
        let mut turn = order::COUNT_SHAVING;
        while let Some(stop) = shaving {
            match shave(board, options, stop.0, None, &mut reduced) {
                Err(_) => return Ok(none(Stage::Reduction)),
                Ok(Shaved::Ended) => break,
                Ok(Shaved::Stopped) if deadline.remaining().is_err() => break,
                Ok(Shaved::Stopped) => {}
            }
            turn *= 2.0;
            let stop = deadline.earlier(&Deadline::new(Some(turn)));
            let count = counting(reduced.domains.as_ref(), &stop);
            if count.complete || count.solutions >= u128::from(limit.max(1)) {
                return Ok(count);
            }
            if stop.0 == deadline.0 {
                stopped = Some(count);
                break;
            }
            turn *= 2.0;
            shaving = Some(deadline.earlier(&Deadline::new(Some(turn))));
        }
    }
    let mut count = match stopped {
        Some(count) => count,
        None => counting(reduced.domains.as_ref(), &deadline),
    };
    // Stopped short, the count over the shaved domains may have found fewer
    // than the first turn did: the solutions are the same, so at least
    // that many are known.
    if !count.complete {
        count.solutions = known.into();
    }
    Ok(count)
}

/// The count of a board with no solution, proved by `stage`.
fn none(stage: Stage) -> Count {
    Count::new(0, true, stage.into())
}

/// What a count's outcome says, or the frontier program's exact count
/// where it has one (which may pass what a `u64` holds).
fn counted(outcome: &Outcome, exact: Option<u128>) -> Count {
    match exact {
        Some(paths) => Count::new(paths, true, CountedBy::Frontier),
        None => Count::new(outcome.count.into(), outcome.complete, CountedBy::Search),
    }
}
