//! The boards with many solutions that `search_bench` times and
//! `search_probe` looks inside, made in one place so that both measure the
//! same boards.

use numbrix::generate::Puzzle;
use numbrix::search::Searches;
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
    (format!("{name}, half its clues"), half_of(name, 1))
}

/// The example board `name` without the clues whose place in reading order
/// has parity `removed` (1: the second, fourth, ...; 0: the first, third, ...).
fn half_of(name: &str, removed: usize) -> Board {
    let path = format!("examples/boards/{name}.csv");
    let board = Board::read(path.as_ref()).expect("the example board reads");
    let mut kept = board.clone();
    for (position, (cell, _)) in board.clues().enumerate() {
        if position % 2 == removed {
            kept = kept.with_clue(cell, None).expect("a clue can go");
        }
    }
    kept
}

/// A wider sample than the benchmark's rows, so that a change to the
/// search is not judged on a few lucky or unlucky boards: 4 random paths
/// for each size and share of clues from 12x12 to 20x20 (seeds apart from
/// the benchmark's), and both halves of each unique scale board up to
/// 20x20. 48 boards.
#[allow(dead_code)] // search_probe's, not search_bench's
pub fn spread() -> Vec<(String, Board)> {
    let mut boards = Vec::new();
    let shares = [
        (12, 3),
        (12, 5),
        (12, 10),
        (15, 3),
        (15, 5),
        (15, 10),
        (20, 5),
        (20, 10),
    ];
    for (side, percent) in shares {
        for sample in 1..=4u64 {
            let clues = (side * side * percent / 100).max(2);
            let seed = 7_000 + sample * 1000 + side as u64 * 10 + percent as u64;
            let puzzle = Puzzle::generate(side, side, clues, seed);
            let name = format!("{side}x{side}, {percent} %, path {sample}");
            boards.push((name, puzzle.board));
        }
    }
    for name in [
        "09x09_1", "09x09_2", "12x12_1", "12x12_2", "15x15_1", "15x15_2", "20x20_1", "20x20_2",
    ] {
        for (removed, half) in [(1, "half its clues"), (0, "the other half")] {
            let board = half_of(&format!("scale/{name}"), removed);
            boards.push((format!("{name}, {half}"), board));
        }
    }
    boards
}

/// Large boards with few clues, where the fill alone thrashes and the
/// local search (`stretch`) takes turns with it: 4 random paths for each
/// of 20x20, 25x25 and 30x30 with 3 % and with 5 % of their cells as clues
/// (seeds apart from the benchmark's). 24 boards.
#[allow(dead_code)] // search_probe's, not search_bench's
pub fn large() -> Vec<(String, Board)> {
    large_with(&[3, 5], 9_000)
}

/// Large boards with their clues closer together: 4 random paths for each
/// of 20x20, 25x25 and 30x30 with 8 % and with 10 % of their cells as
/// clues, too close for the local search (fewer than 16 values per clue
/// above 20x20), too many gaps for the fill to get right at once. 24
/// boards.
#[allow(dead_code)] // search_probe's, not search_bench's
pub fn dense() -> Vec<(String, Board)> {
    large_with(&[8, 10], 20_000)
}

/// The 30x30 boards where the search misses its targets: six random paths
/// with 63, 72 and 90 clues (7, 8 and 10 %; `generate_board 30 30 C S`, S
/// 7001-7006), and `search_bench`'s board with 90 clues (S 3010). 19
/// boards.
#[allow(dead_code)] // search_probe's, not search_bench's
pub fn firsts() -> Vec<(String, Board)> {
    let mut boards = Vec::new();
    for clues in [63, 72, 90] {
        for seed in 7001..=7006 {
            let puzzle = Puzzle::generate(30, 30, clues, seed);
            boards.push((format!("30x30, {clues} clues, path {seed}"), puzzle.board));
        }
    }
    let puzzle = Puzzle::generate(30, 30, 90, 3010);
    boards.push(("30x30, 90 clues, path 3010".to_string(), puzzle.board));
    boards
}

/// A board of a timed sample, with the seeds it is run at.
#[allow(dead_code)] // search_probe's, not search_bench's
pub struct Sampled {
    pub name: String,
    pub board: Board,
    pub seeds: u64,
}

/// `generate_board rows cols clues seed`, named by those numbers, to be
/// run at `seeds` seeds.
fn sampled(rows: usize, cols: usize, clues: usize, seed: u64, seeds: u64) -> Sampled {
    Sampled {
        name: format!("{rows}x{cols}, {clues} clues, path {seed}"),
        board: Puzzle::generate(rows, cols, clues, seed).board,
        seeds,
    }
}

