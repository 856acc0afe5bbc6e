//! Helpers the search's unit tests share: boards, and the walk's count to
//! hold another engine's count against.

use super::{search, Limits};
use crate::board::Board;

/// An empty board of `rows` x `cols` cells.
pub(super) fn empty(rows: usize, cols: usize) -> Board {
    Board::empty(rows, cols).unwrap()
}

/// The walk's count (or the fill's, with clues) of every solution.
pub(super) fn walked(board: &Board) -> u64 {
    let outcome = search(board, None, &Limits::ALL, &mut |_| {});
    assert!(outcome.complete);
    outcome.count
}
