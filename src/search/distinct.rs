//! The solutions a search that restarts has found: a run that finds one
//! again must not count it twice.
//!
//! Looking for one or two solutions, the search restarts and keeps them
//! all. Counting up to a limit, a single walk can stay for minutes in a
//! part of the tree with no solution while another tie-break finds
//! thousands at once, so such a count restarts too, and keeps every path
//! it has counted, within [`MOST_BYTES_KEPT`]. A count past that room
//! ends with a walk that counts the paths the restarts did not keep
//! (`count.rs`).

use std::collections::HashSet;

use crate::board::Board;

/// Bytes of all the paths a count keeps, at most (32 MiB).
const MOST_BYTES_KEPT: u64 = 1 << 25;

/// What a kept path costs besides its own bytes, about: its place in the
/// table and its allocation's header.
const BYTES_PER_PATH: u64 = 32;

/// The paths found so far. Each is its first cell in two bytes, then each
/// step in two bits (right, left, down, up: 0 to 3): 38 bytes on 12x12,
/// where the cells themselves would take 288.
pub(super) struct Distinct {
    paths: HashSet<Box<[u8]>>,
    /// The most paths kept: past them, a path not kept is still counted
    /// (by a walk, which never finds one twice) but not kept.
    room: u64,
    /// The paths found new: those kept, and those counted past the room.
    counted: u64,
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
        fits.then(|| Distinct::with_room(board, solutions))
    }

    /// Room for `room` paths of `board` (at most [`Distinct::most_paths`]).
    pub(super) fn with_room(board: &Board, room: u64) -> Distinct {
        Distinct {
            paths: HashSet::new(),
            room: room.min(Distinct::most_paths(board)),
            counted: 0,
            fresh: false,
        }
    }

    /// Is there room to keep `solutions` more paths?
    pub(super) fn has_room_for(&self, solutions: u64) -> bool {
        self.room_left() >= solutions
    }

    /// How many more paths can be kept.
    pub(super) fn room_left(&self) -> u64 {
        self.room - self.paths.len() as u64
    }

    /// How many paths were new when found.
    pub(super) fn counted(&self) -> u64 {
        self.counted
    }

    /// Is the path `cells` (`cells[v - 1]` holds v) new? It is counted if
    /// so, and kept if there is room.
    pub(super) fn first_time(&mut self, cells: &[usize]) -> bool {
        let mut path = vec![0u8; path_bytes(cells.len())];
        path[..2].copy_from_slice(&(cells[0] as u16).to_le_bytes());
        for (step, pair) in cells.windows(2).enumerate() {
            // Two bits: along a column or not, and backwards or not, told
            // without branches (the steps of a path go every way).
            let (from, to) = (pair[0], pair[1]);
            let sideways = to == from + 1 || to + 1 == from;
            let direction = (u8::from(!sideways) << 1) | u8::from(to < from);
            path[2 + step / 4] |= direction << (2 * (step % 4));
        }
        let path = path.into_boxed_slice();
        let new = match self.room_left() {
            0 => !self.paths.contains(&path),
            _ => self.paths.insert(path),
        };
        if !new {
            return false;
        }
        self.counted += 1;
        self.fresh = true;
        true
    }

    /// Counts as a new path for [`Distinct::fresh`], as a path found
    /// before the search ran and come to by it does.
    pub(super) fn refresh(&mut self) {
        self.fresh = true;
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
