//! Facts that refute a board before any model is built.
//!
//! The grid graph is bipartite, so the path alternates checkerboard colours:
//! values `a < b` sit on cells whose Manhattan distance `d` has the parity of
//! `b - a`, and `d <= b - a` because the path needs at least `d` steps. When
//! T is odd the odd values fill the majority colour exactly.

use thiserror::Error;

use crate::board::{Board, Cell};

/// Why a board has no solution, found without a solver.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Contradiction {
    #[error("clues {low} at {low_cell} and {high} at {high_cell} break the checkerboard rule: values {gap} apart need cells an {parity} distance apart, and these are {distance} apart", gap = high - low, parity = if (high - low) % 2 == 0 { "even" } else { "odd" })]
    Parity {
        low: u32,
        low_cell: Cell,
        high: u32,
        high_cell: Cell,
        distance: usize,
    },
    #[error("clues {low} at {low_cell} and {high} at {high_cell} are {distance} steps apart, more than the {gap} between the values", gap = crate::words::how_many(u64::from(high - low), "step", "steps"))]
    Distance {
        low: u32,
        low_cell: Cell,
        high: u32,
        high_cell: Cell,
        distance: usize,
    },
    #[error("clue {value} at {cell} breaks the checkerboard rule: with an odd number of cells ({total}) the odd values fill the colour of the corners, so {kind} value cannot sit there", kind = if value % 2 == 1 { "an odd" } else { "an even" })]
    Majority { value: u32, cell: Cell, total: u32 },
    #[error("no value can go in cell {cell}")]
    NoValueFor { cell: Cell },
    #[error("value {value} fits in no cell")]
    NoCellFor { value: u32 },
    #[error(
        "{} can hold only {values} different values between them",
        cell_list(cells)
    )]
    Hall { cells: Vec<Cell>, values: usize },
}

/// "cells (1,2), (1,3) and 2 more": the first few of a set of cells.
fn cell_list(cells: &[Cell]) -> String {
    const SHOWN: usize = 6;
    let mut list: Vec<String> = cells.iter().take(SHOWN).map(Cell::to_string).collect();
    if cells.len() > SHOWN {
        list.push(format!("{} more", cells.len() - SHOWN));
    }
    let last = list.pop().unwrap_or_default();
    match list.len() {
        0 => format!("cell {last}"),
        _ => format!("the {} cells {} and {last}", cells.len(), list.join(", ")),
    }
}

/// Tests the parity and distance rules over all clues.
///
/// Checking clues that are consecutive in value order is enough: if each such
/// pair keeps the rules, the triangle inequality and the additivity of parity
/// carry them to every pair. So this is O(C log C) in the number of clues.
pub fn precheck(board: &Board) -> Result<(), Contradiction> {
    let total = board.total();
    let clues = board.clues_by_value();
    if total % 2 == 1 {
        // The corner colour (row + col even) has (T + 1) / 2 cells, as many
        // as there are odd values: odd values must sit exactly there.
        if let Some(&(value, cell)) = clues
            .iter()
            .find(|(value, cell)| (value % 2 == 1) != (cell.colour() == 0))
        {
            return Err(Contradiction::Majority { value, cell, total });
        }
    }
    for pair in clues.windows(2) {
        let ((low, low_cell), (high, high_cell)) = (pair[0], pair[1]);
        let distance = low_cell.distance(high_cell);
        let gap = (high - low) as usize;
        if distance % 2 != gap % 2 {
            return Err(Contradiction::Parity {
                low,
                low_cell,
                high,
                high_cell,
                distance,
            });
        }
        if distance > gap {
            return Err(Contradiction::Distance {
                low,
                low_cell,
                high,
                high_cell,
                distance,
            });
        }
    }
    Ok(())
}
