//! Searches side by side in step: the same answer on every run.
//!
//! Left to run freely, which of several searches settles a board first
//! depends on how the machine schedules their threads, and so may the
//! solutions shown. Here each search counts its work in epochs (4 units
//! per cell of the board, at least 512: [`epoch_for`]; a unit is a node
//! of the fill or the walk, and moves of the local search count as the
//! nodes they stand for), and the answer is the search that settled the
//! board in the earliest epoch (the first in order among those that
//! settled in the same one), with the others as they stood at the end of
//! that epoch. Whether a search settles within an
//! epoch depends only on its own seeds, not on the others or the clock, so
//! which search answers, and the work every one of them is said to have
//! done, are the same on every run and every machine. A clock that runs
//! out is the exception, as it is for a search alone.
//!
//! No search waits for another on the way. At the end of each of its
//! epochs (a barrier) a search notes where it stands and looks whether
//! one has settled the board in an epoch up to that one; if so it stops.
//! A search that runs ahead may pass the barrier of an epoch in which a
//! slower one settles later: it stops when it learns, and what it did past
//! that barrier is taken back from what it reports. So the only wait is at
//! the end, for every search to pass the epoch of the first to settle, or
//! to stop. (The searches first waited for each other at every barrier, as
//! deterministic parallel SAT solvers synchronise their portfolios:
//! Hamadi, Jabbour, Piette and Sais, 2011. The one whose nodes were cheaper
//! in an epoch then waited for the other's, docs/record/side-by-side.md.)

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};

/// Units of work in an epoch, at least: about a millisecond of the fill on
/// a small board, so that when one search settles the board the answer
/// waits little for the others to pass its epoch (a board of a few
/// thousand nodes would otherwise wait longer than it searched)...
pub(super) const EPOCH: u64 = 512;

/// ... and per cell of the board: a member keeps a note at each barrier
/// until the end, so a long search of a large board (a few hundred
/// thousand nodes a second) keeps few of them.
const EPOCH_PER_CELL: u64 = 4;

/// The units of work in an epoch on a board of `cells` cells.
pub(super) fn epoch_for(cells: usize) -> u64 {
    (EPOCH_PER_CELL * cells as u64).max(EPOCH)
}

/// `first_settled` while no member has settled the board.
const NOT_YET: u64 = u64::MAX;

/// Where a member stood at a barrier: what it reports if another settled
/// the board in the epoch that barrier ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Standing {
    pub(super) nodes: u64,
    pub(super) moves: u64,
    pub(super) failures: u64,
    /// Solutions counted, and how many of them were kept.
    pub(super) count: u64,
    pub(super) kept: usize,
}

/// What a member left behind: the epoch it left in, whether it had
/// settled the board, and where it stood at each barrier it passed.
#[derive(Debug, Clone, Default)]
pub(super) struct Record {
    pub(super) left_in: Option<u64>,
    pub(super) settled: bool,
    /// `barriers[b]`: where it stood at the end of its epoch b.
    pub(super) barriers: Vec<Standing>,
}

/// The searches side by side: which epoch the first of them settled the
/// board in, and what each left behind.
pub(super) struct Lockstep {
    /// The others have started: until then the first search runs alone,
    /// without barriers.
    joined: AtomicBool,
    /// The earliest epoch in which a member settled the board, or
    /// [`NOT_YET`]. It only falls.
    first_settled: AtomicU64,
    records: Mutex<Vec<Record>>,
    /// Units of work in each epoch.
    epoch: u64,
}

impl Lockstep {
    /// Barriers every `epoch` units of work for `members` searches, none
    /// of them started.
    pub(super) fn new(members: usize, epoch: u64) -> Lockstep {
        Lockstep {
            joined: AtomicBool::new(false),
            first_settled: AtomicU64::new(NOT_YET),
            records: Mutex::new(vec![Record::default(); members]),
            epoch,
        }
    }

    /// The others start now: from here on every member counts epochs.
    pub(super) fn join(&self) {
        self.joined.store(true, Ordering::Release);
    }

    pub(super) fn joined(&self) -> bool {
        self.joined.load(Ordering::Acquire)
    }

    fn records(&self) -> MutexGuard<'_, Vec<Record>> {
        // A member that panicked has left (its guard says so); the records
        // it held are whole.
        self.records
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Has a member settled the board in an epoch up to `barrier`, as far
    /// as is known now? Once true, true for good.
    pub(super) fn settled_by(&self, barrier: u64) -> bool {
        self.first_settled.load(Ordering::Acquire) <= barrier
    }

    /// Member `index` has stopped during its epoch `epoch`, having settled
    /// the board or not, after passing `barriers`. A member leaves once;
    /// later calls (its guard's) change nothing.
    pub(super) fn leave(&self, index: usize, epoch: u64, settled: bool, barriers: Vec<Standing>) {
        let mut records = self.records();
        let record = &mut records[index];
        if record.left_in.is_some() {
            return;
        }
        *record = Record {
            left_in: Some(epoch),
            settled,
            barriers,
        };
        if settled {
            self.first_settled.fetch_min(epoch, Ordering::AcqRel);
        }
    }

