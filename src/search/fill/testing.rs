//! Helpers the fill's unit tests share: a board's grid, and a fill driven
//! through placements and undos drawn at random.

use super::Fill;
use crate::board::Board;
use crate::domains::Domains;
use crate::scramble::scramble;
use crate::search::path::Grid;
use crate::search::testing::empty;

/// The grid of `board`, over its domains after rules 1-5.
pub(super) fn grid_of(board: &Board) -> Grid {
    let domains = Domains::reduce_with(board, false, None).unwrap();
    crate::search::grid(board, &domains)
}

/// The grid of an empty board of `rows` x `columns` cells.
pub(super) fn empty_grid(rows: usize, columns: usize) -> Grid {
    grid_of(&empty(rows, columns))
}

/// A 6x7 board with 1 in its top left corner (cell 0), and its grid.
pub(super) fn corner_of_6x7() -> (Board, Grid) {
    let board = Board::parse(b"1,,,,,,\n,,,,,,\n,,,,,,\n,,,,,,\n,,,,,,\n,,,,,,\n").unwrap();
    let grid = grid_of(&board);
    (board, grid)
}

/// `steps` placements and undos drawn at random (the placements' tests
/// not asked, the givens kept, at most `depth` values placed), with `look`
/// called after each step.
pub(super) fn wander(
    fill: &mut Fill,
    steps: usize,
    depth: usize,
    mut look: impl FnMut(&mut Fill, usize),
) {
    for step in 0..steps {
        let draw = scramble(step, 47) as usize;
        if fill.trail.len() > depth || (draw.is_multiple_of(3) && fill.trail.len() > fill.given) {
            fill.undo();
        } else {
            let cell = draw / 3 % fill.grid.cells;
            let value = (draw / 97 % fill.total as usize) as u32 + 1;
            if fill.value[cell] == 0 && !fill.placed(value) && fill.grid.allows(cell, value) {
                fill.place(cell, value);
            }
        }
        look(fill, step);
    }
}
