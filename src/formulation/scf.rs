//! Formulation 4: single-commodity flow, after Gavish and Graves (1978)
//! (models/scf.md). The depot sends T units of one commodity along the
//! tour and every cell keeps one, so the flow into a cell counts the cells
//! from it to the end of the path: T + 1 - its value. That is how the clues
//! enter.
//!
//! ```text
//! f(a,b)        continuous in [0, T], flow on arc a -> b (arcs into the depot carry none)
//!
//! out(a)        sum_b y(a,b) = 1              every node, depot included
//! in(b)         sum_a y(a,b) = 1              every node, depot included
//! supply        sum_c f(0,c) = T
//! balance(c)    sum_a f(a,c) - sum_b f(c,b) = 1
//! capacity(a,b) f(a,b) <= T y(a,b)
//! given(c)      sum_a f(a,c) = T + 1 - board(c)
//! ```
//!
//! Reduced: the arcs of the reduction; capacity(a,b) uses
//! T + 1 - min D(b), the most that can enter b; `given` is kept for every
//! cell whose domain is one value. Strengthened, floor(a,b) adds
//! f(a,b) >= (T + 1 - max D(b)) y(a,b).

use std::sync::Arc as Shared;

use super::tour::{self, Arcs, DEPOT};
use super::{emit, Family, Formulation, Model, Scope, Size, Term};
use crate::board::Board;
use crate::domains::Domains;
use crate::mip::{Mip, Name, Sense, VarId};

/// The variables, as models/scf.md declares them.
pub const VARIABLES: &[Family] = &[
    tour::Y,
    Family {
        name: "f",
        indices: "(a,b)",
        algebra: "0 <= f(a,b) <= T",
        meaning: "units of flow on arc a -> b: the cells from b to the end of the path",
    },
];

/// The equation families, as models/scf.md states them.
pub const FAMILIES: &[Family] = &[
    tour::OUT,
    tour::IN,
    Family {
        name: "supply",
        indices: "",
        algebra: "sum_c f(0,c) = T",
        meaning: "the depot sends one unit for every cell",
    },
    Family {
        name: "balance",
        indices: "(c)",
        algebra: "sum_a f(a,c) - sum_b f(c,b) = 1",
        meaning: "every cell keeps one unit, so no subtour can be fed without the depot",
    },
    Family {
        name: "capacity",
        indices: "(a,b)",
        algebra: "f(a,b) <= M y(a,b),  M = T (reduced: T + 1 - min D(b))",
        meaning: "flow only on arcs the tour uses",
    },
    Family {
        name: "given",
        indices: "(c)",
        algebra: "sum_a f(a,c) = T + 1 - board(c)",
        meaning: "the clues: T + 1 - k units enter the cell of k \
                  (reduced: every cell whose domain is one value)",
    },
    Family {
        name: "floor",
        indices: "(a,b)",
        algebra: "f(a,b) >= (T + 1 - max D(b)) y(a,b)",
        meaning: "an arc in use carries at least what its head's latest position leaves \
                  (strengthened reduced model only)",
    },
];

/// The variables of the model.
struct Flow<'a> {
    board: &'a Board,
    arcs: Arcs,
    /// f(a,b) by position in `arcs.list`; None on arcs into the depot.
    f: Vec<Option<VarId>>,
    /// The bounds of each cell's position, by node.
    bounds: Vec<(f64, f64)>,
}

impl Flow<'_> {
    /// The flow variables into node `b` (or out of it: `from` true).
    fn flows(&self, node: usize, from: bool) -> impl Iterator<Item = VarId> + '_ {
        (self.arcs.at(node, from).iter()).filter_map(|&arc| self.f[arc])
    }

    /// `T + 1 - position`: the flow into a cell at that position.
    fn inflow_at(&self, position: f64) -> f64 {
        self.board.total() as f64 + 1.0 - position
    }
}

pub(super) fn build(board: &Board, scope: Scope<'_>) -> Model {
    let mut mip = Mip::default();
    let flow = variables(board, scope, &mut mip);
    tour::out(&flow.arcs, &mut mip);
    tour::into(&flow.arcs, &mut mip);
    supply(&flow, &mut mip);
    balance(&flow, &mut mip);
    capacity(&flow, &mut mip);
    given(&flow, &mut mip, scope);
    if let Scope::Reduced {
        strengthen: true, ..
    } = scope
    {
        floor(&flow, &mut mip);
    }
    let cells = board.len();
    let variables = mip.vars.len();
    let arcs = Shared::new(flow.arcs.list);
    let arcs_for_encoding = arcs.clone();
    let viewer = tour::viewer(arcs.clone());
    let f = flow.f;
    let decoder = Box::new(move |values: &[f64]| tour::decode(&arcs, cells, values));
    let encoder = Box::new(move |grid: &[u32]| {
        let mut values = vec![0.0; variables];
        tour::encode_arcs(&arcs_for_encoding, grid, &mut values);
        for (arc, f) in arcs_for_encoding.iter().zip(&f) {
            if let (Some(f), true) = (f, tour::on_tour(arc, grid)) {
                values[*f] = (grid.len() as u32 + 1 - tour::value_at(grid, arc.to)) as f64;
            }
        }
        values
    });
    Model::new(Formulation::Scf, mip, decoder, encoder).with_viewer(viewer)
}

