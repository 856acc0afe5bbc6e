//! The options of the commands that build a model of one board (`solve`,
//! `count`, `model`, `export`), and the search's, which only `solve` and
//! `count` take, and how they become the library's [`Options`].

use std::path::PathBuf;

use clap::Args;
use numbrix::search::Searches;
use numbrix::{Backend, Formulation, Options, SearchBudget, Variant};

use crate::parse_seconds;

#[derive(Args)]
pub(crate) struct ModelArgs {
    /// The board: a CSV file, or `-` for standard input.
    pub(crate) board: PathBuf,
    /// The formulation of the integer program (models/README.md); the
    /// search builds no model and ignores it.
    #[arg(long, value_enum, default_value_t = Formulation::Assignment)]
    model: Formulation,
    /// highs or cbc (MIP solvers), or search (numbrix's own search, no model)
    /// [default: highs; for count, search].
    #[arg(long, value_enum)]
    solver: Option<Backend>,
    /// Build exactly the model of the formulation's models/ page (no reduction).
    #[arg(long, conflicts_with = "reduce")]
    faithful: bool,
    /// Build over the reduced domains (the default).
    #[arg(long)]
    reduce: bool,
    /// On a reduced model, leave out the tightening rows (prev, order).
    #[arg(long)]
    no_strengthen: bool,
    /// Reduce without shaving and its nogoods (rules 6-7): distance, colour, support,
    /// singletons and all-different only.
    #[arg(long)]
    no_shave: bool,
    /// Seconds for the whole run (reduction, build and every solve).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    time_limit: Option<f64>,
    /// Refuse models with more variables than this.
    #[arg(long, default_value_t = numbrix::solve::DEFAULT_MAX_VARIABLES)]
    max_variables: u64,
}

/// The search's options: `solve` and `count` take them, `model` and
/// `export` build no search.
#[derive(Args)]
pub(crate) struct SearchArgs {
    /// Seconds the search may try ahead of HiGHS or CBC; when it settles the
    /// board no model is built, when it does not the two take turns, each
    /// twice as long as the last (the search goes on where it stood, and on
    /// a loose board also beside the MIP's turns). 0 leaves the board to
    /// the MIP alone. With --solver search, the first length of the
    /// search's turns with shaving on a loose board larger than 16x16 (0:
    /// the search alone is never shaved on a loose board).
    /// [default: 1 for every 150 cells and at least 1, or half of
    /// --time-limit when that is longer]
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    search_budget: Option<f64>,
    /// Run N searches side by side, each from its own seeds; they keep step,
    /// and the first to settle the board answers, the same on every run.
    /// Boards up to 12x12, boards the first search settles at once, and
    /// counts past two use one; 1 keeps to one core. More searches than
    /// the machine has cores take turns on them, each slower (solve notes
    /// it on stderr).
    #[arg(long, value_name = "N", default_value_t = Searches::DEFAULT_THREADS as u16, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// Start the search's seeds here: another seed takes other choices
    /// first, so on a board with many solutions it may show other ones,
    /// sooner or later. The verdict is the same.
    #[arg(long, value_name = "N", default_value_t = 0)]
    seed: u64,
}

impl ModelArgs {
    fn variant(&self) -> Variant {
        if self.faithful {
            Variant::Faithful
        } else {
            Variant::Reduced {
                shave: !self.no_shave,
                strengthen: !self.no_strengthen,
            }
        }
    }

    pub(crate) fn options(&self, verbose: u8) -> Options {
        self.options_with(verbose, Backend::Highs)
    }

    /// The options, with `solver` where none was asked for.
    pub(crate) fn options_with(&self, verbose: u8, solver: Backend) -> Options {
        Options {
            formulation: self.model,
            backend: self.solver.unwrap_or(solver),
            variant: self.variant(),
            time_limit: self.time_limit,
            solver_log: verbose > 0,
            max_variables: self.max_variables,
            ..Options::default()
        }
    }
}

impl SearchArgs {
    /// `options` with the search's as asked.
    pub(crate) fn apply(&self, options: Options) -> Options {
        Options {
            search_budget: self
                .search_budget
                .map_or(SearchBudget::Default, SearchBudget::Seconds),
            searches: Searches {
                threads: usize::from(self.threads),
                seed: self.seed,
            },
            ..options
        }
    }
}
