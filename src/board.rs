//! Boards: the grid, its clues, and the CSV format they are read from.
//!
//! A board file has one grid row per line, comma-separated. A clue is a
//! positive integer; an empty field, `0`, `_` or `.` is an empty cell.
//! Spaces and tabs around a field are ignored, blank lines and lines that
//! start with `#` are skipped, a UTF-8 byte-order mark and Windows line
//! endings are accepted.

use std::fmt;
use std::num::NonZeroU32;
use std::path::Path;

use crate::error::InputError;

mod filled;
mod json;
mod parse;

pub use filled::Filled;
pub use parse::read_input;
use parse::{Grid, Token};

/// Boards larger than this many cells are refused while parsing: their
/// values would not fit the `u32` arithmetic used everywhere else, and no
/// formulation here could be built for them anyway.
pub const MAX_CELLS: usize = 1 << 24;

/// Input larger than this is refused before it is read whole.
pub const MAX_INPUT_BYTES: u64 = 256 << 20;

/// A cell of the grid, 0-based inside the library; shown 1-based as `(row,col)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub row: usize,
    pub col: usize,
}

impl Cell {
    pub fn new(row: usize, col: usize) -> Self {
        Cell { row, col }
    }

    /// Manhattan distance: the fewest steps between the two cells.
    pub fn distance(self, other: Cell) -> usize {
        self.row.abs_diff(other.row) + self.col.abs_diff(other.col)
    }

    /// Checkerboard colour: 0 or 1, the parity of row + col.
    pub fn colour(self) -> usize {
        (self.row + self.col) % 2
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row + 1, self.col + 1)
    }
}

/// A rectangular grid of cells, some holding a clue. It cannot be ragged:
/// the only ways to get one are [`Board::new`] and the parsers, which check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    /// Row-major; `Some(v)` is the clue `v` (four bytes a cell).
    clues: Vec<Option<NonZeroU32>>,
}

impl Board {
    /// A board from row-major clues. Every clue must lie in 1..=T and appear
    /// once; the error names the first cell that breaks this.
    pub fn new(rows: usize, cols: usize, clues: Vec<Option<u32>>) -> Result<Board, InputError> {
        check_size(rows, cols)?;
        if clues.len() != rows * cols {
            return Err(InputError::Shape {
                rows,
                cols,
                cells: clues.len(),
            });
        }
        Board::from_grid(Grid::from_clues(rows, cols, clues))
    }

    /// A board with no clues at all.
    pub fn empty(rows: usize, cols: usize) -> Result<Board, InputError> {
        check_size(rows, cols)?;
        Board::new(rows, cols, vec![None; rows * cols])
    }

    /// Parses board text (see the module docs for the format).
    pub fn parse(text: &[u8]) -> Result<Board, InputError> {
        Board::from_grid(Grid::parse(text)?)
    }

    /// Reads a board file; `-` reads standard input. Errors name the file.
    pub fn read(path: &Path) -> Result<Board, InputError> {
        Board::parse(&read_input(path)?).map_err(|error| in_file(path, error))
    }

    fn from_grid(grid: Grid) -> Result<Board, InputError> {
        let total = grid.rows() * grid.cols;
        // For each value, one more than the index of the cell that gave it
        // first (0: not given yet).
        let mut given_at: Vec<u32> = vec![0; total + 1];
        let mut clues = Vec::with_capacity(total);
        for index in 0..grid.len() {
            let clue = match grid.token(index) {
                None => None,
                Some(Token::Number(value)) if (1..=total as u64).contains(&(value as u64)) => {
                    let slot = &mut given_at[value as usize];
                    if *slot != 0 {
                        return Err(InputError::Duplicate {
                            place: grid.place(index),
                            value,
                            first: grid.place(*slot as usize - 1),
                        });
                    }
                    *slot = index as u32 + 1;
                    NonZeroU32::new(value)
                }
                Some(Token::Number(value)) => {
                    return Err(InputError::OutOfRange {
                        place: grid.place(index),
                        value: value.to_string(),
                        total,
                    })
                }
                Some(Token::Huge(digits)) => {
                    return Err(InputError::OutOfRange {
                        place: grid.place(index),
                        value: digits,
                        total,
                    })
                }
            };
            clues.push(clue);
        }
        Ok(Board {
            rows: grid.rows(),
            cols: grid.cols,
            clues,
        })
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    /// T = rows x cols: the largest value, and the number of cells.
    pub fn total(&self) -> u32 {
        (self.rows * self.cols) as u32
    }

    /// Number of cells (T as an index type).
    pub fn len(&self) -> usize {
        self.rows * self.cols
    }

    /// A board always has at least one cell; this is here for clippy's sake.
    pub fn is_empty(&self) -> bool {
        self.clues.is_empty()
    }

    /// Row-major index of a cell.
    pub fn index(&self, cell: Cell) -> usize {
        cell.row * self.cols + cell.col
    }

    /// The cell at a row-major index.
    pub fn cell(&self, index: usize) -> Cell {
        Cell::new(index / self.cols, index % self.cols)
    }

    /// Every cell, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.len()).map(|index| self.cell(index))
    }

