//! Formulations and solvers side by side.
//!
//! [`compare`] solves every board with every model x solver x variant the
//! options ask for and keeps one [`Measurement`] per combination: what the
//! solve found, how large the model was and how long each step took.
//! Nothing a single run does stops the comparison: a time limit, an
//! infeasible board, a board file that cannot be read and even a solver
//! answer that fails the checker each become a measurement with its own
//! [`Verdict`], so a script gets a complete grid of results and can see at a
//! glance which combinations misbehaved.
//!
//! Here: the options, the setups and the run over the boards; one
//! measurement in `measure`; CSV and JSON in `render`, the table in `table`.
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
mod table;

use std::fmt;
use std::path::PathBuf;

use serde::Serialize;

use crate::backend::Backend;
use crate::board::{is_standard_input, Board};
use crate::error::{Error, InputError};
use crate::formulation::Formulation;
use crate::solve::{Options, SearchBudget};
use crate::variant::Variant;

pub(crate) use measure::median;
pub use measure::{Measurement, Verdict};
pub use render::{Row, Summary, CSV_COLUMNS};

/// One model x solver x variant: a column of the comparison, a series of
/// the plot. The search builds no model, so neither model nor variant
/// applies to it: its setup is [`Setup::SEARCH`], with both None.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Setup {
    /// None for the search.
    pub model: Option<Formulation>,
    pub solver: Backend,
    /// None for the search.
    pub variant: Option<Variant>,
}

impl Setup {
    /// The search: one run per board, whatever the models and variants.
    pub const SEARCH: Setup = Setup {
        model: None,
        solver: Backend::Search,
        variant: None,
    };

    /// A MIP solver on one model in one variant; the search, whatever
    /// `model` and `variant` say, when `solver` is the search.
    pub fn new(model: Formulation, solver: Backend, variant: Variant) -> Setup {
        if solver.is_mip() {
            Setup {
                model: Some(model),
                solver,
                variant: Some(variant),
            }
        } else {
            Setup::SEARCH
        }
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.model, self.variant) {
            (Some(model), Some(variant)) => write!(f, "{model} / {} / {variant}", self.solver),
            _ => write!(f, "{}", self.solver),
        }
    }
}

/// What to compare and how.
#[derive(Debug, Clone, PartialEq)]
pub struct CompareOptions {
    /// What every solve shares: `unique`, `time_limit` (seconds for each
    /// single solve: reduction, search, build and every solver call),
    /// `unique_time_limit`, `max_variables`, `solver_log` and
    /// `search_budget` (the search ahead of HiGHS and CBC; off by default
    /// here, so that each HiGHS or CBC row measures that solver on that
    /// model). Its formulation, backend and variant are replaced by each
    /// setup's.
    pub base: Options,
    pub models: Vec<Formulation>,
    pub solvers: Vec<Backend>,
    pub variants: Vec<Variant>,
    /// Solve each combination this many times and report the median times.
    /// A run that reaches the time limit is not repeated: its time says
    /// only that the limit was reached.
    pub repeat: usize,
}

impl Default for CompareOptions {
    fn default() -> CompareOptions {
        CompareOptions {
            base: Options {
                search_budget: SearchBudget::Off,
                ..Options::default()
            },
            models: Formulation::ALL.to_vec(),
            solvers: Backend::ALL.to_vec(),
            variants: vec![Variant::REDUCED],
            repeat: 1,
        }
    }
}

impl CompareOptions {
    /// Every model x solver x variant asked for, in that nesting order,
    /// without repeats. The search, if asked for, is one setup
    /// ([`Setup::SEARCH`]) where the first model and variant put it: it runs
    /// once per board, not once per model and variant.
    pub fn setups(&self) -> Vec<Setup> {
        let mut setups = Vec::new();
        for &model in &self.models {
            for &solver in &self.solvers {
                for &variant in &self.variants {
                    let setup = Setup::new(model, solver, variant);
                    if !setups.contains(&setup) {
                        setups.push(setup);
                    }
                }
            }
        }
        setups
    }

