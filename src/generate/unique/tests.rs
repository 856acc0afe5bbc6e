//! The uniqueness questions on small boards and on newspaper boards half
//! typed in.

use super::*;
use crate::generate::Puzzle;

fn tiny() -> Board {
    Board::parse(b"1,,\n6,,\n").unwrap()
}

/// The 14x14 path of the boards below.
fn path_14x14() -> Solution {
    Puzzle::generate(14, 14, 0, 1).solution
}

/// Whether rules 1-5 leave `board` tight.
fn tight(board: &Board) -> bool {
    let domains = Domains::reduce_by(board, Rules::AllDifferent, &[], None).unwrap();
    domains.summary(board).pairs <= TIGHT_VALUES_PER_CELL * board.len()
}

/// A newspaper board's first round: the pattern alone. Rules 1-5 leave
/// it loose, and it has many solutions.
fn newspaper_pattern_alone() -> Board {
    let cells = crate::generate::newspaper_pattern(14, 14);
    let board = crate::generate::minimal::board_with(&path_14x14(), &cells);
    assert!(!tight(&board));
    board
}

/// A half-typed newspaper board: the pattern of a 14x14 path and ten
/// clues inside. Rules 1-5 leave it tight, and it has many solutions.
fn half_typed_newspaper() -> (Board, Solution) {
    let solution = path_14x14();
    let mut cells = crate::generate::newspaper_pattern(14, 14);
    cells.extend(
        Puzzle::generate(14, 14, 10, 2)
            .board
            .clues()
            .map(|(cell, _)| cell),
    );
    let board = crate::generate::minimal::board_with(&solution, &cells);
    assert!(tight(&board));
    (board, solution)
}

/// Asks the pipeline for two solutions of `board`, counting how often
/// it narrowed the domains past rules 1-5 and asked its guide.
fn guide_asked(board: &Board, expect: Expect) -> (Found, usize) {
    let mut asked = 0;
    let question = (2, expect);
    let found = solutions_guided(board, &[], question, 1000, None, &mut |_, narrowed| {
        asked += usize::from(narrowed != Narrowed::Reduced);
        None
    });
    (found, asked)
}

#[test]
fn where_another_solution_is_expected_on_a_loose_board_the_search_answers_before_shaving() {
    let (found, asked) = guide_asked(&newspaper_pattern_alone(), Expect::Another);
    assert_eq!(found.solutions.len(), 2);
    assert_eq!(asked, 0, "the domains were narrowed before the search");
}

#[test]
fn a_tight_board_is_narrowed_before_any_search_whatever_is_expected() {
    let (board, _) = half_typed_newspaper();
    for expect in [Expect::Another, Expect::Either] {
        let (found, asked) = guide_asked(&board, expect);
        assert_eq!(found.solutions.len(), 2, "{expect:?}");
        assert!(asked > 0, "{expect:?}: the search went first");
    }
}

#[test]
fn the_newspaper_question_names_another_solution_near_the_path() {
    let (board, solution) = half_typed_newspaper();
    let Uniqueness::Another(other) = other_solution(&board, &solution, None) else {
        panic!("expected another solution");
    };
    // The values `other` moved all lie between two clues next in value:
    // one stretch of the path bent another way.
    let moved: Vec<u32> = board
        .cells()
        .filter(|&cell| other.value(cell) != solution.value(cell))
        .map(|cell| solution.value(cell))
        .collect();
    let (low, high) = (moved.iter().min().unwrap(), moved.iter().max().unwrap());
    let clues_between = board
        .clues()
        .filter(|(_, value)| (low..=high).contains(&value))
        .count();
    assert_eq!(clues_between, 0, "values {low}-{high} moved");
}

#[test]
fn a_board_with_one_solution_is_unique() {
    let board = tiny();
    let known = check_values(&board, vec![1, 2, 3, 6, 5, 4]).unwrap();
    assert_eq!(other_solution(&board, &known, None), Uniqueness::Unique);
}

#[test]
fn a_board_with_two_solutions_gives_the_other_one() {
    let board = Board::parse(b"1,,\n,,\n").unwrap();
    let known = check_values(&board, vec![1, 2, 3, 6, 5, 4]).unwrap();
    match other_solution(&board, &known, None) {
        Uniqueness::Another(other) => assert_ne!(other, known),
        verdict => panic!("expected another solution, got {verdict:?}"),
    }
}

#[test]
fn removing_a_needed_clue_shows_a_solution_that_differs_there() {
    // Without the 6 the path 1,4,5 / 2,3,6 fits too.
    let board = Board::parse(b"1,,\n,,\n").unwrap();
    match other_without_clue(&board, Cell::new(1, 0), 6, None) {
        Uniqueness::Another(other) => assert_ne!(other.value(Cell::new(1, 0)), 6),
        verdict => panic!("expected another solution, got {verdict:?}"),
    }
}

#[test]
fn removing_a_redundant_clue_keeps_the_board_unique() {
    // 1 and 6 decide the 2x3 board; 3 adds nothing.
    let board = Board::parse(b"1,,\n6,,\n").unwrap();
    assert_eq!(
        other_without_clue(&board, Cell::new(0, 2), 3, None),
        Uniqueness::Unique
    );
}

#[test]
fn the_one_pair_question_agrees_with_the_two_solution_question() {
    for seed in 0..30 {
        let puzzle = Puzzle::generate(5, 5, 7, seed);
        for (cell, value) in puzzle.board.clues() {
            let without = puzzle.board.with_clue(cell, None).unwrap();
            // Only meaningful when the board with the clue is unique.
            if other_solution(&puzzle.board, &puzzle.solution, None) != Uniqueness::Unique {
                continue;
            }
            let by_pair = other_without_clue(&without, cell, value, None);
            let by_two = other_solution(&without, &puzzle.solution, None);
            assert_eq!(
                by_pair == Uniqueness::Unique,
                by_two == Uniqueness::Unique,
                "seed {seed}, clue {value} at {cell}"
            );
        }
    }
}
