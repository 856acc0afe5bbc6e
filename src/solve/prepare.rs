//! Everything before a solver runs: the size guard, the prechecks, the
//! reduction (rules 1-5, then shaving when the variant asks) and the
//! model's build. `model`, `export` and `relax` stop here; `solve` goes on
//! to the search or a MIP.

use std::time::Instant;

use super::options::Deadline;
use super::{order, Options, REDUCTION_PAIRS_PER_VARIABLE};
use crate::board::Board;
use crate::domains::{Domains, Shaved};
use crate::error::Error;
use crate::formulation::{Model, Scope};
use crate::precheck::{precheck, Contradiction};
use crate::report::Stage;

/// Milliseconds since `since`, the unit every report's times are in.
pub(crate) fn ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1000.0
}

/// What the reduction left, before any model.
pub struct Reduced {
    /// The domains, when the variant is reduced.
    pub domains: Option<Domains>,
    pub reduce_ms: Option<f64>,
}

impl Reduced {
    /// The time limit stopped rules 1-5 short of their fixpoint: there is
    /// nothing to go on with.
    pub fn stopped(&self) -> bool {
        self.domains.as_ref().is_some_and(Domains::stopped)
    }
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
    reduce_stopping(board, options, Deadline::new(options.time_limit).0, false)
}

/// As [`reduce`] within the caller's time limit, ending at `stop`, with
/// rules 1-5 given up there too: for a count, whose answer says it stopped
/// (a model to show or export is made from the rules' fixpoint, however
/// long they take).
pub(super) fn reduce_in_time(
    board: &Board,
    options: &Options,
    stop: Option<Instant>,
) -> Result<Modelled<Reduced>, Error> {
    reduce_stopping(board, options, stop, true)
}

/// The reduction with shaving given up at `stop`, and rules 1-5 too when
/// `rules_too`.
fn reduce_stopping(
    board: &Board,
    options: &Options,
    stop: Option<Instant>,
    rules_too: bool,
) -> Result<Modelled<Reduced>, Error> {
    let rules_stop = stop.filter(|_| rules_too);
    let mut reduced = match propagate(board, options, rules_stop)? {
        Modelled::Model(reduced) if reduced.stopped() => return Ok(Modelled::Model(reduced)),
        Modelled::Model(reduced) => reduced,
        refuted => return Ok(refuted),
    };
    if let Err(refutation) = shave(board, options, stop, None, &mut reduced) {
        return Ok(Modelled::Refuted(refutation));
    }
    Ok(Modelled::Model(reduced))
}

/// Guard, precheck and rules 1-5 of the reduction (none for the faithful
/// variant): the cheap part, which the search starts from. The rules give
/// up at `stop` ([`Reduced::stopped`]).
pub(super) fn propagate(
    board: &Board,
    options: &Options,
    stop: Option<Instant>,
) -> Result<Modelled<Reduced>, Error> {
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
    match Domains::reduce_until(board, stop) {
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
/// solve's deadline; the solver then reports it), and, given `idle` (a
/// share), in a first pass whose first half removed fewer than that share
/// of its trials' pairs (`Domains::shave_unless_idle`: after `solve`'s
/// first turn of the search on a loose board, [`order::IDLE_FIRST_PASS`]).
/// Says whether shaving ended on its own or was stopped (a variant that
/// does not shave has ended).
pub(super) fn shave(
    board: &Board,
    options: &Options,
    stop: Option<Instant>,
    idle: Option<f64>,
    reduced: &mut Reduced,
) -> Result<Shaved, Refutation> {
    if !options.variant.shaves() {
        return Ok(Shaved::Ended);
    }
    let _span = tracing::info_span!("shave").entered();
    reduce_further(reduced, Shaved::Ended, |domains| match idle {
        None => domains.shave_within_budget(board, stop),
        Some(least) => domains.shave_unless_idle(board, stop, least),
    })
}

/// Rule 8, deep shaving ([`Domains::shave_deeper`]), until `stop`, when
/// the variant shaves: for a tight board that shaving left undecided.
pub(super) fn shave_deeper(
    board: &Board,
    options: &Options,
    stop: Option<Instant>,
    reduced: &mut Reduced,
) -> Result<Shaved, Refutation> {
    if !options.variant.shaves() {
        return Ok(Shaved::Ended);
    }
    let _span = tracing::info_span!("shave_deeper").entered();
    reduce_further(reduced, Shaved::Ended, |domains| {
        domains.shave_deeper(board, stop)
    })
}

/// Shaving's sample of a tight board ([`order::sampled_loose`]): true when
/// the board looks loose, and the search should try before shaving.
pub(super) fn sample(board: &Board, reduced: &mut Reduced) -> Result<bool, Refutation> {
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
    match build_until(board, options, reduced, None)? {
        Some(prepared) => Ok(prepared),
        None => unreachable!("a build with no stop is never given up"),
    }
}

/// As [`build`], given up (None) once the clock passes `stop`
/// ([`crate::Formulation::build_until`]): the assignment model of a 60x60
/// board with 150 clues takes a third of a second to build, which a time
/// limit should not wait for.
pub fn build_until(
    board: &Board,
    options: &Options,
    reduced: Reduced,
    stop: Option<Instant>,
) -> Result<Option<Prepared>, Error> {
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
    let Some(model) = options.formulation.build_until(board, scope, stop) else {
        return Ok(None);
    };
    Ok(Some(Prepared {
        model,
        domains: reduced.domains,
        reduce_ms: reduced.reduce_ms,
        build_ms: ms(start),
    }))
}

/// As [`prepare`], with shaving and the build given up at `stop`: None
/// when the clock ran out before the model was whole.
pub(crate) fn prepare_until(
    board: &Board,
    options: &Options,
    stop: Option<Instant>,
) -> Result<Option<Modelled<Prepared>>, Error> {
    Ok(match reduce_in_time(board, options, stop)? {
        Modelled::Model(reduced) => {
            build_until(board, options, reduced, stop)?.map(Modelled::Model)
        }
        Modelled::Refuted(refutation) => Some(Modelled::Refuted(refutation)),
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

/// Will shaving run on what the reduction left: the variant shaves, and
/// the board is within the shaving budget?
pub(super) fn will_shave(options: &Options, reduced: &Reduced) -> bool {
    options.variant.shaves()
        && reduced
            .domains
            .as_ref()
            .is_some_and(Domains::within_shaving_budget)
}

/// Did the reduction fix every cell?
pub(super) fn decided(board: &Board, reduced: &Reduced) -> bool {
    reduced
        .domains
        .as_ref()
        .is_some_and(|domains| domains.summary(board).fixed_cells == board.len())
}
