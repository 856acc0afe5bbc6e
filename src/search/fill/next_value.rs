//! The choice of the next open value at each node: the one with the
//! fewest cells (fail-first), ties broken by the most failures met there
//! (`weights.rs`), the least slack in its gap, then the seed; but where
//! that value has two cells or more, the last conflict, if one waits
//! (`last_conflict.rs`). Its cells are tried fewest free neighbours first,
//! but the cell a repair took it back from last (`repair.rs`).

use std::cmp::Reverse;

use super::regions::Gap;
use super::{Fill, Frame};
use crate::scramble::scramble;

/// What the choice of value compares, in order: the fewest cells, the
/// most failures met, the least slack, the seed's order. The scan reads the
/// later keys only where the earlier ones tie.
struct Rank {
    count: u8,
    weight: u32,
    slack: u32,
    order: u64,
}

impl Rank {
    /// Does this rank's value go before `other`'s?
    fn before(&self, other: &Rank) -> bool {
        (self.count, Reverse(self.weight), self.slack, self.order)
            < (other.count, Reverse(other.weight), other.slack, other.order)
    }
}

impl Fill<'_> {
    /// The open value with the fewest cells (ties broken by the most failures
    /// met there, the least slack, then the seed), its cells ordered fewest
    /// free neighbours first, the cell a repair took it back from last;
    /// None if all are placed.
    pub(super) fn frame(&mut self) -> Option<Frame> {
        // The best value so far (0 for none yet), whether its cells are
        // the narrowed ones, and its rank: any count of cells comes first.
        let (mut value, mut narrowed) = (0, false);
        let mut best = Rank {
            count: u8::MAX,
            weight: 0,
            slack: u32::MAX,
            order: u64::MAX,
        };
        let gaps = std::mem::take(&mut self.gaps);
        'gaps: for gap in &gaps {
            // Read only where a value of this gap may still be chosen.
            let mut slack = None;
            let mut ends = [0; 2];
            let mut open = 0;
            if gap.low.is_some() {
                ends[0] = gap.first;
                open = 1;
            }
            if gap.high.is_some() {
                let below_high = gap.first + gap.length - 1;
                if open == 0 || below_high != ends[0] {
                    ends[open] = below_high;
                    open += 1;
                }
            }
            for &end in &ends[..open] {
                let (count, fewer_cells) = self.cells_to_rank(end, best.count);
                if count > best.count {
                    continue;
                }
                let weight = self.weights.of(end);
                if count == best.count && weight < best.weight {
                    continue;
                }
                let rank = Rank {
                    count,
                    weight,
                    slack: *slack.get_or_insert_with(|| self.slack(gap)),
                    order: scramble(end as usize, self.seed),
                };
                if rank.before(&best) {
                    (value, narrowed, best) = (end, fewer_cells, rank);
                    if count == 0 {
                        break 'gaps;
                    }
                }
            }
        }
        self.gaps = gaps;
        if value == 0 {
            return None;
        }
        // The last conflict goes before any real choice (`last_conflict.rs`).
        if let Some(conflict) = self.waiting_conflict().filter(|_| best.count >= 2) {
            value = conflict;
            narrowed = self.cells_to_rank(conflict, best.count).1;
        }
        let (mut candidates, count) = match narrowed {
            true => self
                .narrowed_cells_of(value)
                .expect("the narrowed cells just counted"),
            false => self.cells_of(value),
        };
        let seed = self.seed;
        let taken_back_from = self.taken_back_from[value as usize];
        candidates[..count as usize].sort_by_key(|&cell| {
            let key = (self.free_degree[cell], scramble(cell, seed));
            (cell == taken_back_from, key)
        });
        Some(Frame {
            value,
            candidates,
            count,
            next: 0,
        })
    }

    /// The count of open value `value`'s cells, and whether it is of its
    /// cells narrowed by needy cells: those are looked at only where they
    /// could change the choice against a best value of `best` cells (both
    /// counts 2 or more).
    #[inline(always)]
    fn cells_to_rank(&mut self, value: u32, best: u8) -> (u8, bool) {
        let count = self.count_of(value);
        if count >= 2 && best >= 2 {
            if let Some(fewer) = self.narrowed_count_of(value) {
                return (fewer, true);
            }
        }
        (count, false)
    }

    /// Spare steps in `gap`: its length less the distance between its ends
    /// (large for a tail, which has one end).
    fn slack(&self, gap: &Gap) -> u32 {
        match (gap.low, gap.high) {
            (Some(low), Some(high)) => (gap.length + 1).saturating_sub(self.distance(low, high)),
            _ => u32::MAX / 2,
        }
    }
}
