//! What every travelling-salesman formulation shares (MTZ, lifted MTZ,
//! single- and multi-commodity flow, subtour elimination): the depot, the
//! arcs and their binaries y(a,b), the degree rows `out` and `in`, and the
//! way between a tour and a grid.
//!
//! ```text
//! nodes       0 (the depot) and 1..T, node (i-1)*n + j for cell (i,j)
//! arcs        a -> b and b -> a for neighbouring cells; 0 -> c and c -> 0 for every cell
//! y(a,b)      binary, the tour uses arc a -> b
//!
//! out(a)      sum_b y(a,b) = 1              every node, depot included
//! in(b)       sum_a y(a,b) = 1              every node, depot included
//! ```
//!
//! Reduced: an arc a -> b exists only if some k in the domain of a has
//! k + 1 in the domain of b (0 -> c only if c can hold 1, c -> 0 only if c
//! can hold T).

use std::collections::HashMap;

use super::{emit, Family, LpPoint, Scope, Term, Viewer};
use crate::board::Board;
use crate::mip::{Mip, Name, Sense, VarId};

/// The depot's node number.
pub(super) const DEPOT: usize = 0;

/// The arc variables, as every tour page declares them.
pub(super) const Y: Family = Family {
    name: "y",
    indices: "(a,b)",
    algebra: "y(a,b) in {0,1}",
    meaning: "the tour uses arc a -> b (node 0 is the depot, cell (i,j) is node (i-1)*n + j)",
};

/// The degree rows, as every tour page states them.
pub(super) const OUT: Family = Family {
    name: "out",
    indices: "(a)",
    algebra: "sum_b y(a,b) = 1",
    meaning: "one arc leaves every node, depot included",
};

pub(super) const IN: Family = Family {
    name: "in",
    indices: "(b)",
    algebra: "sum_a y(a,b) = 1",
    meaning: "one arc enters every node, depot included",
};

/// One arc and its variable.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Arc {
    pub from: usize,
    pub to: usize,
    pub y: VarId,
}

impl Arc {
    /// Does the arc join two cells (not the depot)?
    pub fn between_cells(&self) -> bool {
        self.from != DEPOT && self.to != DEPOT
    }
}

/// The arcs of a tour model and the node count (T cells plus the depot).
pub(crate) struct Arcs {
    pub nodes: usize,
    pub list: Vec<Arc>,
    /// Position in `list` by (from, to).
    index: HashMap<(usize, usize), usize>,
    /// Positions in `list` of the arcs out of each node, in list order
    /// (the rows of a node find them without a scan of every arc).
    leaving: Vec<Vec<usize>>,
    /// Positions in `list` of the arcs into each node, in list order.
    entering: Vec<Vec<usize>>,
}

impl Arcs {
    pub fn between_cells(&self) -> impl Iterator<Item = &Arc> {
        self.list.iter().filter(|arc| arc.between_cells())
    }

    /// The arc a -> b, if the model has it.
    pub fn find(&self, from: usize, to: usize) -> Option<&Arc> {
        self.index
            .get(&(from, to))
            .map(|&position| &self.list[position])
    }

    /// Positions in `list` of the arcs out of `node`, or into it.
    pub fn at(&self, node: usize, out: bool) -> &[usize] {
        if out {
            &self.leaving[node]
        } else {
            &self.entering[node]
        }
    }

    /// y(a,b) as a row term: absent arcs are the constant 0.
    pub fn term(&self, from: usize, to: usize) -> Term {
        self.find(from, to)
            .map_or(Term::Zero, |arc| Term::Var(arc.y))
    }
}

/// Node number of a row-major cell index.
pub(super) fn node(cell: usize) -> usize {
    cell + 1
}

