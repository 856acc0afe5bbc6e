//! Formulations and solvers side by side.
//!
//! [`compare`] solves every board with every model x solver (x faithful or
//! reduced) the options ask for and keeps one [`Measurement`] per
//! combination: what the solve found, how large the model was and how long
//! each step took. Nothing a single run does stops the comparison: a time
//! limit, an infeasible board, a board file that cannot be read and even a
//! solver answer that fails the checker each become a measurement with its
//! own [`Verdict`], so a script gets a complete grid of results and can see
//! at a glance which combinations misbehaved.
//!
//! ```no_run
//! use std::path::PathBuf;
//! use numbrix::compare::{board_files, compare, CompareOptions};
//!
//! let boards = board_files(&[PathBuf::from("examples/boards")])?;
//! let comparison = compare(&boards, &CompareOptions::default(), |_| {});
//! print!("{}", comparison.to_table());
//! # Ok::<(), numbrix::Error>(())
//! ```

use std::fmt::{self, Write as _};
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde::Serialize;

use crate::backend::Backend;
use crate::board::Board;
use crate::error::{Error, InputError};
use crate::formulation::Formulation;
use crate::report::{Report, Status, Step};
use crate::solve::{solve, Options, DEFAULT_MAX_VARIABLES};

/// Which version of a formulation is built.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// Exactly the model of the formulation's models/ page.
    Faithful,
    /// The model over the reduced domains (what `solve` builds by default).
    Reduced,
}

impl Variant {
    pub fn name(self) -> &'static str {
        match self {
            Variant::Faithful => "faithful",
            Variant::Reduced => "reduced",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One model x solver x variant: a column of the comparison, a series of the plot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Setup {
    pub model: Formulation,
    pub solver: Backend,
    pub variant: Variant,
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} / {} / {}", self.model, self.solver, self.variant)
    }
}

/// What to compare and how.
#[derive(Debug, Clone, PartialEq)]
pub struct CompareOptions {
    pub models: Vec<Formulation>,
    pub solvers: Vec<Backend>,
    pub variants: Vec<Variant>,
    /// Prove each solution unique (a second solve with the no-good cut).
    pub unique: bool,
    /// Solve each combination this many times and report the median times.
    /// A run that reaches the time limit is not repeated: its time says
    /// only that the limit was reached.
    pub repeat: usize,
    /// Seconds for each single solve (reduction, build and both solver calls).
    pub time_limit: Option<f64>,
    pub max_variables: u64,
    /// Let the solvers print their logs on stderr.
    pub solver_log: bool,
}

impl Default for CompareOptions {
    fn default() -> CompareOptions {
        CompareOptions {
            models: Formulation::ALL.to_vec(),
            solvers: Backend::ALL.to_vec(),
            variants: vec![Variant::Reduced],
            unique: false,
            repeat: 1,
            time_limit: None,
            max_variables: DEFAULT_MAX_VARIABLES,
            solver_log: false,
        }
    }
}

impl CompareOptions {
    /// Every model x solver x variant asked for, in that nesting order,
    /// without repeats.
    pub fn setups(&self) -> Vec<Setup> {
        let mut setups = Vec::new();
        for &model in &self.models {
            for &solver in &self.solvers {
                for &variant in &self.variants {
                    let setup = Setup {
                        model,
                        solver,
                        variant,
                    };
                    if !setups.contains(&setup) {
                        setups.push(setup);
                    }
                }
            }
        }
        setups
    }

    fn solve_options(&self, setup: Setup) -> Options {
        Options {
            formulation: setup.model,
            backend: setup.solver,
            variant: match setup.variant {
                Variant::Faithful => crate::variant::Variant::Faithful,
                Variant::Reduced => crate::variant::Variant::REDUCED,
            },
            unique: self.unique,
            time_limit: self.time_limit,
            solver_log: self.solver_log,
            max_variables: self.max_variables,
            // A HiGHS or CBC row measures that solver on that model: the
            // search is compared as a solver of its own.
            search_budget: None,
            ..Options::default()
        }
    }
}

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
    fn of_error(board: &str, shape: Option<&Board>, setup: Setup, error: &Error, ms: f64) -> Self {
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

/// The totals of one setup over every board.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    pub model: Formulation,
    pub solver: Backend,
    pub variant: Variant,
    pub boards: usize,
    pub solved: usize,
    /// Solved boards whose solution was proved unique.
    pub unique: usize,
    pub infeasible: usize,
    pub time_limit: usize,
    pub too_large: usize,
    pub wrong: usize,
    pub failed: usize,
    /// Median and worst total time over the boards that were solved, proved
    /// infeasible or stopped by the limit (a time-limited run counts with the
    /// time it was given: the true time is at least that).
    pub median_ms: Option<f64>,
    pub worst_ms: Option<f64>,
}

