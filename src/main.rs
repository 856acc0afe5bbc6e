//! The `numbrix` command: parses arguments, calls the library, prints.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

mod cli {
    //! What only the command line needs, a command per file.
    pub mod answer;
    pub mod clues;
    pub mod compare;
    pub mod generate;
    pub mod minimize;
    pub mod model_args;
}
use cli::answer::Answer;
use cli::model_args::{ModelArgs, SearchArgs};
use numbrix::board::is_standard_input;
use numbrix::check::Solution;
use numbrix::export::FileFormat;
use numbrix::report::{render_csv, render_grid};
use numbrix::solve::Counting;
use numbrix::{Backend, Board, Error, Filled, Modelled, Options, Stage};

#[derive(Parser)]
#[command(
    name = "numbrix",
    version,
    about = "Numbrix puzzles as integer programs, solved with HiGHS or CBC"
)]
struct Cli {
    /// Show progress and the solver's log on stderr (-vv for more).
    #[arg(short, long, global = true, action = clap::ArgAction::Count)]
    verbose: u8,
    /// Print nothing but the answer.
    #[arg(short, long, global = true)]
    quiet: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve a board (CSV; `-` reads standard input).
    Solve(SolveArgs),
    /// Check a filled grid against a board: exit 0 if it solves it, 1 if not.
    Check {
        /// The board: a CSV file, or `-` for standard input.
        board: PathBuf,
        /// The filled grid, in the board's format (`solve --format csv`
        /// writes it); `-` for standard input.
        solution: PathBuf,
    },
    /// Explain the model of a board: each family, its algebra, its rows here, one row written out.
    Model {
        #[command(flatten)]
        model: ModelArgs,
        /// How the account of the model is printed.
        #[arg(long, value_enum, default_value_t = SummaryFormat::Text)]
        format: SummaryFormat,
    },
    /// Write the concrete model as a CPLEX LP or free MPS file.
    Export(ExportArgs),
    /// Count a board's solutions: with the search (default), or with HiGHS or
    /// CBC by repeating the no-good cut.
    Count {
        #[command(flatten)]
        model: ModelArgs,
        #[command(flatten)]
        search: SearchArgs,
        /// Stop after this many solutions [default: all with the search, 1000
        /// with a MIP solver].
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        limit: Option<u64>,
    },
    /// Solve boards with several models and solvers; print a table (and a plot).
    Compare(cli::compare::CompareArgs),
    /// The fewest clues that define a puzzle on an empty m x n board, and the
    /// most that fail to, by listing every solution (docs/clues.md).
    Clues(cli::clues::CluesArgs),
    /// Make puzzles proved unique: minimal, newspaper or N clues; rated.
    Generate(cli::generate::GenerateArgs),
    /// Remove clues of a unique board until none can go; same solution.
    Minimize(cli::minimize::MinimizeArgs),
}

