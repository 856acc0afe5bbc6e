//! The search by propagation ([`Domains::branch`]) as the search hands it
//! out: each solution checked, counted as the other engines count.

use crate::board::Board;
use crate::domains::{BranchLimits, Domains};

use super::{checked, Limits, Outcome};

/// Searches `domains` (at a fixpoint of rules 1-5) by deciding one cell at
/// a time and propagating, within `limits` and about `max_nodes`
/// decisions. Every solution in the outcome has passed the checker.
pub fn branch(board: &Board, domains: &Domains, limits: &Limits, max_nodes: u64) -> Outcome {
    let branched = domains.branch(
        board,
        BranchLimits {
            solutions: usize::try_from(limits.solutions).unwrap_or(usize::MAX),
            max_nodes,
            stop: limits.stop,
        },
    );
    let mut outcome = Outcome {
        solutions: Vec::new(),
        count: 0,
        complete: branched.complete,
        nodes: branched.nodes,
        moves: 0,
        failures: branched.failures,
        threads: 1,
    };
    for values in branched.solutions {
        match checked(board, values) {
            Some(solution) => outcome.keep(solution, 1),
            None => outcome.complete = false,
        }
    }
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_solutions_of_a_board_with_many_come_checked() {
        let board = Board::parse(b"1,,\n,,\n,,9\n").unwrap();
        let domains = Domains::reduce_with(&board, false, None).unwrap();
        let limits = Limits::up_to(2);
        let outcome = branch(&board, &domains, &limits, u64::MAX);
        assert_eq!(outcome.count, 2);
        assert_ne!(outcome.solutions[0], outcome.solutions[1]);
        for solution in &outcome.solutions {
            assert_eq!(solution.value(board.cell(0)), 1);
            assert_eq!(solution.value(board.cell(8)), 9);
        }
    }
}
