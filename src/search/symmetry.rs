//! The symmetries of an empty board, for counting: every path from one start
//! cell maps to a path from the start's image, one to one.

use crate::board::{Board, Cell};

/// One cell of each orbit of the board's symmetry group, with the orbit's
/// size: the start cells a full count of an empty board needs, and the
/// weight of each.
pub(super) fn start_orbits(board: &Board) -> Vec<(usize, u64)> {
    let (rows, cols) = (board.rows(), board.cols());
    let maps = symmetries(rows, cols);
    let mut representative = vec![usize::MAX; board.len()];
    let mut starts = Vec::new();
    for index in 0..board.len() {
        if representative[index] != usize::MAX {
            continue;
        }
        let cell = board.cell(index);
        let mut orbit: Vec<usize> = maps.iter().map(|map| board.index(map(cell))).collect();
        orbit.sort_unstable();
        orbit.dedup();
        for &member in &orbit {
            representative[member] = index;
        }
        starts.push((index, orbit.len() as u64));
    }
    starts
}

type Map = Box<dyn Fn(Cell) -> Cell>;

/// The grid's symmetries: the four of a rectangle, and on a square the four
/// that swap rows and columns as well.
fn symmetries(rows: usize, cols: usize) -> Vec<Map> {
    let (last_row, last_col) = (rows - 1, cols - 1);
    let mut maps: Vec<Map> = vec![
        Box::new(|cell| cell),
        Box::new(move |cell: Cell| Cell::new(last_row - cell.row, cell.col)),
        Box::new(move |cell: Cell| Cell::new(cell.row, last_col - cell.col)),
        Box::new(move |cell: Cell| Cell::new(last_row - cell.row, last_col - cell.col)),
    ];
    if rows == cols {
        maps.push(Box::new(|cell: Cell| Cell::new(cell.col, cell.row)));
        maps.push(Box::new(move |cell: Cell| {
            Cell::new(last_col - cell.col, cell.row)
        }));
        maps.push(Box::new(move |cell: Cell| {
            Cell::new(cell.col, last_row - cell.row)
        }));
        maps.push(Box::new(move |cell: Cell| {
            Cell::new(last_col - cell.col, last_row - cell.row)
        }));
    }
    maps
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_orbits_of_a_square_cover_its_cells_once() {
        let board = Board::empty(5, 5).unwrap();
        let starts = start_orbits(&board);
        // Corner, edge (two kinds), centre, and the inner ring's two kinds.
        assert_eq!(starts.len(), 6);
        assert_eq!(starts.iter().map(|&(_, size)| size).sum::<u64>(), 25);
    }

    #[test]
    fn a_rectangle_has_four_symmetries_not_eight() {
        let board = Board::empty(2, 3).unwrap();
        let sizes: Vec<u64> = start_orbits(&board).iter().map(|&(_, size)| size).collect();
        assert_eq!(sizes, vec![4, 2]);
    }
}
