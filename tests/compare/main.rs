//! `numbrix compare`: every board x model x solver is measured and the
//! numbers agree with `solve` (here); the outputs parse (`output.rs`), and
//! nothing stops the run (`failures.rs`).

use std::collections::BTreeSet;
use std::process::Output;

use numbrix::compare::board_files;
use serde_json::Value;

// The helpers every test crate shares (this one is a folder).
#[path = "../common/mod.rs"]
mod common;
mod failures;
mod output;

use common::{board_file, json, numbrix};

/// Two boards every model and solver settles in seconds.
const SMALL_BOARDS: [&str; 2] = [
    "examples/boards/classic_9x9.csv",
    "examples/boards/scale/06x06_1.csv",
];

/// A 12x12 board whose faithful MTZ model HiGHS cannot solve in a fraction
/// of a second (it needs minutes).
const SLOW_BOARD: &str = "examples/boards/scale/12x12_1.csv";

/// `compare` over the two small boards with both models and both solvers.
fn compare_small_boards(format: &str, extra: &[&str]) -> Output {
    let mut args = vec![
        "compare",
        SMALL_BOARDS[0],
        SMALL_BOARDS[1],
        "--models",
        "assignment,mtz",
        "--solvers",
        "highs,cbc",
        "--unique",
        "--format",
        format,
    ];
    args.extend_from_slice(extra);
    numbrix(&args)
}

