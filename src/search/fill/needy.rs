//! Needy cells: a free cell that can be entered only two ways, and is no
//! end of the path, has both as its neighbours on the path.
//!
//! The ways-in test fails a cell left with fewer ways in than it needs, but
//! only once a placement has taken one away. A cell with just enough says
//! more before that: if one of its two ways is a placed value u, the cell
//! holds u - 1 or u + 1. So an open value v beside placed u has its cells
//! narrowed before it is chosen, not after each wrong cell has been tried:
//!
//! ```text
//! needy(u) = { free x beside u : ways_in(x) = 2, x may not be 1 or T }
//! u's other neighbour value placed:  |needy(u)| <= 1, and v is in needy(u) if it is not empty
//! both of u's neighbours open:       |needy(u)| <= 2, and v is in needy(u) if it holds two
//! ```
//!
//! A value with one cell left is placed at once (fail-first), so the path
//! through a corridor is laid before any choice elsewhere.

use super::{Fill, NONE};

impl Fill<'_> {
    /// The cells open value `value` may still take, narrowed by the needy
    /// cells beside its placed neighbour values (no cells: a contradiction);
    /// None when they narrow nothing. `candidates` are its cells as
    /// [`Fill::candidates`] gives them.
    pub(super) fn narrowed_by_needy(
        &self,
        value: u32,
        candidates: &[usize],
    ) -> Option<([usize; 4], u8)> {
        let beside = [
            (value.wrapping_sub(1), value.checked_sub(2)),
            (value + 1, Some(value + 2)),
        ];
        for (placed, other_side) in beside {
            if !self.placed(placed) {
                continue;
            }
            // The placed value's neighbours on the path still to come: the
            // needy cells beside it share them.
            let room = match other_side {
                Some(side) if (1..=self.total).contains(&side) && !self.placed(side) => 2,
                _ => 1,
            };
            let (needy, count) = self.needy(self.position[placed as usize]);
            if count > room {
                return Some(([NONE; 4], 0));
            }
            if count == room {
                let mut cells = [NONE; 4];
                let mut kept = 0;
                for &cell in needy[..count]
                    .iter()
                    .filter(|cell| candidates.contains(cell))
                {
                    cells[kept] = cell;
                    kept += 1;
                }
                if kept < candidates.len() {
                    return Some((cells, kept as u8));
                }
            }
        }
        None
    }

    /// The needy cells beside placed cell `at`.
    fn needy(&self, at: usize) -> ([usize; 4], usize) {
        let mut needy = [NONE; 4];
        let mut count = 0;
        for cell in self.grid.neighbours_or_past(at) {
            // Ways in >= free neighbours + 1 (`at` itself): most cells go
            // at the second test.
            if self.value[cell] == 0
                && self.free_degree[cell] <= 1
                && self.ways_in(cell) == 2
                && !self.may_end(cell)
            {
                needy[count] = cell;
                count += 1;
            }
        }
        (needy, count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::search::fill::testing::grid_of;
    use crate::search::path::Grid;

    /// A 4x4 board with 1 at the bottom right and 16 at (1, 2).
    fn corner_board() -> Grid {
        grid_of(&Board::parse(b",,,\n,,16,\n,,,\n,,,1\n").unwrap())
    }

    /// The corner board with 9 at (1, 1) and 8 at (0, 1) placed. Value 7 goes beside 8: at (0, 0) or
    /// (0, 2). The corner (0, 0) can be entered only from 8 and from
    /// (1, 0), and it cannot be an end (1 and 16 are placed): it needs 8,
    /// whose other neighbour, 9, is placed, so 7 is there.
    #[test]
    fn a_corner_entered_two_ways_takes_the_value_beside_its_placed_neighbour() {
        let grid = corner_board();
        let mut fill = Fill::new(&grid, 4, &[(15, 1), (6, 16)]).unwrap();
        fill.place(5, 9);
        fill.place(1, 8);
        let (cells, count) = fill.candidates(7);
        assert_eq!(&cells[..count as usize], &[0, 2]);
        assert_eq!(
            fill.narrowed_by_needy(7, &cells[..count as usize]),
            Some(([0, NONE, NONE, NONE], 1))
        );
    }

    /// The same board with 9 not placed: the corner still needs 8, but
    /// may hold 7 or 9, so 7 keeps all its cells (the corner, (0, 2) and
    /// (1, 1)).
    #[test]
    fn one_needy_cell_beside_a_value_open_on_both_sides_narrows_nothing() {
        let grid = corner_board();
        let mut fill = Fill::new(&grid, 4, &[(15, 1), (6, 16)]).unwrap();
        fill.place(1, 8);
        let (cells, count) = fill.candidates(7);
        assert_eq!(&cells[..count as usize], &[5, 0, 2]);
        assert_eq!(fill.narrowed_by_needy(7, &cells[..count as usize]), None);
    }
}
