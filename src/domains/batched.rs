//! Shaving's trials eight at a time: the next [`BATCH`] pairs of a pass
//! are supposed from the same domains and nogoods, on two threads where
//! the machine has a second core, and their outcomes are then taken in
//! order.
//!
//! A trial later in a batch ran on the domains as they were before the
//! outcomes ahead of it, which is not how one trial after another would
//! run it: where an earlier one removed its pair, or taught nogoods the
//! later one could have used, the later trial is a little weaker than it
//! would have been. It is still sound: a failure from wider domains and
//! fewer nogoods is a failure from narrower ones too (propagation is
//! monotone), and a success only keeps its pair and, for the rest of the
//! pass, the pairs its trial fixed; a pass after one that removed
//! something tries them again. Shaving still ends only after a whole pass
//! that removes nothing.
//!
//! Why eight: the two threads claim the batch's trials one by one, so a
//! long trial on one thread is made up by short ones on the other, and
//! they meet once per batch instead of once per pair; a longer batch
//! would run more of its trials on stale domains.
//!
//! The nogoods of the trials that held (rule 7) are learned once the
//! batch's outcomes are taken, by both threads where the table is large
//! (each trial's nogoods go in on their own, so the table is the same
//! whichever thread learns which); the removals of a batch are propagated
//! without the nogoods its own trials teach.
//!
//! Which pairs go together, and so what shaving removes and learns, does
//! not depend on the threads: on a machine with one core every trial of a
//! batch runs on this thread, with the same outcome.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, RwLock};

use super::claims::Claims;
use super::nogoods::Nogoods;
use super::trials::{Next, PassEnd, PassRun, Trial};
use super::Domains;
use crate::board::Board;
use crate::cores::second_core;
use crate::precheck::Contradiction;

/// How many pairs a batch supposes from the same domains.
pub(super) const BATCH: usize = 8;

/// Where a batch's trials run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Helper {
    /// Nowhere: one trial at a time, no batches (shaving's sample).
    None,
    /// On this thread, one after another (for tests: `Thread` does this
    /// on a machine with one core, and for short passes).
    #[cfg(test)]
    Inline,
    /// Shared with a thread of its own, where the machine has a second
    /// core and the pass's trials are long enough to pay for it;
    /// otherwise inline.
    Thread,
    /// Shared with a thread of its own in every pass (for tests).
    #[cfg(test)]
    EveryPass,
}

/// Open pairs times T, at least, for a pass to start a thread: below it,
/// trials take a few microseconds and a pass less time than handing
/// batches over between threads costs.
const THREAD_WORK: u64 = 250_000;

impl Domains {
    /// Are this pass's trials long enough to share with a thread?
    fn worth_a_thread(&self) -> bool {
        self.open_pairs() as u64 * u64::from(self.total) >= THREAD_WORK
    }
}

/// Numbered pairs, at least, for the two threads to share the learning
/// of a batch's nogoods: the table (`nogoods.rs`) is then 8 MB or more,
/// its writes miss the cache, and learning is about a sixth of 30x30_1's
/// shaving; on a smaller table learning takes less time than handing it
/// over.
const SHARED_LEARNING_PAIRS: usize = 8_192;

/// One trial of a batch: its pair, its copy, how it ended, and the
/// nogoods it taught.
struct Slot<'a> {
    pair: (usize, u32),
    trial: &'a mut Trial,
    outcome: Result<(), Contradiction>,
    /// The trial held and its outcome was taken: it has nogoods to teach.
    teaches: bool,
    /// How many new nogoods it taught.
    taught: usize,
}

impl Slot<'_> {
    /// Supposes the slot's pair on its copy of `domains`.
    fn run(&mut self, domains: &Domains, nogoods: Option<&Nogoods>, board: &Board) {
        self.outcome = self.trial.suppose(domains, board, self.pair, nogoods);
    }

    /// Learns what a trial that held removed from `domains` (rule 7).
    fn teach(&mut self, domains: &Domains, nogoods: Option<&Nogoods>) {
        let (index, value) = self.pair;
        self.taught = match (self.teaches, nogoods) {
            (true, Some(nogoods)) => nogoods.learn(
                domains,
                &self.trial.copy,
                index,
                value,
                &self.trial.agenda.touched,
            ),
            _ => 0,
        };
    }
}

