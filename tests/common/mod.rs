//! Helpers shared by the integration tests: running the binary as a user
//! does, reading its output, and loading the example boards.
//!
//! Each test file uses some of them, so the rest look unused to it.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use numbrix::generate::{Puzzle, Rng};
use numbrix::{Board, Filled};

/// The board of the 2020 GAMS write-up on Numbrix, unique: the tests'
/// example of an ordinary puzzle.
pub const CLASSIC: &str = "examples/boards/classic_9x9.csv";

/// A minimal 11x11 puzzle under examples/boards/ (`numbrix generate --rows
/// 11 --cols 11 --level shaving --seed 504`): one solution, yet rules 1-5
/// leave it loose, and the search alone needs seconds to prove that there
/// is no second.
pub const LOOSE_WITH_ONE_SOLUTION: &str = "loose/minimal_11x11";

/// The text of [`LOOSE_WITH_ONE_SOLUTION`].
pub fn loose_board_text() -> String {
    std::fs::read_to_string(boards_dir().join(format!("{LOOSE_WITH_ONE_SOLUTION}.csv")))
        .expect("the example board is there")
}

/// [`LOOSE_WITH_ONE_SOLUTION`] with its 91 typed as 89: no solution, which
/// the search alone proves only by going through its whole tree.
pub fn loose_board_mistyped() -> String {
    loose_board_text().replace(",91,", ",89,")
}

/// A minimal 18x18 puzzle under examples/boards/ (`numbrix generate --rows
/// 18 --cols 18 --seed 1`): one solution, loose after rules 1-5, and past
/// the size where the search's first turn ahead of a MIP is short.
pub const LARGER_LOOSE_WITH_ONE_SOLUTION: &str = "loose/minimal_18x18";

/// [`LARGER_LOOSE_WITH_ONE_SOLUTION`] with its clue `from` typed as `to`.
pub fn larger_loose_board_with(from: u32, to: u32) -> String {
    let path = boards_dir().join(format!("{LARGER_LOOSE_WITH_ONE_SOLUTION}.csv"));
    let text = std::fs::read_to_string(path).expect("the example board is there");
    let lines: Vec<String> = text
        .lines()
        .map(|line| {
            line.split(',')
                .map(|value| match value == from.to_string() {
                    true => to.to_string(),
                    false => value.to_string(),
                })
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    assert_ne!(
        lines.join("\n") + "\n",
        text,
        "{from} is a clue of the board"
    );
    lines.join("\n") + "\n"
}

/// A board file in a temporary folder.
pub fn board_file(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write a board");
    path
}

/// The repository's root: where the binary runs and examples/ is.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// examples/boards.
pub fn boards_dir() -> PathBuf {
    root().join("examples/boards")
}

/// Runs `numbrix` with these arguments from the repository's root.
pub fn numbrix(args: &[&str]) -> Output {
    numbrix_in(root(), args)
}

/// Runs `numbrix` in `dir`, so messages name files as a user there types them.
pub fn numbrix_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_numbrix"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the numbrix binary runs")
}

/// Runs `numbrix` from the repository's root with `input` on standard input.
pub fn numbrix_with_input(args: &[&str], input: &[u8]) -> Output {
    let mut child = spawn_piped(args);
    write_input(&mut child, input);
    child.wait_with_output().expect("the binary finishes")
}

/// Runs `numbrix` as `numbrix ARGS | true` does: the reader of its standard
/// output is gone before `input` reaches its standard input, so every
/// write of the answer meets a closed pipe. The output's stdout is empty.
pub fn numbrix_to_a_closed_pipe(args: &[&str], input: &[u8]) -> Output {
    let mut child = spawn_piped(args);
    drop(child.stdout.take());
    write_input(&mut child, input);
    child.wait_with_output().expect("the binary finishes")
}

/// `numbrix ARGS` started from the repository's root, its three standard
/// streams pipes.
fn spawn_piped(args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_numbrix"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the numbrix binary runs")
}

/// Writes `input` to the child's standard input and closes it. A command
/// that refuses before it reads (`check - -`) may have closed the pipe
/// first: that is no failure of the test.
fn write_input(child: &mut std::process::Child, input: &[u8]) {
    let mut stdin = child.stdin.take().expect("a pipe to standard input");
    if let Err(error) = stdin.write_all(input) {
        assert_eq!(
            error.kind(),
            std::io::ErrorKind::BrokenPipe,
            "the input is written"
        );
    }
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

/// stdout as the one JSON object it must be.
pub fn json(output: &Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout).expect("stdout is one JSON object")
}

