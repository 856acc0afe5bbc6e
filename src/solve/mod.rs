//! The solve pipeline, the same for every formulation and backend: size
//! guard, prechecks, reduction, then either the search (`--solver search`,
//! and within a small budget ahead of every MIP) or the MIP: build, solve,
//! decode, check, and with `unique` the no-good cut and a second solve.

mod mip;
mod options;
mod order;
mod phase;
pub(crate) mod rows;
mod search;

pub(crate) use options::Deadline;
pub use options::{Options, SearchBudget, DEFAULT_MAX_VARIABLES, REDUCTION_PAIRS_PER_VARIABLE};
pub(crate) use order::{propagation_probe, TIGHT_VALUES_PER_CELL};
pub use phase::Phase;
pub use search::{DEFAULT_SEARCH_BUDGET, DEFAULT_SEARCH_CELLS};

use std::ops::ControlFlow;
use std::time::Instant;

use crate::backend::Backend;
use crate::board::Board;
use crate::check::Solution;
use crate::domains::Domains;
use crate::error::Error;
use crate::formulation::{Model, Scope};
use crate::precheck::{precheck, Contradiction};
use crate::report::{Report, Stage, Stats, Status};
use search::Engine::{Paths, Propagation};

pub(crate) fn ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1000.0
}

/// What the reduction left, before any model.
pub struct Reduced {
    /// The domains, when the variant is reduced.
    pub domains: Option<Domains>,
    pub reduce_ms: Option<f64>,
}

/// The model the options ask for, with the reduction's outcome.
pub struct Prepared {
    pub model: Model,
    /// The domains, when reduced.
    pub domains: Option<Domains>,
    pub reduce_ms: Option<f64>,
    pub build_ms: f64,
}

/// A board proved to have no solution before any solver ran.
#[derive(Debug, Clone, PartialEq)]
pub struct Refutation {
    pub contradiction: Contradiction,
    /// [`Stage::Precheck`] or [`Stage::Reduction`].
    pub stage: Stage,
    /// Time the reduction took, when it was the reduction that refuted.
    pub reduce_ms: Option<f64>,
}

/// What a step that needs a model gives: its result (`prepare`: the model
/// itself; `model` and `export`: what they make of it), or the proof that
/// the board has no solution, found before any model was built.
#[derive(Debug)]
pub enum Modelled<T> {
    Model(T),
    Refuted(Refutation),
}

impl<T> Modelled<T> {
    /// The result, or None for a refuted board.
    pub fn into_model(self) -> Option<T> {
        match self {
            Modelled::Model(value) => Some(value),
            Modelled::Refuted(_) => None,
        }
    }

    /// Applies `f` to the result, keeping a refutation as it is.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Modelled<U> {
        match self {
            Modelled::Model(value) => Modelled::Model(f(value)),
            Modelled::Refuted(refutation) => Modelled::Refuted(refutation),
        }
    }
}

/// Refuses boards whose model (or reduction) would be too large, before
/// anything is allocated for them.
pub fn guard(board: &Board, options: &Options) -> Result<(), Error> {
    if let Some(most) = options.formulation.max_cells() {
        if board.len() > most && options.backend.is_mip() {
            return Err(Error::TooLarge {
                what: format!(
                    "the {} model of this {}x{} board ({} cells) would have about {} variables",
                    options.formulation,
                    board.rows(),
                    board.cols(),
                    board.len(),
                    options.formulation.estimate(board, None).variables
                ),
                limit: format!("{most} cells for --model {}", options.formulation),
            });
        }
    }
    let cells = board.len() as u64;
    let pairs_limit = options
        .max_variables
        .saturating_mul(REDUCTION_PAIRS_PER_VARIABLE);
    if options.variant.is_reduced() && cells * cells > pairs_limit {
        return Err(Error::TooLarge {
            what: format!(
                "the reduction of this {}x{} board would track {} (cell, value) pairs",
                board.rows(),
                board.cols(),
                cells * cells
            ),
            limit: format!(
                "{pairs_limit} pairs ({REDUCTION_PAIRS_PER_VARIABLE} per variable allowed; raise it with --max-variables)"
            ),
        });
    }
    if !options.variant.is_reduced() && options.backend.is_mip() {
        check_size(board, options, None)?;
    }
    Ok(())
}

