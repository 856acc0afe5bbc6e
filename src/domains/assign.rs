//! What the search needs of the domains: suppose a cell holds a value, and
//! propagate rules 1 and 3-5 from there, into buffers reused node after node.

use super::{Agenda, Domains};
use crate::board::Board;
use crate::precheck::Contradiction;

/// Propagation buffers, kept between assignments.
pub(crate) struct Scratch(Agenda);

impl Scratch {
    pub(crate) fn new(board: &Board) -> Scratch {
        Scratch(Agenda::new(board.len()))
    }
}

impl Domains {
    /// Makes `self` a copy of `from` in which cell `index` holds `value`,
    /// propagated to the fixpoint of rules 1 and 3-5. An error: no solution
    /// of `from` has that value there.
    pub(crate) fn assign_from(
        &mut self,
        from: &Domains,
        board: &Board,
        index: usize,
        value: u32,
        scratch: &mut Scratch,
    ) -> Result<(), Contradiction> {
        self.copy_from(from);
        let agenda = &mut scratch.0;
        let outcome = if self.contains(index, value) {
            self.fix(board, index, value, agenda)
                .and_then(|()| self.propagate(board, agenda, None))
        } else {
            Err(Contradiction::NoValueFor {
                cell: board.cell(index),
            })
        };
        agenda.clear();
        outcome
    }

    /// Can cell `index` hold `value`? (The search's hot path: no cell lookup.)
    pub(crate) fn holds(&self, index: usize, value: u32) -> bool {
        self.contains(index, value)
    }

    /// Bytes one copy of these domains occupies.
    pub(crate) fn footprint(&self) -> usize {
        (self.bits.len() * 8) + (self.holders.len() + self.fixed.len() + self.matched.len()) * 4
    }
}
