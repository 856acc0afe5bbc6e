//! The work list of propagation: what the rules still have to look at
//! after a change, and the buffers rule 5 reuses between calls.

use super::matching::MatchingScratch;

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
}

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
