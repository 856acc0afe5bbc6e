//! numbrix's own search, on its own: the numbers of paths of empty boards
//! (known sequences), agreement with a brute force that tries every path on
//! small boards, and the example boards.

use numbrix::generate::Puzzle;
use numbrix::search::{
    branch, search, search_bounded, search_side_by_side, Limits, Outcome, Searches,
};
use numbrix::{check_values, Board, Domains};
use proptest::prelude::*;

mod common;

use common::{brute_force, cases, example, known_solution, small_board};

/// Every solution, no clock.
const ALL: Limits = Limits::ALL;

/// The search over the board's own rules 1-5 (no domains handed in).
fn search_alone(board: &Board, limits: &Limits) -> Outcome {
    search(board, None, limits, &mut |_| {})
}

/// How many solutions the search counts, and whether it searched everything.
fn count(board: &Board) -> (u64, bool) {
    let outcome = search_alone(board, &ALL);
    (outcome.count, outcome.complete)
}

#[test]
fn counts_the_paths_of_empty_square_boards_as_oeis_a096969() {
    for (side, paths) in [(1, 1), (2, 8), (3, 40), (4, 552), (5, 8648)] {
        let board = Board::empty(side, side).unwrap();
        assert_eq!(count(&board), (paths, true), "{side}x{side}");
    }
}

#[test]
fn counts_the_paths_of_empty_rectangles_as_twice_oeis_a332307() {
    for (rows, cols, paths) in [
        (1, 5, 2),
        (2, 3, 16),
        (2, 4, 28),
        (2, 5, 44),
        (3, 4, 124),
        (3, 5, 264),
        (4, 5, 2012),
        (5, 4, 2012),
    ] {
        let board = Board::empty(rows, cols).unwrap();
        assert_eq!(count(&board), (paths, true), "{rows}x{cols}");
    }
}

#[test]
fn counts_of_empty_rectangles_match_the_brute_force() {
    for (rows, cols) in [(1, 1), (1, 2), (2, 2), (2, 3), (3, 3), (3, 4), (4, 4)] {
        let board = Board::empty(rows, cols).unwrap();
        let paths = brute_force(&board).len() as u64;
        assert_eq!(count(&board), (paths, true), "{rows}x{cols}");
    }
}

#[test]
fn stops_at_the_solutions_asked_for_and_says_it_did_not_finish() {
    let board = Board::empty(4, 4).unwrap();
    let two = Limits::up_to(2);
    let outcome = search_alone(&board, &two);
    assert_eq!(outcome.count, 2);
    assert!(!outcome.complete);
    assert_eq!(outcome.solutions.len(), 2);
    assert_ne!(outcome.solutions[0], outcome.solutions[1]);
}

#[test]
fn finds_the_one_solution_of_each_unique_example_board_and_proves_it_unique() {
    for name in ["tiny_2x3", "classic_9x9", "border_9x9", "hard_9x9"] {
        let outcome = search_alone(&example(name), &ALL);
        assert_eq!((outcome.count, outcome.complete), (1, true), "{name}");
        assert_eq!(
            outcome.solutions[0].values(),
            known_solution(name),
            "{name}"
        );
    }
}

#[test]
fn finds_two_different_checked_solutions_of_the_board_with_many() {
    let board = example("not_unique_9x9");
    let two = Limits::up_to(2);
    let outcome = search_alone(&board, &two);
    assert_eq!(outcome.solutions.len(), 2);
    let [first, second] = [&outcome.solutions[0], &outcome.solutions[1]];
    assert_ne!(first, second);
    for solution in [first, second] {
        assert!(check_values(&board, solution.values().to_vec()).is_ok());
    }
}

#[test]
fn proves_the_infeasible_example_boards_have_no_solution() {
    for name in [
        "infeasible_colour_9x9",
        "infeasible_distance_9x9",
        "infeasible_parity_6x6",
        "infeasible_solver_9x9",
    ] {
        let outcome = search_alone(&example(name), &ALL);
        assert_eq!((outcome.count, outcome.complete), (0, true), "{name}");
        assert!(outcome.solutions.is_empty());
    }
}

