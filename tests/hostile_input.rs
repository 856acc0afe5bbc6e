//! What users feed the command line: boards from scrapers, spreadsheets and
//! students. Every bad input gets one exact line on stderr and exit status 2;
//! the odd-but-valid ones are solved.
//!
//! Each test writes `board.csv` into a fresh directory and runs the binary
//! there, so messages name the file as the user typed it.

use std::process::Output;

mod common;

use common::{numbrix_in, numbrix_with_input, stderr, stdout};

/// Writes `board.csv` with these bytes and runs `numbrix <args> board.csv <more>`.
fn run(board: &[u8], args: &[&str], more: &[&str]) -> Output {
    let dir = tempfile::tempdir().expect("a temporary directory");
    std::fs::write(dir.path().join("board.csv"), board).expect("the board is written");
    let mut all: Vec<&str> = args.to_vec();
    all.push("board.csv");
    all.extend_from_slice(more);
    numbrix_in(dir.path(), &all)
}

/// `numbrix solve board.csv --format csv`: the solution as CSV.
fn solve_csv(board: &[u8], more: &[&str]) -> Output {
    let mut flags = vec!["--format", "csv"];
    flags.extend_from_slice(more);
    run(board, &["solve"], &flags)
}

/// The input was refused: exit 2, nothing on stdout, exactly this on stderr.
fn assert_refused(output: &Output, message: &str) {
    assert_eq!(stderr(output), format!("numbrix: {message}\n"));
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(output), "");
}

/// Solved: exit 0 and exactly this CSV on stdout.
fn assert_solved(output: &Output, csv: &str) {
    assert_eq!(stdout(output), csv, "stderr: {}", stderr(output));
    assert_eq!(output.status.code(), Some(0));
}

fn refused_board(board: &[u8], message: &str) {
    assert_refused(&solve_csv(board, &[]), &format!("board.csv: {message}"));
}

// Empty input.

#[test]
fn rejects_an_empty_file() {
    refused_board(b"", "no rows: the board is empty");
}

#[test]
fn rejects_a_file_of_blank_lines() {
    refused_board(b"\n   \n\t\n\r\n\n", "no rows: the board is empty");
}

// Encodings and line endings that spreadsheets produce.

#[test]
fn accepts_a_utf8_byte_order_mark() {
    assert_solved(&solve_csv(b"\xEF\xBB\xBF1,2\n,\n", &[]), "1,2\n4,3\n");
}

#[test]
fn accepts_a_byte_order_mark_before_a_blank_line() {
    assert_solved(&solve_csv(b"\xEF\xBB\xBF\n1,2\n,\n", &[]), "1,2\n4,3\n");
}

#[test]
fn accepts_windows_line_endings() {
    assert_solved(&solve_csv(b"1,2\r\n,\r\n", &[]), "1,2\n4,3\n");
}

#[test]
fn accepts_tabs_and_spaces_around_fields() {
    assert_solved(&solve_csv(b"\t1 ,\t2\t\n \t, \n", &[]), "1,2\n4,3\n");
}

#[test]
fn a_byte_order_mark_inside_the_file_is_not_a_number() {
    refused_board(
        b"1,2\n\xEF\xBB\xBF,\n",
        "line 2, column 1: '\\u{feff}' is not a positive integer",
    );
}

// Trailing commas: a trailing comma is one more, empty, field. On every row
// it is an empty last column (spreadsheets write exactly that for one);
// on some rows only, the rows are ragged, and the message says why.

#[test]
fn a_trailing_comma_on_every_row_is_an_empty_last_column() {
    assert_solved(&solve_csv(b"1,2,\n,,\n", &[]), "1,2,3\n6,5,4\n");
}

#[test]
fn a_trailing_comma_on_one_row_makes_the_rows_ragged() {
    refused_board(
        b"1,2\n,,\n",
        "line 2: 3 fields, but line 1 has 2 (every row needs the same number; \
         a trailing comma is one more, empty, field)",
    );
}

#[test]
fn a_trailing_comma_on_the_first_row_only_makes_the_rows_ragged() {
    refused_board(
        b"1,2,\n,\n",
        "line 2: 2 fields, but line 1 has 3 (every row needs the same number; \
         a trailing comma is one more, empty, field)",
    );
}

#[test]
fn rejects_ragged_rows() {
    refused_board(
        b"1,2,3\n,\n,,\n",
        "line 2: 2 fields, but line 1 has 3 (every row needs the same number)",
    );
}

#[test]
fn names_the_right_line_after_windows_line_endings() {
    refused_board(
        b"1,2,3\r\n,,\r\n,x,\r\n",
        "line 3, column 2: 'x' is not a positive integer",
    );
}

#[test]
fn names_the_right_line_after_blank_lines() {
    refused_board(
        b"\n1,2,3\n\n\n,\n",
        "line 5: 2 fields, but line 2 has 3 (every row needs the same number)",
    );
}

