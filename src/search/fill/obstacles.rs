//! The placed cells as obstacles, kept joined from node to node, so that a
//! placement that cannot split its region is known without a walk.
//!
//! Free cells join through their sides; placed cells, seen as obstacles,
//! through their sides or corners, and every cell on the board's edge
//! through the edge. On a grid the two kinds of joining are each other's
//! duals: taking a free cell splits the free cells around it exactly when
//! it closes a loop of obstacles, that is when two of the groups of placed
//! (or off-board) cells in the ring of eight around it were already one
//! obstacle before it. The ring's groups are its places that are not free,
//! joined when they are next to each other in the ring, or are two
//! neighbours of the centre that meet at a corner (the corner between them
//! may be free: the two still touch). Groups are as many as the arcs of
//! free ring cells that hold a neighbour of the centre (one where there is
//! no such arc but some place is taken), so a ring with one such arc or
//! none closes nothing (the ring and its groups: `../ring.rs`).
//!
//! ```text
//! closes(c) = some two groups g != h of ring(c) have find(g) = find(h)
//! place(c):   union(c, g) for each group g of ring(c)
//! ```
//!
//! The obstacles are a union-find forest over the cells and one node for
//! the edge, joined by size and without path compression, so that a
//! placement's unions come undone in the reverse order, as the trail does.
//! A placement that closes no loop only takes its cell off its region's
//! count (`labels.rs`); one that closes a loop certainly splits it, and the
//! walks there label the pieces.

use super::Fill;
use crate::search::ring::{GROUPS, RING};

/// The placed cells joined into obstacles (see the module's comment).
pub(super) struct Obstacles {
    /// A union-find forest over the cells and the edge (the node past the
    /// last cell); a root's `size` counts its tree.
    parent: Vec<u32>,
    size: Vec<u32>,
    /// The roots each union put under another, in order,
    joined: Vec<u32>,
    /// and how many there were before each placement still on the trail.
    marks: Vec<u32>,
    /// Whether placing the cell closed a loop (read while it is placed).
    closed: Vec<bool>,
}

impl Obstacles {
    /// No cell placed, for a board of `cells` cells.
    pub(super) fn new(cells: usize) -> Obstacles {
        Obstacles {
            parent: (0..=cells as u32).collect(),
            size: vec![1; cells + 1],
            joined: Vec::with_capacity(cells),
            marks: Vec::with_capacity(cells),
            closed: vec![false; cells],
        }
    }

    /// Every placement taken back at once.
    pub(super) fn clear(&mut self) {
        for (node, parent) in self.parent.iter_mut().enumerate() {
            *parent = node as u32;
        }
        self.size.fill(1);
        self.joined.clear();
        self.marks.clear();
    }

    /// Did placing `cell` close a loop of obstacles (and so split its
    /// region)?
    pub(super) fn closed(&self, cell: usize) -> bool {
        self.closed[cell]
    }

    fn find(&self, mut node: u32) -> u32 {
        while self.parent[node as usize] != node {
            node = self.parent[node as usize];
        }
        node
    }

    /// `cell` placed, with `ring` the cells of its ring (the edge's node
    /// for places off the board) and `free` which of them are free.
    fn place(&mut self, cell: usize, ring: &[u32; 8], free: u8) {
        self.marks.push(self.joined.len() as u32);
        let groups = GROUPS[usize::from(free)];
        let mut roots = [0; 4];
        let mut closed = false;
        for (g, &first) in groups.first[..usize::from(groups.count)].iter().enumerate() {
            let root = self.find(ring[usize::from(first)]);
            closed |= roots[..g].contains(&root);
            roots[g] = root;
        }
        self.closed[cell] = closed;
        for &root in &roots[..usize::from(groups.count)] {
            let (a, b) = (self.find(cell as u32), self.find(root));
            if a == b {
                continue;
            }
            let (child, parent) = match self.size[a as usize] < self.size[b as usize] {
                true => (a, b),
                false => (b, a),
            };
            self.parent[child as usize] = parent;
            self.size[parent as usize] += self.size[child as usize];
            self.joined.push(child);
        }
    }

