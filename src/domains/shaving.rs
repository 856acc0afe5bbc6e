//! Rule 6, shaving (a.k.a. singleton consistency, or probing).
//!
//! For an open pair (cell `c`, value `k`), suppose `c` holds `k` and
//! propagate rules 1, 3-5 and 7 on a copy. Propagation only removes values
//! that no solution with `c = k` uses, so if it empties a domain there is no
//! such solution:
//!
//! ```text
//! propagate(D with c = k) fails  =>  no solution has c = k  =>  remove k from c.
//! ```
//!
//! Each removal is sound on its own, so shaving may stop at any point (a
//! time limit, [`SHAVING_BUDGET`], or a first pass that removed little,
//! where asked) and keep what it removed. A trial that
//! succeeds teaches rule 7 (`nogoods.rs`) what it removed.

use std::time::Instant;

use super::batched::{Helper, BATCH};
use super::nogoods::Nogoods;
use super::trials::{Cursor, Idle, Next, PassEnd, PassRun, Trial};
use super::Domains;
use crate::board::Board;
use crate::precheck::Contradiction;

/// Shaving is skipped when (open pairs) x T exceeds this: the work of one
/// pass grows about as that product. The sparse 30x30 benchmark boards come
/// just under it, and shave in seconds; a 40x40 board would be several times
/// over. Deterministic, unlike a time budget, so the same board always gives
/// the same model (a time limit still stops shaving early).
pub const SHAVING_BUDGET: u64 = 12_000_000;

impl Domains {
    /// Rule 6, shaving: for each open (cell, value) pair, suppose the cell
    /// holds the value and propagate on a copy; if that empties a domain, no
    /// solution has the pair, and it goes. Passes repeat until one removes
    /// nothing. (This is what a MIP presolve's probing does on the binaries,
    /// done on the domains before the model exists.)
    ///
    /// A trial that succeeds also clears every pair its copy fixed: starting
    /// from one of those pairs, propagation reaches a superset of the same
    /// consistent copy, so it cannot fail either (the rules only narrow, and
    /// their fixpoint is the largest one below the start). Those pairs are
    /// not tried again in the same pass.
    ///
    /// Each successful trial also teaches the nogoods of rule 7 (what it
    /// removed cannot go with its pair) once its batch is settled, and
    /// every later propagation, in trials and after removals, applies them.
    ///
    /// After a pass that removed something, the next pass tries only the
    /// cells that lost a value during it: on a tight board that is where
    /// most new refutations lie. When such a pass removes nothing, a whole
    /// pass follows; when the first one after a whole pass removes nothing,
    /// the cells that changed are not where this board's refutations lie,
    /// and every later pass is whole. Shaving still ends only after a whole
    /// pass that removes nothing.
    ///
    /// Trials go eight at a time from the same domains, shared with a
    /// thread of its own where the machine has a second core and the
    /// trials are long enough (`batched.rs`); what shaving removes is the
    /// same either way.
    pub(super) fn shave(
        &mut self,
        board: &Board,
        stop: Option<Instant>,
    ) -> Result<Shaved, Contradiction> {
        self.shave_trials(board, stop, Passes::All)
            .map(|sample| sample.ended())
    }

    /// As [`Domains::shave_within_budget`], but ending in the first pass
    /// once half its trials are taken with fewer than `least` (a share) of
    /// them removing their pair: on a loose board with one solution a
    /// tenth or more do by then, on one with many solutions a few per
    /// cent, and the rest of the pass and the passes after it decide
    /// nothing there either. What it removed stays removed.
    pub fn shave_unless_idle(
        &mut self,
        board: &Board,
        stop: Option<Instant>,
        least: f64,
    ) -> Result<Shaved, Contradiction> {
        if !self.within_shaving_budget() {
            return Ok(Shaved::Ended);
        }
        self.shave_trials(board, stop, Passes::UnlessIdle(least))
            .map(|sample| sample.ended())
    }

    /// As [`Domains::shave`], with at most `passes` passes (deep shaving's
    /// trials, `deep_shaving.rs`, which has checked the shaving budget).
    pub(super) fn shave_passes(
        &mut self,
        board: &Board,
        stop: Option<Instant>,
        passes: usize,
    ) -> Result<Shaved, Contradiction> {
        self.shave_trials(board, stop, Passes::AtMost(passes))
            .map(|sample| sample.ended())
    }

