//! The ways-in test: a free cell x needs two ways in, two neighbours that
//! the path may still come in or go out by, one if x may still be an end:
//!
//! ways_in(x) = |{ n beside x : n free, or n holds a value v one of whose
//!                 neighbour values (v - 1 >= 1, v + 1 <= T) is not placed }|
//! ways_in(x) >= 2, or ways_in(x) = 1 and x may hold 1 or T.
//!
//! A free cell with one way in is an end of the path, so these *dead ends*
//! are at most two, and each holds a different end value not placed yet.
//! An end value is within reach of the nearest placed value:
//!
//! may_hold(x, 1) = 1 not placed, x may hold 1, dist(x, cell(l)) <= l - 1
//!                  (l the lowest placed value)
//! may_hold(x, T) = T not placed, x may hold T, dist(x, cell(h)) <= T - h
//!                  (h the highest placed value)
//! dead ends {x}:    may_hold(x, 1) or may_hold(x, T)
//! dead ends {x, y}: may_hold(x, 1) and may_hold(y, T), or the other way
//!
//! The reach makes needy cells (`needy.rs`) depend on the lowest and the
//! highest placed values, so the kept choices are forgotten when those
//! move (`choices.rs`).
//!
//! A placement changes ways in only around its cell and around the cells of
//! its neighbour values (which may stop being loose), so only the free
//! cells there are asked again.

use super::{Fill, NONE};

impl Fill<'_> {
    /// Ways into free cell `cell`: free neighbours and loose placed ones.
    pub(super) fn ways_in(&self, cell: usize) -> u8 {
        // Worked out for each neighbour, not branched on: free or not goes
        // either way. A free one is asked as value 1, whose neighbour
        // values' bits are there to read.
        let mut ways = 0;
        for &n in self.grid.neighbours(cell) {
            let value = self.value[n];
            ways += u8::from((value == 0) | self.lacks_a_neighbour_value(value.max(1)));
        }
        ways
    }

    /// Can `cell` still be an end of the path (value 1 or T, within reach)?
    pub(super) fn may_end(&self, cell: usize) -> bool {
        self.may_hold_end(cell, 1) || self.may_hold_end(cell, self.total)
    }

    /// The ways-in test on the free cells whose ways in the placement of
    /// `value` in `cell` changed: around it and around its neighbour values.
    pub(super) fn ways_in_around(&self, cell: usize, value: u32) -> bool {
        let mut centres = [cell, NONE, NONE];
        if value > 1 {
            centres[1] = self.position[value as usize - 1];
        }
        if value < self.total {
            centres[2] = self.position[value as usize + 1];
        }
        // A dead end met here is asked once, with every other dead end.
        let mut dead_end = false;
        for centre in centres {
            if centre == NONE {
                continue;
            }
            for x in self.grid.neighbours_or_past(centre) {
                // Ways in >= free neighbours: most cells pass at the
                // second test, without looking at their neighbours.
                if self.value[x] == 0 && self.free_degree[x] < 2 {
                    match self.ways_in(x) {
                        0 => return false,
                        1 => dead_end = true,
                        _ => {}
                    }
                }
            }
        }
        !dead_end || self.ends_suffice()
    }

    /// The dead ends test: every free cell with one way in is an end of the
    /// path, so they are at most two, each holding an end value (1 or T)
    /// not placed yet, the two different ones.
    fn ends_suffice(&self) -> bool {
        let mut ends = [NONE; 3];
        let mut count = 0;
        for x in 0..self.grid.cells {
            if self.value[x] == 0 && self.free_degree[x] < 2 && self.ways_in(x) == 1 {
                ends[count] = x;
                count += 1;
                if count == 3 {
                    return false;
                }
            }
        }
        let may = |cell: usize, value: u32| self.may_hold_end(cell, value);
        match count {
            1 => may(ends[0], 1) || may(ends[0], self.total),
            2 => {
                let (a, b) = (ends[0], ends[1]);
                (may(a, 1) && may(b, self.total)) || (may(a, self.total) && may(b, 1))
            }
            _ => true,
        }
    }

    /// May free cell `cell` hold end value `value` (1 or T): not placed yet,
    /// allowed there, and within reach of the nearest placed value?
    fn may_hold_end(&self, cell: usize, value: u32) -> bool {
        if self.placed(value) || !self.grid.allows(cell, value) {
            return false;
        }
        let nearest = if value == 1 {
            Some(self.placed_values.next_placed(1)).filter(|&v| v <= self.total)
        } else {
            Some(self.placed_values.last_placed(value)).filter(|&v| v > 0)
        };
        nearest.is_none_or(|v| self.distance(cell, self.position[v as usize]) <= v.abs_diff(value))
    }

    /// Does placing placed value `value`, or taking it back, change which
    /// cells an end value not placed yet can reach? Only if `value` is the
    /// highest placed value below T (or the lowest above 1), laid beside
    /// the one before it, h (or l): T's reach then shrinks from T - h steps
    /// around h's cell to T - h - 1 around `value`'s, which changes nothing
    /// for cells nearer h's cell than T - h - 1 steps; on a small board
    /// with a long way to go to T there are none.
    pub(super) fn moves_an_end_reach(&self, value: u32) -> bool {
        // No value before it, or one not beside it (no open value is):
        // say it moves, and every kept choice is worked out again.
        let reach_moves = |before: u32, steps: u32| {
            !(1..=self.total).contains(&before)
                || before.abs_diff(value) != 1
                || steps <= self.farthest(self.position[before as usize])
        };
        let highest =
            !self.placed(self.total) && self.placed_values.last_placed(self.total) == value;
        let lowest = !self.placed(1) && self.placed_values.next_placed(1) == value;
        (highest
            && reach_moves(
                self.placed_values.last_placed(value - 1),
                self.total - value,
            ))
            || (lowest && reach_moves(self.placed_values.next_placed(value + 1), value - 1))
    }

    /// The steps from `cell` to the farthest cell of the board.
    fn farthest(&self, cell: usize) -> u32 {
        let (row, column) = self.coordinates[cell];
        let (row, column) = (usize::from(row), usize::from(column));
        let down = row.max(self.rows - 1 - row);
        let across = column.max(self.columns - 1 - column);
        (down + across) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::empty_grid;
    use super::super::Fill;

    #[test]
    fn two_dead_ends_that_each_may_hold_t_fail_when_only_t_is_left() {
        // 1 to 4 laid on an empty 3x4 board (T = 12); `x` marks the free
        // cells left with one way in each:
        //
        //     x 1 x .
        //     . 2 3 .
        //     . . 4 .
        let grid = empty_grid(3, 4);
        let mut fill = Fill::new(&grid, 4, &[(1, 1)]).unwrap();
        assert!(fill.place(5, 2) && fill.place(6, 3));
        assert!(!fill.place(10, 4));
        for dead_end in [0, 2] {
            assert_eq!(fill.ways_in(dead_end), 1);
            assert!(fill.may_end(dead_end), "cell {dead_end} alone may hold 12");
        }
    }

    #[test]
    fn a_cell_further_from_the_lowest_placed_value_than_its_steps_cannot_hold_1() {
        // 3 given in the top left corner of an empty 3x4 board: 1 lies two
        // steps from it at most.
        let grid = empty_grid(3, 4);
        let fill = Fill::new(&grid, 4, &[(0, 3)]).unwrap();
        assert!(fill.may_hold_end(2, 1));
        assert!(!fill.may_hold_end(11, 1));
    }
}