/// A board file, by its path from the repository's root.
pub fn board_at(path: &str) -> Board {
    Board::read(&root().join(path)).expect("example boards parse")
}

/// examples/boards/NAME.csv.
pub fn example(name: &str) -> Board {
    Board::read(&boards_dir().join(format!("{name}.csv"))).expect("example boards parse")
}

/// examples/boards/NAME.csv with every second clue (in reading order, from
/// the second) taken out: a board with many solutions, where the clues of
/// a real puzzle lie.
pub fn half_of_example(name: &str) -> Board {
    let board = example(name);
    let mut kept = board.clone();
    for (cell, _) in board.clues().skip(1).step_by(2) {
        kept = kept.with_clue(cell, None).expect("a clue can go");
    }
    kept
}

/// Both grids of a report pass `numbrix check` against the board file.
pub fn both_grids_check(dir: &Path, board: &str, report: &serde_json::Value) {
    for grid in [&report["grid"], &report["second_solution"]] {
        let answer = dir.join("answer.csv");
        let csv: String = grid
            .as_array()
            .expect("a grid")
            .iter()
            .map(|row| {
                let values = row.as_array().unwrap().iter().map(|v| v.to_string());
                values.collect::<Vec<_>>().join(",") + "\n"
            })
            .collect();
        std::fs::write(&answer, csv).unwrap();
        let check = numbrix(&["check", board, answer.to_str().unwrap()]);
        assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
    }
}

/// A report's `grid`, row-major.
pub fn grid_values(report: &serde_json::Value) -> Vec<u32> {
    report["grid"]
        .as_array()
        .expect("a grid")
        .iter()
        .flat_map(|row| row.as_array().expect("a row").iter())
        .map(|value| value.as_u64().expect("a value") as u32)
        .collect()
}

/// examples/boards/NAME.solution.csv, row-major.
pub fn known_solution(name: &str) -> Vec<u32> {
    let filled = Filled::read(&boards_dir().join(format!("{name}.solution.csv")))
        .expect("the solution file parses");
    filled
        .values
        .iter()
        .map(|value| value.expect("a solution has every cell") as u32)
        .collect()
}

/// Every solution of a small board, by trying every path from every cell:
/// the row-major value grids, sorted.
pub fn brute_force(board: &Board) -> Vec<Vec<u32>> {
    fn extend(board: &Board, at: usize, value: u32, values: &mut [u32], out: &mut Vec<Vec<u32>>) {
        if board.clue(board.cell(at)).is_some_and(|clue| clue != value) {
            return;
        }
        values[at] = value;
        if value as usize == board.len() {
            out.push(values.to_vec());
        } else {
            for next in board.neighbours(board.cell(at)) {
                let next = board.index(next);
                if values[next] == 0 {
                    extend(board, next, value + 1, values, out);
                }
            }
        }
        values[at] = 0;
    }
    let mut out = Vec::new();
    let mut values = vec![0; board.len()];
    for start in 0..board.len() {
        extend(board, start, 1, &mut values, &mut out);
    }
    out.sort();
    out
}

/// A small board: clues from a random path, and with `stray` one more clue
/// put in a random empty cell with a value no other clue has (which may or
/// may not leave solutions).
pub fn small_board(rows: usize, cols: usize, clues: usize, stray: bool, seed: u64) -> Board {
    let puzzle = Puzzle::generate(rows, cols, clues, seed);
    let mut given: Vec<Option<u32>> = puzzle
        .board
        .cells()
        .map(|cell| puzzle.board.clue(cell))
        .collect();
    if stray {
        let mut rng = Rng::new(seed ^ 0x5eed);
        let empty: Vec<usize> = (0..given.len()).filter(|&at| given[at].is_none()).collect();
        let unused: Vec<u32> = (1..=given.len() as u32)
            .filter(|value| !given.contains(&Some(*value)))
            .collect();
        if !empty.is_empty() {
            given[empty[rng.below(empty.len())]] = Some(unused[rng.below(unused.len())]);
        }
    }
    Board::new(rows, cols, given).expect("distinct clues in range")
}

/// `count` cases of a property, none saved to a file when one fails.
pub fn cases(count: u32) -> proptest::prelude::ProptestConfig {
    proptest::prelude::ProptestConfig {
        cases: count,
        failure_persistence: None,
        ..proptest::prelude::ProptestConfig::default()
    }
}