    /// What every member left behind, once all have left.
    pub(super) fn into_records(self) -> Vec<Record> {
        self.records
            .into_inner()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// One search's place among the searches side by side.
#[derive(Clone, Copy)]
pub(super) struct Member<'a> {
    pub(super) lockstep: &'a Lockstep,
    pub(super) index: usize,
}

/// A member's pace: where its epochs start, which barrier is next, and
/// where it stood at those it passed.
pub(super) struct Pace<'a> {
    member: Member<'a>,
    /// Its work when the others joined (0 for the others).
    origin: Option<u64>,
    /// The barrier it will reach next: the epoch it is in.
    pub(super) epoch: u64,
    /// A barrier has told it that the board is settled.
    pub(super) stopped: bool,
    barriers: Vec<Standing>,
}

impl<'a> Pace<'a> {
    pub(super) fn new(member: Member<'a>) -> Pace<'a> {
        // A member started after the join counts epochs from its first node.
        let origin = member.lockstep.joined().then_some(0);
        Pace {
            member,
            origin,
            epoch: 0,
            stopped: false,
            barriers: Vec::new(),
        }
    }

    /// The member has done `work` units in all and stands at `standing`: it
    /// notes each barrier it has passed since the last look, and stops at
    /// the first where a member has settled the board. Called at every
    /// tick, whose places in the work do not depend on the clock.
    pub(super) fn at(&mut self, work: u64, standing: Standing) {
        let lockstep = self.member.lockstep;
        if self.stopped {
            return;
        }
        let origin = match self.origin {
            Some(origin) => origin,
            None if lockstep.joined() => *self.origin.insert(work),
            None => return,
        };
        while !self.stopped && work - origin >= (self.epoch + 1) * lockstep.epoch {
            self.barriers.push(standing);
            self.stopped = lockstep.settled_by(self.epoch);
            self.epoch += 1;
        }
    }

    /// The member's search is over, having settled the board or not.
    pub(super) fn leave(self, settled: bool) {
        let Member { lockstep, index } = self.member;
        lockstep.leave(index, self.epoch, settled, self.barriers);
    }
}

/// Leaves when dropped, so that a member which panics is recorded as gone
/// (after an orderly end it has already left, and this does nothing).
pub(super) struct Leaving<'a>(pub(super) Member<'a>);

impl Drop for Leaving<'_> {
    fn drop(&mut self) {
        self.0.lockstep.leave(self.0.index, 0, false, Vec::new());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standing(nodes: u64) -> Standing {
        Standing {
            nodes,
            moves: 0,
            failures: 0,
            count: 0,
            kept: 0,
        }
    }

    #[test]
    fn a_board_settled_in_an_epoch_is_known_at_its_barrier_and_after() {
        let lockstep = Lockstep::new(2, EPOCH);
        lockstep.join();
        lockstep.leave(1, 3, true, Vec::new());
        assert!(
            !lockstep.settled_by(2),
            "settled in epoch 3, after barrier 2"
        );
        assert!(lockstep.settled_by(3));
        assert!(lockstep.settled_by(7));
    }

    #[test]
    fn the_earliest_epoch_settled_in_counts_whoever_left_first() {
        let lockstep = Lockstep::new(3, EPOCH);
        lockstep.join();
        lockstep.leave(2, 9, true, Vec::new());
        lockstep.leave(0, 4, true, Vec::new());
        lockstep.leave(1, 6, true, Vec::new());
        assert!(lockstep.settled_by(4));
        assert!(!lockstep.settled_by(3));
    }

    #[test]
    fn a_member_leaves_once() {
        let lockstep = Lockstep::new(1, EPOCH);
        lockstep.leave(0, 5, false, vec![standing(1)]);
        lockstep.leave(0, 0, true, Vec::new());
        let records = lockstep.into_records();
        assert_eq!(records[0].left_in, Some(5));
        assert!(!records[0].settled);
        assert_eq!(records[0].barriers, [standing(1)]);
    }

    #[test]
    fn a_pace_notes_its_barriers_and_stops_at_the_first_after_a_settled_epoch() {
        let lockstep = Lockstep::new(2, EPOCH);
        let member = Member {
            lockstep: &lockstep,
            index: 0,
        };
        let mut pace = Pace::new(member);
        pace.at(10 * EPOCH, standing(1));
        assert_eq!(pace.epoch, 0, "alone: no barriers");
        lockstep.join();
        pace.at(10 * EPOCH + 256, standing(2));
        assert!(!pace.stopped, "its epochs start at the join");
        pace.at(11 * EPOCH + 256, standing(3));
        assert_eq!((pace.epoch, pace.stopped), (1, false));
        lockstep.leave(1, 1, true, Vec::new());
        pace.at(12 * EPOCH, standing(4));
        assert_eq!(pace.epoch, 1, "barrier 1 is a tick further");
        pace.at(12 * EPOCH + 256, standing(5));
        assert_eq!((pace.epoch, pace.stopped), (2, true));
        pace.leave(false);
        let records = lockstep.into_records();
        assert_eq!(records[0].barriers, [standing(3), standing(5)]);
        assert_eq!(records[0].left_in, Some(2));
    }
}