impl Summary {
    fn of(setup: Setup, measurements: &[Measurement]) -> Summary {
        let mine: Vec<&Measurement> = measurements
            .iter()
            .filter(|measurement| measurement.setup() == setup)
            .collect();
        let count = |verdict: Verdict| {
            mine.iter()
                .filter(|measurement| measurement.status == verdict)
                .count()
        };
        let mut times: Vec<f64> = mine
            .iter()
            .filter(|measurement| measurement.is_timed())
            .map(|measurement| measurement.total_ms)
            .collect();
        Summary {
            model: setup.model,
            solver: setup.solver,
            variant: setup.variant,
            boards: mine.len(),
            solved: count(Verdict::Solved),
            unique: mine
                .iter()
                .filter(|measurement| {
                    measurement.status == Verdict::Solved && measurement.unique == Some(true)
                })
                .count(),
            infeasible: count(Verdict::Infeasible),
            time_limit: count(Verdict::TimeLimit),
            too_large: count(Verdict::TooLarge),
            wrong: count(Verdict::Wrong),
            failed: count(Verdict::Failed),
            worst_ms: times.iter().copied().reduce(f64::max),
            median_ms: median(&mut times),
        }
    }
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

/// Everything a comparison found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Comparison {
    /// One per board x setup, boards in the order given, setups in
    /// [`CompareOptions::setups`] order.
    pub measurements: Vec<Measurement>,
    /// One per setup.
    pub summary: Vec<Summary>,
    pub unique: bool,
    pub repeat: usize,
    pub time_limit: Option<f64>,
}

/// What [`compare`] tells its caller as it goes (for a progress bar).
#[derive(Debug, Clone, Copy)]
pub enum Progress<'a> {
    /// A solve is about to start; `done` of `total` are finished.
    Starting {
        done: usize,
        total: usize,
        board: &'a str,
        setup: Setup,
    },
    /// A measurement is complete.
    Finished {
        done: usize,
        total: usize,
        measurement: &'a Measurement,
    },
}

/// The board files named by `arguments`: a file stands for itself, a folder
/// for every `*.csv` in it except `*.solution.csv`, sorted by name. Only an
/// unreadable folder is an error; a file that is missing or malformed is
/// reported by [`compare`] as a failed measurement.
pub fn board_files(arguments: &[PathBuf]) -> Result<Vec<PathBuf>, Error> {
    let mut files = Vec::new();
    for argument in arguments {
        if !argument.is_dir() {
            files.push(argument.clone());
            continue;
        }
        let unreadable = |error: std::io::Error| InputError::Io {
            path: argument.display().to_string(),
            message: error.to_string(),
        };
        let mut found = Vec::new();
        for entry in std::fs::read_dir(argument).map_err(unreadable)? {
            let path = entry.map_err(unreadable)?.path();
            let name = path
                .file_name()
                .and_then(|name| name.to_str())
                .unwrap_or("");
            if path.is_file() && name.ends_with(".csv") && !name.ends_with(".solution.csv") {
                found.push(path);
            }
        }
        found.sort();
        files.extend(found);
    }
    Ok(files)
}

