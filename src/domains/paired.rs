//! Shaving's trials two at a time: while one thread tries a pair, a
//! helper tries the pair after it, from the same domains and nogoods.
//!
//! The two outcomes are then taken in order. The second trial ran on the
//! domains as they were before the first's outcome, which is not how one
//! trial after another would run it: where the first removed its pair, or
//! taught nogoods the second could have used, the second's trial is a
//! little weaker than it would have been. It is still sound: a failure
//! from wider domains and fewer nogoods is a failure from narrower ones
//! too (propagation is monotone), and a success only keeps its pair and,
//! for the rest of the pass, the pairs its trial fixed; a pass after one
//! that removed something tries them again. Shaving still ends only after
//! a whole pass that removes nothing.
//!
//! Which pairs go together, and so what shaving removes and learns, does
//! not depend on the threads: on a machine with one core the helper's
//! trial runs on the same thread, with the same outcome.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Mutex, RwLock};

use super::nogoods::Nogoods;
use super::trials::{Next, PassEnd, PassRun, Trial};
use super::Domains;
use crate::board::Board;
use crate::cores::second_core;
use crate::precheck::Contradiction;

/// Where the second trial of each pair runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Helper {
    /// Nowhere: one trial at a time (shaving's sample).
    None,
    /// On this thread, after the first (for tests: `Thread` does this on a
    /// machine with one core, and for short passes).
    #[cfg(test)]
    Inline,
    /// On a thread of its own, beside the first, where the machine has a
    /// second core and the pass's trials are long enough to pay for it;
    /// otherwise inline.
    Thread,
    /// On a thread of its own in every pass that uses rule 5 (for tests).
    #[cfg(test)]
    EveryPass,
}

/// Open pairs times T, at least, for a pass to start a thread: below it,
/// trials take a few microseconds and a pass less time than handing pairs
/// over between threads costs.
const THREAD_WORK: u64 = 250_000;

impl Domains {
    /// Are this pass's trials long enough to share with a thread?
    fn worth_a_thread(&self) -> bool {
        self.open_pairs() as u64 * u64::from(self.total) >= THREAD_WORK
    }
}

/// Times a thread looks for what it waits for before it lets others run
/// between looks: a trial takes tens of microseconds.
const SPINS: u32 = 1 << 14;

/// Waits until `ready`, spinning first and then yielding the core between
/// looks, so that a thread waiting while the other propagates a removal
/// does not hold a core another program wants.
fn wait_for(ready: impl Fn() -> bool) {
    let mut looks = 0u32;
    while !ready() {
        looks = looks.saturating_add(1);
        match looks < SPINS {
            true => std::hint::spin_loop(),
            false => std::thread::yield_now(),
        }
    }
}

/// The second trial of a pair, as the two threads hand it over: the
/// thread that moves `claim` from `POSTED` to `RUNNING` runs it.
struct Slot<'a> {
    pair: (usize, u32),
    outcome: Result<(), Contradiction>,
    trial: &'a mut Trial,
}

const EMPTY: u8 = 0;
const POSTED: u8 = 1;
const RUNNING: u8 = 2;
const DONE: u8 = 3;
/// The pass is over: the helper goes.
const CLOSED: u8 = 4;

impl Slot<'_> {
    /// Runs the trial of the pair posted.
    fn run(
        &mut self,
        domains: &RwLock<&mut Domains>,
        nogoods: &RwLock<Option<Nogoods>>,
        board: &Board,
    ) {
        let start = domains.read().expect("the domains are whole");
        let known = nogoods.read().expect("the nogoods are whole");
        self.outcome = self.trial.suppose(&start, board, self.pair, known.as_ref());
    }
}

/// The next pair of a pass and the one after it, if there is one.
type Two = ((usize, u32), Option<(usize, u32)>);

/// A trial's pair and its outcome.
type Tried = ((usize, u32), Result<(), Contradiction>);

