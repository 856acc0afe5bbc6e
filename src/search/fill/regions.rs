//! The region check of the fill engine. Each run of open values (a gap
//! between placed values, or the stretch before the lowest or after the
//! highest) fills a stretch of cells that lies in one region of free cells,
//! a region beside both of its ends; and the regions must come out exactly
//! filled (and a short gap must still walk through them: `short_gaps.rs`).
//! Counted by colour (the two colours of the chessboard, which a
//! path alternates), a region's cells lie between what the gaps that can
//! only go there bring and what all gaps that may go there can bring. And
//! every free cell must be within reach of some gap that may fill its
//! region.
//!
//! Counts between bounds miss a region of 10 cells that gaps of 7 and 6
//! open values may fill, each of which could go elsewhere: no choice of
//! them fills it exactly. So a region that few gaps may share is checked
//! for exact sums too: its cells must be what the gaps that can only go
//! there bring, plus the lengths of some of the others.

use super::short_gaps::SHORT;
use super::Fill;

/// Regions that at most this many gaps with another region to go to may
/// fill are checked for exact sums: with more, nearly every count is some
/// sum of their lengths. 1, 2, 8 and any number did the same within noise
/// (docs/benchmarks.md); the fewer, the less work at each node.
const SUMMED_GAPS: usize = 2;

/// The longest gaps of a region that the reach test asks whether they
/// reach a whole row of it (the rest are asked cell by cell).
const ROW_REACHES: usize = 2;

/// A region of free cells, counted by colour: its cells, what the gaps
/// that can go nowhere else bring, and what every gap that may go there
/// can bring.
#[derive(Clone, Copy)]
pub(super) struct Region {
    pub(super) cells: [u32; 2],
    forced: [u32; 2],
    possible: [u32; 2],
    /// The rows and columns its cells span when it was labelled: a cell
    /// taken since leaves them wider than the region, never narrower.
    rows: (u16, u16),
    columns: (u16, u16),
}

impl Region {
    /// Counts one more cell, of this colour, at `(row, column)`.
    pub(super) fn add(&mut self, colour: usize, (row, column): (u16, u16)) {
        self.cells[colour] += 1;
        self.rows = (self.rows.0.min(row), self.rows.1.max(row));
        self.columns = (self.columns.0.min(column), self.columns.1.max(column));
    }
}

impl Default for Region {
    fn default() -> Region {
        Region {
            cells: [0; 2],
            forced: [0; 2],
            possible: [0; 2],
            rows: (u16::MAX, 0),
            columns: (u16::MAX, 0),
        }
    }
}

/// A gap that may fill a region, as the reach test reads it: a free cell x
/// is within its reach when d(ends[0], x) + d(x, ends[1]) <= limit. Its
/// span is the steps from one end to the other. A stretch with one placed
/// end e (the first or last) reaches x when d(e, x) < span: it has e as
/// both ends and twice span - 1 as its limit.
#[derive(Clone, Copy)]
pub(super) struct Reach {
    region: u32,
    ends: [(u16, u16); 2],
    limit: u32,
    span: u32,
    /// The gap has no other region to go to.
    only_region: bool,
}

impl Reach {
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

