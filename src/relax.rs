//! `numbrix solve --relax`: the LP relaxation of a model (every binary
//! allowed anywhere in [0, 1]) and what it tells a student: how many
//! binaries come out fractional, and whether the relaxed point already is a
//! solution of the puzzle.
//!
//! Every model here minimises the constant 0, so the relaxation's objective
//! is 0 at every feasible point and says nothing about strength: what
//! matters is whether the vertex the simplex method stops at is integral.
//! "Integral" is therefore a property of that vertex (and of the solver's
//! path to it), not of the whole relaxed polytope; the report says which
//! solver found it. The GAMS write-up's "relaxation integral on its 9x9
//! board" is this same question, asked of CPLEX.

use std::time::Instant;

use serde::Serialize;

use crate::backend::Backend;
use crate::backend::{Outcome, Params};
use crate::board::Board;
use crate::check::{check_values, Solution};
use crate::error::{Error, InputError};
use crate::formulation::{Formulation, LpPoint};
use crate::report::{render_grid, SubtourStats};
use crate::solve::rows::solve_generating;
use crate::solve::{prepare_until, Deadline, Modelled, Options};
use crate::variant::Variant;
use crate::words::how_many;

/// A binary is fractional when it is further than this from 0 and from 1.
pub const INTEGRALITY_TOLERANCE: f64 = 1e-6;

/// How many fractional binaries the report names.
const SHOWN_FRACTIONAL: usize = 8;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RelaxStatus {
    /// The LP has a feasible point (and, its objective being 0, an optimal one).
    Solved,
    /// The LP relaxation is infeasible (so is the integer program), or the
    /// prechecks or the reduction proved the board has no solution.
    Infeasible,
    /// The time limit stopped the LP.
    TimeLimit,
}

/// One binary at a fractional value.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Fractional {
    pub name: String,
    pub value: f64,
}

/// What the LP relaxation of one model gave.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RelaxReport {
    pub rows: usize,
    pub cols: usize,
    pub model: Formulation,
    pub solver: Backend,
    pub variant: Variant,
    pub reduced: bool,
    pub strengthened: bool,
    pub status: RelaxStatus,
    /// The objective at the relaxed point: always 0 (the models minimise 0).
    pub objective: Option<f64>,
    /// Binaries in the model (all relaxed to [0, 1]).
    pub binaries: usize,
    /// Binaries that came out fractional.
    pub fractional: usize,
    /// No binary fractional.
    pub integral: Option<bool>,
    /// The relaxed point, read as the integer model's decoder reads it
    /// (a binary above 0.5 is 1), is a solution the checker accepts.
    pub valid_grid: Option<bool>,
    /// That solution, when it is one.
    #[serde(serialize_with = "as_rows")]
    pub grid: Option<Solution>,
    /// Why the relaxed point is not a solution, when it is not.
    pub not_a_grid: Option<String>,
    /// The fractional binaries nearest 0.5 (up to 8), by name.
    pub most_fractional: Vec<Fractional>,
    pub variables: usize,
    pub constraints: usize,
    pub build_ms: f64,
    pub solve_ms: f64,
    pub iterations: Option<u64>,
    /// The LP's subtour rounds and the rows they added (`--model dfj`;
    /// null for the other models). On a fractional point the rows come
    /// from the connected components of its support, so the last LP may
    /// still break subtour rows that only a minimum cut would find.
    pub subtours: Option<SubtourStats>,
    /// Why the board has no solution, when the prechecks or reduction say
    /// so; or, at the time limit, that no model was built in time.
    pub reason: Option<String>,
    /// The LP's point as a picture reads it (`solve --relax --svg`).
    #[serde(skip)]
    pub point: Option<LpPoint>,
}

fn as_rows<S: serde::Serializer>(
    solution: &Option<Solution>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    solution
        .as_ref()
        .map(Solution::to_rows)
        .serialize(serializer)
}

/// The reason a relaxation stopped before its LP ran.
const NOT_BUILT: &str = "the reduction and the build used the time up: the LP did not run";

