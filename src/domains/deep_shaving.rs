//! Rule 8, deep shaving: shaving one level down.
//!
//! ```text
//! for each open pair (c, k), cells with the fewest values first:
//!     D' = shave(propagate(D with c = k))        (rules 1, 3-7 on a copy)
//!     if D' has an empty domain:  k leaves D(c);  D = shave(propagate(D))
//! ```
//!
//! Shaving (rule 6) refutes a pair when rules 1, 3-5 and 7 empty a domain
//! once the pair is supposed; deep shaving refutes it when *shaving* does.
//! It is sound for the same reason: every step removes only what no
//! solution uses, so a contradiction under the supposition proves that no
//! solution holds the pair.
//!
//! Each trial is a whole shaving run, hundreds of times a shaving trial, so
//! it runs only where shaving has ended and left a tight board undecided:
//! now and then a board with one solution (a minimal puzzle whose clues
//! pin it only through long chains of reasoning), where the search proves
//! uniqueness only by going through its whole tree and HiGHS and CBC
//! search as long. There, one or two refuted pairs are often enough for
//! shaving to decide every cell. A cell with two values is fixed by one
//! refutation, so those go first. After a refutation the domains are
//! propagated and shaved again and the round goes on; rounds repeat, as
//! shaving's passes do, until one refutes nothing.

use std::time::Instant;

use super::agenda::Agenda;
use super::{Domains, Shaved};
use crate::board::Board;
use crate::precheck::Contradiction;

/// Shaving passes a trial runs at most: a supposition shaving refutes is
/// mostly refuted within a few passes, and a trial that holds would run
/// many more (on the three 20x20 puzzles measured, a cap of three or four
/// passes settled the slowest in half the time of no cap, one or two in
/// two to three times it).
const TRIAL_PASSES: usize = 4;

impl Domains {
    /// Rule 8 until a round over every open pair refutes none
    /// ([`Shaved::Ended`]; a decided board has none), or the clock passes
    /// `stop` ([`Shaved::Stopped`]; what was removed stays removed). The
    /// domains must be at the end of shaving (rules 1-7). A board past
    /// [`super::SHAVING_BUDGET`] is not shaved, deeply or not. With no
    /// `stop` a round on a tight board with many solutions tries every open
    /// pair, each a shaving run: minutes on a large board.
    pub fn shave_deeper(
        &mut self,
        board: &Board,
        stop: Option<Instant>,
    ) -> Result<Shaved, Contradiction> {
        if !self.within_shaving_budget() {
            return Ok(Shaved::Ended);
        }
        loop {
            let mut open: Vec<(usize, usize)> = (0..board.len())
                .filter(|&index| self.fixed[index] == 0)
                .map(|index| (self.count_at(index), index))
                .collect();
            open.sort_unstable();
            let mut removed = false;
            for (_, index) in open {
                let values: Vec<u32> = self.values_at(index).collect();
                for value in values {
                    if self.fixed[index] != 0 || !self.contains(index, value) {
                        break;
                    }
                    match self.suppose_shaved(board, index, value, stop) {
                        Supposed::Refuted => {
                            removed = true;
                            if self.take_out(board, index, value, stop)? == Shaved::Stopped {
                                return Ok(Shaved::Stopped);
                            }
                        }
                        Supposed::Held => {}
                        Supposed::Stopped => return Ok(Shaved::Stopped),
                    }
                }
            }
            if !removed {
                return Ok(Shaved::Ended);
            }
        }
    }

    /// Supposes `value` at cell `index` on a copy, then propagates and
    /// shaves it.
    fn suppose_shaved(
        &self,
        board: &Board,
        index: usize,
        value: u32,
        stop: Option<Instant>,
    ) -> Supposed {
        let mut copy = self.clone();
        let mut agenda = Agenda::new(board.len());
        let shaved = copy
            .fix(board, index, value, &mut agenda)
            .and_then(|()| copy.propagate(board, &mut agenda, None))
            .and_then(|()| copy.shave_passes(board, stop, TRIAL_PASSES));
        match shaved {
            Err(_) => Supposed::Refuted,
            Ok(Shaved::Ended) => Supposed::Held,
            Ok(Shaved::Stopped) => Supposed::Stopped,
        }
    }

    /// Removes a refuted pair, then propagates and shaves again.
    fn take_out(
        &mut self,
        board: &Board,
        index: usize,
        value: u32,
        stop: Option<Instant>,
    ) -> Result<Shaved, Contradiction> {
        let mut agenda = Agenda::new(board.len());
        self.remove(board, index, value, &mut agenda)?;
        self.propagate(board, &mut agenda, None)?;
        self.shave(board, stop)
    }
}

/// A trial's outcome.
enum Supposed {
    /// Shaving under the supposition emptied a domain.
    Refuted,
    /// It ended without one.
    Held,
    /// The clock stopped it first: nothing is known.
    Stopped,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::Rules;

    fn shaved(board: &Board) -> Domains {
        Domains::reduce_by(board, Rules::Shaving, &[], None).unwrap()
    }

    #[test]
    fn a_board_shaving_decides_is_left_as_it_is() {
        let board = Board::parse(b"1,,\n6,,\n").unwrap();
        let mut domains = shaved(&board);
        let before = domains.clone();
        assert_eq!(domains.shave_deeper(&board, None), Ok(Shaved::Ended));
        assert_eq!(domains, before);
    }

    #[test]
    fn a_board_with_two_solutions_keeps_both() {
        // 1 4 5 / 2 3 6 and 1 2 3 / 6 5 4: no rule can remove what one of
        // them uses.
        let board = Board::parse(b"1,,\n,,\n").unwrap();
        let mut domains = shaved(&board);
        domains.shave_deeper(&board, None).unwrap();
        for solution in [[1, 4, 5, 2, 3, 6], [1, 2, 3, 6, 5, 4]] {
            for (index, value) in solution.into_iter().enumerate() {
                assert!(domains.allows(&board, board.cell(index), value));
            }
        }
    }

    #[test]
    fn it_decides_a_puzzle_that_shaving_leaves_undecided() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/boards/deep/minimal_20x20_a.csv"
        );
        let board = Board::parse(&std::fs::read(path).unwrap()).unwrap();
        let mut domains = shaved(&board);
        assert!(domains.decided_values().is_none());
        assert_eq!(domains.shave_deeper(&board, None), Ok(Shaved::Ended));
        let values = domains.decided_values().expect("every cell decided");
        assert!(crate::check::check_values(&board, values).is_ok());
    }

    #[test]
    fn a_clock_already_past_stops_it_before_any_removal() {
        let board = Board::parse(b"1,,\n,,\n").unwrap();
        let mut domains = shaved(&board);
        let before = domains.clone();
        let past = Some(Instant::now());
        assert_eq!(domains.shave_deeper(&board, past), Ok(Shaved::Stopped));
        assert_eq!(domains, before);
    }
}
