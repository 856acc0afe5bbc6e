//! Helpers the fill's unit tests share: a board's grid, and a fill driven
//! through placements and undos drawn at random.

use super::Fill;
use crate::board::{Board, Cell};
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

/// A board of `rows` x `columns` cells with 1 in its top left corner
/// (cell 0) and no other clue.
pub(super) fn corner_board(rows: usize, columns: usize) -> Board {
    let board = empty(rows, columns).with_clue(Cell::new(0, 0), Some(1));
    board.unwrap()
}

/// The grid of [`corner_board`].
pub(super) fn corner_grid(rows: usize, columns: usize) -> Grid {
    grid_of(&corner_board(rows, columns))
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