/// Boards above 20x20 whose clues lie 16-24 values apart, where the local
/// search takes turns with the fill, ends its runs far from a solution
/// early and retires: 44 boards of 25x25-30x30 with 4-6 % clues, 144 runs.
/// Twelve 30x30 paths with 5 and 6 % (S 7001-7006) and sixteen of 25x25
/// and 30x30 (S 8001-8004) at seeds 0-3, sixteen more of 25x25-30x30 (S
/// 9001-9004) at seeds 0 and 1.
#[allow(dead_code)] // search_probe's, not search_bench's
pub fn close() -> Vec<Sampled> {
    let mut boards = Vec::new();
    for seed in 7001..=7006 {
        for clues in [45, 54] {
            boards.push(sampled(30, 30, clues, seed, 4));
        }
    }
    for seed in 8001..=8004 {
        for (side, clues) in [(25, 31), (25, 37), (30, 45), (30, 54)] {
            boards.push(sampled(side, side, clues, seed, 4));
        }
    }
    for seed in 9001..=9004 {
        for (side, clues) in [(25, 34), (28, 42), (30, 40), (30, 50)] {
            boards.push(sampled(side, side, clues, seed, 2));
        }
    }
    boards
}

/// 30x30 boards by their share of clues: four random paths (S 9401-9404)
/// with each of 3, 4, ... 10 % of the cells as clues (27-90 clues), at
/// seeds 0 and 1. 32 boards, 64 runs.
#[allow(dead_code)] // search_probe's, not search_bench's
pub fn shares() -> Vec<Sampled> {
    let mut boards = Vec::new();
    for percent in 3..=10 {
        for seed in 9401..=9404 {
            boards.push(sampled(30, 30, 900 * percent / 100, seed, 2));
        }
    }
    boards
}

/// Boards above 20x20 whose clues lie 13-16 values apart (about 7 %),
/// where the local search joins the fill once the fill has spent 1,024
/// nodes per cell without a first solution: twenty 30x30 paths with 63
/// clues and twenty 25x25 paths with 44 (S 9601-9620), at seeds 0 and 1.
/// 40 boards, 80 runs.
#[allow(dead_code)] // search_probe's, not search_bench's
pub fn late() -> Vec<Sampled> {
    twenty_paths(&[(30, 63), (25, 44)])
}

/// 30x30 boards whose clues lie 10-13 values apart (8-9 %), which the
/// fill works alone: twenty paths with 72 clues and twenty with 81
/// (S 9601-9620), at seeds 0 and 1. 40 boards, 80 runs.
#[allow(dead_code)] // search_probe's, not search_bench's
pub fn alone() -> Vec<Sampled> {
    twenty_paths(&[(30, 72), (30, 81)])
}

/// Twenty square paths (S 9601-9620) for each (side, clues), at seeds 0
/// and 1.
#[allow(dead_code)] // search_probe's, not search_bench's
fn twenty_paths(sides_and_clues: &[(usize, usize)]) -> Vec<Sampled> {
    let mut boards = Vec::new();
    for &(side, clues) in sides_and_clues {
        for seed in 9601..=9620 {
            boards.push(sampled(side, side, clues, seed, 2));
        }
    }
    boards
}

/// 4 random paths for each of 20x20, 25x25 and 30x30 with each share of
/// clues in `percents`, seeds from `seed_base`.
#[allow(dead_code)] // search_probe's, not search_bench's
fn large_with(percents: &[usize], seed_base: u64) -> Vec<(String, Board)> {
    let mut boards = Vec::new();
    for &percent in percents {
        for side in [20, 25, 30] {
            for sample in 1..=4u64 {
                let clues = side * side * percent / 100;
                let seed = seed_base + sample * 1000 + side as u64 * 10 + percent as u64;
                let puzzle = Puzzle::generate(side, side, clues, seed);
                let name = format!("{side}x{side}, {percent} %, path {sample}");
                boards.push((name, puzzle.board));
            }
        }
    }
    boards
}

/// `THREADS=N` in the environment: searches side by side for each solve
/// or search (`solve --threads N`); 2 without it, as `solve` has.
/// `SEED=S`: the first search's seeds start at S (`solve --seed S`); 0
/// without it.
pub fn searches() -> Searches {
    let one = Searches::default();
    Searches {
        threads: number_in_environment("THREADS").unwrap_or(one.threads),
        seed: number_in_environment("SEED").unwrap_or(one.seed),
    }
}

/// The number in environment variable `name`, if it holds one.
pub fn number_in_environment<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name)
        .ok()
        .and_then(|value| value.parse().ok())
}
