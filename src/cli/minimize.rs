//! `numbrix minimize`: its arguments and what it prints.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use numbrix::generate::{minimize_with_progress, Asked, GenerateError, Minimized};
use numbrix::words::how_many;
use numbrix::{Board, Error};

use crate::cli::answer::Answer;
use crate::cli::progress::with_spinner;
use crate::parse_seconds;

#[derive(Args)]
pub struct MinimizeArgs {
    /// The board: a CSV file, or `-` for standard input.
    board: PathBuf,
    /// The order in which clues are tried comes from this seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Seconds for the whole run; when they run out after the board was
    /// proved unique, the board reached so far is printed (unique, but some
    /// clue may still go), and the exit status is 3.
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    time_limit: Option<f64>,
    /// How the board kept is printed.
    #[arg(long, value_enum, default_value_t = MinimizeFormat::Csv)]
    format: MinimizeFormat,
}

#[derive(Clone, Copy, ValueEnum)]
enum MinimizeFormat {
    /// The board, one row per line.
    Csv,
    /// One object; fields in docs/generate.md.
    Json,
}

pub fn run_minimize(args: &MinimizeArgs, quiet: bool, answer: &mut Answer) -> Result<i32, Error> {
    let board = Board::read(&args.board)?;
    // Each clue is a uniqueness question, seconds each on a large board.
    let clues = board.clue_count();
    let template = "{spinner} minimizing {elapsed} {msg}";
    let minimized = with_spinner(quiet, template, |bar| {
        let mut asked = |asked: Asked| {
            if let Some(bar) = bar {
                bar.set_message(format!(
                    "({} asked about {}, {} removed)",
                    how_many(asked.questions as u64, "question", "questions"),
                    how_many(clues as u64, "clue", "clues"),
                    asked.removed
                ));
            }
        };
        minimize_with_progress(&board, args.seed, args.time_limit, &mut asked)
    });
    let minimized = match minimized {
        Ok(minimized) => minimized,
        Err(GenerateError::Failed(error)) => return Err(error),
        Err(refusal) => {
            // What was reached is unique and checked: printed, and said to
            // be short of minimal or unrated.
            if let Some(reached) = refusal.reached() {
                print_board(reached, args.format, answer)?;
            }
            eprintln!(
                "numbrix: {}: {refusal}",
                numbrix::board::input_name(&args.board)
            );
            return Ok(refusal.exit_code());
        }
    };
    print_board(&minimized, args.format, answer)?;
    if let (false, Some(difficulty)) = (quiet, &minimized.difficulty) {
        eprintln!(
            "kept {} (no one of them can go), same unique solution; level {difficulty}",
            minimized.kept(),
        );
    }
    Ok(0)
}

fn print_board(
    minimized: &Minimized,
    format: MinimizeFormat,
    answer: &mut Answer,
) -> Result<(), Error> {
    match format {
        MinimizeFormat::Csv => answer.print(minimized.board.to_csv()),
        MinimizeFormat::Json => answer.println(minimized.to_json()),
    }
}
