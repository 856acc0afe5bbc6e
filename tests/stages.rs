//! Which stage answers a board, through the binary: the search alone or
//! ahead of HiGHS, the search by propagation before shaving, shaving, or
//! the MIP solver; what the report says of it, and the searches side by
//! side.

mod common;

use common::{
    board_file, boards_dir, both_grids_check, grid_values, half_of_example, json, known_solution,
    loose_board_mistyped, numbrix, numbrix_with_input, stderr, stdout, CLASSIC,
    LOOSE_WITH_ONE_SOLUTION,
};

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
fn a_small_loose_board_with_one_solution_is_shaved_after_the_searchs_first_turn() {
    let board = boards_dir().join(format!("{LOOSE_WITH_ONE_SOLUTION}.csv"));
    let expected = known_solution(LOOSE_WITH_ONE_SOLUTION);
    for solver in ["search", "highs"] {
        let output = numbrix(&[
            "solve",
            board.to_str().unwrap(),
            "--solver",
            solver,
            "--unique",
            "--format",
            "json",
        ]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{solver}: {}",
            stderr(&output)
        );
        let report = json(&output);
        let reduction = &report["stats"]["reduction"];
        assert!(
            reduction["shaving_passes"].as_u64().unwrap() > 0,
            "{solver}"
        );
        assert_eq!(report["unique"], true, "{solver}");
        assert_eq!(report["unique_decided_by"], "reduction", "{solver}");
        assert_eq!(grid_values(&report), expected, "{solver}");
        let search = &report["stats"]["search"];
        assert!(
            search["nodes"].as_u64().unwrap() > 0,
            "{solver}: the search had its turn"
        );
    }
}

#[test]
fn a_small_loose_board_with_a_mistyped_clue_is_refuted_by_shaving_after_the_searchs_first_turn() {
    let text = loose_board_mistyped();
    for solver in ["search", "highs"] {
        let output = numbrix_with_input(
            &[
                "solve", "-", "--solver", solver, "--unique", "--format", "json",
            ],
            text.as_bytes(),
        );
        assert_eq!(
            output.status.code(),
            Some(1),
            "{solver}: {}",
            stderr(&output)
        );
        let report = json(&output);
        assert_eq!(report["status"], "infeasible", "{solver}");
        assert_eq!(report["decided_by"], "reduction", "{solver}");
        assert!(report["grid"].is_null(), "{solver}");
        let search = &report["stats"]["search"];
        assert!(
            search["nodes"].as_u64().unwrap() > 0,
            "{solver}: the search had its turn"
        );
        let line = stderr(&numbrix_with_input(
            &["solve", "-", "--solver", solver],
            text.as_bytes(),
        ));
        assert!(line.contains("found by the reduction, after"), "{line}");
    }
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
    both_grids_check(dir.path(), path, &report);
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

#[test]
fn past_its_budget_the_search_takes_turns_with_the_mip_and_settles_the_board() {
    // Half the clues of 12x12_1: many solutions. From seed 1 the search
    // needs far more than the millisecond of its budget, and neither HiGHS
    // nor CBC settles this board in a minute, let alone in their turns.
    let board = half_of_example("scale/12x12_1");
    let dir = tempfile::tempdir().unwrap();
    let path = board_file(dir.path(), "half_12x12_1.csv", &board.to_csv());
    let path = path.to_str().unwrap();
    for solver in ["highs", "cbc"] {
        let args = [
            "solve",
            path,
            "--solver",
            solver,
            "--unique",
            "--search-budget",
            "0.001",
            "--seed",
            "1",
        ];
        let output = numbrix(&[&args[..], &["--format", "json"]].concat());
        assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
        let report = json(&output);
        assert_eq!(report["unique"], false, "{solver}");
        assert_eq!(report["decided_by"], "search", "{solver}");
        assert_eq!(report["found_by"], "search", "{solver}");
        assert_eq!(report["model_built"], true, "{solver} had a turn");
        both_grids_check(dir.path(), path, &report);
        let line = stderr(&numbrix(&args));
        assert!(line.contains("decided by the search"), "{line}");
        assert!(
            line.contains(&format!("{solver} took turns with it")),
            "{line}"
        );
    }
}

#[test]
fn the_search_goes_on_across_its_turns_and_answers_as_it_does_alone() {
    // The search waits between its turns where it stood: its turns add up
    // to the search `--solver search` runs from the same seed, with the
    // same two solutions after the same nodes.
    let board = half_of_example("scale/12x12_1");
    let dir = tempfile::tempdir().unwrap();
    let path = board_file(dir.path(), "half_12x12_1.csv", &board.to_csv());
    let path = path.to_str().unwrap();
    let common = ["solve", path, "--unique", "--seed", "1", "--format", "json"];
    let turns = json(&numbrix(
        &[&common[..], &["--search-budget", "0.001"]].concat(),
    ));
    let alone = json(&numbrix(&[&common[..], &["--solver", "search"]].concat()));
    assert_eq!(turns["model_built"], true, "HiGHS had a turn");
    assert_eq!(turns["decided_by"], "search");
    assert_eq!(turns["grid"], alone["grid"]);
    assert_eq!(turns["second_solution"], alone["second_solution"]);
    let nodes = |report: &serde_json::Value| report["stats"]["search"]["nodes"].clone();
    assert_eq!(nodes(&turns), nodes(&alone));
    assert_eq!(turns["stats"]["search"]["seed"], 1);
}

#[test]
fn a_turn_of_the_mip_that_settles_the_board_ends_the_turns() {
    // 15x15_1 without shaving: HiGHS proves it unique in about a second,
    // the search only after tens of millions of nodes. From turns of a
    // millisecond, the first turn of HiGHS long enough settles the board,
    // after turns of its own that ran out of time.
    let path = boards_dir().join("scale/15x15_1.csv");
    let output = numbrix(&[
        "solve",
        path.to_str().unwrap(),
        "--unique",
        "--no-shave",
        "--search-budget",
        "0.001",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let report = json(&output);
    assert_eq!(report["status"], "solved");
    assert_eq!(report["unique"], true);
    assert_eq!(report["decided_by"], "solver");
    assert_eq!(report["unique_decided_by"], "solver");
    assert!(report["stopped_in"].is_null());
    assert_eq!(grid_values(&report), known_solution("scale/15x15_1"));
    assert!(!report["stats"]["search"].is_null(), "the search had turns");
    let line = stderr(&output);
    assert!(line.contains("model on highs"), "{line}");
    assert!(
        line.contains(", search "),
        "the line counts the search's turns: {line}"
    );
}

#[test]
fn the_turns_end_at_the_time_limit_with_what_was_found() {
    // 30x30 with 72 clues of a random path: neither engine settles it in
    // a second.
    let board = numbrix::generate::Puzzle::generate(30, 30, 72, 23_308).board;
    let dir = tempfile::tempdir().unwrap();
    let path = board_file(dir.path(), "dense_30x30.csv", &board.to_csv());
    let output = numbrix(&[
        "solve",
        path.to_str().unwrap(),
        "--unique",
        "--time-limit",
        "1",
        "--search-budget",
        "0.05",
        "--format",
        "json",
    ]);
    let report = json(&output);
    assert_eq!(report["status"], "time_limit", "{}", stderr(&output));
    assert_eq!(report["unique"], serde_json::Value::Null);
    match report["stopped_in"].as_str() {
        Some("solve") => assert!(report["grid"].is_null()),
        Some("unique") => assert!(report["grid"].is_array()),
        other => panic!("stopped in {other:?}"),
    }
    assert_eq!(output.status.code(), Some(3));
}
