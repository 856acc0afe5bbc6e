//! What a solve found, and its three renderings: a grid for people, CSV
//! that `solve` and `check` read back, and the JSON object of docs/output.md.

use std::fmt::{self, Write as _};

use serde::{Serialize, Serializer};

use crate::backend::Backend;
use crate::board::{Board, Cell};
use crate::check::Solution;
use crate::domains::ReductionSummary;
use crate::formulation::Formulation;
use crate::variant::Variant;
use crate::words::how_many;

/// The verdict on the first question: is there a solution?
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Solved,
    Infeasible,
    /// The time limit was reached before an answer (see `stopped_in`).
    TimeLimit,
}

/// The step a time limit stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Looking for the first solution.
    Solve,
    /// Looking for a second solution after the no-good cut.
    Unique,
}

/// What settled the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// The parity and distance rules between clues, before any model.
    Precheck,
    /// The domain reduction: it emptied a domain, or decided every cell.
    Reduction,
    /// numbrix's own search (src/search).
    Search,
    /// The MIP solver.
    Solver,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Infeasible => "infeasible",
            Status::TimeLimit => "time_limit",
        }
    }
}

impl Step {
    pub fn name(self) -> &'static str {
        match self {
            Step::Solve => "solve",
            Step::Unique => "unique",
        }
    }
}

impl Stage {
    pub fn name(self) -> &'static str {
        match self {
            Stage::Precheck => "precheck",
            Stage::Reduction => "reduction",
            Stage::Search => "search",
            Stage::Solver => "solver",
        }
    }
}

/// Each prints its JSON name.
macro_rules! display_by_name {
    ($($kind:ty),*) => {$(
        impl fmt::Display for $kind {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    )*};
}
display_by_name!(Status, Step, Stage);

/// Sizes and times of the model actually solved.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Stats {
    pub variables: u64,
    pub constraints: u64,
    pub nonzeros: u64,
    pub build_ms: f64,
    pub solve_ms: f64,
    pub unique_ms: Option<f64>,
    /// Time of the reduction (null on a faithful model).
    pub reduce_ms: Option<f64>,
    /// Branch-and-bound nodes of the first solve (null where the backend does not say: CBC).
    pub nodes: Option<u64>,
    /// Simplex iterations of the first solve.
    pub iterations: Option<u64>,
    pub unique_nodes: Option<u64>,
    pub unique_iterations: Option<u64>,
    /// Everything, from the board in memory to the report.
    pub total_ms: f64,
    /// What the reduction left (null on a faithful model).
    pub reduction: Option<ReductionSummary>,
    /// What the search did (null when it did not run).
    pub search: Option<SearchStats>,
    /// Row generation's work: the subtour rounds of `--model dfj` (null
    /// for every other model, and when no model was solved).
    pub subtours: Option<SubtourStats>,
}

/// Row generation in one solve: each round solves the model with the rows
/// found so far and adds the rows of the subtours its solution has.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct SubtourStats {
    /// Solver calls for the first solution (the last one had no subtour).
    pub rounds: u64,
    /// Subtour rows they added.
    pub rows: u64,
    /// The same for the uniqueness proof (null when it did not run); it
    /// starts from the rows already found.
    pub unique_rounds: Option<u64>,
    pub unique_rows: Option<u64>,
}

/// The search's work in one solve.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct SearchStats {
    /// Values the fill or the walk placed.
    pub nodes: u64,
    /// Cells the search by propagation decided (each decision one
    /// propagation of the reduction's rules; small tight boards only).
    pub decisions: u64,
    /// Moves of the local search that takes turns with the fill for a
    /// first solution on large boards with scattered clues.
    pub moves: u64,
    /// Nodes or decisions where a rule or a pruning test failed.
    pub failures: u64,
    /// Solutions it found (at most 2 are asked for).
    pub solutions: u64,
    /// It searched everything it was asked to: its verdict stands.
    pub complete: bool,
    pub ms: f64,
    /// Where its seeds started (`--seed`), and how many searches ran side
    /// by side (at most `--threads`: boards up to 12x12, and boards the
    /// first search settles soon, get one). With one, the same seed gives
    /// the same answer.
    pub seed: u64,
    pub threads: usize,
}

impl SearchStats {
    /// Its work for people: "763648 nodes, 220175 failures, seed 1, 2
    /// threads" (decisions and moves where it made some, the seed where
    /// it was not 0, the threads where there were several).
    fn work(&self) -> String {
        let mut work = Vec::new();
        if self.decisions > 0 {
            work.push(how_many(self.decisions, "decision", "decisions"));
        }
        if self.nodes > 0 || self.decisions == 0 {
            work.push(how_many(self.nodes, "node", "nodes"));
        }
        if self.moves > 0 {
            work.push(how_many(self.moves, "move", "moves"));
        }
        work.push(how_many(self.failures, "failure", "failures"));
        if self.seed != 0 {
            work.push(format!("seed {}", self.seed));
        }
        if self.threads > 1 {
            work.push(format!("{} threads", self.threads));
        }
        work.join(", ")
    }
}

