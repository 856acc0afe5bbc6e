//! `compare` goes on past what stops one run: a time limit, an infeasible
//! board, an unreadable file, a CBC run left behind.

use serde_json::Value;

use super::{SLOW_BOARD, SMALL_BOARDS};
use crate::common::{self, board_file, json, numbrix, stdout};

#[test]
fn compare_goes_on_past_a_time_limit_and_an_infeasible_board() {
    let dir = tempfile::tempdir().unwrap();
    // 1 and 2 two steps apart: the prechecks refute it.
    let infeasible = board_file(dir.path(), "infeasible.csv", "1,,2\n,,\n,,\n");
    let output = numbrix(&[
        "compare",
        infeasible.to_str().unwrap(),
        SLOW_BOARD,
        SMALL_BOARDS[0],
        "--faithful",
        "--models",
        "mtz",
        "--solvers",
        "highs",
        "--time-limit",
        "0.2",
        "--format",
        "json",
    ]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "limits and infeasibility are results: {output:?}"
    );
    let report = json(&output);
    let measurements = report["measurements"].as_array().unwrap();
    assert_eq!(measurements.len(), 3);
    assert_eq!(measurements[0]["status"], "infeasible");
    assert_eq!(
        measurements[0]["variables"],
        Value::Null,
        "no model was built"
    );
    assert_eq!(measurements[0]["model_built"], false);
    assert_eq!(measurements[1]["status"], "time_limit");
    assert_eq!(measurements[1]["stopped_in"], "solve");
    assert_eq!(measurements[2]["board"], SMALL_BOARDS[0], "the run went on");
    assert_eq!(report["summary"][0]["infeasible"], 1);
    assert!(report["summary"][0]["time_limit"].as_u64().unwrap() >= 1);
}

#[test]
fn compare_table_shows_time_limit_and_infeasible_statuses() {
    let dir = tempfile::tempdir().unwrap();
    let infeasible = board_file(dir.path(), "infeasible.csv", "1,,2\n,,\n,,\n");
    let output = numbrix(&[
        "compare",
        infeasible.to_str().unwrap(),
        SLOW_BOARD,
        "--faithful",
        "--models",
        "mtz",
        "--solvers",
        "highs",
        "--time-limit",
        "0.2",
    ]);
    let text = stdout(&output);
    let line_of = |board: &str| text.lines().find(|line| line.starts_with(board)).unwrap();
    assert!(line_of("infeasible").contains(" infeasible "), "{text}");
    assert!(line_of("12x12_1").contains(" time_limit "), "{text}");
}

#[test]
fn compare_reports_an_unreadable_board_as_failed_and_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let ragged = board_file(dir.path(), "ragged.csv", "1,2\n3\n");
    let output = numbrix(&[
        "compare",
        ragged.to_str().unwrap(),
        SMALL_BOARDS[0],
        "--models",
        "assignment",
        "--solvers",
        "highs",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(2), "a bad board fails the run");
    let report = json(&output);
    let measurements = report["measurements"].as_array().unwrap();
    assert_eq!(measurements[0]["status"], "failed");
    assert!(measurements[0]["message"]
        .as_str()
        .unwrap()
        .contains("line 2"));
    assert_eq!(
        measurements[1]["status"], "solved",
        "the next board still runs"
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("FAILED"), "loud on stderr: {stderr}");
}

#[test]
fn an_unreadable_board_is_named_once_in_its_error_line() {
    let (output, name) = compare_a_ragged_board("assignment", "highs");
    let stderr = common::stderr(&output);
    let line = stderr.lines().find(|line| line.contains("FAILED")).unwrap();
    assert_eq!(line.matches(&name).count(), 1, "{line}");
    assert!(line.contains("line 2"), "{line}");
}

#[test]
fn an_unreadable_board_is_said_once_however_many_setups_fail_on_it() {
    let (output, name) = compare_a_ragged_board("assignment,mtz", "highs,cbc");
    assert_eq!(output.status.code(), Some(2));
    let stderr = common::stderr(&output);
    let lines: Vec<&str> = stderr.lines().filter(|line| line.contains(&name)).collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(lines[0].ends_with("(every setup)"), "{}", lines[0]);
    assert!(
        stderr.contains("4 of 4 runs were WRONG or FAILED"),
        "every setup still counts: {stderr}"
    );
}

/// `compare` of a board whose second line is short, with these models and
/// solvers: its output, and the board's path as the command was given it.
fn compare_a_ragged_board(models: &str, solvers: &str) -> (std::process::Output, String) {
    let dir = tempfile::tempdir().unwrap();
    let ragged = board_file(dir.path(), "ragged.csv", "1,2\n3\n");
    let name = ragged.to_str().unwrap().to_string();
    let output = numbrix(&["compare", &name, "--models", models, "--solvers", solvers]);
    (output, name)
}

#[test]
fn a_cbc_time_limit_spent_waiting_for_a_run_left_behind_is_said_on_stderr() {
    // CBC solves the root LP of 30x30_1's faithful assignment model (810,000
    // columns) for minutes past its limit; compare waits for it as long as
    // its own time limit before the next solve's clock starts, and says it
    // still goes; the classic board, seconds faster alone, then waits for
    // CBC behind it. The limit leaves time to
    // build that model (0.4 s here alone) even beside the other tests:
    // when the limit passes while numbrix builds it, CBC is never called,
    // nothing holds CBC, and the classic board is solved.
    let output = numbrix(&[
        "compare",
        "examples/boards/scale/30x30_1.csv",
        "examples/boards/classic_9x9.csv",
        "--models",
        "assignment",
        "--solvers",
        "cbc",
        "--variants",
        "faithful",
        "--search-budget",
        "0",
        "--time-limit",
        "3",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", common::stderr(&output));
    let statuses: Vec<Value> = json(&output)["measurements"]
        .as_array()
        .expect("measurements")
        .iter()
        .map(|run| run["status"].clone())
        .collect();
    assert_eq!(statuses, ["time_limit", "time_limit"]);
    let warnings: Vec<String> = common::stderr(&output)
        .lines()
        .filter(|line| line.contains("WARN"))
        .map(String::from)
        .collect();
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    let said = |end: &str| warnings.iter().any(|warning| warning.ends_with(end));
    assert!(
        said(
            "CBC reached its time limit while a run left behind at an earlier limit still held \
             it (CBC solves one model at a time): that time may have been all waiting"
        ),
        "{warnings:?}"
    );
    assert!(
        said("still going after 3.0 s: the solves timed from here may share the cores with them"),
        "{warnings:?}"
    );
}