fn check_size(board: &Board, options: &Options, domains: Option<&Domains>) -> Result<(), Error> {
    let size = options.formulation.estimate(board, domains);
    if size.variables > options.max_variables {
        return Err(Error::TooLarge {
            what: format!(
                "the {} {} model of this {}x{} board would have {} variables and about {} nonzeros",
                if domains.is_some() {
                    "reduced"
                } else {
                    "faithful"
                },
                options.formulation,
                board.rows(),
                board.cols(),
                size.variables,
                size.nonzeros
            ),
            limit: format!(
                "{} variables (raise it with --max-variables)",
                options.max_variables
            ),
        });
    }
    Ok(())
}

/// Guard, precheck and reduce (if the variant asks): everything before a
/// model is built.
pub fn reduce(board: &Board, options: &Options) -> Result<Modelled<Reduced>, Error> {
    let mut reduced = match propagate(board, options)? {
        Modelled::Model(reduced) => reduced,
        refuted => return Ok(refuted),
    };
    let stop = Deadline::new(options.time_limit).0;
    if let Err(refutation) = shave(board, options, stop, &mut reduced) {
        return Ok(Modelled::Refuted(refutation));
    }
    Ok(Modelled::Model(reduced))
}

/// Guard, precheck and rules 1-5 of the reduction (none for the faithful
/// variant): the cheap part, which the search starts from.
fn propagate(board: &Board, options: &Options) -> Result<Modelled<Reduced>, Error> {
    guard(board, options)?;
    if let Err(contradiction) = precheck(board) {
        return Ok(Modelled::Refuted(Refutation {
            contradiction,
            stage: Stage::Precheck,
            reduce_ms: None,
        }));
    }
    if !options.variant.is_reduced() {
        return Ok(Modelled::Model(Reduced {
            domains: None,
            reduce_ms: None,
        }));
    }
    let _span = tracing::info_span!("reduce").entered();
    let start = Instant::now();
    match Domains::reduce_with(board, false, None) {
        Ok(domains) => Ok(Modelled::Model(Reduced {
            domains: Some(domains),
            reduce_ms: Some(ms(start)),
        })),
        Err(contradiction) => Ok(Modelled::Refuted(Refutation {
            contradiction,
            stage: Stage::Reduction,
            reduce_ms: Some(ms(start)),
        })),
    }
}

/// Rules 6 and 7, when the variant shaves. Shaving gives up at `stop` (the
/// solve's deadline; the solver then reports it).
fn shave(
    board: &Board,
    options: &Options,
    stop: Option<Instant>,
    reduced: &mut Reduced,
) -> Result<(), Refutation> {
    if !options.variant.shaves() {
        return Ok(());
    }
    let _span = tracing::info_span!("shave").entered();
    reduce_further(reduced, (), |domains| {
        domains.shave_within_budget(board, stop)
    })
}

/// Shaving's sample of a tight board ([`order::sampled_loose`]): true when
/// the board looks loose, and the search should try before shaving.
fn sample(board: &Board, reduced: &mut Reduced) -> Result<bool, Refutation> {
    reduce_further(reduced, false, |domains| {
        order::sampled_loose(board, domains)
    })
}

/// Runs `step` on the reduction's domains (`none` when there are none),
/// adding its time to the reduction's, and turns a contradiction it finds
/// into the reduction's refutation.
fn reduce_further<T>(
    reduced: &mut Reduced,
    none: T,
    step: impl FnOnce(&mut Domains) -> Result<T, Contradiction>,
) -> Result<T, Refutation> {
    let Some(domains) = &mut reduced.domains else {
        return Ok(none);
    };
    let start = Instant::now();
    let result = step(domains);
    let reduce_ms = reduced.reduce_ms.unwrap_or(0.0) + ms(start);
    reduced.reduce_ms = Some(reduce_ms);
    result.map_err(|contradiction| Refutation {
        contradiction,
        stage: Stage::Reduction,
        reduce_ms: Some(reduce_ms),
    })
}

/// Builds the formulation's model over what the reduction left, unless it
/// would be larger than the options allow.
pub fn build(board: &Board, options: &Options, reduced: Reduced) -> Result<Prepared, Error> {
    if let Some(domains) = &reduced.domains {
        check_size(board, options, Some(domains))?;
    }
    let _span = tracing::info_span!("build", model = %options.formulation).entered();
    let start = Instant::now();
    let scope = match &reduced.domains {
        Some(domains) => Scope::Reduced {
            domains,
            strengthen: options.variant.strengthens(),
        },
        None => Scope::Faithful,
    };
    let model = options.formulation.build(board, scope);
    Ok(Prepared {
        model,
        domains: reduced.domains,
        reduce_ms: reduced.reduce_ms,
        build_ms: ms(start),
    })
}