/// The outcome of one solve.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    pub rows: usize,
    pub cols: usize,
    pub model: Formulation,
    pub solver: Backend,
    /// Which version of the model was built: `faithful`, `reduced`, ...
    pub variant: Variant,
    pub status: Status,
    /// Null when not asked, or when no answer was reached.
    pub unique: Option<bool>,
    #[serde(serialize_with = "as_rows")]
    pub grid: Option<Solution>,
    #[serde(serialize_with = "as_rows")]
    pub second_solution: Option<Solution>,
    pub stats: Stats,
    /// true: built over the reduced domains; false: the faithful model.
    pub reduced: bool,
    /// A model was built (and its sizes in `stats` are real). False when the
    /// prechecks or the reduction refuted the board, or the search settled
    /// it, before any build.
    pub model_built: bool,
    /// Why the board is infeasible, in words.
    pub reason: Option<String>,
    /// Which step the time limit stopped (null otherwise).
    pub stopped_in: Option<Step>,
    /// What settled the answer (null when a limit stopped the run).
    pub decided_by: Option<Stage>,
    /// Which stage found the first solution (null without one).
    pub found_by: Option<Stage>,
    /// Which stage proved the solution unique or found the second one (null
    /// when uniqueness was not asked or not settled).
    pub unique_decided_by: Option<Stage>,
}

fn as_rows<S: Serializer>(solution: &Option<Solution>, serializer: S) -> Result<S::Ok, S::Error> {
    solution
        .as_ref()
        .map(Solution::to_rows)
        .serialize(serializer)
}

impl Report {
    /// The exit status (docs/output.md): 0 solved (and unique, if asked);
    /// 1 no solution or a second one; 3 a limit reached without a full answer.
    pub fn exit_code(&self) -> i32 {
        match (self.status, self.unique) {
            (Status::Solved, Some(false)) => 1,
            (Status::Solved, _) => 0,
            (Status::Infeasible, _) => 1,
            (Status::TimeLimit, _) => 3,
        }
    }

    /// One line for people (stderr): the verdict and the times.
    pub fn summary(&self) -> String {
        let verdict = match (self.status, self.unique) {
            (Status::Solved, Some(true)) => "solved, unique".to_string(),
            (Status::Solved, Some(false)) => {
                "solved, NOT unique (a second solution follows)".into()
            }
            (Status::Solved, None) => "solved".into(),
            (Status::Infeasible, _) => format!(
                "no solution: {}",
                self.reason.as_deref().unwrap_or("the model is infeasible")
            ),
            (Status::TimeLimit, _) => match (self.stopped_in, &self.grid) {
                (Some(Step::Unique), Some(_)) => {
                    "time limit: a checked solution was found, uniqueness not settled".into()
                }
                _ => "time limit: no solution found in time".into(),
            },
        };
        let stats = &self.stats;
        if self.decided_by == Some(Stage::Precheck) {
            return format!("{verdict} (found before any model was built)");
        }
        if self.decided_by == Some(Stage::Reduction) {
            // The search may have had a try first, which settled nothing.
            let searched = stats.search.filter(|search| search.ms > 0.0);
            let after = searched.map_or(String::new(), |search| {
                format!(", after {:.1} ms of the search", search.ms)
            });
            return match (self.status, searched) {
                (Status::Infeasible, None) => {
                    format!("{verdict} (found by the reduction, before any solver ran)")
                }
                (Status::Infeasible, Some(_)) => {
                    format!("{verdict} (found by the reduction{after}; no model was built)")
                }
                _ => format!(
                    "{verdict} (the reduction decided every cell in {:.1} ms{after}; no solver call was needed)",
                    stats.reduce_ms.unwrap_or(0.0)
                ),
            };
        }
        if self.decided_by == Some(Stage::Search) {
            let search = stats.search.unwrap_or_default();
            // Built when the search's budget ran out and it took turns with
            // the MIP solver (`solve/turns.rs`).
            let model = if self.model_built {
                format!(
                    "{} took turns with it for {:.1} ms",
                    self.solver,
                    stats.solve_ms + stats.unique_ms.unwrap_or(0.0)
                )
            } else {
                "no model was built".into()
            };
            return format!(
                "{verdict} (decided by the search in {:.1} ms: {}; {model})",
                search.ms,
                search.work(),
            );
        }
        // The search alone, or a limit reached before any build: no model's
        // sizes to tell, only where the time went.
        if !self.model_built {
            let mut spent = Vec::new();
            if let Some(ms) = stats.reduce_ms {
                let stopped = stats.reduction.is_some_and(|reduction| reduction.stopped);
                let by_limit = if stopped {
                    " (stopped by the limit)"
                } else {
                    ""
                };
                spent.push(format!("the reduction {ms:.1} ms{by_limit}"));
            }
            if let Some(search) = stats.search.filter(|search| search.ms > 0.0) {
                spent.push(format!("the search {:.1} ms: {}", search.ms, search.work()));
            }
            if stats.build_ms > 0.0 {
                spent.push(format!(
                    "the build {:.1} ms (given up at the limit)",
                    stats.build_ms
                ));
            }
            spent.push("no model was built".into());
            return format!("{verdict} ({})", spent.join("; "));
        }
        let mut line = format!(
            "{verdict} ({} {} model on {}: {}, {}; build {:.1} ms, solve {:.1} ms",
            self.variant.kind(),
            self.model,
            self.solver,
            how_many(stats.variables, "variable", "variables"),
            how_many(stats.constraints, "row", "rows"),
            stats.build_ms,
            stats.solve_ms,
        );
        if let Some(unique_ms) = stats.unique_ms {
            let _ = write!(line, ", uniqueness {unique_ms:.1} ms");
        }
        // The search ran ahead of the solver, or took turns with it.
        if let Some(search) = stats.search.filter(|search| search.ms > 0.0) {
            let _ = write!(line, ", search {:.1} ms", search.ms);
        }
        line.push(')');
        line
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a report always serialises")
    }
}

