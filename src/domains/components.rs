//! Tarjan's strongly connected components, for rule 5 (`all_different.rs`):
//! one depth-first search, each node's lowest reachable order number
//! deciding where a component closes.
//!
//! A node's successors are a bitset, read a word at a time straight from
//! where the caller keeps it (no edge list is built), and the search keeps
//! which nodes are unseen and which finished as bitsets too. So the tree
//! edges of a word are picked out by a mask, and once they are followed the
//! word's other edges, all into seen nodes, are settled together: a mask for
//! those into finished components, a branch-free minimum for the rest.

use super::bits::BitIter;

/// A graph whose nodes are bit numbers: bit `b` of word `w` of node n's
/// set is the edge n -> 64w + b. Rule 5 reads a cell's domain this way.
pub(super) trait BitGraph {
    /// The words `first..end` outside which the node's set is empty.
    fn span(&self, node: usize) -> (usize, usize);
    /// Word `w` of the node's set.
    fn word(&self, node: usize, w: usize) -> u64;
}

/// A depth-first search frame: a node, the word `w` of its set being read
/// with the bits of it still to follow, and the end of its span.
#[derive(Clone, Copy)]
struct Frame {
    node: usize,
    w: usize,
    end: usize,
    bits: u64,
}

/// Tarjan's strongly connected components, without recursion, with
/// buffers kept between calls.
#[derive(Default)]
pub(super) struct Components {
    /// Nodes not yet reached, and nodes whose component has closed.
    unseen: Vec<u64>,
    finished: Vec<u64>,
    /// A node's order number while it is on the stack, `FINISHED` after,
    /// so that the lowest over a word's seen edges skips closed components.
    rank: Vec<usize>,
    low: Vec<usize>,
    stack: Vec<usize>,
    frames: Vec<Frame>,
    /// The answer: a component id per node (indexed by the node's bit),
    pub(super) component: Vec<usize>,
    /// and whether some edge joins two components.
    pub(super) crossing: bool,
}

const FINISHED: usize = usize::MAX;

impl Components {
    /// Fills `component` for the graph on `nodes` (which must include every
    /// bit of their sets), searching from them in that order. Every node,
    /// and every word a span names, lies below `size` bits.
    pub(super) fn find(&mut self, nodes: &[usize], size: usize, graph: &impl BitGraph) {
        let words = size.div_ceil(64);
        for set in [&mut self.unseen, &mut self.finished] {
            set.clear();
            set.resize(words, 0);
        }
        for &node in nodes {
            self.unseen[node / 64] |= 1 << (node % 64);
        }
        // Each entry is written when its node is entered or closed, before
        // it is read: no clearing needed.
        for list in [&mut self.rank, &mut self.low, &mut self.component] {
            list.resize(size, 0);
        }
        let mut next_order = 0;
        let mut next_component = 0;
        self.crossing = false;
        for &root in nodes {
            if self.unseen[root / 64] & (1 << (root % 64)) == 0 {
                continue;
            }
            let bottom = next_order;
            self.enter(root, graph, &mut next_order);
            while let Some(top) = self.frames.last_mut() {
                let node = top.node;
                let w = top.w;
                let fresh = top.bits & self.unseen[w];
                if fresh != 0 {
                    top.bits &= !(fresh & fresh.wrapping_neg());
                    let next = w * 64 + fresh.trailing_zeros() as usize;
                    self.enter(next, graph, &mut next_order);
                    continue;
                }
                // The word's other edges, all into seen nodes, once its tree
                // edges are done: the children's lows may have made theirs
                // moot already.
                let seen = top.bits;
                if seen != 0 {
                    // Into a finished component, or back onto the stack
                    // (where nothing is lower than the root of this search).
                    self.crossing |= seen & self.finished[w] != 0;
                    let mut low = self.low[node];
                    if low != bottom {
                        for bit in BitIter(seen) {
                            low = low.min(self.rank[w * 64 + bit]);
                        }
                        self.low[node] = low;
                    }
                }
                if w + 1 < top.end {
                    top.w = w + 1;
                    top.bits = graph.word(node, w + 1);
                    continue;
                }
                self.frames.pop();
                let parent = self.frames.last().map(|top| top.node);
                if let Some(parent) = parent {
                    self.low[parent] = self.low[parent].min(self.low[node]);
                }
                if self.low[node] == self.rank[node] {
                    // The edge from the parent leaves the parent's component.
                    self.crossing |= parent.is_some();
                    while let Some(member) = self.stack.pop() {
                        self.finished[member / 64] |= 1 << (member % 64);
                        self.rank[member] = FINISHED;
                        self.component[member] = next_component;
                        if member == node {
                            break;
                        }
                    }
                    next_component += 1;
                }
            }
        }
    }

