//! Searches side by side in step: the same answer on every run.
//!
//! Left to run freely, which of several searches settles a board first
//! depends on how the machine schedules their threads, and so may the
//! solutions shown. Here each search stops at a barrier every [`EPOCH`]
//! units of work (nodes of the fill or the walk, and moves of the local
//! search, counted as the nodes they stand for), and waits there until
//! every other has reached it or left. At each barrier they all learn the
//! same thing: whether one of them settled the board before it. Whether a
//! search settles within an epoch depends only on its own seeds, not on
//! the others or the clock, so the searches that stop, where they stop,
//! and which one answers (the first in order among those that settled in
//! the same epoch) are the same on every run and every machine. A clock
//! that runs out is the exception, as it is for a search alone.
//!
//! (Deterministic parallel SAT solvers synchronise their portfolios the
//! same way: Hamadi, Jabbour, Piette and Sais, 2011.)

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};

/// Units of work between two barriers: a few milliseconds of the fill on
/// a large board, few enough that a search which settles waits little for
/// the others to learn it, enough that waiting at the barriers costs
/// little.
pub(super) const EPOCH: u64 = 4096;

/// A member's epoch when it has not left.
const STILL_HERE: u64 = u64::MAX;

/// The barriers of the searches side by side.
pub(super) struct Lockstep {
    /// The others have started: until then the first search runs alone,
    /// without barriers.
    joined: AtomicBool,
    state: Mutex<State>,
    moved: Condvar,
}

struct State {
    /// How many barriers each member has reached (its epochs count from
    /// 0, and barrier b ends epoch b).
    reached: Vec<u64>,
    /// The epoch in which a member left, having settled the board or not,
    /// or [`STILL_HERE`]; a member that left is waited for no more.
    left_in: Vec<u64>,
    settled: Vec<bool>,
}

impl Lockstep {
    /// Barriers for `members` searches, none of them started.
    pub(super) fn new(members: usize) -> Lockstep {
        Lockstep {
            joined: AtomicBool::new(false),
            state: Mutex::new(State {
                reached: vec![0; members],
                left_in: vec![STILL_HERE; members],
                settled: vec![false; members],
            }),
            moved: Condvar::new(),
        }
    }

    /// The others start now: from here on every member keeps step.
    pub(super) fn join(&self) {
        self.joined.store(true, Ordering::Release);
    }

    pub(super) fn joined(&self) -> bool {
        self.joined.load(Ordering::Acquire)
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // A member that panicked has left (its guard says so); the state
        // it held is whole.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Member `index` has reached `barrier` (the end of its epoch of that
    /// number): waits until every member has reached it or left, and
    /// answers whether one of them settled the board before it.
    pub(super) fn arrive(&self, index: usize, barrier: u64) -> bool {
        let mut state = self.state();
        state.reached[index] = barrier + 1;
        self.moved.notify_all();
        loop {
            let all_here = (0..state.reached.len())
                .all(|m| state.reached[m] > barrier || state.left_in[m] != STILL_HERE);
            if all_here {
                return state.settled_by(barrier);
            }
            state = self
                .moved
                .wait(state)
                .unwrap_or_else(|poisoned| poisoned.into_inner());
        }
    }

    /// Member `index` has stopped during its epoch `epoch`, having settled
    /// the board or not.
    pub(super) fn leave(&self, index: usize, epoch: u64, settled: bool) {
        let mut state = self.state();
        if state.left_in[index] == STILL_HERE {
            state.left_in[index] = epoch;
            state.settled[index] = settled;
        }
        self.moved.notify_all();
    }
}

impl State {
    /// Some member settled the board in an epoch before `barrier`.
    fn settled_by(&self, barrier: u64) -> bool {
        (0..self.settled.len()).any(|m| self.settled[m] && self.left_in[m] <= barrier)
    }
}

/// One search's place among the searches in step.
#[derive(Clone, Copy)]
pub(super) struct Member<'a> {
    pub(super) lockstep: &'a Lockstep,
    pub(super) index: usize,
}

