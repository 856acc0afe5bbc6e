//! A second opinion on each witness: the MIP, on its own (no search ahead
//! of it), proves that the witness has one solution, the one the counting
//! found.

use serde::Serialize;

use super::Witness;
use crate::backend::Backend;
use crate::error::Error;
use crate::formulation::Formulation;
use crate::report::Status;
use crate::solve::{solve, Options, SearchBudget};
use crate::variant::Variant;

/// What one solver said of a witness.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Proof {
    pub solver: Backend,
    pub variant: Variant,
    /// The solver's verdict on uniqueness (None: the time limit came first).
    pub unique: Option<bool>,
    /// Its solution is the witness's.
    pub same_solution: bool,
    pub ms: f64,
}

impl Proof {
    /// The solver proved the witness unique, with the witness's solution.
    pub fn confirms(&self) -> bool {
        self.unique == Some(true) && self.same_solution
    }
}

/// Solves the witness with `backend` on the `variant` of the assignment
/// model, uniqueness asked, the search kept out.
pub fn prove(
    witness: &Witness,
    backend: Backend,
    variant: Variant,
    time_limit: Option<f64>,
) -> Result<Proof, Error> {
    let options = Options {
        unique: true,
        variant,
        time_limit,
        search_budget: SearchBudget::Off,
        ..Options::new(Formulation::Assignment, backend)
    };
    let report = solve(&witness.board, &options)?;
    let same_solution =
        report.status == Status::Solved && report.grid.as_ref() == Some(&witness.solution);
    Ok(Proof {
        solver: backend,
        variant,
        unique: report.unique,
        same_solution,
        ms: report.stats.total_ms,
    })
}
