//! The solvers. A [`Mip`] becomes a `good_lp` problem, which HiGHS or CBC
//! solves; what comes back is an [`Outcome`] that says plainly whether values
//! were found and whether the solver vouches for them.

mod cbc;
mod interrupt;
mod wait;

pub use interrupt::Interrupt;
pub use wait::{runs_left_behind, wait_for_runs_left_behind, LEFT_BEHIND_WAIT};

use std::time::Instant;

use good_lp::solvers::coin_cbc::coin_cbc;
use good_lp::solvers::highs::highs;
use good_lp::{constraint, variable, Expression, ProblemVariables, SolverModel, Variable};
use highs::HighsModelStatus;

use crate::mip::{Mip, Row, Sense};
use cbc::solve_cbc;
use wait::{waited, Waited, HIGHS_LEFT_BEHIND};

/// Which solver runs the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Backend {
    /// HiGHS, compiled from source into the binary.
    Highs,
    /// COIN-OR CBC, the system library (calls are serialised: CBC is not thread-safe).
    Cbc,
    /// numbrix's own search over the reduction's domains (src/search): no
    /// model is built.
    Search,
}

impl Backend {
    /// Every solver, as `compare` runs them by default.
    pub const ALL: [Backend; 3] = [Backend::Highs, Backend::Cbc, Backend::Search];

    /// The two MIP solvers: what `--relax`, the no-good cut and the MIP
    /// statistics need.
    pub const MIP: [Backend; 2] = [Backend::Highs, Backend::Cbc];

    pub fn name(self) -> &'static str {
        match self {
            Backend::Highs => "highs",
            Backend::Cbc => "cbc",
            Backend::Search => "search",
        }
    }

    /// Does this solver take a MIP?
    pub fn is_mip(self) -> bool {
        self != Backend::Search
    }
}

impl std::fmt::Display for Backend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How one solver call runs.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Params {
    /// Seconds of wall-clock time for this call, building the solver's copy
    /// of the model included (CBC rounds up to whole seconds; HiGHS gets 85 %
    /// of what is left, for the work it does after it stops).
    pub time_limit: Option<f64>,
    /// Let the solver print its log (sent to stderr: see [`crate::quiet`]).
    pub log: bool,
    /// Solve the LP relaxation: every variable continuous within its bounds.
    pub relax: bool,
    /// Stop early once this is raised (HiGHS at its next look, and the
    /// caller's wait at once): another engine settled the board.
    pub interrupt: Option<Interrupt>,
}

impl Params {
    /// The seconds of the time limit left `started` after the call began:
    /// building the solver's copy of a large model takes a noticeable part
    /// of the limit, so a solver is given what is left when it starts.
    fn seconds_left(&self, started: Instant) -> Option<f64> {
        self.time_limit
            .map(|limit| (limit - started.elapsed().as_secs_f64()).max(0.0))
    }
}

/// The share of the time left that HiGHS is given. HiGHS looks at its clock
/// between the steps of its presolve, and once stopped it still tidies the
/// presolved model before it returns, for up to about an eighth of the
/// time it had on the largest boards (docs/solvers.md, "Time limits"); without
/// a reserve a run would end that much past the user's limit.
const HIGHS_SHARE: f64 = 0.85;

/// What a solver call gave.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// Values for every variable. `proven` is true when the solver finished
    /// normally; false when it stopped at a limit with these values, which
    /// are then worth only what the checker says (CBC's may be garbage).
    Found { values: Vec<f64>, proven: bool },
    /// The solver proved there is no solution.
    Infeasible,
    /// A limit stopped the solver before it found anything.
    Limit,
    /// The solver failed.
    Failed(String),
}

/// An outcome and what the solver reports about its work.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    pub outcome: Outcome,
    /// Branch-and-bound nodes (HiGHS only; CBC's C API is not exposed by coin_cbc).
    pub nodes: Option<u64>,
    /// Simplex iterations.
    pub iterations: Option<u64>,
    pub seconds: f64,
}

