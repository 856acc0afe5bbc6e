//! The boards with many solutions that `search_bench` times and
//! `search_probe` looks inside, made in one place so that both measure the
//! same boards.

use numbrix::generate::Puzzle;
use numbrix::Board;

/// `percent` % of the cells of a random path on a side x side board kept
/// as clues (at least 2; seed side x 100 + percent), with its name.
pub fn scattered_clues(side: usize, percent: usize) -> (String, Board) {
    let clues = (side * side * percent / 100).max(2);
    let puzzle = Puzzle::generate(side, side, clues, side as u64 * 100 + percent as u64);
    let name = format!("{side}x{side}, {clues} clues ({percent} %)");
    (name, puzzle.board)
}

/// The example board `name` (under examples/boards/) with every second
/// clue, in reading order, removed, with its name.
pub fn half_clues(name: &str) -> (String, Board) {
    let path = format!("examples/boards/{name}.csv");
    let board = Board::read(path.as_ref()).expect("the example board reads");
    let mut kept = board.clone();
    for (position, (cell, _)) in board.clues().enumerate() {
        if position % 2 == 1 {
            kept = kept.with_clue(cell, None).expect("a clue can go");
        }
    }
    (format!("{name}, half its clues"), kept)
}
