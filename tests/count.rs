//! `numbrix count`, as a user runs it: the counts of small boards, with the
//! search and with the no-good loop of either MIP solver, and `--limit`.

mod common;

use common::{
    brute_force, cases, json, loose_board_mistyped, loose_board_text, numbrix, numbrix_with_input,
    small_board, stderr, stdout, CLASSIC,
};
use numbrix::solve::{count_solutions_with, Counting};
use numbrix::{count_solutions, Backend, Board, Count, Options};
use proptest::prelude::*;

#[test]
fn count_finds_the_40_paths_of_an_empty_3x3_board() {
    let output = numbrix_with_input(&["count", "-"], b"_,_,_\n_,_,_\n_,_,_\n");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "40\n");
}

#[test]
fn count_prints_a_count_past_what_64_bits_hold_exactly() {
    let board = Board::empty(3, 70).unwrap();
    let output = numbrix_with_input(&["count", "-"], board.to_csv().as_bytes());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let program = numbrix::search::count_paths(&board, None).unwrap();
    assert!(program > u128::from(u64::MAX));
    assert_eq!(stdout(&output), format!("{program}\n"));
}

#[test]
fn count_with_a_mip_solver_repeats_the_no_good_cut_and_agrees_with_the_search() {
    let empty = b"_,_,_\n_,_,_\n_,_,_\n";
    for solver in ["search", "highs", "cbc"] {
        let output = numbrix_with_input(&["count", "-", "--solver", solver], empty);
        assert_eq!(stdout(&output), "40\n", "{solver}");
        assert_eq!(output.status.code(), Some(0), "{solver}");
    }
}

#[test]
fn count_stops_at_its_limit_with_exit_3() {
    let output = numbrix_with_input(&["count", "-", "--limit", "10"], b"_,_,_\n_,_,_\n_,_,_\n");
    assert_stopped_at(&output, 10);
}

#[test]
fn a_limit_of_no_solutions_is_refused_with_exit_2() {
    let output = numbrix_with_input(&["count", "-", "--limit", "0"], b"_,_,_\n_,_,_\n_,_,_\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output)
            .starts_with("error: invalid value '0' for '--limit <LIMIT>': must be 1 or more\n"),
        "{}",
        stderr(&output)
    );
    assert!(stdout(&output).is_empty());
}

/// Four clues on 12x12: a single walk found no solution here in minutes,
/// sunk in a part of the tree with none; restarts find thousands.
const SCATTERED_CLUES: &str = "\
,,,,,,40,,,,,
,,,,,,,,,,,
,,,,,,,,,,,
,,,,,,,,,,,
52,,,,,,,,,,,
,,,,,,,,,,,
,,,,,,,,,,,
,,,,,,,,,,,
,,,,,,,,,,,
,,,,,,,,,,,82
,,,,,,,,,,,
,,,,,,,,,78,,
";

#[test]
fn count_to_a_limit_on_scattered_clues_reaches_it() {
    // The time limit only keeps a failure from hanging.
    let output = numbrix_with_input(
        &["count", "-", "--limit", "1000", "--time-limit", "60"],
        SCATTERED_CLUES.as_bytes(),
    );
    assert_stopped_at(&output, 1000);
}

#[test]
fn count_of_every_path_on_scattered_clues_finds_thousands_by_its_time_limit() {
    // The single walk printed 0 here after any time limit.
    let output = numbrix_with_input(
        &["count", "-", "--time-limit", "3"],
        SCATTERED_CLUES.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(3));
    assert!(stderr(&output).contains("there may be more solutions"));
    let counted: u64 = stdout(&output).trim().parse().expect("a count on stdout");
    assert!(counted >= 1000, "counted {counted}");
}

#[test]
fn count_of_an_empty_12x12_board_stopped_by_its_time_limit_says_what_the_walk_found() {
    // The frontier program counts this board in seconds and knows no count
    // before its last cell: it printed 0 here.
    let empty = ",,,,,,,,,,,\n".repeat(12);
    let output = numbrix_with_input(&["count", "-", "--time-limit", "1"], empty.as_bytes());
    assert_eq!(output.status.code(), Some(3));
    assert!(stderr(&output).contains("there may be more solutions"));
    let counted: u64 = stdout(&output).trim().parse().expect("a count on stdout");
    assert!(counted > 0, "counted {counted}");
}

