//! `numbrix export`: a board's model as a CPLEX LP or free MPS file.

use std::path::PathBuf;

use clap::Args;
use numbrix::export::FileFormat;
use numbrix::{Board, Error, Modelled};

use crate::cli::answer::Answer;
use crate::cli::model::no_model;
use crate::cli::model_args::ModelArgs;

#[derive(Args)]
pub struct ExportArgs {
    #[command(flatten)]
    model: ModelArgs,
    /// The file format of the model written.
    #[arg(long, value_enum, default_value_t = FileFormat::Lp)]
    format: FileFormat,
    /// Write here (atomically) instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

pub fn run_export(args: &ExportArgs, verbose: u8, answer: &mut Answer) -> Result<i32, Error> {
    let board = Board::read(&args.model.board)?;
    let options = args.model.options(verbose);
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
