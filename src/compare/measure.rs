//! One measurement: a board solved with one setup, `repeat` times, the
//! medians of its times, and the [`Verdict`].

use std::fmt;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::backend::{wait_for_runs_left_behind, LEFT_BEHIND_WAIT};
use crate::board::Board;
use crate::error::{Error, InputError};
use crate::relax::{root_lp, RootLp};
use crate::report::{Report, Stage, Stats, Status, Step};
use crate::solve::solve;

use super::render::Row;
use super::{CompareOptions, Setup};

/// How one board x setup ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Solved,
    Infeasible,
    /// The time limit stopped the first solve or the uniqueness proof.
    TimeLimit,
    /// The model would exceed `max_variables` (refused, not built), or the
    /// board file is larger than a board may be.
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

    /// The verdict a solve error stands for. An input error is judged by
    /// its cause, whatever file it names.
    pub fn of_error(error: &Error) -> Verdict {
        match error {
            Error::Rejected { .. } => Verdict::Wrong,
            Error::TooLarge { .. } => Verdict::TooLarge,
            Error::Input(input) => match input.cause() {
                InputError::TooLarge { .. } => Verdict::TooLarge,
                _ => Verdict::Failed,
            },
            Error::Solver { .. } | Error::Output { .. } => Verdict::Failed,
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

/// One board solved with one setup. It prints (JSON and CSV alike) as its
/// flat [`Row`], where the sizes are null unless a model was built.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(into = "Row")]
pub struct Measurement {
    /// The board file, as named on the command line or found in a folder.
    pub board: String,
    /// The board's shape: None when it could not be read.
    pub rows: Option<usize>,
    pub cols: Option<usize>,
    /// rows x cols: the x axis of the plot.
    pub cells: Option<usize>,
    pub clues: Option<usize>,
    pub setup: Setup,
    pub status: Verdict,
    /// None when uniqueness was not asked or not settled.
    pub unique: Option<bool>,
    /// Which step the time limit stopped.
    pub stopped_in: Option<Step>,
    /// Which stage found the first solution.
    pub found_by: Option<Stage>,
    /// Which stage proved the solution unique or found a second one.
    pub unique_decided_by: Option<Stage>,
    /// A model was built and its sizes in `stats` are real (the report's
    /// `model_built`); false when the prechecks or the reduction refuted the
    /// board, the search settled it, or the solve failed.
    pub model_built: bool,
    /// The first solve's figures, its times replaced by the medians over
    /// the repeats. After an error, only `total_ms` (the time to the error).
    pub stats: Stats,
    /// How many solves the times are the median of.
    pub repeats: usize,
    /// The root LP of the model the solve built, and the LP after the
    /// no-good cut of its solution (None for the search, when no model was
    /// built, or when a limit stopped an LP).
    pub root_lp: Option<RootLp>,
    /// Why: the infeasibility reason, the error, or repeats that disagreed.
    pub message: Option<String>,
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

    /// A wrong answer, a failure, or a board that could not be read (even
    /// one too large to read: its verdict is too_large).
    pub fn is_error(&self) -> bool {
        self.status.is_error() || self.cells.is_none()
    }

    /// A measurement with no numbers: the board (`shape` None) or the solve
    /// failed. The message does not name the board file again: the
    /// measurement's `board` does.
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
            setup,
            status: Verdict::of_error(error),
            unique: None,
            stopped_in: None,
            found_by: None,
            unique_decided_by: None,
            model_built: false,
            stats: Stats {
                total_ms: ms,
                ..Stats::default()
            },
            repeats: 1,
            root_lp: None,
            message: Some(message_of(error)),
        }
    }

    /// The first report's verdict and counts, with the median of every time.
    fn of_reports(board_name: &str, board: &Board, setup: Setup, reports: &[Report]) -> Self {
        let first = &reports[0];
        let median_of = |time: fn(&Stats) -> Option<f64>| {
            let mut times: Vec<f64> = reports
                .iter()
                .filter_map(|report| time(&report.stats))
                .collect();
            median(&mut times)
        };
        let stats = Stats {
            reduce_ms: median_of(|stats| stats.reduce_ms),
            build_ms: median_of(|stats| Some(stats.build_ms)).unwrap_or(0.0),
            solve_ms: median_of(|stats| Some(stats.solve_ms)).unwrap_or(0.0),
            unique_ms: median_of(|stats| stats.unique_ms),
            total_ms: median_of(|stats| Some(stats.total_ms)).unwrap_or(0.0),
            ..first.stats.clone()
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
            setup,
            status: Verdict::of_status(first.status),
            unique: first.unique,
            stopped_in: first.stopped_in,
            found_by: first.found_by,
            unique_decided_by: first.unique_decided_by,
            model_built: first.model_built,
            stats,
            repeats: reports.len(),
            root_lp: None,
            message,
        }
    }
}