#[test]
fn compare_lists_every_board_model_and_solver() {
    let output = compare_small_boards("json", &[]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let report = json(&output);
    let measurements = report["measurements"].as_array().expect("measurements");
    let seen: BTreeSet<(String, String, String)> = measurements
        .iter()
        .map(|row| {
            (
                row["board"].as_str().unwrap().to_string(),
                row["model"].as_str().unwrap().to_string(),
                row["solver"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(measurements.len(), 8);
    for board in SMALL_BOARDS {
        for model in ["assignment", "mtz"] {
            for solver in ["highs", "cbc"] {
                let key = (board.to_string(), model.to_string(), solver.to_string());
                assert!(seen.contains(&key), "missing {key:?}");
            }
        }
    }
    for row in measurements {
        assert_eq!(row["status"], "solved", "{row}");
        assert_eq!(row["unique"], true, "{row}");
    }
    let summary = report["summary"].as_array().expect("summary");
    assert_eq!(summary.len(), 4);
    for line in summary {
        assert_eq!(line["boards"], 2);
        assert_eq!(line["solved"], 2);
        assert_eq!(line["unique"], 2);
    }
}

#[test]
fn compare_numbers_match_solve_json_for_the_same_board() {
    let output = compare_small_boards("json", &[]);
    let report = json(&output);
    for row in report["measurements"].as_array().expect("measurements") {
        let board = row["board"].as_str().unwrap();
        let model = row["model"].as_str().unwrap();
        let solver = row["solver"].as_str().unwrap();
        let solved = numbrix(&[
            "solve",
            board,
            "--model",
            model,
            "--solver",
            solver,
            "--unique",
            "--format",
            "json",
            // compare measures HiGHS and CBC without the search ahead of them.
            "--search-budget",
            "0",
        ]);
        let single = json(&solved);
        let context = format!("{board} {model} {solver}");
        assert_eq!(row["status"], single["status"], "{context}");
        assert_eq!(row["unique"], single["unique"], "{context}");
        for size in ["variables", "constraints", "nonzeros"] {
            assert_eq!(row[size], single["stats"][size], "{context}: {size}");
        }
    }
}

#[test]
fn a_search_budget_puts_the_search_ahead_of_each_mip_solver_as_in_solve() {
    let output = numbrix(&[
        "compare",
        "examples/boards/not_unique_9x9.csv",
        "--models",
        "assignment",
        "--solvers",
        "highs,cbc",
        "--unique",
        "--search-budget",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let report = json(&output);
    let rows = report["measurements"].as_array().expect("measurements");
    assert_eq!(rows.len(), 2);
    for row in rows {
        let solver = row["solver"].as_str().unwrap();
        assert_eq!(row["unique"], false, "{solver}");
        assert_eq!(row["found_by"], "search", "{solver}");
        assert_eq!(row["unique_decided_by"], "search", "{solver}");
        assert_eq!(row["model_built"], false, "{solver}");
        assert!(row["search_decisions"].as_u64().unwrap() > 0, "{solver}");
    }
}

#[test]
fn search_runs_once_per_board() {
    // The reduction decides classic_9x9 on its own; the search used to be
    // run with the MTZ model there too, and failed.
    let output = numbrix(&[
        "compare",
        SMALL_BOARDS[0],
        SMALL_BOARDS[1],
        "--models",
        "assignment,mtz",
        "--solvers",
        "search",
        "--both",
        "--unique",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let report = json(&output);
    let measurements = report["measurements"].as_array().unwrap();
    let boards: Vec<&str> = measurements
        .iter()
        .map(|row| row["board"].as_str().unwrap())
        .collect();
    assert_eq!(boards, SMALL_BOARDS);
    for row in measurements {
        assert_eq!(row["solver"], "search", "{row}");
        assert_eq!(row["model"], Value::Null, "{row}");
        assert_eq!(row["variant"], Value::Null, "{row}");
        assert_eq!(row["status"], "solved", "{row}");
        assert_eq!(row["unique"], true, "{row}");
    }
    let summary = report["summary"].as_array().unwrap();
    assert_eq!(summary.len(), 1);
    assert_eq!(summary[0]["model"], Value::Null);
    assert_eq!(summary[0]["boards"], 2);
}

#[test]
fn variants_flag_selects_variants() {
    let output = numbrix(&[
        "compare",
        "examples/boards/tiny_2x3.csv",
        "--models",
        "mtz",
        "--solvers",
        "highs",
        "--variants",
        "faithful,reduced-no-shave",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let report = json(&output);
    let variants: Vec<&str> = report["measurements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["variant"].as_str().unwrap())
        .collect();
    assert_eq!(variants, ["faithful", "reduced-no-shave"]);
}

#[test]
fn variants_flag_refuses_an_unknown_variant() {
    let output = numbrix(&[
        "compare",
        "examples/boards/tiny_2x3.csv",
        "--variants",
        "faithful,reduce",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert!(
        common::stderr(&output).contains("'reduce' is not a model variant"),
        "{output:?}"
    );
}

#[test]
fn variants_flag_does_not_go_with_both() {
    let output = numbrix(&[
        "compare",
        "examples/boards/tiny_2x3.csv",
        "--both",
        "--variants",
        "faithful",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
}

#[test]
fn standard_input_named_twice_is_refused_at_once() {
    let output =
        common::numbrix_with_input(&["compare", "-", "-", "--solvers", "search"], b"1,2\n4,3\n");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        common::stderr(&output),
        "numbrix: standard input can be read once: name `-` only once\n"
    );
    assert!(common::stdout(&output).is_empty());
}

#[test]
fn a_folder_means_its_boards_sorted_without_solution_files() {
    let folder = tempfile::tempdir().unwrap();
    for name in ["b_9x9.csv", "a_6x6.csv", "a_6x6.solution.csv", "notes.txt"] {
        std::fs::write(folder.path().join(name), "1,2\n4,3\n").unwrap();
    }
    let files = board_files(&[folder.path().to_path_buf()]).unwrap();
    let names: Vec<&str> = files
        .iter()
        .map(|path| path.file_name().unwrap().to_str().unwrap())
        .collect();
    assert_eq!(names, ["a_6x6.csv", "b_9x9.csv"]);
}

#[test]
fn the_search_rows_start_from_the_seed_asked_for() {
    // 16x16 with 8 clues of a random path: many solutions, and the nodes
    // the search takes to two of them differ from seed to seed.
    let dir = tempfile::tempdir().unwrap();
    let board = numbrix::generate::Puzzle::generate(16, 16, 8, 7).board;
    let path = board_file(dir.path(), "loose_16x16.csv", &board.to_csv());
    let path = path.to_str().unwrap();
    let search_row = |seed: &str| {
        let args = ["compare", path, "--solvers", "search", "--unique"];
        let output = numbrix(&[&args[..], &["--seed", seed, "--format", "json"]].concat());
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        let report = json(&output);
        assert_eq!(report["seed"], seed.parse::<u64>().unwrap());
        let row = report["measurements"][0].clone();
        assert_eq!(
            (&row["status"], &row["unique"]),
            (&"solved".into(), &false.into())
        );
        row["search_nodes"].as_u64().unwrap()
    };
    assert_ne!(search_row("0"), search_row("1"));
}
