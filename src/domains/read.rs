//! Reading the domains: what a cell may hold, the values decided, and the
//! summary a report gives. The rules read through the same primitives.

use super::bits::BitIter;
use super::Domains;
use crate::board::{Board, Cell};

/// What the reduction did, in numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct ReductionSummary {
    /// (cell, value) pairs left, out of T * T.
    pub pairs: usize,
    /// Cells whose value is decided (clues included).
    pub fixed_cells: usize,
    /// Neighbour-support checks of single cells (rule 3), not counting
    /// shaving trials.
    pub support_checks: usize,
    /// Shaving passes (rule 6); 0 when the board was over the budget.
    pub shaving_passes: usize,
    /// Pairs of pairs that shaving proved cannot share a solution (rule 7);
    /// 0 without shaving or over [`NOGOOD_PAIRS_LIMIT`](super::NOGOOD_PAIRS_LIMIT).
    pub nogoods: usize,
    /// The time limit stopped rules 1-5 short of their fixpoint: the pairs
    /// left are sound, but more would have gone.
    pub stopped: bool,
}

impl Domains {
    /// Rules 1-5 gave up at their time limit ([`Domains::reduce_until`]).
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// The values cell `index` may hold, as bits (bit k: value k).
    pub(crate) fn words(&self, index: usize) -> &[u64] {
        &self.bits[index * self.words_per_cell..(index + 1) * self.words_per_cell]
    }

    pub(super) fn count_at(&self, index: usize) -> usize {
        self.words(index)
            .iter()
            .map(|word| word.count_ones() as usize)
            .sum()
    }

    pub(super) fn contains(&self, index: usize, value: u32) -> bool {
        value >= 1
            && value <= self.total
            && self.words(index)[value as usize / 64] & (1 << (value % 64)) != 0
    }

    pub(super) fn single(&self, index: usize) -> Option<u32> {
        match self.count_to_two(index) {
            (1, value) => Some(value),
            _ => None,
        }
    }

    /// How many values cell `index` has, counted no further than the word
    /// where a second one shows, and its value when it has one: empty, one
    /// value or more in one look at its words (rule 4 asks this of every
    /// cell that changes).
    pub(super) fn count_to_two(&self, index: usize) -> (u32, u32) {
        let mut count = 0;
        let mut value = 0;
        for (w, &word) in self.words(index).iter().enumerate() {
            if word != 0 {
                count += word.count_ones();
                value = (w * 64) as u32 + word.trailing_zeros();
                if count > 1 {
                    break;
                }
            }
        }
        (count, value)
    }

    pub(super) fn values_at(&self, index: usize) -> impl Iterator<Item = u32> + '_ {
        self.words(index)
            .iter()
            .enumerate()
            .flat_map(|(w, &word)| BitIter(word).map(move |bit| (w * 64 + bit) as u32))
    }

    /// Every cell's value, when the reduction decided them all (row-major).
    pub fn decided_values(&self) -> Option<Vec<u32>> {
        (0..self.fixed.len())
            .map(|index| self.single(index))
            .collect()
    }

    /// T, the largest value.
    pub fn total(&self) -> u32 {
        self.total
    }

    /// Can `cell` hold `value`?
    pub fn allows(&self, board: &Board, cell: Cell, value: u32) -> bool {
        self.contains(board.index(cell), value)
    }

    /// The values `cell` can hold, ascending.
    pub fn values(&self, board: &Board, cell: Cell) -> Vec<u32> {
        self.values_at(board.index(cell)).collect()
    }

    /// The value of `cell` if only one is left.
    pub fn fixed(&self, board: &Board, cell: Cell) -> Option<u32> {
        self.single(board.index(cell))
    }

    /// Smallest and largest value `cell` can hold.
    pub fn range(&self, board: &Board, cell: Cell) -> (u32, u32) {
        let mut values = self.values_at(board.index(cell));
        let low = values.next().unwrap_or(0);
        (low, values.last().unwrap_or(low))
    }

    /// Number of values `cell` can hold.
    pub fn size(&self, board: &Board, cell: Cell) -> usize {
        self.count_at(board.index(cell))
    }

    pub fn summary(&self, board: &Board) -> ReductionSummary {
        ReductionSummary {
            pairs: self
                .bits
                .iter()
                .map(|word| word.count_ones() as usize)
                .sum(),
            fixed_cells: (0..board.len())
                .filter(|&index| self.single(index).is_some())
                .count(),
            support_checks: self.support_checks,
            shaving_passes: self.shaving_passes,
            nogoods: self.nogoods,
            stopped: self.stopped,
        }
    }
}
