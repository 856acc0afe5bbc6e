//! What a solve is asked to do ([`Options`]), the limits on what it may
//! build, and the clock it keeps ([`Deadline`]).

use std::time::{Duration, Instant};

use crate::backend::Backend;
use crate::formulation::Formulation;
use crate::variant::Variant;

use super::DEFAULT_SEARCH_BUDGET;
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
    /// Seconds the search may spend ahead of a MIP solver (HiGHS, CBC) on a
    /// reduced variant: when
    /// it settles everything asked (a solution, and uniqueness if asked) no
    /// model is built. None: the MIP alone. Ignored by `Backend::Search`,
    /// which has the whole time limit.
    pub search_budget: Option<f64>,
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
            search_budget: Some(DEFAULT_SEARCH_BUDGET),
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
pub(crate) struct Deadline(pub(crate) Option<Instant>);

impl Deadline {
    /// A limit too far away for the clock (1e300 seconds) is no limit.
    pub(crate) fn new(seconds: Option<f64>) -> Deadline {
        Deadline(seconds.and_then(|seconds| {
            let duration = Duration::try_from_secs_f64(seconds.max(0.0)).ok()?;
            Instant::now().checked_add(duration)
        }))
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
