//! Real boards with known answers, solved through the library with every
//! formulation and backend.

use numbrix::{
    check, count_solutions, solve, Backend, Board, Filled, Formulation, Options, Report,
    SearchBudget, Stage, Status, Variant,
};

mod common;

use common::{example, known_solution};

const NEWSPAPER: [&str; 3] = ["classic_9x9", "hard_9x9", "border_9x9"];

/// The reduction and the MIP alone: without the search ahead of them, so
/// that HiGHS and CBC are what these tests exercise (tests/search.rs has the
/// search).
fn options(formulation: Formulation, backend: Backend) -> Options {
    Options {
        unique: true,
        time_limit: Some(300.0),
        search_budget: SearchBudget::Off,
        ..Options::new(formulation, backend)
    }
}

fn solve_named(name: &str, options: &Options) -> Report {
    solve(&example(name), options).unwrap_or_else(|error| panic!("{name}: {error}"))
}

/// Solves each board and asserts the known solution, proven unique; returns
/// the reports, in order.
fn assert_solves_uniquely(names: &[&str], options: &Options) -> Vec<Report> {
    names
        .iter()
        .map(|name| {
            let report = solve_named(name, options);
            assert_eq!(report.status, Status::Solved, "{name}: {report:?}");
            assert_eq!(
                report.grid.as_ref().unwrap().values(),
                known_solution(name).as_slice(),
                "{name} with {options:?}"
            );
            assert_eq!(report.unique, Some(true), "{name} with {options:?}");
            assert_eq!(report.second_solution, None);
            report
        })
        .collect()
}

#[test]
fn assignment_on_highs_solves_newspaper_boards_uniquely() {
    assert_solves_uniquely(
        &NEWSPAPER,
        &options(Formulation::Assignment, Backend::Highs),
    );
}

#[test]
fn assignment_on_cbc_solves_newspaper_boards_uniquely() {
    assert_solves_uniquely(&NEWSPAPER, &options(Formulation::Assignment, Backend::Cbc));
}

#[test]
fn mtz_on_highs_solves_newspaper_boards_uniquely() {
    assert_solves_uniquely(&NEWSPAPER, &options(Formulation::Mtz, Backend::Highs));
}

#[test]
fn mtz_on_cbc_solves_newspaper_boards_uniquely() {
    assert_solves_uniquely(&NEWSPAPER, &options(Formulation::Mtz, Backend::Cbc));
}

#[test]
fn faithful_assignment_on_highs_solves_newspaper_boards_uniquely() {
    let options = Options {
        variant: Variant::Faithful,
        ..options(Formulation::Assignment, Backend::Highs)
    };
    assert_solves_uniquely(&NEWSPAPER, &options);
}

/// CBC needs minutes for the faithful uniqueness proof on hard_9x9 and
/// border_9x9 (measured: 37 s and 184 s); the classic board takes a fraction
/// of a second.
#[test]
fn faithful_assignment_on_cbc_solves_the_classic_board_uniquely() {
    let options = Options {
        variant: Variant::Faithful,
        ..options(Formulation::Assignment, Backend::Cbc)
    };
    assert_solves_uniquely(&["classic_9x9"], &options);
}

/// The faithful MTZ model is weak: seconds on HiGHS for a sparse 6x6 board,
/// about a minute on CBC (which is why CBC's faithful MTZ runs are on the
/// 2x3 board here, and on generated boards up to 4x4 in generated_puzzles.rs).
#[test]
fn faithful_mtz_solves_small_boards_uniquely() {
    let faithful = |backend| Options {
        variant: Variant::Faithful,
        ..options(Formulation::Mtz, backend)
    };
    assert_solves_uniquely(
        &["scale/06x06_1", "scale/06x06_2"],
        &faithful(Backend::Highs),
    );
    assert_solves_uniquely(&["tiny_2x3"], &faithful(Backend::Cbc));
}

