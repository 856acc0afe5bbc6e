//! `numbrix count`: how many solutions a board has, with a spinner.

use clap::{Args, ValueEnum};
use numbrix::solve::Counting;
use numbrix::{Backend, Board, Error};

use crate::at_least_one;
use crate::cli::answer::Answer;
use crate::cli::model_args::{ModelArgs, SearchArgs};
use crate::cli::progress::with_spinner;

#[derive(Args)]
pub struct CountArgs {
    #[command(flatten)]
    model: ModelArgs,
    #[command(flatten)]
    search: SearchArgs,
    /// Stop after this many solutions [default: all with the search, 1000
    /// with a MIP solver].
    #[arg(long, value_parser = at_least_one::<u64>)]
    limit: Option<u64>,
    /// `text`: the number alone; `json`: the number, whether it is every
    /// solution, what counted them and the milliseconds it took.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// How the count is printed.
#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
}

pub fn run_count(
    args: &CountArgs,
    verbose: u8,
    quiet: bool,
    answer: &mut Answer,
) -> Result<i32, Error> {
    let CountArgs {
        model,
        search,
        limit,
        format,
    } = args;
    let board = Board::read(&model.board)?;
    let options = search.apply(model.options_with(verbose, Backend::Search));
    let limit = limit.unwrap_or(match options.backend {
        Backend::Search => u64::MAX,
        Backend::Highs | Backend::Cbc => 1000,
    });
    let count = with_spinner(quiet, "{spinner} {msg} {elapsed}", |bar| {
        if let Some(bar) = bar {
            bar.set_message(Counting::Found(0).to_string());
        }
        numbrix::solve::count_solutions_with(&board, &options, limit, &mut |counting| {
            if let Some(bar) = bar {
                bar.set_message(counting.to_string());
            }
        })
    })?;
    match format {
        Format::Text => answer.println(count.solutions)?,
        Format::Json => {
            answer.println(serde_json::to_string(&count).expect("a count serialises"))?
        }
    }
    if !quiet {
        eprintln!("{}", count.summary());
    }
    Ok(if count.complete { 0 } else { 3 })
}