/// `y(a,b)` binary per arc; `f(a,b)` continuous in [0, M] on every arc
/// that does not enter the depot, M = T (faithful) or T + 1 - min D(b).
fn variables<'a>(board: &'a Board, scope: Scope<'_>, mip: &mut Mip) -> Flow<'a> {
    let arcs = tour::arcs(board, scope, mip);
    let bounds = tour::position_bounds(board, scope);
    let total = board.total() as f64;
    let f = arcs
        .list
        .iter()
        .map(|arc| {
            (arc.to != DEPOT).then(|| {
                let name = Name::new("f", &[arc.from as u32, arc.to as u32]);
                mip.continuous(name, 0.0, total + 1.0 - bounds[arc.to].0)
            })
        })
        .collect();
    Flow {
        board,
        arcs,
        f,
        bounds,
    }
}

/// supply: `sum_c f(0,c) = T`: the depot sends one unit per cell.
fn supply(flow: &Flow, mip: &mut Mip) {
    let terms = flow.flows(DEPOT, true).map(|f| (Term::Var(f), 1.0));
    let total = flow.board.total() as f64;
    emit(mip, Name::new("supply", &[]), terms, Sense::Eq, total);
}

/// balance(c): `sum_a f(a,c) - sum_b f(c,b) = 1`: every cell keeps one unit.
fn balance(flow: &Flow, mip: &mut Mip) {
    for node in 1..flow.arcs.nodes {
        let terms = flow
            .flows(node, false)
            .map(|f| (Term::Var(f), 1.0))
            .chain(flow.flows(node, true).map(|f| (Term::Var(f), -1.0)));
        emit(
            mip,
            Name::new("balance", &[node as u32]),
            terms,
            Sense::Eq,
            1.0,
        );
    }
}

/// capacity(a,b): `f(a,b) <= M y(a,b)`, written `f(a,b) - M y(a,b) <= 0`;
/// M is the upper bound of f(a,b).
fn capacity(flow: &Flow, mip: &mut Mip) {
    for (arc, f) in flow.arcs.list.iter().zip(&flow.f) {
        let Some(f) = *f else { continue };
        let big_m = mip.vars[f].upper;
        let terms = [(Term::Var(f), 1.0), (Term::Var(arc.y), -big_m)];
        let name = Name::new("capacity", &[arc.from as u32, arc.to as u32]);
        emit(mip, name, terms, Sense::Le, 0.0);
    }
}

/// given(c): `sum_a f(a,c) = T + 1 - board(c)`: the clues (faithful), or
/// every cell whose domain is one value (reduced).
fn given(flow: &Flow, mip: &mut Mip, scope: Scope<'_>) {
    for (cell, value) in tour::fixed_cells(flow.board, scope) {
        let node = tour::node(cell);
        let terms = flow.flows(node, false).map(|f| (Term::Var(f), 1.0));
        let rhs = flow.inflow_at(value as f64);
        emit(
            mip,
            Name::new("given", &[node as u32]),
            terms,
            Sense::Eq,
            rhs,
        );
    }
}

/// floor(a,b): `f(a,b) >= (T + 1 - max D(b)) y(a,b)`, written
/// `f(a,b) - (T + 1 - max D(b)) y(a,b) >= 0`: valid because the flow into b
/// is T + 1 minus its position.
fn floor(flow: &Flow, mip: &mut Mip) {
    for (arc, f) in flow.arcs.list.iter().zip(&flow.f) {
        let Some(f) = *f else { continue };
        let least = flow.inflow_at(flow.bounds[arc.to].1);
        let terms = [(Term::Var(f), 1.0), (Term::Var(arc.y), -least)];
        let name = Name::new("floor", &[arc.from as u32, arc.to as u32]);
        emit(mip, name, terms, Sense::Ge, 0.0);
    }
}

/// Variables and nonzeros of the faithful model (an upper bound for the reduced one).
pub(super) fn estimate(board: &Board, _domains: Option<&Domains>) -> Size {
    let cells = board.len() as u64;
    let arcs = tour::faithful_arc_count(board);
    let flows = arcs - cells;
    Size {
        variables: arcs + flows,
        constraints: 2 * (cells + 1) + 1 + cells + 2 * flows + cells,
        nonzeros: 2 * arcs + 2 * flows + 4 * flows + 4 * cells,
    }
}