/// A member's pace: where its epochs start and which barrier is next.
pub(super) struct Pace<'a> {
    member: Member<'a>,
    /// Its work when the others joined (0 for the others).
    origin: Option<u64>,
    /// The barrier it will reach next: the epoch it is in.
    pub(super) epoch: u64,
    /// A barrier has told it that the board is settled.
    pub(super) stopped: bool,
}

impl<'a> Pace<'a> {
    pub(super) fn new(member: Member<'a>) -> Pace<'a> {
        // A member started after the join keeps step from its first node.
        let origin = member.lockstep.joined().then_some(0);
        Pace {
            member,
            origin,
            epoch: 0,
            stopped: false,
        }
    }

    /// The member has done `work` units in all: it stops at each barrier
    /// it has passed since the last look. Called at every tick, whose
    /// places in the work do not depend on the clock.
    pub(super) fn at(&mut self, work: u64) {
        let lockstep = self.member.lockstep;
        if self.stopped {
            return;
        }
        let origin = match self.origin {
            Some(origin) => origin,
            None if lockstep.joined() => *self.origin.insert(work),
            None => return,
        };
        while !self.stopped && work - origin >= (self.epoch + 1) * EPOCH {
            self.stopped = lockstep.arrive(self.member.index, self.epoch);
            self.epoch += 1;
        }
    }

    /// The member's search is over, having settled the board or not.
    pub(super) fn leave(&self, settled: bool) {
        self.member
            .lockstep
            .leave(self.member.index, self.epoch, settled);
    }
}

/// Leaves the barriers when dropped, so that a member which panics does
/// not hold the others at a barrier forever (after an orderly end it has
/// already left, and this does nothing).
pub(super) struct Leaving<'a>(pub(super) Member<'a>);

impl Drop for Leaving<'_> {
    fn drop(&mut self) {
        self.0.lockstep.leave(self.0.index, 0, false);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_barrier_tells_every_member_of_a_board_settled_before_it() {
        let lockstep = Lockstep::new(2);
        lockstep.join();
        lockstep.leave(1, 0, true);
        assert!(lockstep.arrive(0, 0), "member 1 settled in epoch 0");
    }

    #[test]
    fn a_board_settled_after_a_barrier_is_not_told_at_it() {
        let lockstep = Lockstep::new(2);
        lockstep.join();
        lockstep.leave(1, 3, true);
        assert!(
            !lockstep.arrive(0, 2),
            "settled in epoch 3, after barrier 2"
        );
        assert!(lockstep.arrive(0, 3));
    }

    #[test]
    fn members_wait_at_a_barrier_for_each_other() {
        let lockstep = Lockstep::new(2);
        lockstep.join();
        std::thread::scope(|scope| {
            let late = scope.spawn(|| {
                // Reaches barrier 0, then settles in epoch 1.
                let stopped = lockstep.arrive(1, 0);
                lockstep.leave(1, 1, true);
                stopped
            });
            let first = lockstep.arrive(0, 0);
            let second = lockstep.arrive(0, 1);
            assert_eq!((first, late.join().unwrap()), (false, false));
            assert!(second, "told at barrier 1 of the board settled in epoch 1");
        });
    }

    #[test]
    fn a_pace_stops_only_at_its_barriers_once_the_others_joined() {
        let lockstep = Lockstep::new(2);
        let member = Member {
            lockstep: &lockstep,
            index: 0,
        };
        let mut pace = Pace::new(member);
        pace.at(10 * EPOCH);
        assert_eq!(pace.epoch, 0, "alone: no barriers");
        lockstep.join();
        lockstep.leave(1, 1, true);
        pace.at(10 * EPOCH + 256);
        assert!(!pace.stopped, "its epochs start at the join");
        pace.at(11 * EPOCH + 256);
        assert_eq!((pace.epoch, pace.stopped), (1, false));
        pace.at(12 * EPOCH);
        assert_eq!(pace.epoch, 1, "barrier 1 is a tick further");
        pace.at(12 * EPOCH + 256);
        assert_eq!((pace.epoch, pace.stopped), (2, true));
    }
}
