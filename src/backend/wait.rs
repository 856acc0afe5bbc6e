//! A solver call that is waited for no longer than its time limit.
//!
//! HiGHS and CBC look at their clocks only now and then. CBC does not while
//! it solves the root LP of a large model (it ran for minutes past a limit
//! of one second), HiGHS not while it sets up its branch and bound after
//! presolve (seconds on a 30x30 board's model). So a call runs in a thread
//! of its own, and the caller waits for it until the time left, and
//! [`GRACE`] more; a run still going then is left to finish on its own, and
//! its answer is dropped.

use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::Duration;

/// Seconds past the time limit that a run is still waited for: a solver
/// that stops at its limit still has to hand its answer back.
const GRACE: f64 = 0.1;

/// What came of waiting for a run.
pub(super) enum Waited<T> {
    Answered(T),
    /// The wait ran out; the run goes on in the background.
    Late,
    /// The run's thread ended without an answer (it panicked).
    Lost,
}

/// Runs `solve` in a thread of its own and waits for its answer at most
/// `wait` seconds and [`GRACE`] (for ever without a limit).
pub(super) fn waited<T: Send + 'static>(
    wait: Option<f64>,
    solve: impl FnOnce() -> T + Send + 'static,
) -> Waited<T> {
    let (sender, receiver) = channel();
    std::thread::spawn(move || {
        // The receiver is gone when the caller stopped waiting.
        let _ = sender.send(solve());
    });
    let answer = match wait {
        Some(seconds) => receiver.recv_timeout(Duration::from_secs_f64(seconds + GRACE)),
        None => receiver.recv().map_err(|_| RecvTimeoutError::Disconnected),
    };
    match answer {
        Ok(answer) => Waited::Answered(answer),
        Err(RecvTimeoutError::Timeout) => Waited::Late,
        Err(RecvTimeoutError::Disconnected) => Waited::Lost,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_within_the_wait_is_taken() {
        assert!(matches!(waited(Some(60.0), || 7), Waited::Answered(7)));
    }

    #[test]
    fn without_a_limit_the_answer_is_waited_for() {
        let slow = || {
            std::thread::sleep(Duration::from_millis(50));
            "done"
        };
        assert!(matches!(waited(None, slow), Waited::Answered("done")));
    }

    #[test]
    fn a_run_past_the_wait_is_left_behind() {
        // The run sleeps far longer than the wait (0 s and the grace).
        let stuck = || std::thread::sleep(Duration::from_secs(600));
        assert!(matches!(waited(Some(0.0), stuck), Waited::Late));
    }

    #[test]
    fn a_run_that_panics_is_lost_not_late() {
        let broken = || -> u32 { panic!("a solver's thread failed") };
        assert!(matches!(waited(Some(60.0), broken), Waited::Lost));
    }
}
