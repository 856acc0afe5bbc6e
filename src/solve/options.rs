//! What a solve is asked to do ([`Options`]), the limits on what it may
//! build, and the clock it keeps ([`Deadline`]).

use std::time::{Duration, Instant};

use crate::backend::Backend;
use crate::formulation::Formulation;
use crate::search::Searches;
use crate::variant::Variant;

use super::{DEFAULT_SEARCH_BUDGET, DEFAULT_SEARCH_CELLS};
/// Default cap on model variables: the faithful assignment model of a
/// 30x30 board (810,000 binaries) builds in well under 4 GiB.
pub const DEFAULT_MAX_VARIABLES: u64 = 1_000_000;

/// The reduction holds T x T bits, one per (cell, value) pair, its work
/// grows with T^2 and more, and the reduced assignment model's build walks
/// every pair again (16 bytes each). It is refused past this many pairs per
/// variable allowed in the model: 64 x 1,000,000 by default, an 89x89 board
/// at most, which peaks at about 1 GB (measured on a fully clued 89x89
/// board). `--max-variables` raises both limits together.
pub const REDUCTION_PAIRS_PER_VARIABLE: u64 = 64;

/// Everything a solve can be asked to do.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
    pub formulation: Formulation,
    pub backend: Backend,
    /// Faithful, or reduced (with or without shaving and tightening rows).
    pub variant: Variant,
    /// Prove or refute uniqueness with the no-good cut.
    pub unique: bool,
    /// Seconds for the whole solve: reduction, build, both solver calls.
    pub time_limit: Option<f64>,
    /// Seconds for the uniqueness step alone (and within `time_limit`). When
    /// it runs out the first solution, found and checked, is still reported:
    /// status time_limit, `stopped_in` unique, `unique` null.
    pub unique_time_limit: Option<f64>,
    /// Show the solver's own log (on stderr).
    pub solver_log: bool,
    /// Refuse models with more variables than this.
    pub max_variables: u64,
    /// How long the search may run ahead of a MIP solver (HiGHS, CBC) on a
    /// reduced variant: when it settles everything asked (a solution, and
    /// uniqueness if asked) no model is built. Ignored by
    /// `Backend::Search`, which has the whole time limit.
    pub search_budget: SearchBudget,
    /// How many searches run side by side, each from its own seeds, the
    /// first to settle the board answering, and where the first one's seeds
    /// start ([`crate::search::search_side_by_side`]). The default, two
    /// searches from seed 0 (one on boards up to 12x12, and where the first
    /// settles the board at once), gives the same
    /// answer on every run; another seed takes other choices first among
    /// equals, and may find other solutions.
    pub searches: Searches,
}

/// How long the search may run ahead of HiGHS or CBC.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SearchBudget {
    /// No search ahead: the MIP does the whole job. With
    /// [`Backend::Search`](crate::Backend::Search) the search alone then
    /// never takes turns with shaving on a loose board (`compare` asks the
    /// default for its search row, as `solve --solver search` has it).
    Off,
    /// At most this many seconds (0 or less: off).
    Seconds(f64),
    /// [`DEFAULT_SEARCH_BUDGET`] seconds for every [`DEFAULT_SEARCH_CELLS`]
    /// cells (a second up to 12x12, 6 s on 30x30), or half the time limit
    /// when that is longer. A board the search cannot settle within that
    /// is seldom settled by the MIP within the time left (docs/solvers.md),
    /// so a long time limit is shared between the two rather than left
    /// almost whole to the MIP.
    Default,
}

impl SearchBudget {
    /// The seconds the search may run on a board of `cells` cells under a
    /// time limit of `time_limit` seconds (None: no limit); None when it
    /// does not run.
    pub fn seconds(self, time_limit: Option<f64>, cells: usize) -> Option<f64> {
        match self {
            SearchBudget::Off => None,
            SearchBudget::Seconds(seconds) => (seconds > 0.0).then_some(seconds),
            SearchBudget::Default => {
                let size = (cells as f64 / DEFAULT_SEARCH_CELLS as f64).max(1.0);
                let least = DEFAULT_SEARCH_BUDGET * size;
                Some(time_limit.map_or(least, |limit| least.max(limit / 2.0)))
            }
        }
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            formulation: Formulation::Assignment,
            backend: Backend::Highs,
            variant: Variant::REDUCED,
            unique: false,
            time_limit: None,
            unique_time_limit: None,
            solver_log: false,
            max_variables: DEFAULT_MAX_VARIABLES,
            search_budget: SearchBudget::Default,
            searches: Searches::default(),
        }
    }
}

impl Options {
    pub fn new(formulation: Formulation, backend: Backend) -> Options {
        Options {
            formulation,
            backend,
            ..Options::default()
        }
    }
}

/// A clock for the whole solve.
#[derive(Clone, Copy)]
pub(crate) struct Deadline(pub(crate) Option<Instant>);

impl Deadline {
    /// A limit too far away for the clock (1e300 seconds) is no limit.
    pub(crate) fn new(seconds: Option<f64>) -> Deadline {
        Deadline(seconds.and_then(|seconds| {
            let duration = Duration::try_from_secs_f64(seconds.max(0.0)).ok()?;
            Instant::now().checked_add(duration)
        }))
    }

    /// Whichever of two deadlines comes first.
    pub(crate) fn earlier(&self, other: &Deadline) -> Deadline {
        Deadline(match (self.0, other.0) {
            (Some(this), Some(other)) => Some(this.min(other)),
            (this, other) => this.or(other),
        })
    }

    /// Seconds left (None: no limit), or Err if none are.
    pub(crate) fn remaining(&self) -> Result<Option<f64>, ()> {
        match self.0 {
            None => Ok(None),
            Some(end) => {
                let left = end.saturating_duration_since(Instant::now()).as_secs_f64();
                if left > 0.0 {
                    Ok(Some(left))
                } else {
                    Err(())
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_search_budget_is_a_second_or_half_a_longer_time_limit() {
        let budget = SearchBudget::Default;
        assert_eq!(budget.seconds(None, 81), Some(DEFAULT_SEARCH_BUDGET));
        assert_eq!(budget.seconds(Some(0.5), 81), Some(DEFAULT_SEARCH_BUDGET));
        assert_eq!(budget.seconds(Some(10.0), 81), Some(5.0));
    }

    #[test]
    fn the_default_search_budget_grows_with_a_board_larger_than_12x12() {
        let budget = SearchBudget::Default;
        assert_eq!(budget.seconds(None, 150), Some(1.0));
        assert_eq!(budget.seconds(None, 900), Some(6.0));
        assert_eq!(budget.seconds(Some(10.0), 900), Some(6.0));
        assert_eq!(budget.seconds(Some(14.0), 900), Some(7.0));
    }

    #[test]
    fn a_search_budget_asked_for_is_kept_whatever_the_time_limit() {
        assert_eq!(
            SearchBudget::Seconds(0.25).seconds(Some(10.0), 900),
            Some(0.25)
        );
        assert_eq!(SearchBudget::Seconds(0.0).seconds(Some(10.0), 81), None);
        assert_eq!(SearchBudget::Off.seconds(None, 900), None);
    }
}
