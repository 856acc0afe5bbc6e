//! Limits: the size guard refuses boards too large to build before anything
//! is allocated for them, `--max-variables` moves it, and time limits stop a
//! solve at a step the report names, keeping a checked first solution when
//! only the uniqueness step ran out.

use std::process::{Command, Output};

use numbrix::generate::Puzzle;
use numbrix::solve::guard;
use numbrix::{
    solve, Backend, Board, Formulation, Options, Report, SearchBudget, Status, Step, Variant,
};

mod common;

use common::{json, stderr};

fn numbrix(board_csv: &str, args: &[&str]) -> Output {
    let dir = tempfile::tempdir().expect("a temporary directory");
    std::fs::write(dir.path().join("board.csv"), board_csv).expect("the board is written");
    Command::new(env!("CARGO_BIN_EXE_numbrix"))
        .arg("solve")
        .arg("board.csv")
        .args(args)
        .current_dir(dir.path())
        .output()
        .expect("the numbrix binary runs")
}

/// An m x n board as CSV with the clue 1 in the corner and nothing else.
fn corner_clue_csv(rows: usize, cols: usize) -> String {
    let mut csv = String::with_capacity(rows * cols + rows);
    for row in 0..rows {
        if row == 0 {
            csv.push('1');
        }
        csv.push_str(&",".repeat(cols - 1));
        csv.push('\n');
    }
    csv
}

// The size guard.