/// Solves every board with every setup of `options`, calling `progress`
/// before and after each one.
pub fn compare(
    boards: &[PathBuf],
    options: &CompareOptions,
    mut progress: impl FnMut(Progress<'_>),
) -> Comparison {
    let setups = options.setups();
    let total = boards.len() * setups.len();
    let mut measurements = Vec::with_capacity(total);
    for path in boards {
        let name = path.display().to_string();
        let board = Board::read(path).map_err(|error| match error {
            InputError::Io { .. } => Error::Input(error),
            other => Error::Input(InputError::Io {
                path: name.clone(),
                message: other.to_string(),
            }),
        });
        for &setup in &setups {
            progress(Progress::Starting {
                done: measurements.len(),
                total,
                board: &name,
                setup,
            });
            let measurement = match &board {
                Ok(board) => measure(&name, board, setup, options),
                Err(error) => Measurement::of_error(&name, None, setup, error, 0.0),
            };
            measurements.push(measurement);
            progress(Progress::Finished {
                done: measurements.len(),
                total,
                measurement: measurements.last().expect("just pushed"),
            });
        }
    }
    let summary = setups
        .iter()
        .map(|&setup| Summary::of(setup, &measurements))
        .collect();
    Comparison {
        measurements,
        summary,
        unique: options.unique,
        repeat: options.repeat.max(1),
        time_limit: options.time_limit,
    }
}

/// One board with one setup, `repeat` times (fewer if it hits the limit).
fn measure(name: &str, board: &Board, setup: Setup, options: &CompareOptions) -> Measurement {
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

impl Comparison {
    /// 0 when every solve ended in a verdict or a limit; 4 if any solver
    /// answer was wrong or a solver failed; 2 if a board could not be read.
    pub fn exit_code(&self) -> i32 {
        let any = |verdict: Verdict| {
            self.measurements
                .iter()
                .any(|measurement| measurement.status == verdict)
        };
        // A failure on a board that was read is the solver's.
        let solver_failed = self.measurements.iter().any(|measurement| {
            measurement.status == Verdict::Failed && measurement.cells.is_some()
        });
        if any(Verdict::Wrong) || solver_failed {
            4
        } else if any(Verdict::Failed) {
            2
        } else {
            0
        }
    }

    /// The measurements that are errors: wrong answers and failures.
    pub fn errors(&self) -> impl Iterator<Item = &Measurement> {
        self.measurements
            .iter()
            .filter(|measurement| measurement.status.is_error())
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a comparison always serialises")
    }

    /// One CSV line per measurement, with the columns of [`CSV_COLUMNS`].
    pub fn to_csv(&self) -> String {
        let mut writer = csv::Writer::from_writer(Vec::new());
        writer.write_record(CSV_COLUMNS).expect("writing to memory");
        for measurement in &self.measurements {
            writer
                .write_record(csv_record(measurement))
                .expect("writing to memory");
        }
        String::from_utf8(writer.into_inner().expect("writing to memory"))
            .expect("CSV of UTF-8 fields")
    }

    /// The measurements and the summary as aligned text tables, "-" where
    /// a number is not available.
    pub fn to_table(&self) -> String {
        let short = short_names(&self.measurements);
        let mut measurements = Table::new(&[
            ("board", Align::Left),
            ("cells", Align::Right),
            ("model", Align::Left),
            ("solver", Align::Left),
            ("variant", Align::Left),
            ("status", Align::Left),
            ("unique", Align::Left),
            ("vars", Align::Right),
            ("rows", Align::Right),
            ("nonzeros", Align::Right),
            ("reduce ms", Align::Right),
            ("build ms", Align::Right),
            ("solve ms", Align::Right),
            ("unique ms", Align::Right),
            ("total ms", Align::Right),
            ("nodes", Align::Right),
            ("iters", Align::Right),
        ]);
        for (measurement, board) in self.measurements.iter().zip(&short) {
            let status = if measurement.status.is_error() {
                measurement.status.name().to_uppercase()
            } else {
                measurement.status.name().to_string()
            };
            measurements.push(vec![
                board.clone(),
                or_dash(measurement.cells),
                measurement.model.to_string(),
                measurement.solver.to_string(),
                measurement.variant.to_string(),
                status,
                match (measurement.unique, measurement.stopped_in) {
                    (Some(true), _) => "yes".into(),
                    (Some(false), _) => "NO".into(),
                    // A checked solution was found; the proof ran out of time.
                    (None, Some(Step::Unique)) => "limit".into(),
                    (None, _) => "-".into(),
                },
                or_dash(measurement.variables),
                or_dash(measurement.constraints),
                or_dash(measurement.nonzeros),
                millis(measurement.reduce_ms),
                millis(measurement.build_ms),
                millis(measurement.solve_ms),
                millis(measurement.unique_ms),
                millis(measurement.is_timed().then_some(measurement.total_ms)),
                or_dash(measurement.nodes),
                or_dash(measurement.iterations),
            ]);
        }
        let mut summary = Table::new(&[
            ("model", Align::Left),
            ("solver", Align::Left),
            ("variant", Align::Left),
            ("boards", Align::Right),
            ("solved", Align::Right),
            ("unique", Align::Right),
            ("infeasible", Align::Right),
            ("time_limit", Align::Right),
            ("too_large", Align::Right),
            ("wrong", Align::Right),
            ("failed", Align::Right),
            ("median ms", Align::Right),
            ("worst ms", Align::Right),
        ]);
        for line in &self.summary {
            summary.push(vec![
                line.model.to_string(),
                line.solver.to_string(),
                line.variant.to_string(),
                line.boards.to_string(),
                line.solved.to_string(),
                if self.unique {
                    line.unique.to_string()
                } else {
                    "-".into()
                },
                line.infeasible.to_string(),
                line.time_limit.to_string(),
                line.too_large.to_string(),
                line.wrong.to_string(),
                line.failed.to_string(),
                millis(line.median_ms),
                millis(line.worst_ms),
            ]);
        }
        let mut out = measurements.render();
        out.push('\n');
        out.push_str(&summary.render());
        let notes: Vec<String> = self
            .measurements
            .iter()
            .zip(&short)
            .filter(|(measurement, _)| measurement.status != Verdict::Infeasible)
            .filter_map(|(measurement, board)| {
                let message = measurement.message.as_ref()?;
                Some(format!(
                    "{board} ({}): {}{message}",
                    measurement.setup(),
                    if measurement.status.is_error() {
                        "ERROR: "
                    } else {
                        ""
                    }
                ))
            })
            .collect();
        if !notes.is_empty() {
            out.push('\n');
            for note in notes {
                let _ = writeln!(out, "{note}");
            }
        }
        out
    }
}

/// The CSV header; every column is documented in the README.
pub const CSV_COLUMNS: [&str; 25] = [
    "board",
    "rows",
    "cols",
    "cells",
    "clues",
    "model",
    "solver",
    "variant",
    "status",
    "unique",
    "stopped_in",
    "variables",
    "constraints",
    "nonzeros",
    "reduce_ms",
    "build_ms",
    "solve_ms",
    "unique_ms",
    "total_ms",
    "nodes",
    "iterations",
    "unique_nodes",
    "unique_iterations",
    "repeats",
    "message",
];

/// The fields of one CSV line: empty where JSON has null.
fn csv_record(measurement: &Measurement) -> Vec<String> {
    fn field<T: ToString>(value: Option<T>) -> String {
        value.map(|value| value.to_string()).unwrap_or_default()
    }
    let ms = |value: Option<f64>| field(value.map(|value| format!("{value:.3}")));
    vec![
        measurement.board.clone(),
        field(measurement.rows),
        field(measurement.cols),
        field(measurement.cells),
        field(measurement.clues),
        measurement.model.to_string(),
        measurement.solver.to_string(),
        measurement.variant.to_string(),
        measurement.status.to_string(),
        field(measurement.unique),
        field(measurement.stopped_in.map(|step| match step {
            Step::Solve => "solve",
            Step::Unique => "unique",
        })),
        field(measurement.variables),
        field(measurement.constraints),
        field(measurement.nonzeros),
        ms(measurement.reduce_ms),
        ms(measurement.build_ms),
        ms(measurement.solve_ms),
        ms(measurement.unique_ms),
        format!("{:.3}", measurement.total_ms),
        field(measurement.nodes),
        field(measurement.iterations),
        field(measurement.unique_nodes),
        field(measurement.unique_iterations),
        measurement.repeats.to_string(),
        measurement.message.clone().unwrap_or_default(),
    ]
}

/// File stems when they tell the boards apart, the full names otherwise.
fn short_names(measurements: &[Measurement]) -> Vec<String> {
    let stem = |name: &str| {
        Path::new(name)
            .file_stem()
            .and_then(|stem| stem.to_str())
            .unwrap_or(name)
            .to_string()
    };
    let mut pairs: Vec<(String, &str)> = measurements
        .iter()
        .map(|measurement| (stem(&measurement.board), measurement.board.as_str()))
        .collect();
    pairs.sort();
    pairs.dedup();
    let clash = pairs.windows(2).any(|pair| pair[0].0 == pair[1].0);
    measurements
        .iter()
        .map(|measurement| {
            if clash {
                measurement.board.clone()
            } else {
                stem(&measurement.board)
            }
        })
        .collect()
}

fn or_dash<T: ToString>(value: Option<T>) -> String {
    value.map_or_else(|| "-".to_string(), |value| value.to_string())
}

/// Milliseconds for people: three significant digits or so.
fn millis(value: Option<f64>) -> String {
    match value {
        None => "-".into(),
        Some(ms) if ms >= 100.0 => format!("{ms:.0}"),
        Some(ms) if ms >= 10.0 => format!("{ms:.1}"),
        Some(ms) => format!("{ms:.2}"),
    }
}

#[derive(Clone, Copy)]
enum Align {
    Left,
    Right,
}

/// A text table whose columns are as wide as their widest cell.
struct Table {
    header: Vec<(String, Align)>,
    lines: Vec<Vec<String>>,
}

impl Table {
    fn new(header: &[(&str, Align)]) -> Table {
        Table {
            header: header
                .iter()
                .map(|&(name, align)| (name.to_string(), align))
                .collect(),
            lines: Vec::new(),
        }
    }

    fn push(&mut self, line: Vec<String>) {
        self.lines.push(line);
    }

    fn render(&self) -> String {
        let widths: Vec<usize> = self
            .header
            .iter()
            .enumerate()
            .map(|(column, (name, _))| {
                self.lines
                    .iter()
                    .map(|line| line[column].chars().count())
                    .chain([name.chars().count()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let render_line = |cells: Vec<&str>| {
            let mut text = String::new();
            for (column, cell) in cells.into_iter().enumerate() {
                let width = widths[column];
                if column > 0 {
                    text.push_str("  ");
                }
                match self.header[column].1 {
                    Align::Left => {
                        let _ = write!(text, "{cell:<width$}");
                    }
                    Align::Right => {
                        let _ = write!(text, "{cell:>width$}");
                    }
                }
            }
            text.trim_end().to_string() + "\n"
        };
        let mut out = render_line(self.header.iter().map(|(name, _)| name.as_str()).collect());
        out.push_str(&render_line(
            widths
                .iter()
                .map(|&width| "-".repeat(width))
                .collect::<Vec<_>>()
                .iter()
                .map(String::as_str)
                .collect(),
        ));
        for line in &self.lines {
            out.push_str(&render_line(line.iter().map(String::as_str).collect()));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SETUP: Setup = Setup {
        model: Formulation::Mtz,
        solver: Backend::Highs,
        variant: Variant::Faithful,
    };

    fn comparison_of(measurement: Measurement) -> Comparison {
        Comparison {
            summary: vec![Summary::of(SETUP, std::slice::from_ref(&measurement))],
            measurements: vec![measurement],
            unique: false,
            repeat: 1,
            time_limit: None,
        }
    }

    #[test]
    fn a_rejected_answer_is_wrong_and_fails_the_run() {
        let error = Error::Rejected {
            solver: "highs",
            problem: "its answer is not a solution".into(),
        };
        let board = Board::parse(b"1,\n,\n").unwrap();
        let measurement = Measurement::of_error("board.csv", Some(&board), SETUP, &error, 1.0);
        assert_eq!(measurement.status, Verdict::Wrong);
        let comparison = comparison_of(measurement);
        assert_eq!(comparison.exit_code(), 4);
        assert_eq!(comparison.summary[0].wrong, 1);
        assert!(comparison.to_table().contains("WRONG"));
    }

    #[test]
    fn a_solver_failure_is_failed_not_wrong_and_fails_the_run() {
        let error = Error::Solver {
            solver: "cbc",
            message: "CBC could not run".into(),
        };
        let board = Board::parse(b"1,\n,\n").unwrap();
        let measurement = Measurement::of_error("board.csv", Some(&board), SETUP, &error, 1.0);
        assert_eq!(measurement.status, Verdict::Failed);
        let comparison = comparison_of(measurement);
        assert_eq!(comparison.exit_code(), 4);
        assert_eq!(comparison.summary[0].wrong, 0);
        assert_eq!(comparison.summary[0].failed, 1);
    }

    #[test]
    fn median_of_an_even_count_is_the_mean_of_the_middle_two() {
        assert_eq!(median(&mut [4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(median(&mut [5.0, 1.0, 3.0]), Some(3.0));
        assert_eq!(median(&mut []), None);
    }
}
