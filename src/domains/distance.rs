//! Rule 1, distance and parity to a fixed cell.
//!
//! A solution is a path through the grid that visits value `k` at step `k`,
//! moving to an orthogonal neighbour each step. If cell `d` holds `v` and
//! cell `c` holds `k`, the path goes from `d` to `c` in `|k - v|` steps; it
//! needs at least the Manhattan distance, and each step changes the
//! checkerboard colour, so the number of steps has the parity of that
//! distance:
//!
//! ```text
//! d holds v, c holds k  =>  |k - v| >= dist(c, d)  and  |k - v| = dist(c, d) (mod 2).
//! ```
//!
//! So once `d` is fixed (a clue, or by rule 4), every other cell `c` keeps
//! only the "ring" `{k : |k - v| >= dist(c, d), k = v + dist(c, d) (mod 2)}`
//! (`keep_ring`), and a fixed cell outside its ring is a contradiction.
//! Nothing else is assumed, so no solution loses a value.
//!
//! Once every domain keeps one parity, a ring from v at distance d removes
//! only the values strictly between v - d and v + d: a cell whose bounds,
//! noted earlier for the same narrowing domains (`note_bounds`, once a
//! shaving pass), lie outside that window is passed by.

use super::agenda::Agenda;
use super::bits::{mask_up_to, parity_word};
use super::Domains;
use crate::board::{Board, Cell};
use crate::precheck::Contradiction;

impl Domains {
    /// Rule 1 from a fixed cell: every other cell keeps only the values at
    /// the right distance and parity from it.
    // Inlined into both forms of `propagate` (timed or not): left to the
    // compiler, it became a call per step, and shaving ran more instructions.
    #[inline(always)]
    pub(super) fn distance_from(
        &mut self,
        board: &Board,
        fixed_index: usize,
        agenda: &mut Agenda,
    ) -> Result<(), Contradiction> {
        // Once parity is settled a ring removes only the values strictly
        // within `distance` of the fixed value: a cell whose bounds lie
        // outside that window loses nothing, and is passed by (on a tight
        // board, nearly every cell is).
        let bounds = match self.parity_settled {
            true => std::mem::take(&mut agenda.bounds),
            false => Vec::new(),
        };
        let ring = self.ring(board, fixed_index, &bounds, agenda);
        if !bounds.is_empty() {
            agenda.bounds = bounds;
        }
        ring
    }

    /// Rule 1 from `fixed_index`, passing by the cells `bounds` (if any)
    /// puts out of its reach.
    fn ring(
        &mut self,
        board: &Board,
        fixed_index: usize,
        bounds: &[(u32, u32)],
        agenda: &mut Agenda,
    ) -> Result<(), Contradiction> {
        let fixed_cell = board.cell(fixed_index);
        let value = self.fixed[fixed_index];
        // Row by row, the distance from coordinates (no division per cell:
        // this loop runs for every cell fixed in every shaving trial).
        for row in 0..board.rows() {
            let rise = row.abs_diff(fixed_cell.row);
            for col in 0..board.cols() {
                let index = board.index(Cell::new(row, col));
                if index == fixed_index {
                    continue;
                }
                let distance = (rise + col.abs_diff(fixed_cell.col)) as u32;
                if let Some(&(lowest, highest)) = bounds.get(index) {
                    if highest + distance <= value || lowest >= value + distance {
                        continue;
                    }
                }
                match self.fixed[index] {
                    // A decided cell needs only its one value tested, not its
                    // whole bitset rewritten: this keeps boards with many clues
                    // (a solution fed back as a board) at O(T^2), not O(T^3 / 64).
                    0 => self.keep_ring(board, index, value, distance, agenda)?,
                    held => {
                        let gap = held.abs_diff(value);
                        if gap < distance || !(gap - distance).is_multiple_of(2) {
                            return Err(Contradiction::NoValueFor {
                                cell: board.cell(index),
                            });
                        }
                    }
                }
            }
        }
        self.parity_settled = true;
        Ok(())
    }

    /// Notes each cell's lowest and highest value in `agenda.bounds`, for
    /// rule 1 to pass by the cells its rings cannot narrow (and rule 5 to
    /// read only the words between them). Valid for these domains and
    /// every narrowing of them.
    pub(super) fn note_bounds(&self, agenda: &mut Agenda) {
        agenda.bounds.clear();
        agenda.bounds.extend((0..self.fixed.len()).map(|index| {
            let mut values = self.values_at(index);
            let lowest = values.next().unwrap_or(0);
            (lowest, values.last().unwrap_or(lowest))
        }));
    }

