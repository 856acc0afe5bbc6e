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
use super::bits::{self, BitIter};
use super::components::BitGraph;
use super::matching::MatchingScratch;
use super::Domains;
use crate::board::{Board, Cell};
use crate::precheck::Contradiction;

impl Domains {
    /// Rule 5, all different. Finds a perfect matching of the open cells to
    /// the values they can hold (warm-started from the last one), then drops
    /// every pair that lies in none. Fixed cells are left out: rule 1 has
    /// already taken their values from every other cell. True if anything
    /// was dropped. Under a time limit (the agenda's clock) it may give up
    /// before the matching is whole: then nothing is dropped, and the
    /// agenda's clock says it `stopped`.
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
        // The bounds noted for rule 1, where there are some, give each cell's
        // words without reading them all (a word or two too many at worst).
        for &index in &scratch.open {
            scratch.span[index] = match agenda.bounds.get(index) {
                Some(&(lowest, highest)) => (lowest as usize / 64, highest as usize / 64 + 1),
                None => bits::span(self.words(index)),
            };
        }
        scratch.cell_of_value.clear();
        scratch
            .cell_of_value
            .resize(self.total as usize + 1, NO_CELL);
        let words = self.words_per_cell;
        scratch.seen.resize(words, 0);
        scratch.free.clear();
        scratch.free.resize(words, u64::MAX);
        for &index in &scratch.open {
            let value = self.matched[index];
            if value != 0 && self.contains(index, value) {
                scratch.cell_of_value[value as usize] = index;
                scratch.free[value as usize / 64] &= !(1 << (value % 64));
            } else {
                self.matched[index] = 0;
            }
        }
        // A cold start on the largest boards augments for a tenth of a
        // second and more: the reduction's run under a time limit may give
        // up here, keeping the matching so far.
        for node in 0..scratch.open.len() {
            let index = scratch.open[node];
            if self.matched[index] == 0 {
                if agenda.clock.out_of_time() {
                    return Ok(false);
                }
                self.augment(board, index, scratch)?;
            }
        }
        // The alternating graph, on open cells: an edge c -> d for each value
        // of c other than its matched one, d being the cell matched to that
        // value. A pair (c, v) is in some perfect matching iff it is matched,
        // or c and v's cell share a strongly connected component. Each node
        // goes by its cell's matched value, so that a cell's domain is its
        // set of successors as it stands.
        let MatchingScratch {
            open,
            cell_of_value,
            nodes,
            components,
            span,
            ..
        } = scratch;
        nodes.clear();
        nodes.extend(open.iter().map(|&index| self.matched[index] as usize));
        components.find(
            nodes,
            self.words_per_cell * 64,
            &Alternating {
                domains: self,
                cell_of_value,
                span,
            },
        );
        if !components.crossing {
            return Ok(false); // no pair joins two components: all stay
        }
        let mut narrowed = Vec::new();
        for &index in open.iter() {
            let mut changed = false;
            let (first, end) = span[index];
            let own = components.component[self.matched[index] as usize];
            for w in first..end {
                let mut word = self.words(index)[w];
                for bit in BitIter(word) {
                    if components.component[w * 64 + bit] != own {
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
        // Breadth first: the shortest augmenting path moves the fewest
        // values (a free value of `start` itself is found before any other
        // cell is looked at). reached[i] was reached from reached[from[i]]
        // through the value via[i], which it holds. A word's values are
        // screened against those seen and those free a word at a time.
        scratch.seen.fill(0);
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
            let (first, end) = scratch.span[cell];
            for w in first..end {
                let new = self.words(cell)[w] & !scratch.seen[w];
                let free = new & scratch.free[w];
                if free != 0 {
                    found = Some((next, (w * 64) as u32 + free.trailing_zeros()));
                    break 'search;
                }
                scratch.seen[w] |= new;
                for bit in BitIter(new) {
                    let value = w * 64 + bit;
                    scratch.reached.push(scratch.cell_of_value[value]);
                    scratch.from.push(next);
                    scratch.via.push(value as u32);
                }
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
        scratch.free[value as usize / 64] &= !(1 << (value % 64));
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
}

const NO_CELL: usize = usize::MAX;

/// The alternating graph as `Components` reads it, straight from the
/// domains: node k is the cell matched to value k, and that cell's values
/// its successors. Its own matched value is an edge to itself, which
/// changes no component, so it is not masked out.
struct Alternating<'a> {
    domains: &'a Domains,
    cell_of_value: &'a [usize],
    span: &'a [(usize, usize)],
}

impl BitGraph for Alternating<'_> {
    fn span(&self, node: usize) -> (usize, usize) {
        self.span[self.cell_of_value[node]]
    }

    fn word(&self, node: usize, w: usize) -> u64 {
        self.domains.words(self.cell_of_value[node])[w]
    }
}

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
