//! The clue research (`numbrix clues`): its minimum and maximum against a
//! brute force on small boards, the facts the paper established for 5x5 and
//! 6x6, its witnesses against the search and both MIP solvers, and the
//! command line.

use std::collections::{HashMap, HashSet};

use numbrix::clues::prove::prove;
use numbrix::clues::{research, Part, Research, ResearchOptions};
use numbrix::search::{search, Limits};
use numbrix::{Backend, Board, Variant};

mod common;

use common::{brute_force, json, numbrix, stderr, stdout};

fn researched(rows: usize, cols: usize, options: &ResearchOptions) -> Research {
    research(rows, cols, options, &|_| {}).expect("a board in reach")
}

fn whole(rows: usize, cols: usize) -> Research {
    researched(rows, cols, &ResearchOptions::default())
}

/// Clue sets of `size` cells that exactly one solution carries, from every
/// solution by brute force (no symmetry, no counting tables): the smallest
/// size with any, and how many there are then.
fn brute_force_minimum(rows: usize, cols: usize) -> (usize, u64) {
    let solutions = brute_force(&Board::empty(rows, cols).unwrap());
    let cells = rows * cols;
    for size in 0..=cells {
        let mut puzzles = 0;
        for set in subsets(cells, size) {
            let mut carried: HashMap<Vec<u32>, u32> = HashMap::new();
            for solution in &solutions {
                let tuple = set.iter().map(|&cell| solution[cell]).collect();
                *carried.entry(tuple).or_default() += 1;
            }
            puzzles += carried.values().filter(|&&count| count == 1).count() as u64;
        }
        if puzzles > 0 {
            return (size, puzzles);
        }
    }
    unreachable!("every clue given defines the puzzle")
}

fn subsets(cells: usize, size: usize) -> Vec<Vec<usize>> {
    if size == 0 {
        return vec![Vec::new()];
    }
    (size - 1..cells)
        .flat_map(|last| {
            subsets(last, size - 1).into_iter().map(move |mut set| {
                set.push(last);
                set
            })
        })
        .collect()
}

/// The fewest cells in which two solutions differ, by comparing every pair.
fn brute_force_closest(rows: usize, cols: usize) -> usize {
    let solutions = brute_force(&Board::empty(rows, cols).unwrap());
    let mut closest = usize::MAX;
    for (index, first) in solutions.iter().enumerate() {
        for second in &solutions[index + 1..] {
            let differ = first.iter().zip(second).filter(|(a, b)| a != b).count();
            closest = closest.min(differ);
        }
    }
    closest
}

#[test]
fn lists_every_solution_of_small_boards() {
    for (rows, cols) in [(3, 3), (3, 4), (4, 3), (4, 4), (3, 5)] {
        let paths = brute_force(&Board::empty(rows, cols).unwrap()).len() as u64;
        assert_eq!(whole(rows, cols).solutions, paths, "{rows}x{cols}");
    }
}

#[test]
fn the_minimum_and_its_puzzle_count_agree_with_a_brute_force() {
    for (rows, cols) in [
        (1, 1),
        (1, 3),
        (2, 2),
        (2, 3),
        (3, 3),
        (3, 4),
        (4, 4),
        (3, 5),
    ] {
        let research = whole(rows, cols);
        let (minimum, puzzles) = brute_force_minimum(rows, cols);
        assert_eq!(research.minimum, Some(minimum), "{rows}x{cols}");
        let level = research.levels.last().unwrap();
        assert_eq!(
            (level.clues, level.puzzles),
            (minimum, puzzles),
            "{rows}x{cols}"
        );
        assert!(research
            .levels
            .iter()
            .filter(|level| level.clues < minimum)
            .all(|level| level.puzzles == 0));
    }
}

#[test]
fn two_clues_never_define_a_5x5_or_6x6_puzzle_and_three_do() {
    for side in [5, 6] {
        let research = whole(side, side);
        let counted: Vec<(usize, bool)> = research
            .levels
            .iter()
            .map(|level| (level.clues, level.puzzles > 0 && level.complete))
            .collect();
        assert_eq!(
            counted,
            vec![(1, false), (2, false), (3, true)],
            "{side}x{side}"
        );
        assert_eq!(research.minimum, Some(3));
    }
}

#[test]
fn the_witness_has_one_solution_for_the_search_and_for_both_mip_solvers() {
    let research = whole(5, 5);
    let witness = research.witness.expect("5x5 has a 3-clue puzzle");
    assert_eq!(witness.board.clue_count(), 3);
    let outcome = search(&witness.board, None, &Limits::ALL, &mut |_| {});
    assert_eq!((outcome.count, outcome.complete), (1, true));
    assert_eq!(outcome.solutions[0], witness.solution);
    for backend in [Backend::Highs, Backend::Cbc] {
        let proof = prove(&witness, backend, Variant::Faithful, None).unwrap();
        assert!(proof.confirms(), "{backend:?}: {proof:?}");
    }
}

#[test]
fn the_maximum_is_all_cells_but_the_fewest_two_solutions_differ_in() {
    for (rows, cols) in [(3, 3), (3, 4), (4, 4), (2, 3)] {
        let research = whole(rows, cols);
        let closest = brute_force_closest(rows, cols);
        assert_eq!(
            research.maximum,
            Some(rows * cols - closest),
            "{rows}x{cols}"
        );
    }
}