    /// The columns of `row` it reaches, as a closed range (None if none):
    /// d(a, x) + d(x, b) is the steps from the ends' rows to the row plus
    /// |a.1 - c| + |b.1 - c|, which is flat between the ends' columns and
    /// grows by 2 a column outside them.
    fn columns_in_reach(&self, row: u16) -> Option<(i32, i32)> {
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

/// A run of open values: the cells of its placed ends and its length.
pub(super) struct Gap {
    pub(super) low: Option<usize>,
    pub(super) high: Option<usize>,
    pub(super) length: u32,
}

impl Fill<'_> {
    /// Do the free regions admit the gaps? (See the module's comment.)
    pub(super) fn regions_fit(&mut self) -> bool {
        self.gaps.clear();
        if self.free_count == 0 {
            return true;
        }
        if self.trail.is_empty() {
            // Nothing placed: one stretch, free to go anywhere.
            return true;
        }
        self.update_labels();
        for region in &mut self.regions {
            region.forced = [0; 2];
            region.possible = [0; 2];
        }
        self.reaches.clear();
        let last = self
            .trail
            .last()
            .map(|&value| self.position[value as usize]);
        let mut gaps = std::mem::take(&mut self.gaps);
        self.find_gaps(&mut gaps);
        let shared = gaps
            .iter()
            .all(|gap| self.share_out(gap) && self.short_gap_fits(gap, last));
        self.gaps = gaps;
        if !shared {
            return false;
        }
        let balanced = self.regions.iter().all(|region| {
            (0..2).all(|colour| {
                region.forced[colour] <= region.cells[colour]
                    && region.cells[colour] <= region.possible[colour]
            })
        });
        balanced && self.every_cell_in_reach() && self.sums_fill_regions()
    }

    /// Labels the connected regions of free cells (`region_of`) and counts
    /// their cells by colour.
    pub(super) fn label_regions(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        self.regions.clear();
        for start in 0..self.grid.cells {
            if self.value[start] != 0 || self.seen[start] == stamp {
                continue;
            }
            let id = self.regions.len() as u32;
            let mut region = Region::default();
            self.queue.clear();
            self.queue.push(start);
            self.seen[start] = stamp;
            let mut at = 0;
            while at < self.queue.len() {
                let cell = self.queue[at];
                at += 1;
                self.region_of[cell] = id;
                region.add(self.colour(cell), self.coordinates[cell]);
                for &n in self.grid.neighbours(cell) {
                    if self.value[n] == 0 && self.seen[n] != stamp {
                        self.seen[n] = stamp;
                        self.queue.push(n);
                    }
                }
            }
            self.regions.push(region);
        }
    }

    /// The runs of open values, in order.
    fn find_gaps(&self, gaps: &mut Vec<Gap>) {
        gaps.clear();
        let mut from = 1;
        while let Some(first_open) = self.placed_values.next_open(from) {
            if first_open > self.total {
                break;
            }
            // The placed value after the run, or T + 1.
            let above = self.placed_values.next_placed(first_open);
            gaps.push(Gap {
                low: (first_open > 1).then(|| self.position[first_open as usize - 1]),
                high: (above <= self.total).then(|| self.position[above as usize]),
                length: above - first_open,
            });
            from = above;
        }
    }

    /// Finds the regions `gap` may fill (beside both its ends), records
    /// them as reaches, and adds its cells by colour to what they may take
    /// (and must take, when there is only one). False if there is none.
    fn share_out(&mut self, gap: &Gap) -> bool {
        let near = gap.low.or(gap.high).expect("a gap has a placed end");
        // Its first cell is beside its placed end, so of the other colour.
        let first_colour = 1 - self.colour(near);
        let mut cells = [0; 2];
        cells[first_colour] = gap.length.div_ceil(2);
        cells[1 - first_colour] = gap.length / 2;
        let mut choices = [u32::MAX; 4];
        let mut count = 0;
        for &n in self.grid.neighbours(near) {
            if self.value[n] != 0 {
                continue;
            }
            let id = self.region_of[n];
            if !choices[..count].contains(&id)
                && self.touches(gap.low, id)
                && self.touches(gap.high, id)
            {
                choices[count] = id;
                count += 1;
            }
        }
        for &region in &choices[..count] {
            let span = gap.length + 1;
            let (ends, limit) = match (gap.low, gap.high) {
                (Some(low), Some(high)) => ([low, high], span),
                _ => ([near, near], 2 * (span - 1)),
            };
            self.reaches.push(Reach {
                region,
                ends: ends.map(|end| self.coordinates[end]),
                limit,
                span,
                only_region: count == 1,
            });
            let region = &mut self.regions[region as usize];
            for (colour, &cells) in cells.iter().enumerate() {
                region.possible[colour] += cells;
                if count == 1 {
                    region.forced[colour] += cells;
                }
            }
        }
        count > 0
    }

    /// A short gap still walks through the free cells, if the last
    /// placement (in `last`) lies where it might pass.
    fn short_gap_fits(&self, gap: &Gap, last: Option<usize>) -> bool {
        let (Some(low), Some(high)) = (gap.low, gap.high) else {
            return true;
        };
        if gap.length > SHORT {
            return true;
        }
        let span = gap.length + 1;
        if last.is_some_and(|x| self.distance(low, x) + self.distance(x, high) > span) {
            return true;
        }
        let (low_value, high_value) = (self.value[low], self.value[high]);
        self.short_gap_walks((low, low_value), (high, high_value))
    }

    /// Is region `id` beside the cell `end` (an open end touches every region)?
    fn touches(&self, end: Option<usize>, id: u32) -> bool {
        end.is_none_or(|end| {
            self.grid
                .neighbours(end)
                .iter()
                .any(|&n| self.value[n] == 0 && self.region_of[n] == id)
        })
    }

    /// Every free cell x lies within reach of a gap that may fill its
    /// region: d(low end, x) + d(x, high end) <= the gap's span (a stretch
    /// with one open end: d(end, x) <= its length).
    ///
    /// A region whose rows and columns one gap reaches at every corner is
    /// within that gap's reach whole, and its cells are not looked at one
    /// by one: d(a, x) + d(x, b) is a sum of a convex function of x's row
    /// and one of its column, so over a rectangle it is largest at a corner.
    fn every_cell_in_reach(&mut self) -> bool {
        // Within a region, the longest gaps first: they reach the most
        // cells, so a cell's search for one that reaches it stops early.
        self.reaches
            .sort_unstable_by_key(|reach| (reach.region, std::cmp::Reverse(reach.span)));
        self.first_reach.clear();
        self.first_reach.resize(self.regions.len() + 1, 0);
        for reach in &self.reaches {
            self.first_reach[reach.region as usize + 1] += 1;
        }
        for id in 0..self.regions.len() {
            self.first_reach[id + 1] += self.first_reach[id];
        }
        (0..self.regions.len()).all(|id| {
            let region = &self.regions[id];
            let whole = self
                .reaches_of(id)
                .iter()
                .any(|reach| reach.covers(region.rows, region.columns));
            whole || self.region_in_reach(id)
        })
    }

    /// Every free cell of region `id` is within reach of one of its gaps,
    /// looked at row by row: a row of the region's rows and columns that
    /// one gap reaches whole needs no look at its cells.
    fn region_in_reach(&self, id: usize) -> bool {
        let region = &self.regions[id];
        let reaches = self.reaches_of(id);
        let columns = region.columns;
        (region.rows.0..=region.rows.1).all(|row| {
            reaches[..reaches.len().min(ROW_REACHES)]
                .iter()
                .any(|reach| reach.covers((row, row), columns))
                || self.row_in_reach(id, row)
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

    /// Every region that few gaps may share is filled exactly by the gaps
    /// that can only go there and some of the others (after
    /// `every_cell_in_reach` has grouped the gaps by region).
    fn sums_fill_regions(&self) -> bool {
        (0..self.regions.len()).all(|id| {
            let region = &self.regions[id];
            let cells = region.cells[0] + region.cells[1];
            let forced = region.forced[0] + region.forced[1];
            let possible = region.possible[0] + region.possible[1];
            // Nothing to choose: the bounds said it all.
            if forced == cells || possible == cells {
                return true;
            }
            let mut lengths = [0; SUMMED_GAPS];
            let mut count = 0;
            for reach in self
                .reaches_of(id)
                .iter()
                .filter(|reach| !reach.only_region)
            {
                if count == SUMMED_GAPS {
                    return true;
                }
                lengths[count] = reach.span - 1;
                count += 1;
            }
            some_sum_to(&lengths[..count], cells - forced)
        })
    }

    /// The gaps that may fill region `id` (after `every_cell_in_reach` has
    /// grouped them by region).
    fn reaches_of(&self, id: usize) -> &[Reach] {
        &self.reaches[self.first_reach[id] as usize..self.first_reach[id + 1] as usize]
    }

    /// The cell's colour on the chessboard: 0 or 1.
    pub(super) fn colour(&self, cell: usize) -> usize {
        let (row, column) = self.coordinates[cell];
        usize::from((row + column) % 2)
    }
}

/// Do some of `lengths` add up to `target`? Every subset is tried: there
/// are at most [`SUMMED_GAPS`] lengths.
fn some_sum_to(lengths: &[u32], target: u32) -> bool {
    (0..1u32 << lengths.len()).any(|subset| {
        let chosen = lengths
            .iter()
            .enumerate()
            .filter(|&(i, _)| subset >> i & 1 == 1);
        chosen.map(|(_, &length)| length).sum::<u32>() == target
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_region_of_10_cells_is_not_filled_by_gaps_of_7_and_6() {
        assert!(!some_sum_to(&[7, 6], 10));
        assert!(some_sum_to(&[7, 6], 13));
        assert!(some_sum_to(&[7, 6], 6));
        assert!(some_sum_to(&[7, 6], 0), "no gap at all");
        assert!(some_sum_to(&[3, 3, 4], 10));
        assert!(!some_sum_to(&[3, 3, 4], 5));
        assert!(!some_sum_to(&[3, 3, 4], 11), "each gap counts once");
    }

    #[test]
    fn long_gaps_sum_as_short_ones_do() {
        assert!(some_sum_to(&[60, 70, 3], 133));
        assert!(!some_sum_to(&[60, 70, 3], 132));
        assert!(some_sum_to(&[64, 64, 1], 129));
        assert!(some_sum_to(&[100, 100, 100], 300));
        assert!(!some_sum_to(&[100, 100, 100], 250));
    }

    /// A gap from (0, 0) to (0, 4), 6 steps long: it reaches a cell x
    /// when d((0, 0), x) + d(x, (0, 4)) <= 6.
    fn gap_along_the_top_row() -> Reach {
        Reach {
            region: 0,
            ends: [(0, 0), (0, 4)],
            limit: 6,
            span: 6,
            only_region: true,
        }
    }

    #[test]
    fn the_columns_a_gap_reaches_in_a_row_are_the_cells_it_reaches_there() {
        let along_the_top = gap_along_the_top_row();
        // Row 1 is 2 steps round, leaving 4 for the columns: 0 to 4 cost
        // 4 and a column further out 2 more.
        assert_eq!(along_the_top.columns_in_reach(1), Some((0, 4)));
        assert_eq!(along_the_top.columns_in_reach(2), None);
        let diagonal = Reach {
            region: 0,
            ends: [(1, 5), (4, 2)],
            limit: 9,
            span: 9,
            only_region: true,
        };
        let tail = Reach {
            region: 0,
            ends: [(3, 3), (3, 3)],
            limit: 8,
            span: 5,
            only_region: false,
        };
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
