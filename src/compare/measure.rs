//! One measurement: a board solved with one setup, `repeat` times, the
//! medians of its times, and the [`Verdict`].

use std::fmt;
use std::time::Instant;

use serde::Serialize;

use crate::backend::Backend;
use crate::board::Board;
use crate::error::{Error, InputError};
use crate::formulation::Formulation;
use crate::report::{Report, Status, Step};
use crate::solve::solve;

use super::{CompareOptions, Setup, Variant};

/// How one board x setup ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Solved,
    Infeasible,
    /// The time limit stopped the first solve or the uniqueness proof.
    TimeLimit,
    /// The model would exceed `max_variables`: refused, not built.
    TooLarge,
    /// The solver vouched for an answer the independent checker refused.
    Wrong,
    /// The solver failed, or the board could not be read.
    Failed,
}

impl Verdict {
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Solved => "solved",
            Verdict::Infeasible => "infeasible",
            Verdict::TimeLimit => "time_limit",
            Verdict::TooLarge => "too_large",
            Verdict::Wrong => "wrong",
            Verdict::Failed => "failed",
        }
    }

    /// Wrong answers and failures make the comparison's exit status non-zero.
    pub fn is_error(self) -> bool {
        matches!(self, Verdict::Wrong | Verdict::Failed)
    }

    /// The verdict a solve error stands for.
    pub fn of_error(error: &Error) -> Verdict {
        match error {
            Error::Rejected { .. } => Verdict::Wrong,
            Error::TooLarge { .. } | Error::Input(InputError::TooLarge { .. }) => Verdict::TooLarge,
            Error::Solver { .. } | Error::Input(_) | Error::Output { .. } => Verdict::Failed,
        }
    }

    fn of_status(status: Status) -> Verdict {
        match status {
            Status::Solved => Verdict::Solved,
            Status::Infeasible => Verdict::Infeasible,
            Status::TimeLimit => Verdict::TimeLimit,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One board solved with one setup. Sizes are null when no model was built
/// (the prechecks or the reduction proved the board infeasible, or it could
/// not be read); times are medians over the repeats.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Measurement {
    /// The board file, as named on the command line or found in a folder.
    pub board: String,
    pub rows: Option<usize>,
    pub cols: Option<usize>,
    /// rows x cols: the x axis of the plot.
    pub cells: Option<usize>,
    pub clues: Option<usize>,
    pub model: Formulation,
    pub solver: Backend,
    pub variant: Variant,
    pub status: Verdict,
    /// Null when uniqueness was not asked or not settled.
    pub unique: Option<bool>,
    /// Which step the time limit stopped.
    pub stopped_in: Option<Step>,
    pub variables: Option<u64>,
    pub constraints: Option<u64>,
    pub nonzeros: Option<u64>,
    pub reduce_ms: Option<f64>,
    pub build_ms: Option<f64>,
    pub solve_ms: Option<f64>,
    pub unique_ms: Option<f64>,
    /// The whole solve, from the board in memory to the checked answer.
    pub total_ms: f64,
    /// Branch-and-bound nodes of the first solve (HiGHS only).
    pub nodes: Option<u64>,
    /// Simplex iterations of the first solve.
    pub iterations: Option<u64>,
    pub unique_nodes: Option<u64>,
    pub unique_iterations: Option<u64>,
    /// How many solves the times are the median of.
    pub repeats: usize,
    /// Why: the infeasibility reason, the error, or repeats that disagreed.
    pub message: Option<String>,
}

impl Measurement {
    pub fn setup(&self) -> Setup {
        Setup {
            model: self.model,
            solver: self.solver,
            variant: self.variant,
        }
    }

    /// A measurement with no numbers: the board or the solve failed.
    pub(super) fn of_error(
        board: &str,
        shape: Option<&Board>,
        setup: Setup,
        error: &Error,
        ms: f64,
    ) -> Self {
        Measurement {
            board: board.to_string(),
            rows: shape.map(Board::rows),
            cols: shape.map(Board::cols),
            cells: shape.map(Board::len),
            clues: shape.map(Board::clue_count),
            model: setup.model,
            solver: setup.solver,
            variant: setup.variant,
            status: Verdict::of_error(error),
            unique: None,
            stopped_in: None,
            variables: None,
            constraints: None,
            nonzeros: None,
            reduce_ms: None,
            build_ms: None,
            solve_ms: None,
            unique_ms: None,
            total_ms: ms,
            nodes: None,
            iterations: None,
            unique_nodes: None,
            unique_iterations: None,
            repeats: 1,
            message: Some(error.to_string()),
        }
    }

    /// The first report's verdict and counts, with the median of every time.
    fn of_reports(board_name: &str, board: &Board, setup: Setup, reports: &[Report]) -> Self {
        let first = &reports[0];
        let stats = &first.stats;
        // Early infeasibility proofs return before the build: no model, no solve.
        let built = !(first.status == Status::Infeasible
            && first.reason.is_some()
            && stats.build_ms == 0.0
            && stats.solve_ms == 0.0);
        let sized = |value: u64| built.then_some(value);
        let median_of = |time: fn(&Report) -> Option<f64>| {
            let mut times: Vec<f64> = reports.iter().filter_map(time).collect();
            median(&mut times)
        };
        let mut message = first.reason.clone();
        let disagreeing = reports
            .iter()
            .filter(|report| (report.status, report.unique) != (first.status, first.unique))
            .count();
        if disagreeing > 0 {
            message = Some(format!(
                "{disagreeing} of {} repeats ended differently from the first (shown)",
                reports.len()
            ));
        }
        Measurement {
            board: board_name.to_string(),
            rows: Some(board.rows()),
            cols: Some(board.cols()),
            cells: Some(board.len()),
            clues: Some(board.clue_count()),
            model: setup.model,
            solver: setup.solver,
            variant: setup.variant,
            status: Verdict::of_status(first.status),
            unique: first.unique,
            stopped_in: first.stopped_in,
            variables: sized(stats.variables),
            constraints: sized(stats.constraints),
            nonzeros: sized(stats.nonzeros),
            reduce_ms: median_of(|report| report.stats.reduce_ms),
            build_ms: if built {
                median_of(|report| Some(report.stats.build_ms))
            } else {
                None
            },
            solve_ms: if built {
                median_of(|report| Some(report.stats.solve_ms))
            } else {
                None
            },
            unique_ms: median_of(|report| report.stats.unique_ms),
            total_ms: median_of(|report| Some(report.stats.total_ms)).unwrap_or(0.0),
            nodes: stats.nodes,
            iterations: stats.iterations,
            unique_nodes: stats.unique_nodes,
            unique_iterations: stats.unique_iterations,
            repeats: reports.len(),
            message,
        }
    }
}

/// The median (the mean of the middle two for an even count); None if empty.
pub(crate) fn median(values: &mut [f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let middle = values.len() / 2;
    Some(if values.len() % 2 == 1 {
        values[middle]
    } else {
        (values[middle - 1] + values[middle]) / 2.0
    })
}

impl Measurement {
    /// Whether the total time means something: the solve reached a verdict
    /// or the limit.
    pub fn is_timed(&self) -> bool {
        matches!(
            self.status,
            Verdict::Solved | Verdict::Infeasible | Verdict::TimeLimit
        )
    }
}

/// One board with one setup, `repeat` times (fewer if it hits the limit).
pub(super) fn measure(
    name: &str,
    board: &Board,
    setup: Setup,
    options: &CompareOptions,
) -> Measurement {
    let solve_options = options.solve_options(setup);
    let mut reports = Vec::new();
    for _ in 0..options.repeat.max(1) {
        let start = Instant::now();
        match solve(board, &solve_options) {
            Ok(report) => {
                let stopped = report.status == Status::TimeLimit;
                reports.push(report);
                if stopped {
                    break;
                }
            }
            Err(error) => {
                let ms = start.elapsed().as_secs_f64() * 1000.0;
                return Measurement::of_error(name, Some(board), setup, &error, ms);
            }
        }
    }
    Measurement::of_reports(name, board, setup, &reports)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_an_even_count_is_the_mean_of_the_middle_two() {
        assert_eq!(median(&mut [4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(median(&mut [5.0, 1.0, 3.0]), Some(3.0));
        assert_eq!(median(&mut []), None);
    }
}
