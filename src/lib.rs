//! numbrix: the Numbrix puzzle as integer programs.
//!
//! A board (an m x n grid with some cells given) is solved by stating it as a
//! mixed-integer program, in one of two [`Formulation`]s, and handing it to
//! one of two [`Backend`]s through `good_lp`. Every answer goes through the
//! independent [`check()`] before it is returned, and uniqueness is proved
//! with a no-good cut.
//!
//! The command line sits behind the default `cli` feature; with
//! `default-features = false` this crate is the library alone (no clap,
//! indicatif, tracing-subscriber or plotters; the SVG plot of `compare`
//! needs the feature).
//!
//! ```no_run
//! use numbrix::{solve, Backend, Board, Formulation, Options};
//!
//! let board = Board::read("examples/boards/classic_9x9.csv".as_ref())?;
//! let options = Options { unique: true, ..Options::new(Formulation::Assignment, Backend::Highs) };
//! let report = solve(&board, &options)?;
//! println!("{}", report.to_json());
//! # Ok::<(), numbrix::Error>(())
//! ```

pub mod backend;
pub mod board;
pub mod check;
mod clock;
pub mod clues;
pub mod compare;
mod cores;
pub mod domains;
pub mod error;
pub mod explain;
pub mod export;
pub mod formulation;
pub mod generate;
pub mod lp_svg;
pub mod mip;
pub mod output;
#[cfg(feature = "cli")]
pub mod plot;
pub mod precheck;
pub mod quiet;
pub mod relax;
pub mod report;
mod scramble;
pub mod search;
pub mod solve;
pub mod svg;
pub mod symmetry;
pub mod variant;
pub mod words;

pub use backend::Backend;
pub use board::{Board, Cell, Filled};
pub use check::{check, check_values, Solution, Violation};
pub use domains::{Domains, Shaved};
pub use error::{Error, InputError};
pub use formulation::{Formulation, Model, Scope};
pub use precheck::{precheck, Contradiction};
pub use report::{Report, Stage, Stats, Status, Step};
pub use solve::{
    count_solutions, solve, Count, CountedBy, Modelled, Options, Refutation, SearchBudget,
};
pub use variant::Variant;
