//! The `numbrix` binary, run as a user runs it: output formats, exit
//! statuses, errors on stderr, and the solver logs kept off stdout.

mod common;

use common::{
    board_file, boards_dir, json, numbrix, numbrix_to_a_closed_pipe, numbrix_with_input, stderr,
    stdout, CLASSIC,
};

#[test]
fn grid_format_aligns_columns_and_brackets_clues() {
    let output = numbrix(&["solve", CLASSIC]);
    assert_eq!(output.status.code(), Some(0));
    let grid = stdout(&output);
    let lines: Vec<&str> = grid.lines().collect();
    assert_eq!(lines.len(), 9);
    assert_eq!(lines[0], " 23  22  21  12  11  10   9  42  43");
    assert_eq!(lines[1], " 24 [25][20][13][14][15][ 8][41] 44");
    assert!(stderr(&output).starts_with("solved"));
}

#[test]
fn csv_output_is_the_known_solution_and_check_accepts_it() {
    let output = numbrix(&["solve", CLASSIC, "--format", "csv", "--solver", "cbc"]);
    assert_eq!(output.status.code(), Some(0));
    let expected = std::fs::read_to_string(boards_dir().join("classic_9x9.solution.csv")).unwrap();
    assert_eq!(stdout(&output), expected);

    let dir = tempfile::tempdir().unwrap();
    let answer = dir.path().join("answer.csv");
    std::fs::write(&answer, stdout(&output)).unwrap();
    let check = numbrix(&["check", CLASSIC, answer.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(0));
    assert!(stdout(&check).starts_with("valid"));
}

#[test]
fn json_output_follows_the_contract() {
    let output = numbrix(&[
        "solve", CLASSIC, "--unique", "--format", "json", "--model", "mtz",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let report = json(&output);
    assert_eq!(report["rows"], 9);
    assert_eq!(report["cols"], 9);
    assert_eq!(report["model"], "mtz");
    assert_eq!(report["solver"], "highs");
    assert_eq!(report["status"], "solved");
    assert_eq!(report["unique"], true);
    assert_eq!(report["grid"][3][1], 1);
    assert_eq!(report["grid"].as_array().unwrap().len(), 9);
    assert!(report["second_solution"].is_null());
    let stats = &report["stats"];
    for key in ["variables", "constraints", "nonzeros"] {
        assert!(stats[key].is_u64(), "{key}");
    }
    for key in ["build_ms", "solve_ms", "unique_ms"] {
        assert!(stats[key].is_f64(), "{key}");
    }
}

#[test]
fn json_unique_is_null_when_not_asked() {
    let report = json(&numbrix(&["solve", CLASSIC, "--format", "json"]));
    assert!(report["unique"].is_null());
    assert!(report["stats"]["unique_ms"].is_null());
}

#[test]
fn a_second_solution_gives_exit_1_and_is_shown() {
    let board = "examples/boards/not_unique_9x9.csv";
    let output = numbrix(&["solve", board, "--unique", "--format", "json"]);
    assert_eq!(output.status.code(), Some(1));
    let report = json(&output);
    assert_eq!(report["status"], "solved");
    assert_eq!(report["unique"], false);
    assert_ne!(report["grid"], report["second_solution"]);

    let output = numbrix(&["solve", board, "--unique", "--solver", "cbc"]);
    assert_eq!(output.status.code(), Some(1));
    // Two grids of nine lines, separated by a blank line.
    assert_eq!(stdout(&output).lines().count(), 19);
    assert!(stderr(&output).contains("NOT unique"));
}

#[test]
fn an_infeasible_board_gives_exit_1_with_the_reason() {
    let output = numbrix(&[
        "solve",
        "examples/boards/infeasible_distance_9x9.csv",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let report = json(&output);
    assert_eq!(report["status"], "infeasible");
    assert!(report["grid"].is_null());
    assert_eq!(report["decided_by"], "precheck");
    assert!(report["reason"]
        .as_str()
        .unwrap()
        .contains("clues 1 at (4,2) and 2 at (2,7)"));

    let output = numbrix(&["solve", "examples/boards/infeasible_distance_9x9.csv"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout(&output), "");
    assert!(stderr(&output).starts_with("no solution: clues 1 at (4,2) and 2 at (2,7)"));
}

#[test]
fn a_time_limit_without_an_answer_gives_exit_3() {
    // The faithful MTZ model of a sparse 12x12 board takes HiGHS far longer than this.
    let output = numbrix(&[
        "solve",
        "examples/boards/scale/12x12_1.csv",
        "--model",
        "mtz",
        "--faithful",
        "--time-limit",
        "0.2",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(3));
    let report = json(&output);
    assert_eq!(report["status"], "time_limit");
    assert_eq!(report["stopped_in"], "solve");
    assert!(report["grid"].is_null());
}

#[test]
fn cbc_time_limit_garbage_is_never_printed() {
    // CBC returns meaningless values when its limit hits first: only what
    // the checker accepts may come out.
    let output = numbrix(&[
        "solve",
        "examples/boards/scale/12x12_1.csv",
        "--model",
        "mtz",
        "--faithful",
        "--solver",
        "cbc",
        "--time-limit",
        "1",
        "--format",
        "json",
    ]);
    let report = json(&output);
    match output.status.code() {
        Some(3) => assert!(report["grid"].is_null()),
        Some(0) => assert_eq!(report["status"], "solved"),
        other => panic!("unexpected exit {other:?}: {}", stderr(&output)),
    }
}

#[test]
fn reads_the_board_from_standard_input() {
    let board = std::fs::read(boards_dir().join("hard_9x9.csv")).unwrap();
    let output = numbrix_with_input(&["solve", "-", "--format", "csv"], &board);
    assert_eq!(output.status.code(), Some(0));
    let expected = std::fs::read_to_string(boards_dir().join("hard_9x9.solution.csv")).unwrap();
    assert_eq!(stdout(&output), expected);
}

#[test]
fn check_names_the_first_broken_rule() {
    // The published SAT "solution" of border_9x9 had 81 twice and no 1.
    let dir = tempfile::tempdir().unwrap();
    let wrong = dir.path().join("wrong.csv");
    let solution = std::fs::read_to_string(boards_dir().join("border_9x9.solution.csv")).unwrap();
    std::fs::write(&wrong, solution.replacen(",1,", ",81,", 1)).unwrap();
    let output = numbrix(&[
        "check",
        "examples/boards/border_9x9.csv",
        wrong.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stdout(&output),
        "invalid: value 81 appears twice, at (1,7) and (2,6)\n"
    );
}

#[test]
fn check_reports_non_adjacent_steps() {
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("board.csv");
    let grid = dir.path().join("grid.csv");
    std::fs::write(&board, ",\n,\n").unwrap();
    std::fs::write(&grid, "1,2\n4,3\n").unwrap();
    assert_eq!(
        numbrix(&["check", board.to_str().unwrap(), grid.to_str().unwrap()])
            .status
            .code(),
        Some(0)
    );
    std::fs::write(&grid, "1,3\n2,4\n").unwrap();
    let output = numbrix(&["check", board.to_str().unwrap(), grid.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stdout(&output),
        "invalid: 2 at (2,1) and 3 at (1,2) are not adjacent\n"
    );
}

#[test]
fn check_reads_the_json_answer_of_solve() {
    let answer = numbrix(&["solve", CLASSIC, "--format", "json", "-q"]);
    let output = numbrix_with_input(&["check", CLASSIC, "-"], &answer.stdout);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        "valid: every value 1..81 once, clues kept, consecutive values adjacent\n"
    );
}

#[test]
fn check_of_a_json_answer_without_a_solution_names_its_status() {
    let board = "examples/boards/infeasible_parity_6x6.csv";
    let answer = numbrix(&["solve", board, "--format", "json", "-q"]);
    assert_eq!(answer.status.code(), Some(1));
    let output = numbrix_with_input(&["check", board, "-"], &answer.stdout);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "numbrix: standard input: the JSON answer holds no grid (status: infeasible)\n"
    );
    assert!(stdout(&output).is_empty());
}

#[test]
fn check_refuses_to_read_both_files_from_standard_input() {
    let output = numbrix_with_input(&["check", "-", "-"], b"1,2\n");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "numbrix: check reads the board and the solution from two inputs: only one of them can be `-`\n"
    );
    assert!(stdout(&output).is_empty());
}

#[test]
fn input_errors_exit_2_naming_file_line_and_column() {
    let cases: [(&str, &str); 5] = [
        (
            "1,2\n3\n",
            "bad.csv: line 2: 1 field, but line 1 has 2 (every row needs the same number)",
        ),
        (
            "1,x\n,\n",
            "bad.csv: line 1, column 2: 'x' is not a positive integer",
        ),
        ("1,5\n,\n", "bad.csv: line 1, column 2: 5 is outside 1..4"),
        (
            "1,\n,1\n",
            "bad.csv: line 2, column 2: 1 is given twice (also at line 1, column 1)",
        ),
        ("", "bad.csv: no rows: the board is empty"),
    ];
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.csv");
    for (text, message) in cases {
        std::fs::write(&path, text).unwrap();
        let output = numbrix(&["solve", path.to_str().unwrap(), "--format", "json"]);
        assert_eq!(output.status.code(), Some(2), "{text:?}");
        assert_eq!(stdout(&output), "", "nothing on stdout for {text:?}");
        let error = stderr(&output);
        assert_eq!(error.lines().count(), 1, "one line for {text:?}: {error}");
        assert!(error.ends_with(&format!("{message}\n")), "{error}");
    }
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(numbrix(&["solve"]).status.code(), Some(2));
    assert_eq!(
        numbrix(&["solve", CLASSIC, "--solver", "gurobi"])
            .status
            .code(),
        Some(2)
    );
    let output = numbrix(&["solve", CLASSIC, "--time-limit", "soon"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("'soon' is not a number of seconds"));
}

#[test]
fn a_count_of_none_is_refused_saying_one_or_more() {
    let output = numbrix(&["generate", "--rows", "3", "--cols", "3", "--count", "0"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output)
        .starts_with("error: invalid value '0' for '--count <COUNT>': must be 1 or more\n"));
}

#[test]
fn model_and_export_refuse_the_search_options() {
    // They build a model and run no search: a seed there would do nothing.
    for command in ["model", "export"] {
        for option in [
            ["--seed", "3"],
            ["--threads", "1"],
            ["--search-budget", "1"],
        ] {
            let output = numbrix(&[command, CLASSIC, option[0], option[1]]);
            assert_eq!(output.status.code(), Some(2), "{command} {option:?}");
            assert!(stderr(&output).contains(option[0]), "{}", stderr(&output));
            assert!(stdout(&output).is_empty());
        }
    }
}

#[test]
fn solver_logs_go_to_stderr_and_stdout_stays_json() {
    for solver in ["highs", "cbc"] {
        let output = numbrix(&[
            "solve",
            "examples/boards/scale/06x06_1.csv",
            "--faithful",
            "--solver",
            solver,
            "--format",
            "json",
            "-v",
        ]);
        assert_eq!(output.status.code(), Some(0), "{solver}");
        assert_eq!(json(&output)["status"], "solved");
        assert!(
            stderr(&output).len() > 200,
            "{solver} logged: {}",
            stderr(&output)
        );
    }
}

#[test]
fn a_cbc_run_left_behind_at_its_time_limit_logs_on_stderr_not_into_the_answer() {
    // CBC gets whole seconds (at least 1) and takes about a second for the
    // root LP of this board's no-shave model, so the wait for it (0.3 s and
    // a grace) ends first and it goes on in the background. The rows that
    // follow (the reduction deciding the board, the search), repeated, keep
    // the process going between solver calls while it logs: before
    // descriptor 1 was sent to stderr for the whole run, that log landed on
    // stdout. On a machine where CBC finishes within the wait, the test
    // passes without a run left behind.
    let output = numbrix(&[
        "compare",
        "examples/boards/scale/20x20_1.csv",
        "--models",
        "assignment",
        "--solvers",
        "cbc,search",
        "--variants",
        "reduced-no-shave,reduced",
        "--time-limit",
        "0.3",
        "--repeat",
        "4",
        "--format",
        "json",
        "-v",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let answer = stdout(&output);
    assert!(
        answer.starts_with('{') && answer.ends_with("}\n"),
        "stdout is the JSON object alone: {answer}"
    );
    assert_eq!(
        json(&output)["measurements"].as_array().map(Vec::len),
        Some(3)
    );
    assert!(
        stderr(&output).contains("Welcome to the CBC MILP Solver"),
        "CBC logged on stderr: {}",
        stderr(&output)
    );
}

#[test]
fn relax_needs_an_lp_solver() {
    let output = numbrix(&["solve", CLASSIC, "--relax", "--solver", "search"]);
    assert_eq!(
        stderr(&output),
        "numbrix: --relax solves an LP relaxation: it needs highs or cbc, not search\n"
    );
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(&output), "");
}

#[test]
fn a_reader_that_stops_reading_ends_the_answer_quietly_with_the_verdicts_status() {
    let board = std::fs::read(boards_dir().join("not_unique_9x9.csv")).unwrap();
    let output = numbrix_to_a_closed_pipe(&["solve", "-", "--unique", "-q"], &board);
    assert_eq!(
        output.status.code(),
        Some(1),
        "not unique, as printed or not"
    );
    assert_eq!(
        stderr(&output),
        "",
        "no error for a pipe closed by its reader"
    );
}

#[test]
fn generate_stops_making_puzzles_when_nobody_reads_them() {
    // Without the stop, a million puzzles run into the time limit: exit 3.
    let output = numbrix_to_a_closed_pipe(
        &[
            "generate",
            "--rows",
            "4",
            "--cols",
            "4",
            "--count",
            "1000000",
            "--time-limit",
            "30",
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stderr(&output), "");
}

#[test]
fn an_answer_that_cannot_be_written_exits_2_saying_why() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_numbrix"))
        .args(["solve", CLASSIC])
        .current_dir(common::root())
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "numbrix: standard output: No space left on device (os error 28)\n"
    );
}

#[test]
fn more_searches_than_cores_are_noted_on_stderr() {
    // 16x16 with 8 clues of a random path: the first search does not
    // settle it at once, so every search asked for runs.
    let board = numbrix::generate::Puzzle::generate(16, 16, 8, 7).board;
    let dir = tempfile::tempdir().unwrap();
    let path = board_file(dir.path(), "loose_16x16.csv", &board.to_csv());
    let path = path.to_str().unwrap();
    let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get());
    let note = format!("side by side on {cores} cores");
    let crowded = (cores + 1).min(256).to_string();
    let output = numbrix(&["solve", path, "--unique", "--threads", &crowded]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    if cores < 256 {
        assert!(stderr(&output).contains(&note), "{}", stderr(&output));
        assert_eq!(stderr(&output).lines().count(), 2, "{}", stderr(&output));
    }
    let one_each = cores.min(256).to_string();
    let output = numbrix(&["solve", path, "--unique", "--threads", &one_each]);
    assert!(
        !stderr(&output).contains("side by side"),
        "{}",
        stderr(&output)
    );
    let quiet = numbrix(&["solve", path, "--unique", "--threads", &crowded, "-q"]);
    assert_eq!(stderr(&quiet), "");
}
