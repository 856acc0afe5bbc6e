//! Finding the subtour-elimination rows a point breaks, for the DFJ model's
//! row generation: the connected components of the arcs in use that do not
//! reach the depot. On an integer point they are its subtours; on a
//! fractional point, the components of its support (arcs above 0), which
//! finds some violated rows but not every one (that needs a minimum cut).

use super::tour::{Arc, DEPOT};
use crate::mip::{Name, Row, Sense};

/// An arc counts as used above this value.
const SUPPORT: f64 = 1e-6;

/// The node sets, other than the depot's, of the connected components of
/// the arcs above [`SUPPORT`], each sorted, in order of their least node.
pub(crate) fn components(arcs: &[Arc], nodes: usize, values: &[f64]) -> Vec<Vec<usize>> {
    let mut parent: Vec<usize> = (0..nodes).collect();
    fn root(parent: &mut [usize], mut node: usize) -> usize {
        while parent[node] != node {
            parent[node] = parent[parent[node]];
            node = parent[node];
        }
        node
    }
    for arc in arcs.iter().filter(|arc| values[arc.y] > SUPPORT) {
        let (a, b) = (root(&mut parent, arc.from), root(&mut parent, arc.to));
        parent[a.max(b)] = a.min(b);
    }
    let depot = root(&mut parent, DEPOT);
    let mut sets: Vec<Vec<usize>> = Vec::new();
    let mut set_of_root = vec![usize::MAX; nodes];
    for node in 1..nodes {
        let top = root(&mut parent, node);
        if top == depot {
            continue;
        }
        if set_of_root[top] == usize::MAX {
            set_of_root[top] = sets.len();
            sets.push(Vec::new());
        }
        sets[set_of_root[top]].push(node);
    }
    sets
}

/// subtour(k): `sum_(a,b in S) y(a,b) <= |S| - 1` for each component S
/// found, numbered from `first`.
pub(crate) fn rows(arcs: &[Arc], nodes: usize, values: &[f64], first: u32) -> Vec<Row> {
    let mut inside = vec![false; nodes];
    components(arcs, nodes, values)
        .into_iter()
        .enumerate()
        .map(|(offset, set)| {
            for &node in &set {
                inside[node] = true;
            }
            let terms = arcs
                .iter()
                .filter(|arc| inside[arc.from] && inside[arc.to])
                .map(|arc| (arc.y, 1.0))
                .collect();
            for &node in &set {
                inside[node] = false;
            }
            Row {
                name: Name::new("subtour", &[first + offset as u32]),
                terms,
                sense: Sense::Le,
                rhs: set.len() as f64 - 1.0,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Arcs 0 -> 1 -> 0 and 2 -> 3 -> 2, every one at 1.
    fn two_cycles() -> (Vec<Arc>, Vec<f64>) {
        let pairs = [(0, 1), (1, 0), (2, 3), (3, 2)];
        let arcs = pairs
            .iter()
            .enumerate()
            .map(|(y, &(from, to))| Arc { from, to, y })
            .collect();
        (arcs, vec![1.0; 4])
    }

    #[test]
    fn a_cycle_away_from_the_depot_gets_a_row_over_its_arcs() {
        let (arcs, values) = two_cycles();
        let found = rows(&arcs, 4, &values, 7);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].name.to_string(), "subtour(7)");
        assert_eq!(found[0].terms, vec![(2, 1.0), (3, 1.0)]);
        assert_eq!(found[0].rhs, 1.0);
        assert!(!found[0].holds(&values));
    }

    #[test]
    fn a_tour_through_every_node_has_no_subtour() {
        let arcs: Vec<Arc> = [(0, 1), (1, 2), (2, 0)]
            .iter()
            .enumerate()
            .map(|(y, &(from, to))| Arc { from, to, y })
            .collect();
        assert!(rows(&arcs, 3, &[1.0, 1.0, 1.0], 1).is_empty());
    }
}
