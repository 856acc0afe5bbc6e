//! The solve pipeline, the same for every formulation and backend:
//! size guard, prechecks, reduction, build, solve, decode, check, and with
//! `unique` the no-good cut and a second solve.

use std::time::{Duration, Instant};

use crate::backend::{Backend, Outcome, Params, Run};
use crate::board::Board;
use crate::check::{check_values, Solution};
use crate::domains::Domains;
use crate::error::Error;
use crate::formulation::{Formulation, Model, Scope};
use crate::mip::Row;
use crate::precheck::{precheck, Contradiction};
use crate::report::{Report, Stage, Stats, Status, Step};
use crate::variant::Variant;

/// Default cap on model variables: the faithful assignment model of a
/// 30x30 board (810,000 binaries) builds in well under 4 GiB.
pub const DEFAULT_MAX_VARIABLES: u64 = 1_000_000;

/// The reduction holds T x T bits, one per (cell, value) pair, its work
/// grows with T^2 and more, and the reduced assignment model's build walks
/// every pair again (16 bytes each). It is refused past this many pairs per
/// variable allowed in the model: 64 x 1,000,000 by default, an 89x89 board
/// at most, which peaks at about 1 GB (measured on a fully clued 89x89
/// board). `--max-variables` raises both limits together.
pub const REDUCTION_PAIRS_PER_VARIABLE: u64 = 64;

/// Everything a solve can be asked to do.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
    pub formulation: Formulation,
    pub backend: Backend,
    /// Faithful, or reduced (with or without shaving and tightening rows).
    pub variant: Variant,
    /// Prove or refute uniqueness with the no-good cut.
    pub unique: bool,
    /// Seconds for the whole solve: reduction, build, both solver calls.
    pub time_limit: Option<f64>,
    /// Seconds for the uniqueness step alone (and within `time_limit`). When
    /// it runs out the first solution, found and checked, is still reported:
    /// status time_limit, `stopped_in` unique, `unique` null.
    pub unique_time_limit: Option<f64>,
    /// Show the solver's own log (on stderr).
    pub solver_log: bool,
    /// Refuse models with more variables than this.
    pub max_variables: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            formulation: Formulation::Assignment,
            backend: Backend::Highs,
            variant: Variant::REDUCED,
            unique: false,
            time_limit: None,
            unique_time_limit: None,
            solver_log: false,
            max_variables: DEFAULT_MAX_VARIABLES,
        }
    }
}

impl Options {
    pub fn new(formulation: Formulation, backend: Backend) -> Options {
        Options {
            formulation,
            backend,
            ..Options::default()
        }
    }
}

/// A clock for the whole solve.
struct Deadline(Option<Instant>);

impl Deadline {
    /// A limit too far away for the clock (1e300 seconds) is no limit.
    fn new(seconds: Option<f64>) -> Deadline {
        Deadline(seconds.and_then(|seconds| {
            let duration = Duration::try_from_secs_f64(seconds.max(0.0)).ok()?;
            Instant::now().checked_add(duration)
        }))
    }

    /// Seconds left (None: no limit), or Err if none are.
    fn remaining(&self) -> Result<Option<f64>, ()> {
        match self.0 {
            None => Ok(None),
            Some(end) => {
                let left = end.saturating_duration_since(Instant::now()).as_secs_f64();
                if left > 0.0 {
                    Ok(Some(left))
                } else {
                    Err(())
                }
            }
        }
    }
}

fn ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1000.0
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
    if !options.variant.is_reduced() {
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

/// Guard, precheck, reduce (if asked) and build: everything before a
/// solver runs.
pub fn prepare(board: &Board, options: &Options) -> Result<Modelled<Prepared>, Error> {
    guard(board, options)?;
    if let Err(contradiction) = precheck(board) {
        return Ok(Modelled::Refuted(Refutation {
            contradiction,
            stage: Stage::Precheck,
            reduce_ms: None,
        }));
    }
    let (domains, reduce_ms) = match options.variant {
        Variant::Reduced { shave, .. } => {
            let _span = tracing::info_span!("reduce", shave).entered();
            let start = Instant::now();
            // Shaving stops when the time limit would (the solver then reports it).
            let stop = Deadline::new(options.time_limit).0;
            match Domains::reduce_with(board, shave, stop) {
                Ok(domains) => {
                    let elapsed = ms(start);
                    check_size(board, options, Some(&domains))?;
                    (Some(domains), Some(elapsed))
                }
                Err(contradiction) => {
                    return Ok(Modelled::Refuted(Refutation {
                        contradiction,
                        stage: Stage::Reduction,
                        reduce_ms: Some(ms(start)),
                    }))
                }
            }
        }
        Variant::Faithful => (None, None),
    };
    let _span = tracing::info_span!("build", model = %options.formulation).entered();
    let start = Instant::now();
    let scope = match &domains {
        Some(domains) => Scope::Reduced {
            domains,
            strengthen: options.variant.strengthens(),
        },
        None => Scope::Faithful,
    };
    let model = options.formulation.build(board, scope);
    Ok(Modelled::Model(Prepared {
        model,
        domains,
        reduce_ms,
        build_ms: ms(start),
    }))
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
        reason: None,
        stopped_in: None,
        decided_by: None,
    }
}

