//! The reduction: for each cell, the set of values it can still hold.
//!
//! Every formulation is built over these domains when `--reduce` is on (the
//! default). Every rule below removes only values that no solution uses, so
//! the reduced model has exactly the solutions of the faithful one:
//!
//! 1. **Distance and parity to a fixed cell.** If cell `d` holds `v`, then cell
//!    `c` can hold `k` only if `dist(c, d) <= |k - v|` with the same parity
//!    (the path needs `dist` steps and alternates colours). (`distance.rs`)
//! 2. **Colour count.** When T is odd, odd values fill the corner colour.
//!    (`colour.rs`)
//! 3. **Neighbour support.** `k` stays in `c` only if a neighbour can hold
//!    `k - 1` and another neighbour can hold `k + 1` (1 needs only the
//!    successor, T only the predecessor). (`support.rs`)
//! 4. **Singletons.** A cell with one value left, or a value with one cell
//!    left, is fixed and acts as a clue (rule 1 runs again from it). (Here:
//!    it is no separate routine but part of the primitives every rule narrows
//!    through: `changed`, `narrow_word` and the `lonely` branch of
//!    `propagate`.)
//! 5. **All different.** Each value sits in exactly one cell, so the (cell,
//!    value) pairs must hold a perfect matching of cells to values; a pair
//!    that lies in no perfect matching goes (Régin's filter: find one
//!    matching, then keep a pair only if its cell and the cell matched to
//!    its value share a strongly connected component of the alternating
//!    graph). (`all_different.rs`, with `components.rs`)
//! 6. **Shaving.** Suppose a cell holds a value and run rules 1, 3-5 and 7
//!    on a copy; if a domain empties, the value goes. Passes repeat until one
//!    removes nothing; the first leaves rule 5 out, for speed (shaving is
//!    skipped on boards over [`SHAVING_BUDGET`]). (`shaving.rs`; the trial
//!    copy and the order of a pass's pairs in `trials.rs`; eight trials at a
//!    time, on two cores where there are two, in `batched.rs`; on some
//!    pairs only, for the generator's questions, in `probe.rs`)
//! 7. **Learned nogoods.** A shaving trial "c holds k" that succeeds but
//!    removes "d holds j" proves that no solution has both; whenever
//!    propagation later fixes d to j, c loses k (`nogoods.rs`; skipped with
//!    more than [`NOGOOD_PAIRS_LIMIT`] open pairs).
//! 8. **Deep shaving.** Suppose a cell holds a value and shave a copy
//!    (rules 1, 3-7); if a domain empties, the value goes. Not part of the
//!    reduction a model is built from: `solve` runs it where shaving has
//!    left a tight board undecided (`deep_shaving.rs`).
//!
//! Rules 1, 3-5 and 7 run from a work list to their common fixpoint. An
//! empty domain proves the board infeasible.
//!
//! Beside the rules, `branching.rs` searches over them: it decides one
//! cell, propagates rules 1, 3-5, and recurses ([`Domains::branch`]); on a
//! small board it settles in a few hundred propagations what shaving's
//! passes take thousands for.
//!
//! This file holds the domains, the driver (`reduce_with`, `propagate`)
//! and the narrowing primitives all rules share (`fix`, `remove`,
//! `keep_only`, `narrow_word`, `changed`); `read.rs` what callers and rules
//! read off them (`allows`, `fixed`, `summary`, ...); each rule has its own
//! file, the work list its own (`agenda.rs`), and `bits.rs` the bit helpers.

use std::time::Instant;

use crate::board::{Board, Cell};
use crate::precheck::Contradiction;

mod agenda;
mod all_different;
mod batched;
mod bits;
mod branching;
mod claims;
pub use branching::{BranchLimits, Branched};
mod colour;
mod components;
mod deep_shaving;
mod distance;
mod matching;
mod nogoods;
mod probe;
mod read;
mod shaving;
mod support;
#[cfg(test)]
mod test_boards;
mod trials;

use crate::clock::Clock;
use agenda::{Agenda, STEPS_PER_CLOCK_READING};
pub(crate) use bits::BitIter;
use nogoods::Nogoods;
pub use nogoods::NOGOOD_PAIRS_LIMIT;
pub use read::ReductionSummary;
pub use shaving::{Shaved, SHAVING_BUDGET};

