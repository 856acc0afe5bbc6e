//! The ring of eight cells around a cell, and the groups of its places
//! that are not free: both engines ask it whether taking the cell can cut
//! the free cells around it apart. The fill keeps its obstacles joined
//! from node to node with it (`fill/obstacles.rs`); the walk of boards
//! without clues skips a flood fill with it (`path.rs`).
//!
//! Placed (or off-board) places of the ring are joined when they are next
//! to each other in the ring, or are two neighbours of the centre that
//! meet at a corner. Groups are as many as the arcs of free ring cells
//! that hold a neighbour of the centre (one where there is no such arc
//! but some place is taken): with one such arc or none, a way between two
//! free neighbours of the centre goes round it through the ring.

/// The ring of eight cells around a cell, in order: each is beside the
/// next (and the last beside the first); the even places are the cell's
/// neighbours.
pub(super) const RING: [(i32, i32); 8] = [
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
];

/// The groups of a ring whose free places are the bits of the index: how
/// many, and the first place of each (in ring order).
#[derive(Clone, Copy)]
pub(super) struct Groups {
    pub(super) count: u8,
    pub(super) first: [u8; 4],
}

/// `GROUPS[free]`: the groups of places that are not free, `free` having
/// bit k set when ring place k is free.
pub(super) const GROUPS: [Groups; 256] = {
    let mut table = [Groups {
        count: 0,
        first: [0; 4],
    }; 256];
    let mut free = 0;
    while free < 256 {
        // Each place's group, as the lowest place it is joined to: places
        // are joined along the ring, and even places (the centre's
        // neighbours) two apart meet at a corner. Joined until nothing
        // changes (the ring is small).
        let mut group = [0usize, 1, 2, 3, 4, 5, 6, 7];
        let mut changed = true;
        while changed {
            changed = false;
            let mut k = 0;
            while k < 8 {
                let mut step = 1;
                while step <= 2 {
                    let other = (k + step) % 8;
                    let joined = (free >> k) & 1 == 0
                        && (free >> other) & 1 == 0
                        && (step == 1 || k % 2 == 0);
                    if joined && group[k] != group[other] {
                        let low = if group[k] < group[other] {
                            group[k]
                        } else {
                            group[other]
                        };
                        group[k] = low;
                        group[other] = low;
                        changed = true;
                    }
                    step += 1;
                }
                k += 1;
            }
        }
        let mut k = 0;
        while k < 8 {
            if (free >> k) & 1 == 0 && group[k] == k {
                let count = table[free].count as usize;
                table[free].first[count] = k as u8;
                table[free].count += 1;
            }
            k += 1;
        }
        free += 1;
    }
    table
};

/// Can taking the centre of a ring whose free places are the bits of
/// `free` cut no way between free cells? At most one group: one arc of
/// free ring cells holds every free neighbour of the centre.
pub(super) fn cuts_nothing(free: u8) -> bool {
    GROUPS[usize::from(free)].count <= 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ring(free: &[usize]) -> usize {
        free.iter().map(|k| 1 << k).sum()
    }

    fn groups(free: &[usize]) -> Vec<u8> {
        let groups = GROUPS[ring(free)];
        groups.first[..usize::from(groups.count)].to_vec()
    }

    #[test]
    fn a_ring_has_one_group_between_two_arcs_that_hold_a_neighbour() {
        // Above and below free: the left side and the right side.
        assert_eq!(groups(&[0, 4]), [1, 5]);
        // Above, its right corner and the right: one arc, one group.
        assert_eq!(groups(&[0, 1, 2]), [3]);
        // Above and right without the corner between: two arcs, the corner
        // a group of its own.
        assert_eq!(groups(&[0, 2]), [1, 3]);
        // Free corners alone: the four neighbours touch at the corners.
        assert_eq!(groups(&[1, 3, 5, 7]), [0]);
        // Free all round: nothing; all but one place: one group.
        assert!(groups(&[0, 1, 2, 3, 4, 5, 6, 7]).is_empty());
        assert_eq!(groups(&[0, 1, 2, 3, 4, 5, 6]), [7]);
        // One neighbour, and a corner apart from it: one group.
        assert_eq!(groups(&[2, 5]), [0]);
        // Four neighbours free, corners taken: four groups.
        assert_eq!(groups(&[0, 2, 4, 6]), [1, 3, 5, 7]);
    }
}