proptest! {
    #![proptest_config(cases(300))]

    /// On boards of up to 20 cells the search finds exactly the solutions
    /// the brute force finds, each one checked, with the reduction's domains
    /// or without them.
    #[test]
    fn finds_exactly_the_solutions_a_brute_force_finds(
        rows in 1usize..=4,
        cols in 1usize..=5,
        clue_share in 0usize..=100,
        stray in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let clues = rows * cols * clue_share / 100;
        let board = small_board(rows, cols, clues, stray, seed);
        let expected = brute_force(&board);
        let outcome = search_alone(&board, &ALL);
        prop_assert!(outcome.complete);
        prop_assert_eq!(outcome.count, expected.len() as u64);
        for solution in &outcome.solutions {
            prop_assert!(check_values(&board, solution.values().to_vec()).is_ok());
            prop_assert!(expected.binary_search(&solution.values().to_vec()).is_ok());
        }
        // Handed the reduction's domains, it agrees (a refuted board has none).
        match Domains::reduce(&board) {
            Ok(domains) => {
                let outcome = search(&board, Some(&domains), &ALL, &mut |_| {});
                prop_assert_eq!(outcome.count, expected.len() as u64);
            }
            Err(_) => prop_assert!(expected.is_empty()),
        }
    }

    /// The search by propagation, over rules 1-5's domains, finds exactly
    /// the solutions the brute force finds, each one checked.
    #[test]
    fn the_search_by_propagation_finds_exactly_the_solutions_a_brute_force_finds(
        rows in 1usize..=4,
        cols in 1usize..=5,
        clue_share in 0usize..=100,
        stray in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let clues = rows * cols * clue_share / 100;
        let board = small_board(rows, cols, clues, stray, seed);
        let expected = brute_force(&board);
        let Ok(domains) = Domains::reduce_with(&board, false, None) else {
            prop_assert!(expected.is_empty());
            return Ok(());
        };
        let outcome = branch(&board, &domains, &ALL, u64::MAX);
        prop_assert!(outcome.complete);
        prop_assert_eq!(outcome.count, expected.len() as u64);
        for solution in &outcome.solutions {
            prop_assert!(check_values(&board, solution.values().to_vec()).is_ok());
            prop_assert!(expected.binary_search(&solution.values().to_vec()).is_ok());
        }
    }

    /// Asked for two, it finds min(2, all) distinct checked solutions.
    #[test]
    fn asked_for_two_finds_two_distinct_solutions_or_all_there_are(
        rows in 2usize..=4,
        cols in 2usize..=5,
        clue_share in 0usize..=40,
        seed in any::<u64>(),
    ) {
        let clues = rows * cols * clue_share / 100;
        let board = small_board(rows, cols, clues, false, seed);
        let expected = brute_force(&board);
        let two = Limits::up_to(2);
        let outcome = search_alone(&board, &two);
        prop_assert_eq!(outcome.solutions.len(), expected.len().min(2));
        prop_assert_eq!(outcome.complete, expected.len() < 2);
        if outcome.solutions.len() == 2 {
            prop_assert_ne!(&outcome.solutions[0], &outcome.solutions[1]);
        }
        for solution in &outcome.solutions {
            prop_assert!(expected.binary_search(&solution.values().to_vec()).is_ok());
        }
    }
}

#[test]
fn a_large_board_with_scattered_clues_gets_a_checked_solution_within_a_node_budget() {
    // 40 clues of a random 20x20 path (the benchmark's board with 10 %):
    // plain restarts thrash here; runs that start from repairs do not.
    let puzzle = Puzzle::generate(20, 20, 40, 2010);
    let limits = Limits::up_to(1);
    let outcome = search_bounded(&puzzle.board, None, &limits, 400_000, &mut |_| {});
    let found = outcome
        .solutions
        .first()
        .expect("a solution within the budget");
    assert!(check_values(&puzzle.board, found.values().to_vec()).is_ok());
    assert!(puzzle
        .board
        .clues()
        .all(|(cell, value)| found.value(cell) == value));
}

