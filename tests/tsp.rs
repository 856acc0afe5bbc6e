//! The travelling-salesman formulations beyond MTZ: lifted MTZ,
//! single-commodity flow, subtour elimination by row generation and
//! multi-commodity flow, on both MIP solvers, and what `compare` and
//! `solve --relax --svg` show of them.

use numbrix::{solve, Backend, Formulation, Options, SearchBudget, Status, Variant};

mod common;
use common::{example, json, known_solution, numbrix, stderr, stdout};

const NEW: [Formulation; 4] = [
    Formulation::LiftedMtz,
    Formulation::Scf,
    Formulation::Dfj,
    Formulation::Mcf,
];

fn faithful(formulation: Formulation, backend: Backend) -> Options {
    Options {
        unique: true,
        variant: Variant::Faithful,
        time_limit: Some(60.0),
        ..Options::new(formulation, backend)
    }
}

#[test]
fn every_new_formulation_solves_the_2x3_board_uniquely_on_highs_and_cbc() {
    let board = example("tiny_2x3");
    for formulation in NEW {
        for backend in Backend::MIP {
            let report = solve(&board, &faithful(formulation, backend)).unwrap();
            assert_eq!(report.status, Status::Solved, "{formulation} on {backend}");
            assert_eq!(report.unique, Some(true), "{formulation} on {backend}");
            let grid = report.grid.unwrap();
            assert_eq!(grid.values(), known_solution("tiny_2x3"));
        }
    }
}

#[test]
fn every_new_formulation_finds_the_second_solution_of_a_3x3_board_with_one_clue() {
    let board = numbrix::Board::parse(b"1,,\n,,\n,,\n").unwrap();
    for formulation in NEW {
        for backend in Backend::MIP {
            let report = solve(&board, &faithful(formulation, backend)).unwrap();
            assert_eq!(report.unique, Some(false), "{formulation} on {backend}");
            assert_ne!(report.grid, report.second_solution);
        }
    }
}

#[test]
fn every_new_formulation_solves_the_classic_board_reduced_without_shaving_on_cbc() {
    let board = example("classic_9x9");
    for formulation in [Formulation::LiftedMtz, Formulation::Scf, Formulation::Dfj] {
        let options = Options {
            variant: Variant::UNSHAVED,
            search_budget: SearchBudget::Off,
            ..faithful(formulation, Backend::Cbc)
        };
        let report = solve(&board, &options).unwrap();
        assert_eq!(report.unique, Some(true), "{formulation}");
        assert_eq!(report.grid.unwrap().values(), known_solution("classic_9x9"));
    }
}

#[test]
fn dfj_reports_its_rounds_and_rows_for_both_solves() {
    let output = numbrix(&[
        "solve",
        "examples/boards/scale/06x06_1.csv",
        "--model",
        "dfj",
        "--no-shave",
        "--search-budget",
        "0",
        "--unique",
        "--format",
        "json",
    ]);
    let report = json(&output);
    assert_eq!(report["unique"], true, "{}", stderr(&output));
    let subtours = &report["stats"]["subtours"];
    assert!(subtours["rounds"].as_u64().unwrap() >= 1, "{subtours}");
    assert!(subtours["rows"].as_u64().is_some());
    assert!(subtours["unique_rounds"].as_u64().unwrap() >= 1);
    let mtz = json(&numbrix(&[
        "solve",
        "examples/boards/tiny_2x3.csv",
        "--model",
        "mtz",
        "--format",
        "json",
    ]));
    assert_eq!(mtz["stats"]["subtours"], serde_json::Value::Null);
}

/// A 4x4 board with 1 and 16 only: the path can leave cells out and the
/// labels let them circle away from the depot, so the rounds meet subtours.
const OPEN_4X4: &[u8] = b",,,\n1,,,\n,,,\n,,,16\n";

#[test]
fn dfj_answers_a_subtour_prone_board_right_on_highs_and_cbc() {
    let open = numbrix::Board::parse(OPEN_4X4).unwrap();
    // One clue more, and the board has one solution (numbrix count).
    let unique = open.with_clue(numbrix::Cell::new(1, 2), Some(7)).unwrap();
    for backend in Backend::MIP {
        let report = solve(&open, &faithful(Formulation::Dfj, backend)).unwrap();
        assert_eq!(report.unique, Some(false), "{backend}");
        let (first, second) = (report.grid.unwrap(), report.second_solution.unwrap());
        assert_ne!(first, second, "{backend}");
        for grid in [first, second] {
            numbrix::check_values(&open, grid.values().to_vec()).unwrap();
        }
        let report = solve(&unique, &faithful(Formulation::Dfj, backend)).unwrap();
        assert_eq!(report.unique, Some(true), "{backend}");
        let grid = report.grid.unwrap();
        assert_eq!(
            grid.values(),
            [2, 3, 4, 5, 1, 8, 7, 6, 10, 9, 14, 15, 11, 12, 13, 16],
            "{backend}"
        );
    }
}