/// `y(a,b)` binary for each arc the scope allows (the decision binaries of
/// the no-good cut), depot arcs out first, then each cell's arcs.
pub(super) fn arcs(board: &Board, scope: Scope<'_>, mip: &mut Mip) -> Arcs {
    let total = board.total();
    let allows = |cell: usize, value: u32| match scope {
        Scope::Faithful => true,
        Scope::Reduced { domains, .. } => domains.allows(board, board.cell(cell), value),
    };
    // Can a -> b carry some k to k + 1?
    let steps = |from: usize, to: usize| match scope {
        Scope::Faithful => true,
        Scope::Reduced { domains, .. } => domains
            .values(board, board.cell(from))
            .into_iter()
            .any(|value| domains.allows(board, board.cell(to), value + 1)),
    };
    let mut list = Vec::new();
    let mut add_arc = |mip: &mut Mip, from: usize, to: usize| {
        let y = mip.binary(Name::new("y", &[from as u32, to as u32]));
        mip.decisions.push(y);
        list.push(Arc { from, to, y });
    };
    for cell in 0..board.len() {
        if allows(cell, 1) {
            add_arc(mip, DEPOT, node(cell));
        }
    }
    for cell in board.cells() {
        let from = board.index(cell);
        for neighbour in board.neighbours(cell) {
            let to = board.index(neighbour);
            if steps(from, to) {
                add_arc(mip, node(from), node(to));
            }
        }
        if allows(from, total) {
            add_arc(mip, node(from), DEPOT);
        }
    }
    let nodes = board.len() + 1;
    let index = list
        .iter()
        .enumerate()
        .map(|(position, arc)| ((arc.from, arc.to), position))
        .collect();
    let (mut leaving, mut entering) = (vec![Vec::new(); nodes], vec![Vec::new(); nodes]);
    for (position, arc) in list.iter().enumerate() {
        leaving[arc.from].push(position);
        entering[arc.to].push(position);
    }
    Arcs {
        nodes,
        list,
        index,
        leaving,
        entering,
    }
}

/// The bounds of a cell's position (its value) by node: [1, T] on a
/// faithful model, [min, max] of its domain on a reduced one. The depot's
/// entry is (0, 0).
pub(super) fn position_bounds(board: &Board, scope: Scope<'_>) -> Vec<(f64, f64)> {
    let mut bounds = vec![(0.0, 0.0); board.len() + 1];
    for cell in board.cells() {
        let (low, high) = match scope {
            Scope::Faithful => (1, board.total()),
            Scope::Reduced { domains, .. } => domains.range(board, cell),
        };
        bounds[node(board.index(cell))] = (low as f64, high as f64);
    }
    bounds
}

/// The cells whose value a model pins, by cell index: the clues on a
/// faithful model, every cell whose domain is one value on a reduced one.
pub(super) fn fixed_cells(board: &Board, scope: Scope<'_>) -> Vec<(usize, u32)> {
    match scope {
        Scope::Faithful => board
            .clues()
            .map(|(cell, value)| (board.index(cell), value))
            .collect(),
        Scope::Reduced { domains, .. } => board
            .cells()
            .filter_map(|cell| Some((board.index(cell), domains.fixed(board, cell)?)))
            .collect(),
    }
}

/// out(a): `sum_b y(a,b) = 1`: one arc leaves every node, depot included.
pub(super) fn out(arcs: &Arcs, mip: &mut Mip) {
    for a in 0..arcs.nodes {
        let terms = (arcs.at(a, true).iter()).map(|&arc| (Term::Var(arcs.list[arc].y), 1.0));
        emit(mip, Name::new("out", &[a as u32]), terms, Sense::Eq, 1.0);
    }
}

/// in(b): `sum_a y(a,b) = 1`: one arc enters every node, depot included.
/// (Named `into` in Rust, where `in` is a keyword.)
pub(super) fn into(arcs: &Arcs, mip: &mut Mip) {
    for b in 0..arcs.nodes {
        let terms = (arcs.at(b, false).iter()).map(|&arc| (Term::Var(arcs.list[arc].y), 1.0));
        emit(mip, Name::new("in", &[b as u32]), terms, Sense::Eq, 1.0);
    }
}