    /// The first `trials` trials of shaving's first pass, as a sample of how
    /// tight the board is: on a board with one solution most of them remove
    /// their pair, on one with many solutions almost none do. Each removal
    /// is kept, as whole shaving keeps it. Returns how many pairs went.
    pub fn shave_sample(&mut self, board: &Board, trials: usize) -> Result<usize, Contradiction> {
        self.shave_trials(board, None, Passes::Sample(trials))
            .map(|sample| sample.removed)
    }

    /// Shaving's passes as `passes` says (a sample's trials go one at a
    /// time, and without learning nogoods: a sample does not pay for their
    /// table).
    fn shave_trials(
        &mut self,
        board: &Board,
        stop: Option<Instant>,
        passes: Passes,
    ) -> Result<Sample, Contradiction> {
        let helper = match passes {
            Passes::Sample(_) => Helper::None,
            _ => Helper::Thread,
        };
        self.shave_with(board, stop, passes, helper)
    }

    /// As [`Domains::shave_trials`], trying pairs with `helper`'s help (the
    /// outcome is the same inline and on a thread).
    pub(super) fn shave_with(
        &mut self,
        board: &Board,
        stop: Option<Instant>,
        passes: Passes,
        helper: Helper,
    ) -> Result<Sample, Contradiction> {
        let cap = match passes {
            Passes::Sample(trials) => Some(trials),
            _ => None,
        };
        let mut sample = Sample::default();
        let mut cleared = vec![0u64; self.bits.len()];
        let mut own = Trial::new(self, board);
        let mut batch: Vec<Trial> = match helper {
            Helper::None => Vec::new(),
            _ => (0..BATCH).map(|_| Trial::new(self, board)).collect(),
        };
        let mut nogoods = match cap {
            Some(_) => None,
            None => Nogoods::over(self),
        };
        // The cells this pass tries (None: every open cell), and whether
        // passes may still try only the cells that changed.
        let mut focus: Option<Vec<bool>> = None;
        let mut follow_changes = true;
        let mut after_whole = false;
        for pass in 1.. {
            if matches!(passes, Passes::AtMost(most) if pass > most) {
                break;
            }
            self.shaving_passes = pass;
            let before = self.bits.clone();
            // Rule 5 is the costliest rule, and while the domains are wide the
            // others refute most of what fails: the first pass leaves it out
            // (measured faster on the sparse benchmark boards), and the
            // second starts from its fixpoint.
            let first_pass = pass == 1;
            own.agenda.all_different = !first_pass;
            if pass == 2 {
                self.propagate(board, &mut own.agenda, nogoods.as_ref())?;
            }
            self.note_bounds(&mut own.agenda);
            own.in_step = false;
            for trial in &mut batch {
                trial.agenda.all_different = !first_pass;
                trial.agenda.bounds.clone_from(&own.agenda.bounds);
                trial.in_step = false;
            }
            cleared.fill(0);
            let mut pass_run = PassRun {
                board,
                stop,
                cursor: Cursor::new(focus.as_deref(), board.len()),
                cleared: &mut cleared,
                nogoods: &mut nogoods,
                tried: 0,
                removed: 0,
                idle: match passes {
                    Passes::UnlessIdle(least) if first_pass => Some(Idle {
                        after: self.open_pairs() / 2,
                        least,
                    }),
                    _ => None,
                },
            };
            let end = match helper {
                Helper::None => self.pass_alone(&mut pass_run, &mut own, cap, &mut sample)?,
                _ => self.pass_in_batches(&mut pass_run, &mut batch, helper)?,
            };
            let removed_any = pass_run.removed > 0;
            if end == PassEnd::Stopped {
                sample.stopped = true;
                return Ok(sample);
            }
            if end == PassEnd::Idle || pass_run.gone_idle(true) {
                break;
            }
            let whole = focus.is_none();
            if !removed_any && !first_pass && whole {
                break;
            }
            if !removed_any && !whole && after_whole {
                follow_changes = false;
            }
            after_whole = whole;
            // The first pass left rule 5 out, so the second is whole.
            focus =
                (follow_changes && removed_any && !first_pass).then(|| self.changed_since(&before));
        }
        Ok(sample)
    }

    /// One pass's trials one at a time, up to `cap` of them.
    fn pass_alone(
        &mut self,
        pass: &mut PassRun,
        own: &mut Trial,
        cap: Option<usize>,
        sample: &mut Sample,
    ) -> Result<PassEnd, Contradiction> {
        loop {
            if pass.gone_idle(false) {
                return Ok(PassEnd::Idle);
            }
            let pair = match pass.cursor.next(self, pass.cleared, pass.stop) {
                Next::Pair(pair) => pair,
                Next::End => return Ok(PassEnd::Done),
                Next::Stopped => return Ok(PassEnd::Stopped),
            };
            if cap.is_some_and(|cap| sample.tried == cap) {
                return Ok(PassEnd::Stopped);
            }
            sample.tried += 1;
            let outcome = own.suppose(self, pass.board, pair, pass.nogoods.as_ref());
            let held = self.take_outcome(
                pass.board,
                pass.cleared,
                pass.nogoods.as_ref(),
                (pair, outcome),
                own,
            )?;
            sample.removed += usize::from(!held);
            pass.took(!held);
        }
    }

