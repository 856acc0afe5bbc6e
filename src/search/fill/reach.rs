//! The reach test of the fill's region check (`regions.rs`): every free
//! cell x lies within reach of a gap that may fill its region,
//!
//! ```text
//! d(low end, x) + d(x, high end) <= the gap's span
//! ```
//!
//! (a stretch with one placed end: d(end, x) <= its length), d being the
//! steps between two cells (Manhattan distance): a cell that no gap
//! reaches can never be filled.

use super::Fill;

/// The longest gaps of a region that the reach test asks whether they
/// reach a whole row of it (where none does, the row's cells are asked,
/// a gap's range at a time).
const ROW_REACHES: usize = 2;

/// A gap that may fill a region, as the reach test reads it: a free cell x
/// is within its reach when d(ends[0], x) + d(x, ends[1]) <= limit. Its
/// span is the steps from one end to the other. A stretch with one placed
/// end e (the first or last) reaches x when d(e, x) < span: it has e as
/// both ends and 2 (span - 1) as its limit.
#[derive(Clone, Copy)]
pub(super) struct Reach {
    pub(super) region: u32,
    ends: [(u16, u16); 2],
    limit: u32,
    pub(super) span: u32,
    /// The gap has no other region to go to.
    pub(super) only_region: bool,
}

impl Reach {
    /// A gap of `length` open values between placed cells `low` and
    /// `high` that may fill `region`.
    pub(super) fn between(
        region: u32,
        (low, high): ((u16, u16), (u16, u16)),
        length: u32,
        only_region: bool,
    ) -> Reach {
        let span = length + 1;
        Reach {
            region,
            ends: [low, high],
            limit: span,
            span,
            only_region,
        }
    }

    /// The stretch of `length` open values before the lowest placed value
    /// or after the highest, which is placed at `end`, that may fill
    /// `region`.
    pub(super) fn from_end(region: u32, end: (u16, u16), length: u32, only_region: bool) -> Reach {
        let span = length + 1;
        Reach {
            region,
            ends: [end, end],
            limit: 2 * (span - 1),
            span,
            only_region,
        }
    }

    /// Does it reach every cell of these rows and columns (each a closed
    /// range)? Only the corners need a look (see `every_cell_in_reach`).
    fn covers(&self, rows: (u16, u16), columns: (u16, u16)) -> bool {
        let farthest = |(low, high): (u16, u16), at: fn(&(u16, u16)) -> u16| {
            let steps = |line: u16| -> u32 {
                self.ends
                    .iter()
                    .map(|end| u32::from(at(end).abs_diff(line)))
                    .sum()
            };
            steps(low).max(steps(high))
        };
        farthest(rows, |end| end.0) + farthest(columns, |end| end.1) <= self.limit
    }

    /// The rows in which it reaches every cell from column `first` to
    /// column `last`, as a closed range (None if none): the steps round to
    /// the farther of the two, |a.0 - r| + |b.0 - r| plus the farther
    /// column's steps, are flat between the ends' rows and grow by 2 a row
    /// outside them.
    fn rows_reached_whole(&self, (first, last): (u16, u16)) -> Option<(i32, i32)> {
        let [a, b] = self.ends;
        let to_column =
            |column: u16| u32::from(a.1.abs_diff(column)) + u32::from(b.1.abs_diff(column));
        let between = self
            .limit
            .checked_sub(to_column(first).max(to_column(last)))?;
        let (top, bottom) = (a.0.min(b.0), a.0.max(b.0));
        let spare = between.checked_sub(u32::from(bottom - top))? / 2;
        Some((
            i32::from(top) - spare as i32,
            i32::from(bottom) + spare as i32,
        ))
    }

    /// The rows it reaches at all, as a closed range (None if none).
    pub(super) fn rows_reached(&self) -> Option<(i32, i32)> {
        let [a, b] = self.ends;
        self.rows_reached_whole((a.1.min(b.1), a.1.max(b.1)))
    }

    /// Does it reach the cell at `(row, column)`?
    pub(super) fn reaches_cell(&self, (row, column): (u16, u16)) -> bool {
        self.covers((row, row), (column, column))
    }

