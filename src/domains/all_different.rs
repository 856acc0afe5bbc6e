//! Rule 5, all different (Régin's filter).
//!
//! Each value 1..=T sits in exactly one cell and each cell holds one value,
//! so a solution is a perfect matching between the open cells and the values
//! they can hold. A pair (c, k) in no perfect matching is in no solution.
//! By Berge's theorem, given one perfect matching M, a pair (c, k) not in M
//! lies in some perfect matching iff it lies on an even alternating cycle,
//! that is iff `c` and the cell matched to `k` share a strongly connected
//! component of the graph with an edge c -> d for each value of `c` other
//! than its own matched one, `d` being the cell matched to that value:
//!
//! ```text
//! (c, k) stays  <=>  M(c) = k  or  scc(c) = scc(M^-1(k)).
//! ```
//!
//! With no perfect matching at all (`augment` finds no augmenting path),
//! Hall's condition fails: the cells the search reached can hold fewer
//! values between them than they are, and the board is infeasible.

use super::agenda::Agenda;
use super::bits::BitIter;
use super::matching::MatchingScratch;
use super::Domains;
use crate::board::{Board, Cell};
use crate::precheck::Contradiction;

impl Domains {
    /// Rule 5, all different. Finds a perfect matching of the open cells to
    /// the values they can hold (warm-started from the last one), then drops
    /// every pair that lies in none. Fixed cells are left out: rule 1 has
    /// already taken their values from every other cell. True if anything
    /// was dropped.
    // Kept out of `propagate`: inlined there, it made shaving markedly
    // slower (measured on the benchmark boards).
    #[inline(never)]
    pub(super) fn all_different(
        &mut self,
        board: &Board,
        agenda: &mut Agenda,
    ) -> Result<bool, Contradiction> {
        let scratch = &mut agenda.matching;
        scratch.open.clear();
        scratch
            .open
            .extend((0..board.len()).filter(|&index| self.fixed[index] == 0));
        if scratch.open.is_empty() {
            return Ok(false);
        }
        scratch.span.resize(board.len(), (0, 0));
        for &index in &scratch.open {
            scratch.span[index] = self.span_of(index);
        }
        scratch.cell_of_value.clear();
        scratch
            .cell_of_value
            .resize(self.total as usize + 1, NO_CELL);
        scratch.seen.resize(self.total as usize + 1, 0);
        for &index in &scratch.open {
            let value = self.matched[index];
            if value != 0 && self.contains(index, value) {
                scratch.cell_of_value[value as usize] = index;
            } else {
                self.matched[index] = 0;
            }
        }
        for node in 0..scratch.open.len() {
            let index = scratch.open[node];
            if self.matched[index] == 0 {
                self.augment(board, index, scratch)?;
            }
        }
        // The alternating graph, on open cells: an edge c -> d for each value
        // of c other than its matched one, d being the cell matched to that
        // value. A pair (c, v) is in some perfect matching iff it is matched,
        // or c and v's cell share a strongly connected component.
        let MatchingScratch {
            open,
            node_of_value,
            components,
            span,
            ..
        } = scratch;
        // Every value an open cell can hold is matched to an open cell (the
        // open cells and the values left are equally many).
        node_of_value.resize(self.total as usize + 1, NO_CELL);
        for (node, &index) in open.iter().enumerate() {
            node_of_value[self.matched[index] as usize] = node;
        }
        components.find(open.len(), |node, edges| {
            let index = open[node];
            let matched = self.matched[index] as usize;
            for value in self.values_within(index, span[index]) {
                if value != matched {
                    edges.push(node_of_value[value]);
                }
            }
        });
        if !components.crossing {
            return Ok(false); // no pair joins two components: all stay
        }
        let mut narrowed = Vec::new();
        for (node, &index) in open.iter().enumerate() {
            let mut changed = false;
            let (first, end) = span[index];
            for w in first..end {
                let mut word = self.words(index)[w];
                for bit in BitIter(word) {
                    let value = (w * 64 + bit) as u32;
                    let other = node_of_value[value as usize];
                    if value != self.matched[index]
                        && components.component[node] != components.component[other]
                    {
                        word &= !(1 << bit);
                    }
                }
                changed |= self.narrow_word(index, w, word, &mut agenda.lonely)?;
            }
            if changed {
                narrowed.push(index);
            }
        }
        for &index in &narrowed {
            self.changed(board, index, agenda)?;
        }
        Ok(!narrowed.is_empty())
    }

