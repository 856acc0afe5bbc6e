//! Loose boards past 16x16 with one solution, or none, or few, through the
//! binary: the search alone (`--solver search`) takes turns with shaving,
//! as nothing else there can prove that a second solution does not exist
//! (a short `--search-budget` makes the turns short), and the default
//! `solve` shaves such a board after the search's budget, however long
//! the time limit.

mod common;

use common::{
    board_file, boards_dir, both_grids_check, grid_values, json, known_solution,
    larger_loose_board_with, numbrix, stderr, LARGER_LOOSE_WITH_ONE_SOLUTION,
};

/// `solve BOARD --solver search --unique --format json` with this search
/// budget (the turns' first length) and time limit (where the search
/// alone would otherwise go on for hours).
fn search_alone(board: &str, budget: &str, time_limit: &str) -> std::process::Output {
    numbrix(&[
        "solve",
        board,
        "--solver",
        "search",
        "--unique",
        "--format",
        "json",
        "--search-budget",
        budget,
        "--time-limit",
        time_limit,
    ])
}

#[test]
fn the_search_alone_proves_a_larger_loose_puzzle_unique_by_turns_with_shaving() {
    let board = boards_dir().join(format!("{LARGER_LOOSE_WITH_ONE_SOLUTION}.csv"));
    let output = search_alone(board.to_str().unwrap(), "0.05", "60");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let report = json(&output);
    assert_eq!(report["unique"], true);
    assert_eq!(report["unique_decided_by"], "reduction");
    assert_eq!(
        grid_values(&report),
        known_solution(LARGER_LOOSE_WITH_ONE_SOLUTION)
    );
    assert!(
        report["stats"]["reduction"]["shaving_passes"]
            .as_u64()
            .unwrap()
            > 0
    );
    assert!(
        report["stats"]["search"]["nodes"].as_u64().unwrap() > 0,
        "the search had its turns"
    );
    assert_eq!(report["model_built"], false);
}

#[test]
fn the_search_alone_refutes_a_larger_loose_puzzle_with_a_mistyped_clue() {
    let dir = tempfile::tempdir().unwrap();
    let board = board_file(dir.path(), "typo.csv", &larger_loose_board_with(146, 144));
    let output = search_alone(board.to_str().unwrap(), "0.05", "60");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let report = json(&output);
    assert_eq!(report["status"], "infeasible");
    assert_eq!(report["decided_by"], "reduction");
    assert!(report["grid"].is_null());
}

#[test]
fn the_search_alone_finds_two_solutions_within_what_shaving_leaves() {
    // 135 typed as 133: two solutions or more, which the search over rules
    // 1-5's domains misses for minutes and finds at once over the shaved ones.
    let dir = tempfile::tempdir().unwrap();
    let text = larger_loose_board_with(135, 133);
    let board = board_file(dir.path(), "typo.csv", &text);
    let board = board.to_str().unwrap();
    let output = search_alone(board, "0.05", "60");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let report = json(&output);
    assert_eq!(report["status"], "solved");
    assert_eq!(report["unique"], false);
    assert_eq!(report["unique_decided_by"], "search");
    assert_ne!(report["grid"], report["second_solution"]);
    both_grids_check(dir.path(), board, &report);
}

#[test]
fn compares_search_row_proves_a_larger_loose_puzzle_unique_as_solve_does() {
    let board = boards_dir().join(format!("{LARGER_LOOSE_WITH_ONE_SOLUTION}.csv"));
    let output = numbrix(&[
        "compare",
        board.to_str().unwrap(),
        "--solvers",
        "search",
        "--unique",
        "--time-limit",
        "60",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let row = &json(&output)["measurements"][0];
    assert_eq!(row["solver"], "search");
    assert_eq!(row["status"], "solved");
    assert_eq!(row["unique"], true);
}

#[test]
fn the_search_alone_with_no_budget_is_never_shaved() {
    let board = boards_dir().join(format!("{LARGER_LOOSE_WITH_ONE_SOLUTION}.csv"));
    let output = search_alone(board.to_str().unwrap(), "0", "0.5");
    assert_eq!(output.status.code(), Some(3), "{}", stderr(&output));
    let report = json(&output);
    assert_eq!(report["status"], "time_limit");
    assert_eq!(report["stats"]["reduction"]["shaving_passes"], 0);
}

#[test]
fn the_default_solve_shaves_a_larger_loose_puzzle_before_half_its_time_limit() {
    // The search's default budget on 18x18 is 2.16 s; half the limit, 10 s,
    // is what the search had before shaving when the limit stretched it.
    let board = boards_dir().join(format!("{LARGER_LOOSE_WITH_ONE_SOLUTION}.csv"));
    let board = board.to_str().unwrap();
    let output = numbrix(&[
        "solve",
        board,
        "--unique",
        "--time-limit",
        "20",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let report = json(&output);
    assert_eq!(report["unique"], true);
    assert_eq!(report["unique_decided_by"], "reduction");
    let search_ms = report["stats"]["search"]["ms"].as_f64().unwrap();
    assert!(
        search_ms < 10_000.0,
        "the search's first turn was its budget, not half the limit: {search_ms} ms"
    );
}

/// A 20x20 snake (row r left to right when r is even, right to left when
/// odd) with a clue at each row-major index i where i % 21 == 3, and the
/// clue `from` typed as `to`: loose after rules 1-5, and shaving it takes
/// seconds.
fn snake_with_a_clue_every_21_cells(from: u32, to: u32) -> String {
    let side = 20;
    let mut text = String::new();
    for row in 0..side {
        let cells: Vec<String> = (0..side)
            .map(|col| {
                let along = if row % 2 == 0 { col } else { side - 1 - col };
                let value = (row * side + along + 1) as u32;
                match (row * side + col) % 21 == 3 {
                    true if value == from => to.to_string(),
                    true => value.to_string(),
                    false => String::new(),
                }
            })
            .collect();
        text += &(cells.join(",") + "\n");
    }
    text
}

#[test]
fn a_count_takes_turns_with_shaving_until_shaving_ends() {
    // 188 typed as 186: two solutions (HiGHS's count says so too), which
    // the count over what the first turn of shaving left did not find in
    // 20 s.
    let dir = tempfile::tempdir().unwrap();
    let text = snake_with_a_clue_every_21_cells(188, 186);
    let board = board_file(dir.path(), "snake.csv", &text);
    let output = numbrix(&[
        "count",
        board.to_str().unwrap(),
        "--limit",
        "10",
        "--time-limit",
        "120",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let count = json(&output);
    assert_eq!(count["solutions"], 2);
    assert_eq!(count["complete"], true);
}