    /// Takes a trial's outcome: a success clears the pairs its copy fixed
    /// (its nogoods are learned after its batch, `batched.rs`); a failure
    /// removes the pair and propagates, and leaves the cells that narrowed
    /// in the trial's agenda as touched. True if the trial held.
    pub(super) fn take_outcome(
        &mut self,
        board: &Board,
        cleared: &mut [u64],
        nogoods: Option<&Nogoods>,
        ((index, value), outcome): ((usize, u32), Result<(), Contradiction>),
        trial: &mut Trial,
    ) -> Result<bool, Contradiction> {
        if outcome.is_ok() {
            for &cell in &trial.agenda.touched {
                let held = trial.copy.fixed[cell];
                if held != 0 {
                    cleared[cell * self.words_per_cell + held as usize / 64] |= 1 << (held % 64);
                }
            }
            return Ok(true);
        }
        // The failed copy is copied whole at its next trial, so its agenda
        // may now list the cells this removal narrows in the domains.
        trial.agenda.forget_touched();
        self.remove(board, index, value, &mut trial.agenda)?;
        self.propagate(board, &mut trial.agenda, nogoods)?;
        Ok(false)
    }

    /// For each cell: has it lost a value since the domains were `before`?
    fn changed_since(&self, before: &[u64]) -> Vec<bool> {
        let words = self.words_per_cell;
        before
            .chunks(words)
            .zip(self.bits.chunks(words))
            .map(|(then, now)| then != now)
            .collect()
    }
}

/// How far shaving goes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Passes {
    /// Until a whole pass removes nothing.
    All,
    /// As `All`, but ending in the first pass once half its trials (or
    /// all, if it has fewer) are taken with fewer than this share of them
    /// removing their pair.
    UnlessIdle(f64),
    /// The first this many trials of the first pass.
    Sample(usize),
    /// As `All`, but at most this many passes.
    AtMost(usize),
}

/// Trials shaving ran, how many of them removed their pair, and whether
/// the clock (or the sample's cap) stopped it.
#[derive(Debug, Default)]
pub(super) struct Sample {
    tried: usize,
    removed: usize,
    stopped: bool,
}

impl Sample {
    fn ended(&self) -> Shaved {
        match self.stopped {
            true => Shaved::Stopped,
            false => Shaved::Ended,
        }
    }
}

/// How a run of shaving ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shaved {
    /// On its own: a whole pass removed nothing, or a first pass asked to
    /// end when idle was, or the board is past [`SHAVING_BUDGET`] and is
    /// not shaved. Shaving again would remove nothing, or too little to
    /// pay for itself.
    Ended,
    /// The clock stopped it. What it removed stays removed, and shaving
    /// again goes on from there (its passes start over).
    Stopped,
}

#[cfg(test)]
mod tests {
    use super::super::agenda::Agenda;
    use super::super::test_boards::half_a_newspaper_board;
    use super::*;
    use crate::board::Cell;

    /// A 2x3 board with 3 top middle. Propagation leaves bottom middle
    /// {2, 4, 6}; but with 2 there, 1 takes a bottom corner and 4 a top one,
    /// and the two cells left cannot finish the path.
    fn three_top_middle() -> Board {
        Board::parse(b",3,\n,,\n").unwrap()
    }

    #[test]
    fn shaving_removes_a_value_that_propagation_keeps_but_refutes_once_supposed() {
        let board = three_top_middle();
        let bottom_middle = Cell::new(1, 1);
        let mut domains = Domains::reduce_with(&board, false, None).unwrap();
        assert_eq!(domains.values(&board, bottom_middle), [2, 4, 6]);
        domains.shave(&board, None).unwrap();
        assert_eq!(domains.values(&board, bottom_middle), [4, 6]);
    }

    #[test]
    fn shaving_stops_only_where_no_trial_on_any_cell_refutes_a_value() {
        let board = half_a_newspaper_board();
        let mut shaved = Domains::reduce_with(&board, false, None).unwrap();
        shaved.shave(&board, None).unwrap();
        let cells: Vec<Cell> = board.cells().collect();
        let mut probed = shaved.clone();
        probed.probe(&board, &cells, &[]).unwrap();
        for cell in cells {
            assert_eq!(
                probed.values(&board, cell),
                shaved.values(&board, cell),
                "{cell}"
            );
        }
    }

