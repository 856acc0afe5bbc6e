//! The region check of the fill engine. Each run of open values (a gap
//! between placed values, or the stretch before the lowest or after the
//! highest) fills a stretch of cells that lies in one region of free cells,
//! a region beside both of its ends; and the regions must come out exactly
//! filled (and a short gap must still walk through them: `short_gaps.rs`).
//! Counted by colour (the two colours of the chessboard, which a
//! path alternates), a region's cells lie between what the gaps that can
//! only go there bring and what all gaps that may go there can bring. And
//! every free cell must be within reach of some gap that may fill its
//! region (`reach.rs`).
//!
//! Counts between bounds miss a region of 10 cells that gaps of 7 and 6
//! open values may fill, each of which could go elsewhere: no choice of
//! them fills it exactly. So a region that few gaps may share is checked
//! for exact sums too: its cells must be what the gaps that can only go
//! there bring, plus the lengths of some of the others.

use super::reach::Reach;
use super::short_gaps::SHORT;
use super::Fill;

/// Regions that at most this many gaps with another region to go to may
/// fill are checked for exact sums: with more, nearly every count is some
/// sum of their lengths. 1, 2, 8 and any number did the same within noise
/// (docs/record/fill.md); the fewer, the less work at each node.
const SUMMED_GAPS: usize = 2;

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
    pub(super) rows: (u16, u16),
    pub(super) columns: (u16, u16),
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

/// A run of open values: the cells of its placed ends, its length, and
/// its first value (kept, so that the choice of value, which reads every
/// gap's open ends at every node, need not look up the value at its low
/// end).
#[derive(Clone, Copy)]
pub(super) struct Gap {
    pub(super) low: Option<usize>,
    pub(super) high: Option<usize>,
    pub(super) length: u32,
    pub(super) first: u32,
}

impl Fill<'_> {
    /// Do the free regions admit the gaps? (See the module's comment.)
    /// After one placement that cut no region apart, only what it changed
    /// is asked (`one_placement.rs`); else the whole check runs.
    pub(super) fn regions_fit(&mut self) -> bool {
        if self.free_count == 0 {
            return true;
        }
        if self.trail.is_empty() {
            // Nothing placed: one stretch, free to go anywhere.
            return true;
        }
        self.update_labels();
        let fits = match self.check_after_one_placement() {
            Some(fits) => {
                #[cfg(test)]
                self.compare_with_whole_check(fits);
                fits
            }
            None => self.whole_check(),
        };
        if fits {
            self.passed();
        }
        fits
    }

    /// The region check over every gap and region, the labels being up to
    /// date.
    pub(super) fn whole_check(&mut self) -> bool {
        for region in &mut self.regions {
            region.forced = [0; 2];
            region.possible = [0; 2];
        }
        self.reaches.clear();
        let last = self
            .trail
            .last()
            .map(|&value| self.position[value as usize]);
        let gaps = std::mem::take(&mut self.gaps);
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
                for n in self.grid.neighbours_or_past(cell) {
                    if self.value[n] == 0 && self.seen[n] != stamp {
                        self.seen[n] = stamp;
                        self.queue.push(n);
                    }
                }
            }
            self.regions.push(region);
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
        // A region beside `near` touches it: only the other end is asked.
        let far = gap.low.and(gap.high);
        let mut choices = [u32::MAX; 4];
        let mut count = 0;
        for n in self.grid.neighbours_or_past(near) {
            if self.value[n] != 0 {
                continue;
            }
            let id = self.region_of[n];
            if !choices[..count].contains(&id) && self.touches(far, id) {
                choices[count] = id;
                count += 1;
            }
        }
        for &region in &choices[..count] {
            let reach = self.reach_of(gap, region, count == 1);
            self.reaches.push(reach);
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

    /// The reach of `gap` over `region` (`only_region`: it may fill no
    /// other).
    pub(super) fn reach_of(&self, gap: &Gap, region: u32, only_region: bool) -> Reach {
        match (gap.low, gap.high) {
            (Some(low), Some(high)) => {
                let ends = (self.coordinates[low], self.coordinates[high]);
                Reach::between(region, ends, gap.length, only_region)
            }
            (Some(end), None) | (None, Some(end)) => {
                Reach::from_end(region, self.coordinates[end], gap.length, only_region)
            }
            (None, None) => unreachable!("a gap has a placed end"),
        }
    }

    /// A short gap still walks through the free cells, if the last
    /// placement (in `last`) lies where it might pass. (Inlined: asked of
    /// every gap at every node, most gaps are long or far from `last`.)
    #[inline(always)]
    pub(super) fn short_gap_fits(&mut self, gap: &Gap, last: Option<usize>) -> bool {
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
    pub(super) fn touches(&self, end: Option<usize>, id: u32) -> bool {
        end.is_none_or(|end| {
            self.grid
                .neighbours(end)
                .iter()
                .any(|&n| self.value[n] == 0 && self.region_of[n] == id)
        })
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
}
