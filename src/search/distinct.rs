//! The solutions a search that restarts has found: a run that finds one
//! again must not count it twice.
//!
//! Looking for one or two solutions, the search restarts and keeps them
//! all. Counting up to a limit, a single walk can stay for minutes in a
//! part of the tree with no solution while another tie-break finds
//! thousands at once, so such a count restarts too, and keeps every path
//! it has counted, within [`MOST_BYTES_KEPT`].

use std::collections::HashSet;

use crate::board::Board;

/// Bytes of all the paths a count keeps, at most (32 MiB).
const MOST_BYTES_KEPT: u64 = 1 << 25;

/// What a kept path costs besides its own bytes, about: its place in the
/// table and its allocation's header.
const BYTES_PER_PATH: u64 = 32;

/// The paths found so far. Each is its first cell in two bytes, then each
/// step in two bits (right, left, down, up): 38 bytes on 12x12, where the
/// cells themselves would take 288.
pub(super) struct Distinct {
    paths: HashSet<Box<[u8]>>,
    cols: usize,
    /// A new path came since [`Distinct::fresh`] was last asked.
    fresh: bool,
}

impl Distinct {
    /// The most paths of `board` that can be kept (a count to a higher
    /// limit restarts only up to that many, `count.rs`): none if a cell
    /// does not fit in two bytes. 479,349 paths of 12x12, 129,553 of 30x30.
    pub(super) fn most_paths(board: &Board) -> u64 {
        match u16::try_from(board.len() - 1) {
            Ok(_) => MOST_BYTES_KEPT / (path_bytes(board.len()) as u64 + BYTES_PER_PATH),
            Err(_) => 0,
        }
    }

    /// Room for `solutions` paths of `board`, if they fit within
    /// [`MOST_BYTES_KEPT`].
    pub(super) fn for_up_to(board: &Board, solutions: u64) -> Option<Distinct> {
        let fits = solutions <= Distinct::most_paths(board);
        fits.then(|| Distinct {
            paths: HashSet::new(),
            cols: board.cols(),
            fresh: false,
        })
    }

    /// Is the path `cells` (`cells[v - 1]` holds v) new? It is kept if so.
    pub(super) fn first_time(&mut self, cells: &[usize]) -> bool {
        let mut path = vec![0u8; path_bytes(cells.len())];
        path[..2].copy_from_slice(&(cells[0] as u16).to_le_bytes());
        for (step, pair) in cells.windows(2).enumerate() {
            let direction = match pair[1] {
                next if next == pair[0] + 1 => 0,
                next if next + 1 == pair[0] => 1,
                next if next == pair[0] + self.cols => 2,
                _ => 3,
            };
            path[2 + step / 4] |= direction << (2 * (step % 4));
        }
        let new = self.paths.insert(path.into_boxed_slice());
        self.fresh |= new;
        new
    }

    /// Has a new path come since the last time this was asked?
    pub(super) fn fresh(&mut self) -> bool {
        std::mem::take(&mut self.fresh)
    }
}

/// Bytes of a path through `cells` cells: two for its first cell, and two
/// bits for each step.
fn path_bytes(cells: usize) -> usize {
    2 + (cells - 1).div_ceil(4)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::testing::empty;

    #[test]
    fn paths_differing_in_one_step_are_two_and_a_path_found_again_is_one() {
        let board = empty(3, 3);
        let mut distinct = Distinct::for_up_to(&board, 40).unwrap();
        // Two snakes from the corner: by rows, and by columns.
        let by_rows = [0, 1, 2, 5, 4, 3, 6, 7, 8];
        let by_cols = [0, 3, 6, 7, 4, 1, 2, 5, 8];
        assert!(distinct.first_time(&by_rows));
        assert!(distinct.first_time(&by_cols));
        assert!(!distinct.first_time(&by_rows));
        let reversed: Vec<usize> = by_rows.iter().rev().copied().collect();
        assert!(distinct.first_time(&reversed));
    }
}