#[test]
fn refuses_a_1000x1000_board_before_building() {
    let output = numbrix(&corner_clue_csv(1000, 1000), &[]);
    assert_eq!(
        stderr(&output),
        "numbrix: too large: the reduction of this 1000x1000 board would track \
         1000000000000 (cell, value) pairs; the limit is 64000000 pairs \
         (64 per variable allowed; raise it with --max-variables)\n"
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn refuses_a_faithful_1000x1000_board_before_building() {
    let output = numbrix(&corner_clue_csv(1000, 1000), &["--faithful"]);
    assert_eq!(
        stderr(&output),
        "numbrix: too large: the faithful assignment model of this 1000x1000 board would \
         have 1000000000000 variables and about 12000000000000 nonzeros; the limit is \
         1000000 variables (raise it with --max-variables)\n"
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn max_variables_refuses_a_faithful_6x6_board_below_its_size() {
    let output = numbrix(
        &corner_clue_csv(6, 6),
        &["--faithful", "--max-variables", "100"],
    );
    let message = stderr(&output);
    assert!(
        message.starts_with(
            "numbrix: too large: the faithful assignment model of this 6x6 board would have 1296 variables"
        ),
        "{message}"
    );
    assert!(
        message.ends_with("; the limit is 100 variables (raise it with --max-variables)\n"),
        "{message}"
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn the_default_limit_accepts_a_faithful_6x6_board() {
    let puzzle = Puzzle::with_density(6, 6, 0.5, 3);
    let output = numbrix(&puzzle.board.to_csv(), &["--faithful", "--format", "json"]);
    assert_eq!(json(&output)["status"], "solved", "{}", stderr(&output));
    assert_eq!(json(&output)["stats"]["variables"], 1296);
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn max_variables_raises_the_reduction_limit() {
    // 100x100 cells: 10^8 (cell, value) pairs, over 64 x 10^6 by default.
    let board = Board::empty(100, 100).expect("a board");
    let default = Options::default();
    let raised = Options {
        max_variables: 2_000_000,
        ..Options::default()
    };
    assert!(guard(&board, &default).is_err());
    assert!(guard(&board, &raised).is_ok());
}

#[test]
fn max_variables_raises_the_model_limit() {
    // The faithful assignment model of a 40x40 board: 1600^2 = 2,560,000 variables.
    let board = Board::empty(40, 40).expect("a board");
    let faithful = |max_variables| Options {
        variant: Variant::Faithful,
        max_variables,
        ..Options::default()
    };
    assert!(guard(&board, &faithful(1_000_000)).is_err());
    assert!(guard(&board, &faithful(3_000_000)).is_ok());
}

#[test]
fn refuses_twenty_million_commas_before_reading_them_as_one_row() {
    let output = numbrix(&",".repeat(20_000_000), &[]);
    assert_eq!(
        stderr(&output),
        "numbrix: board.csv: too large: a board of more than 16777216 cells \
         (20000000 commas); the limit is 16777216 cells\n"
    );
    assert_eq!(output.status.code(), Some(2));
}

// Time limits.

#[test]
fn a_time_limit_of_zero_stops_in_the_solve_step() {
    let puzzle = Puzzle::with_density(5, 5, 0.3, 11);
    let output = numbrix(
        &puzzle.board.to_csv(),
        &["--unique", "--time-limit", "0", "--format", "json"],
    );
    let report = json(&output);
    assert_eq!(report["status"], "time_limit");
    assert_eq!(report["stopped_in"], "solve");
    assert_eq!(report["grid"], serde_json::Value::Null);
    assert_eq!(report["unique"], serde_json::Value::Null);
    assert_eq!(output.status.code(), Some(3));
}

#[test]
fn a_time_limit_of_zero_stops_every_combination_in_the_solve_step() {
    let puzzle = Puzzle::with_density(5, 5, 0.3, 11);
    for formulation in Formulation::ALL {
        for backend in Backend::MIP {
            let options = Options {
                time_limit: Some(0.0),
                unique: true,
                search_budget: SearchBudget::Off,
                ..Options::new(formulation, backend)
            };
            let report = solve(&puzzle.board, &options).expect("a report");
            assert_eq!(report.status, Status::TimeLimit);
            assert_eq!(report.stopped_in, Some(Step::Solve));
            assert_eq!(report.grid, None);
        }
    }
}

/// Solves the board of a random path (`rows` x `cols`, `clues` of its
/// values given, seed 7) with `unique` under a limit of `seconds`, and
/// checks that it stopped in the solve step with no model built; the
/// report, for what a test checks beyond.
fn stopped_before_any_model(rows: usize, cols: usize, clues: usize, seconds: f64) -> Report {
    let puzzle = Puzzle::generate(rows, cols, clues, 7);
    let options = Options {
        time_limit: Some(seconds),
        unique: true,
        ..Options::default()
    };
    let report = solve(&puzzle.board, &options).expect("a report");
    assert_eq!(report.status, Status::TimeLimit);
    assert_eq!(report.stopped_in, Some(Step::Solve));
    assert!(!report.model_built);
    report
}

#[test]
fn a_time_limit_the_search_ahead_of_the_mip_used_up_builds_no_model() {
    // 150 clues of a random path on 60x60: the search does not settle it
    // within the limit, and the model (half a million variables) would
    // take a good part of a second to build after it.
    let report = stopped_before_any_model(60, 60, 150, 0.3);
    assert_eq!(report.stats.variables, 0);
    assert!(report.stats.search.is_some_and(|search| search.nodes > 0));
}

#[test]
fn a_time_limit_shorter_than_the_reduction_stops_it_there() {
    // 72 clues of a random path on 30x30: rules 1-5 take thousands of
    // steps, and a limit of zero has passed at the first reading of the
    // clock among them.
    let report = stopped_before_any_model(30, 30, 72, 0.0);
    let stopped = report
        .stats
        .reduction
        .is_some_and(|reduction| reduction.stopped);
    assert!(stopped);
    assert_eq!(report.stats.search, None);
}

#[test]
fn a_reduction_the_time_limit_stopped_is_named_in_the_one_line() {
    let puzzle = Puzzle::generate(30, 30, 72, 7);
    let output = numbrix(&puzzle.board.to_csv(), &["--time-limit", "0"]);
    let message = stderr(&output);
    assert!(
        message.starts_with("time limit: no solution found in time (the reduction "),
        "{message}"
    );
    assert!(
        message.ends_with(" ms (stopped by the limit); no model was built)\n"),
        "{message}"
    );
    assert_eq!(output.stdout, b"");
    assert_eq!(output.status.code(), Some(3));
}

#[test]
fn prints_the_checked_first_solution_when_only_the_uniqueness_step_ran_out() {
    let puzzle = Puzzle::with_density(5, 5, 0.4, 5);
    let output = numbrix(
        &puzzle.board.to_csv(),
        &[
            "--unique",
            "--unique-time-limit",
            "0",
            "--search-budget",
            "0",
            "--format",
            "csv",
        ],
    );
    let printed = String::from_utf8(output.stdout.clone()).expect("UTF-8");
    let filled = numbrix::Filled::parse(printed.as_bytes()).expect("a grid");
    assert!(numbrix::check(&puzzle.board, &filled).is_ok(), "{printed}");
    assert!(
        stderr(&output)
            .starts_with("time limit: a checked solution was found, uniqueness not settled"),
        "{}",
        stderr(&output)
    );
    assert_eq!(output.status.code(), Some(3));
}

#[test]
fn reports_unique_null_and_the_uniqueness_step_when_only_it_ran_out() {
    let puzzle = Puzzle::with_density(5, 5, 0.4, 5);
    for formulation in Formulation::ALL {
        for backend in Backend::MIP {
            let options = Options {
                unique: true,
                unique_time_limit: Some(0.0),
                search_budget: SearchBudget::Off,
                ..Options::new(formulation, backend)
            };
            let report = solve(&puzzle.board, &options).expect("a report");
            assert_eq!(report.status, Status::TimeLimit);
            assert_eq!(report.stopped_in, Some(Step::Unique));
            assert_eq!(report.unique, None);
            assert_eq!(report.second_solution, None);
            let grid = report.grid.expect("the first solution is kept");
            assert_eq!(
                numbrix::check_values(&puzzle.board, grid.values().to_vec()),
                Ok(grid)
            );
        }
    }
}

#[test]
fn the_json_report_says_the_uniqueness_step_ran_out() {
    let puzzle = Puzzle::with_density(4, 4, 0.5, 2);
    let output = numbrix(
        &puzzle.board.to_csv(),
        &[
            "--unique",
            "--unique-time-limit",
            "0",
            "--search-budget",
            "0",
            "--format",
            "json",
        ],
    );
    let report = json(&output);
    assert_eq!(report["status"], "time_limit");
    assert_eq!(report["stopped_in"], "unique");
    assert_eq!(report["unique"], serde_json::Value::Null);
    assert!(report["grid"].is_array());
    assert_eq!(output.status.code(), Some(3));
}

#[test]
fn a_uniqueness_limit_that_is_not_reached_changes_nothing() {
    let puzzle = Puzzle::with_density(4, 4, 0.5, 2);
    let options = Options {
        variant: Variant::Faithful,
        unique: true,
        unique_time_limit: Some(600.0),
        ..Options::default()
    };
    let report = solve(&puzzle.board, &options).expect("a report");
    assert_eq!(report.status, Status::Solved);
    assert!(report.unique.is_some());
    assert_eq!(report.stopped_in, None);
}

/// 9x9 with only the clues 1 and 81 in opposite corners: finding any path
/// takes HiGHS and CBC far longer than a second (over 30 s for HiGHS on the
/// faithful model), so a one-second limit stops the first solve.
fn corners_9x9() -> String {
    let mut csv = corner_clue_csv(9, 9);
    csv.truncate(csv.len() - 1);
    csv + "81\n"
}

#[test]
fn a_time_limit_stops_a_hard_first_solve_and_the_report_says_so() {
    for solver in ["highs", "cbc"] {
        let output = numbrix(
            &corners_9x9(),
            &[
                "--solver",
                solver,
                "--time-limit",
                "1",
                "--search-budget",
                "0",
                "--format",
                "json",
            ],
        );
        let report = json(&output);
        assert_eq!(report["status"], "time_limit", "{solver}");
        assert_eq!(report["stopped_in"], "solve", "{solver}");
        assert_eq!(report["grid"], serde_json::Value::Null, "{solver}");
        assert_eq!(output.status.code(), Some(3), "{solver}");
    }
}

#[test]
fn a_time_limit_is_reported_in_one_line_without_solver_warnings() {
    let output = numbrix(
        &corners_9x9(),
        &["--time-limit", "1", "--search-budget", "0"],
    );
    let message = stderr(&output);
    assert!(
        message.starts_with(
            "time limit: no solution found in time (reduced assignment model on highs"
        ),
        "{message}"
    );
    assert_eq!(message.lines().count(), 1, "{message}");
    assert_eq!(output.stdout, b"");
    assert_eq!(output.status.code(), Some(3));
}

#[test]
fn a_time_limit_on_the_search_alone_says_where_the_time_went_and_that_no_model_was_built() {
    // A unique 30x30 board: shaving takes it for longer than the limit.
    let output = common::numbrix(&[
        "solve",
        "examples/boards/scale/30x30_1.csv",
        "--unique",
        "--solver",
        "search",
        "--time-limit",
        "0.1",
    ]);
    let message = stderr(&output);
    assert!(
        message.starts_with("time limit: no solution found in time (the reduction "),
        "{message}"
    );
    assert!(message.contains(" ms; the search "), "{message}");
    assert!(message.ends_with("; no model was built)\n"), "{message}");
    assert!(!message.contains("variables"), "{message}");
    assert_eq!(output.stdout, b"");
    assert_eq!(output.status.code(), Some(3));
}

#[test]
fn the_unique_time_limit_needs_unique() {
    let output = numbrix("1,\n,\n", &["--unique-time-limit", "1"]);
    assert!(
        stderr(&output).starts_with("error: the following required arguments were not provided:"),
        "{}",
        stderr(&output)
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_time_limit_too_large_for_the_clock_is_no_limit() {
    for limit in ["--time-limit", "--unique-time-limit"] {
        let output = numbrix("1,2\n,\n", &["--unique", limit, "1e300", "--format", "csv"]);
        assert_eq!(output.stdout, b"1,2\n4,3\n", "{limit}: {}", stderr(&output));
        assert_eq!(output.status.code(), Some(0), "{limit}");
    }
}
