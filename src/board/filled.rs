//! Filled grids: what `check` reads (CSV, or JSON through `json.rs`)
//! before the checker judges it.

use std::path::Path;

use crate::error::InputError;

use super::parse::{read_input, Grid, Token};
use super::{in_file, json};

/// A filled-in grid as read from a file, before anyone has checked it: values
/// may repeat, be missing or be out of range. [`crate::check`](mod@crate::check) judges it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filled {
    pub rows: usize,
    pub cols: usize,
    /// Row-major; `None` is an empty cell, `Some(u64::MAX)` a number too large for u64.
    pub values: Vec<Option<u64>>,
}

impl Filled {
    /// Parses a solution file: same format as a board, but repeated and
    /// out-of-range values are left for the checker to report. JSON (the
    /// answer of `solve --format json`, or an array of rows) is read too.
    pub fn parse(text: &[u8]) -> Result<Filled, InputError> {
        if json::is_json(text) {
            return json::parse_filled(text);
        }
        Ok(Filled::from_grid(Grid::parse(text)?))
    }

    /// Reads a filled grid; errors name the file. The text is let go once
    /// its fields are read, before the cells are laid out (a grid of 2^24
    /// cells is 140 MB of text).
    pub fn read(path: &Path) -> Result<Filled, InputError> {
        let text = read_input(path)?;
        if json::is_json(&text) {
            return json::parse_filled(&text).map_err(|error| in_file(path, error));
        }
        let grid = Grid::parse(&text).map_err(|error| in_file(path, error))?;
        drop(text);
        Ok(Filled::from_grid(grid))
    }

    fn from_grid(grid: Grid) -> Filled {
        Filled {
            rows: grid.rows(),
            cols: grid.cols,
            values: (0..grid.len())
                .map(|index| {
                    grid.token(index).map(|token| match token {
                        Token::Number(value) => value as u64,
                        Token::Huge(_) => u64::MAX,
                    })
                })
                .collect(),
        }
    }
}
