//! The `numbrix` command: parses arguments, calls the library, prints.

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cli {
    //! What only the command line needs, a command per file.
    pub mod answer;
    pub mod check;
    pub mod clues;
    pub mod compare;
    pub mod count;
    pub mod export;
    pub mod generate;
    pub mod minimize;
    pub mod model;
    pub mod model_args;
    pub mod progress;
    pub mod solve;
}
use cli::answer::Answer;
use numbrix::Error;

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
    Solve(cli::solve::SolveArgs),
    /// Check a filled grid against a board: exit 0 if it solves it, 1 if not.
    Check(cli::check::CheckArgs),
    /// Explain the model of a board: each family, its algebra, its rows here, one row written out.
    Model(cli::model::ModelCommandArgs),
    /// Write the concrete model as a CPLEX LP or free MPS file.
    Export(cli::export::ExportArgs),
    /// Count a board's solutions: with the search (default), or with HiGHS or
    /// CBC by repeating the no-good cut.
    Count(cli::count::CountArgs),
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

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds.is_finite() && seconds >= 0.0 => Ok(seconds),
        _ => Err(format!("'{text}' is not a number of seconds (0 or more)")),
    }
}

/// A count of 1 or more. (clap's own range check would write out the
/// type's largest value as the upper end.)
fn at_least_one<T>(text: &str) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + From<u8>,
    T::Err: std::fmt::Display,
{
    match text.parse::<T>() {
        Ok(count) if count >= T::from(1) => Ok(count),
        Ok(_) => Err("must be 1 or more".into()),
        Err(error) => Err(error.to_string()),
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

fn run(cli: &Cli, answer: &mut Answer) -> Result<i32, Error> {
    let (verbose, quiet) = (cli.verbose, cli.quiet);
    match &cli.command {
        Command::Solve(args) => cli::solve::run_solve(args, verbose, quiet, answer),
        Command::Check(args) => cli::check::run_check(args, answer),
        Command::Model(args) => cli::model::run_model(args, verbose, answer),
        Command::Export(args) => cli::export::run_export(args, verbose, answer),
        Command::Count(args) => cli::count::run_count(args, verbose, quiet, answer),
        Command::Compare(args) => cli::compare::run_compare(args, verbose, quiet, answer),
        Command::Clues(args) => cli::clues::run_clues(args, verbose, quiet, answer),
        Command::Generate(args) => cli::generate::run_generate(args, quiet, answer),
        Command::Minimize(args) => cli::minimize::run_minimize(args, quiet, answer),
    }
}
