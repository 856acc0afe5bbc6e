//! A signal that stops a solver call early: another engine has settled
//! the board (the search, running beside the MIP's turn: `src/solve/turns.rs`).
//!
//! HiGHS is asked through its callbacks, which it looks at between the
//! simplex's iterations and the nodes of its branch and bound; its
//! presolve looks only at its clock, so a call interrupted there ends when
//! presolve does. The caller does not wait for that: `wait.rs` stops
//! waiting at once and leaves the call to end on its own. CBC has no such
//! callback through coin_cbc: its call is left behind the same way, and
//! ends at its time limit (holding CBC's lock until then).

use std::ffi::{c_char, c_int, c_void};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A flag one thread raises and a solver call looks at.
#[derive(Debug, Clone, Default)]
pub struct Interrupt(Arc<AtomicBool>);

impl Interrupt {
    /// A flag not raised.
    pub fn new() -> Interrupt {
        Interrupt::default()
    }

    /// Asks the calls that look at this flag to stop.
    pub fn raise(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Has it been raised?
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

/// Two handles are equal when they are the same flag.
impl PartialEq for Interrupt {
    fn eq(&self, other: &Interrupt) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// HiGHS's callback: sets its interrupt when the flag behind `data` is
/// raised.
///
/// # Safety
/// `data` points to the `AtomicBool` of an [`Interrupt`] that outlives the
/// solve (`watch` keeps a handle), and `data_in` is HiGHS's input data for
/// this call (or null).
unsafe extern "C" fn look(
    _callback_type: c_int,
    _message: *const c_char,
    _data_out: *const highs_sys::HighsCallbackDataOut,
    data_in: *mut highs_sys::HighsCallbackDataIn,
    data: *mut c_void,
) {
    // SAFETY: as the function's contract says.
    let raised = unsafe { &*(data as *const AtomicBool) }.load(Ordering::Relaxed);
    if raised && !data_in.is_null() {
        // SAFETY: HiGHS passes its own input data, valid for this call.
        unsafe { (*data_in).user_interrupt = 1 };
    }
}

/// Makes the HiGHS instance `highs` stop at its next look once `interrupt`
/// is raised. The handle returned must live as long as the solve.
pub(super) fn watch(highs: *mut c_void, interrupt: &Interrupt) -> Interrupt {
    let held = interrupt.clone();
    let data = Arc::as_ptr(&held.0) as *mut c_void;
    // SAFETY: `highs` is a live instance, and `data` stays valid while
    // `held` lives, which the caller keeps through the solve.
    unsafe {
        highs_sys::Highs_setCallback(highs, Some(look), data);
        for kind in [
            highs_sys::kHighsCallbackSimplexInterrupt,
            highs_sys::kHighsCallbackIpmInterrupt,
            highs_sys::kHighsCallbackMipInterrupt,
        ] {
            highs_sys::Highs_startCallback(highs, kind);
        }
    }
    held
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use good_lp::solvers::highs::highs;
    use good_lp::SolverModel;

    use super::super::{
        problem_variables, run_highs, to_constraint, Outcome, Params, Presolve, Run,
    };
    use super::Interrupt;
    use crate::board::Board;
    use crate::formulation::{Formulation, Scope};

    /// HiGHS on the faithful model of an empty 6x6 board (many solutions;
    /// its presolve leaves the simplex work to do), on this thread.
    fn highs_on_an_empty_board(interrupt: Option<Interrupt>) -> Run {
        let board = Board::empty(6, 6).unwrap();
        let model = Formulation::Assignment.build(&board, Scope::Faithful);
        let (problem, columns) = problem_variables(&model.mip, false);
        let mut problem = problem.using(highs);
        for row in &model.mip.rows {
            problem.add_constraint(to_constraint(row, &columns));
        }
        let params = Params {
            interrupt,
            ..Params::default()
        };
        run_highs(problem, params, Instant::now(), Presolve::On)
    }

    #[test]
    fn highs_with_an_interrupt_not_raised_solves_the_model() {
        let run = highs_on_an_empty_board(Some(Interrupt::new()));
        assert!(matches!(run.outcome, Outcome::Found { proven: true, .. }));
    }

    #[test]
    fn highs_stops_at_its_first_look_once_the_interrupt_is_raised() {
        let interrupt = Interrupt::new();
        interrupt.raise();
        let run = highs_on_an_empty_board(Some(interrupt));
        assert_eq!(run.outcome, Outcome::Limit);
    }
}