/// The grid for people: columns aligned, clues in brackets.
pub fn render_grid(board: &Board, solution: &Solution) -> String {
    let width = board.total().to_string().len();
    let mut out = String::new();
    for row in 0..board.rows() {
        let mut line = String::new();
        for col in 0..board.cols() {
            let cell = Cell::new(row, col);
            let value = solution.value(cell);
            if board.clue(cell).is_some() {
                let _ = write!(line, "[{value:>width$}]");
            } else {
                let _ = write!(line, " {value:>width$} ");
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The grid as CSV, one row per line.
pub fn render_csv(solution: &Solution) -> String {
    let mut out = String::new();
    for row in solution.to_rows() {
        let fields: Vec<String> = row.iter().map(u32::to_string).collect();
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What people read is what scripts read.
    fn printed_as_in_json<T: Serialize + fmt::Display>(value: T) {
        let json = serde_json::to_value(&value).expect("serialises");
        assert_eq!(json.as_str(), Some(value.to_string().as_str()));
    }

    #[test]
    fn a_build_the_time_limit_stopped_is_named_in_the_one_line() {
        let report = Report {
            rows: 60,
            cols: 60,
            model: Formulation::Assignment,
            solver: Backend::Highs,
            variant: Variant::default(),
            status: Status::TimeLimit,
            unique: None,
            grid: None,
            second_solution: None,
            stats: Stats {
                reduce_ms: Some(57.0),
                build_ms: 275.9,
                ..Stats::default()
            },
            reduced: true,
            model_built: false,
            reason: None,
            stopped_in: Some(Step::Solve),
            decided_by: None,
            found_by: None,
            unique_decided_by: None,
        };
        assert_eq!(
            report.summary(),
            "time limit: no solution found in time (the reduction 57.0 ms; \
             the build 275.9 ms (given up at the limit); no model was built)"
        );
    }

    #[test]
    fn the_search_s_work_says_one_of_a_thing_in_the_singular() {
        let one_of_each = SearchStats {
            decisions: 1,
            nodes: 1,
            moves: 1,
            failures: 1,
            ..SearchStats::default()
        };
        assert_eq!(one_of_each.work(), "1 decision, 1 node, 1 move, 1 failure");
        let more = SearchStats {
            decisions: 3,
            failures: 0,
            ..SearchStats::default()
        };
        assert_eq!(more.work(), "3 decisions, 0 failures");
    }

    #[test]
    fn status_step_and_stage_print_their_json_names() {
        for status in [Status::Solved, Status::Infeasible, Status::TimeLimit] {
            printed_as_in_json(status);
        }
        for step in [Step::Solve, Step::Unique] {
            printed_as_in_json(step);
        }
        for stage in [
            Stage::Precheck,
            Stage::Reduction,
            Stage::Search,
            Stage::Solver,
        ] {
            printed_as_in_json(stage);
        }
    }
}
