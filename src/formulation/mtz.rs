//! Formulation 2: the MTZ / TSP path model (models/mtz.md).
//!
//! ```text
//! nodes       0 (the depot) and 1..T, node (i-1)*n + j for cell (i,j)
//! arcs        a -> b and b -> a for neighbouring cells; 0 -> c and c -> 0 for every cell
//! y(a,b)      binary, the tour uses arc a -> b
//! u(c)        continuous in [1, T], the position of cell c on the tour
//!
//! out(a)      sum_b y(a,b) = 1              every node, depot included
//! in(b)       sum_a y(a,b) = 1              every node, depot included
//! mtz(a,b)    u(b) >= u(a) + 1 - T * (1 - y(a,b))     arcs between cells
//! given(c)    u(c) = board(c)
//! ```
//!
//! Reduced: u(c) is bounded by the smallest and largest value c can hold
//! (which absorbs `given`); an arc a -> b exists only if some k in the domain
//! of a has k + 1 in the domain of b (0 -> c only if c can hold 1, c -> 0
//! only if c can hold T); and the big-M of mtz(a,b) is the tightest the bounds
//! allow, `M = max u(a) - min u(b) + 1`. Strengthened, it adds `order(a,b)`,
//! the reverse bound `u(b) <= u(a) + 1 + (max u(b) - min u(a) - 1)(1 - y(a,b))`,
//! so that an arc in use pins `u(b) = u(a) + 1` in the LP relaxation too.

use super::{emit, Family, Formulation, Model, Scope, Size, Term};
use crate::board::Board;
use crate::domains::Domains;
use crate::mip::{Mip, Name, Sense, VarId};

/// The variables, as models/mtz.md declares them.
pub const VARIABLES: &[Family] = &[
    Family {
        name: "y",
        indices: "(a,b)",
        algebra: "y(a,b) in {0,1}",
        meaning: "the tour uses arc a -> b (node 0 is the depot, cell (i,j) is node (i-1)*n + j)",
    },
    Family {
        name: "u",
        indices: "(c)",
        algebra: "1 <= u(c) <= T",
        meaning: "the position of cell c on the tour, which is its value",
    },
];

/// The equation families, as models/mtz.md states them.
pub const FAMILIES: &[Family] = &[
    Family {
        name: "out",
        indices: "(a)",
        algebra: "sum_b y(a,b) = 1",
        meaning: "one arc leaves every node, depot included",
    },
    Family {
        name: "in",
        indices: "(b)",
        algebra: "sum_a y(a,b) = 1",
        meaning: "one arc enters every node, depot included",
    },
    Family {
        name: "mtz",
        indices: "(a,b)",
        algebra: "u(b) >= u(a) + 1 - M (1 - y(a,b)),  M = T (reduced: max u(a) - min u(b) + 1)",
        meaning: "an arc in use raises the position by at least 1, so no subtour avoids the depot",
    },
    Family {
        name: "given",
        indices: "(c)",
        algebra: "u(c) = board(c)",
        meaning: "the clues (faithful model; the reduced model bounds u(c) instead)",
    },
    Family {
        name: "order",
        indices: "(a,b)",
        algebra: "u(b) <= u(a) + 1 + M' (1 - y(a,b)),  M' = max u(b) - min u(a) - 1",
        meaning: "an arc in use pins u(b) = u(a) + 1 in the LP relaxation too \
                  (strengthened reduced model only)",
    },
];

/// The depot's node number.
const DEPOT: usize = 0;

/// One arc and its variable.
#[derive(Debug, Clone, Copy)]
struct Arc {
    from: usize,
    to: usize,
    y: VarId,
}

/// The variables of the model.
struct Tour<'a> {
    board: &'a Board,
    /// Node count: T cells plus the depot.
    nodes: usize,
    arcs: Vec<Arc>,
    /// u(c) by node (index 0, the depot, has none).
    u: Vec<Option<VarId>>,
    /// Bounds of u(c) by node.
    bounds: Vec<(f64, f64)>,
}

/// Node number of a row-major cell index.
fn node(cell: usize) -> usize {
    cell + 1
}

