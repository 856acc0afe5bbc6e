//! The solutions a search that restarts has found: a run that finds one
//! again must not count it twice.
//!
//! Looking for one or two solutions, the search restarts and keeps them
//! all. Counting up to a limit, a single walk can stay for minutes in a
//! part of the tree with no solution while another tie-break finds
//! thousands at once, so such a count restarts too, and keeps every path
//! it has counted, within [`MOST_CELLS_KEPT`].

use std::collections::HashSet;

/// Cells of all the paths a count keeps, at most (two bytes each, 32 MiB
/// in all; 116,508 paths of 12x12, 18,641 of 30x30). A count to a higher
/// limit walks once and keeps none.
const MOST_CELLS_KEPT: u64 = 1 << 24;

/// The paths found so far, each as its cells in the order of their values.
pub(super) struct Distinct {
    paths: HashSet<Box<[u16]>>,
    /// A new path came since [`Distinct::fresh`] was last asked.
    fresh: bool,
}

impl Distinct {
    /// Room for `solutions` paths of a board of `cells` cells, if they fit
    /// within [`MOST_CELLS_KEPT`].
    pub(super) fn for_up_to(cells: usize, solutions: u64) -> Option<Distinct> {
        let fits = u16::try_from(cells.saturating_sub(1)).is_ok()
            && solutions.saturating_mul(cells as u64) <= MOST_CELLS_KEPT;
        fits.then(|| Distinct {
            paths: HashSet::new(),
            fresh: false,
        })
    }

    /// Is the path `cells` (`cells[v - 1]` holds v) new? It is kept if so.
    pub(super) fn first_time(&mut self, cells: &[usize]) -> bool {
        let path = cells.iter().map(|&cell| cell as u16).collect();
        let new = self.paths.insert(path);
        self.fresh |= new;
        new
    }

    /// Has a new path come since the last time this was asked?
    pub(super) fn fresh(&mut self) -> bool {
        std::mem::take(&mut self.fresh)
    }
}
