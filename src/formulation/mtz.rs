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

use std::sync::Arc as Shared;

use super::tour::{self, Arcs};
use super::{emit, Family, Formulation, Model, Scope, Size, Term};
use crate::board::Board;
use crate::domains::Domains;
use crate::mip::{Mip, Name, Sense, VarId};

/// The variables, as models/mtz.md declares them.
pub const VARIABLES: &[Family] = &[
    tour::Y,
    Family {
        name: "u",
        indices: "(c)",
        algebra: "1 <= u(c) <= T",
        meaning: "the position of cell c on the tour, which is its value",
    },
];

/// The equation families, as models/mtz.md states them.
pub const FAMILIES: &[Family] = &[
    tour::OUT,
    tour::IN,
    Family {
        name: "mtz",
        indices: "(a,b)",
        algebra: "u(b) >= u(a) + 1 - M (1 - y(a,b)),  M = T (reduced: max u(a) - min u(b) + 1)",
        meaning: "an arc in use raises the position by at least 1, so no subtour avoids the depot",
    },
    GIVEN,
    ORDER,
];

/// given(c), shared with lifted MTZ.
pub(super) const GIVEN: Family = Family {
    name: "given",
    indices: "(c)",
    algebra: "u(c) = board(c)",
    meaning: "the clues (faithful model; the reduced model bounds u(c) instead)",
};

/// order(a,b), shared with lifted MTZ.
pub(super) const ORDER: Family = Family {
    name: "order",
    indices: "(a,b)",
    algebra: "u(b) <= u(a) + 1 + M' (1 - y(a,b)),  M' = max u(b) - min u(a) - 1",
    meaning: "an arc in use pins u(b) = u(a) + 1 in the LP relaxation too \
              (strengthened reduced model only)",
};

/// The variables of the model.
pub(super) struct Tour<'a> {
    pub board: &'a Board,
    pub arcs: Arcs,
    /// u(c) by node (index 0, the depot, has none).
    pub u: Vec<Option<VarId>>,
    /// Bounds of u(c) by node.
    pub bounds: Vec<(f64, f64)>,
}

impl Tour<'_> {
    /// u(c) of a cell's node.
    pub fn u(&self, node: usize) -> VarId {
        self.u[node].expect("every cell has a position")
    }
}

pub(super) fn build(board: &Board, scope: Scope<'_>) -> Model {
    let mut mip = Mip::default();
    let tour = variables(board, scope, &mut mip);
    tour::out(&tour.arcs, &mut mip);
    tour::into(&tour.arcs, &mut mip);
    mtz(&tour, &mut mip, scope);
    match scope {
        Scope::Faithful => given(&tour, &mut mip),
        Scope::Reduced { strengthen, .. } => {
            if strengthen {
                order(&tour, &mut mip);
            }
        }
    }
    model(Formulation::Mtz, mip, tour)
}

/// The model of a tour with positions u: decoded from the arcs, encoded
/// with u(c) the value of c.
pub(super) fn model(formulation: Formulation, mip: Mip, tour: Tour<'_>) -> Model {
    let cells = tour.board.len();
    let variables = mip.vars.len();
    let arcs = Shared::new(tour.arcs.list);
    let arcs_for_encoding = arcs.clone();
    let viewer = tour::viewer(arcs.clone());
    let u = tour.u;
    let decoder = Box::new(move |values: &[f64]| tour::decode(&arcs, cells, values));
    let encoder = Box::new(move |grid: &[u32]| {
        let mut values = vec![0.0; variables];
        tour::encode_arcs(&arcs_for_encoding, grid, &mut values);
        for (node, var) in u.iter().enumerate() {
            if let Some(var) = var {
                values[*var] = tour::value_at(grid, node) as f64;
            }
        }
        values
    });
    Model::new(formulation, mip, decoder, encoder).with_viewer(viewer)
}

/// `y(a,b)` binary for each arc the scope allows; `u(c)` continuous in
/// [1, T] (faithful) or in [min, max] of the domain of c (reduced).
pub(super) fn variables<'a>(board: &'a Board, scope: Scope<'_>, mip: &mut Mip) -> Tour<'a> {
    let arcs = tour::arcs(board, scope, mip);
    let bounds = tour::position_bounds(board, scope);
    let mut u = vec![None; arcs.nodes];
    for node in 1..arcs.nodes {
        let (low, high) = bounds[node];
        u[node] = Some(mip.continuous(Name::new("u", &[node as u32]), low, high));
    }
    Tour {
        board,
        arcs,
        u,
        bounds,
    }
}

/// mtz(a,b): `u(b) >= u(a) + 1 - M * (1 - y(a,b))` for arcs between cells,
/// written `u(a) - u(b) + M y(a,b) <= M - 1`. Faithful: M = T. Reduced:
/// M = max u(a) - min u(b) + 1, the smallest M that leaves y(a,b) = 0 free.
fn mtz(tour: &Tour, mip: &mut Mip, scope: Scope<'_>) {
    let total = tour.board.total() as f64;
    for arc in tour.arcs.between_cells() {
        let big_m = match scope {
            Scope::Faithful => total,
            Scope::Reduced { .. } => tour.bounds[arc.from].1 - tour.bounds[arc.to].0 + 1.0,
        };
        let (ua, ub) = (tour.u(arc.from), tour.u(arc.to));
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
pub(super) fn given(tour: &Tour, mip: &mut Mip) {
    for (cell, value) in tour.board.clues() {
        let index = tour::node(tour.board.index(cell));
        let terms = [(Term::Var(tour.u(index)), 1.0)];
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
pub(super) fn order(tour: &Tour, mip: &mut Mip) {
    for arc in tour.arcs.between_cells() {
        let big_m = tour.bounds[arc.to].1 - tour.bounds[arc.from].0 - 1.0;
        let (ua, ub) = (tour.u(arc.from), tour.u(arc.to));
        let terms = [
            (Term::Var(ub), 1.0),
            (Term::Var(ua), -1.0),
            (Term::Var(arc.y), big_m),
        ];
        let name = Name::new("order", &[arc.from as u32, arc.to as u32]);
        emit(mip, name, terms, Sense::Le, big_m + 1.0);
    }
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