    #[test]
    fn a_first_pass_that_removed_less_than_the_share_asked_ends_shaving() {
        let board = half_a_newspaper_board();
        let start = Domains::reduce_with(&board, false, None).unwrap();
        let mut whole = start.clone();
        whole.shave(&board, None).unwrap();
        assert!(whole.shaving_passes > 1);
        // No first pass removes every open pair.
        let mut idle = start.clone();
        idle.shave_unless_idle(&board, None, 1.0).unwrap();
        assert_eq!(idle.shaving_passes, 1);
        assert!(
            idle.open_pairs() < start.open_pairs(),
            "the pass's removals stay"
        );
        assert!(idle.open_pairs() > whole.open_pairs());
    }

    #[test]
    fn a_first_pass_that_removed_the_share_asked_lets_shaving_go_on_to_its_end() {
        let board = half_a_newspaper_board();
        let start = Domains::reduce_with(&board, false, None).unwrap();
        let mut whole = start.clone();
        whole.shave(&board, None).unwrap();
        let mut going_on = start.clone();
        going_on.shave_unless_idle(&board, None, 0.0).unwrap();
        assert_eq!(going_on.shaving_passes, whole.shaving_passes);
        for cell in board.cells() {
            assert_eq!(
                going_on.values(&board, cell),
                whole.values(&board, cell),
                "{cell}"
            );
        }
    }

    #[test]
    fn a_trial_copy_mended_where_the_trial_touched_it_is_its_start_again() {
        let board = half_a_newspaper_board();
        let start = Domains::reduce_with(&board, false, None).unwrap();
        let mut agenda = Agenda::new(board.len());
        let mut trial = start.clone();
        // The first pair of the first open cell whose trial succeeds.
        let (index, value) = (0..board.len())
            .filter(|&index| start.fixed[index] == 0)
            .flat_map(|index| start.values_at(index).map(move |value| (index, value)))
            .find(|&(index, value)| {
                trial.copy_from(&start);
                agenda.forget_touched();
                let outcome = trial
                    .fix(&board, index, value, &mut agenda)
                    .and_then(|()| trial.propagate(&board, &mut agenda, None));
                agenda.clear();
                outcome.is_ok()
            })
            .expect("some trial succeeds");
        assert_ne!(
            trial.bits, start.bits,
            "supposing {value} at {index} narrows"
        );
        assert!(agenda.touched.len() < board.len());
        let mut whole_copy = trial.clone();
        whole_copy.copy_from(&start);
        trial.copy_touched_from(&start, &agenda.touched);
        assert_eq!(trial, whole_copy);
    }

    #[test]
    fn shaving_says_whether_it_ended_on_its_own_or_was_stopped() {
        let board = half_a_newspaper_board();
        let start = Domains::reduce_with(&board, false, None).unwrap();
        let mut whole = start.clone();
        assert_eq!(whole.shave_within_budget(&board, None), Ok(Shaved::Ended));
        let mut stopped = start.clone();
        let past = Some(Instant::now());
        assert_eq!(
            stopped.shave_within_budget(&board, past),
            Ok(Shaved::Stopped)
        );
        let pairs = |domains: &Domains| domains.summary(&board).pairs;
        assert_eq!(
            pairs(&stopped),
            pairs(&start),
            "stopped before its first trial"
        );
        assert!(pairs(&whole) < pairs(&start));
    }

    #[test]
    fn a_stop_already_past_leaves_the_domains_unshaved() {
        let board = three_top_middle();
        let domains = Domains::reduce_with(&board, true, Some(Instant::now())).unwrap();
        assert_eq!(domains.values(&board, Cell::new(1, 1)), [2, 4, 6]);
    }

    #[test]
    fn a_board_over_the_budget_is_not_shaved() {
        // An empty 20x20: 400 cells of 200 values each, times T = 400, is
        // 32 million.
        let board = Board::empty(20, 20).unwrap();
        let mut domains = Domains::reduce_with(&board, false, None).unwrap();
        assert!(domains.open_pairs() as u64 * domains.total() as u64 > SHAVING_BUDGET);
        let before = domains.clone();
        let shaved = domains.shave_within_budget(&board, None);
        assert_eq!(shaved, Ok(Shaved::Ended), "nothing more will come of it");
        assert_eq!(domains.summary(&board).shaving_passes, 0);
        assert_eq!(domains, before);
    }
}
