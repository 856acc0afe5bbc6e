//! The work list of propagation: what the rules still have to look at
//! after a change, and the buffers rule 5 reuses between calls.

use super::matching::MatchingScratch;
use crate::clock::Clock;

/// What propagation still has to do, and buffers rule 5 reuses.
pub(super) struct Agenda {
    /// Cells just fixed: rule 1 runs from each.
    pub(super) fixed: Vec<usize>,
    /// Values that just dropped to one holder (rule 4).
    pub(super) lonely: Vec<u32>,
    /// Cells whose neighbour support (rule 3) must be checked again.
    pub(super) support: Vec<usize>,
    pub(super) queued: Vec<bool>,
    pub(super) matching: MatchingScratch,
    /// Whether rule 5 runs (shaving's first pass leaves it out).
    pub(super) all_different: bool,
    /// Whether rule 3 runs (off only when a board is rated, [`Rules`]).
    pub(super) neighbour_support: bool,
    /// Cells that lost a value since [`Agenda::forget_touched`], each once:
    /// a shaving trial that succeeds differs from its start only there.
    pub(super) touched: Vec<usize>,
    is_touched: Vec<bool>,
    /// For each cell, its lowest and highest value at some earlier point of
    /// the domains being propagated (empty: not known). Domains only
    /// narrow, so every later domain lies within them: rule 1 passes by the
    /// cells they put out of a ring's reach, and rule 5 reads a cell's
    /// words only between them.
    pub(super) bounds: Vec<(u32, u32)>,
    /// When rules 1-5 give up: set for the reduction's own run under a
    /// time limit, never for a shaving trial, which has to finish to prove
    /// anything.
    pub(super) clock: Clock,
}

/// Steps between two readings of the clock (of the propagation's work
/// list, or cells matched by rule 5): a step costs well under a
/// microsecond, a reading tens of nanoseconds.
pub(super) const STEPS_PER_CLOCK_READING: u32 = 16;

impl Agenda {
    pub(super) fn new(cells: usize) -> Agenda {
        Agenda {
            fixed: Vec::new(),
            lonely: Vec::new(),
            support: Vec::new(),
            queued: vec![false; cells],
            matching: MatchingScratch::default(),
            all_different: true,
            neighbour_support: true,
            touched: Vec::new(),
            is_touched: vec![false; cells],
            bounds: Vec::new(),
            clock: Clock::default(),
        }
    }

    /// Notes that cell `index` lost a value.
    pub(super) fn touch(&mut self, index: usize) {
        if !self.is_touched[index] {
            self.is_touched[index] = true;
            self.touched.push(index);
        }
    }

    /// Starts a new list of touched cells.
    pub(super) fn forget_touched(&mut self) {
        for index in self.touched.drain(..) {
            self.is_touched[index] = false;
        }
    }

    /// Empties the agenda after a failed propagation, keeping its buffers.
    pub(super) fn clear(&mut self) {
        self.fixed.clear();
        self.lonely.clear();
        for index in self.support.drain(..) {
            self.queued[index] = false;
        }
    }

    pub(super) fn check_support(&mut self, index: usize) {
        if self.neighbour_support && !self.queued[index] {
            self.queued[index] = true;
            self.support.push(index);
        }
    }

    pub(super) fn next_support(&mut self) -> Option<usize> {
        let index = self.support.pop()?;
        self.queued[index] = false;
        Some(index)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::super::test_boards::half_a_newspaper_board;
    use super::super::Domains;
    use crate::board::Board;

    #[test]
    fn rules_given_up_at_their_stop_say_so_and_keep_every_pair_of_a_solution() {
        let board = half_a_newspaper_board();
        let solution = Board::read("examples/boards/classic_9x9.solution.csv".as_ref()).unwrap();
        let stopped = Domains::reduce_until(&board, Some(Instant::now())).unwrap();
        let finished = Domains::reduce_until(&board, None).unwrap();
        assert!(stopped.stopped());
        assert!(!finished.stopped());
        for (cell, value) in solution.clues() {
            assert!(
                stopped.allows(&board, cell, value),
                "{cell:?} keeps {value}"
            );
        }
        assert!(stopped.summary(&board).pairs > finished.summary(&board).pairs);
    }

    #[test]
    fn rules_with_no_stop_reach_the_fixpoint_of_the_whole_reduction() {
        let board = half_a_newspaper_board();
        let finished = Domains::reduce_until(&board, None).unwrap();
        assert_eq!(finished, Domains::reduce_with(&board, false, None).unwrap());
    }
}