/// Solves a board as the options say. `Err` is reserved for bad input, a
/// model too large to build and solver failures; infeasible boards and time
/// limits are reports.
pub fn solve(board: &Board, options: &Options) -> Result<Report, Error> {
    let clock = Instant::now();
    let deadline = Deadline::new(options.time_limit);
    let mut report = new_report(board, options);
    let prepared = match prepare(board, options)? {
        Modelled::Model(prepared) => prepared,
        Modelled::Refuted(refutation) => {
            report.status = Status::Infeasible;
            report.reason = Some(refutation.contradiction.to_string());
            report.decided_by = Some(refutation.stage);
            report.stats.reduce_ms = refutation.reduce_ms;
            report.stats.total_ms = ms(clock);
            return Ok(report);
        }
    };
    let model = &prepared.model;
    let size = model.size();
    report.stats = Stats {
        variables: size.variables,
        constraints: size.constraints,
        nonzeros: size.nonzeros,
        reduce_ms: prepared.reduce_ms,
        build_ms: prepared.build_ms,
        reduction: prepared
            .domains
            .as_ref()
            .map(|domains| domains.summary(board)),
        ..Stats::default()
    };
    let settled_by = if model.mip.vars.is_empty() {
        Stage::Reduction
    } else {
        Stage::Solver
    };
    let finish = |mut report: Report| {
        report.stats.total_ms = ms(clock);
        if report.stopped_in.is_none() {
            report.decided_by = Some(settled_by);
        }
        Ok(report)
    };

    // First solve.
    let Ok(time_limit) = deadline.remaining() else {
        report.status = Status::TimeLimit;
        report.stopped_in = Some(Step::Solve);
        return finish(report);
    };
    let params = Params {
        time_limit,
        log: options.solver_log,
        relax: false,
    };
    let run = options.backend.solve(&model.mip, &[], params);
    report.stats.solve_ms = run.seconds * 1000.0;
    report.stats.nodes = run.nodes;
    report.stats.iterations = run.iterations;
    let (first, values) = match judge(board, model, options.backend, &run)? {
        Judged::Solution(solution, values) => (solution, values),
        Judged::Infeasible => {
            report.status = Status::Infeasible;
            report.reason = Some(format!("{} proved the model infeasible", options.backend));
            return finish(report);
        }
        Judged::Limit => {
            report.status = Status::TimeLimit;
            report.stopped_in = Some(Step::Solve);
            return finish(report);
        }
    };
    report.status = Status::Solved;
    report.grid = Some(first.clone());
    if !options.unique {
        return finish(report);
    }

    // Uniqueness: forbid this solution and look for another.
    let step_deadline = Deadline::new(options.unique_time_limit);
    let (Ok(whole), Ok(step)) = (deadline.remaining(), step_deadline.remaining()) else {
        report.status = Status::TimeLimit;
        report.stopped_in = Some(Step::Unique);
        return finish(report);
    };
    let time_limit = match (whole, step) {
        (Some(whole), Some(step)) => Some(whole.min(step)),
        (whole, step) => whole.or(step),
    };
    let cut = model.mip.no_good(&values, 1);
    let run = options.backend.solve(
        &model.mip,
        &[cut],
        Params {
            time_limit,
            ..params
        },
    );
    report.stats.unique_ms = Some(run.seconds * 1000.0);
    report.stats.unique_nodes = run.nodes;
    report.stats.unique_iterations = run.iterations;
    match judge(board, model, options.backend, &run)? {
        Judged::Infeasible => report.unique = Some(true),
        Judged::Solution(second, _) if second != first => {
            report.unique = Some(false);
            report.second_solution = Some(second);
        }
        Judged::Solution(..) => {
            return Err(Error::Rejected {
                solver: options.backend.name(),
                problem: "the solve after the no-good cut returned the first solution again".into(),
            })
        }
        Judged::Limit => {
            report.status = Status::TimeLimit;
            report.stopped_in = Some(Step::Unique);
        }
    }
    finish(report)
}