impl Backend {
    /// Solves `mip` with `extra` rows added (the no-good cuts).
    pub fn solve(self, mip: &Mip, extra: &[Row], params: Params) -> Run {
        let _span =
            tracing::info_span!("solve", solver = self.name(), cuts = extra.len()).entered();
        let start = Instant::now();
        if mip.vars.is_empty() {
            // The reduction decided everything: no solver to call.
            let holds = mip.rows.iter().chain(extra).all(|row| row.holds(&[]));
            return Run {
                outcome: if holds {
                    Outcome::Found {
                        values: Vec::new(),
                        proven: true,
                    }
                } else {
                    Outcome::Infeasible
                },
                nodes: Some(0),
                iterations: Some(0),
                seconds: start.elapsed().as_secs_f64(),
            };
        }
        let rows = || mip.rows.iter().chain(extra);
        let mut run = crate::quiet::with_solver_output_on_stderr(params.log, || match self {
            Backend::Highs => {
                // A good_lp problem is used up by its solve, so each ask
                // builds its own.
                let ask = |presolve| {
                    let (problem, columns) = problem_variables(mip, params.relax);
                    let problem = problem.using(highs);
                    solve_highs(problem, rows(), &columns, params.clone(), start, presolve)
                };
                let run = ask(Presolve::On);
                // HiGHS's presolve can reduce a model to nothing and leave
                // a solution that breaks a row of the original, which
                // HiGHS itself then refuses ("MIP solver claims optimality,
                // but with ... infeasibilities": a solve error). The model
                // is asked again without presolve.
                if !matches!(run.outcome, Outcome::Failed(_)) {
                    return run;
                }
                ask(Presolve::Off)
            }
            Backend::Cbc => {
                let (problem, columns) = problem_variables(mip, params.relax);
                solve_cbc(problem.using(coin_cbc), rows(), &columns, &params, start)
            }
            // The pipeline sends search runs to src/search before any model
            // is built; reaching here is a bug, reported as a failure.
            Backend::Search => failed("the search solves boards, not MIPs".into()),
        });
        run.seconds = start.elapsed().as_secs_f64();
        run
    }
}

/// The good_lp variables of the program, and the problem with its zero objective.
fn problem_variables(
    mip: &Mip,
    relax: bool,
) -> (good_lp::variable::UnsolvedProblem, Vec<Variable>) {
    let mut variables = ProblemVariables::new();
    let columns: Vec<Variable> = mip
        .vars
        .iter()
        .map(|var| {
            let definition = variable().min(var.lower).max(var.upper);
            variables.add(if var.integer && !relax {
                definition.integer()
            } else {
                definition
            })
        })
        .collect();
    (variables.minimise(Expression::from(0.0)), columns)
}

/// A row as a good_lp constraint. Variables are numbered as in the Mip, and
/// good_lp numbers its variables in the order they were added, so the Mip's
/// index is the good_lp index.
fn to_constraint(row: &Row, columns: &[Variable]) -> good_lp::Constraint {
    let mut expression = Expression::with_capacity(row.terms.len());
    for &(var, coefficient) in &row.terms {
        expression.add_mul(coefficient, columns[var]);
    }
    match row.sense {
        Sense::Le => constraint::leq(expression, row.rhs),
        Sense::Ge => constraint::geq(expression, row.rhs),
        Sense::Eq => constraint::eq(expression, row.rhs),
    }
}

/// Rows added to a solver's problem between two readings of the clock.
const ROWS_PER_CLOCK_READING: usize = 4096;

/// Hands each of `rows` to `add` (good_lp's copy of it), reading the clock
/// now and then: on the largest models that copy takes a good part of a
/// second, which a time limit should not wait for. False when the limit
/// ran out first (the problem is then of no use).
fn rows_in_time<'a>(
    rows: impl Iterator<Item = &'a Row>,
    params: &Params,
    started: Instant,
    mut add: impl FnMut(&'a Row),
) -> bool {
    for (number, row) in rows.enumerate() {
        if number.is_multiple_of(ROWS_PER_CLOCK_READING)
            && params.seconds_left(started) == Some(0.0)
        {
            return false;
        }
        add(row);
    }
    true
}

/// HiGHS presolve rules left out of every solve: the aggregator (bit 12)
/// and enumeration (bit 16) of its `presolve_rule_off` mask.
const PRESOLVE_RULES_OFF: i32 = (1 << 12) | (1 << 16);

/// Whether HiGHS runs its presolve (less the rules in [`PRESOLVE_RULES_OFF`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Presolve {
    On,
    Off,
}

fn solve_highs<'a>(
    mut problem: good_lp::solvers::highs::HighsProblem,
    rows: impl Iterator<Item = &'a Row>,
    columns: &[Variable],
    params: Params,
    started: Instant,
    presolve: Presolve,
) -> Run {
    let copied = rows_in_time(rows, &params, started, |row| {
        problem.add_constraint(to_constraint(row, columns));
    });
    if !copied {
        return limit_reached();
    }
    let wait = params.seconds_left(started);
    let interrupt = params.interrupt.clone();
    // HiGHS runs side by side: one left behind holds no later call up.
    let solve = move || run_highs(problem, params, started, presolve);
    match waited(wait, Some(&HIGHS_LEFT_BEHIND), interrupt.as_ref(), solve) {
        Waited::Answered(run) => run,
        Waited::Late | Waited::Interrupted => limit_reached(),
        Waited::Lost => failed("HiGHS's thread ended without an answer".into()),
    }
}

