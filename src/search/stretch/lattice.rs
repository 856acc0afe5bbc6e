//! The board's cells as the local search's moves see them: each cell's
//! row, column and neighbours looked up rather than worked out. A move asks
//! for them several times, and working them out from a cell's index takes
//! a division by the columns, which costs more than the rest of a lookup.

use crate::board::Board;

/// No neighbour: the entries of a cell's four past those on the board.
const OFF: u32 = u32::MAX;

pub(super) struct Lattice {
    /// Each cell's neighbours in the order of [`Board::neighbour_indices`],
    /// then [`OFF`].
    neighbours: Vec<[u32; 4]>,
    /// Each cell's row and column.
    place: Vec<(u32, u32)>,
}

impl Lattice {
    pub(super) fn new(board: &Board) -> Lattice {
        let cells = board.len();
        let mut neighbours = vec![[OFF; 4]; cells];
        for (cell, slots) in neighbours.iter_mut().enumerate() {
            for (slot, neighbour) in slots.iter_mut().zip(board.neighbour_indices(cell)) {
                *slot = neighbour as u32;
            }
        }
        let place = board
            .cells()
            .map(|cell| (cell.row as u32, cell.col as u32))
            .collect();
        Lattice { neighbours, place }
    }

    pub(super) fn row(&self, cell: usize) -> usize {
        self.place[cell].0 as usize
    }

    pub(super) fn column(&self, cell: usize) -> usize {
        self.place[cell].1 as usize
    }

    /// Steps between two cells along rows and columns.
    pub(super) fn distance(&self, a: usize, b: usize) -> usize {
        let ((row_a, column_a), (row_b, column_b)) = (self.place[a], self.place[b]);
        (row_a.abs_diff(row_b) + column_a.abs_diff(column_b)) as usize
    }

    /// The neighbours of `cell` in an array, and how many there are: moves
    /// pick one without allocating.
    pub(super) fn around(&self, cell: usize) -> ([usize; 4], usize) {
        let slots = self.neighbours[cell];
        let mut around = [super::NONE; 4];
        let mut count = 0;
        for slot in slots {
            if slot != OFF {
                around[count] = slot as usize;
                count += 1;
            }
        }
        (around, count)
    }

    pub(super) fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.neighbours[cell]
            .into_iter()
            .take_while(|&slot| slot != OFF)
            .map(|slot| slot as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cells_neighbours_rows_columns_and_distances_are_the_boards() {
        let board = Board::empty(3, 4).expect("a 3x4 board");
        let lattice = Lattice::new(&board);
        for index in 0..board.len() {
            let cell = board.cell(index);
            assert_eq!(
                (lattice.row(index), lattice.column(index)),
                (cell.row, cell.col)
            );
            let expected: Vec<usize> = board.neighbour_indices(index).collect();
            let (around, count) = lattice.around(index);
            assert_eq!(around[..count], expected[..], "around cell {index}");
            assert_eq!(lattice.neighbours(index).collect::<Vec<_>>(), expected);
            for other in 0..board.len() {
                assert_eq!(
                    lattice.distance(index, other),
                    cell.distance(board.cell(other))
                );
            }
        }
    }
}
