//! The library called from several threads at once: HiGHS solves run in
//! parallel, CBC solves are serialised by coin_cbc's lock, and every answer
//! is still right.

use std::thread;

use numbrix::generate::Puzzle;
use numbrix::{check_values, solve, Backend, Formulation, Options, Report, Status, Variant};

/// Sixteen 6x6 puzzles with half their cells given, and how each is solved:
/// HiGHS and CBC alternate, and every fourth uses the MTZ model. The models
/// are faithful, so every board reaches a solver (the reduction alone
/// decides many boards this dense).
fn jobs() -> Vec<(Puzzle, Options)> {
    (0..16)
        .map(|seed| {
            let backend = if seed % 2 == 0 {
                Backend::Highs
            } else {
                Backend::Cbc
            };
            let formulation = if seed % 4 == 3 {
                Formulation::Mtz
            } else {
                Formulation::Assignment
            };
            let options = Options {
                variant: Variant::Faithful,
                unique: true,
                ..Options::new(formulation, backend)
            };
            (Puzzle::with_density(6, 6, 0.5, seed), options)
        })
        .collect()
}

/// An answer is right if it passes the checker and keeps the clues; a unique
/// one is the known solution, and a second solution is a different valid one.
fn assert_right(puzzle: &Puzzle, report: &Report) {
    assert_eq!(report.status, Status::Solved);
    let grid = report.grid.as_ref().expect("a grid");
    assert_eq!(
        check_values(&puzzle.board, grid.values().to_vec()).as_ref(),
        Ok(grid)
    );
    match report.unique {
        Some(true) => assert_eq!(grid, &puzzle.solution),
        Some(false) => {
            let second = report.second_solution.as_ref().expect("a second solution");
            assert_ne!(second, grid);
            assert_eq!(
                check_values(&puzzle.board, second.values().to_vec()).as_ref(),
                Ok(second)
            );
        }
        None => panic!("uniqueness was asked and not settled"),
    }
}

#[test]
fn solves_16_boards_on_8_threads_with_both_backends() {
    let jobs = jobs();
    let reports: Vec<Report> = thread::scope(|scope| {
        let handles: Vec<_> = jobs
            .chunks(2)
            .map(|pair| {
                scope.spawn(move || {
                    pair.iter()
                        .map(|(puzzle, options)| solve(&puzzle.board, options).expect("a report"))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|handle| handle.join().expect("no thread panics"))
            .collect()
    });
    assert_eq!(reports.len(), 16);
    for ((puzzle, options), report) in jobs.iter().zip(&reports) {
        assert_eq!(report.solver, options.backend);
        assert_right(puzzle, report);
    }
    // The verdicts are those of the same boards solved one at a time.
    for ((puzzle, _), report) in jobs.iter().zip(&reports) {
        let alone = solve(
            &puzzle.board,
            &Options {
                unique: true,
                ..Options::default()
            },
        )
        .expect("a report");
        assert_eq!(alone.unique, report.unique, "\n{}", puzzle.board.to_csv());
    }
}