    /// The options of one solve with `setup`. The search runs as `numbrix
    /// solve --solver search` does: on the domains rules 1-5 of the
    /// reduction leave (the default variant); the formulation is only that
    /// of the empty model built when the reduction decides every cell.
    fn solve_options(&self, setup: Setup) -> Options {
        // Off here means no search ahead of HiGHS and CBC; the search's own
        // row takes its turns with shaving as `solve --solver search` does.
        let search_budget = match (setup.solver, self.base.search_budget) {
            (Backend::Search, SearchBudget::Off) => SearchBudget::Default,
            (_, budget) => budget,
        };
        Options {
            formulation: setup.model.unwrap_or(Formulation::Assignment),
            backend: setup.solver,
            variant: setup.variant.unwrap_or_default(),
            search_budget,
            ..self.base
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
    /// The search's seed and threads on every solve (`--seed`, `--threads`).
    pub seed: u64,
    pub threads: usize,
}

impl Comparison {
    /// 0 when every solve ended in a verdict or a limit; 4 if any solver
    /// answer was wrong or a solver failed; 2 if a board could not be read.
    pub fn exit_code(&self) -> i32 {
        // A failure on a board that was read is the solver's.
        let solver_failed = self.measurements.iter().any(|measurement| {
            measurement.status == Verdict::Wrong
                || (measurement.status == Verdict::Failed && measurement.cells.is_some())
        });
        if solver_failed {
            4
        } else if self.errors().next().is_some() {
            2
        } else {
            0
        }
    }

    /// The measurements that are errors: wrong answers, failures and
    /// boards that could not be read.
    pub fn errors(&self) -> impl Iterator<Item = &Measurement> {
        self.measurements
            .iter()
            .filter(|measurement| measurement.is_error())
    }
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
/// unreadable folder is an error, and standard input (`-`) named twice
/// (it can be read once); a file that is missing or malformed is reported
/// by [`compare`] as a failed measurement.
pub fn board_files(arguments: &[PathBuf]) -> Result<Vec<PathBuf>, Error> {
    if arguments
        .iter()
        .filter(|argument| is_standard_input(argument))
        .count()
        > 1
    {
        return Err(InputError::Usage(
            "standard input can be read once: name `-` only once".into(),
        )
        .into());
    }
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
        // Its error names the file already.
        let board = Board::read(path).map_err(Error::Input);
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
        unique: options.base.unique,
        repeat: options.repeat.max(1),
        time_limit: options.base.time_limit,
        seed: options.base.searches.seed,
        threads: options.base.searches.threads,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SETUP: Setup = Setup {
        model: Some(Formulation::Mtz),
        solver: Backend::Highs,
        variant: Some(Variant::Faithful),
    };

    fn comparison_of(measurement: Measurement) -> Comparison {
        Comparison {
            summary: vec![Summary::of(SETUP, std::slice::from_ref(&measurement))],
            measurements: vec![measurement],
            unique: false,
            repeat: 1,
            time_limit: None,
            seed: 0,
            threads: 1,
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
    fn a_board_too_large_to_read_is_too_large_and_an_input_error() {
        let error = Error::Input(InputError::InFile {
            path: "huge.csv".into(),
            error: Box::new(InputError::TooLarge {
                what: "a board of more than 1 cells".into(),
                limit: "1 cells".into(),
            }),
        });
        let measurement = Measurement::of_error("huge.csv", None, SETUP, &error, 0.0);
        assert_eq!(measurement.status, Verdict::TooLarge);
        assert_eq!(comparison_of(measurement).exit_code(), 2);
    }

    #[test]
    fn the_search_is_one_setup_whatever_the_models_and_variants() {
        let options = CompareOptions {
            variants: vec![Variant::Faithful, Variant::UNSHAVED, Variant::REDUCED],
            ..CompareOptions::default()
        };
        let setups = options.setups();
        let search: Vec<&Setup> = setups
            .iter()
            .filter(|setup| setup.solver == Backend::Search)
            .collect();
        assert_eq!(search, [&Setup::SEARCH], "{setups:?}");
        // 6 models x 2 MIP solvers x 3 variants, and the search.
        assert_eq!(setups.len(), Formulation::ALL.len() * 2 * 3 + 1);
        assert_eq!(Setup::SEARCH.to_string(), "search");
        assert_eq!(SETUP.to_string(), "mtz / highs / faithful");
    }

    #[test]
    fn the_search_runs_on_the_reduction_whatever_the_variants_asked() {
        let options = CompareOptions {
            variants: vec![Variant::Faithful],
            ..CompareOptions::default()
        };
        let search = options.solve_options(Setup::SEARCH);
        assert_eq!(search.backend, Backend::Search);
        assert_eq!(search.variant, Variant::REDUCED);
        assert_eq!(options.solve_options(SETUP).variant, Variant::Faithful);
        assert_eq!(
            options.solve_options(SETUP).search_budget,
            SearchBudget::Off
        );
        // No search ahead of the MIPs, but the search's own turns with
        // shaving, as `solve --solver search` takes them.
        assert_eq!(search.search_budget, SearchBudget::Default);
    }
}