impl Domains {
    /// One pass of trials in batches (see the module's comment), with
    /// `trials` holding a copy for each trial of a batch.
    pub(super) fn pass_in_batches(
        &mut self,
        pass: &mut PassRun,
        trials: &mut [Trial],
        helper: Helper,
    ) -> Result<PassEnd, Contradiction> {
        let beside = match helper {
            Helper::Thread => self.worth_a_thread() && second_core(),
            #[cfg(test)]
            Helper::EveryPass => true,
            _ => false,
        };
        let board = pass.board;
        let slots: Vec<Mutex<Slot>> = trials
            .iter_mut()
            .map(|trial| {
                Mutex::new(Slot {
                    pair: (0, 0),
                    trial,
                    outcome: Ok(()),
                    teaches: false,
                    taught: 0,
                })
            })
            .collect();
        let domains = RwLock::new(self);
        let nogoods = RwLock::new(pass.nogoods.take());
        let claims = Claims::default();
        // What the claims are for: the batch's trials, or, once they are
        // settled, learning what those that held removed.
        let learning = AtomicBool::new(false);
        let run = |at: usize| {
            let start = domains.read().expect("the domains are whole");
            let known = nogoods.read().expect("the nogoods are whole");
            let mut slot = slots[at].lock().expect("the slot is whole");
            match learning.load(Ordering::Acquire) {
                true => slot.teach(&start, known.as_ref()),
                false => slot.run(&start, known.as_ref(), board),
            }
        };
        let end = std::thread::scope(|scope| {
            if beside {
                scope.spawn(|| claims.help(run));
            }
            let end = (|| loop {
                let next = domains
                    .read()
                    .expect("the domains are whole")
                    .next_batch(pass);
                let batch = match next {
                    Ok(batch) => batch,
                    Err(end) => return Ok(end),
                };
                for (slot, &pair) in slots.iter().zip(&batch) {
                    slot.lock().expect("the slot is whole").pair = pair;
                }
                claims.share(batch.len(), run);
                let (teaches, shared) = {
                    let mut start = domains.write().expect("the domains are whole");
                    let known = nogoods.read().expect("the nogoods are whole");
                    let mut batch: Vec<_> = slots[..batch.len()]
                        .iter()
                        .map(|slot| slot.lock().expect("the slot is whole"))
                        .collect();
                    for removed in start.settle(board, pass.cleared, known.as_ref(), &mut batch)? {
                        pass.took(removed);
                    }
                    match &*known {
                        Some(known) => (
                            batch.iter().any(|slot| slot.teaches),
                            beside && known.pairs() >= SHARED_LEARNING_PAIRS,
                        ),
                        None => (false, false),
                    }
                };
                if teaches {
                    // Each trial's nogoods go into the table on their own,
                    // so the threads can share the learning as they share
                    // the trials; the table is the same whichever learns
                    // what.
                    learning.store(true, Ordering::Release);
                    match shared {
                        true => claims.share(batch.len(), run),
                        false => (0..batch.len()).for_each(run),
                    }
                    learning.store(false, Ordering::Release);
                    let taught: usize = slots[..batch.len()]
                        .iter()
                        .map(|slot| slot.lock().expect("the slot is whole").taught)
                        .sum();
                    domains.write().expect("the domains are whole").nogoods += taught;
                }
            })();
            claims.close();
            end
        });
        *pass.nogoods = nogoods.into_inner().expect("the nogoods are whole");
        end
    }

    /// The next pairs of the pass, up to [`BATCH`] of them, or how it
    /// ended.
    fn next_batch(&self, pass: &mut PassRun) -> Result<Vec<(usize, u32)>, PassEnd> {
        if pass.gone_idle(false) {
            return Err(PassEnd::Idle);
        }
        let mut batch = Vec::with_capacity(BATCH);
        while batch.len() < BATCH {
            match pass.cursor.next(self, pass.cleared, pass.stop) {
                Next::Pair(pair) => batch.push(pair),
                // A pass the clock stopped ends at the next look.
                Next::End if batch.is_empty() => return Err(PassEnd::Done),
                Next::Stopped if batch.is_empty() => return Err(PassEnd::Stopped),
                Next::End | Next::Stopped => break,
            }
        }
        Ok(batch)
    }

