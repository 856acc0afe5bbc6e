//! Puzzles with one solution that shaving leaves undecided, through the
//! binary: the search and HiGHS or CBC would each go on for minutes, and
//! deep shaving (rule 8) decides every cell after the search's turn. The
//! two boards are minimal 20x20 puzzles numbrix's generator made and set
//! aside when its rating search ran out: `minimal_20x20_a` is tight after
//! rules 1-5 (deep shaving follows the search's turn), `minimal_20x20_b`
//! is loose (shaving follows the search's turn, then deep shaving).

mod common;

use std::sync::Mutex;

use common::{grid_values, json, known_solution, numbrix, stderr};

/// The solves here take turns by the clock (the search's, shaving's, deep
/// shaving's), and each uses both cores: run side by side, as the test
/// harness would, a turn of shaving can be cut short and the board left to
/// the MIP. So they run one at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// `numbrix ARGS`, alone on the machine among these tests.
fn numbrix_alone(args: &[&str]) -> std::process::Output {
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    numbrix(args)
}

const TIGHT: &str = "deep/minimal_20x20_a";
const LOOSE: &str = "deep/minimal_20x20_b";

/// `numbrix solve examples/boards/NAME.csv --unique --format json` with
/// these further arguments, and a time limit the build before deep shaving
/// could not settle these boards in.
fn solve(name: &str, further: &[&str]) -> serde_json::Value {
    let board = format!("examples/boards/{name}.csv");
    let mut args = vec![
        "solve",
        board.as_str(),
        "--unique",
        "--format",
        "json",
        "--time-limit",
        "60",
    ];
    args.extend_from_slice(further);
    let output = numbrix_alone(&args);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    json(&output)
}

/// The report says what a user checks: unique, its grid the known one, and
/// the reduction (deep shaving is its rule 8) proved it.
fn assert_unique_by_the_reduction(name: &str, report: &serde_json::Value) {
    assert_eq!(report["unique"], true);
    assert_eq!(report["unique_decided_by"], "reduction");
    assert_eq!(grid_values(report), known_solution(name));
}

#[test]
fn the_default_solve_proves_a_tight_puzzle_shaving_leaves_undecided_unique() {
    let report = solve(TIGHT, &[]);
    assert_unique_by_the_reduction(TIGHT, &report);
    assert!(
        report["stats"]["search"]["nodes"].as_u64().unwrap() > 0,
        "the search had its turn first"
    );
}

#[test]
fn cbc_proves_it_unique_too() {
    let report = solve(TIGHT, &["--solver", "cbc"]);
    assert_unique_by_the_reduction(TIGHT, &report);
    assert_eq!(report["solver"], "cbc");
}

#[test]
fn the_search_alone_proves_it_unique_by_turns_with_deep_shaving() {
    let report = solve(TIGHT, &["--solver", "search", "--search-budget", "0.1"]);
    assert_unique_by_the_reduction(TIGHT, &report);
    assert_eq!(report["model_built"], false);
}

#[test]
fn the_default_solve_proves_a_loose_puzzle_shaving_leaves_undecided_unique() {
    let report = solve(LOOSE, &[]);
    assert_unique_by_the_reduction(LOOSE, &report);
}

#[test]
fn the_search_alone_deep_shaves_a_loose_puzzle_once_shaving_has_ended() {
    // With the default budget's turns, shaving ends within its first turn
    // and deep shaving follows at once, before the search starts over
    // within what shaving left (which would prove it unique too, in
    // seconds more).
    let report = solve(LOOSE, &["--solver", "search"]);
    assert_unique_by_the_reduction(LOOSE, &report);
}

#[test]
fn count_finds_the_one_solution_and_says_the_reduction_counted_it() {
    let output = numbrix_alone(&[
        "count",
        &format!("examples/boards/{TIGHT}.csv"),
        "--format",
        "json",
        "--time-limit",
        "60",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let count = json(&output);
    assert_eq!(count["solutions"], 1);
    assert_eq!(count["complete"], true);
    assert_eq!(count["counted_by"], "reduction");
}