/// HiGHS's presolve once called this feasible board's faithful MTZ model
/// infeasible (every solution of the presolved model broke a row of the
/// original): an infeasible verdict from HiGHS is confirmed without presolve.
#[test]
fn faithful_mtz_on_highs_solves_a_board_its_presolve_called_infeasible() {
    let board = Board::parse(b",\n7,\n,5\n,\n2,3\n").unwrap();
    let options = Options {
        variant: Variant::Faithful,
        ..options(Formulation::Mtz, Backend::Highs)
    };
    let report = solve(&board, &options).unwrap();
    assert_eq!(report.status, Status::Solved);
    assert_eq!(report.unique, Some(false));
}

#[test]
fn faithful_and_reduced_models_have_the_design_sizes() {
    // models/: T^2 binaries for the assignment model; for MTZ one binary per
    // arc (both directions between neighbours, to and from the depot) and one
    // u per cell.
    let board = example("classic_9x9");
    for (formulation, variables) in [
        (Formulation::Assignment, 81 * 81),
        (Formulation::Mtz, 2 * 144 + 2 * 81 + 81),
    ] {
        let options = Options {
            variant: Variant::Faithful,
            ..Options::new(formulation, Backend::Highs)
        };
        let report = solve(&board, &options).unwrap();
        assert_eq!(report.stats.variables, variables, "{formulation}");
        assert!(!report.reduced);
    }
}

#[test]
fn reduction_decides_the_newspaper_boards_before_any_solver_runs() {
    for name in NEWSPAPER {
        let report = solve_named(name, &options(Formulation::Assignment, Backend::Highs));
        assert_eq!(report.stats.variables, 0, "{name}");
        assert_eq!(report.decided_by, Some(Stage::Reduction));
        assert_eq!(report.stats.reduction.unwrap().fixed_cells, 81);
    }
}

#[test]
fn mtz_agrees_with_assignment_on_every_shared_board_it_can_finish() {
    // Up to 12x12 the reduction finishes in milliseconds; the larger sparse
    // boards are covered once, below.
    let names = [
        "classic_9x9",
        "hard_9x9",
        "border_9x9",
        "scale/06x06_1",
        "scale/06x06_2",
        "scale/09x09_1",
        "scale/09x09_2",
        "scale/12x12_1",
        "scale/12x12_2",
    ];
    for backend in Backend::MIP {
        for name in names {
            let assignment = solve_named(name, &options(Formulation::Assignment, backend));
            let mtz = solve_named(name, &options(Formulation::Mtz, backend));
            assert_eq!(assignment.status, mtz.status, "{name} on {backend}");
            assert_eq!(assignment.grid, mtz.grid, "{name} on {backend}");
            assert_eq!(assignment.unique, mtz.unique, "{name} on {backend}");
        }
    }
}

#[test]
fn reduced_assignment_solves_the_sparse_benchmark_boards_up_to_12x12() {
    let names = [
        "scale/06x06_1",
        "scale/06x06_2",
        "scale/09x09_1",
        "scale/09x09_2",
        "scale/12x12_1",
        "scale/12x12_2",
    ];
    assert_solves_uniquely(&names, &options(Formulation::Assignment, Backend::Highs));
    assert_solves_uniquely(&names, &options(Formulation::Assignment, Backend::Cbc));
}

#[test]
fn learned_nogoods_let_the_reduction_decide_the_sparse_15x15_boards() {
    // Before rule 7, 15x15_2 left 892 binaries for the solver (and CBC did
    // not finish them); now no solver runs, whichever is chosen.
    for backend in Backend::MIP {
        let names = ["scale/15x15_1", "scale/15x15_2"];
        let reports = assert_solves_uniquely(&names, &options(Formulation::Assignment, backend));
        for (name, report) in names.iter().zip(reports) {
            assert_eq!(report.decided_by, Some(Stage::Reduction), "{name}");
            assert_eq!(report.stats.variables, 0, "{name}");
            assert!(report.stats.reduction.unwrap().nogoods > 0, "{name}");
        }
    }
}

