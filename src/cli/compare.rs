//! `numbrix compare`: its arguments, its progress bar, and its output.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use numbrix::compare::{board_files, CompareOptions, Comparison, Measurement, Progress};
use numbrix::search::Searches;
use numbrix::words::how_many;
use numbrix::{Backend, Error, Formulation, Options, SearchBudget, Variant};

use crate::cli::answer::Answer;
use crate::cli::progress;
use crate::{at_least_one, parse_seconds};

#[derive(Args)]
pub struct CompareArgs {
    /// Board files, or folders: every *.csv in a folder except *.solution.csv.
    #[arg(required = true, value_name = "BOARD_OR_DIR")]
    boards: Vec<PathBuf>,
    /// Models to compare, comma-separated.
    #[arg(long, value_enum, value_delimiter = ',', default_values_t = Formulation::ALL)]
    models: Vec<Formulation>,
    /// Solvers to compare, comma-separated.
    #[arg(long, value_enum, value_delimiter = ',', default_values_t = Backend::ALL)]
    solvers: Vec<Backend>,
    /// Build exactly the models of the models/ pages (no reduction).
    #[arg(long, group = "variant")]
    faithful: bool,
    /// Build over the reduced domains (the default).
    #[arg(long, group = "variant")]
    reduce: bool,
    /// Both: every combination faithful and reduced.
    #[arg(long, group = "variant")]
    both: bool,
    /// Model variants to compare, comma-separated: faithful, reduced,
    /// reduced-no-shave, reduced-no-strengthen, reduced-no-shave-no-strengthen
    /// [default: reduced]. The search runs once per board whatever they are.
    #[arg(
        long,
        value_delimiter = ',',
        value_name = "VARIANTS",
        group = "variant"
    )]
    variants: Vec<Variant>,
    /// Prove each solution unique, or find a second one.
    #[arg(long)]
    unique: bool,
    /// Solve each combination N times; times are medians.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = at_least_one::<u32>)]
    repeat: u32,
    /// Seconds for each single solve (reduction, build and every solver call).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    time_limit: Option<f64>,
    /// Seconds the search may take ahead of HiGHS and CBC on each solve, as
    /// in `solve` [default: 0, off: each row measures its solver on its
    /// model].
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    search_budget: Option<f64>,
    /// Start the search's seeds here on every solve, as in `solve`: the
    /// search rows of a board with many solutions vary with it.
    #[arg(long, value_name = "N", default_value_t = 0)]
    seed: u64,
    /// Run N searches side by side on every solve, as in `solve` (the
    /// search rows then measure the first to settle each board).
    #[arg(long, value_name = "N", default_value_t = Searches::DEFAULT_THREADS as u16, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// How the measurements are printed.
    #[arg(long, value_enum, default_value_t = CompareFormat::Table)]
    format: CompareFormat,
    /// Also draw time against board cells as an SVG (written atomically).
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    /// Refuse models with more variables than this (those runs say too_large).
    #[arg(long, default_value_t = numbrix::solve::DEFAULT_MAX_VARIABLES)]
    max_variables: u64,
}

#[derive(Clone, Copy, ValueEnum)]
enum CompareFormat {
    /// Aligned columns for a terminal, then the summary per model x solver.
    Table,
    /// One line per board x setup; columns in docs/benchmarks.md.
    Csv,
    /// {"measurements": [...], "summary": [...], ...}; fields in docs/benchmarks.md.
    Json,
}

impl CompareArgs {
    fn options(&self, verbose: u8) -> CompareOptions {
        let variants = if !self.variants.is_empty() {
            self.variants.clone()
        } else if self.both {
            vec![Variant::Faithful, Variant::REDUCED]
        } else if self.faithful {
            vec![Variant::Faithful]
        } else {
            vec![Variant::REDUCED]
        };
        let defaults = CompareOptions::default();
        CompareOptions {
            base: Options {
                unique: self.unique,
                time_limit: self.time_limit,
                max_variables: self.max_variables,
                solver_log: verbose > 0,
                search_budget: self
                    .search_budget
                    .map_or(defaults.base.search_budget, SearchBudget::Seconds),
                searches: Searches {
                    threads: usize::from(self.threads),
                    seed: self.seed,
                },
                ..defaults.base
            },
            models: self.models.clone(),
            solvers: self.solvers.clone(),
            variants,
            repeat: self.repeat as usize,
        }
    }
}

pub fn run_compare(
    args: &CompareArgs,
    verbose: u8,
    quiet: bool,
    answer: &mut Answer,
) -> Result<i32, Error> {
    // A plot that could not be written must not wait for every solve.
    if let Some(path) = &args.plot {
        numbrix::output::check_target(path)?;
    }
    let boards = board_files(&args.boards)?;
    let options = args.options(verbose);
    let bar = progress::bar(quiet, (boards.len() * options.setups().len()) as u64);
    // A board that could not be read fails every setup alike: its line is
    // said once, not once per setup.
    let mut unreadable_said: Option<String> = None;
    let comparison = numbrix::compare::compare(&boards, &options, |progress| match progress {
        Progress::Starting { board, setup, .. } => {
            if let Some(bar) = &bar {
                bar.set_message(format!("{board}: {setup}"));
            }
        }
        Progress::Finished { measurement, .. } => {
            let unreadable = measurement.cells.is_none();
            let said = unreadable && unreadable_said.as_deref() == Some(measurement.board.as_str());
            if measurement.is_error() && !quiet && !said {
                if unreadable {
                    unreadable_said = Some(measurement.board.clone());
                }
                let line = loud(measurement);
                match &bar {
                    Some(bar) => bar.println(line),
                    None => eprintln!("{line}"),
                }
            }
            if let Some(bar) = &bar {
                bar.inc(1);
            }
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    match args.format {
        CompareFormat::Table => answer.print(comparison.to_table())?,
        CompareFormat::Csv => answer.print(comparison.to_csv())?,
        CompareFormat::Json => answer.println(comparison.to_json())?,
    }
    if let Some(path) = &args.plot {
        numbrix::plot::write_svg(&comparison, path)?;
    }
    if !quiet {
        report_errors(&comparison);
    }
    Ok(comparison.exit_code())
}

/// A wrong answer or failure, for stderr: it must not scroll by unnoticed.
/// A board that could not be read failed every setup.
fn loud(measurement: &Measurement) -> String {
    let setup = match measurement.cells {
        None => "every setup".to_string(),
        Some(_) => measurement.setup.to_string(),
    };
    format!(
        "numbrix: {} {}: {} ({setup})",
        measurement.status.name().to_uppercase(),
        measurement.board,
        measurement.message.as_deref().unwrap_or("no message"),
    )
}

/// After the result, the count of errors again, so it is the last thing seen.
fn report_errors(comparison: &Comparison) {
    let errors = comparison.errors().count();
    if errors > 0 {
        eprintln!(
            "numbrix: {errors} of {} were WRONG or FAILED (see above); exit status {}",
            how_many(comparison.measurements.len() as u64, "run", "runs"),
            comparison.exit_code()
        );
    }
}
