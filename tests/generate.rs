//! `numbrix generate` and `numbrix minimize`, and the puzzles they make:
//! unique (cross-checked with the MIP on HiGHS and CBC), minimal, with the
//! written solution, the same bytes from the same seed.

mod common;

use std::fs;

use common::{numbrix, stderr, stdout};
use numbrix::generate::{other_solution, ClueRule, Generated, Level, Request, Uniqueness};
use numbrix::{
    check_values, solve, Backend, Board, Cell, Filled, Formulation, Options, SearchBudget, Status,
};

fn puzzle(rows: usize, cols: usize, clues: ClueRule, seed: u64) -> Generated {
    let request = Request {
        seed,
        ..Request::new(rows, cols, clues)
    };
    request.puzzle(0, None).expect("a puzzle is made")
}

/// The MIP alone (no search ahead, so the solver answers) proves `board`
/// unique with `solution`.
fn mip_says_unique(board: &Board, solution: &[u32], backend: Backend) {
    let options = Options {
        unique: true,
        search_budget: SearchBudget::Off,
        ..Options::new(Formulation::Assignment, backend)
    };
    let report = solve(board, &options).expect("the MIP runs");
    assert_eq!(report.status, Status::Solved, "{backend}");
    assert_eq!(report.unique, Some(true), "{backend}");
    assert_eq!(report.grid.expect("a grid").values(), solution, "{backend}");
}

#[test]
fn generated_puzzles_are_unique_for_highs_and_cbc() {
    for (clues, seed) in [
        (ClueRule::Minimal, 1),
        (ClueRule::Newspaper, 2),
        (ClueRule::Count(20), 3),
    ] {
        let made = puzzle(7, 7, clues, seed);
        for backend in [Backend::Highs, Backend::Cbc] {
            mip_says_unique(&made.board, made.solution.values(), backend);
        }
    }
}

#[test]
fn a_minimal_puzzle_loses_uniqueness_when_any_clue_goes() {
    let made = puzzle(8, 8, ClueRule::Minimal, 5);
    for (cell, _) in made.board.clues() {
        let without = made.board.with_clue(cell, None).unwrap();
        assert!(
            matches!(
                other_solution(&without, &made.solution, None),
                Uniqueness::Another(_)
            ),
            "the clue at {cell} could go"
        );
    }
}

#[test]
fn a_puzzle_with_a_level_has_that_level() {
    let request = Request {
        seed: 4,
        level: Some(Level::Support),
        ..Request::new(7, 7, ClueRule::Minimal)
    };
    let made = request.puzzle(0, None).unwrap();
    assert_eq!(made.difficulty.level, Level::Support);
    assert_eq!(
        numbrix::generate::rate(&made.board, None).unwrap(),
        made.difficulty
    );
}

#[test]
fn n_clues_gives_exactly_n() {
    assert_eq!(puzzle(9, 9, ClueRule::Count(30), 6).board.clue_count(), 30);
}

#[test]
fn generate_writes_each_board_with_its_solution() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let output = numbrix(&[
        "generate", "--rows", "6", "--cols", "7", "--seed", "11", "--count", "3", "--out", out,
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output).lines().count(), 3);
    for seed in 11..14 {
        let name = format!("6x7_minimal_{seed}");
        let board = Board::read(&dir.path().join(format!("{name}.csv"))).unwrap();
        let solution = Filled::read(&dir.path().join(format!("{name}.solution.csv"))).unwrap();
        let values: Vec<u32> = solution.values.iter().map(|v| v.unwrap() as u32).collect();
        let solution = check_values(&board, values).expect("the written solution solves the board");
        assert_eq!(other_solution(&board, &solution, None), Uniqueness::Unique);
    }
}

#[test]
fn a_board_one_column_wide_is_written_so_that_it_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let output = numbrix(&["generate", "--rows", "5", "--cols", "1", "--out", out]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let board = Board::read(&dir.path().join("5x1_minimal_0.csv")).unwrap();
    assert_eq!((board.rows(), board.cols()), (5, 1));
    let solution = Filled::read(&dir.path().join("5x1_minimal_0.solution.csv")).unwrap();
    let values: Vec<u32> = solution.values.iter().map(|v| v.unwrap() as u32).collect();
    check_values(&board, values).expect("the written solution solves the board read back");
}