/// Each combination on the boards it finishes in seconds (measured: faithful
/// MTZ on CBC needs about a minute per sparse 6x6 board, faithful assignment
/// on CBC 24 s on 06x06_2).
#[test]
fn faithful_and_reduced_agree_on_the_sparse_6x6_boards() {
    let both = ["scale/06x06_1", "scale/06x06_2"];
    let combinations: [(Formulation, Backend, &[&str]); 4] = [
        (Formulation::Assignment, Backend::Highs, &both),
        (Formulation::Assignment, Backend::Cbc, &both[..1]),
        (Formulation::Mtz, Backend::Highs, &both),
        (Formulation::Mtz, Backend::Cbc, &["tiny_2x3"]),
    ];
    for (formulation, backend, names) in combinations {
        for name in names {
            let reduced = solve_named(name, &options(formulation, backend));
            let faithful = solve_named(
                name,
                &Options {
                    variant: Variant::Faithful,
                    ..options(formulation, backend)
                },
            );
            assert_eq!(reduced.status, Status::Solved);
            assert_eq!(
                reduced.grid, faithful.grid,
                "{name} {formulation} {backend}"
            );
            assert_eq!(reduced.unique, faithful.unique);
            assert!(!faithful.reduced && reduced.reduced);
        }
    }
}

#[test]
fn a_board_with_clues_removed_has_a_second_valid_solution() {
    let board = example("not_unique_9x9");
    for formulation in Formulation::ALL {
        for backend in Backend::MIP {
            let report = solve(&board, &options(formulation, backend)).unwrap();
            assert_eq!(report.status, Status::Solved);
            assert_eq!(report.unique, Some(false), "{formulation} on {backend}");
            let first = report.grid.unwrap();
            let second = report.second_solution.unwrap();
            assert_ne!(first, second);
            // Both pass the independent checker against the board's clues.
            for grid in [&first, &second] {
                let filled = Filled {
                    rows: 9,
                    cols: 9,
                    values: grid.values().iter().map(|&v| Some(v as u64)).collect(),
                };
                assert!(check(&board, &filled).is_ok());
            }
        }
    }
}

#[test]
fn a_colour_contradiction_is_reported_before_any_model() {
    let report = solve_named(
        "infeasible_colour_9x9",
        &options(Formulation::Assignment, Backend::Highs),
    );
    assert_eq!(report.status, Status::Infeasible);
    assert_eq!(report.decided_by, Some(Stage::Precheck));
    assert_eq!(report.stats.variables, 0);
    assert!(report
        .reason
        .unwrap()
        .starts_with("clue 17 at (2,7) breaks the checkerboard rule"));
}

#[test]
fn a_parity_contradiction_names_both_clues() {
    let report = solve_named(
        "infeasible_parity_6x6",
        &options(Formulation::Mtz, Backend::Cbc),
    );
    assert_eq!(report.status, Status::Infeasible);
    assert_eq!(report.decided_by, Some(Stage::Precheck));
    assert_eq!(
        report.reason.unwrap(),
        "clues 6 at (5,6) and 29 at (3,6) break the checkerboard rule: values 23 apart need \
         cells an odd distance apart, and these are 2 apart"
    );
}

#[test]
fn a_distance_contradiction_names_both_clues() {
    let report = solve_named(
        "infeasible_distance_9x9",
        &options(Formulation::Assignment, Backend::Cbc),
    );
    assert_eq!(report.status, Status::Infeasible);
    assert_eq!(
        report.reason.unwrap(),
        "clues 1 at (4,2) and 2 at (2,7) are 7 steps apart, more than the 1 step between the values"
    );
}

