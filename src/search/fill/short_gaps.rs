//! The short gaps, walked out: a gap of a few open values between two
//! placed ones must still have a way through the free cells.
//!
//! The region and reach tests count cells; they cannot see that the few
//! cells a short gap could take have been cut into a shape it cannot walk.
//! The fill then learns it only when it comes to that gap, after every
//! decision since the one that blocked it, and goes back over all of them
//! one by one: on a large board one blocked gap between two clues holds the
//! whole search. A short gap has few ways through, so one is looked for
//! whenever a placement lands where the gap might pass.

use super::Fill;

/// Gaps of at most this many open values are walked out.
pub(super) const SHORT: u32 = 8;

impl Fill<'_> {
    /// Is there a path of free cells, each allowed its value, from `low`
    /// (holding `low_value`) to `high` (holding `high_value`)?
    pub(super) fn short_gap_walks(
        &self,
        (low, low_value): (usize, u32),
        (high, high_value): (usize, u32),
    ) -> bool {
        let mut visited = [usize::MAX; SHORT as usize];
        self.walk_on(low, low_value, (high, high_value), &mut visited, 0)
    }

    fn walk_on(
        &self,
        at: usize,
        value: u32,
        (high, high_value): (usize, u32),
        visited: &mut [usize; SHORT as usize],
        depth: usize,
    ) -> bool {
        let next = value + 1;
        if next == high_value {
            return self.grid.neighbours(at).contains(&high);
        }
        for &cell in self.grid.neighbours(at) {
            if self.value[cell] == 0
                && !visited[..depth].contains(&cell)
                && self.grid.allows(cell, next)
                && self.distance(cell, high) <= high_value - next
            {
                visited[depth] = cell;
                if self.walk_on(cell, next, (high, high_value), visited, depth + 1) {
                    return true;
                }
            }
        }
        false
    }
}
