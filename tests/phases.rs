//! What `solve_with` tells a progress display: the stages a solve goes
//! through, in order.

use numbrix::generate::Puzzle;
use numbrix::solve::{solve_with, Phase};
use numbrix::{Backend, Board, Formulation, Options, Report, SearchBudget, Stage};

mod common;

use common::example;

/// The stages told while solving `board` with `--unique`, each once in a
/// row (the search is told again every few thousand nodes), and the report.
fn stages(board: &Board, options: Options) -> (Vec<String>, Report) {
    let options = Options {
        unique: true,
        ..options
    };
    let mut told: Vec<String> = Vec::new();
    let report = solve_with(board, &options, &mut |phase| {
        let stage = match phase {
            Phase::Searching { .. } => "searching".to_string(),
            other => other.to_string(),
        };
        if told.last() != Some(&stage) {
            told.push(stage);
        }
    })
    .expect("a report");
    (told, report)
}

#[test]
fn a_board_the_search_settles_is_reduced_then_searched() {
    let board = Board::empty(9, 9).unwrap();
    let (told, report) = stages(&board, Options::default());
    assert_eq!(told, ["reducing", "searching"]);
    assert_eq!(report.decided_by, Some(Stage::Search));
}

#[test]
fn a_board_the_reduction_decides_is_shaved_and_given_no_solver() {
    // Its model, built all the same, has no variable left.
    let board = example("scale/15x15_1");
    let (told, report) = stages(&board, Options::default());
    assert_eq!(told, ["reducing", "shaving", "building the model"]);
    assert_eq!(report.decided_by, Some(Stage::Reduction));
}

#[test]
fn a_small_tight_board_is_searched_by_propagation_before_shaving() {
    let board = example("scale/09x09_1");
    let (told, report) = stages(&board, Options::default());
    assert_eq!(told, ["reducing", "searching"]);
    assert_eq!(report.decided_by, Some(Stage::Search));
}

#[test]
fn a_larger_tight_board_with_many_solutions_is_sampled_then_searched() {
    // 44 clues of a random 20x20 path: rules 1-5 leave it tight, and the
    // sample of shaving's first trials finds it loose.
    let board = Puzzle::generate(20, 20, 44, 2010).board;
    let (told, report) = stages(&board, Options::default());
    assert_eq!(told, ["reducing", "shaving", "searching"]);
    assert_eq!(report.unique_decided_by, Some(Stage::Search));
    assert_eq!(report.stats.reduction.unwrap().shaving_passes, 1);
}

#[test]
fn a_board_left_to_the_mip_tells_both_of_its_solves() {
    let board = example("not_unique_9x9");
    for backend in [Backend::Highs, Backend::Cbc] {
        let options = Options {
            search_budget: SearchBudget::Off,
            ..Options::new(Formulation::Assignment, backend)
        };
        let (told, report) = stages(&board, options);
        let solving = |unique| Phase::Solving { backend, unique }.to_string();
        let expected = ["reducing", "shaving", "building the model"].map(String::from);
        assert_eq!(told[..3], expected, "{backend}");
        assert_eq!(told[3..], [solving(false), solving(true)], "{backend}");
        assert_eq!(report.unique, Some(false), "{backend}");
        assert_eq!(report.decided_by, Some(Stage::Solver), "{backend}");
    }
}

#[test]
fn a_small_tight_board_with_many_solutions_gets_a_second_near_its_first_before_shaving() {
    // 10 clues of a random 10x10 path: rules 1-5 leave it as tight as a
    // board with one solution, and the sample finds it tight; shaving it
    // whole would decide nothing.
    let board = Puzzle::generate(10, 10, 10, 9604).board;
    let (told, report) = stages(&board, Options::default());
    assert_eq!(told, ["reducing", "searching", "shaving", "searching"]);
    assert_eq!(report.unique, Some(false));
    assert_eq!(report.unique_decided_by, Some(Stage::Search));
    assert_eq!(report.stats.reduction.unwrap().shaving_passes, 1);
}

#[test]
fn a_tight_board_sampled_loose_gets_a_second_near_its_first_before_shaving() {
    // 44 clues of another random 20x20 path: the sample finds it loose,
    // and the fill finds its first solution late in its try; a second lies
    // near it (without the try for a second near the first, the board is
    // shaved whole).
    let board = Puzzle::generate(20, 20, 44, 2000).board;
    let (told, report) = stages(&board, Options::default());
    assert_eq!(told, ["reducing", "shaving", "searching"]);
    assert_eq!(report.unique, Some(false));
    assert_eq!(report.unique_decided_by, Some(Stage::Search));
    assert_eq!(report.stats.reduction.unwrap().shaving_passes, 1);
}

#[test]
fn a_puzzle_shaving_leaves_undecided_is_deep_shaved_after_the_search_turn() {
    let board = example("deep/minimal_20x20_a");
    let (told, report) = stages(&board, Options::default());
    assert_eq!(
        told,
        [
            "reducing",
            "shaving",
            "searching",
            "deep shaving",
            "building the model"
        ]
    );
    assert_eq!(report.decided_by, Some(Stage::Reduction));
}