    /// Takes the outcomes of a batch in order, as one trial after another
    /// would (`take_outcome`), but for each trial's having started from
    /// the domains and nogoods before the batch, and for the nogoods of
    /// those that held, learned after the batch (`Slot::teaches` marks
    /// them); a pair an earlier outcome decided, removed or cleared is left
    /// alone. For each trial taken, whether it removed its pair.
    fn settle(
        &mut self,
        board: &Board,
        cleared: &mut [u64],
        nogoods: Option<&Nogoods>,
        batch: &mut [MutexGuard<Slot>],
    ) -> Result<Vec<bool>, Contradiction> {
        let mut taken = Vec::with_capacity(batch.len());
        // The cells the batch's removals narrowed.
        let mut narrowed: Vec<usize> = Vec::new();
        for slot in batch.iter_mut() {
            slot.teaches = false;
            if !self.may_try(slot.pair, cleared) {
                continue;
            }
            let outcome = std::mem::replace(&mut slot.outcome, Ok(()));
            slot.teaches =
                self.take_outcome(board, cleared, nogoods, (slot.pair, outcome), slot.trial)?;
            taken.push(!slot.teaches);
            if !slot.teaches {
                narrowed.extend_from_slice(&slot.trial.agenda.touched);
            }
        }
        // A copy that held differs from the domains now where its trial
        // touched them and where the removals narrowed them: it is mended
        // there at its next trial, not copied whole.
        for slot in batch.iter_mut().filter(|slot| slot.trial.in_step) {
            for &cell in &narrowed {
                slot.trial.agenda.touch(cell);
            }
        }
        Ok(taken)
    }
}

#[cfg(test)]
mod tests {
    use super::super::shaving::Passes;
    use super::super::test_boards::half_a_newspaper_board;
    use super::*;
    use crate::board::Filled;

    /// The domains after rules 1-5 and then shaving with `helper`.
    fn shaved_with(board: &Board, helper: Helper) -> Domains {
        let mut domains = Domains::reduce_with(board, false, None).unwrap();
        domains
            .shave_with(board, None, Passes::All, helper)
            .unwrap();
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
    fn a_copy_that_held_is_mended_to_the_domains_after_a_removal_in_its_batch() {
        let board = half_a_newspaper_board();
        let start = Domains::reduce_with(&board, false, None).unwrap();
        let pairs: Vec<(usize, u32)> = (0..board.len())
            .filter(|&index| start.fixed[index] == 0)
            .flat_map(|index| start.values_at(index).map(move |value| (index, value)))
            .collect();
        let outcome = |pair| Trial::new(&start, &board).suppose(&start, &board, pair, None);
        let refuted = *pairs
            .iter()
            .find(|&&pair| outcome(pair).is_err())
            .expect("some trial fails");
        // The cells removing the refuted pair narrows.
        let mut removed = start.clone();
        let mut trial = Trial::new(&start, &board);
        removed
            .remove(&board, refuted.0, refuted.1, &mut trial.agenda)
            .unwrap();
        removed.propagate(&board, &mut trial.agenda, None).unwrap();
        let narrowed = trial.agenda.touched.clone();
        // A pair that holds, whose trial leaves one of those cells alone.
        let mut first = Trial::new(&start, &board);
        let mut second = Trial::new(&start, &board);
        let held = *pairs
            .iter()
            .find(|&&pair| {
                second.suppose(&start, &board, pair, None).is_ok()
                    && narrowed
                        .iter()
                        .any(|cell| !second.agenda.touched.contains(cell))
            })
            .expect("some trial holds away from the removal");
        let mut domains = start.clone();
        let first_outcome = first.suppose(&domains, &board, refuted, None);
        let slots = [
            Mutex::new(Slot {
                pair: refuted,
                trial: &mut first,
                outcome: first_outcome,
                teaches: false,
                taught: 0,
            }),
            Mutex::new(Slot {
                pair: held,
                trial: &mut second,
                outcome: Ok(()),
                teaches: false,
                taught: 0,
            }),
        ];
        let mut batch: Vec<_> = slots.iter().map(|slot| slot.lock().unwrap()).collect();
        let mut cleared = vec![0u64; domains.bits.len()];
        let taken = domains
            .settle(&board, &mut cleared, None, &mut batch)
            .unwrap();
        assert_eq!(
            taken,
            [true, false],
            "the first removed its pair, the second held"
        );
        drop(batch);
        assert!(!domains.contains(refuted.0, refuted.1));
        assert!(second.in_step);
        let mut mended = second.copy.clone();
        mended.copy_touched_from(&domains, &second.agenda.touched);
        let mut whole = second.copy.clone();
        whole.copy_from(&domains);
        assert_eq!(mended, whole);
    }

    #[test]
    fn the_helper_on_a_thread_shaves_what_it_shaves_inline() {
        // Many solutions, passes that remove and passes that do not.
        assert_same_shaving(&half_a_newspaper_board());
    }

    #[test]
    fn a_unique_board_shaved_in_batches_on_two_threads_is_decided_as_inline() {
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