impl Domains {
    /// One pass of trials two at a time (see the module's comment).
    pub(super) fn pass_in_pairs(
        &mut self,
        pass: &mut PassRun,
        own: &mut Trial,
        helper_trial: &mut Trial,
        helper: Helper,
    ) -> Result<PassEnd, Contradiction> {
        let beside = match helper {
            Helper::Thread => own.agenda.all_different && self.worth_a_thread() && second_core(),
            #[cfg(test)]
            Helper::EveryPass => own.agenda.all_different,
            _ => false,
        };
        if beside {
            return self.pass_beside(pass, own, helper_trial);
        }
        loop {
            let (first, second) = match self.next_two(pass) {
                Ok(two) => two,
                Err(end) => return Ok(end),
            };
            let nogoods = pass.nogoods.as_ref();
            let first = (first, own.suppose(self, pass.board, first, nogoods));
            let second =
                second.map(|pair| (pair, helper_trial.suppose(self, pass.board, pair, nogoods)));
            let PassRun {
                board,
                cleared,
                nogoods,
                removed_any,
                ..
            } = pass;
            *removed_any |= self.settle(
                board,
                cleared,
                nogoods,
                (first, own),
                (second, helper_trial),
            )?;
        }
    }

    /// The same, with the helper on a thread of its own. When it has not
    /// started the second trial by the time the first is done (another
    /// program has its core), this thread runs it instead: the outcome is
    /// the same either way.
    fn pass_beside(
        &mut self,
        pass: &mut PassRun,
        own: &mut Trial,
        helper_trial: &mut Trial,
    ) -> Result<PassEnd, Contradiction> {
        let board = pass.board;
        let domains = RwLock::new(self);
        let nogoods = RwLock::new(pass.nogoods.take());
        let slot = Mutex::new(Slot {
            pair: (0, 0),
            outcome: Ok(()),
            trial: helper_trial,
        });
        let claim = AtomicU8::new(EMPTY);
        let end = std::thread::scope(|scope| {
            let (domains, nogoods, slot, claim) = (&domains, &nogoods, &slot, &claim);
            scope.spawn(move || loop {
                wait_for(|| matches!(claim.load(Ordering::Acquire), POSTED | CLOSED));
                match claim.compare_exchange(POSTED, RUNNING, Ordering::Acquire, Ordering::Relaxed)
                {
                    Ok(_) => {
                        slot.lock()
                            .expect("the slot is whole")
                            .run(domains, nogoods, board);
                        claim.store(DONE, Ordering::Release);
                    }
                    Err(CLOSED) => return,
                    Err(_) => {} // this thread got to it first
                }
            });
            let end = (|| loop {
                let next = domains
                    .read()
                    .expect("the domains are whole")
                    .next_two(pass);
                let (first, second) = match next {
                    Ok(two) => two,
                    Err(end) => return Ok(end),
                };
                if let Some(pair) = second {
                    slot.lock().expect("the slot is whole").pair = pair;
                    claim.store(POSTED, Ordering::Release);
                }
                let first_outcome = {
                    let start = domains.read().expect("the domains are whole");
                    let known = nogoods.read().expect("the nogoods are whole");
                    own.suppose(&start, board, first, known.as_ref())
                };
                if second.is_some() {
                    match claim.compare_exchange(
                        POSTED,
                        RUNNING,
                        Ordering::Acquire,
                        Ordering::Relaxed,
                    ) {
                        Ok(_) => slot
                            .lock()
                            .expect("the slot is whole")
                            .run(domains, nogoods, board),
                        Err(_) => {
                            wait_for(|| claim.load(Ordering::Acquire) == DONE);
                        }
                    }
                }
                let mut slot = slot.lock().expect("the slot is whole");
                let second =
                    second.map(|pair| (pair, std::mem::replace(&mut slot.outcome, Ok(()))));
                claim.store(EMPTY, Ordering::Release);
                let mut start = domains.write().expect("the domains are whole");
                let mut known = nogoods.write().expect("the nogoods are whole");
                pass.removed_any |= start.settle(
                    board,
                    pass.cleared,
                    &mut known,
                    ((first, first_outcome), own),
                    (second, slot.trial),
                )?;
            })();
            claim.store(CLOSED, Ordering::Release);
            end
        });
        *pass.nogoods = nogoods.into_inner().expect("the nogoods are whole");
        end
    }

