//! The free regions' labels, kept from node to node. Labelling every free
//! cell again at every node is most of what the region check costs, and
//! most placements change the regions only by the one cell they take: a
//! cell whose free neighbours stay joined around it splits nothing. Those
//! placements only take the cell off its region's count (and an undo puts
//! it back). Any other placement labels the regions again, and keeps the
//! labels it replaces for the undo that comes back to them.

use super::{Fill, Region, NONE};

/// Which state of the trail `Fill::region_of` and the regions' cell counts
/// describe.
#[derive(Default)]
pub(super) struct Labels {
    /// The trail length of the last whole labelling, if still on the trail.
    base: Option<usize>,
    /// The cells placed since, each only taken off its region's count.
    taken: Vec<usize>,
    /// The labels that whole labellings on the trail replaced, latest last.
    replaced: Vec<Replaced>,
}

/// Labels put aside by a whole labelling, with what they described.
struct Replaced {
    base: usize,
    taken: Vec<usize>,
    region_of: Vec<u32>,
    regions: Vec<Region>,
}

impl Labels {
    /// The trail length the labels describe.
    fn at(&self) -> Option<usize> {
        self.base.map(|base| base + self.taken.len())
    }
}

impl Fill<'_> {
    /// Brings the labels up to the trail: by taking the last placed cell
    /// off its region when it splits nothing, else by labelling again.
    pub(super) fn update_labels(&mut self) {
        let length = self.trail.len();
        match self.labels.at() {
            Some(at) if at == length => return,
            Some(at) if at + 1 == length => {
                let value = *self.trail.last().expect("a placed value");
                let cell = self.position[value as usize];
                if !self.splits(cell) {
                    let region = self.region_of[cell] as usize;
                    let colour = self.colour(cell);
                    self.regions[region].cells[colour] -= 1;
                    self.labels.taken.push(cell);
                    return;
                }
                // The labels of the trail before this placement stay
                // right for it: the undo of this placement goes back to them.
                let replaced = Replaced {
                    base: self.labels.base.expect("labels describe the trail"),
                    taken: std::mem::take(&mut self.labels.taken),
                    region_of: self.region_of.clone(),
                    regions: self.regions.clone(),
                };
                self.labels.replaced.push(replaced);
            }
            _ => self.labels.replaced.clear(),
        }
        self.label_regions();
        self.labels.base = Some(length);
        self.labels.taken.clear();
    }

    /// Keeps the labels right as the trail goes back to `length` values.
    pub(super) fn unlabel_to(&mut self, length: usize) {
        let Some(at) = self.labels.at() else {
            return;
        };
        if at <= length {
            return;
        }
        if at == length + 1 {
            if let Some(cell) = self.labels.taken.pop() {
                let region = self.region_of[cell] as usize;
                let colour = self.colour(cell);
                self.regions[region].cells[colour] += 1;
                return;
            }
            if let Some(replaced) = self.labels.replaced.pop() {
                self.labels.base = Some(replaced.base);
                self.labels.taken = replaced.taken;
                self.region_of = replaced.region_of;
                self.regions = replaced.regions;
                return;
            }
        }
        self.labels = Labels::default();
    }

    /// Might taking `cell` split its region? Not when its free neighbours
    /// are joined by free cells of the ring of eight around it (walked in
    /// order, each ring cell beside the next), so that they lie on one arc.
    fn splits(&self, cell: usize) -> bool {
        const RING: [(i32, i32); 8] = [
            (-1, 0),
            (-1, 1),
            (0, 1),
            (1, 1),
            (1, 0),
            (1, -1),
            (0, -1),
            (-1, -1),
        ];
        let (row, column) = self.coordinates[cell];
        let at = |(dr, dc): (i32, i32)| {
            let (r, c) = (i32::from(row) + dr, i32::from(column) + dc);
            if r < 0 || c < 0 || r >= self.rows as i32 || c >= self.columns as i32 {
                return NONE;
            }
            r as usize * self.columns + c as usize
        };
        let free = |index: usize| index != NONE && self.value[index] == 0;
        // Arcs of free ring cells that hold a free neighbour (the even
        // places of the ring).
        let mut arcs = 0;
        let mut arc_has_neighbour = false;
        // Start the walk just after a cell that is not free, so that no arc
        // wraps around the start; a ring free all round is one arc.
        let Some(start) = (0..8).find(|&k| !free(at(RING[k]))) else {
            return false;
        };
        for step in 1..=8 {
            let k = (start + step) % 8;
            if free(at(RING[k])) {
                arc_has_neighbour |= k % 2 == 0;
            } else {
                arcs += usize::from(arc_has_neighbour);
                arc_has_neighbour = false;
            }
        }
        arcs > 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::domains::Domains;
    use crate::search::path::Grid;

    /// The free cells grouped by region, each group with its count by
    /// colour, in a canonical order.
    fn partition(fill: &Fill) -> Vec<(Vec<usize>, [u32; 2])> {
        let mut groups: Vec<(Vec<usize>, [u32; 2])> = Vec::new();
        for id in 0..fill.regions.len() {
            let cells: Vec<usize> = (0..fill.value.len())
                .filter(|&cell| fill.value[cell] == 0 && fill.region_of[cell] as usize == id)
                .collect();
            if !cells.is_empty() {
                groups.push((cells, fill.regions[id].cells));
            }
        }
        groups.sort();
        groups
    }

    /// 1 in a corner of an empty 5x5 board, then 2 to 7 down the first
    /// column and across the middle row, which cuts the board in two at 7.
    const PLACED: [(usize, u32); 6] = [(5, 2), (10, 3), (11, 4), (12, 5), (13, 6), (14, 7)];

    fn board_and_grid() -> (Board, Grid) {
        let board = Board::parse(b"1,,,,\n,,,,\n,,,,\n,,,,\n,,,,\n").unwrap();
        let domains = Domains::reduce_with(&board, false, None).unwrap();
        let grid = crate::search::grid(&board, &domains);
        (board, grid)
    }

    #[test]
    fn regions_kept_from_node_to_node_match_regions_labelled_afresh() {
        let (_, grid) = board_and_grid();
        let mut kept = Fill::new(&grid, 5, &[(0, 1)]).unwrap();
        let mut afresh = Fill::new(&grid, 5, &[(0, 1)]).unwrap();
        kept.update_labels();
        let mut expected = Vec::new();
        for &(cell, value) in &PLACED {
            kept.place(cell, value);
            kept.update_labels();
            afresh.place(cell, value);
            afresh.label_regions();
            expected.push(partition(&afresh));
            assert_eq!(partition(&kept), *expected.last().unwrap());
        }
        assert_eq!(expected.last().unwrap().len(), 2, "7 cuts the board in two");
        for depth in (0..PLACED.len() - 1).rev() {
            kept.undo();
            kept.update_labels();
            assert_eq!(partition(&kept), expected[depth]);
        }
    }

    #[test]
    fn a_cell_whose_free_neighbours_meet_around_it_splits_nothing() {
        let (_, grid) = board_and_grid();
        let mut fill = Fill::new(&grid, 5, &[(0, 1)]).unwrap();
        for &(cell, value) in &PLACED[..4] {
            fill.place(cell, value);
        }
        // The middle row is taken up to (2, 2): (2, 3) has free cells
        // above, right and below, joined through (1, 4) and (3, 4).
        assert!(!fill.splits(13));
        fill.place(13, 6);
        // (2, 4) has free cells only above and below it.
        assert!(fill.splits(14));
    }
}