#[test]
fn names_the_right_line_after_blank_windows_lines() {
    refused_board(
        b"1,2,3\r\n\r\n\r\n,\r\n",
        "line 4: 2 fields, but line 1 has 3 (every row needs the same number)",
    );
}

// Numbers that are not positive integers written plainly.

#[test]
fn rejects_minus_zero() {
    refused_board(
        b"-0,\n,\n",
        "line 1, column 1: '-0' is not a positive integer",
    );
}

#[test]
fn rejects_a_plus_sign() {
    refused_board(
        b"+5,,\n,,\n,,\n",
        "line 1, column 1: '+5' is not a positive integer",
    );
}

#[test]
fn rejects_a_decimal_point() {
    refused_board(
        b"1,\n,3.0\n",
        "line 2, column 2: '3.0' is not a positive integer",
    );
}

#[test]
fn rejects_exponent_notation() {
    refused_board(
        b"1e3,\n,\n",
        "line 1, column 1: '1e3' is not a positive integer",
    );
}

#[test]
fn rejects_a_negative_number() {
    refused_board(
        b",-3\n,\n",
        "line 1, column 2: '-3' is not a positive integer",
    );
}

#[test]
fn rejects_numbers_apart_by_spaces_saying_fields_take_commas() {
    refused_board(
        b"1 . .\n. . .\n",
        "line 1, column 1: '1 . .' is not a positive integer (fields are separated by commas)",
    );
}

#[test]
fn rejects_the_grid_printed_for_people_naming_it() {
    refused_board(
        b"[ 1]  2\n  4   3\n",
        "line 1, column 1: '[ 1]  2' is not a positive integer (this is the grid printed \
         for people; `--format csv` prints it as numbrix reads it)",
    );
}

#[test]
fn rejects_the_json_answer_naming_it() {
    refused_board(
        br#"{"rows":2,"cols":2,"grid":[[1,2],[4,3]]}"#,
        "line 1, column 1: '{\"rows\":2' is not a positive integer (this is JSON; \
         `--format csv` prints the grid as numbrix reads it)",
    );
}

#[test]
fn a_line_starting_with_a_hash_is_a_comment_and_lines_still_count() {
    assert_solved(
        &solve_stdin(b"# a 2x2 board\n1,2\n# its last row\n,\n"),
        "1,2\n4,3\n",
    );
    refused_board(
        b"# a comment\n1,x\n,\n",
        "line 2, column 2: 'x' is not a positive integer",
    );
}

#[test]
fn rejects_a_number_larger_than_u64() {
    refused_board(
        b"18446744073709551616,\n,\n",
        "line 1, column 1: 18446744073709551616 is outside 1..4",
    );
}

#[test]
fn rejects_a_number_larger_than_the_board() {
    refused_board(b"1,5\n,\n", "line 1, column 2: 5 is outside 1..4");
}

#[test]
fn reads_leading_zeros_as_the_number() {
    assert_solved(&solve_csv(b"001,002\n,\n", &[]), "1,2\n4,3\n");
}

#[test]
fn rejects_a_duplicate_clue() {
    refused_board(
        b"1,,\n,,\n,,1\n",
        "line 3, column 3: 1 is given twice (also at line 1, column 1)",
    );
}

#[test]
fn shows_a_token_with_a_line_break_on_one_line() {
    refused_board(
        b"\"1\n2\",\n,\n",
        "line 1, column 1: '1\\n2' is not a positive integer",
    );
}

#[test]
fn shows_control_characters_as_escapes() {
    refused_board(
        b"1,\x07\n,\n",
        "line 1, column 2: '\\u{7}' is not a positive integer",
    );
}

#[test]
fn shortens_a_long_token() {
    refused_board(
        b"1,abcdefghijklmnopqrstuvwxyz\n,\n",
        "line 1, column 2: 'abcdefghijklmnopqrst...' is not a positive integer",
    );
}

// Not text at all.

#[test]
fn rejects_binary_garbage() {
    refused_board(
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00",
        "line 1, column 1: not UTF-8 text",
    );
}

#[test]
fn rejects_bytes_that_are_not_utf8_where_they_are() {
    refused_board(b"1,2\n,\xff\xfe\n", "line 2, column 2: not UTF-8 text");
}

// Files that are not there, or not files.

#[test]
fn rejects_a_file_that_does_not_exist() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let output = numbrix_in(dir.path(), &["solve", "missing.csv"]);
    assert_refused(&output, "missing.csv: no such file");
}

#[test]
fn rejects_a_directory_given_as_the_board() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    std::fs::create_dir(dir.path().join("boards")).expect("a directory");
    let output = numbrix_in(dir.path(), &["solve", "boards"]);
    assert_refused(&output, "boards: is a directory, not a file");
}

#[test]
fn rejects_a_directory_given_as_the_solution_to_check() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    std::fs::write(dir.path().join("board.csv"), "1,2\n,\n").expect("the board is written");
    std::fs::create_dir(dir.path().join("answers")).expect("a directory");
    let output = numbrix_in(dir.path(), &["check", "board.csv", "answers"]);
    assert_refused(&output, "answers: is a directory, not a file");
}