#[test]
fn the_twins_are_two_solutions_of_the_board_of_what_they_share() {
    let research = whole(4, 4);
    let twins = research.twins.expect("4x4 has twins");
    assert_eq!(twins.board.clue_count(), 14);
    assert_ne!(twins.first, twins.second);
    let outcome = search(&twins.board, None, &Limits::ALL, &mut |_| {});
    assert_eq!((outcome.count, outcome.complete), (2, true));
    let found: HashSet<Vec<u32>> = outcome
        .solutions
        .iter()
        .map(|found| found.values().to_vec())
        .collect();
    let twins: HashSet<Vec<u32>> = [twins.first, twins.second]
        .iter()
        .map(|twin| twin.values().to_vec())
        .collect();
    assert_eq!(found, twins);
}

#[test]
fn the_parts_of_a_split_add_up_to_the_whole() {
    let all = whole(4, 5);
    let level = all.levels.last().unwrap();
    let mut puzzles = 0;
    let mut cell_sets = 0;
    for index in 1..=3 {
        let part = ResearchOptions {
            part: Part { index, of: 3 },
            max_clues: level.clues,
            ..ResearchOptions::default()
        };
        let research = researched(4, 5, &part);
        let last = research
            .levels
            .iter()
            .find(|found| found.clues == level.clues)
            .unwrap();
        puzzles += last.puzzles;
        cell_sets += last.cell_sets;
    }
    assert_eq!((puzzles, cell_sets), (level.puzzles, level.cell_sets));
}

#[test]
fn the_command_prints_the_minimum_and_maximum_as_json() {
    let output = numbrix(&["clues", "--rows", "4", "--cols", "4", "--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let report = json(&output);
    let research = whole(4, 4);
    assert_eq!(report["solutions"], 552);
    assert_eq!(report["minimum"], research.minimum.unwrap());
    assert_eq!(report["maximum"], 14);
    let clues = report["witness"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_array().unwrap().clone());
    assert_eq!(
        clues.filter(|clue| !clue.is_null()).count(),
        research.minimum.unwrap()
    );
}

#[test]
fn the_markdown_table_has_a_row_per_board_up_to_the_size() {
    let output = numbrix(&["clues", "--up-to", "12", "--format", "markdown"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    let rows: Vec<&str> = text
        .lines()
        .filter(|line| line.starts_with("| 3x"))
        .collect();
    assert_eq!(rows.len(), 2, "{text}");
    assert!(rows[0].starts_with("| 3x3 | 40 | 2 |"), "{text}");
    assert!(rows[1].starts_with("| 3x4 | 124 | 2 |"), "{text}");
}

#[test]
fn an_empty_one_by_one_board_is_a_puzzle_without_clues_and_has_no_maximum() {
    let output = numbrix(&["clues", "--rows", "1", "--cols", "1"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("minimum: 0 clues define a puzzle. A witness:"),
        "{text}"
    );
    assert!(
        text.contains("maximum: none: with one solution, every set of clues defines a puzzle"),
        "{text}"
    );
}

#[test]
fn one_clue_that_fails_is_said_in_the_singular() {
    let output = numbrix(&["clues", "--rows", "1", "--cols", "3"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(
        stdout(&output).contains(
            "maximum: 1 clue can fail to define a puzzle (the most possible); these two solutions share it:"
        ),
        "{}",
        stdout(&output)
    );
}

#[test]
fn refuses_a_board_beyond_reach_with_exit_status_2() {
    let output = numbrix(&["clues", "--rows", "9", "--cols", "9"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output).trim(),
        "numbrix: the research takes boards of at most 64 cells; 9x9 has 81"
    );
    assert!(stdout(&output).is_empty());
}

#[test]
fn refuses_at_once_a_range_of_boards_that_holds_none_or_one_beyond_reach() {
    for (cells, message) in [
        (
            "8",
            "error: invalid value '8' for '--up-to <CELLS>': 8 is not in 9..=64",
        ),
        (
            "65",
            "error: invalid value '65' for '--up-to <CELLS>': 65 is not in 9..=64",
        ),
    ] {
        let output = numbrix(&["clues", "--up-to", cells]);
        assert_eq!(output.status.code(), Some(2), "{cells}");
        assert!(stderr(&output).starts_with(message), "{}", stderr(&output));
        assert!(stdout(&output).is_empty(), "{cells}");
    }
}

#[test]
fn refuses_a_search_for_a_minimum_of_no_clues_at_once() {
    let output = numbrix(&["clues", "--rows", "3", "--cols", "3", "--max-clues", "0"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).starts_with("error: invalid value '0' for '--max-clues <N>'"),
        "{}",
        stderr(&output)
    );
    assert!(stdout(&output).is_empty());
}

#[test]
fn refuses_more_solutions_than_the_memory_allows() {
    let output = numbrix(&["clues", "--rows", "5", "--cols", "5", "--memory", "0"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("raise --memory"),
        "{}",
        stderr(&output)
    );
    assert!(stdout(&output).is_empty());
}

#[test]
fn refuses_a_part_outside_its_split() {
    let output = numbrix(&["clues", "--rows", "4", "--cols", "4", "--part", "3/2"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("'3/2': K must be between 1 and N"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn the_stored_three_clue_7x7_witness_has_one_solution_for_the_search_and_highs() {
    let board = common::board_at("examples/boards/clues/minimum_7x7.csv");
    let solution = common::known_solution("clues/minimum_7x7");
    assert_eq!(board.clue_count(), 3);
    let outcome = search(&board, None, &Limits::ALL, &mut |_| {});
    assert_eq!((outcome.count, outcome.complete), (1, true));
    assert_eq!(outcome.solutions[0].values(), solution);
    let witness = numbrix::clues::Witness {
        board,
        solution: outcome.solutions[0].clone(),
    };
    let proof = prove(&witness, Backend::Highs, Variant::Faithful, None).unwrap();
    assert!(proof.confirms(), "{proof:?}");
}
