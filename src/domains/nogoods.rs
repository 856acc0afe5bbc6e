//! Rule 7, learned nogoods: what one shaving trial proves, later trials use.
//!
//! When the trial "cell `c` holds `k`" succeeds but its fixpoint no longer
//! lets cell `d` hold `j`, every solution with `c = k` lies inside that
//! fixpoint, so no solution has both `c = k` and `d = j`. Propagation is not
//! symmetric: a later trial that fixes `d` to `j` need not see on its own that
//! `c` cannot hold `k`. The nogood tells it. (A MIP presolve gets the same
//! effect from the implications and cliques its probing stores; on the
//! sparse 15x15_2 benchmark board this is what decides every cell.)
//!
//! Nogoods stay valid for the rest of the reduction: they were proved over
//! domains at least as wide as any later ones.

use std::sync::atomic::{AtomicU64, Ordering};

use super::agenda::Agenda;
use super::bits::BitIter;
use super::Domains;
use crate::board::Board;
use crate::precheck::Contradiction;

/// Learning is skipped when more pairs than this are open as shaving
/// begins: the table is a bit matrix over the open pairs, 32 MiB at this
/// size. The sparse 30x30 benchmark boards have 9,000-11,300.
pub const NOGOOD_PAIRS_LIMIT: usize = 16_384;

/// Pairs of open (cell, value) pairs that share no solution.
pub(super) struct Nogoods {
    words_per_cell: usize,
    /// The domains when learning began: only these pairs have numbers.
    numbered: Vec<u64>,
    /// Number of the first numbered pair of each word of `numbered`; a
    /// cell's pairs are numbered in value order.
    first: Vec<usize>,
    /// (cell index, value) of each numbered pair.
    pairs: Vec<(usize, u32)>,
    /// Words per row of `excluded`.
    row_words: usize,
    /// Row `q` has bit `p` when pair `p` was proved to exclude pair `q`.
    /// Atomic words, so that two threads can learn at once (`batched.rs`);
    /// no trial reads the table while it is written.
    excluded: Vec<AtomicU64>,
}

impl Nogoods {
    /// An empty table over the open pairs of `domains`, or `None` when there
    /// are more than [`NOGOOD_PAIRS_LIMIT`].
    pub(super) fn over(domains: &Domains) -> Option<Nogoods> {
        let words_per_cell = domains.words_per_cell;
        let mut numbered = vec![0u64; domains.bits.len()];
        let mut first = Vec::with_capacity(domains.bits.len());
        let mut pairs = Vec::new();
        for (index, &held) in domains.fixed.iter().enumerate() {
            let words = index * words_per_cell..(index + 1) * words_per_cell;
            if held == 0 {
                // A decided cell's pair is in every solution: not numbered.
                numbered[words.clone()].copy_from_slice(&domains.bits[words.clone()]);
            }
            for (w, at) in words.enumerate() {
                first.push(pairs.len());
                pairs.extend(BitIter(numbered[at]).map(|bit| (index, (w * 64 + bit) as u32)));
            }
            if pairs.len() > NOGOOD_PAIRS_LIMIT {
                return None;
            }
        }
        let row_words = pairs.len().div_ceil(64);
        Some(Nogoods {
            words_per_cell,
            numbered,
            first,
            excluded: (0..row_words * pairs.len())
                .map(|_| AtomicU64::new(0))
                .collect(),
            pairs,
            row_words,
        })
    }

    /// How many pairs the table numbers.
    pub(super) fn pairs(&self) -> usize {
        self.pairs.len()
    }

    /// The number of pair (cell `index`, `value`), if it has one.
    fn number(&self, index: usize, value: u32) -> Option<usize> {
        let at = index * self.words_per_cell + value as usize / 64;
        let (word, bit) = (self.numbered[at], value % 64);
        if word & (1 << bit) == 0 {
            return None;
        }
        Some(self.first[at] + (word & ((1 << bit) - 1)).count_ones() as usize)
    }

    /// After the trial "cell `index` holds `value`" reached the consistent
    /// `fixpoint` from `start`: every pair it removed is excluded by that
    /// pair. `touched`: the cells where the two differ. Returns how many of
    /// these nogoods are new.
    pub(super) fn learn(
        &self,
        start: &Domains,
        fixpoint: &Domains,
        index: usize,
        value: u32,
        touched: &[usize],
    ) -> usize {
        let Some(cause) = self.number(index, value) else {
            return 0;
        };
        let mut new = 0;
        let (cause_word, cause_bit) = (cause / 64, 1 << (cause % 64));
        for &other in touched {
            if start.fixed[other] != 0 {
                continue; // the trial cannot have removed a decided cell's value
            }
            for w in 0..self.words_per_cell {
                let at = other * self.words_per_cell + w;
                for bit in BitIter(start.bits[at] & !fixpoint.bits[at]) {
                    if let Some(removed) = self.number(other, (w * 64 + bit) as u32) {
                        let row = &self.excluded[removed * self.row_words + cause_word];
                        let before = row.fetch_or(cause_bit, Ordering::Relaxed);
                        new += usize::from(before & cause_bit == 0);
                    }
                }
            }
        }
        new
    }

    /// Cell `index` of `domains` was just fixed: drop every pair its value
    /// excludes.
    pub(super) fn apply(
        &self,
        domains: &mut Domains,
        board: &Board,
        index: usize,
        agenda: &mut Agenda,
    ) -> Result<(), Contradiction> {
        let Some(fixed) = self.number(index, domains.fixed[index]) else {
            return Ok(());
        };
        let row = &self.excluded[fixed * self.row_words..][..self.row_words];
        for (w, word) in row.iter().enumerate() {
            for bit in BitIter(word.load(Ordering::Relaxed)) {
                let (cell, value) = self.pairs[w * 64 + bit];
                if domains.contains(cell, value) {
                    domains.remove(board, cell, value, agenda)?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Cell;

    /// Runs the trial "`cell` holds `value`" on a copy of `start`.
    fn trial(
        board: &Board,
        start: &Domains,
        cell: Cell,
        value: u32,
        nogoods: Option<&Nogoods>,
    ) -> Domains {
        let mut agenda = Agenda::new(board.len());
        let mut copy = start.clone();
        copy.fix(board, board.index(cell), value, &mut agenda)
            .and_then(|()| copy.propagate(board, &mut agenda, nogoods))
            .expect("the trial is consistent");
        copy
    }

    #[test]
    fn a_nogood_learned_from_one_pair_removes_it_when_the_other_is_fixed() {
        // An empty 3x4 board. Supposing (2,1) holds 1 rules out (1,2)
        // holding 5, but supposing (1,2) holds 5 does not, on its own, rule
        // out (2,1) holding 1: the distance between them is 2 either way.
        let board = Board::parse(b",,,\n,,,\n,,,\n").unwrap();
        let start = Domains::reduce_with(&board, false, None).unwrap();
        let (one, five) = (Cell { row: 1, col: 0 }, Cell { row: 0, col: 1 });
        let forward = trial(&board, &start, one, 1, None);
        assert!(!forward.allows(&board, five, 5));
        let reverse = trial(&board, &start, five, 5, None);
        assert!(reverse.allows(&board, one, 1));

        let nogoods = Nogoods::over(&start).unwrap();
        let every_cell: Vec<usize> = (0..board.len()).collect();
        assert!(nogoods.learn(&start, &forward, board.index(one), 1, &every_cell) > 0);
        let reverse = trial(&board, &start, five, 5, Some(&nogoods));
        assert!(!reverse.allows(&board, one, 1));
    }
}
