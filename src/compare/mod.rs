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

mod measure;
mod render;

use std::fmt;
use std::path::PathBuf;

use serde::Serialize;

use crate::backend::Backend;
use crate::board::Board;
use crate::error::{Error, InputError};
use crate::formulation::Formulation;
use crate::solve::{Options, DEFAULT_MAX_VARIABLES};

pub(crate) use measure::median;
pub use measure::{Measurement, Verdict};
pub use render::{Summary, CSV_COLUMNS};

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
                Ok(board) => measure::measure(&name, board, setup, options),
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
}