/// The grid of a unique `board`'s faithful MTZ model on `backend`, the
/// search off so that the solver answers, checked to be solved and unique.
fn faithful_mtz_unique_grid(board: &[u8], backend: Backend) -> Vec<u32> {
    let board = numbrix::Board::parse(board).unwrap();
    let options = Options {
        search_budget: SearchBudget::Off,
        ..faithful(Formulation::Mtz, backend)
    };
    let report = solve(&board, &options).unwrap();
    assert_eq!(report.status, Status::Solved);
    assert_eq!(report.unique, Some(true));
    report.grid.unwrap().values().to_vec()
}

#[test]
fn a_cbc_answer_that_breaks_a_row_after_preprocessing_is_asked_again_without_it() {
    // On this unique board CBC's preprocessing fixes every column of the
    // faithful MTZ model after the no-good cut, finds the result infeasible,
    // and still reports as optimal a tour that closes after 12 cells.
    let board = b"13,14,15,16\n12,,10,9\n1,4,5,8\n,3,6,7\n";
    assert_eq!(
        faithful_mtz_unique_grid(board, Backend::Cbc),
        [13, 14, 15, 16, 12, 11, 10, 9, 1, 4, 5, 8, 2, 3, 6, 7]
    );
}

#[test]
fn a_highs_solve_error_after_presolve_is_asked_again_without_it() {
    // On this unique 8x2 board HiGHS's presolve reduces the faithful MTZ
    // model to nothing, and HiGHS then refuses its own answer, which breaks
    // a row: "MIP solver claims optimality, but with ... infeasibilities".
    let board = b"4,3\n,\n6,1\n7,8\n,\n15,\n,\n13,\n";
    assert_eq!(
        faithful_mtz_unique_grid(board, Backend::Highs),
        [4, 3, 5, 2, 6, 1, 7, 8, 16, 9, 15, 10, 14, 11, 13, 12]
    );
}

#[test]
fn mcf_is_refused_above_100_cells_with_the_size_in_the_message() {
    let output = numbrix(&[
        "solve",
        "examples/boards/scale/12x12_1.csv",
        "--model",
        "mcf",
        "--faithful",
    ]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(message.contains("12x12 board (144 cells)"), "{message}");
    assert!(message.contains("100 cells for --model mcf"), "{message}");
    assert_eq!(stdout(&output), "");
}

#[test]
fn relax_svg_draws_the_arcs_of_a_tour_model_and_the_values_of_the_assignment_model() {
    let dir = tempfile::tempdir().unwrap();
    for (model, element) in [
        ("scf", "<line class=\"arc\""),
        ("assignment", "class=\"weight\""),
    ] {
        let path = dir.path().join(format!("{model}.svg"));
        let output = numbrix(&[
            "solve",
            "examples/boards/scale/09x09_1.csv",
            "--relax",
            "--faithful",
            "--model",
            model,
            "--svg",
            path.to_str().unwrap(),
        ]);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let picture = std::fs::read_to_string(&path).unwrap();
        assert!(picture.contains(element), "{model}: no {element}");
        assert!(picture.contains("binaries fractional"));
    }
}

#[test]
fn compare_reports_the_root_lp_and_the_lp_after_the_cut() {
    let output = numbrix(&[
        "compare",
        "examples/boards/tiny_2x3.csv",
        "--models",
        "mtz,lifted-mtz",
        "--solvers",
        "highs",
        "--variants",
        "faithful",
        "--unique",
        "--format",
        "json",
    ]);
    let comparison = json(&output);
    let rows = comparison["measurements"].as_array().unwrap();
    let mtz = &rows[0];
    assert_eq!(mtz["model"], "mtz");
    assert_eq!(mtz["root_lp_infeasible"], false);
    assert!(mtz["root_fractional"].as_u64().unwrap() > 0);
    // Measured: the lifted rows alone make the LP after the cut infeasible.
    let lifted = &rows[1];
    assert_eq!(lifted["model"], "lifted-mtz");
    assert_eq!(lifted["cut_lp_infeasible"], true);
    assert_eq!(lifted["subtour_rounds"], serde_json::Value::Null);
}