    /// The last placement's unions undone.
    pub(super) fn undo(&mut self) {
        let mark = self.marks.pop().expect("a placement to undo") as usize;
        while self.joined.len() > mark {
            let child = self.joined.pop().expect("a union to undo");
            let parent = self.parent[child as usize];
            self.size[parent as usize] -= self.size[child as usize];
            self.parent[child as usize] = child;
        }
    }
}

impl Fill<'_> {
    /// Joins `cell`, just placed, to the obstacles in its ring.
    pub(super) fn join_obstacles(&mut self, cell: usize) {
        let edge = self.grid.cells as u32;
        let (row, column) = self.coordinates[cell];
        let mut ring = [edge; 8];
        let mut free = 0u8;
        for (k, (dr, dc)) in RING.into_iter().enumerate() {
            let (r, c) = (i32::from(row) + dr, i32::from(column) + dc);
            let inside = r >= 0 && c >= 0 && r < self.rows as i32 && c < self.columns as i32;
            if inside {
                let at = r as usize * self.columns + c as usize;
                ring[k] = at as u32;
                free |= u8::from(self.value[at] == 0) << k;
            }
        }
        self.obstacles.place(cell, &ring, free);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::fill::testing::{corner_grid, wander};

    /// The case the ring alone cannot tell: free cells above and below,
    /// taken ones left and right.
    #[test]
    fn a_cell_between_two_obstacles_apart_closes_no_loop() {
        let grid = corner_grid(5, 5);
        let mut fill = Fill::new(&grid, 5, &[(0, 1)]).unwrap();
        // (2, 1) and (2, 3) taken: two obstacles, neither on the edge, so
        // the free cells above and below (2, 2) still meet around them.
        fill.place(11, 10);
        fill.place(13, 12);
        fill.place(12, 11);
        assert!(!fill.obstacles.closed(12));
        fill.undo();
        // With (2, 0) and (2, 4) taken too, both reach the edge: (2, 2)
        // closes the loop and cuts the board in two.
        fill.place(10, 9);
        fill.place(14, 13);
        fill.place(12, 11);
        assert!(fill.obstacles.closed(12));
    }

    /// Every placement of a random wander on a board with walls in it: the
    /// obstacles say it closed a loop exactly when its free neighbours,
    /// walked out over the free cells, lie in more than one piece.
    #[test]
    fn a_placement_closes_a_loop_exactly_when_it_splits_its_free_cells() {
        let grid = corner_grid(6, 7);
        let (mut splits, mut joins) = (0, 0);
        for depth in [12, 24, 36, 42] {
            let mut fill = Fill::new(&grid, 7, &[(0, 1)]).unwrap();
            let mut placed = fill.trail.len();
            wander(&mut fill, 3000, depth, |fill, step| {
                // Only a step that placed a value: after an undo the state
                // is one already asked about.
                let grew = fill.trail.len() > placed;
                placed = fill.trail.len();
                if !grew {
                    return;
                }
                let cell = fill.position[*fill.trail.last().unwrap() as usize];
                let pieces = pieces_around(fill, cell);
                assert_eq!(
                    fill.obstacles.closed(cell),
                    pieces > 1,
                    "depth {depth}, step {step}"
                );
                match pieces > 1 {
                    true => splits += 1,
                    false => joins += 1,
                }
            });
        }
        assert!(splits > 100 && joins > 100, "{splits} splits, {joins} not");
    }

    /// The pieces of free cells that `cell`'s free neighbours lie in.
    fn pieces_around(fill: &Fill, cell: usize) -> usize {
        let mut piece = vec![usize::MAX; fill.grid.cells];
        let mut pieces = 0;
        for &start in fill.grid.neighbours(cell) {
            if fill.value[start] != 0 || piece[start] != usize::MAX {
                continue;
            }
            let mut stack = vec![start];
            piece[start] = pieces;
            while let Some(x) = stack.pop() {
                for &y in fill.grid.neighbours(x) {
                    if fill.value[y] == 0 && piece[y] == usize::MAX {
                        piece[y] = pieces;
                        stack.push(y);
                    }
                }
            }
            pieces += 1;
        }
        pieces
    }
}