/// What went wrong, without the file an input error names: the board
/// column names it.
fn message_of(error: &Error) -> String {
    match error {
        Error::Input(input) => match input.cause() {
            InputError::Io { message, .. } => message.clone(),
            cause => cause.to_string(),
        },
        other => other.to_string(),
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

/// Waits, before a solve's clock starts, for the HiGHS and CBC runs that
/// earlier solves left behind (at a time limit, or once the search settled
/// the board beside them): they would share the cores with it, and a CBC
/// run holds CBC's turn, which the solve would wait for on its own clock.
/// A run ends at its limit, but CBC looks at its clock seldom, and nothing
/// stops it earlier: so the wait is at most the solve's own time limit
/// (or, without one, [`LEFT_BEHIND_WAIT`]), and a comparison that goes on beside runs
/// still going says so, once.
fn wait_for_earlier_runs(time_limit: Option<f64>) {
    let longest = time_limit
        .and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
        .map_or(LEFT_BEHIND_WAIT, |limit| limit.min(LEFT_BEHIND_WAIT));
    let still_going = wait_for_runs_left_behind(longest);
    if still_going > 0 {
        static SAID: std::sync::Once = std::sync::Once::new();
        SAID.call_once(|| {
            tracing::warn!(
                "{still_going} MIP run(s) that an earlier solve left behind still going after \
                 {:.1} s: the solves timed from here may share the cores with them",
                longest.as_secs_f64()
            )
        });
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
        wait_for_earlier_runs(solve_options.time_limit);
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
    let mut measurement = Measurement::of_reports(name, board, setup, &reports);
    let first = &reports[0];
    if setup.solver.is_mip() && first.model_built {
        // An LP that fails leaves the columns empty; the solve's verdict stands.
        measurement.root_lp = root_lp(board, &solve_options, first.grid.as_ref())
            .ok()
            .flatten();
    }
    measurement
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::Backend;
    use crate::formulation::Formulation;
    use crate::variant::Variant;

    #[test]
    fn median_of_an_even_count_is_the_mean_of_the_middle_two() {
        assert_eq!(median(&mut [4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(median(&mut [5.0, 1.0, 3.0]), Some(3.0));
        assert_eq!(median(&mut []), None);
    }

    fn measured(board: &[u8], setup: Setup) -> Measurement {
        let board = Board::parse(board).unwrap();
        measure("board.csv", &board, setup, &CompareOptions::default())
    }

    #[test]
    fn a_model_is_built_only_on_the_mip_path() {
        let mtz = |variant| Setup::new(Formulation::Mtz, Backend::Highs, variant);
        // 1 and 2 two steps apart: the prechecks refute it.
        let refuted = measured(b"1,,2\n,,\n,,\n", mtz(Variant::REDUCED));
        assert_eq!(refuted.status, Verdict::Infeasible);
        assert!(!refuted.model_built);
        // Every cell given: the reduction decides it, and the assignment
        // model over what it left, empty, is built.
        let assignment = Setup::new(Formulation::Assignment, Backend::Highs, Variant::REDUCED);
        let decided = measured(b"1,2\n4,3\n", assignment);
        assert!(decided.model_built);
        assert_eq!(decided.stats.variables, 0);
        let faithful = measured(b"1,\n,\n", mtz(Variant::Faithful));
        assert_eq!(faithful.status, Verdict::Solved);
        assert!(faithful.model_built);
        assert!(faithful.stats.variables > 0);
        let search = measured(b"1,\n,\n", Setup::SEARCH);
        assert_eq!(search.status, Verdict::Solved);
        assert_eq!(search.found_by, Some(Stage::Search));
        assert!(!search.model_built);
        // A 2x2 board is small and tight: the search by propagation has it.
        assert!(search
            .stats
            .search
            .is_some_and(|search| search.decisions > 0));
    }

    #[test]
    fn an_unreadable_board_is_failed_and_its_message_does_not_repeat_the_file() {
        let error = Error::Input(Board::read("no/such/board.csv".as_ref()).unwrap_err());
        let setup = Setup::new(Formulation::Assignment, Backend::Highs, Variant::REDUCED);
        let measurement = Measurement::of_error("no/such/board.csv", None, setup, &error, 0.0);
        assert_eq!(measurement.status, Verdict::Failed);
        assert_eq!(measurement.message.as_deref(), Some("no such file"));
    }
}