    /// Keeps, in cell `index`, the values k with |k - v| >= d and of d's parity.
    fn keep_ring(
        &mut self,
        board: &Board,
        index: usize,
        value: u32,
        distance: u32,
        agenda: &mut Agenda,
    ) -> Result<(), Contradiction> {
        let total = self.total as i64;
        let (low, high) = (
            value as i64 - distance as i64,
            value as i64 + distance as i64,
        );
        if self.parity_settled {
            // Every domain keeps its one parity already, which is the ring's:
            // only the values strictly between low and high can go.
            let (first, last) = ((low + 1).max(1) as usize, (high - 1).min(total) as usize);
            if first > last {
                return Ok(());
            }
            let (first_word, last_word) = (first / 64, last / 64);
            return self.keep_only(board, index, first_word..last_word + 1, agenda, |w| {
                let from = if w == first_word { first % 64 } else { 0 };
                let to = if w == last_word { last % 64 } else { 63 };
                !((u64::MAX << from) & (u64::MAX >> (63 - to)))
            });
        }
        // Values of the ring share the parity of `low` (and of `high`).
        let parity = low.rem_euclid(2) as u32;
        self.keep_only(board, index, 0..self.words_per_cell, agenda, |w| {
            let base = (w * 64) as i64;
            let below = mask_up_to(low - base);
            let above = !mask_up_to(high - 1 - base);
            let in_range = if high <= total { below | above } else { below };
            in_range & parity_word(parity)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fixes `cell` to `value` in `domains` and runs rule 1 from it, and
    /// nothing else.
    fn fix_and_spread(
        board: &Board,
        domains: &mut Domains,
        cell: Cell,
        value: u32,
    ) -> Result<(), Contradiction> {
        let mut agenda = Agenda::new(board.len());
        let index = board.index(cell);
        domains.fix(board, index, value, &mut agenda)?;
        domains.distance_from(board, index, &mut agenda)
    }

    #[test]
    fn a_clue_1_in_a_corner_of_a_3x3_leaves_2_only_on_its_two_neighbours() {
        let board = Board::empty(3, 3).unwrap();
        let mut domains = Domains::all_values(&board);
        fix_and_spread(&board, &mut domains, Cell::new(0, 0), 1).unwrap();
        let holders: Vec<Cell> = board
            .cells()
            .filter(|&cell| domains.allows(&board, cell, 2))
            .collect();
        assert_eq!(holders, [Cell::new(0, 1), Cell::new(1, 0)]);
    }

    #[test]
    fn a_clue_5_in_the_centre_of_a_3x3_leaves_the_corners_odd_values_and_the_edges_even() {
        // Corners are 2 steps away: |k - 5| >= 2 and even. Edges are 1 step
        // away: |k - 5| odd.
        let board = Board::empty(3, 3).unwrap();
        let mut domains = Domains::all_values(&board);
        fix_and_spread(&board, &mut domains, Cell::new(1, 1), 5).unwrap();
        for cell in board.cells().filter(|&cell| cell != Cell::new(1, 1)) {
            let expected: &[u32] = if cell.colour() == 0 {
                &[1, 3, 7, 9]
            } else {
                &[2, 4, 6, 8]
            };
            assert_eq!(domains.values(&board, cell), expected, "{cell}");
        }
    }

    #[test]
    fn a_second_fixed_cell_removes_the_values_too_close_to_it() {
        // After 5 in the centre, 1 in a corner: the opposite corner, 4 steps
        // away, keeps only the values at least 5, and the cells 3 steps away
        // the even values at least 4.
        let board = Board::empty(3, 3).unwrap();
        let mut domains = Domains::all_values(&board);
        fix_and_spread(&board, &mut domains, Cell::new(1, 1), 5).unwrap();
        fix_and_spread(&board, &mut domains, Cell::new(0, 0), 1).unwrap();
        assert_eq!(domains.values(&board, Cell::new(2, 2)), [7, 9]);
        assert_eq!(domains.values(&board, Cell::new(1, 2)), [4, 6, 8]);
        assert_eq!(domains.values(&board, Cell::new(0, 2)), [3, 7, 9]);
    }

    #[test]
    fn once_parity_is_settled_the_ring_narrows_as_the_full_ring_does() {
        let board = Board::empty(3, 4).unwrap();
        let mut settled = Domains::all_values(&board);
        fix_and_spread(&board, &mut settled, Cell::new(1, 1), 6).unwrap();
        assert!(settled.parity_settled);
        let mut full = settled.clone();
        full.parity_settled = false;
        fix_and_spread(&board, &mut settled, Cell::new(2, 3), 11).unwrap();
        fix_and_spread(&board, &mut full, Cell::new(2, 3), 11).unwrap();
        assert_eq!(settled, full);
    }

    #[test]
    fn a_ring_that_passes_by_cells_out_of_its_reach_narrows_as_the_full_ring() {
        // Every open pair of a 5x5 board with two clues, fixed in turn: the
        // ring with the cells' bounds noted must leave what the full one does.
        let board = Board::parse(b",,,,\n,7,,,\n,,,,\n,,,19,\n,,,,\n").unwrap();
        let start = Domains::reduce_with(&board, false, None).unwrap();
        let mut noted = Agenda::new(board.len());
        start.note_bounds(&mut noted);
        for index in (0..board.len()).filter(|&index| start.fixed[index] == 0) {
            for value in start.values_at(index) {
                let ring = |agenda: &mut Agenda| {
                    let mut domains = start.clone();
                    domains.fix(&board, index, value, agenda).unwrap();
                    let outcome = domains.distance_from(&board, index, agenda);
                    agenda.clear();
                    (outcome, domains.bits)
                };
                let full = ring(&mut Agenda::new(board.len()));
                assert_eq!(ring(&mut noted), full, "{value} at {index}");
            }
        }
    }

    #[test]
    fn fixed_neighbours_whose_values_differ_by_two_contradict() {
        // One step apart, so their values must differ by an odd amount.
        let board = Board::empty(1, 3).unwrap();
        let mut domains = Domains::all_values(&board);
        let mut agenda = Agenda::new(board.len());
        let (first, second) = (Cell::new(0, 0), Cell::new(0, 1));
        domains
            .fix(&board, board.index(second), 3, &mut agenda)
            .unwrap();
        assert_eq!(
            fix_and_spread(&board, &mut domains, first, 1),
            Err(Contradiction::NoValueFor { cell: second })
        );
    }
}