// The smallest boards.

#[test]
fn solves_a_1x1_board_without_its_clue() {
    assert_solved(&solve_csv(b"_\n", &["--unique"]), "1\n");
}

#[test]
fn solves_a_1x1_board_with_its_clue() {
    assert_solved(&solve_csv(b"1\n", &["--unique"]), "1\n");
}

#[test]
fn rejects_a_1x1_board_with_a_clue_other_than_1() {
    refused_board(b"2\n", "line 1, column 1: 2 is outside 1..1");
}

#[test]
fn solves_a_1xn_board_from_its_first_clue() {
    assert_solved(&solve_csv(b"1,,,,,,\n", &["--unique"]), "1,2,3,4,5,6,7\n");
}

#[test]
fn solves_a_1xn_board_from_a_clue_in_the_middle() {
    assert_solved(&solve_csv(b",,,,3,,\n", &["--unique"]), "7,6,5,4,3,2,1\n");
}

#[test]
fn solves_an_nx1_board_written_with_underscores() {
    assert_solved(&solve_csv(b"_\n3\n_\n_\n", &["--unique"]), "4\n3\n2\n1\n");
}

#[test]
fn a_1xn_board_without_clues_has_its_two_directions() {
    let output = run(b"_,_,_,_\n", &["count"], &[]);
    assert_eq!(stdout(&output), "2\n");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn a_1xn_board_whose_clue_is_on_the_wrong_colour_has_no_solution() {
    let output = solve_csv(b",,2,,\n", &[]);
    assert_eq!(stdout(&output), "");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).starts_with("no solution: clue 2 at (1,3) breaks the checkerboard rule"),
        "{}",
        stderr(&output)
    );
}

// A clue on every cell.

#[test]
fn solves_a_board_with_a_clue_on_every_cell_and_proves_it_unique() {
    let board = b"1,2,3\n6,5,4\n7,8,9\n";
    let output = solve_csv(board, &["--unique"]);
    assert_solved(&output, "1,2,3\n6,5,4\n7,8,9\n");
    assert!(
        stderr(&output).starts_with("solved, unique"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_board_with_a_wrong_clue_on_every_cell_is_infeasible_and_names_the_clues() {
    let output = run(b"1,2\n3,4\n", &["solve"], &["--format", "json"]);
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(report["status"], "infeasible");
    assert_eq!(
        report["reason"],
        "clues 2 at (1,2) and 3 at (2,1) break the checkerboard rule: values 1 apart \
         need cells an odd distance apart, and these are 2 apart"
    );
    assert_eq!(report["grid"], serde_json::Value::Null);
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn a_full_board_fed_back_as_a_board_is_solved_at_once() {
    // A solution file given where a board is expected: every cell a clue.
    let puzzle = numbrix::generate::Puzzle::generate(40, 40, 1600, 7);
    let csv = puzzle.board.to_csv();
    assert_solved(&solve_csv(csv.as_bytes(), &["--unique"]), &csv);
}

// Solutions given to `check` are read as leniently as boards, and judged.

/// `numbrix check board.csv solution.csv`.
fn check(board: &[u8], solution: &[u8]) -> Output {
    let dir = tempfile::tempdir().expect("a temporary directory");
    std::fs::write(dir.path().join("board.csv"), board).expect("the board is written");
    std::fs::write(dir.path().join("solution.csv"), solution).expect("the solution is written");
    numbrix_in(dir.path(), &["check", "board.csv", "solution.csv"])
}

#[test]
fn check_judges_a_solution_holding_a_number_larger_than_u64() {
    let output = check(b"1,2\n,\n", b"1,2\n4,99999999999999999999999\n");
    assert_eq!(
        stdout(&output),
        "invalid: cell (2,2) holds a number too large to read, outside 1..4\n"
    );
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn check_refuses_a_solution_that_is_not_a_grid() {
    let output = check(b"1,2\n,\n", b"1,2\n4,-3\n");
    assert_refused(
        &output,
        "solution.csv: line 2, column 2: '-3' is not a positive integer",
    );
}

#[test]
fn check_refuses_a_json_grid_with_a_ragged_row_naming_its_place() {
    let output = check(b"1,2\n,\n", b"[[1,2],\n [4]]\n");
    assert_refused(
        &output,
        "solution.csv: line 2, character 4: row 2 has 1 value, but row 1 has 2 \
         (every row needs the same number) (in JSON)",
    );
}

// Standard input.

/// `numbrix solve - --format csv` with these bytes on standard input.
fn solve_stdin(board: &[u8]) -> Output {
    numbrix_with_input(&["solve", "-", "--format", "csv"], board)
}

#[test]
fn reads_a_board_from_standard_input() {
    assert_solved(&solve_stdin(b"\xEF\xBB\xBF1,2\r\n,\r\n"), "1,2\n4,3\n");
}

#[test]
fn rejects_empty_standard_input() {
    assert_refused(
        &solve_stdin(b""),
        "standard input: no rows: the board is empty",
    );
}