    // Once per node, on the search's hot path.
    #[inline(always)]
    fn enter(&mut self, node: usize, graph: &impl BitGraph, next_order: &mut usize) {
        self.unseen[node / 64] &= !(1 << (node % 64));
        self.rank[node] = *next_order;
        self.low[node] = *next_order;
        *next_order += 1;
        self.stack.push(node);
        let (first, end) = graph.span(node);
        let bits = if first < end {
            graph.word(node, first)
        } else {
            0
        };
        self.frames.push(Frame {
            node,
            w: first,
            end,
            bits,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Adjacency bitsets: bit b of node n's words is the edge n -> b.
    struct Sets(Vec<Vec<u64>>);

    impl BitGraph for Sets {
        fn span(&self, node: usize) -> (usize, usize) {
            crate::domains::bits::span(&self.0[node])
        }
        fn word(&self, node: usize, w: usize) -> u64 {
            self.0[node][w]
        }
    }

    fn components_of(edges: &[(usize, usize)], nodes: usize) -> Components {
        let words = nodes.div_ceil(64);
        let mut sets = vec![vec![0; words]; nodes];
        for &(from, to) in edges {
            sets[from][to / 64] |= 1 << (to % 64);
        }
        let mut components = Components::default();
        components.find(&(0..nodes).collect::<Vec<_>>(), words * 64, &Sets(sets));
        components
    }

    #[test]
    fn a_cycle_is_one_component_and_a_tail_is_not() {
        // 0 -> 1 -> 2 -> 0 is a cycle; 3 only points into it.
        let found = components_of(&[(0, 1), (1, 2), (2, 0), (3, 0)], 4);
        let component = &found.component;
        assert_eq!(component[0], component[1]);
        assert_eq!(component[1], component[2]);
        assert_ne!(component[3], component[0]);
        assert!(found.crossing, "3 -> 0 joins two components");
    }

    #[test]
    fn two_cycles_joined_one_way_stay_two_components() {
        // Searched from node 0, the joining edge is first a tree edge into a
        // new component (1 -> 2), then an edge into a finished one (3 -> 0).
        for edges in [
            [(0, 1), (1, 0), (1, 2), (2, 3), (3, 2)],
            [(2, 3), (3, 2), (3, 0), (0, 1), (1, 0)],
        ] {
            let found = components_of(&edges, 4);
            let component = &found.component;
            assert_eq!(component[0], component[1]);
            assert_eq!(component[2], component[3]);
            assert_ne!(component[0], component[2]);
            assert!(found.crossing);
        }
    }

    #[test]
    fn two_cycles_with_no_edge_between_them_have_none_crossing() {
        let found = components_of(&[(0, 1), (1, 0), (2, 3), (3, 2)], 4);
        assert_ne!(found.component[0], found.component[2]);
        assert!(!found.crossing, "nothing for rule 5 to remove");
    }

    #[test]
    fn self_loops_and_sets_over_many_words_change_nothing() {
        // Rule 5's graph has a self-loop on every node (its matched value).
        // A cycle 0 -> 70 -> 140 -> 0 across three words, and 200 -> 0
        // hanging off it.
        // 199 is a sink, its own component, and 0's set has an empty word.
        let mut edges = vec![(0, 70), (70, 140), (140, 0), (200, 0), (0, 199)];
        edges.extend((0..201).map(|node| (node, node)));
        let found = components_of(&edges, 201);
        let component = &found.component;
        assert_eq!(component[0], component[70]);
        assert_eq!(component[0], component[140]);
        assert_ne!(component[0], component[200]);
        assert_ne!(component[0], component[199]);
        assert_ne!(component[1], component[2]);
        assert!(found.crossing);

        let cycle_only = [(0, 70), (70, 140), (140, 0), (0, 0), (70, 70)];
        let found = components_of(&cycle_only, 141);
        assert_eq!(found.component[0], found.component[140]);
        assert!(!found.crossing, "self-loops join no two components");
    }
}