/// One HiGHS solve of the problem, in the thread `solve_highs` waits for.
fn run_highs(
    problem: good_lp::solvers::highs::HighsProblem,
    params: Params,
    started: Instant,
    presolve: Presolve,
) -> Run {
    let mut model = match problem.try_into_inner() {
        Ok(model) => model,
        Err(error) => return failed(format!("HiGHS refused the model: {error}")),
    };
    if params.log {
        model.set_option("output_flag", true);
        model.set_option("log_to_console", true);
    }
    let _watching = params
        .interrupt
        .as_ref()
        .map(|interrupt| interrupt::watch(model.as_mut_ptr(), interrupt));
    if let Some(seconds) = params.seconds_left(started) {
        model.set_option("time_limit", seconds * HIGHS_SHARE);
    }
    // HiGHS's presolve called a feasible 5x2 board's faithful MTZ model
    // infeasible (every solution of the presolved model broke a row of the
    // original: "untransformed violations" in its log), which after a
    // no-good cut would be a false "unique". With its aggregator or its
    // enumeration rule off it solved it; both off, the models of the example
    // boards solve no slower in all (docs/solvers.md, "HiGHS's presolve").
    model.set_option("presolve_rule_off", PRESOLVE_RULES_OFF);
    if presolve == Presolve::Off {
        model.set_option("presolve", "off");
    }
    let solved = match model.try_solve() {
        Ok(solved) => solved,
        Err(status) => return failed(format!("HiGHS could not run: {status:?}")),
    };
    let nodes = int64_info(&solved, c"mip_node_count");
    let iterations = Some(solved.simplex_iteration_count().max(0) as u64);
    let has_values = solved.primal_solution_status() == highs::HighsSolutionStatus::Feasible;
    let outcome = match solved.status() {
        HighsModelStatus::Optimal
        | HighsModelStatus::ObjectiveBound
        | HighsModelStatus::ObjectiveTarget
            if has_values =>
        {
            Outcome::Found {
                values: solved.get_solution().columns().to_vec(),
                proven: true,
            }
        }
        // With a zero objective the model cannot be unbounded, so "unbounded
        // or infeasible" means infeasible.
        HighsModelStatus::Infeasible | HighsModelStatus::UnboundedOrInfeasible => {
            Outcome::Infeasible
        }
        HighsModelStatus::ReachedTimeLimit
        | HighsModelStatus::ReachedIterationLimit
        | HighsModelStatus::ReachedSolutionLimit
        | HighsModelStatus::ReachedInterrupt
        | HighsModelStatus::ReachedMemoryLimit => {
            if has_values {
                Outcome::Found {
                    values: solved.get_solution().columns().to_vec(),
                    proven: false,
                }
            } else {
                Outcome::Limit
            }
        }
        other => Outcome::Failed(format!("HiGHS ended with status {other:?}")),
    };
    Run {
        outcome,
        nodes,
        iterations,
        seconds: 0.0,
    }
}

/// A run stopped by its time limit before it found anything.
fn limit_reached() -> Run {
    Run {
        outcome: Outcome::Limit,
        nodes: None,
        iterations: None,
        seconds: 0.0,
    }
}

fn failed(message: String) -> Run {
    Run {
        outcome: Outcome::Failed(message),
        nodes: None,
        iterations: None,
        seconds: 0.0,
    }
}

/// A 64-bit HiGHS info value (`mip_node_count` is one; the safe API reads
/// only 32-bit ones).
fn int64_info(solved: &highs::SolvedModel, name: &std::ffi::CStr) -> Option<u64> {
    let mut value: i64 = 0;
    // SAFETY: the pointer is the live model's; the name is a NUL-terminated
    // string and `value` outlives the call.
    let status = unsafe {
        highs_sys::Highs_getInt64InfoValue(solved.as_ptr() as *mut _, name.as_ptr(), &mut value)
    };
    (status == highs_sys::STATUS_OK && value >= 0).then_some(value as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mip::Name;

    fn rows(how_many: u32) -> Vec<Row> {
        (0..how_many)
            .map(|number| Row {
                name: Name::new("row", &[number]),
                terms: Vec::new(),
                sense: Sense::Eq,
                rhs: 0.0,
            })
            .collect()
    }

    #[test]
    fn every_row_is_copied_within_the_limit() {
        let rows = rows(10_000);
        let mut copied = 0;
        let params = Params::default();
        assert!(rows_in_time(rows.iter(), &params, Instant::now(), |_| {
            copied += 1
        }));
        assert_eq!(copied, 10_000);
    }

    #[test]
    fn no_row_is_copied_once_the_limit_has_passed() {
        let rows = rows(10_000);
        let mut copied = 0;
        let params = Params {
            time_limit: Some(0.0),
            ..Params::default()
        };
        assert!(!rows_in_time(rows.iter(), &params, Instant::now(), |_| {
            copied += 1
        }));
        assert_eq!(copied, 0);
    }
}
