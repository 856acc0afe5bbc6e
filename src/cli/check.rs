//! `numbrix check`: a filled grid against its board.

use std::path::PathBuf;

use clap::Args;
use numbrix::board::is_standard_input;
use numbrix::{Board, Error, Filled};

use crate::cli::answer::Answer;

#[derive(Args)]
pub struct CheckArgs {
    /// The board: a CSV file, or `-` for standard input.
    board: PathBuf,
    /// The filled grid, in the board's format (`solve --format csv`
    /// writes it) or the JSON answer of `solve --format json`; `-` for
    /// standard input.
    solution: PathBuf,
}

pub fn run_check(args: &CheckArgs, answer: &mut Answer) -> Result<i32, Error> {
    let CheckArgs { board, solution } = args;
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