    /// The next two pairs of the pass, or how it ended.
    fn next_two(&self, pass: &mut PassRun) -> Result<Two, PassEnd> {
        let first = match pass.cursor.next(self, pass.cleared, pass.stop) {
            Next::Pair(pair) => pair,
            Next::End => return Err(PassEnd::Done),
            Next::Stopped => return Err(PassEnd::Stopped),
        };
        match pass.cursor.next(self, pass.cleared, pass.stop) {
            Next::Pair(second) => Ok((first, Some(second))),
            // A pass the clock stopped ends at the next look.
            Next::End | Next::Stopped => Ok((first, None)),
        }
    }

    /// Takes the outcomes of a pair of trials in order, as one trial after
    /// another would (`take_outcome`), but for the second's having started
    /// from the domains and nogoods before the first's; the second's pair
    /// is left alone if the first decided, removed or cleared it. True if
    /// either removed its pair.
    fn settle(
        &mut self,
        board: &Board,
        cleared: &mut [u64],
        nogoods: &mut Option<Nogoods>,
        (first, own): (Tried, &mut Trial),
        (second, helper_trial): (Option<Tried>, &mut Trial),
    ) -> Result<bool, Contradiction> {
        let first_held = self.take_outcome(board, cleared, nogoods, first, own)?;
        if !first_held {
            // The helper's copy started from the domains before this removal.
            helper_trial.in_step = false;
        }
        let Some((pair, outcome)) = second else {
            return Ok(!first_held);
        };
        if !self.may_try(pair, cleared) {
            return Ok(!first_held);
        }
        let second_held =
            self.take_outcome(board, cleared, nogoods, (pair, outcome), helper_trial)?;
        if !second_held {
            own.in_step = false;
        }
        Ok(!(first_held && second_held))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Filled;

    /// The domains after rules 1-5 and then shaving with `helper`.
    fn shaved_with(board: &Board, helper: Helper) -> Domains {
        let mut domains = Domains::reduce_with(board, false, None).unwrap();
        domains.shave_with(board, None, None, helper).unwrap();
        domains
    }

    fn assert_same_shaving(board: &Board) {
        let inline = shaved_with(board, Helper::Inline);
        let beside = shaved_with(board, Helper::EveryPass);
        for cell in board.cells() {
            assert_eq!(
                inline.values(board, cell),
                beside.values(board, cell),
                "{cell}"
            );
        }
        assert_eq!(inline.summary(board), beside.summary(board));
    }

    #[test]
    fn the_helper_on_a_thread_shaves_what_it_shaves_inline() {
        // Every second clue of examples/boards/classic_9x9.csv: many
        // solutions, passes that remove and passes that do not.
        let board = Board::parse(
            b",,,,,,,,\n,25,,13,,15,,41,\n,,,,,,,40,\n,,,,,,,39,\n,,,,,,,38,\n\
              ,,,,,,,37,\n,,,,,,,50,\n,,72,,60,,52,,\n,,,,,,,,\n",
        )
        .unwrap();
        assert_same_shaving(&board);
    }

    #[test]
    fn a_unique_board_shaved_in_pairs_on_two_threads_is_decided_as_inline() {
        let board =
            Board::parse(include_bytes!("../../examples/boards/scale/15x15_2.csv")).unwrap();
        assert_same_shaving(&board);
        let shaved = shaved_with(&board, Helper::EveryPass);
        let solution = Filled::parse(include_bytes!(
            "../../examples/boards/scale/15x15_2.solution.csv"
        ))
        .unwrap();
        for (index, cell) in board.cells().enumerate() {
            let value = solution.values[index].unwrap() as u32;
            assert_eq!(shaved.values(&board, cell), [value], "{cell}");
        }
    }
}
