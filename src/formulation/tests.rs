//! Every formulation states the puzzle: the known solution of a board,
//! encoded, meets every row of its faithful and reduced models, and decodes
//! back to itself.

use super::{Formulation, Scope};
use crate::board::Board;
use crate::check::check_values;
use crate::domains::Domains;

const CLASSIC: &str = "examples/boards/classic_9x9";

fn board_and_solution(name: &str) -> (Board, Vec<u32>) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let board = Board::read(&root.join(format!("{name}.csv"))).unwrap();
    let text = std::fs::read_to_string(root.join(format!("{name}.solution.csv"))).unwrap();
    let values = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|field| !field.is_empty())
        .map(|field| field.parse().unwrap())
        .collect();
    (board, values)
}

fn meets_every_row(formulation: Formulation, scope: Scope<'_>, board: &Board, grid: &[u32]) {
    let model = formulation.build(board, scope);
    let solution = check_values(board, grid.to_vec()).unwrap();
    let values = model
        .encode(&solution)
        .unwrap_or_else(|| panic!("{formulation} cannot state the solution"));
    for row in &model.mip.rows {
        assert!(
            row.holds(&values),
            "{formulation}: {}",
            model.mip.row_text(row)
        );
    }
    for (var, value) in model.mip.vars.iter().zip(&values) {
        assert!(
            *value >= var.lower - 1e-9 && *value <= var.upper + 1e-9,
            "{formulation}: {} = {value} outside its bounds",
            var.name
        );
    }
    assert!(model.separate(&values, 1).is_empty());
}

#[test]
fn the_known_solution_meets_every_row_of_every_faithful_model() {
    let (board, grid) = board_and_solution(CLASSIC);
    for formulation in Formulation::ALL {
        meets_every_row(formulation, Scope::Faithful, &board, &grid);
    }
}

#[test]
fn the_known_solution_meets_every_row_of_every_reduced_model() {
    let (board, grid) = board_and_solution("examples/boards/scale/09x09_1");
    let domains = Domains::reduce_with(&board, false, None).unwrap();
    for formulation in Formulation::ALL {
        for strengthen in [false, true] {
            let scope = Scope::Reduced {
                domains: &domains,
                strengthen,
            };
            meets_every_row(formulation, scope, &board, &grid);
        }
    }
}

#[test]
fn the_reduced_assignment_model_declares_x_for_exactly_the_open_pairs() {
    let (board, _) = board_and_solution("examples/boards/scale/09x09_1");
    let domains = Domains::reduce_with(&board, false, None).unwrap();
    let scope = Scope::Reduced {
        domains: &domains,
        strengthen: true,
    };
    let model = Formulation::Assignment.build(&board, scope);
    let declared: Vec<String> = model
        .mip
        .vars
        .iter()
        .map(|var| var.name.to_string())
        .collect();
    let open: Vec<String> = board
        .cells()
        .filter(|&cell| domains.fixed(&board, cell).is_none())
        .flat_map(|cell| {
            let values = domains.values(&board, cell);
            values
                .into_iter()
                .map(move |value| format!("x({},{},{value})", cell.row + 1, cell.col + 1))
        })
        .collect();
    assert!(open.len() > 100, "the board should leave pairs open");
    assert_eq!(declared, open);
}

#[test]
fn a_build_whose_stop_has_passed_is_given_up() {
    let (board, _) = board_and_solution(CLASSIC);
    for formulation in Formulation::ALL {
        let stop = Some(std::time::Instant::now());
        assert!(formulation
            .build_until(&board, Scope::Faithful, stop)
            .is_none());
    }
}

#[test]
fn a_build_within_its_stop_is_the_whole_model() {
    let (board, _) = board_and_solution(CLASSIC);
    let stop = Some(std::time::Instant::now() + std::time::Duration::from_secs(3600));
    for formulation in Formulation::ALL {
        let built = formulation.build_until(&board, Scope::Faithful, stop);
        let whole = formulation.build(&board, Scope::Faithful);
        assert_eq!(built.map(|model| model.mip), Some(whole.mip));
    }
}
