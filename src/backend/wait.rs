//! A solver call that is waited for no longer than its time limit.
//!
//! HiGHS and CBC look at their clocks only now and then. CBC does not while
//! it solves the root LP of a large model (it ran for minutes past a limit
//! of one second), HiGHS not while it sets up its branch and bound after
//! presolve (seconds on a 30x30 board's model). So a call runs in a thread
//! of its own, and the caller waits for it until the time left, and
//! [`GRACE`] more; a run still going then is left to finish on its own, and
//! its answer is dropped. Such runs are counted ([`LeftBehind`]) until they
//! end: a CBC run keeps CBC's lock meanwhile, which the next CBC call waits
//! for. A wait given an [`Interrupt`] also ends as soon as it is raised
//! (another engine settled the board), and leaves the run behind the same
//! way.

use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::Interrupt;

/// How often a wait that can be interrupted looks at its flag.
const INTERRUPT_LOOKS: Duration = Duration::from_millis(5);

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
    /// The interrupt was raised: the run goes on in the background until
    /// it sees it (or ends).
    Interrupted,
}

/// The runs of one solver still going after their callers stopped waiting.
pub(super) struct LeftBehind(AtomicUsize);

impl LeftBehind {
    pub(super) const fn new() -> LeftBehind {
        LeftBehind(AtomicUsize::new(0))
    }

    pub(super) fn count(&self) -> usize {
        self.0.load(Ordering::SeqCst)
    }
}

/// CBC runs left behind at their time limit and still going: each keeps
/// CBC's lock until it ends.
pub(super) static CBC_LEFT_BEHIND: LeftBehind = LeftBehind::new();

/// HiGHS runs left behind and still going: interrupted in presolve, which
/// looks only at its clock, or past their time limit.
pub(super) static HIGHS_LEFT_BEHIND: LeftBehind = LeftBehind::new();

/// HiGHS and CBC runs this process stopped waiting for (at a time limit,
/// or once the search settled the board beside them) that are still going
/// on their threads. Each ends on its own, at the latest at its time limit
/// (CBC, which looks at its clock seldom, can be later), and shares the
/// cores until then: a program that times solves one after another can
/// wait for none to be left before the next.
///
/// ```
/// // A process that has not called a MIP solver has none.
/// assert_eq!(numbrix::backend::runs_left_behind(), 0);
/// ```
pub fn runs_left_behind() -> usize {
    HIGHS_LEFT_BEHIND.count() + CBC_LEFT_BEHIND.count()
}

/// How long a program that times solves one after another may wait, at
/// most, for the runs earlier solves left behind
/// ([`wait_for_runs_left_behind`]).
pub const LEFT_BEHIND_WAIT: Duration = Duration::from_secs(60);

/// Waits until no HiGHS or CBC run is left behind ([`runs_left_behind`]),
/// at most `longest`, and says how many are still going then (0 when none
/// is). A program that times solves one after another calls it before
/// each, outside the time it measures, so that no solve shares the cores
/// with an earlier one's run, or waits inside its own time for CBC's lock.
///
/// ```
/// use std::time::Duration;
///
/// // Nothing is left behind in a process that has not called a MIP solver.
/// assert_eq!(numbrix::backend::wait_for_runs_left_behind(Duration::from_secs(1)), 0);
/// ```
pub fn wait_for_runs_left_behind(longest: Duration) -> usize {
    wait_until_none(&[&HIGHS_LEFT_BEHIND, &CBC_LEFT_BEHIND], longest)
}

/// How often a wait for runs left behind looks at their counts.
const LEFT_BEHIND_LOOKS: Duration = Duration::from_millis(5);

/// Waits until every count in `counts` is 0, at most `longest`; their sum
/// then.
fn wait_until_none(counts: &[&LeftBehind], longest: Duration) -> usize {
    let still_going = || counts.iter().map(|count| count.count()).sum::<usize>();
    let start = Instant::now();
    loop {
        let going = still_going();
        if going == 0 || start.elapsed() >= longest {
            return going;
        }
        std::thread::sleep(LEFT_BEHIND_LOOKS);
    }
}

/// Where a run stands: still going and waited for, ended, or left behind.
const RUNNING: u8 = 0;
const ENDED: u8 = 1;
const LEFT: u8 = 2;

/// Marks the run ended when its thread finishes, however it finishes (a
/// panic included), and takes it off the count if it had been left behind.
struct Ending {
    state: Arc<AtomicU8>,
    left_behind: Option<&'static LeftBehind>,
}

