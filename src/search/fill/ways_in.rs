//! The ways-in test: a free cell x needs two ways in, two neighbours that
//! the path may still come in or go out by, one if x may still be an end:
//!
//! ways_in(x) = |{ n beside x : n free, or n holds a value v one of whose
//!                 neighbour values (v - 1 >= 1, v + 1 <= T) is not placed }|
//! ways_in(x) >= 2, or ways_in(x) = 1 and x may hold 1 or T.
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

    /// Can `cell` still be an end of the path (value 1 or T)?
    pub(super) fn may_end(&self, cell: usize) -> bool {
        let end = |value: u32| !self.placed(value) && self.grid.allows(cell, value);
        end(1) || end(self.total)
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
        for centre in centres {
            if centre == NONE {
                continue;
            }
            for x in self.grid.neighbours_or_past(centre) {
                // Ways in >= free neighbours: most cells pass at the
                // second test, without looking at their neighbours.
                if self.value[x] == 0 && self.free_degree[x] < 2 {
                    let fits = match self.ways_in(x) {
                        0 => false,
                        1 => self.may_end(x),
                        _ => true,
                    };
                    if !fits {
                        return false;
                    }
                }
            }
        }
        true
    }
}