#[test]
fn the_same_seed_writes_the_same_bytes() {
    let read_all = |dir: &std::path::Path| {
        let mut files: Vec<(String, Vec<u8>)> = fs::read_dir(dir)
            .unwrap()
            .map(|entry| {
                let entry = entry.unwrap();
                let name = entry.file_name().to_string_lossy().into_owned();
                (name, fs::read(entry.path()).unwrap())
            })
            .collect();
        files.sort();
        files
    };
    let mut runs = Vec::new();
    for _ in 0..2 {
        let dir = tempfile::tempdir().unwrap();
        let args = [
            "generate",
            "--rows",
            "7",
            "--cols",
            "7",
            "--clues",
            "newspaper",
            "--seed",
            "5",
            "--count",
            "2",
            "--out",
        ];
        let output = numbrix(&[&args[..], &[dir.path().to_str().unwrap()]].concat());
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        runs.push((read_all(dir.path()), stdout(&output)));
    }
    assert_eq!(runs[0].0.len(), 4);
    assert_eq!(runs[0], runs[1]);
}

#[test]
fn an_out_directory_that_does_not_exist_is_refused_at_once() {
    let output = numbrix(&[
        "generate",
        "--rows",
        "30",
        "--cols",
        "30",
        "--out",
        "no/such/dir",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr(&output), "numbrix: no/such/dir: no such directory\n");
    assert!(stdout(&output).is_empty());
}

#[test]
fn an_out_path_that_is_a_file_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("board.csv");
    std::fs::write(&file, "1,,\n6,,\n").unwrap();
    let out = file.to_str().unwrap();
    let output = numbrix(&["generate", "--rows", "4", "--cols", "4", "--out", out]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        format!("numbrix: {out}: not a directory\n")
    );
    assert!(stdout(&output).is_empty());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "1,,\n6,,\n");
}

