//! The free regions' labels, kept from node to node. Labelling every free
//! cell again at every node is most of what the region check costs, and
//! most placements change the regions only by the one cell they take: a
//! placement that closes no loop of obstacles splits nothing
//! (`obstacles.rs` tells which do, without a walk). Those placements only
//! take the cell off its region's count (and an undo puts it back). A
//! placement that splits its region searches from each of its free
//! neighbours in turn, one cell at a time each, until all but one group of
//! searches that met have run out: a search that runs out has walked a
//! piece the placement cut off, and only that piece is labelled again, so
//! the work is about the size of the smaller side.

use super::{Fill, Region};

/// Which state of the trail `Fill::region_of` and the regions' cell counts
/// describe, and how to go back.
#[derive(Default)]
pub(super) struct Labels {
    /// The trail length of the last whole labelling, if still on the trail.
    base: Option<usize>,
    /// What each placement since did to the labels, in order.
    changes: Vec<Change>,
    /// The cells the splits among `changes` labelled again, in order: one
    /// list for all, so that a split allocates nothing.
    relabelled: Vec<usize>,
    /// Scratch for the searches of a split: a mark per cell (the split's
    /// stamp plus the search's number), and one for the cell past the last,
    /// which a step reads and never takes; and each search's queue, with
    /// room for every cell and one more (a step writes each neighbour at
    /// its queue's end, and counts it in only if it is free and new).
    mark: Vec<u32>,
    stamp: u32,
    queues: [Vec<usize>; 4],
}

/// What one placement did to the labels.
enum Change {
    /// Its cell was taken off its region's count.
    Taken,
    /// Its cell was taken, and it cut off the regions from `first_piece`
    /// on, whose cells were labelled again: `Labels::relabelled` from
    /// `first_cell` on.
    Split {
        first_piece: usize,
        first_cell: usize,
    },
}

/// The searches of one split (at most four, one per free neighbour),
/// joined into groups as they meet: a union-find forest.
#[derive(Default)]
struct Groups {
    searches: usize,
    parent: [usize; 4],
    /// The next cell of each search's queue to walk from.
    head: [usize; 4],
    /// The length of each search's queue.
    tail: [usize; 4],
    /// Groups (by their root) found to be a piece of their own.
    done: [bool; 4],
    /// Groups neither joined to another nor done.
    active: usize,
}

impl Groups {
    /// A new search, alone in its group.
    fn add(&mut self) -> usize {
        let search = self.searches;
        self.parent[search] = search;
        self.tail[search] = 1;
        self.searches += 1;
        self.active += 1;
        search
    }

    fn root(&self, mut search: usize) -> usize {
        while self.parent[search] != search {
            search = self.parent[search];
        }
        search
    }

    /// Joins the groups of two searches that met: true if they were apart.
    fn join(&mut self, one: usize, other: usize) -> bool {
        let (one, other) = (self.root(one), self.root(other));
        if one == other {
            return false;
        }
        self.parent[other] = one;
        self.active -= 1;
        true
    }

    /// A group not yet done whose searches have all run out of cells, now
    /// done: it walked a piece of its own.
    fn run_out(&mut self) -> Option<usize> {
        let piece = (0..self.searches).find(|&group| {
            self.root(group) == group
                && !self.done[group]
                && (0..self.searches)
                    .filter(|&search| self.root(search) == group)
                    .all(|search| self.head[search] == self.tail[search])
        })?;
        self.done[piece] = true;
        self.active -= 1;
        Some(piece)
    }
}

impl Labels {
    /// The labels describe no state of the trail any more; the scratch,
    /// and the stamp its marks were made with, stay.
    pub(super) fn forget(&mut self) {
        self.base = None;
        self.changes.clear();
        self.relabelled.clear();
    }

    /// The trail length the labels describe.
    fn at(&self) -> Option<usize> {
        self.base.map(|base| base + self.changes.len())
    }

    /// Did the labels follow the last placement (of a trail `length` long)
    /// by taking its cell off its region, cutting nothing off? Then every
    /// other label is as it was one placement back.
    pub(super) fn last_placement_cut_nothing(&self, length: usize) -> bool {
        self.at() == Some(length)
            && self.base.is_some_and(|base| base < length)
            && matches!(self.changes.last(), Some(Change::Taken))
    }
}