/// Per-cell value sets, as bitsets: bit `k` of a cell's words is value `k`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Domains {
    total: u32,
    words_per_cell: usize,
    bits: Vec<u64>,
    /// `holders[k]`: how many cells can still hold `k`.
    holders: Vec<u32>,
    /// `holder_xor[k]`: the indices of the cells that can still hold `k`,
    /// XORed together. Once one cell is left it is that cell, found without
    /// a scan of the board (rule 4 asks for it often while shaving).
    holder_xor: Vec<u32>,
    /// `fixed[cell]`: the value of a decided cell, 0 while it is open.
    fixed: Vec<u32>,
    /// `matched[cell]`: its value in the last perfect matching rule 5 found
    /// (0 before the first), the warm start of the next one.
    matched: Vec<u32>,
    /// Rule 1 has run from some fixed cell, so every domain already keeps a
    /// single parity and later rings only need the words near their value.
    parity_settled: bool,
    /// Neighbour-support checks of single cells (not counting shaving trials).
    support_checks: usize,
    /// How many shaving passes ran (0 when the board was over the budget).
    shaving_passes: usize,
    /// Nogoods shaving learned (rule 7).
    nogoods: usize,
    /// Rules 1-5 gave up at a time limit ([`Domains::reduce_until`]).
    stopped: bool,
}

/// How far a reduction goes, cheapest first: each adds rules to the one
/// before. The first that decides a board is its difficulty level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rules {
    /// Rules 1, 2 and 4: distance and parity to fixed cells, the colour
    /// count, singletons.
    Distance,
    /// And rule 3, neighbour support.
    Support,
    /// And rule 5, all different.
    AllDifferent,
    /// And rules 6 and 7, shaving and its nogoods (within [`SHAVING_BUDGET`]).
    Shaving,
}

impl Domains {
    /// Reduces the domains of a board to the fixpoint of the rules above,
    /// then shaves them (rule 6) when the board is within [`SHAVING_BUDGET`].
    pub fn reduce(board: &Board) -> Result<Domains, Contradiction> {
        Domains::reduce_with(board, true, None)
    }

    /// As [`Domains::reduce`]; `shave: false` stops after rules 1-5, and
    /// shaving stops early at `stop` (what it removed so far stays removed:
    /// every removal is sound on its own).
    pub fn reduce_with(
        board: &Board,
        shave: bool,
        stop: Option<Instant>,
    ) -> Result<Domains, Contradiction> {
        let rules = if shave {
            Rules::Shaving
        } else {
            Rules::AllDifferent
        };
        Domains::reduce_by(board, rules, &[], stop)
    }

    /// The fixpoint of the `rules` named (and those before them), on the
    /// board with the `excluded` (cell, value) pairs taken out first: "is
    /// there a solution with cell c not holding v?" is this with one pair.
    /// Shaving keeps to [`SHAVING_BUDGET`] and stops at `stop`.
    pub fn reduce_by(
        board: &Board,
        rules: Rules,
        excluded: &[(Cell, u32)],
        stop: Option<Instant>,
    ) -> Result<Domains, Contradiction> {
        Domains::reduce_within(board, rules, excluded, stop, None)
    }

    /// Rules 1-5, as `reduce_with(board, false, None)`, given up at `stop`
    /// (the solve's time limit): then [`Domains::stopped`] is true, and the
    /// domains are sound (every removal is) but short of the rules'
    /// fixpoint. On the largest boards the rules take a quarter of a second
    /// and more, which a time limit should not have to wait for.
    pub fn reduce_until(board: &Board, stop: Option<Instant>) -> Result<Domains, Contradiction> {
        Domains::reduce_within(board, Rules::AllDifferent, &[], None, stop)
    }

