//! The buffers of rule 5 (`all_different.rs`), kept between calls in the
//! propagation's work list so that shaving's many trials reuse them.

use super::components::Components;

/// Buffers for rule 5, kept between calls.
#[derive(Default)]
pub(super) struct MatchingScratch {
    /// The open cells.
    pub(super) open: Vec<usize>,
    pub(super) cell_of_value: Vec<usize>,
    /// The matched values of the open cells: the nodes of the alternating
    /// graph.
    pub(super) nodes: Vec<usize>,
    /// Bitsets of values: those an augmenting-path search has met, and
    /// those matched to no cell.
    pub(super) seen: Vec<u64>,
    pub(super) free: Vec<u64>,
    /// Augmenting-path search: the cells reached, in order, each with the
    /// place of the cell it was reached from and the value between them.
    pub(super) reached: Vec<usize>,
    pub(super) from: Vec<usize>,
    pub(super) via: Vec<u32>,
    pub(super) components: Components,
    /// `span[cell]`: the words of an open cell's bitset outside which all
    /// are zero, found once a run: from its first nonzero word to its last,
    /// or from the bounds noted for rule 1 when there are some (a word or
    /// two wider). On a large board most of a cell's words are empty, and
    /// the searches read them often.
    pub(super) span: Vec<(usize, usize)>,
}
