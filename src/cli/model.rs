//! `numbrix model`: each family of a board's model, its algebra and its
//! rows; and what `model` and `export` say of a board that has no model.

use clap::{Args, ValueEnum};
use numbrix::{Board, Error, Modelled, Stage};

use crate::cli::answer::Answer;
use crate::cli::model_args::ModelArgs;

#[derive(Args)]
pub struct ModelCommandArgs {
    #[command(flatten)]
    model: ModelArgs,
    /// How the account of the model is printed.
    #[arg(long, value_enum, default_value_t = SummaryFormat::Text)]
    format: SummaryFormat,
}

#[derive(Clone, Copy, ValueEnum)]
enum SummaryFormat {
    /// For people.
    Text,
    /// One object.
    Json,
}

pub fn run_model(args: &ModelCommandArgs, verbose: u8, answer: &mut Answer) -> Result<i32, Error> {
    let ModelCommandArgs { model, format } = args;
    let board = Board::read(&model.board)?;
    match numbrix::explain::summarize(&board, &model.options(verbose))? {
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

/// A board refuted before any model was built: there is no model to show.
pub(crate) fn no_model(refutation: &numbrix::Refutation, what: &str) -> i32 {
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
