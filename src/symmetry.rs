//! The symmetries of an empty board: the four of a rectangle (identity, the
//! two mirror images and the half turn) and, on a square, the four that
//! swap rows and columns as well. A symmetry maps every solution to a
//! solution, so the search counts an empty board from one start cell per
//! orbit, and the clue research (src/clues) looks at one cell set per orbit.

use crate::board::{Board, Cell};

/// A symmetry of the grid, as a permutation of cell indices: cell `i` goes
/// to `image(i)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symmetry {
    images: Vec<usize>,
}

impl Symmetry {
    pub fn image(&self, index: usize) -> usize {
        self.images[index]
    }

    pub fn is_identity(&self) -> bool {
        self.images
            .iter()
            .enumerate()
            .all(|(index, &image)| index == image)
    }
}

/// The grid's symmetries, the identity first.
pub fn symmetries(board: &Board) -> Vec<Symmetry> {
    let (rows, cols) = (board.rows(), board.cols());
    let (last_row, last_col) = (rows - 1, cols - 1);
    let mut maps: Vec<Box<dyn Fn(Cell) -> Cell>> = vec![
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
    maps.iter()
        .map(|map| Symmetry {
            images: board.cells().map(|cell| board.index(map(cell))).collect(),
        })
        .collect()
}

/// One orbit of cells: its smallest cell, and for every cell of the orbit
/// one symmetry that takes the smallest there.
#[derive(Debug, Clone)]
pub struct Orbit {
    pub start: usize,
    /// One symmetry per cell of the orbit (indices into [`symmetries`]):
    /// mapping every path from `start` by these gives every path from the
    /// orbit's cells exactly once.
    pub carriers: Vec<usize>,
}

/// The orbits of the cells under the grid's symmetries, by smallest cell.
pub fn cell_orbits(board: &Board) -> Vec<Orbit> {
    let maps = symmetries(board);
    let mut seen = vec![false; board.len()];
    let mut orbits = Vec::new();
    for start in 0..board.len() {
        if seen[start] {
            continue;
        }
        let mut carriers = Vec::new();
        for (which, map) in maps.iter().enumerate() {
            let image = map.image(start);
            if !seen[image] {
                seen[image] = true;
                carriers.push(which);
            }
        }
        orbits.push(Orbit { start, carriers });
    }
    orbits
}

/// One cell of each orbit, with the orbit's size: the start cells a full
/// count of an empty board needs, and the weight of each.
pub fn start_orbits(board: &Board) -> Vec<(usize, u64)> {
    cell_orbits(board)
        .into_iter()
        .map(|orbit| (orbit.start, orbit.carriers.len() as u64))
        .collect()
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
        assert_eq!(symmetries(&board).len(), 4);
    }

    #[test]
    fn the_carriers_take_the_start_to_every_cell_of_its_orbit() {
        let board = Board::empty(4, 4).unwrap();
        let maps = symmetries(&board);
        let mut reached = vec![0; board.len()];
        for orbit in cell_orbits(&board) {
            for &which in &orbit.carriers {
                reached[maps[which].image(orbit.start)] += 1;
            }
        }
        assert_eq!(reached, vec![1; 16]);
    }
}
