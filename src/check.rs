//! The independent checker. It knows nothing of models or solvers: it reads a
//! filled grid and tests the three rules of the puzzle. Every grid this crate
//! prints as a solution went through [`check`] first; [`Solution`] can be made
//! no other way.

use std::fmt;

use thiserror::Error;

use crate::board::{Board, Cell, Filled};

/// A grid that has passed the checker for its board: every value 1..T once,
/// every clue kept, consecutive values in orthogonally adjacent cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    rows: usize,
    cols: usize,
    values: Vec<u32>,
}

impl Solution {
    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The value at a cell.
    pub fn value(&self, cell: Cell) -> u32 {
        self.values[cell.row * self.cols + cell.col]
    }

    /// Row-major values.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// The grid as rows of values (the JSON shape).
    pub fn to_rows(&self) -> Vec<Vec<u32>> {
        self.values.chunks(self.cols).map(<[u32]>::to_vec).collect()
    }

    /// The cells in path order: `path()[k - 1]` holds value k.
    pub fn path(&self) -> Vec<Cell> {
        let mut path = vec![Cell::new(0, 0); self.values.len()];
        for (index, &value) in self.values.iter().enumerate() {
            path[value as usize - 1] = Cell::new(index / self.cols, index % self.cols);
        }
        path
    }
}

/// The first rule a grid breaks, in words.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Violation {
    #[error("the grid is {found_rows}x{found_cols} but the board is {rows}x{cols}")]
    Shape {
        rows: usize,
        cols: usize,
        found_rows: usize,
        found_cols: usize,
    },
    #[error("cell {cell} is empty")]
    EmptyCell { cell: Cell },
    #[error("cell {cell} holds {value}, outside 1..{total}")]
    OutOfRange {
        cell: Cell,
        value: ValueText,
        total: u32,
    },
    #[error("value {value} appears twice, at {first} and {second}")]
    Repeated {
        value: u32,
        first: Cell,
        second: Cell,
    },
    #[error("value {value} is missing")]
    Missing { value: u32 },
    #[error("cell {cell} holds {value} but its clue is {clue}")]
    ClueChanged { cell: Cell, clue: u32, value: u32 },
    #[error("{value} at {cell} and {next} at {next_cell} are not adjacent", next = value + 1)]
    NotAdjacent {
        value: u32,
        cell: Cell,
        next_cell: Cell,
    },
}

/// A value as read from the file, which may exceed u64.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueText(pub Option<u64>);

impl fmt::Display for ValueText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(value) if value != u64::MAX => write!(f, "{value}"),
            _ => write!(f, "a number too large to read"),
        }
    }
}

/// Checks a filled grid read from a file against a board.
pub fn check(board: &Board, filled: &Filled) -> Result<Solution, Violation> {
    if (filled.rows, filled.cols) != (board.rows(), board.cols()) {
        return Err(Violation::Shape {
            rows: board.rows(),
            cols: board.cols(),
            found_rows: filled.rows,
            found_cols: filled.cols,
        });
    }
    let total = board.total();
    let mut values = Vec::with_capacity(board.len());
    for (index, value) in filled.values.iter().enumerate() {
        let cell = board.cell(index);
        match *value {
            None => return Err(Violation::EmptyCell { cell }),
            Some(value) if (1..=total as u64).contains(&value) => values.push(value as u32),
            Some(value) => {
                return Err(Violation::OutOfRange {
                    cell,
                    value: ValueText(Some(value)),
                    total,
                })
            }
        }
    }
    check_values(board, values)
}

/// Checks row-major values (as decoded from a solver's answer) against a board.
pub fn check_values(board: &Board, values: Vec<u32>) -> Result<Solution, Violation> {
    let total = board.total();
    if values.len() != board.len() {
        return Err(Violation::Shape {
            rows: board.rows(),
            cols: board.cols(),
            found_rows: values.len() / board.cols(),
            found_cols: board.cols(),
        });
    }
    // index_of[k] is the row-major index of the cell value k sits in, or
    // NOWHERE; filling it finds repeats and gaps. Four bytes a value, as
    // the largest board has 2^24 of them.
    const NOWHERE: u32 = u32::MAX;
    let mut index_of: Vec<u32> = vec![NOWHERE; total as usize + 1];
    for (index, &value) in values.iter().enumerate() {
        if value == 0 || value > total {
            return Err(Violation::OutOfRange {
                cell: board.cell(index),
                value: ValueText(Some(value as u64)),
                total,
            });
        }
        let first = index_of[value as usize];
        if first != NOWHERE {
            return Err(Violation::Repeated {
                value,
                first: board.cell(first as usize),
                second: board.cell(index),
            });
        }
        index_of[value as usize] = index as u32;
    }
    if let Some(value) = (1..=total).find(|&value| index_of[value as usize] == NOWHERE) {
        return Err(Violation::Missing { value });
    }
    for (cell, clue) in board.clues() {
        let value = values[board.index(cell)];
        if value != clue {
            return Err(Violation::ClueChanged { cell, clue, value });
        }
    }
    for value in 1..total {
        let (cell, next_cell) = (
            board.cell(index_of[value as usize] as usize),
            board.cell(index_of[value as usize + 1] as usize),
        );
        if cell.distance(next_cell) != 1 {
            return Err(Violation::NotAdjacent {
                value,
                cell,
                next_cell,
            });
        }
    }
    Ok(Solution {
        rows: board.rows(),
        cols: board.cols(),
        values,
    })
}