#[test]
fn a_board_that_needs_the_second_fill_gets_the_same_two_solutions_on_every_run() {
    // 15x15_1 without its 2nd, 4th, 6th, ... clues: the first fill has not
    // found a solution after 256 nodes per cell, and a second one joins it.
    let full = example("scale/15x15_1");
    let mut board = full.clone();
    for (place, (cell, _)) in full.clues().enumerate() {
        if place % 2 == 1 {
            board = board.with_clue(cell, None).unwrap();
        }
    }
    let two = Limits::up_to(2);
    let first = search_alone(&board, &two);
    let again = search_alone(&board, &two);
    assert!(
        first.nodes > 256 * board.len() as u64,
        "{} nodes",
        first.nodes
    );
    assert_eq!(first.count, 2);
    assert_ne!(first.solutions[0], first.solutions[1]);
    assert_eq!(first.solutions, again.solutions);
    assert_eq!(first.nodes, again.nodes);
}

#[test]
fn a_large_board_with_few_clues_gets_its_first_solution_from_the_local_search() {
    // 27 clues of a random 30x30 path (the benchmark's board with 3 %): the
    // fill alone finds no solution here in 10 s; taking turns with the
    // local search, two come within a few hundred thousand nodes.
    let puzzle = Puzzle::generate(30, 30, 27, 3003);
    let two = Limits::up_to(2);
    let outcome = search_bounded(&puzzle.board, None, &two, 2_000_000, &mut |_| {});
    assert_eq!(
        outcome.count, 2,
        "{} nodes, {} moves",
        outcome.nodes, outcome.moves
    );
    assert!(outcome.moves > 0, "the local search ran");
    assert_ne!(outcome.solutions[0], outcome.solutions[1]);
    for solution in &outcome.solutions {
        assert!(check_values(&puzzle.board, solution.values().to_vec()).is_ok());
    }
    let again = search_bounded(&puzzle.board, None, &two, 2_000_000, &mut |_| {});
    assert_eq!(
        outcome.solutions, again.solutions,
        "the same answer on every run"
    );
}

#[test]
fn progress_is_heard_while_the_local_search_takes_its_turns() {
    // The fill reports every 256 nodes, the local search every 65,536
    // moves: a progress bar does not stand still through either.
    let puzzle = Puzzle::generate(30, 30, 27, 3003);
    let one = Limits::up_to(1);
    let mut heard = 0u64;
    let outcome = search_bounded(&puzzle.board, None, &one, 2_000_000, &mut |_| heard += 1);
    assert_eq!(outcome.count, 1);
    assert!(outcome.moves > 65_536, "{} moves", outcome.moves);
    let expected = outcome.nodes / 256 + outcome.moves / 65_536;
    assert!(
        heard >= expected,
        "heard {heard} times, expected {expected}"
    );
}

#[test]
fn a_board_with_clues_close_together_is_left_to_the_fill() {
    // 10 % of a 20x20 board: 10 values per clue, too tight for the local
    // search to take turns.
    let puzzle = Puzzle::generate(20, 20, 40, 2010);
    let two = Limits::up_to(2);
    let outcome = search_alone(&puzzle.board, &two);
    assert_eq!((outcome.count, outcome.moves), (2, 0));
}

/// Two solutions, asked of `threads` searches side by side.
fn two_side_by_side(board: &Board, domains: Option<&Domains>, threads: usize) -> Outcome {
    two_from(board, domains, Searches { threads, seed: 0 })
}

