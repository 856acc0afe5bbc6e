//! Tarjan's strongly connected components, for rule 5 (`all_different.rs`):
//! one depth-first search, each node's lowest reachable order number
//! deciding where a component closes.

/// Tarjan's strongly connected components, without recursion, with
/// buffers kept between calls.
#[derive(Default)]
pub(super) struct Components {
    /// The graph as flat lists: node n's successors are
    /// `edges[starts[n]..starts[n + 1]]`.
    starts: Vec<usize>,
    edges: Vec<usize>,
    order: Vec<usize>,
    low: Vec<usize>,
    on_stack: Vec<bool>,
    stack: Vec<usize>,
    /// Depth-first search frames: (node, next edge to follow).
    frames: Vec<(usize, usize)>,
    /// The answer: a component id per node,
    pub(super) component: Vec<usize>,
    /// and whether some edge joins two components.
    pub(super) crossing: bool,
}

impl Components {
    /// Fills `component` for a graph of `nodes` nodes; `successors(n, edges)`
    /// pushes n's successors.
    pub(super) fn find(&mut self, nodes: usize, successors: impl Fn(usize, &mut Vec<usize>)) {
        const UNSEEN: usize = usize::MAX;
        self.starts.clear();
        self.edges.clear();
        for node in 0..nodes {
            self.starts.push(self.edges.len());
            successors(node, &mut self.edges);
        }
        self.starts.push(self.edges.len());
        for list in [&mut self.order, &mut self.component] {
            list.clear();
            list.resize(nodes, UNSEEN);
        }
        self.low.clear();
        self.low.resize(nodes, 0);
        self.on_stack.clear();
        self.on_stack.resize(nodes, false);
        let mut next_order = 0;
        let mut next_component = 0;
        self.crossing = false;
        for root in 0..nodes {
            if self.order[root] != UNSEEN {
                continue;
            }
            self.enter(root, &mut next_order);
            while let Some(&(node, at)) = self.frames.last() {
                if at < self.starts[node + 1] {
                    self.frames.last_mut().expect("a frame is on top").1 += 1;
                    let next = self.edges[at];
                    if self.order[next] == UNSEEN {
                        self.enter(next, &mut next_order);
                    } else if self.on_stack[next] {
                        self.low[node] = self.low[node].min(self.order[next]);
                    } else {
                        self.crossing = true; // into a finished component
                    }
                    continue;
                }
                self.frames.pop();
                let parent = self.frames.last().map(|&(parent, _)| parent);
                if let Some(parent) = parent {
                    self.low[parent] = self.low[parent].min(self.low[node]);
                }
                if self.low[node] == self.order[node] {
                    // The edge from the parent leaves the parent's component.
                    self.crossing |= parent.is_some();
                    while let Some(member) = self.stack.pop() {
                        self.on_stack[member] = false;
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

    fn enter(&mut self, node: usize, next_order: &mut usize) {
        self.order[node] = *next_order;
        self.low[node] = *next_order;
        *next_order += 1;
        self.stack.push(node);
        self.on_stack[node] = true;
        self.frames.push((node, self.starts[node]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn components_of(edges: &[(usize, usize)], nodes: usize) -> Components {
        let mut components = Components::default();
        components.find(nodes, |node, out| {
            out.extend(
                edges
                    .iter()
                    .filter(|(from, _)| *from == node)
                    .map(|(_, to)| *to),
            )
        });
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
}
