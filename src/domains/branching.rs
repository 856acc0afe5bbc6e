//! Search by propagation: decide one open cell, run the rules, recurse.
//!
//! Shaving (rule 6) supposes every open pair in turn and keeps the
//! failures; on a small board most of that work is spent on pairs that were
//! never in doubt. A depth-first search over the same rules reaches the
//! same verdict by supposing only along one branch at a time:
//!
//! ```text
//! choose the open cell c with the fewest values;
//! for each value k of c:   D' = propagate(D with c = k)   (rules 1, 3-5)
//!                          if D' has no empty domain: recurse on D'
//! ```
//!
//! Every branch that fails is a failed shaving trial, and every complete
//! run is a proof: the branches of c cover all its values, so a board whose
//! tree holds one solution has exactly one. Ties between cells go to the
//! one where supposing has failed most often (the weighted-degree rule of
//! Boussemart et al., 2004), then to a fixed scramble of the cells; a
//! cell's values are tried in a scrambled order too, so that one corner of
//! the board is not always filled first.

use std::cmp::Reverse;
use std::time::Instant;

use super::agenda::Agenda;
use super::Domains;
use crate::board::Board;
use crate::precheck::Contradiction;
use crate::scramble::scramble;

/// What a search by propagation found: the solutions (each cell's value,
/// row-major), at most as many as were asked.
#[derive(Debug, Clone, PartialEq)]
pub struct Branched {
    pub solutions: Vec<Vec<u32>>,
    /// The whole tree was searched: `solutions` is every solution there is.
    /// False when a limit stopped it, or enough solutions did.
    pub complete: bool,
    /// Decisions tried (each one propagation).
    pub nodes: u64,
    /// Decisions whose propagation emptied a domain.
    pub failures: u64,
}

/// When a search by propagation stops early.
#[derive(Debug, Clone, Copy)]
pub struct BranchLimits {
    /// Stop after this many solutions.
    pub solutions: usize,
    /// Stop (incomplete) after this many decisions.
    pub max_nodes: u64,
    /// Stop (incomplete) when the clock passes this instant.
    pub stop: Option<Instant>,
}

/// The state one search carries down its tree.
struct Branching<'a> {
    board: &'a Board,
    limits: BranchLimits,
    agenda: Agenda,
    /// `failures[cell]`: decisions at `cell` whose propagation failed.
    failures: Vec<u32>,
    /// Copies of the domains, one per level, reused.
    spare: Vec<Domains>,
    found: Branched,
}

impl Domains {
    /// Searches the solutions these domains (at a fixpoint of rules 1-5)
    /// allow, within `limits`, propagating rules 1, 3-5 after each decision.
    pub fn branch(&self, board: &Board, limits: BranchLimits) -> Branched {
        let mut search = Branching {
            board,
            limits,
            agenda: Agenda::new(board.len()),
            failures: vec![0; board.len()],
            spare: Vec::new(),
            found: Branched {
                solutions: Vec::new(),
                complete: true,
                nodes: 0,
                failures: 0,
            },
        };
        let mut root = self.clone();
        if root.settle_singletons(board, &mut search.agenda).is_err() {
            return search.found; // no solution: the tree is empty
        }
        search.found.complete = root.descend(&mut search);
        search.found
    }

    /// Fixes the open cells left with one value (on a board of one cell,
    /// say, nothing narrowed them to it) and propagates from them: the
    /// branching only decides cells with two values or more.
    fn settle_singletons(
        &mut self,
        board: &Board,
        agenda: &mut Agenda,
    ) -> Result<(), Contradiction> {
        for index in 0..self.fixed.len() {
            if self.fixed[index] == 0 {
                if let Some(value) = self.single(index) {
                    self.fixed[index] = value;
                    agenda.fixed.push(index);
                }
            }
        }
        let propagated = self.propagate(board, agenda, None);
        agenda.clear();
        propagated
    }

    /// The open cell with the fewest values (ties: the most failures, then
    /// the scramble), or None when every cell is decided.
    fn branching_cell(&self, failures: &[u32]) -> Option<usize> {
        (0..self.fixed.len())
            .filter(|&index| self.fixed[index] == 0)
            .min_by_key(|&index| {
                let key = (self.count_at(index), Reverse(failures[index]));
                (key, scramble(index, 0))
            })
    }

    /// Searches below these domains; false once the search must stop (enough
    /// solutions, or a limit).
    fn descend(&self, search: &mut Branching) -> bool {
        let Some(index) = self.branching_cell(&search.failures) else {
            let values = self.decided_values().expect("every cell is decided");
            search.found.solutions.push(values);
            return search.found.solutions.len() < search.limits.solutions;
        };
        let mut values: Vec<u32> = self.values_at(index).collect();
        values.sort_by_key(|&value| scramble(value as usize, 0));
        let mut child = search.spare.pop().unwrap_or_else(|| self.clone());
        let mut go_on = true;
        for value in values {
            let found = &mut search.found;
            let out_of_nodes = found.nodes >= search.limits.max_nodes;
            let out_of_time = search
                .limits
                .stop
                .is_some_and(|stop| Instant::now() >= stop);
            if out_of_nodes || out_of_time {
                go_on = false;
                break;
            }
            found.nodes += 1;
            child.copy_from(self);
            let board = search.board;
            let agenda = &mut search.agenda;
            let propagated = child
                .fix(board, index, value, agenda)
                .and_then(|()| child.propagate(board, agenda, None));
            agenda.clear();
            if propagated.is_err() {
                found.failures += 1;
                search.failures[index] += 1;
                continue;
            }
            if !child.descend(search) {
                go_on = false;
                break;
            }
        }
        search.spare.push(child);
        go_on
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn everything() -> BranchLimits {
        BranchLimits {
            solutions: usize::MAX,
            max_nodes: u64::MAX,
            stop: None,
        }
    }

    fn rules_one_to_five(board: &Board) -> Domains {
        Domains::reduce_with(board, false, None).expect("the board reduces")
    }

    #[test]
    fn every_path_of_an_empty_3x3_board_is_found_once() {
        // 3x3 has 40 Hamiltonian paths, each read both ways as a numbering:
        // OEIS A096969 counts the numberings, 40.
        let board = Board::empty(3, 3).unwrap();
        let found = rules_one_to_five(&board).branch(&board, everything());
        assert!(found.complete);
        assert_eq!(found.solutions.len(), 40);
        let mut distinct = found.solutions.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 40);
    }

    #[test]
    fn a_node_limit_leaves_the_search_incomplete() {
        let board = Board::empty(4, 4).unwrap();
        let limits = BranchLimits {
            max_nodes: 5,
            ..everything()
        };
        let found = rules_one_to_five(&board).branch(&board, limits);
        assert!(!found.complete);
        assert_eq!(found.nodes, 5);
    }
}