    /// The clue at a cell, if any.
    pub fn clue(&self, cell: Cell) -> Option<u32> {
        self.clues[self.index(cell)].map(NonZeroU32::get)
    }

    /// Every clue as (cell, value), row by row.
    pub fn clues(&self) -> impl Iterator<Item = (Cell, u32)> + '_ {
        self.clues
            .iter()
            .enumerate()
            .filter_map(|(index, clue)| clue.map(|value| (self.cell(index), value.get())))
    }

    /// The clues in increasing order of value (ties, which only a board
    /// with a repeated clue has, by cell).
    pub fn clues_by_value(&self) -> Vec<(u32, Cell)> {
        let mut clues: Vec<(u32, Cell)> = self.clues().map(|(cell, value)| (value, cell)).collect();
        clues.sort_unstable();
        clues
    }

    pub fn clue_count(&self) -> usize {
        self.clues.iter().filter(|clue| clue.is_some()).count()
    }

    /// The orthogonal neighbours of a cell (up, down, left, right; those on the grid).
    pub fn neighbours(&self, cell: Cell) -> impl Iterator<Item = Cell> + '_ {
        let Cell { row, col } = cell;
        [
            (row > 0).then(|| Cell::new(row - 1, col)),
            (row + 1 < self.rows).then(|| Cell::new(row + 1, col)),
            (col > 0).then(|| Cell::new(row, col - 1)),
            (col + 1 < self.cols).then(|| Cell::new(row, col + 1)),
        ]
        .into_iter()
        .flatten()
    }

    /// The row-major indices of the neighbours of the cell at `index`, in
    /// the order of [`Board::neighbours`] (one remainder, no division: the
    /// reduction asks this for every cell that changes).
    pub fn neighbour_indices(&self, index: usize) -> impl Iterator<Item = usize> {
        let (columns, len) = (self.cols, self.len());
        let column = index % columns;
        [
            (index >= columns).then(|| index - columns),
            (index + columns < len).then(|| index + columns),
            (column > 0).then(|| index - 1),
            (column + 1 < columns).then(|| index + 1),
        ]
        .into_iter()
        .flatten()
    }

    /// The same grid with `value` placed at `cell` (for building boards in tests
    /// and examples). Fails like [`Board::new`] if that breaks a rule.
    pub fn with_clue(&self, cell: Cell, value: Option<u32>) -> Result<Board, InputError> {
        let mut clues: Vec<Option<u32>> = self
            .clues
            .iter()
            .map(|clue| clue.map(NonZeroU32::get))
            .collect();
        clues[self.index(cell)] = value;
        Board::new(self.rows, self.cols, clues)
    }

    /// The board for people: one line per row, columns aligned, `.` for an
    /// empty cell.
    pub fn to_text(&self) -> String {
        let width = self.total().to_string().len();
        let mut text = String::new();
        for row in 0..self.rows() {
            let cells: Vec<String> = (0..self.cols())
                .map(|col| match self.clue(Cell::new(row, col)) {
                    Some(value) => format!("{value:>width$}"),
                    None => format!("{:>width$}", "."),
                })
                .collect();
            text.push_str(&cells.join(" "));
            text.push('\n');
        }
        text
    }

    /// The board as CSV text, empty cells as empty fields, except on a board
    /// one column wide, where an empty cell is written `.`: its row would be
    /// a blank line, which the reader skips.
    pub fn to_csv(&self) -> String {
        let empty = if self.cols == 1 { "." } else { "" };
        let mut out = String::new();
        for row in 0..self.rows {
            let line: Vec<String> = (0..self.cols)
                .map(|col| match self.clue(Cell::new(row, col)) {
                    Some(value) => value.to_string(),
                    None => empty.to_string(),
                })
                .collect();
            out.push_str(&line.join(","));
            out.push('\n');
        }
        out
    }
}

/// Does `path` name standard input (`-`)? It can be read once.
pub fn is_standard_input(path: &Path) -> bool {
    path == Path::new("-")
}

/// How messages name an input: its path, or "standard input" for `-`.
pub fn input_name(path: &Path) -> String {
    if is_standard_input(path) {
        "standard input".to_string()
    } else {
        path.display().to_string()
    }
}