/// Two solutions, asked of `searches`.
fn two_from(board: &Board, domains: Option<&Domains>, searches: Searches) -> Outcome {
    let two = Limits::up_to(2);
    search_side_by_side(board, domains, &two, u64::MAX, searches, None, &mut |_| {})
}

#[test]
fn searches_side_by_side_find_two_checked_solutions_of_a_loose_board() {
    let board = Puzzle::generate(16, 16, 8, 7).board;
    let outcome = two_side_by_side(&board, None, 3);
    assert_eq!(outcome.solutions.len(), 2);
    assert_ne!(outcome.solutions[0], outcome.solutions[1]);
    for solution in &outcome.solutions {
        assert!(check_values(&board, solution.values().to_vec()).is_ok());
    }
}

#[test]
fn progress_of_searches_side_by_side_counts_the_nodes_of_all_of_them() {
    // The first search alone takes about a third of these nodes.
    let board = Puzzle::generate(16, 16, 8, 7).board;
    let searches = Searches {
        threads: 3,
        seed: 0,
    };
    let mut heard = Vec::new();
    let two = Limits::up_to(2);
    let outcome = search_side_by_side(&board, None, &two, u64::MAX, searches, None, &mut |seen| {
        heard.push(seen.nodes)
    });
    assert_eq!(outcome.threads, 3);
    assert_eq!(heard.last(), Some(&outcome.nodes));
}

#[test]
fn searches_side_by_side_give_the_same_answer_on_every_run() {
    // The first search alone does not settle this board within the nodes
    // after which the others join, so the answer comes from all three.
    let board = Puzzle::generate(16, 16, 8, 7).board;
    let first = two_side_by_side(&board, None, 3);
    assert_eq!(first.threads, 3);
    for _ in 0..3 {
        let again = two_side_by_side(&board, None, 3);
        assert_eq!(again.solutions, first.solutions);
        assert_eq!(
            (again.nodes, again.moves, again.failures),
            (first.nodes, first.moves, first.failures),
            "the same work, stopped at the same barriers"
        );
    }
}

/// `searches` prove the unique scale/15x15_1 unique, with its solution.
fn assert_they_prove_15x15_1_unique(searches: Searches) {
    let board = common::board_at("examples/boards/scale/15x15_1.csv");
    let domains = Domains::reduce(&board).unwrap();
    let outcome = two_from(&board, Some(&domains), searches);
    assert_eq!((outcome.count, outcome.complete), (1, true));
    assert_eq!(
        outcome.solutions[0].values(),
        known_solution("scale/15x15_1")
    );
}

#[test]
fn searches_side_by_side_prove_a_unique_board_unique() {
    assert_they_prove_15x15_1_unique(Searches {
        threads: 2,
        seed: 0,
    });
}

#[test]
fn another_seed_finds_other_checked_solutions_and_again_the_same() {
    let board = Puzzle::generate(16, 16, 8, 7).board;
    let from = |seed| two_from(&board, None, Searches { threads: 1, seed });
    let (zero, one) = (from(0), from(1));
    for outcome in [&zero, &one] {
        assert_eq!(outcome.solutions.len(), 2);
        for solution in &outcome.solutions {
            assert!(check_values(&board, solution.values().to_vec()).is_ok());
        }
    }
    assert_ne!(zero.solutions[0], one.solutions[0]);
    assert_eq!(from(1), one, "a seed gives the same answer on every run");
}

#[test]
fn another_seed_proves_a_unique_board_unique_all_the_same() {
    assert_they_prove_15x15_1_unique(Searches {
        threads: 1,
        seed: 12_345,
    });
}

#[test]
fn one_thread_side_by_side_is_the_search_alone() {
    let board = Puzzle::generate(16, 16, 8, 7).board;
    let two = Limits::up_to(2);
    let alone = search_bounded(&board, None, &two, u64::MAX, &mut |_| {});
    assert_eq!(two_side_by_side(&board, None, 1), alone);
}