/// Guard, precheck, reduce (if asked) and build: everything before a
/// solver runs.
pub fn prepare(board: &Board, options: &Options) -> Result<Modelled<Prepared>, Error> {
    Ok(match reduce(board, options)? {
        Modelled::Model(reduced) => Modelled::Model(build(board, options, reduced)?),
        Modelled::Refuted(refutation) => Modelled::Refuted(refutation),
    })
}

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
    let mut reduced = match propagate(board, options)? {
        Modelled::Model(reduced) => reduced,
        Modelled::Refuted(refutation) => return refuted(report, refutation),
    };
    let summarize = |reduced: &Reduced, report: &mut Report| {
        report.stats.reduce_ms = reduced.reduce_ms;
        report.stats.reduction = reduced
            .domains
            .as_ref()
            .map(|domains| domains.summary(board));
    };
    summarize(&reduced, &mut report);
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
    let search_first = !order::tight(board, &reduced);
    let mut known = None;
    if search_first && !decided(board, &reduced) {
        match ahead(Paths, None, &reduced, &mut report, progress) {
            ControlFlow::Break(()) => return Ok(finished(report, clock)),
            ControlFlow::Continue(first) => known = first,
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
        summarize(&reduced, &mut report);
        match loose {
            Err(refutation) => return refuted(report, refutation),
            Ok(false) => {}
            Ok(true) => {
                let probe = order::PROBE_NODES_PER_CELL * board.len() as u64;
                match ahead(Paths, Some(probe), &reduced, &mut report, progress) {
                    ControlFlow::Break(()) => return Ok(finished(report, clock)),
                    ControlFlow::Continue(first) => known = first.or(known),
                }
            }
        }
    }
    if will_shave(options, &reduced) {
        progress(Phase::Shaving);
    }
    if let Err(refutation) = shave(board, options, deadline.0, &mut reduced) {
        return refuted(report, refutation);
    }
    summarize(&reduced, &mut report);
    if decided(board, &reduced) && options.backend == Backend::Search {
        // No search and no model: the reduction's grid is the answer.
        search::read_off(board, reduced.domains.as_ref(), options.unique, &mut report)?;
        return Ok(finished(report, clock));
    }
    if !search_first && !decided(board, &reduced) {
        match ahead(Paths, None, &reduced, &mut report, progress) {
            ControlFlow::Break(()) => return Ok(finished(report, clock)),
            ControlFlow::Continue(first) => known = first.or(known),
        }
    }
    progress(Phase::Building);
    let prepared = build(board, options, reduced)?;
    mip::run(
        board,
        options,
        &deadline,
        prepared,
        known,
        &mut report,
        progress,
    )?;
    Ok(finished(report, clock))
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

/// Will shaving run on what the reduction left: the variant shaves, and
/// the board is within the shaving budget?
fn will_shave(options: &Options, reduced: &Reduced) -> bool {
    options.variant.shaves()
        && reduced
            .domains
            .as_ref()
            .is_some_and(Domains::within_shaving_budget)
}

/// Did the reduction fix every cell?
fn decided(board: &Board, reduced: &Reduced) -> bool {
    reduced
        .domains
        .as_ref()
        .is_some_and(|domains| domains.summary(board).fixed_cells == board.len())
}

/// How many solutions a board has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Count {
    pub solutions: u64,
    /// False if `limit` solutions were found (there may be more) or time ran out.
    pub complete: bool,
}

/// Counts solutions, up to `limit`: with the search (`Backend::Search`), or
/// by solving, cutting off each solution found with a no-good cut, and
/// solving again until the model is infeasible (HiGHS, CBC).
pub fn count_solutions(board: &Board, options: &Options, limit: u64) -> Result<Count, Error> {
    count_solutions_with(board, options, limit, &mut |_| {})
}

/// As [`count_solutions`], telling `progress` the solutions found so far
/// (every few thousand search nodes, or after every MIP solve).
pub fn count_solutions_with(
    board: &Board,
    options: &Options,
    limit: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<Count, Error> {
    match options.backend {
        Backend::Search => search::count(board, options, limit, progress),
        Backend::Highs | Backend::Cbc => mip::count_by_cuts(board, options, limit, progress),
    }
}
