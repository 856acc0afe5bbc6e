//! `numbrix generate`: its arguments, progress, and what it prints and writes.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use numbrix::generate::{ClueRule, GenerateError, Level, Request, DEFAULT_ATTEMPTS};
use numbrix::Error;

use crate::cli::answer::Answer;
use crate::cli::progress;
use crate::{at_least_one, parse_seconds};

#[derive(Args)]
pub struct GenerateArgs {
    /// Rows of each puzzle.
    #[arg(long, value_parser = at_least_one::<u32>)]
    rows: u32,
    /// Columns of each puzzle.
    #[arg(long, value_parser = at_least_one::<u32>)]
    cols: u32,
    /// Puzzle k (from 0) comes from seed SEED + k: the same seed gives the same files.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// minimal (no clue can go), newspaper (every other border cell, then
    /// clues until unique) or a number of clues.
    #[arg(long, default_value = "minimal", value_parser = str::parse::<ClueRule>)]
    clues: ClueRule,
    /// Keep only puzzles of this level: distance, support, all_different,
    /// shaving or search.
    #[arg(long, value_parser = str::parse::<Level>)]
    level: Option<Level>,
    /// How many puzzles.
    #[arg(long, default_value_t = 1, value_parser = at_least_one::<u64>)]
    count: u64,
    /// Write NAME.csv and NAME.solution.csv here (atomically) instead of
    /// printing the boards.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Paths tried per puzzle when a clue count or level is missed.
    #[arg(long, default_value_t = DEFAULT_ATTEMPTS as u64, value_parser = at_least_one::<u64>)]
    attempts: u64,
    /// Seconds for all the puzzles.
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    time_limit: Option<f64>,
    /// How the puzzles are printed.
    #[arg(long, value_enum, default_value_t = GenerateFormat::Text)]
    format: GenerateFormat,
}

#[derive(Clone, Copy, ValueEnum)]
enum GenerateFormat {
    /// A line per puzzle (and its board as CSV when there is no --out).
    Text,
    /// {"puzzles": [...]}; fields in docs/generate.md.
    Json,
}

impl GenerateArgs {
    fn request(&self) -> Request {
        Request {
            seed: self.seed,
            level: self.level,
            count: self.count as usize,
            attempts: self.attempts as usize,
            time_limit: self.time_limit,
            ..Request::new(self.rows as usize, self.cols as usize, self.clues)
        }
    }
}

pub fn run_generate(args: &GenerateArgs, quiet: bool, answer: &mut Answer) -> Result<i32, Error> {
    let request = args.request();
    request.validate()?;
    // A directory that cannot take the files fails before any work.
    if let Some(directory) = &args.out {
        if !directory.is_dir() {
            let message = if directory.exists() {
                "not a directory"
            } else {
                "no such directory"
            };
            return Err(Error::Output {
                path: directory.display().to_string(),
                message: message.into(),
            });
        }
        numbrix::output::check_target(&directory.join(format!("{}.csv", request.name(0))))?;
    }
    let stop = request.deadline();
    let bar = progress::bar(quiet, request.count as u64);
    if let Some(bar) = &bar {
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
    }
    let mut made = Vec::new();
    let mut failure: Option<(String, GenerateError)> = None;
    for number in 0..request.count {
        if let Some(bar) = &bar {
            bar.set_message(request.name(number));
        }
        match request.puzzle(number, stop) {
            Ok(puzzle) => {
                if let Some(directory) = &args.out {
                    puzzle.write(directory)?;
                }
                if let GenerateFormat::Text = args.format {
                    if args.out.is_none() {
                        // A comment line, so that one board printed reads
                        // back as it is (`generate | solve -`).
                        answer.println(format_args!("# {}", puzzle.summary()))?;
                        answer.print(puzzle.board.to_csv())?;
                    } else {
                        answer.println(puzzle.summary())?;
                    }
                }
                made.push(puzzle);
                // Nobody reads the boards any more (`| head`): more are of no use.
                if answer.closed() && args.out.is_none() {
                    break;
                }
            }
            Err(error) => {
                failure = Some((request.name(number), error));
                break;
            }
        }
        if let Some(bar) = &bar {
            bar.inc(1);
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if let GenerateFormat::Json = args.format {
        let puzzles: Vec<serde_json::Value> = made.iter().map(|puzzle| puzzle.to_json()).collect();
        answer.println(serde_json::json!({ "puzzles": puzzles }))?;
    }
    match failure {
        None => Ok(0),
        Some((name, error)) => {
            let code = error.exit_code();
            match error {
                GenerateError::Failed(error) => Err(error),
                error => {
                    eprintln!("numbrix: {name}: {error}");
                    Ok(code)
                }
            }
        }
    }
}