/// Builds the model the options ask for and solves its LP relaxation.
pub fn relax(board: &Board, options: &Options) -> Result<RelaxReport, Error> {
    if !options.backend.is_mip() {
        return Err(Error::Input(InputError::Usage(format!(
            "--relax solves an LP relaxation: it needs highs or cbc, not {}",
            options.backend
        ))));
    }
    let mut report = RelaxReport {
        rows: board.rows(),
        cols: board.cols(),
        model: options.formulation,
        solver: options.backend,
        variant: options.variant,
        reduced: options.variant.is_reduced(),
        strengthened: options.variant.strengthens(),
        status: RelaxStatus::Infeasible,
        objective: None,
        binaries: 0,
        fractional: 0,
        integral: None,
        valid_grid: None,
        grid: None,
        not_a_grid: None,
        most_fractional: Vec::new(),
        variables: 0,
        constraints: 0,
        build_ms: 0.0,
        solve_ms: 0.0,
        iterations: None,
        subtours: None,
        reason: None,
        point: None,
    };
    // The time limit covers the reduction and the build too, as a
    // solve's does.
    let deadline = Deadline::new(options.time_limit);
    let start = Instant::now();
    let prepared = match prepare_until(board, options, deadline.0)? {
        Some(Modelled::Model(prepared)) => prepared,
        Some(Modelled::Refuted(refutation)) => {
            report.reason = Some(refutation.contradiction.to_string());
            return Ok(report);
        }
        None => {
            report.build_ms = start.elapsed().as_secs_f64() * 1000.0;
            report.status = RelaxStatus::TimeLimit;
            report.reason = Some(NOT_BUILT.to_string());
            return Ok(report);
        }
    };
    let model = &prepared.model;
    let mip = &model.mip;
    report.build_ms = start.elapsed().as_secs_f64() * 1000.0;
    report.variables = mip.vars.len();
    report.constraints = mip.rows.len();
    report.binaries = mip.vars.iter().filter(|var| var.integer).count();
    let Ok(time_limit) = deadline.remaining() else {
        report.status = RelaxStatus::TimeLimit;
        report.reason = Some(NOT_BUILT.to_string());
        return Ok(report);
    };
    let params = Params {
        time_limit,
        log: options.solver_log,
        relax: true,
        interrupt: None,
    };
    let (run, rounds) = solve_generating(model, options.backend, &[], &mut Vec::new(), params);
    report.solve_ms = run.seconds * 1000.0;
    report.iterations = run.iterations;
    if model.generates_rows() {
        report.subtours = Some(SubtourStats {
            rounds: rounds.rounds,
            rows: rounds.rows,
            ..SubtourStats::default()
        });
    }
    let values = match run.outcome {
        Outcome::Found { values, .. } => values,
        Outcome::Infeasible => {
            report.reason = Some(format!(
                "{} proved the LP relaxation infeasible",
                options.backend
            ));
            return Ok(report);
        }
        Outcome::Limit => {
            report.status = RelaxStatus::TimeLimit;
            return Ok(report);
        }
        Outcome::Failed(message) => {
            return Err(Error::Solver {
                solver: options.backend.name(),
                message,
            })
        }
    };
    report.status = RelaxStatus::Solved;
    report.objective = Some(0.0);
    report.point = model.view(&values);
    let mut fractional: Vec<Fractional> = mip
        .vars
        .iter()
        .zip(&values)
        .filter(|(var, &value)| var.integer && is_fractional(value))
        .map(|(var, &value)| Fractional {
            name: var.name.to_string(),
            value,
        })
        .collect();
    report.fractional = fractional.len();
    report.integral = Some(fractional.is_empty());
    // Nearest 0.5 first; the sort is stable, so ties stay in model order.
    fractional.sort_by(|a, b| (a.value - 0.5).abs().total_cmp(&(b.value - 0.5).abs()));
    fractional.truncate(SHOWN_FRACTIONAL);
    report.most_fractional = fractional;
    let checked = model
        .decode(&values)
        .and_then(|grid| check_values(board, grid).map_err(|violation| violation.to_string()));
    match checked {
        Ok(solution) => {
            report.valid_grid = Some(true);
            report.grid = Some(solution);
        }
        Err(problem) => {
            report.valid_grid = Some(false);
            report.not_a_grid = Some(problem);
        }
    }
    Ok(report)
}

/// What the root LP tells about one board, as `compare` reports it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct RootLp {
    /// The LP relaxation alone proves the board has no solution.
    pub infeasible: bool,
    /// Binaries fractional at the LP's point (None when it is infeasible).
    pub fractional: Option<usize>,
    /// With the no-good cut of `solution`, the LP is infeasible: the LP
    /// alone proves the solution unique (None without a solution, or when
    /// this model cannot state it).
    pub cut_infeasible: Option<bool>,
}