#[derive(Args)]
struct SolveArgs {
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

#[derive(Args)]
struct ExportArgs {
    #[command(flatten)]
    model: ModelArgs,
    /// The file format of the model written.
    #[arg(long, value_enum, default_value_t = FileFormat::Lp)]
    format: FileFormat,
    /// Write here (atomically) instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

#[derive(Clone, Copy, ValueEnum)]
enum SummaryFormat {
    /// For people.
    Text,
    /// One object.
    Json,
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

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds.is_finite() && seconds >= 0.0 => Ok(seconds),
        _ => Err(format!("'{text}' is not a number of seconds (0 or more)")),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    init_logging(cli.verbose, cli.quiet);
    // With -v HiGHS and CBC log on stdout, even runs left behind at a time
    // limit after their call returned: the answer gets a stdout of its own.
    let mut answer = Answer::open(cli.verbose > 0);
    let ran = run(&cli, &mut answer);
    // Flushed on an error too: what was printed before it is not lost.
    let finished = answer.finish();
    let code = match ran.and_then(|code| finished.map(|()| code)) {
        Ok(code) => code,
        Err(error) => {
            eprintln!("numbrix: {error}");
            error.exit_code()
        }
    };
    ExitCode::from(code as u8)
}

fn init_logging(verbose: u8, quiet: bool) {
    let default = match (quiet, verbose) {
        (true, _) => "off",
        // The highs crate warns on every time limit ("HiGHS emitted a
        // warning: Highs_run"); the summary line already says it. -v shows it.
        (false, 0) => "warn,highs=error",
        (false, 1) => "info",
        (false, _) => "debug",
    };
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .without_time()
        .init();
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

/// A board refuted before any model was built: there is no model to show.
fn no_model(refutation: &numbrix::Refutation, what: &str) -> i32 {
    match refutation.stage {
        Stage::Reduction => eprintln!(
            "numbrix: no reduced model: {}; --faithful {what} anyway",
            refutation.contradiction
        ),
        _ => eprintln!(
            "numbrix: no model: {} (the clues contradict each other before any model is built)",
            refutation.contradiction
        ),
    }
    1
}

fn run(cli: &Cli, answer: &mut Answer) -> Result<i32, Error> {
    match &cli.command {
        Command::Solve(args) if args.relax => {
            let board = Board::read(&args.model.board)?;
            if let Some(path) = &args.svg {
                numbrix::output::check_target(path)?;
            }
            let report = numbrix::relax::relax(&board, &args.model.options(cli.verbose))?;
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
        Command::Solve(args) => {
            let board = Board::read(&args.model.board)?;
            let options = Options {
                unique: args.unique,
                unique_time_limit: args.unique_time_limit,
                ..args.search.apply(args.model.options(cli.verbose))
            };
            if let Some(path) = &args.svg {
                numbrix::output::check_target(path)?;
            }
            // With -v the solver's own log is the progress: a spinner
            // redrawn between its lines would garble them.
            let quiet = cli.quiet || cli.verbose > 0;
            let report = with_spinner(quiet, "{spinner} {msg} {elapsed}", |bar| {
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
            if !cli.quiet {
                eprintln!("{}", report.summary());
            }
            Ok(report.exit_code())
        }
        Command::Check { board, solution } => {
            if is_standard_input(board) && is_standard_input(solution) {
                return Err(numbrix::InputError::Usage(
                    "check reads the board and the solution from two inputs: only one of them can be `-`"
                        .into(),
                )
                .into());
            }
            let board = Board::read(board)?;
            let filled = Filled::read(solution)?;
            match numbrix::check(&board, &filled) {
                Ok(_) => {
                    answer.println(format_args!(
                        "valid: every value 1..{} once, clues kept, consecutive values adjacent",
                        board.total()
                    ))?;
                    Ok(0)
                }
                Err(violation) => {
                    answer.println(format_args!("invalid: {violation}"))?;
                    Ok(1)
                }
            }
        }
        Command::Model { model, format } => {
            let board = Board::read(&model.board)?;
            match numbrix::explain::summarize(&board, &model.options(cli.verbose))? {
                Modelled::Model(summary) => {
                    match format {
                        SummaryFormat::Text => answer.print(summary.to_text())?,
                        SummaryFormat::Json => answer.println(summary.to_json())?,
                    }
                    Ok(0)
                }
                Modelled::Refuted(refutation) => Ok(no_model(&refutation, "shows the model")),
            }
        }
        Command::Export(args) => {
            let board = Board::read(&args.model.board)?;
            let options = args.model.options(cli.verbose);
            match numbrix::export::export(&board, &options, args.format)? {
                Modelled::Model(text) => {
                    match &args.output {
                        Some(path) => numbrix::output::write_atomically(path, text.as_bytes())?,
                        None => answer.print(text)?,
                    }
                    Ok(0)
                }
                Modelled::Refuted(refutation) => Ok(no_model(&refutation, "exports the model")),
            }
        }
        Command::Count {
            model,
            search,
            limit,
        } => {
            let board = Board::read(&model.board)?;
            let options = search.apply(model.options_with(cli.verbose, Backend::Search));
            let limit = limit.unwrap_or(match options.backend {
                Backend::Search => u64::MAX,
                Backend::Highs | Backend::Cbc => 1000,
            });
            let count = with_spinner(cli.quiet, "{spinner} {msg} {elapsed}", |bar| {
                if let Some(bar) = bar {
                    bar.set_message(Counting::Found(0).to_string());
                }
                numbrix::solve::count_solutions_with(&board, &options, limit, &mut |counting| {
                    if let Some(bar) = bar {
                        bar.set_message(counting.to_string());
                    }
                })
            })?;
            answer.println(count.solutions)?;
            if !count.complete && !cli.quiet {
                eprintln!("stopped at a limit: there may be more solutions");
            }
            Ok(if count.complete { 0 } else { 3 })
        }
        Command::Compare(args) => cli::compare::run_compare(args, cli.verbose, cli.quiet, answer),
        Command::Clues(args) => cli::clues::run_clues(args, cli.verbose, cli.quiet, answer),
        Command::Generate(args) => cli::generate::run_generate(args, cli.quiet, answer),
        Command::Minimize(args) => cli::minimize::run_minimize(args, cli.quiet, answer),
    }
}

/// Runs `work` with a spinner on stderr when it is a terminal (and not
/// `quiet`), cleared when the work ends, whatever it returns.
pub(crate) fn with_spinner<T>(
    quiet: bool,
    template: &str,
    work: impl FnOnce(Option<&indicatif::ProgressBar>) -> T,
) -> T {
    let bar = progress_bar(quiet, template);
    let done = work(bar.as_ref());
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    done
}

/// A progress bar on stderr when it is a terminal (and not --quiet).
fn progress_bar(quiet: bool, template: &str) -> Option<indicatif::ProgressBar> {
    (!quiet && std::io::stderr().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_style(indicatif::ProgressStyle::with_template(template).expect("a valid template"));
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
        bar
    })
}