/// `count` printed `limit` and said it stopped there, with exit status 3.
fn assert_stopped_at(output: &std::process::Output, limit: u64) {
    assert_eq!(stdout(output), format!("{limit}\n"));
    assert_eq!(output.status.code(), Some(3));
    assert!(stderr(output).contains("there may be more solutions"));
}

/// An empty board of `rows` x `cols` cells, as commas.
fn empty_board(rows: usize, cols: usize) -> Vec<u8> {
    format!("{}\n", ",".repeat(cols - 1))
        .repeat(rows)
        .into_bytes()
}

#[test]
fn count_gives_the_27070560_paths_of_an_empty_7x7_board() {
    // The frontier program counts them; the walk took a minute.
    let output = numbrix_with_input(&["count", "-"], &empty_board(7, 7));
    assert_eq!(stdout(&output), "27070560\n");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn count_of_an_empty_board_stops_at_its_limit_as_the_walk_does() {
    let output = numbrix_with_input(&["count", "-", "--limit", "100"], &empty_board(5, 5));
    assert_stopped_at(&output, 100);
}

#[test]
fn count_of_a_wide_empty_board_stops_at_a_small_limit() {
    // More paths than 64 bits hold; the walk reaches 10 of them at once.
    let output = numbrix_with_input(&["count", "-", "--limit", "10"], &empty_board(12, 12));
    assert_stopped_at(&output, 10);
}

#[test]
fn count_of_paths_between_a_given_1_and_t_is_exact() {
    // 1 and 25 in opposite corners of a 5x5 board: 104 paths, as a brute
    // force over every path from the corner finds.
    let ends = b"1,,,,\n,,,,\n,,,,\n,,,,\n,,,,25\n";
    let output = numbrix_with_input(&["count", "-"], ends);
    assert_eq!(stdout(&output), "104\n");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn count_of_a_loose_board_with_one_solution_is_1() {
    // The count starts over rules 1-5's domains, and ends over the shaved ones.
    let output = numbrix_with_input(&["count", "-"], loose_board_text().as_bytes());
    assert_eq!(stdout(&output), "1\n", "{}", stderr(&output));
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn count_of_a_loose_board_with_a_mistyped_clue_is_0() {
    let output = numbrix_with_input(&["count", "-"], loose_board_mistyped().as_bytes());
    assert_eq!(stdout(&output), "0\n", "{}", stderr(&output));
}

#[test]
fn count_of_a_loose_board_with_many_solutions_stops_at_its_limit() {
    // The same puzzle with three of its eleven clues left out.
    let text = loose_board_text()
        .replace(",91,", ",,")
        .replace(",17,", ",,")
        .replace(",66,", ",,");
    let output = numbrix_with_input(&["count", "-", "--limit", "200"], text.as_bytes());
    assert_stopped_at(&output, 200);
}

#[test]
fn a_count_by_the_frontier_program_tells_its_rows_as_it_goes() {
    let board = Board::parse(",,,,,\n".repeat(6).as_bytes()).unwrap();
    let options = Options {
        backend: Backend::Search,
        time_limit: None,
        ..Options::default()
    };
    let mut told = Vec::new();
    let count = count_solutions_with(&board, &options, u64::MAX, &mut |counting| {
        told.push(counting)
    })
    .expect("a count");
    assert_eq!((count.solutions, count.complete), (458_696, true));
    let rows: Vec<Counting> = (1..=6).map(|done| Counting::Rows { done, of: 6 }).collect();
    let told_rows: Vec<Counting> = told
        .into_iter()
        .filter(|counting| matches!(counting, Counting::Rows { .. }))
        .collect();
    assert_eq!(told_rows, rows);
}

/// The search alone, as `count` runs it, with no clock.
fn count_alone(board: &Board, limit: u64) -> Count {
    let options = Options {
        backend: Backend::Search,
        time_limit: None,
        ..Options::default()
    };
    count_solutions(board, &options, limit).expect("a count")
}

#[test]
fn count_to_two_of_a_puzzle_is_1_and_complete() {
    let output = numbrix(&["count", CLASSIC, "--limit", "2"]);
    assert_eq!(stdout(&output), "1\n", "{}", stderr(&output));
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn count_to_two_of_a_board_with_many_solutions_stops_at_two() {
    let output = numbrix_with_input(&["count", "-", "--limit", "2"], &empty_board(6, 6));
    assert_stopped_at(&output, 2);
}

#[test]
fn count_to_one_of_a_puzzle_stops_at_its_solution() {
    let output = numbrix(&["count", CLASSIC, "--limit", "1"]);
    assert_stopped_at(&output, 1);
}

#[test]
fn count_to_two_of_a_loose_board_with_a_mistyped_clue_is_0() {
    let text = loose_board_mistyped();
    let output = numbrix_with_input(&["count", "-", "--limit", "2"], text.as_bytes());
    assert_eq!(stdout(&output), "0\n", "{}", stderr(&output));
    assert_eq!(output.status.code(), Some(0));
}

proptest! {
    #![proptest_config(cases(200))]

    /// A count to a small limit gives what a brute force that tries every
    /// path gives: to one or two answered as `solve` answers (with
    /// `unique` for two), past two counting on from `solve`'s two.
    #[test]
    fn a_count_to_a_small_limit_agrees_with_a_brute_force(
        rows in 1usize..=4,
        cols in 1usize..=5,
        clue_share in 0usize..=60,
        stray in any::<bool>(),
        seed in any::<u64>(),
        limit in 1u64..=6,
    ) {
        let board = small_board(rows, cols, rows * cols * clue_share / 100, stray, seed);
        let solutions = brute_force(&board).len() as u64;
        let count = count_alone(&board, limit);
        prop_assert_eq!(count.solutions, u128::from(solutions.min(limit)));
        prop_assert_eq!(count.complete, solutions < limit);
    }
}

/// `count --format json`'s answer, parsed.
fn count_json(board: &[u8], args: &[&str]) -> serde_json::Value {
    json(&numbrix_with_input(
        &[&["count", "-", "--format", "json"], args].concat(),
        board,
    ))
}

/// A 3x3 board with clues 1 and 5, and how many solutions a plain
/// enumeration finds for it.
fn corner_board() -> (&'static [u8], usize) {
    let text = b"1,_,_\n_,_,_\n_,_,5\n";
    (text, brute_force(&Board::parse(text).unwrap()).len())
}

#[test]
fn count_json_says_the_frontier_program_counted_an_empty_board() {
    let answer = count_json(b"_,_,_\n_,_,_\n_,_,_\n", &[]);
    assert_eq!(answer["solutions"], 40);
    assert_eq!(answer["complete"], true);
    assert_eq!(answer["counted_by"], "frontier");
}

#[test]
fn count_json_of_a_board_with_clues_says_the_search_walked_it() {
    let (board, solutions) = corner_board();
    let answer = count_json(board, &[]);
    assert_eq!(answer["solutions"], solutions);
    assert_eq!(answer["counted_by"], "search");
}

#[test]
fn count_json_at_its_limit_is_not_complete() {
    let answer = count_json(b"_,_,_\n_,_,_\n_,_,_\n", &["--limit", "10"]);
    assert_eq!(answer["solutions"], 10);
    assert_eq!(answer["complete"], false);
}

#[test]
fn count_json_with_either_mip_solver_says_the_solver_counted() {
    let (board, solutions) = corner_board();
    for solver in ["highs", "cbc"] {
        let answer = count_json(board, &["--solver", solver]);
        assert_eq!(answer["solutions"], solutions, "{solver}");
        assert_eq!(answer["counted_by"], "solver", "{solver}");
    }
}

#[test]
fn count_of_a_board_the_precheck_refutes_says_so() {
    let board = std::fs::read("examples/boards/infeasible_parity_6x6.csv").unwrap();
    assert_eq!(count_json(&board, &[])["counted_by"], "precheck");
    let output = numbrix(&["count", "examples/boards/infeasible_parity_6x6.csv"]);
    assert_eq!(stdout(&output), "0\n");
    assert!(
        stderr(&output).starts_with("no solution, proved in ")
            && stderr(&output).ends_with(" ms by the precheck's rules between clues\n"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn count_says_on_standard_error_what_counted_a_puzzle() {
    let output = numbrix(&["count", CLASSIC]);
    assert_eq!(stdout(&output), "1\n");
    assert!(
        stderr(&output).starts_with("every solution counted, in ")
            && stderr(&output).ends_with(" ms by the reduction\n"),
        "{}",
        stderr(&output)
    );
}