#[test]
fn a_board_whose_cells_cannot_all_take_different_values_is_refuted_by_counting() {
    // A generated 6x6 board with one clue changed. The prechecks and the
    // neighbour rules pass it; five top-left cells are left with four values
    // between them, which the all-different rule sees before any shaving.
    let board =
        Board::parse(b",,,13,,11\n,,,,35,\n,,,,36,\n23,,,,,\n24,27,28,,,\n25,26,,30,,\n").unwrap();
    assert!(numbrix::precheck(&board).is_ok());
    for backend in Backend::MIP {
        let report = solve(
            &board,
            &Options {
                variant: Variant::UNSHAVED,
                ..options(Formulation::Assignment, backend)
            },
        )
        .unwrap();
        assert_eq!(report.status, Status::Infeasible);
        assert_eq!(report.decided_by, Some(Stage::Reduction));
        assert_eq!(
            report.reason.unwrap(),
            "the 5 cells (1,1), (2,2), (3,1), (3,3) and (4,2) can hold only 4 different \
             values between them"
        );
    }
    // The faithful model agrees.
    let faithful = solve(
        &board,
        &Options {
            variant: Variant::Faithful,
            ..options(Formulation::Assignment, Backend::Highs)
        },
    )
    .unwrap();
    assert_eq!(faithful.status, Status::Infeasible);
}

#[test]
fn a_board_that_passes_the_prechecks_is_refuted_by_the_model() {
    // A benchmark board with 41 changed to 29: the parity and distance rules
    // pass it. Without shaving the reduction passes it too and the solver
    // proves it infeasible; shaving refutes it before any solver runs.
    // (Faithful CBC takes minutes here, so the faithful model runs on HiGHS.)
    let board = example("infeasible_solver_9x9");
    assert!(numbrix::precheck(&board).is_ok());
    let base = options(Formulation::Assignment, Backend::Highs);
    let cases = [
        (Backend::Highs, true, false, Stage::Solver),
        (Backend::Cbc, true, false, Stage::Solver),
        (Backend::Highs, false, false, Stage::Solver),
        (Backend::Highs, true, true, Stage::Reduction),
        (Backend::Cbc, true, true, Stage::Reduction),
        (Backend::Search, true, false, Stage::Search),
    ];
    for (backend, reduce, shave, decided_by) in cases {
        let variant = if reduce {
            Variant::Reduced {
                shave,
                strengthen: true,
            }
        } else {
            Variant::Faithful
        };
        let options = Options {
            backend,
            variant,
            ..base
        };
        let report = solve(&board, &options).unwrap();
        let label = format!("{backend} reduce={reduce} shave={shave}");
        assert_eq!(report.status, Status::Infeasible, "{label}");
        assert_eq!(report.decided_by, Some(decided_by), "{label}");
        assert_eq!(report.unique, None);
        assert!(report.grid.is_none());
    }
}

#[test]
fn empty_square_boards_have_the_known_numbers_of_solutions() {
    // OEIS A096969: directed Hamiltonian paths of the n x n grid.
    for (n, expected) in [(1, 1), (2, 8), (3, 40)] {
        let board = Board::empty(n, n).unwrap();
        for formulation in Formulation::ALL {
            for backend in Backend::MIP {
                let count =
                    count_solutions(&board, &Options::new(formulation, backend), 1000).unwrap();
                assert!(count.complete);
                assert_eq!(count.solutions, expected, "{n}x{n} {formulation} {backend}");
            }
        }
    }
}

#[test]
fn a_known_solution_encodes_into_values_that_satisfy_every_row_and_decode_back() {
    let board = example("hard_9x9");
    let solution = numbrix::check_values(&board, known_solution("hard_9x9")).unwrap();
    for formulation in Formulation::ALL {
        for variant in [Variant::Faithful, Variant::UNSHAVED] {
            let options = Options {
                variant,
                ..Options::new(formulation, Backend::Highs)
            };
            let prepared = numbrix::solve::prepare(&board, &options)
                .unwrap()
                .into_model()
                .expect("the board has a model");
            let model = prepared.model;
            let values = model
                .encode(&solution)
                .unwrap_or_else(|| panic!("{formulation} {variant} cannot state the solution"));
            for row in &model.mip.rows {
                assert!(row.holds(&values), "{formulation} {variant}: {}", row.name);
            }
            assert_eq!(model.decode(&values).unwrap(), solution.values());
        }
    }
}