    /// The columns of `row` it reaches, as a closed range (None if none):
    /// d(a, x) + d(x, b) is the steps from the ends' rows to the row plus
    /// |a.1 - c| + |b.1 - c|, which is flat between the ends' columns and
    /// grows by 2 a column outside them.
    pub(super) fn columns_in_reach(&self, row: u16) -> Option<(i32, i32)> {
        let [a, b] = self.ends;
        let to_row = u32::from(a.0.abs_diff(row)) + u32::from(b.0.abs_diff(row));
        let (left, right) = (a.1.min(b.1), a.1.max(b.1));
        let between = self.limit.checked_sub(to_row)?;
        let spare = between.checked_sub(u32::from(right - left))? / 2;
        Some((
            i32::from(left) - spare as i32,
            i32::from(right) + spare as i32,
        ))
    }
}

impl Fill<'_> {
    /// Every free cell x lies within reach of a gap that may fill its
    /// region: d(low end, x) + d(x, high end) <= the gap's span (a stretch
    /// with one open end: d(end, x) <= its length).
    ///
    /// A region whose rows and columns one gap reaches at every corner is
    /// within that gap's reach whole, and its cells are not looked at one
    /// by one: d(a, x) + d(x, b) is a sum of a convex function of x's row
    /// and one of its column, so over a rectangle it is largest at a corner.
    pub(super) fn every_cell_in_reach(&mut self) -> bool {
        // Grouped by region (one region needs no sort).
        if self.regions.len() > 1 {
            self.reaches.sort_unstable_by_key(|reach| reach.region);
        }
        self.first_reach.clear();
        self.first_reach.resize(self.regions.len() + 1, 0);
        for reach in &self.reaches {
            self.first_reach[reach.region as usize + 1] += 1;
        }
        for id in 0..self.regions.len() {
            self.first_reach[id + 1] += self.first_reach[id];
        }
        for id in 0..self.regions.len() {
            let region = &self.regions[id];
            let whole = self
                .reaches_of(id)
                .iter()
                .any(|reach| reach.covers(region.rows, region.columns));
            if whole {
                continue;
            }
            // The longest gaps first: they reach the most cells, so a
            // cell's search for one that reaches it stops early.
            let (from, to) = (
                self.first_reach[id] as usize,
                self.first_reach[id + 1] as usize,
            );
            self.reaches[from..to].sort_unstable_by_key(|reach| std::cmp::Reverse(reach.span));
            if !self.region_in_reach(id) {
                return false;
            }
        }
        true
    }

    /// Every free cell of region `id` is within reach of one of its gaps,
    /// looked at row by row: a row of the region's rows and columns that
    /// one gap reaches whole needs no look at its cells.
    fn region_in_reach(&self, id: usize) -> bool {
        let region = &self.regions[id];
        let reaches = self.reaches_of(id);
        let mut whole_rows = [None; ROW_REACHES];
        for (rows, reach) in whole_rows.iter_mut().zip(reaches) {
            *rows = reach.rows_reached_whole(region.columns);
        }
        (region.rows.0..=region.rows.1).all(|row| {
            let row = i32::from(row);
            whole_rows
                .iter()
                .flatten()
                .any(|&(from, to)| from <= row && row <= to)
                || self.row_in_reach(id, row as u16)
        })
    }

    /// Every free cell of region `id` in `row` is within reach of one of
    /// its gaps. The columns a gap reaches in a row are a range, so once a
    /// gap is found that reaches a cell, the cells up to the end of its
    /// range need no look.
    fn row_in_reach(&self, id: usize, row: u16) -> bool {
        let reaches = self.reaches_of(id);
        let columns = self.regions[id].columns;
        let (mut column, last) = (i32::from(columns.0), i32::from(columns.1));
        while column <= last {
            let x = usize::from(row) * self.columns + column as usize;
            if self.value[x] != 0 || self.region_of[x] as usize != id {
                column += 1;
                continue;
            }
            let within = |&(from, to): &(i32, i32)| from <= column && column <= to;
            match reaches
                .iter()
                .find_map(|reach| reach.columns_in_reach(row).filter(within))
            {
                Some((_, to)) => column = to + 1,
                None => return false,
            }
        }
        true
    }

    /// The gaps that may fill region `id` (after `every_cell_in_reach` has
    /// grouped them by region).
    pub(super) fn reaches_of(&self, id: usize) -> &[Reach] {
        &self.reaches[self.first_reach[id] as usize..self.first_reach[id + 1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A gap from (0, 0) to (0, 4), 6 steps long: it reaches a cell x
    /// when d((0, 0), x) + d(x, (0, 4)) <= 6.
    fn gap_along_the_top_row() -> Reach {
        Reach::between(0, ((0, 0), (0, 4)), 5, true)
    }

    #[test]
    fn the_columns_a_gap_reaches_in_a_row_are_the_cells_it_reaches_there() {
        let along_the_top = gap_along_the_top_row();
        // Row 1 is 2 steps round, leaving 4 for the columns: 0 to 4 cost
        // 4 and a column further out 2 more.
        assert_eq!(along_the_top.columns_in_reach(1), Some((0, 4)));
        assert_eq!(along_the_top.columns_in_reach(2), None);
        let diagonal = Reach::between(0, ((1, 5), (4, 2)), 8, true);
        // 4 values after the highest, at (3, 3): d((3, 3), x) <= 4.
        let tail = Reach::from_end(0, (3, 3), 4, false);
        for reach in [along_the_top, diagonal, tail] {
            for row in 0..9 {
                let range = reach.columns_in_reach(row);
                for column in 0..12 {
                    let within =
                        range.is_some_and(|(from, to)| (from..=to).contains(&i32::from(column)));
                    let covered = reach.covers((row, row), (column, column));
                    assert_eq!(within, covered, "row {row}, column {column}");
                }
            }
        }
    }

    #[test]
    fn the_rows_a_gap_reaches_whole_are_the_rows_it_covers_between_the_columns() {
        let along_the_top = gap_along_the_top_row();
        // Columns 0-4 cost 4 steps along a row, leaving 2 for the rows:
        // rows 0 and 1 (and -1, off the board). Column 5 costs 6, leaving
        // row 0 alone; column 6 costs 8, more than the gap has.
        assert_eq!(along_the_top.rows_reached_whole((0, 4)), Some((-1, 1)));
        assert_eq!(along_the_top.rows_reached_whole((0, 5)), Some((0, 0)));
        assert_eq!(along_the_top.rows_reached_whole((0, 6)), None);
        let diagonal = Reach::between(0, ((1, 5), (4, 2)), 8, true);
        let tail = Reach::from_end(0, (3, 3), 4, false);
        for reach in [along_the_top, diagonal, tail] {
            for columns in [(0, 0), (2, 5), (0, 7), (3, 3), (4, 9)] {
                let range = reach.rows_reached_whole(columns);
                for row in 0..9 {
                    let within =
                        range.is_some_and(|(from, to)| (from..=to).contains(&i32::from(row)));
                    let covered = reach.covers((row, row), columns);
                    assert_eq!(within, covered, "row {row}, columns {columns:?}");
                }
            }
        }
    }

    #[test]
    fn a_gap_reaches_a_rectangle_whole_exactly_when_it_reaches_its_far_corners() {
        let reach = gap_along_the_top_row();
        // Rows 0-1, columns 0-4: the far corners (1, 0) and (1, 4) are
        // 1 + 5 = 6 steps round, within the gap's 6.
        assert!(reach.covers((0, 1), (0, 4)));
        // Row 2 is 2 + (2 + 4) = 8 steps round at its ends, and its middle
        // cell 4 + 4: out of reach. A single cell is a rectangle too.
        assert!(!reach.covers((0, 2), (0, 4)));
        assert!(!reach.covers((2, 2), (2, 2)));
        assert!(reach.covers((1, 1), (2, 2)), "(1, 2) is 3 + 3 steps round");
        // The rectangle test says yes exactly when every cell of it is reached.
        for rows in [(0, 0), (0, 1), (1, 2), (0, 3)] {
            for columns in [(0, 4), (1, 3), (2, 2), (0, 6)] {
                let whole = reach.covers(rows, columns);
                let each = (rows.0..=rows.1)
                    .all(|r| (columns.0..=columns.1).all(|c| reach.covers((r, r), (c, c))));
                assert_eq!(whole, each, "rows {rows:?}, columns {columns:?}");
            }
        }
    }
}