impl Fill<'_> {
    /// Brings the labels up to the trail: by taking the last placed cell
    /// off its region, and labelling what it cut off, or else by labelling
    /// again.
    pub(super) fn update_labels(&mut self) {
        let length = self.trail.len();
        match self.labels.at() {
            Some(at) if at == length => return,
            Some(at) if at + 1 == length => {
                let value = *self.trail.last().expect("a placed value");
                let cell = self.position[value as usize];
                let region = self.region_of[cell] as usize;
                let colour = self.colour(cell);
                self.regions[region].cells[colour] -= 1;
                let change = match self.obstacles.closed(cell) {
                    true => self.cut_off(cell),
                    false => Change::Taken,
                };
                self.labels.changes.push(change);
                return;
            }
            _ => {}
        }
        self.label_regions();
        self.labels.base = Some(length);
        self.labels.changes.clear();
        self.labels.relabelled.clear();
    }

    /// Keeps the labels right as the trail goes back to `length` values,
    /// `cell` being the cell of the value just taken back.
    pub(super) fn unlabel_to(&mut self, length: usize, cell: usize) {
        let Some(at) = self.labels.at() else {
            return;
        };
        if at <= length {
            return;
        }
        if at == length + 1 {
            if let Some(change) = self.labels.changes.pop() {
                let region = self.region_of[cell] as usize;
                if let Change::Split {
                    first_piece,
                    first_cell,
                } = change
                {
                    for piece in first_piece..self.regions.len() {
                        let counts = self.regions[piece].cells;
                        for (colour, count) in counts.into_iter().enumerate() {
                            self.regions[region].cells[colour] += count;
                        }
                    }
                    for other in self.labels.relabelled.drain(first_cell..) {
                        self.region_of[other] = region as u32;
                    }
                    self.regions.truncate(first_piece);
                }
                let colour = self.colour(cell);
                self.regions[region].cells[colour] += 1;
                return;
            }
        }
        self.labels.forget();
    }

    /// Labels the pieces that taking `cell` cut off its region (already
    /// without `cell` in its count): one search from each free neighbour,
    /// a cell at a time each, in turn; searches that meet join, and a group
    /// of searches that runs out has walked a piece of its own. When one
    /// group is left, it holds the rest of the region, which keeps its
    /// label. Asked only where `cell` closed a loop of obstacles, so some
    /// piece is cut off; were none, the walk would say so (`Taken`).
    fn cut_off(&mut self, cell: usize) -> Change {
        let region = self.region_of[cell] as usize;
        let first_piece = self.regions.len();
        let mut labels = std::mem::take(&mut self.labels);
        labels.mark.resize(self.grid.cells + 1, 0);
        for queue in &mut labels.queues {
            queue.resize(self.grid.cells + 1, 0);
        }
        if labels.stamp > u32::MAX - 8 {
            labels.mark.fill(0);
            labels.stamp = 0;
        }
        labels.stamp += 8;
        let stamp = labels.stamp;
        let mut groups = Groups::default();
        for start in self.grid.neighbours_or_past(cell) {
            if self.value[start] == 0 {
                let search = groups.add();
                labels.queues[search][0] = start;
                labels.mark[start] = stamp + search as u32;
            }
        }
        let first_cell = labels.relabelled.len();
        'walk: while groups.active > 1 {
            // A group runs out only as its last search does.
            let mut drained = false;
            for search in 0..groups.searches {
                let head = groups.head[search];
                // A search whose group is done ran out of cells with it.
                if head == groups.tail[search] {
                    continue;
                }
                let x = labels.queues[search][head];
                groups.head[search] += 1;
                let own = stamp + search as u32;
                // Whether a neighbour is free and new goes either way about
                // as often: it is worked out, not branched on.
                for y in self.grid.neighbours_or_past(x) {
                    let mark = labels.mark[y];
                    let free = self.value[y] == 0;
                    let marked = mark.wrapping_sub(stamp) < 8;
                    if free & marked & (mark != own) {
                        if groups.join(search, (mark - stamp) as usize) && groups.active == 1 {
                            break 'walk;
                        }
                        continue;
                    }
                    let new = free & !marked;
                    labels.mark[y] = if new { own } else { mark };
                    let tail = groups.tail[search];
                    labels.queues[search][tail] = y;
                    groups.tail[search] = tail + usize::from(new);
                }
                drained |= groups.head[search] == groups.tail[search];
            }
            if !drained {
                continue;
            }
            while let Some(piece) = groups.run_out() {
                let id = self.regions.len() as u32;
                let mut counts = Region::default();
                for search in (0..groups.searches).filter(|&s| groups.root(s) == piece) {
                    for &x in &labels.queues[search][..groups.tail[search]] {
                        self.region_of[x] = id;
                        counts.add(self.colour(x), self.coordinates[x]);
                        labels.relabelled.push(x);
                    }
                }
                for (colour, count) in counts.cells.into_iter().enumerate() {
                    self.regions[region].cells[colour] -= count;
                }
                self.regions.push(counts);
                if groups.active == 1 {
                    break 'walk;
                }
            }
        }
        let cut = labels.relabelled.len() > first_cell;
        self.labels = labels;
        match cut {
            true => Change::Split {
                first_piece,
                first_cell,
            },
            false => Change::Taken,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::fill::testing::corner_grid;

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

    #[test]
    fn regions_kept_from_node_to_node_match_regions_labelled_afresh() {
        let grid = corner_grid(5, 5);
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
    fn regions_kept_through_random_placements_and_undos_match_regions_labelled_afresh() {
        let grid = corner_grid(6, 7);
        for seed in 0..40u64 {
            let mut kept = Fill::new(&grid, 7, &[(0, 1)]).unwrap();
            kept.update_labels();
            let mut random = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut next = |bound: usize| {
                random ^= random << 13;
                random ^= random >> 7;
                random ^= random << 17;
                (random % bound as u64) as usize
            };
            for step in 0..300 {
                let free: Vec<usize> = (0..grid.cells).filter(|&c| kept.value[c] == 0).collect();
                if !free.is_empty() && (kept.trail.len() == 1 || next(10) < 6) {
                    let value = (2..=grid.total).find(|&v| !kept.placed(v)).unwrap();
                    kept.place(free[next(free.len())], value);
                } else if kept.trail.len() > 1 {
                    kept.undo();
                }
                // The search skips the check after some placements (one
                // that failed a cheaper test, or a repair's start): then
                // the labels are behind the trail.
                if next(8) == 0 {
                    continue;
                }
                kept.update_labels();
                let mut afresh = Fill::new(&grid, 7, &[(0, 1)]).unwrap();
                for &value in &kept.trail[1..] {
                    afresh.place(kept.position[value as usize], value);
                }
                afresh.label_regions();
                assert_eq!(
                    partition(&kept),
                    partition(&afresh),
                    "seed {seed}, step {step}"
                );
            }
        }
    }
}