    /// [`Domains::reduce_by`], with shaving given up at `shaving_stop` and
    /// rules 1-5 at `rules_stop`.
    fn reduce_within(
        board: &Board,
        rules: Rules,
        excluded: &[(Cell, u32)],
        shaving_stop: Option<Instant>,
        rules_stop: Option<Instant>,
    ) -> Result<Domains, Contradiction> {
        let mut domains = Domains::all_values(board);
        let mut agenda = Agenda::new(board.len());
        agenda.clock = Clock::until(rules_stop, STEPS_PER_CLOCK_READING);
        agenda.neighbour_support = rules >= Rules::Support;
        agenda.all_different = rules >= Rules::AllDifferent;
        domains.colour(board, &mut agenda)?;
        for (cell, value) in board.clues() {
            let index = board.index(cell);
            if !domains.contains(index, value) {
                return Err(Contradiction::NoValueFor { cell });
            }
            domains.fix(board, index, value, &mut agenda)?;
        }
        for &(cell, value) in excluded {
            domains.remove(board, board.index(cell), value, &mut agenda)?;
        }
        for index in 0..board.len() {
            agenda.check_support(index);
        }
        if agenda.clock.set() {
            domains.propagate_timed::<true>(board, &mut agenda, None)?;
        } else {
            domains.propagate(board, &mut agenda, None)?;
        }
        domains.stopped = agenda.clock.stopped();
        if rules >= Rules::Shaving && !domains.stopped {
            domains.shave_within_budget(board, shaving_stop)?;
        }
        Ok(domains)
    }

    /// Rules 6 and 7 on domains already at the fixpoint of rules 1-5 (from
    /// `reduce_with(board, false, _)`), when the board is within
    /// [`SHAVING_BUDGET`]: the pipeline lets the search try first, and
    /// shaves only what it left.
    pub fn shave_within_budget(
        &mut self,
        board: &Board,
        stop: Option<Instant>,
    ) -> Result<Shaved, Contradiction> {
        if !self.within_shaving_budget() {
            return Ok(Shaved::Ended);
        }
        self.shave(board, stop)
    }

    /// (open pairs) x T is within [`SHAVING_BUDGET`]: the board is shaved.
    pub fn within_shaving_budget(&self) -> bool {
        (self.open_pairs() as u64) * (self.total as u64) <= SHAVING_BUDGET
    }

    /// Rules 1, 3, 4 and 5 (unless the agenda leaves it out), and 7 with
    /// `nogoods`, until the agenda is empty and rule 5 removes nothing.
    fn propagate(
        &mut self,
        board: &Board,
        agenda: &mut Agenda,
        nogoods: Option<&Nogoods>,
    ) -> Result<(), Contradiction> {
        self.propagate_timed::<false>(board, agenda, nogoods)
    }

    /// [`Domains::propagate`], which gives up at the agenda's `stop` when
    /// `TIMED`: a reduction's own run reads the clock, shaving's trials
    /// (most of the calls) do not pay for it.
    fn propagate_timed<const TIMED: bool>(
        &mut self,
        board: &Board,
        agenda: &mut Agenda,
        nogoods: Option<&Nogoods>,
    ) -> Result<(), Contradiction> {
        loop {
            if TIMED && agenda.clock.out_of_time() {
                return Ok(());
            }
            if let Some(index) = agenda.fixed.pop() {
                self.distance_from(board, index, agenda)?;
                if let Some(nogoods) = nogoods {
                    nogoods.apply(self, board, index, agenda)?;
                }
            } else if let Some(value) = agenda.lonely.pop() {
                // Rule 4 has no file of its own: a value left with one holder
                // is queued by `narrow_word` and fixed here; a cell left with
                // one value is fixed in `changed`.
                if self.holders[value as usize] == 1 {
                    let index = self.holder_xor[value as usize] as usize;
                    debug_assert!(self.contains(index, value), "the last holder");
                    if self.fixed[index] == 0 {
                        self.fix(board, index, value, agenda)?;
                    }
                }
            } else if let Some(index) = agenda.next_support() {
                self.support_checks += 1;
                self.support(board, index, agenda)?;
            } else if !(agenda.all_different && self.all_different(board, agenda)?) {
                return Ok(());
            }
        }
    }

    /// Makes this a copy of `other` (same board), reusing the buffers.
    fn copy_from(&mut self, other: &Domains) {
        self.bits.copy_from_slice(&other.bits);
        self.holders.copy_from_slice(&other.holders);
        self.holder_xor.copy_from_slice(&other.holder_xor);
        self.fixed.copy_from_slice(&other.fixed);
        self.matched.copy_from_slice(&other.matched);
        self.parity_settled = other.parity_settled;
    }

    /// Fixes an open cell to one of its values.
    fn fix(
        &mut self,
        board: &Board,
        index: usize,
        value: u32,
        agenda: &mut Agenda,
    ) -> Result<(), Contradiction> {
        let words = 0..self.words_per_cell;
        self.keep_only(board, index, words, agenda, |w| {
            if w == value as usize / 64 {
                1 << (value % 64)
            } else {
                0
            }
        })
    }