/// The successor of each node along the arcs at 1, or why there is none
/// (two arcs leave a node).
pub(crate) fn successors(
    arcs: &[Arc],
    nodes: usize,
    values: &[f64],
) -> Result<Vec<Option<usize>>, String> {
    let mut successor = vec![None; nodes];
    for arc in arcs.iter().filter(|arc| values[arc.y] > 0.5) {
        if successor[arc.from].replace(arc.to).is_some() {
            return Err(format!("two arcs leave node {}", arc.from));
        }
    }
    Ok(successor)
}

/// The grid from the tour: walk from the depot along arcs at 1, numbering
/// cells 1, 2, ... (positions are never rounded: the arcs are the answer).
pub(super) fn decode(arcs: &[Arc], cells: usize, values: &[f64]) -> Result<Vec<u32>, String> {
    let successor = successors(arcs, cells + 1, values)?;
    let mut grid = vec![0u32; cells];
    let mut at = DEPOT;
    for value in 1..=cells as u32 {
        at = successor[at].ok_or_else(|| format!("the tour stops at node {at}"))?;
        if at == DEPOT || grid[at - 1] != 0 {
            return Err(format!(
                "the tour returns to node {at} after {} cells",
                value - 1
            ));
        }
        grid[at - 1] = value;
    }
    match successor[at] {
        Some(DEPOT) => Ok(grid),
        _ => Err(format!(
            "the tour does not return to the depot from node {at}"
        )),
    }
}

/// The value a grid gives a node: 0 for the depot.
pub(super) fn value_at(grid: &[u32], node: usize) -> u32 {
    if node == DEPOT {
        0
    } else {
        grid[node - 1]
    }
}

/// Is the arc on the tour of this grid: the depot to the cell of 1, k to
/// k + 1, the cell of T back to the depot?
pub(super) fn on_tour(arc: &Arc, grid: &[u32]) -> bool {
    let total = grid.len() as u32;
    let (from, to) = (value_at(grid, arc.from), value_at(grid, arc.to));
    match (arc.from, arc.to) {
        (DEPOT, _) => to == 1,
        (_, DEPOT) => from == total,
        _ => to == from + 1,
    }
}

/// Sets y(a,b) = 1 on the arcs of the grid's tour in `values`.
pub(super) fn encode_arcs(arcs: &[Arc], grid: &[u32], values: &mut [f64]) {
    for arc in arcs.iter().filter(|arc| on_tour(arc, grid)) {
        values[arc.y] = 1.0;
    }
}

/// The number of arcs of the faithful model: both directions of each
/// neighbour pair, and each cell to and from the depot.
pub(super) fn faithful_arc_count(board: &Board) -> u64 {
    (2 * neighbour_pairs(board) + 2 * board.len()) as u64
}

/// Orthogonal neighbour pairs of the grid (unordered).
pub(super) fn neighbour_pairs(board: &Board) -> usize {
    let (rows, cols) = (board.rows(), board.cols());
    rows * cols.saturating_sub(1) + cols * rows.saturating_sub(1)
}

/// The viewer of a tour model: its arcs above 0, cells by row-major index.
pub(super) fn viewer(arcs: std::sync::Arc<Vec<Arc>>) -> Viewer {
    Box::new(move |values: &[f64]| {
        let cell = |node: usize| (node != DEPOT).then(|| node - 1);
        LpPoint::Arcs(
            arcs.iter()
                .filter(|arc| values[arc.y] > 1e-6)
                .map(|arc| (cell(arc.from), cell(arc.to), values[arc.y]))
                .collect(),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_arcs_at_a_node_are_those_that_leave_or_enter_it_in_list_order() {
        let board = Board::parse(b"1,,\n,,\n").unwrap();
        let mut mip = Mip::default();
        let arcs = arcs(&board, Scope::Faithful, &mut mip);
        for node in 0..arcs.nodes {
            let positions = |out: bool| -> Vec<usize> {
                (0..arcs.list.len())
                    .filter(|&p| {
                        node == if out {
                            arcs.list[p].from
                        } else {
                            arcs.list[p].to
                        }
                    })
                    .collect()
            };
            assert_eq!(arcs.at(node, true), positions(true), "out of {node}");
            assert_eq!(arcs.at(node, false), positions(false), "into {node}");
        }
    }
}
