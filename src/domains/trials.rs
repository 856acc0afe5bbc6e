//! Shaving's trials (`shaving.rs`): the copy a pair is supposed on, and the
//! pairs of a pass in the order they are tried.

use std::time::Instant;

use super::agenda::Agenda;
use super::nogoods::Nogoods;
use super::Domains;
use crate::board::Board;
use crate::precheck::Contradiction;

/// A copy of the domains to suppose pairs on, with its own agenda.
pub(super) struct Trial {
    pub(super) copy: Domains,
    pub(super) agenda: Agenda,
    /// The copy holds the fixpoint of a trial that succeeded from the
    /// domains as they still are, so it differs from them only in the cells
    /// its agenda lists as touched, and is mended there instead of copied
    /// whole. Whoever changes the domains clears it.
    pub(super) in_step: bool,
}

impl Trial {
    pub(super) fn new(domains: &Domains, board: &Board) -> Trial {
        Trial {
            copy: domains.clone(),
            agenda: Agenda::new(board.len()),
            in_step: false,
        }
    }

    /// Makes the copy `start` with cell `index` holding `value` (the pair
    /// supposed), and propagates: an error if that fails.
    pub(super) fn suppose(
        &mut self,
        start: &Domains,
        board: &Board,
        (index, value): (usize, u32),
        nogoods: Option<&Nogoods>,
    ) -> Result<(), Contradiction> {
        match self.in_step {
            true => self.copy.copy_touched_from(start, &self.agenda.touched),
            false => self.copy.copy_from(start),
        }
        self.agenda.forget_touched();
        let outcome = self
            .copy
            .fix(board, index, value, &mut self.agenda)
            .and_then(|()| self.copy.propagate(board, &mut self.agenda, nogoods));
        self.agenda.clear();
        self.in_step = outcome.is_ok();
        outcome
    }
}

impl Domains {
    /// Makes this a copy of `other` again, where it differs from it only in
    /// the cells `touched` (the rest of their state is small, and copied
    /// whole).
    pub(super) fn copy_touched_from(&mut self, other: &Domains, touched: &[usize]) {
        let words = self.words_per_cell;
        for &index in touched {
            let cell = index * words..(index + 1) * words;
            self.bits[cell.clone()].copy_from_slice(&other.bits[cell]);
        }
        self.holders.copy_from_slice(&other.holders);
        self.holder_xor.copy_from_slice(&other.holder_xor);
        self.fixed.copy_from_slice(&other.fixed);
        self.matched.copy_from_slice(&other.matched);
        self.parity_settled = other.parity_settled;
    }

    /// Is the pair still to be tried this pass: open, held, and not
    /// cleared (fixed by a trial that succeeded)?
    pub(super) fn may_try(&self, (index, value): (usize, u32), cleared: &[u64]) -> bool {
        let at = index * self.words_per_cell + value as usize / 64;
        self.fixed[index] == 0
            && self.contains(index, value)
            && cleared[at] & (1 << (value % 64)) == 0
    }
}

/// What one pass shares between its trials.
pub(super) struct PassRun<'a> {
    pub(super) board: &'a Board,
    pub(super) stop: Option<Instant>,
    pub(super) cursor: Cursor<'a>,
    /// Pairs a trial that succeeded fixed: they cannot fail this pass.
    pub(super) cleared: &'a mut [u64],
    pub(super) nogoods: &'a mut Option<Nogoods>,
    /// Trials taken, and how many of them removed their pair.
    pub(super) tried: usize,
    pub(super) removed: usize,
    /// Where this pass ends shaving if it removes little.
    pub(super) idle: Option<Idle>,
}

impl PassRun<'_> {
    /// Counts a trial taken, that removed its pair or not.
    pub(super) fn took(&mut self, removed: bool) {
        self.tried += 1;
        self.removed += usize::from(removed);
    }

    /// Has the pass gone idle: past its check (or at its `end`) with fewer
    /// than the share asked of its trials removing their pair?
    pub(super) fn gone_idle(&self, end: bool) -> bool {
        self.idle.is_some_and(|idle| {
            (end || self.tried >= idle.after)
                && (self.removed as f64) < idle.least * self.tried as f64
        })
    }
}

/// A first pass that removes little ends shaving: once `after` trials are
/// taken (or at its end) with fewer than `least` of them removing their
/// pair.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Idle {
    pub(super) after: usize,
    pub(super) least: f64,
}

/// How a pass ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum PassEnd {
    Done,
    /// The clock, or a sample's cap.
    Stopped,
    /// It went idle ([`PassRun::gone_idle`]).
    Idle,
}

/// The next pair to try, or why there is none.
pub(super) enum Next {
    Pair((usize, u32)),
    End,
    Stopped,
}

/// The pairs of one pass in order: each open value of each open cell the
/// pass covers, skipping those decided, removed or cleared since. Whether
/// a pair may be tried only ever turns from yes to no within a pass, so a
/// cell's values are listed once, as the pass reaches it.
pub(super) struct Cursor<'a> {
    focus: Option<&'a [bool]>,
    cells: usize,
    /// The next cell to list, and the values of the one before it.
    index: usize,
    values: Vec<u32>,
    at: usize,
    /// The clock stopped the pass: no more pairs.
    stopped: bool,
}

impl<'a> Cursor<'a> {
    /// Over every open cell, or those `focus` marks.
    pub(super) fn new(focus: Option<&'a [bool]>, cells: usize) -> Cursor<'a> {
        Cursor {
            focus,
            cells,
            index: 0,
            values: Vec::new(),
            at: 0,
            stopped: false,
        }
    }

    /// The next pair that may still be tried, as of `domains` and
    /// `cleared`; the clock is looked at once per cell, and once it has
    /// stopped the pass there are no more.
    pub(super) fn next(
        &mut self,
        domains: &Domains,
        cleared: &[u64],
        stop: Option<Instant>,
    ) -> Next {
        loop {
            if self.stopped {
                return Next::Stopped;
            }
            while let Some(&value) = self.values.get(self.at) {
                self.at += 1;
                let pair = (self.index - 1, value);
                if domains.may_try(pair, cleared) {
                    return Next::Pair(pair);
                }
            }
            let index = self.index;
            if index == self.cells {
                return Next::End;
            }
            self.index += 1;
            self.values.clear();
            self.at = 0;
            if domains.fixed[index] != 0 || self.focus.is_some_and(|focus| !focus[index]) {
                continue;
            }
            if stop.is_some_and(|stop| Instant::now() >= stop) {
                self.stopped = true;
                continue;
            }
            self.values.extend(domains.values_at(index));
        }
    }
}
