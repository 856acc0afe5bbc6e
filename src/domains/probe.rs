//! Rule 6 on some pairs only: shaving's trials for the pairs a question is
//! about, instead of whole passes (the generator's "can this clue go?").

use super::trials::Trial;
use super::Domains;
use crate::board::{Board, Cell};
use crate::precheck::Contradiction;

impl Domains {
    /// Rule 6 on some pairs only: each value of `cells` and each cell that
    /// can hold one of `values` is supposed in turn (rules 1, 3-5 on a copy)
    /// and goes if that fails, until a round removes nothing. Far cheaper
    /// than whole passes, and often enough where a question is about one
    /// cell and one value, as "can this clue go?" is.
    pub fn probe(
        &mut self,
        board: &Board,
        cells: &[Cell],
        values: &[u32],
    ) -> Result<(), Contradiction> {
        let mut trial = Trial::new(self, board);
        loop {
            self.note_bounds(&mut trial.agenda);
            trial.in_step = false;
            let mut pairs: Vec<(usize, u32)> = Vec::new();
            for &cell in cells {
                let index = board.index(cell);
                pairs.extend(self.values_at(index).map(|value| (index, value)));
            }
            for &value in values {
                pairs.extend(
                    (0..board.len())
                        .filter(|&index| self.contains(index, value))
                        .map(|index| (index, value)),
                );
            }
            let mut removed_any = false;
            for (index, value) in pairs {
                if self.fixed[index] != 0 || !self.contains(index, value) {
                    continue; // decided, or removed since the list was made
                }
                if trial.suppose(self, board, (index, value), None).is_err() {
                    removed_any = true;
                    self.remove(board, index, value, &mut trial.agenda)?;
                    self.propagate(board, &mut trial.agenda, None)?;
                }
            }
            if !removed_any {
                return Ok(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probing_a_cell_removes_what_shaving_would_there() {
        // A 2x3 board with 3 top middle: propagation leaves bottom middle
        // {2, 4, 6}, and 2 there cannot finish the path.
        let board = Board::parse(b",3,\n,,\n").unwrap();
        let bottom_middle = Cell::new(1, 1);
        let mut domains = Domains::reduce_with(&board, false, None).unwrap();
        domains.probe(&board, &[bottom_middle], &[]).unwrap();
        assert_eq!(domains.values(&board, bottom_middle), [4, 6]);
    }
}