pub(super) fn build(board: &Board, scope: Scope<'_>) -> Model {
    let mut mip = Mip::default();
    let tour = variables(board, scope, &mut mip);
    out(&tour, &mut mip);
    into(&tour, &mut mip);
    mtz(&tour, &mut mip, scope);
    match scope {
        Scope::Faithful => given(&tour, &mut mip),
        Scope::Reduced { strengthen, .. } => {
            if strengthen {
                order(&tour, &mut mip);
            }
        }
    }
    let cells = board.len();
    let variables = mip.vars.len();
    let arcs = std::sync::Arc::new(tour.arcs);
    let arcs_for_encoding = arcs.clone();
    let u = tour.u;
    let decoder = Box::new(move |values: &[f64]| decode(&arcs, cells, values));
    let encoder = Box::new(move |grid: &[u32]| encode(&arcs_for_encoding, &u, variables, grid));
    Model::new(Formulation::Mtz, mip, decoder, encoder)
}

/// `y(a,b)` binary for each arc the scope allows; `u(c)` continuous in
/// [1, T] (faithful) or in [min, max] of the domain of c (reduced).
fn variables<'a>(board: &'a Board, scope: Scope<'_>, mip: &mut Mip) -> Tour<'a> {
    let total = board.total();
    let nodes = board.len() + 1;
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
    let mut arcs = Vec::new();
    let mut add_arc = |mip: &mut Mip, from: usize, to: usize| {
        let y = mip.binary(Name::new("y", &[from as u32, to as u32]));
        mip.decisions.push(y);
        arcs.push(Arc { from, to, y });
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
    let mut u = vec![None; nodes];
    let mut bounds = vec![(0.0, 0.0); nodes];
    for cell in board.cells() {
        let index = board.index(cell);
        let (low, high) = match scope {
            Scope::Faithful => (1, total),
            Scope::Reduced { domains, .. } => domains.range(board, cell),
        };
        bounds[node(index)] = (low as f64, high as f64);
        u[node(index)] = Some(mip.continuous(
            Name::new("u", &[node(index) as u32]),
            low as f64,
            high as f64,
        ));
    }
    Tour {
        board,
        nodes,
        arcs,
        u,
        bounds,
    }
}

/// out(a): `sum_b y(a,b) = 1`: one arc leaves every node, depot included.
fn out(tour: &Tour, mip: &mut Mip) {
    for a in 0..tour.nodes {
        let terms = tour
            .arcs
            .iter()
            .filter(|arc| arc.from == a)
            .map(|arc| (Term::Var(arc.y), 1.0));
        emit(mip, Name::new("out", &[a as u32]), terms, Sense::Eq, 1.0);
    }
}

/// in(b): `sum_a y(a,b) = 1`: one arc enters every node, depot included.
/// (Named `into` in Rust, where `in` is a keyword.)
fn into(tour: &Tour, mip: &mut Mip) {
    for b in 0..tour.nodes {
        let terms = tour
            .arcs
            .iter()
            .filter(|arc| arc.to == b)
            .map(|arc| (Term::Var(arc.y), 1.0));
        emit(mip, Name::new("in", &[b as u32]), terms, Sense::Eq, 1.0);
    }
}

/// mtz(a,b): `u(b) >= u(a) + 1 - M * (1 - y(a,b))` for arcs between cells,
/// written `u(a) - u(b) + M y(a,b) <= M - 1`. Faithful: M = T. Reduced:
/// M = max u(a) - min u(b) + 1, the smallest M that leaves y(a,b) = 0 free.
fn mtz(tour: &Tour, mip: &mut Mip, scope: Scope<'_>) {
    let total = tour.board.total() as f64;
    for arc in tour
        .arcs
        .iter()
        .filter(|arc| arc.from != DEPOT && arc.to != DEPOT)
    {
        let big_m = match scope {
            Scope::Faithful => total,
            Scope::Reduced { .. } => tour.bounds[arc.from].1 - tour.bounds[arc.to].0 + 1.0,
        };
        let (ua, ub) = (tour.u[arc.from].unwrap(), tour.u[arc.to].unwrap());
        let terms = [
            (Term::Var(ua), 1.0),
            (Term::Var(ub), -1.0),
            (Term::Var(arc.y), big_m),
        ];
        let name = Name::new("mtz", &[arc.from as u32, arc.to as u32]);
        emit(mip, name, terms, Sense::Le, big_m - 1.0);
    }
}

/// given(c): `u(c) = board(c)`: the clues.
fn given(tour: &Tour, mip: &mut Mip) {
    for (cell, value) in tour.board.clues() {
        let index = node(tour.board.index(cell));
        let terms = [(Term::Var(tour.u[index].unwrap()), 1.0)];
        emit(
            mip,
            Name::new("given", &[index as u32]),
            terms,
            Sense::Eq,
            value as f64,
        );
    }
}

/// order(a,b): `u(b) <= u(a) + 1 + M' * (1 - y(a,b))`, M' = max u(b) - min u(a) - 1,
/// written `u(b) - u(a) + M' y(a,b) <= M' + 1`. With mtz(a,b) it makes an
/// arc in use mean u(b) = u(a) + 1, which every solution satisfies.
fn order(tour: &Tour, mip: &mut Mip) {
    for arc in tour
        .arcs
        .iter()
        .filter(|arc| arc.from != DEPOT && arc.to != DEPOT)
    {
        let big_m = tour.bounds[arc.to].1 - tour.bounds[arc.from].0 - 1.0;
        let (ua, ub) = (tour.u[arc.from].unwrap(), tour.u[arc.to].unwrap());
        let terms = [
            (Term::Var(ub), 1.0),
            (Term::Var(ua), -1.0),
            (Term::Var(arc.y), big_m),
        ];
        let name = Name::new("order", &[arc.from as u32, arc.to as u32]);
        emit(mip, name, terms, Sense::Le, big_m + 1.0);
    }
}

/// The grid from the tour: walk from the depot along arcs at 1, numbering
/// cells 1, 2, ... (u is not rounded: the arcs are the answer).
fn decode(arcs: &[Arc], cells: usize, values: &[f64]) -> Result<Vec<u32>, String> {
    let mut successor = vec![None; cells + 1];
    for arc in arcs.iter().filter(|arc| values[arc.y] > 0.5) {
        if successor[arc.from].replace(arc.to).is_some() {
            return Err(format!("two arcs leave node {}", arc.from));
        }
    }
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

/// The tour of a grid: y(a,b) = 1 on the depot's arc to the cell of 1, on
/// each arc from k to k + 1 and on the arc from the cell of T back to the
/// depot; u(c) is the value of c.
fn encode(arcs: &[Arc], u: &[Option<VarId>], variables: usize, grid: &[u32]) -> Vec<f64> {
    let total = grid.len() as u32;
    let value_at = |node: usize| if node == DEPOT { 0 } else { grid[node - 1] };
    let mut values = vec![0.0; variables];
    for arc in arcs {
        let (from, to) = (value_at(arc.from), value_at(arc.to));
        let used = match (arc.from, arc.to) {
            (DEPOT, _) => to == 1,
            (_, DEPOT) => from == total,
            _ => to == from + 1,
        };
        if used {
            values[arc.y] = 1.0;
        }
    }
    for (node, var) in u.iter().enumerate() {
        if let Some(var) = var {
            values[*var] = value_at(node) as f64;
        }
    }
    values
}

/// Variables and nonzeros, counted from the board (and domains) without building.
pub(super) fn estimate(board: &Board, _domains: Option<&Domains>) -> Size {
    let (rows, cols) = (board.rows() as u64, board.cols() as u64);
    let cells = rows * cols;
    let cell_arcs = 2 * (rows * cols.saturating_sub(1) + cols * rows.saturating_sub(1));
    let arcs = cell_arcs + 2 * cells;
    Size {
        variables: arcs + cells,
        constraints: 2 * (cells + 1) + 2 * cell_arcs + cells,
        nonzeros: 2 * arcs + 6 * cell_arcs + cells,
    }
}
