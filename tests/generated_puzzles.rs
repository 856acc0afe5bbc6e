//! Properties over generated puzzles: a random Hamiltonian path on a random
//! m x n grid is a known solution, and a random subset of it is the board.
//!
//! Sizes are capped per combination, because some are slow on larger boards
//! (the faithful MTZ model on CBC above all); each property says its caps.

use numbrix::generate::Puzzle;
use numbrix::{
    check_values, solve, Backend, Board, Domains, Formulation, Options, Report, SearchBudget,
    Status, Variant,
};
use proptest::prelude::*;

mod common;

use common::cases;

/// One way to solve: formulation, backend, reduced or faithful, and the
/// largest board (in cells) it is run on here.
struct Combination {
    formulation: Formulation,
    backend: Backend,
    reduce: bool,
    max_cells: usize,
}

/// Sparse boards are where MIP solvers struggle (a 6x6 board with two
/// clues kept CBC busy past a 20 s limit), so boards of more than 16 cells
/// get a third of their cells or more as clues, and each combination has a
/// size cap: the reduced assignment model on HiGHS takes everything up to
/// 8x8, the other reduced models and the faithful assignment model up to
/// 6x6 (36 cells), the faithful MTZ model up to 5x5 on HiGHS and 4x4 on CBC.
///
/// The search (no model) takes everything up to 8x8 too. The MIP
/// combinations run without it ahead of them, so that each is exercised.
const COMBINATIONS: [Combination; 9] = [
    combination(Formulation::Assignment, Backend::Search, true, 64),
    combination(Formulation::Assignment, Backend::Highs, true, 64),
    combination(Formulation::Assignment, Backend::Highs, false, 36),
    combination(Formulation::Assignment, Backend::Cbc, true, 36),
    combination(Formulation::Assignment, Backend::Cbc, false, 36),
    combination(Formulation::Mtz, Backend::Highs, true, 36),
    combination(Formulation::Mtz, Backend::Highs, false, 25),
    combination(Formulation::Mtz, Backend::Cbc, true, 36),
    combination(Formulation::Mtz, Backend::Cbc, false, 16),
];

const fn combination(
    formulation: Formulation,
    backend: Backend,
    reduce: bool,
    max_cells: usize,
) -> Combination {
    Combination {
        formulation,
        backend,
        reduce,
        max_cells,
    }
}

impl Combination {
    fn options(&self) -> Options {
        Options {
            variant: if self.reduce {
                Variant::REDUCED
            } else {
                Variant::Faithful
            },
            unique: true,
            search_budget: SearchBudget::Off,
            ..Options::new(self.formulation, self.backend)
        }
    }

    fn name(&self) -> String {
        if self.backend == Backend::Search {
            return "the search".to_string();
        }
        format!(
            "{} {} on {}",
            self.options().variant.kind(),
            self.formulation,
            self.backend
        )
    }
}

/// Solves with uniqueness and checks the answer against the puzzle: a grid
/// that passes the checker, keeps the clues, and is the known solution when
/// it is proved unique.
fn solve_and_check(puzzle: &Puzzle, combination: &Combination) -> Report {
    let name = combination.name();
    let report = solve(&puzzle.board, &combination.options())
        .unwrap_or_else(|error| panic!("{name}: {error}\n{}", puzzle.board.to_csv()));
    assert_eq!(
        report.status,
        Status::Solved,
        "{name} on\n{}",
        puzzle.board.to_csv()
    );
    let grid = report.grid.as_ref().expect("a solved report has a grid");
    assert_eq!(
        check_values(&puzzle.board, grid.values().to_vec()).as_ref(),
        Ok(grid)
    );
    for (cell, clue) in puzzle.board.clues() {
        assert_eq!(grid.value(cell), clue, "{name} moved the clue at {cell}");
    }
    if report.unique == Some(true) {
        assert_eq!(
            grid, &puzzle.solution,
            "{name}: a unique solution is the known one"
        );
    }
    if let Some(second) = &report.second_solution {
        assert_ne!(second, grid);
        assert_eq!(
            check_values(&puzzle.board, second.values().to_vec()).as_ref(),
            Ok(second)
        );
    }
    report
}

/// Runs every combination whose cap admits the board and asks them all to
/// agree on the uniqueness verdict.
fn all_combinations_agree(puzzle: &Puzzle) -> Result<(), TestCaseError> {
    let cells = puzzle.board.len();
    let mut verdicts = Vec::new();
    for combination in COMBINATIONS.iter().filter(|c| cells <= c.max_cells) {
        let report = solve_and_check(puzzle, combination);
        verdicts.push((combination.name(), report.unique));
    }
    let (first_name, first) = verdicts[0].clone();
    for (name, verdict) in &verdicts {
        prop_assert_eq!(
            verdict,
            &first,
            "{} says unique = {:?}, {} says {:?}, on\n{}",
            name,
            verdict,
            first_name,
            first,
            puzzle.board.to_csv()
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(cases(40))]

    /// Up to 4x4 every combination runs (the search among them), with any number of clues (none too).
    #[test]
    fn every_combination_solves_a_small_generated_puzzle_and_all_agree_on_uniqueness(
        rows in 1usize..=4,
        cols in 1usize..=4,
        density in 0.0f64..=1.0,
        seed in any::<u64>(),
    ) {
        all_combinations_agree(&Puzzle::with_density(rows, cols, density, seed))?;
    }

    /// Up to 8x8, with a third of the cells or more as clues, each
    /// combination within its cap.
    #[test]
    fn combinations_within_their_caps_solve_a_generated_puzzle_and_agree_on_uniqueness(
        rows in 1usize..=8,
        cols in 1usize..=8,
        density in 0.34f64..=1.0,
        seed in any::<u64>(),
    ) {
        all_combinations_agree(&Puzzle::with_density(rows, cols, density, seed))?;
    }
}

proptest! {
    #![proptest_config(cases(300))]

    /// A board written as CSV (as `generate --out` and `minimize --format
    /// csv` write it) reads back as the same board, one column wide too.
    #[test]
    fn a_generated_board_reads_back_from_its_csv(
        rows in 1usize..=6,
        cols in 1usize..=3,
        density in 0.0f64..=1.0,
        seed in any::<u64>(),
    ) {
        let board = Puzzle::with_density(rows, cols, density, seed).board;
        prop_assert_eq!(Board::parse(board.to_csv().as_bytes()), Ok(board));
    }

    /// Issue 4: the reduction removes only values no solution uses, so it
    /// never removes the known solution's value from its cell.
    #[test]
    fn the_reduction_never_removes_a_value_the_solution_uses(
        rows in 1usize..=12,
        cols in 1usize..=12,
        density in 0.0f64..=1.0,
        seed in any::<u64>(),
    ) {
        let puzzle = Puzzle::with_density(rows, cols, density, seed);
        // With shaving and its learned nogoods (the default), and without
        // (rules 1-5 alone).
        for shave in [true, false] {
            let domains = Domains::reduce_with(&puzzle.board, shave, None)
                .unwrap_or_else(|why| panic!("a solvable board reduced to infeasible ({why}):\n{}", puzzle.board.to_csv()));
            for cell in puzzle.board.cells() {
                let value = puzzle.solution.value(cell);
                prop_assert!(
                    domains.allows(&puzzle.board, cell, value),
                    "the reduction (shave: {}) removed {} from {} on\n{}",
                    shave, value, cell, puzzle.board.to_csv()
                );
            }
        }
    }
}