/// The root LP of the model the options ask for, and, given a solution,
/// the LP after its no-good cut; None when no model is built (the board
/// was refuted first) or a limit stopped an LP. DFJ's LPs generate their
/// subtour rows as `--relax` does.
pub fn root_lp(
    board: &Board,
    options: &Options,
    solution: Option<&Solution>,
) -> Result<Option<RootLp>, Error> {
    // Both LPs and what comes before them share the time limit.
    let deadline = Deadline::new(options.time_limit);
    let Some(Modelled::Model(prepared)) = prepare_until(board, options, deadline.0)? else {
        return Ok(None);
    };
    let model = &prepared.model;
    let lp = |cuts: &[crate::mip::Row]| -> Result<Option<Vec<f64>>, Option<Error>> {
        let time_limit = deadline.remaining().map_err(|()| None)?;
        let params = Params {
            time_limit,
            log: false,
            relax: true,
            interrupt: None,
        };
        let (run, _) = solve_generating(model, options.backend, cuts, &mut Vec::new(), params);
        match run.outcome {
            Outcome::Found { values, .. } => Ok(Some(values)),
            Outcome::Infeasible => Ok(None),
            Outcome::Limit => Err(None),
            Outcome::Failed(message) => Err(Some(Error::Solver {
                solver: options.backend.name(),
                message,
            })),
        }
    };
    let stopped = |error: Option<Error>| error.map_or(Ok(None), Err);
    let point = match lp(&[]) {
        Ok(point) => point,
        Err(error) => return stopped(error),
    };
    let fractional = point.as_ref().map(|values| {
        model
            .mip
            .vars
            .iter()
            .zip(values)
            .filter(|(var, &value)| var.integer && is_fractional(value))
            .count()
    });
    let mut root = RootLp {
        infeasible: point.is_none(),
        fractional,
        cut_infeasible: None,
    };
    if let Some(values) = solution.and_then(|solution| model.encode(solution)) {
        match lp(&[model.mip.no_good(&values, 1)]) {
            Ok(point) => root.cut_infeasible = Some(point.is_none()),
            Err(error) => return stopped(error),
        }
    }
    Ok(Some(root))
}

fn is_fractional(value: f64) -> bool {
    value > INTEGRALITY_TOLERANCE && value < 1.0 - INTEGRALITY_TOLERANCE
}

impl RelaxReport {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a report always serialises")
    }

    /// 0 the LP was solved; 1 it (or the board) is infeasible; 3 time limit.
    pub fn exit_code(&self) -> i32 {
        match self.status {
            RelaxStatus::Solved => 0,
            RelaxStatus::Infeasible => 1,
            RelaxStatus::TimeLimit => 3,
        }
    }

    /// The LP point as an SVG picture (src/lp_svg.rs), None when the LP
    /// was not solved.
    pub fn to_svg(&self, board: &Board) -> Option<String> {
        let point = self.point.as_ref()?;
        let caption = format!(
            "LP relaxation, {} {} model on {}: {} of {} fractional",
            self.variant.describe(),
            self.model,
            self.solver,
            self.fractional,
            how_many(self.binaries as u64, "binary", "binaries"),
        );
        Some(crate::lp_svg::render_lp_svg(board, point, &caption))
    }

    /// The report for people, with the grid when the relaxed point is one.
    pub fn to_text(&self, board: &Board) -> String {
        let scope = self.variant.describe();
        let mut out = format!(
            "LP relaxation of the {scope} {} model on {} ({}, {}, {} relaxed to [0, 1])\n",
            self.model,
            self.solver,
            how_many(self.variables as u64, "variable", "variables"),
            how_many(self.constraints as u64, "row", "rows"),
            how_many(self.binaries as u64, "binary", "binaries"),
        );
        match self.status {
            RelaxStatus::Infeasible => {
                out.push_str(&format!(
                    "infeasible: {}\n",
                    self.reason.as_deref().unwrap_or("no solution")
                ));
                return out;
            }
            RelaxStatus::TimeLimit => {
                let why = self.reason.as_deref();
                let why = why.unwrap_or("the LP was not solved in time");
                out.push_str(&format!("time limit: {why}\n"));
                return out;
            }
            RelaxStatus::Solved => {}
        }
        out.push_str(&format!(
            "objective 0 (the model minimises 0); {} of {} fractional: {}\n",
            self.fractional,
            how_many(self.binaries as u64, "binary", "binaries"),
            if self.fractional == 0 {
                "the relaxed solution is integral"
            } else {
                "the relaxed solution is fractional"
            }
        ));
        if let Some(subtours) = self.subtours {
            out.push_str(&format!(
                "subtour rows: {} added in {} LP rounds\n",
                subtours.rows, subtours.rounds
            ));
        }
        if !self.most_fractional.is_empty() {
            let shown: Vec<String> = self
                .most_fractional
                .iter()
                .map(|fractional| format!("{} = {:.4}", fractional.name, fractional.value))
                .collect();
            out.push_str(&format!("nearest 0.5: {}\n", shown.join(", ")));
        }
        match (&self.grid, &self.not_a_grid) {
            (Some(solution), _) => {
                out.push_str("read as a grid, it is a valid solution:\n");
                out.push_str(&render_grid(board, solution));
            }
            (None, Some(problem)) => {
                out.push_str(&format!(
                    "read as a grid (binaries above 0.5 as 1), it is not a solution: {problem}\n"
                ));
            }
            (None, None) => {}
        }
        out
    }
}