    /// Removes one value from a cell.
    fn remove(
        &mut self,
        board: &Board,
        index: usize,
        value: u32,
        agenda: &mut Agenda,
    ) -> Result<(), Contradiction> {
        let w = value as usize / 64;
        self.keep_only(board, index, w..w + 1, agenda, |_| !(1 << (value % 64)))
    }

    /// Keeps, in each word `w` of cell `index` in `words`, only the values in
    /// `mask(w)`; if any went, reports the cell as [`Domains::changed`].
    fn keep_only(
        &mut self,
        board: &Board,
        index: usize,
        words: std::ops::Range<usize>,
        agenda: &mut Agenda,
        mask: impl Fn(usize) -> u64,
    ) -> Result<(), Contradiction> {
        let mut changed = false;
        for w in words {
            let word = self.bits[index * self.words_per_cell + w] & mask(w);
            changed |= self.narrow_word(index, w, word, &mut agenda.lonely)?;
        }
        if changed {
            self.changed(board, index, agenda)?;
        }
        Ok(())
    }

    /// Replaces word `w` of a cell by `word`, a subset of it, and counts the
    /// holders of the values it drops. True if anything was dropped; the
    /// caller then reports the cell as [`Domains::changed`].
    #[inline]
    fn narrow_word(
        &mut self,
        index: usize,
        w: usize,
        word: u64,
        lonely: &mut Vec<u32>,
    ) -> Result<bool, Contradiction> {
        let at = index * self.words_per_cell + w;
        let dropped = self.bits[at] & !word;
        if dropped == 0 {
            return Ok(false);
        }
        self.bits[at] = word;
        for bit in BitIter(dropped) {
            let value = (w * 64 + bit) as u32;
            self.holder_xor[value as usize] ^= index as u32;
            let holders = &mut self.holders[value as usize];
            *holders -= 1;
            match *holders {
                0 => return Err(Contradiction::NoCellFor { value }),
                1 => lonely.push(value),
                _ => {}
            }
        }
        Ok(true)
    }

    /// After a cell lost values: an empty cell is a contradiction, a cell
    /// with one value is fixed (rule 4), and its neighbours' support must be
    /// checked again (rule 3).
    fn changed(
        &mut self,
        board: &Board,
        index: usize,
        agenda: &mut Agenda,
    ) -> Result<(), Contradiction> {
        agenda.touch(index);
        match self.count_to_two(index) {
            (0, _) => {
                return Err(Contradiction::NoValueFor {
                    cell: board.cell(index),
                })
            }
            (1, value) if self.fixed[index] == 0 => {
                self.fixed[index] = value;
                agenda.fixed.push(index);
            }
            _ => {}
        }
        for neighbour in board.neighbour_indices(index) {
            agenda.check_support(neighbour);
        }
        Ok(())
    }

    /// (cell, value) pairs of undecided cells.
    fn open_pairs(&self) -> usize {
        (0..self.fixed.len())
            .filter(|&index| self.fixed[index] == 0)
            .map(|index| self.count_at(index))
            .sum()
    }

    fn all_values(board: &Board) -> Domains {
        let total = board.total();
        let words_per_cell = (total as usize + 1).div_ceil(64);
        let mut row = vec![0u64; words_per_cell];
        for value in 1..=total as usize {
            row[value / 64] |= 1 << (value % 64);
        }
        let mut bits = Vec::with_capacity(words_per_cell * board.len());
        for _ in 0..board.len() {
            bits.extend_from_slice(&row);
        }
        let mut holders = vec![board.len() as u32; total as usize + 1];
        holders[0] = 0;
        let every_index = (0..board.len() as u32).fold(0, |xor, index| xor ^ index);
        let mut holder_xor = vec![every_index; total as usize + 1];
        holder_xor[0] = 0;
        Domains {
            total,
            words_per_cell,
            bits,
            holders,
            holder_xor,
            fixed: vec![0; board.len()],
            matched: vec![0; board.len()],
            parity_settled: false,
            support_checks: 0,
            shaving_passes: 0,
            nogoods: 0,
            stopped: false,
        }
    }
}

/// Rule 4, singletons, which lives in the driver and the primitives above.
#[cfg(test)]
mod tests;