/// An error in the contents of `path`, named with it.
fn in_file(path: &Path, error: InputError) -> InputError {
    InputError::InFile {
        path: input_name(path),
        error: Box::new(error),
    }
}

/// A board built in code obeys the parser's limits: at least one cell, at
/// most [`MAX_CELLS`] (no overflow, no allocation of a board that could
/// never be solved).
fn check_size(rows: usize, cols: usize) -> Result<(), InputError> {
    if rows == 0 || cols == 0 {
        return Err(InputError::Empty);
    }
    match rows.checked_mul(cols) {
        Some(cells) if cells <= MAX_CELLS => Ok(()),
        _ => Err(InputError::TooLarge {
            what: format!("a {rows}x{cols} board"),
            limit: format!("{MAX_CELLS} cells"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Place;

    #[test]
    fn a_cells_neighbour_indices_are_its_neighbours_in_the_same_order() {
        for (rows, cols) in [(1, 1), (1, 3), (3, 1), (3, 4), (4, 3)] {
            let board = Board::empty(rows, cols).unwrap();
            for cell in board.cells() {
                let by_cell: Vec<usize> = board.neighbours(cell).map(|n| board.index(n)).collect();
                let by_index: Vec<usize> = board.neighbour_indices(board.index(cell)).collect();
                assert_eq!(by_index, by_cell, "{cell} of {rows}x{cols}");
            }
        }
    }

    #[test]
    fn refuses_a_board_too_large_to_count_its_cells() {
        assert_eq!(
            Board::empty(usize::MAX, 2),
            Err(InputError::TooLarge {
                what: format!("a {}x2 board", usize::MAX),
                limit: "16777216 cells".into(),
            })
        );
    }

    #[test]
    fn refuses_a_board_built_in_code_larger_than_the_parser_allows() {
        assert!(matches!(
            Board::empty(1 << 13, 1 << 12),
            Err(InputError::TooLarge { .. })
        ));
    }

    #[test]
    fn refuses_a_board_without_cells() {
        assert_eq!(Board::empty(0, 5), Err(InputError::Empty));
    }

    fn out_of_range(line: usize, column: usize, value: &str, total: usize) -> InputError {
        InputError::OutOfRange {
            place: Place::at(line, column),
            value: value.to_string(),
            total,
        }
    }

    #[test]
    fn a_clue_of_zero_built_in_code_is_out_of_range_at_its_cell() {
        assert_eq!(
            Board::new(2, 2, vec![None, None, None, Some(0)]),
            Err(out_of_range(2, 2, "0", 4))
        );
    }

    #[test]
    fn numbers_as_large_as_a_u32_or_larger_are_out_of_range_as_written() {
        assert_eq!(
            Board::parse(b"1,4294967295\n,\n"),
            Err(out_of_range(1, 2, "4294967295", 4))
        );
        assert_eq!(
            Board::parse(b"1,\n\n,0099999999999\n"),
            Err(out_of_range(3, 2, "99999999999", 4))
        );
    }

    #[test]
    fn a_filled_grid_keeps_numbers_past_the_board_for_the_checker() {
        let filled = Filled::parse(b"4294967295,99999999999\n0,3\n").unwrap();
        assert_eq!(
            filled.values,
            vec![Some(4294967295), Some(u64::MAX), None, Some(3)]
        );
    }

    #[test]
    fn a_clue_given_twice_names_both_places_past_blank_lines() {
        assert_eq!(
            Board::parse(b"1,\n\n,\n\n,1\n"),
            Err(InputError::Duplicate {
                place: Place::at(5, 2),
                value: 1,
                first: Place::at(1, 1),
            })
        );
    }

    #[test]
    fn a_board_one_column_wide_reads_back_from_its_csv() {
        let board = Board::new(5, 1, vec![None, None, Some(3), None, None]).unwrap();
        let csv = board.to_csv();
        assert_eq!(csv, ".\n.\n3\n.\n.\n");
        assert_eq!(Board::parse(csv.as_bytes()), Ok(board));
    }

    #[test]
    fn an_empty_one_by_one_board_reads_back_from_its_csv() {
        let board = Board::empty(1, 1).unwrap();
        assert_eq!(Board::parse(board.to_csv().as_bytes()), Ok(board));
    }

    #[test]
    fn a_wider_board_writes_its_empty_cells_as_empty_fields() {
        let board = Board::new(2, 2, vec![None, Some(1), None, None]).unwrap();
        assert_eq!(board.to_csv(), ",1\n,\n");
    }
}
