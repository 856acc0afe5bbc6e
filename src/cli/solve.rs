//! `numbrix solve`: its arguments, the solve (or with `--relax` the LP
//! relaxation), and what it prints.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use numbrix::check::Solution;
use numbrix::report::{render_csv, render_grid};
use numbrix::{Board, Error, Options};

use crate::cli::answer::Answer;
use crate::cli::model_args::{ModelArgs, SearchArgs};
use crate::cli::progress::with_spinner;
use crate::parse_seconds;

#[derive(Args)]
pub struct SolveArgs {
    #[command(flatten)]
    model: ModelArgs,
    #[command(flatten)]
    search: SearchArgs,
    /// Prove the solution unique, or show a second one.
    #[arg(long, conflicts_with = "relax")]
    unique: bool,
    /// Solve the LP relaxation instead: report fractional binaries and
    /// whether the relaxed point is already a valid grid.
    #[arg(long)]
    relax: bool,
    /// Also draw the solution as an SVG picture in FILE (written atomically);
    /// with --relax, the fractional LP point.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Seconds for the uniqueness proof alone; when they run out the first
    /// (checked) solution is still printed, with exit status 3.
    #[arg(long, value_name = "SECS", value_parser = parse_seconds, requires = "unique")]
    unique_time_limit: Option<f64>,
    /// How the answer is printed on standard output.
    #[arg(long, value_enum, default_value_t = Format::Grid)]
    format: Format,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    /// Aligned, clues in brackets, for people.
    Grid,
    /// One row per line; `solve` and `check` read it back.
    Csv,
    /// One object; its fields are in docs/output.md.
    Json,
}

pub fn run_solve(
    args: &SolveArgs,
    verbose: u8,
    quiet: bool,
    answer: &mut Answer,
) -> Result<i32, Error> {
    if args.relax {
        return run_relax(args, verbose, answer);
    }
    let board = Board::read(&args.model.board)?;
    let options = Options {
        unique: args.unique,
        unique_time_limit: args.unique_time_limit,
        ..args.search.apply(args.model.options(verbose))
    };
    if let Some(path) = &args.svg {
        numbrix::output::check_target(path)?;
    }
    // With -v the solver's own log is the progress: a spinner
    // redrawn between its lines would garble them.
    let spinner_off = quiet || verbose > 0;
    let report = with_spinner(spinner_off, "{spinner} {msg} {elapsed}", |bar| {
        numbrix::solve::solve_with(&board, &options, &mut |phase| {
            if let Some(bar) = bar {
                bar.set_message(phase.to_string());
            }
        })
    })?;
    if let Some(path) = &args.svg {
        match &report.grid {
            Some(grid) => {
                let picture = numbrix::svg::render_svg(&board, grid);
                numbrix::output::write_atomically(path, picture.as_bytes())?;
            }
            None => eprintln!(
                "numbrix: no solution, so no picture was written to {}",
                path.display()
            ),
        }
    }
    if !print_answer(answer, args.format, &report.to_json(), report.grid.as_ref())? {
        if let Some(grid) = &report.grid {
            answer.print(render_grid(&board, grid))?;
        }
        if let Some(second) = &report.second_solution {
            answer.println("")?;
            answer.print(render_grid(&board, second))?;
        }
    }
    if !quiet {
        eprintln!("{}", report.summary());
        if let Some(note) = crowded(&report) {
            eprintln!("{note}");
        }
    }
    Ok(report.exit_code())
}

/// A note when more searches ran side by side than the machine has cores:
/// they took turns on the cores, each slower, and the answer waited for
/// every one of them to reach the step where one settled the board.
fn crowded(report: &numbrix::Report) -> Option<String> {
    let threads = report.stats.search.as_ref()?.threads;
    let cores = std::thread::available_parallelism().ok()?.get();
    (threads > cores).then(|| {
        format!(
            "numbrix: note: {threads} searches ran side by side on {cores} cores, taking turns \
             on them: each ran slower, and the answer waited for all of them \
             (--threads {cores} or fewer keeps each on a core of its own)"
        )
    })
}

/// `solve --relax`: the LP relaxation, and the relaxed point as a grid when
/// it is one.
fn run_relax(args: &SolveArgs, verbose: u8, answer: &mut Answer) -> Result<i32, Error> {
    let board = Board::read(&args.model.board)?;
    if let Some(path) = &args.svg {
        numbrix::output::check_target(path)?;
    }
    let report = numbrix::relax::relax(&board, &args.model.options(verbose))?;
    if let Some(path) = &args.svg {
        match report.to_svg(&board) {
            Some(picture) => numbrix::output::write_atomically(path, picture.as_bytes())?,
            None => eprintln!(
                "numbrix: the LP was not solved, so no picture was written to {}",
                path.display()
            ),
        }
    }
    if !print_answer(answer, args.format, &report.to_json(), report.grid.as_ref())? {
        answer.print(report.to_text(&board))?;
    }
    Ok(report.exit_code())
}

/// The answer: one JSON object, or the grid as CSV (nothing when there is
/// no grid). False for the grid format, which the caller prints.
fn print_answer(
    answer: &mut Answer,
    format: Format,
    json: &str,
    grid: Option<&Solution>,
) -> Result<bool, Error> {
    match format {
        Format::Json => answer.println(json)?,
        Format::Csv => {
            if let Some(grid) = grid {
                answer.print(render_csv(grid))?;
            }
        }
        Format::Grid => return Ok(false),
    }
    Ok(true)
}