/// A solver run, judged by the checker.
enum Judged {
    Solution(Solution, Vec<f64>),
    Infeasible,
    Limit,
}

/// Decodes and checks what the solver returned. Values the solver vouches
/// for that fail the checker are a wrong answer; values from a run that hit
/// its limit that fail are no answer (CBC returns garbage there).
fn judge(board: &Board, model: &Model, backend: Backend, run: &Run) -> Result<Judged, Error> {
    match &run.outcome {
        Outcome::Infeasible => Ok(Judged::Infeasible),
        Outcome::Limit => Ok(Judged::Limit),
        Outcome::Failed(message) => Err(Error::Solver {
            solver: backend.name(),
            message: message.clone(),
        }),
        Outcome::Found { values, proven } => {
            let checked = model.decode(values).and_then(|grid| {
                check_values(board, grid).map_err(|violation| violation.to_string())
            });
            match checked {
                Ok(solution) => Ok(Judged::Solution(solution, values.clone())),
                Err(_) if !proven => Ok(Judged::Limit),
                Err(problem) => Err(Error::Rejected {
                    solver: backend.name(),
                    problem: format!("its answer is not a solution ({problem})"),
                }),
            }
        }
    }
}

/// How many solutions a board has, by repeating the no-good cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Count {
    pub solutions: u64,
    /// False if `limit` solutions were found (there may be more) or time ran out.
    pub complete: bool,
}

/// Counts solutions (up to `limit`) by solving, cutting off each solution
/// found, and solving again until the model is infeasible.
pub fn count_solutions(board: &Board, options: &Options, limit: u64) -> Result<Count, Error> {
    let deadline = Deadline::new(options.time_limit);
    let Modelled::Model(prepared) = prepare(board, options)? else {
        return Ok(Count {
            solutions: 0,
            complete: true,
        });
    };
    let model = &prepared.model;
    let mut cuts: Vec<Row> = Vec::new();
    let mut found: Vec<Solution> = Vec::new();
    while (found.len() as u64) < limit {
        let Ok(time_limit) = deadline.remaining() else {
            break;
        };
        let params = Params {
            time_limit,
            log: options.solver_log,
            relax: false,
        };
        let run = options.backend.solve(&model.mip, &cuts, params);
        match judge(board, model, options.backend, &run)? {
            Judged::Infeasible => {
                return Ok(Count {
                    solutions: found.len() as u64,
                    complete: true,
                })
            }
            Judged::Limit => break,
            Judged::Solution(solution, values) => {
                if found.contains(&solution) {
                    return Err(Error::Rejected {
                        solver: options.backend.name(),
                        problem: "a solution came back after it was cut off".into(),
                    });
                }
                cuts.push(model.mip.no_good(&values, cuts.len() as u32 + 1));
                found.push(solution);
            }
        }
    }
    Ok(Count {
        solutions: found.len() as u64,
        complete: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A faithful 2x3 model and values that set every binary to 1: a grid
    /// no checker accepts.
    fn garbage(proven: bool) -> (Board, Model, Run) {
        let board = Board::parse(b"1,,\n,,\n").unwrap();
        let model = Formulation::Assignment.build(&board, Scope::Faithful);
        let values = vec![1.0; model.mip.vars.len()];
        let run = Run {
            outcome: Outcome::Found { values, proven },
            nodes: None,
            iterations: None,
            seconds: 0.0,
        };
        (board, model, run)
    }

    #[test]
    fn an_answer_the_solver_vouches_for_and_the_checker_refuses_is_wrong() {
        let (board, model, run) = garbage(true);
        let error = judge(&board, &model, Backend::Cbc, &run).err().unwrap();
        assert!(matches!(error, Error::Rejected { solver: "cbc", .. }));
        assert_eq!(error.exit_code(), 4);
        assert!(error
            .to_string()
            .starts_with("wrong answer from cbc: its answer is not a solution"));
    }

    #[test]
    fn garbage_from_a_run_that_hit_its_limit_is_no_answer() {
        let (board, model, run) = garbage(false);
        assert!(matches!(
            judge(&board, &model, Backend::Cbc, &run),
            Ok(Judged::Limit)
        ));
    }
}