impl Drop for Ending {
    fn drop(&mut self) {
        let ended = self
            .state
            .compare_exchange(RUNNING, ENDED, Ordering::SeqCst, Ordering::SeqCst);
        if let (Err(_), Some(left_behind)) = (ended, self.left_behind) {
            left_behind.0.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// Runs `solve` in a thread of its own and waits for its answer at most
/// `wait` seconds and [`GRACE`] (for ever without a limit), or until
/// `interrupt` is raised; a run still going then is counted in
/// `left_behind`, if given, until it ends.
pub(super) fn waited<T: Send + 'static>(
    wait: Option<f64>,
    left_behind: Option<&'static LeftBehind>,
    interrupt: Option<&Interrupt>,
    solve: impl FnOnce() -> T + Send + 'static,
) -> Waited<T> {
    let (sender, receiver) = channel();
    let state = Arc::new(AtomicU8::new(RUNNING));
    let ending = Ending {
        state: Arc::clone(&state),
        left_behind,
    };
    std::thread::spawn(move || {
        let _ending = ending;
        // The receiver is gone when the caller stopped waiting.
        let _ = sender.send(solve());
    });
    // A wait too long to state as an instant is no limit.
    let end = wait.and_then(|seconds| {
        let wait = Duration::try_from_secs_f64(seconds + GRACE).ok()?;
        Instant::now().checked_add(wait)
    });
    let answer = loop {
        // Until the end of the wait, or the next look at the interrupt.
        let look = interrupt.map(|_| Instant::now() + INTERRUPT_LOOKS);
        let answer = match [end, look].into_iter().flatten().min() {
            Some(until) => receiver.recv_timeout(until.saturating_duration_since(Instant::now())),
            None => receiver.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        let wait_over = end.is_some_and(|end| Instant::now() >= end);
        match answer {
            Err(RecvTimeoutError::Timeout) if !wait_over => {
                if interrupt.is_some_and(Interrupt::is_raised) {
                    leave_behind(&state, left_behind);
                    return Waited::Interrupted;
                }
            }
            answer => break answer,
        }
    };
    match answer {
        Ok(answer) => Waited::Answered(answer),
        Err(RecvTimeoutError::Timeout) => {
            leave_behind(&state, left_behind);
            Waited::Late
        }
        Err(RecvTimeoutError::Disconnected) => Waited::Lost,
    }
}

/// Counts a run no longer waited for in `left_behind`, if given, until it
/// ends.
fn leave_behind(state: &AtomicU8, left_behind: Option<&'static LeftBehind>) {
    if let Some(left_behind) = left_behind {
        // Counted before it is marked, so that its end, which takes it off
        // only once it sees the mark, never finds 0.
        left_behind.0.fetch_add(1, Ordering::SeqCst);
        let left = state.compare_exchange(RUNNING, LEFT, Ordering::SeqCst, Ordering::SeqCst);
        if left.is_err() {
            left_behind.0.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each test its own count: they run side by side.
    macro_rules! left_behind {
        () => {{
            static LEFT_BEHIND: LeftBehind = LeftBehind::new();
            Some(&LEFT_BEHIND)
        }};
    }

    /// Runs `run` past a wait of 0 s, which leaves it behind in
    /// `left_behind`.
    fn leave_behind(left_behind: Option<&'static LeftBehind>, run: impl FnOnce() + Send + 'static) {
        assert!(matches!(
            waited(Some(0.0), left_behind, None, run),
            Waited::Late
        ));
    }

    #[test]
    fn an_answer_within_the_wait_is_taken() {
        let left_behind = left_behind!();
        assert!(matches!(
            waited(Some(60.0), left_behind, None, || 7),
            Waited::Answered(7)
        ));
        assert_eq!(left_behind.unwrap().count(), 0);
    }

    #[test]
    fn without_a_limit_the_answer_is_waited_for() {
        let slow = || {
            std::thread::sleep(Duration::from_millis(50));
            "done"
        };
        assert!(matches!(
            waited(None, left_behind!(), None, slow),
            Waited::Answered("done")
        ));
    }

    #[test]
    fn a_run_past_the_wait_is_left_behind() {
        // The run sleeps far longer than the wait (0 s and the grace).
        let left_behind = left_behind!();
        let stuck = || std::thread::sleep(Duration::from_secs(600));
        leave_behind(left_behind, stuck);
        assert_eq!(left_behind.unwrap().count(), 1);
    }

    #[test]
    fn a_run_left_behind_is_counted_until_it_ends() {
        let left_behind = left_behind!();
        let slow = || std::thread::sleep(Duration::from_millis(500));
        leave_behind(left_behind, slow);
        assert_eq!(left_behind.unwrap().count(), 1);
        // Not a timing assertion: only a bound on the wait for its end.
        let still_going = wait_until_none(&[left_behind.unwrap()], Duration::from_secs(60));
        assert_eq!(still_going, 0);
        assert_eq!(left_behind.unwrap().count(), 0);
    }

    #[test]
    fn a_wait_for_runs_left_behind_that_runs_out_says_how_many_still_go() {
        let left_behind = left_behind!();
        let stuck = || std::thread::sleep(Duration::from_secs(600));
        leave_behind(left_behind, stuck);
        let still_going = wait_until_none(&[left_behind.unwrap()], Duration::from_millis(20));
        assert_eq!(still_going, 1);
    }

    #[test]
    fn a_raised_interrupt_ends_the_wait_and_leaves_the_run_behind() {
        let left_behind = left_behind!();
        let interrupt = Interrupt::new();
        interrupt.raise();
        let stuck = || std::thread::sleep(Duration::from_secs(600));
        assert!(matches!(
            waited(None, left_behind, Some(&interrupt), stuck),
            Waited::Interrupted
        ));
        assert_eq!(left_behind.unwrap().count(), 1);
    }

    #[test]
    fn an_interrupt_not_raised_waits_for_the_answer() {
        let slow = || {
            std::thread::sleep(Duration::from_millis(50));
            "done"
        };
        assert!(matches!(
            waited(Some(60.0), left_behind!(), Some(&Interrupt::new()), slow),
            Waited::Answered("done")
        ));
    }

    #[test]
    fn a_run_that_panics_is_lost_not_late() {
        let left_behind = left_behind!();
        let broken = || -> u32 { panic!("a solver's thread failed") };
        assert!(matches!(
            waited(Some(60.0), left_behind, None, broken),
            Waited::Lost
        ));
        assert_eq!(left_behind.unwrap().count(), 0);
    }
}
