//! A gate the search passes each time it looks at the clock, so that
//! another thread can pause it where it stands and let it go on from there.
//!
//! The solve pipeline lets the search and a MIP solver take turns on the
//! same cores (`src/solve/turns.rs`). A search started again at each of its
//! turns would throw away its restarts' progress and, on a board that takes
//! it a few seconds, need its whole time again in every turn; paused at
//! this gate instead, its turns add up to one search, the same one that
//! runs without pauses, with the same answer.

use std::sync::{Condvar, Mutex, MutexGuard};

use crate::check::Solution;

/// Where the gate stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// The search goes on.
    Open,
    /// The search waits at its next look until the gate opens again.
    Closed,
    /// The search stops at its next look, for good.
    Shut,
}

/// A gate between a search and the thread that lets it run: open, closed
/// (the search waits) or shut (the search stops). It also keeps the first
/// solution the search found, for the thread to use while the search waits.
#[derive(Debug)]
pub struct Gate {
    state: Mutex<State>,
    changed: Condvar,
    first: Mutex<Option<Solution>>,
}

impl Default for Gate {
    fn default() -> Gate {
        Gate::new()
    }
}

impl Gate {
    /// An open gate.
    pub fn new() -> Gate {
        Gate {
            state: Mutex::new(State::Open),
            changed: Condvar::new(),
            first: Mutex::new(None),
        }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // A thread that panicked holding the lock left a whole state behind.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn set(&self, to: State) {
        let mut state = self.state();
        // Once shut, shut for good.
        if *state != State::Shut {
            *state = to;
        }
        self.changed.notify_all();
    }

    /// Lets the search go on.
    pub fn open(&self) {
        self.set(State::Open);
    }

    /// Makes the search wait at its next look (within a few hundred nodes).
    pub fn close(&self) {
        self.set(State::Closed);
    }

    /// Stops the search at its next look, waiting or not.
    pub fn shut(&self) {
        self.set(State::Shut);
    }

    /// The search's look: waits while the gate is closed; false once it is
    /// shut.
    pub fn pass(&self) -> bool {
        let mut state = self.state();
        while *state == State::Closed {
            state = self
                .changed
                .wait(state)
                .unwrap_or_else(|poisoned| poisoned.into_inner());
        }
        *state == State::Open
    }

    /// Keeps `solution` if it is the first the search offers.
    pub(super) fn offer(&self, solution: &Solution) {
        let mut first = self
            .first
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if first.is_none() {
            *first = Some(solution.clone());
        }
    }

    /// The first solution the search found, if it has found one.
    pub fn first(&self) -> Option<Solution> {
        let first = self
            .first
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        first.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::Gate;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Duration;

    #[test]
    fn a_closed_gate_holds_the_search_until_it_opens_and_a_shut_one_stops_it() {
        let gate = Gate::new();
        assert!(gate.pass(), "an open gate lets the search by");
        gate.close();
        let passed = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let search = scope.spawn(|| {
                let open = gate.pass();
                passed.store(true, Ordering::SeqCst);
                open
            });
            std::thread::sleep(Duration::from_millis(50));
            assert!(!passed.load(Ordering::SeqCst), "it went by a closed gate");
            gate.open();
            assert!(search.join().unwrap(), "an opened gate lets it go on");
        });
        gate.close();
        std::thread::scope(|scope| {
            let search = scope.spawn(|| gate.pass());
            gate.shut();
            assert!(
                !search.join().unwrap(),
                "a shut gate stops it, waiting or not"
            );
        });
        gate.open();
        assert!(!gate.pass(), "a shut gate stays shut");
    }
}
