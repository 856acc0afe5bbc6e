//! Sets of cells up to the board's symmetries. If some clue set on cells S
//! defines a puzzle, its image under a symmetry g defines one on g(S): the
//! research needs one set of each orbit, the smallest in lexicographic
//! order, and the orbit's size to count every puzzle.

use crate::symmetry::Symmetry;

/// A set of cells, sorted, the smallest of its orbit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CellSet {
    pub cells: Vec<usize>,
    /// How many sets its orbit has.
    pub orbit: u64,
}

/// Every `size`-set of `0..cells` that is the smallest of its orbit under
/// `symmetries`, in lexicographic order.
pub fn representatives(cells: usize, size: usize, symmetries: &[Symmetry]) -> Vec<CellSet> {
    let mut found = Vec::new();
    if size > cells {
        return found;
    }
    let mut set: Vec<usize> = (0..size).collect();
    let mut image = vec![0; size];
    loop {
        let mut smallest = true;
        let mut fixed = 0u64;
        for symmetry in symmetries {
            for (slot, &cell) in image.iter_mut().zip(&set) {
                *slot = symmetry.image(cell);
            }
            image.sort_unstable();
            match image.cmp(&set) {
                std::cmp::Ordering::Less => {
                    smallest = false;
                    break;
                }
                std::cmp::Ordering::Equal => fixed += 1,
                std::cmp::Ordering::Greater => {}
            }
        }
        if smallest {
            found.push(CellSet {
                cells: set.clone(),
                orbit: symmetries.len() as u64 / fixed,
            });
        }
        // The next set in lexicographic order.
        let Some(slot) = (0..size)
            .rev()
            .find(|&slot| set[slot] < cells - size + slot)
        else {
            return found;
        };
        set[slot] += 1;
        for next in slot + 1..size {
            set[next] = set[next - 1] + 1;
        }
    }
}

/// A clue set as (cell, value) pairs in the smallest form among its images
/// under the symmetries and value reversal (v -> T + 1 - v, which maps a
/// solution to the same path walked backwards): two clue sets have the
/// same form exactly when one is a symmetric copy of the other.
pub fn canonical(clues: &[(usize, u32)], total: u32, symmetries: &[Symmetry]) -> Vec<(usize, u32)> {
    let mut best: Option<Vec<(usize, u32)>> = None;
    for symmetry in symmetries {
        for reversed in [false, true] {
            let mut image: Vec<(usize, u32)> = clues
                .iter()
                .map(|&(cell, value)| {
                    let value = if reversed { total + 1 - value } else { value };
                    (symmetry.image(cell), value)
                })
                .collect();
            image.sort_unstable();
            if best.as_ref().is_none_or(|best| image < *best) {
                best = Some(image);
            }
        }
    }
    best.unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::symmetry::symmetries;

    #[test]
    fn the_orbits_of_pairs_add_up_to_every_pair() {
        let board = Board::empty(4, 5).unwrap();
        let sets = representatives(20, 2, &symmetries(&board));
        assert_eq!(sets.iter().map(|set| set.orbit).sum::<u64>(), 190);
    }

    #[test]
    fn a_square_has_three_orbits_of_single_cells_at_size_three() {
        let board = Board::empty(3, 3).unwrap();
        let sets = representatives(9, 1, &symmetries(&board));
        let cells: Vec<Vec<usize>> = sets.iter().map(|set| set.cells.clone()).collect();
        assert_eq!(cells, vec![vec![0], vec![1], vec![4]]);
        assert_eq!(
            sets.iter().map(|set| set.orbit).collect::<Vec<_>>(),
            vec![4, 4, 1]
        );
    }

    #[test]
    fn mirror_images_and_reversals_share_one_form() {
        let board = Board::empty(3, 3).unwrap();
        let maps = symmetries(&board);
        // 1 in the top-left corner and 9 in the bottom-right, against its
        // mirror image read backwards: 9 top-right, 1 bottom-left.
        let form = canonical(&[(0, 1), (8, 9)], 9, &maps);
        assert_eq!(form, canonical(&[(2, 9), (6, 1)], 9, &maps));
        assert_ne!(form, canonical(&[(0, 1), (8, 7)], 9, &maps));
    }
}