    /// Matches cell `start` by a shortest augmenting path (breadth first).
    /// With none, the cells the search reached hold one value too few
    /// between them: Hall's condition fails.
    fn augment(
        &mut self,
        board: &Board,
        start: usize,
        scratch: &mut MatchingScratch,
    ) -> Result<(), Contradiction> {
        scratch.stamp += 1;
        let stamp = scratch.stamp;
        // Breadth first: the shortest augmenting path moves the fewest
        // values (a free value of `start` itself is found before any other
        // cell is looked at). reached[i] was reached from reached[from[i]]
        // through the value via[i], which it holds.
        scratch.reached.clear();
        scratch.from.clear();
        scratch.via.clear();
        scratch.reached.push(start);
        scratch.from.push(usize::MAX);
        scratch.via.push(0);
        let mut next = 0;
        // The place of the last cell of the path, and the free value it takes.
        let mut found = None;
        'search: while next < scratch.reached.len() {
            let cell = scratch.reached[next];
            for value in self.values_within(cell, scratch.span[cell]) {
                if scratch.seen[value] == stamp {
                    continue;
                }
                scratch.seen[value] = stamp;
                let holder = scratch.cell_of_value[value];
                if holder == NO_CELL {
                    found = Some((next, value as u32));
                    break 'search;
                }
                scratch.reached.push(holder);
                scratch.from.push(next);
                scratch.via.push(value as u32);
            }
            next += 1;
        }
        let Some((mut at, mut value)) = found else {
            let mut cells: Vec<Cell> = scratch
                .reached
                .iter()
                .map(|&index| board.cell(index))
                .collect();
            cells.sort();
            return Err(Contradiction::Hall {
                values: cells.len() - 1,
                cells,
            });
        };
        // Each cell on the path takes the value that led to the next one.
        loop {
            let cell = scratch.reached[at];
            scratch.cell_of_value[value as usize] = cell;
            self.matched[cell] = value;
            if at == 0 {
                break;
            }
            value = scratch.via[at];
            at = scratch.from[at];
        }
        Ok(())
    }

    /// The values of cell `index`, read from the words `first..end` only
    /// (its span: every other word is empty).
    fn values_within(
        &self,
        index: usize,
        (first, end): (usize, usize),
    ) -> impl Iterator<Item = usize> + '_ {
        self.words(index)[first..end]
            .iter()
            .enumerate()
            .flat_map(move |(w, &word)| BitIter(word).map(move |bit| (first + w) * 64 + bit))
    }

    /// The words of an open cell from its first nonzero one to its last.
    fn span_of(&self, index: usize) -> (usize, usize) {
        let words = self.words(index);
        let first = words.iter().position(|&word| word != 0).unwrap_or(0);
        let end = words
            .iter()
            .rposition(|&word| word != 0)
            .map_or(first, |last| last + 1);
        (first, end)
    }
}

const NO_CELL: usize = usize::MAX;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_cells_that_share_two_values_break_halls_condition() {
        // An empty 2x2 board with 3 and 4 taken from three of its cells:
        // those three can hold only 1 and 2 between them.
        let board = Board::parse(b",\n,\n").unwrap();
        let mut domains = Domains::all_values(&board);
        let mut agenda = Agenda::new(board.len());
        let three = [Cell::new(0, 0), Cell::new(0, 1), Cell::new(1, 0)];
        for cell in three {
            for value in [3, 4] {
                domains
                    .remove(&board, board.index(cell), value, &mut agenda)
                    .unwrap();
            }
        }
        assert_eq!(
            domains.all_different(&board, &mut agenda),
            Err(Contradiction::Hall {
                cells: three.to_vec(),
                values: 2
            })
        );
    }

    #[test]
    fn the_all_different_rule_keeps_every_value_of_an_empty_2x2_board() {
        // The 8 paths put every value in every cell, so every pair lies in
        // some perfect matching and nothing may go.
        let board = Board::parse(b",\n,\n").unwrap();
        let domains = Domains::reduce_with(&board, false, None).unwrap();
        for cell in board.cells() {
            assert_eq!(domains.size(&board, cell), 4, "{cell}");
        }
    }
}
