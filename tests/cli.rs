//! The `numbrix` binary, run as a user runs it: output formats, exit
//! statuses, and errors on stderr.

mod common;

use common::{board_file, boards_dir, json, numbrix, numbrix_with_input, stderr, stdout};

const CLASSIC: &str = "examples/boards/classic_9x9.csv";

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
fn input_errors_exit_2_naming_file_line_and_column() {
    let cases: [(&str, &str); 5] = [
        (
            "1,2\n3\n",
            "bad.csv: line 2: 1 fields, but line 1 has 2 (every row needs the same number)",
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
fn count_finds_the_40_paths_of_an_empty_3x3_board() {
    let output = numbrix_with_input(&["count", "-"], b"_,_,_\n_,_,_\n_,_,_\n");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "40\n");
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

/// An empty 6x6 board: many solutions, nothing for the reduction to decide.
const EMPTY_6X6: &[u8] = b",,,,,\n,,,,,\n,,,,,\n,,,,,\n,,,,,\n,,,,,\n";

#[test]
fn the_search_alone_answers_an_empty_board_with_two_checked_solutions() {
    let output = numbrix_with_input(
        &[
            "solve", "-", "--solver", "search", "--unique", "--format", "json",
        ],
        EMPTY_6X6,
    );
    let report = json(&output);
    assert_eq!(report["solver"], "search");
    assert_eq!(report["status"], "solved");
    assert_eq!(report["unique"], false);
    assert_eq!(report["found_by"], "search");
    assert_eq!(report["unique_decided_by"], "search");
    assert_eq!(report["decided_by"], "search");
    assert_eq!(report["stats"]["variables"], 0, "no model was built");
    assert!(report["stats"]["search"]["nodes"].as_u64().unwrap() > 0);
    assert_ne!(report["grid"], report["second_solution"]);
    assert_eq!(output.status.code(), Some(1), "a second solution exits 1");
}

#[test]
fn the_default_solve_lets_the_search_settle_an_empty_board_before_highs() {
    let output = numbrix_with_input(&["solve", "-", "--unique", "--format", "json"], EMPTY_6X6);
    let report = json(&output);
    assert_eq!(report["solver"], "highs");
    assert_eq!(report["unique"], false);
    assert_eq!(report["found_by"], "search");
    assert_eq!(report["stats"]["variables"], 0);
}

/// An 8x8 board with 6 clues of a random path: many solutions, yet rules
/// 1-5 leave it as tight as a board with one.
const SPARSE_TIGHT_8X8: &[u8] =
    b",,,,,,,\n,,,,,,,\n,3,,27,,,60,\n,,,,,,,\n,,,,,,,\n,,,,,,,\n,,,31,,51,50,\n,,,,,,,\n";

#[test]
fn a_small_tight_board_with_many_solutions_is_answered_by_propagation_before_any_shaving() {
    let output = numbrix_with_input(
        &["solve", "-", "--unique", "--format", "json"],
        SPARSE_TIGHT_8X8,
    );
    let report = json(&output);
    let reduction = &report["stats"]["reduction"];
    assert!(reduction["pairs"].as_u64().unwrap() <= 16 * 64, "tight");
    assert_eq!(report["unique"], false);
    assert_eq!(report["unique_decided_by"], "search");
    assert_ne!(report["grid"], report["second_solution"]);
    assert_eq!(reduction["shaving_passes"], 0);
}

/// The JSON report of `solve BOARD --unique`, BOARD under examples/boards/.
fn unique_json(board: &str) -> serde_json::Value {
    let board = boards_dir().join(board);
    json(&numbrix(&[
        "solve",
        board.to_str().unwrap(),
        "--unique",
        "--format",
        "json",
    ]))
}

#[test]
fn a_small_tight_board_with_one_solution_is_proved_unique_by_propagation() {
    let report = unique_json("scale/09x09_1.csv");
    assert_eq!(report["unique"], true);
    assert_eq!(report["unique_decided_by"], "search");
    assert_eq!(report["stats"]["reduction"]["shaving_passes"], 0);
    let search = &report["stats"]["search"];
    assert!(search["decisions"].as_u64().unwrap() > 0);
    assert_eq!(search["nodes"], 0, "the fill did not run");
    assert_eq!(report["stats"]["variables"], 0, "no model was built");
}

#[test]
fn the_summary_line_counts_the_decisions_of_the_search_by_propagation() {
    let board = boards_dir().join("scale/09x09_1.csv");
    let output = numbrix(&["solve", board.to_str().unwrap(), "--unique"]);
    let line = stderr(&output);
    assert!(
        line.starts_with("solved, unique (decided by the search in "),
        "{line}"
    );
    assert!(line.contains(" decisions, "), "{line}");
    assert!(!line.contains(" nodes"), "{line}");
}

#[test]
fn the_report_counts_the_moves_of_the_local_search_on_a_large_loose_board() {
    // 27 clues of a random 30x30 path: the local search finds the first
    // solution, the fill the second near it.
    let board = numbrix::generate::Puzzle::generate(30, 30, 27, 3003).board;
    let args = [
        "solve", "-", "--solver", "search", "--unique", "--format", "json",
    ];
    let output = numbrix_with_input(&args, board.to_csv().as_bytes());
    assert_eq!(
        output.status.code(),
        Some(1),
        "a second solution: {}",
        stderr(&output)
    );
    let report = json(&output);
    assert_eq!(report["unique"], false);
    assert_eq!(report["found_by"], "search");
    assert!(report["stats"]["search"]["moves"].as_u64().unwrap() > 0);
    let line = stderr(&output);
    assert!(line.contains(" moves"), "{line}");
}

#[test]
fn a_larger_tight_board_with_one_solution_is_shaved_without_the_search() {
    let report = unique_json("scale/15x15_1.csv");
    assert_eq!(report["unique"], true);
    assert_eq!(report["unique_decided_by"], "reduction");
    assert!(
        report["stats"]["search"].is_null(),
        "the search did not run"
    );
}

#[test]
fn without_a_search_budget_highs_settles_the_board_itself() {
    // 2x3 with 1 in a corner: two solutions, small enough for the MIP.
    let output = numbrix_with_input(
        &[
            "solve",
            "-",
            "--unique",
            "--search-budget",
            "0",
            "--format",
            "json",
        ],
        b"1,,\n,,\n",
    );
    let report = json(&output);
    assert_eq!(report["unique"], false);
    assert_eq!(report["found_by"], "solver");
    assert_eq!(report["unique_decided_by"], "solver");
    assert_eq!(report["stats"]["search"], serde_json::Value::Null);
}

#[test]
fn the_search_with_either_model_reads_off_a_board_the_reduction_decided() {
    for model in ["assignment", "mtz"] {
        let output = numbrix(&[
            "solve", CLASSIC, "--solver", "search", "--model", model, "--unique", "--format",
            "json",
        ]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{model}: {}",
            stderr(&output)
        );
        let report = json(&output);
        assert_eq!(report["status"], "solved", "{model}");
        assert_eq!(report["unique"], true, "{model}");
        assert_eq!(report["decided_by"], "reduction", "{model}");
        assert_eq!(report["stats"]["variables"], 0, "{model}");
    }
}

#[test]
fn the_search_proves_a_newspaper_board_unique_without_shaving() {
    let output = numbrix(&[
        "solve",
        "examples/boards/hard_9x9.csv",
        "--solver",
        "search",
        "--no-shave",
        "--unique",
        "--format",
        "csv",
    ]);
    let expected = std::fs::read_to_string(boards_dir().join("hard_9x9.solution.csv")).unwrap();
    assert_eq!(stdout(&output), expected);
    assert_eq!(output.status.code(), Some(0));
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
fn searches_side_by_side_settle_a_large_board_with_many_solutions() {
    // 16x16 with 8 clues of a random path: the first search does not
    // settle it at once, so two run on two threads (the default).
    let board = numbrix::generate::Puzzle::generate(16, 16, 8, 7).board;
    let dir = tempfile::tempdir().unwrap();
    let path = board_file(dir.path(), "loose_16x16.csv", &board.to_csv());
    let path = path.to_str().unwrap();
    let output = numbrix(&[
        "solve",
        path,
        "--unique",
        "--threads",
        "2",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let report = json(&output);
    assert_eq!(
        (report["unique"].clone(), report["found_by"].clone()),
        (false.into(), "search".into())
    );
    assert_ne!(report["grid"], report["second_solution"]);
    assert_eq!(report["stats"]["search"]["threads"], 2, "the other joined");
    for grid in [&report["grid"], &report["second_solution"]] {
        let answer = dir.path().join("answer.csv");
        let csv: String = grid
            .as_array()
            .unwrap()
            .iter()
            .map(|row| {
                let values = row.as_array().unwrap().iter().map(|v| v.to_string());
                values.collect::<Vec<_>>().join(",") + "\n"
            })
            .collect();
        std::fs::write(&answer, csv).unwrap();
        let check = numbrix(&["check", path, answer.to_str().unwrap()]);
        assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
    }
    // Two is the default: run again without the flag.
    let again = json(&numbrix(&["solve", path, "--unique", "--format", "json"]));
    assert_eq!(again["stats"]["search"]["threads"], 2);
    assert_eq!(
        (&again["grid"], &again["second_solution"]),
        (&report["grid"], &report["second_solution"]),
        "the searches keep step: the same answer on every run"
    );
    assert_eq!(
        again["stats"]["search"]["nodes"],
        report["stats"]["search"]["nodes"]
    );
    let alone = json(&numbrix(&[
        "solve",
        path,
        "--unique",
        "--threads",
        "1",
        "--format",
        "json",
    ]));
    assert_eq!(alone["stats"]["search"]["threads"], 1, "one search alone");
    assert_eq!(alone["unique"], false);
}

#[test]
fn another_seed_shows_another_checked_solution_of_an_empty_board() {
    let dir = tempfile::tempdir().unwrap();
    let board = board_file(dir.path(), "empty_7x7.csv", &",,,,,,\n".repeat(7));
    let board = board.to_str().unwrap();
    let mut shown = Vec::new();
    for seed in ["0", "1"] {
        let output = numbrix(&["solve", board, "--seed", seed, "--format", "csv"]);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let answer = dir.path().join(format!("seed_{seed}.csv"));
        std::fs::write(&answer, stdout(&output)).unwrap();
        let check = numbrix(&["check", board, answer.to_str().unwrap()]);
        assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
        shown.push(stdout(&output));
    }
    assert_ne!(shown[0], shown[1], "seed 1 takes other choices first");
}

#[test]
fn the_report_names_the_seed_the_search_started_from() {
    let dir = tempfile::tempdir().unwrap();
    let board = board_file(dir.path(), "empty_7x7.csv", &",,,,,,\n".repeat(7));
    let board = board.to_str().unwrap();
    let output = numbrix(&["solve", board, "--seed", "3", "--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let report = json(&output);
    assert_eq!(report["stats"]["search"]["seed"], 3);
    assert_eq!(report["stats"]["search"]["threads"], 1);
    // Asked for two threads, a 7x7 board still gets one search.
    let output = numbrix(&["solve", board, "--threads", "2", "--format", "json"]);
    assert_eq!(json(&output)["stats"]["search"]["threads"], 1);
    let output = numbrix(&["solve", board, "--seed", "3"]);
    assert!(stderr(&output).contains("seed 3"), "{}", stderr(&output));
}

#[test]
fn zero_threads_is_refused_with_exit_2() {
    let output = numbrix(&["solve", CLASSIC, "--threads", "0"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--threads"), "{}", stderr(&output));
    assert!(stdout(&output).is_empty());
}