#[test]
fn more_clues_than_cells_is_a_usage_error() {
    let output = numbrix(&["generate", "--rows", "3", "--cols", "3", "--clues", "10"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("10 clues do not fit on a 3x3 board"));
}

#[test]
fn an_unreachable_clue_count_says_how_close_it_came() {
    let output = numbrix(&[
        "generate",
        "--rows",
        "9",
        "--cols",
        "9",
        "--clues",
        "2",
        "--attempts",
        "2",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let message = stderr(&output);
    assert!(
        message.starts_with("numbrix: 9x9_2clues_0: no unique 9x9 puzzle with 2 clues in 2 attempts: the fewest reached was "),
        "{message}"
    );
}

#[test]
fn one_clue_in_one_attempt_is_said_in_the_singular() {
    let output = numbrix(&[
        "generate",
        "--rows",
        "2",
        "--cols",
        "2",
        "--clues",
        "1",
        "--attempts",
        "1",
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        "numbrix: 2x2_1clues_0: no unique 2x2 puzzle with 1 clue in 1 attempt: the fewest reached was 2\n"
    );
}

#[test]
fn generate_json_names_the_level() {
    let output = numbrix(&["generate", "--rows", "6", "--cols", "6", "--format", "json"]);
    assert_eq!(output.status.code(), Some(0));
    let json = common::json(&output);
    let puzzle = &json["puzzles"][0];
    assert_eq!(puzzle["name"], "6x6_minimal_0");
    assert!(puzzle["level"]
        .as_str()
        .is_some_and(|level| level.parse::<Level>().is_ok()));
    assert_eq!(puzzle["unique"], true);
}

#[test]
fn a_generated_board_printed_reads_back_as_a_board() {
    let output = numbrix(&["generate", "--rows", "6", "--cols", "6", "--seed", "3"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let printed = stdout(&output);
    assert!(printed.starts_with("# 6x6_minimal_3: 6x6, "), "{printed}");
    let solved = common::numbrix_with_input(&["solve", "-", "--unique"], printed.as_bytes());
    assert_eq!(solved.status.code(), Some(0), "{}", stderr(&solved));
}

#[test]
fn minimize_keeps_the_solution_with_fewer_clues() {
    let output = numbrix(&["minimize", "examples/boards/classic_9x9.csv"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let board = Board::parse(stdout(&output).as_bytes()).unwrap();
    let classic = common::example("classic_9x9");
    assert!(board.clue_count() < classic.clue_count());
    let solution = check_values(&board, common::known_solution("classic_9x9")).unwrap();
    assert_eq!(other_solution(&board, &solution, None), Uniqueness::Unique);
}

#[test]
fn minimize_says_one_clue_in_the_singular() {
    let output = common::numbrix_with_input(&["minimize", "-"], b"1,\n");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output), "1,\n");
    assert!(
        stderr(&output).starts_with("kept 1 of 1 clue (no one of them can go)"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn minimize_refuses_a_board_with_two_solutions() {
    let output = numbrix(&["minimize", "examples/boards/not_unique_9x9.csv"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).starts_with(
        "numbrix: examples/boards/not_unique_9x9.csv: not unique: two solutions differ in "
    ));
    assert!(stdout(&output).is_empty());
}

#[test]
fn minimize_refuses_a_board_without_solution() {
    let output = numbrix(&["minimize", "examples/boards/infeasible_colour_9x9.csv"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output)
        .starts_with("numbrix: examples/boards/infeasible_colour_9x9.csv: no solution: "));
    assert!(stdout(&output).is_empty());
}

#[test]
fn minimize_out_of_time_before_the_board_is_proved_unique_prints_nothing() {
    // Proving 30x30_1 unique alone takes longer than this.
    let output = numbrix(&[
        "minimize",
        "examples/boards/scale/30x30_1.csv",
        "--time-limit",
        "0.2",
    ]);
    assert_eq!(output.status.code(), Some(3), "{}", stderr(&output));
    assert_eq!(
        stderr(&output),
        "numbrix: examples/boards/scale/30x30_1.csv: the time limit was reached before the board was proved unique\n"
    );
    assert!(stdout(&output).is_empty());
}

#[test]
fn minimize_out_of_time_prints_the_unique_board_it_reached() {
    // scale/20x20_1 with every third cell of its solution given as well:
    // proved unique at once, then 173 clues to try, several seconds' work.
    let solution = common::known_solution("scale/20x20_1");
    let mut board = common::example("scale/20x20_1");
    for (index, &value) in solution.iter().enumerate().step_by(3) {
        let cell = Cell::new(index / 20, index % 20);
        board = board.with_clue(cell, Some(value)).unwrap();
    }
    let dir = tempfile::tempdir().unwrap();
    let path = common::board_file(dir.path(), "crowded.csv", &board.to_csv());
    let output = numbrix(&[
        "minimize",
        path.to_str().unwrap(),
        "--time-limit",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(3), "{}", stderr(&output));
    let reached = common::json(&output);
    assert_eq!(reached["clues_before"], 173);
    assert_eq!(reached["minimal"], false);
    assert_eq!(reached["level"], serde_json::Value::Null);
    let printed: Vec<Vec<Option<u32>>> = serde_json::from_value(reached["board"].clone()).unwrap();
    let printed = Board::new(20, 20, printed.into_iter().flatten().collect()).unwrap();
    assert_eq!(reached["clues"], printed.clue_count());
    for (cell, value) in printed.clues() {
        assert_eq!(board.clue(cell), Some(value), "a clue of the given board");
    }
    let solution = check_values(&printed, solution).unwrap();
    assert_eq!(
        other_solution(&printed, &solution, None),
        Uniqueness::Unique
    );
    assert_eq!(
        stderr(&output),
        format!(
            "numbrix: {}: the time limit was reached before every clue was tried: the board printed keeps {} of 173 clues and the same unique solution, but some of them may still go\n",
            path.display(),
            printed.clue_count()
        )
    );
}
