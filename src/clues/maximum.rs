//! The most clues that still fail to define a puzzle.
//!
//! A clue set fails when two solutions carry it, so the most clues that
//! fail are the most cells on which two different solutions agree: T minus
//! the fewest cells in which two solutions differ. Two solutions never
//! differ in one cell only (the values are a permutation), so T - 2 is the
//! most there can be, reached when two solutions differ in exactly two
//! cells: they swap two values.
//!
//! Such a swap must move the value 1 or T. Swap values a < b between two
//! cells that are not path ends: if b = a + 1 the path would step between
//! two cells of one colour; otherwise each of the two cells must touch the
//! cells of a - 1, a + 1, b - 1 and b + 1 (at least three distinct cells),
//! and two grid cells share at most two neighbours. So testing, for every
//! solution, the swaps of its two ends with every other cell finds two such
//! solutions exactly when they exist.

use crate::board::Board;

/// Cell pairs and their grid distance, for the swap test.
pub struct SwapTest {
    rows_cols: Vec<(usize, usize)>,
}

impl SwapTest {
    pub fn new(board: &Board) -> SwapTest {
        SwapTest {
            rows_cols: board.cells().map(|cell| (cell.row, cell.col)).collect(),
        }
    }

    fn adjacent(&self, first: usize, second: usize) -> bool {
        let (a, b) = (self.rows_cols[first], self.rows_cols[second]);
        a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 1
    }

    /// A second solution that differs from `path` (cells in value order) in
    /// two cells, by swapping an end's value with another cell's: the two
    /// positions (values minus one) swapped.
    pub fn twin(&self, path: &[usize]) -> Option<(usize, usize)> {
        let last = path.len().checked_sub(1)?;
        let at = |position: usize, swap: (usize, usize)| {
            if position == swap.0 {
                path[swap.1]
            } else if position == swap.1 {
                path[swap.0]
            } else {
                path[position]
            }
        };
        for end in [0, last] {
            for other in 0..path.len() {
                if other == end {
                    continue;
                }
                let swap = (end, other);
                let fits = [end, other].iter().all(|&position| {
                    let before =
                        position == 0 || self.adjacent(at(position - 1, swap), at(position, swap));
                    let after = position == last
                        || self.adjacent(at(position, swap), at(position + 1, swap));
                    before && after
                });
                if fits {
                    return Some(swap);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ends_of_a_one_row_board_swap() {
        // 1 2 3 and 3 2 1 differ in the two end cells.
        let board = Board::empty(1, 3).unwrap();
        assert_eq!(SwapTest::new(&board).twin(&[0, 1, 2]), Some((0, 2)));
    }

    #[test]
    fn a_start_beside_the_third_cell_swaps_with_it() {
        // The 2x2 board 2 3 / 1 4 (cells 0 1 / 2 3: the path runs through
        // cells 2, 0, 1, 3). Swapping its 1 and 3 gives 2 1 / 3 4, a path too.
        let board = Board::empty(2, 2).unwrap();
        assert_eq!(SwapTest::new(&board).twin(&[2, 0, 1, 3]), Some((0, 2)));
    }

    #[test]
    fn a_serpentine_three_by_three_start_has_no_twin_by_swap() {
        // 1 2 3 / 6 5 4 / 7 8 9: neither end can swap with another cell.
        let board = Board::empty(3, 3).unwrap();
        let path = [0, 1, 2, 5, 4, 3, 6, 7, 8];
        assert_eq!(SwapTest::new(&board).twin(&path), None);
    }
}
