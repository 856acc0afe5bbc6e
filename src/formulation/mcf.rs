//! Formulation 6: multi-commodity flow (models/mcf.md). The depot sends one
//! unit of its own commodity to every cell k, along arcs the tour uses; the
//! commodity of k travels the tour from the depot to k, so the arcs it uses
//! count the position of k. That is how the clues enter. Its LP relaxation
//! is that of all the subtour rows, at the price of T flows per arc: it is
//! refused above [`MAX_CELLS`] cells.
//!
//! ```text
//! g(k,a,b)        continuous in [0, 1], commodity k's flow on arc a -> b (none into the depot)
//!
//! out(a)          sum_b y(a,b) = 1              every node, depot included
//! in(b)           sum_a y(a,b) = 1              every node, depot included
//! source(k)       sum_c g(k,0,c) = 1
//! conserve(k,c)   sum_a g(k,a,c) - sum_b g(k,c,b) = [c = k]
//! capacity(k,a,b) g(k,a,b) <= y(a,b)
//! given(c)        sum_(a,b) g(c,a,b) = board(c)
//! ```
//!
//! Reduced: the arcs of the reduction, and `given` for every cell whose
//! domain is one value.

use std::sync::Arc as Shared;

use super::tour::{self, Arcs, DEPOT};
use super::{emit, Family, Formulation, Model, Scope, Size, Term};
use crate::board::Board;
use crate::domains::Domains;
use crate::mip::{Mip, Name, Sense, VarId};

/// The most cells a board may have: a 10x10 board has 100 commodities of
/// 460 flows each (46,000 variables and as many capacity rows).
pub const MAX_CELLS: usize = 100;

/// The variables, as models/mcf.md declares them.
pub const VARIABLES: &[Family] = &[
    tour::Y,
    Family {
        name: "g",
        indices: "(k,a,b)",
        algebra: "0 <= g(k,a,b) <= 1",
        meaning: "the flow of commodity k (sent from the depot to cell k) on arc a -> b",
    },
];

/// The equation families, as models/mcf.md states them.
pub const FAMILIES: &[Family] = &[
    tour::OUT,
    tour::IN,
    Family {
        name: "source",
        indices: "(k)",
        algebra: "sum_c g(k,0,c) = 1",
        meaning: "the depot sends one unit of every commodity",
    },
    Family {
        name: "conserve",
        indices: "(k,c)",
        algebra: "sum_a g(k,a,c) - sum_b g(k,c,b) = 1 if c = k, else 0",
        meaning: "commodity k is kept at cell k and passes through every other cell",
    },
    Family {
        name: "capacity",
        indices: "(k,a,b)",
        algebra: "g(k,a,b) <= y(a,b)",
        meaning: "every commodity flows only on arcs the tour uses",
    },
    Family {
        name: "given",
        indices: "(c)",
        algebra: "sum_(a,b) g(c,a,b) = board(c)",
        meaning: "the clues: the commodity of the cell of k travels k arcs \
                  (reduced: every cell whose domain is one value)",
    },
];

/// The variables of the model.
struct Commodities<'a> {
    board: &'a Board,
    arcs: Arcs,
    /// g(k,a,b) by commodity k (a cell's node, index 0 unused) and by
    /// position in `arcs.list`; None on arcs into the depot.
    g: Vec<Vec<Option<VarId>>>,
}

impl Commodities<'_> {
    /// Commodity k's flows on the arcs into `node` (or out of it: `from` true).
    fn flows(&self, k: usize, node: usize, from: bool) -> impl Iterator<Item = VarId> + '_ {
        (self.arcs.at(node, from).iter()).filter_map(move |&arc| self.g[k][arc])
    }
}

pub(super) fn build(board: &Board, scope: Scope<'_>) -> Model {
    let mut mip = Mip::default();
    let model = variables(board, scope, &mut mip);
    tour::out(&model.arcs, &mut mip);
    tour::into(&model.arcs, &mut mip);
    source(&model, &mut mip);
    conserve(&model, &mut mip);
    capacity(&model, &mut mip);
    given(&model, &mut mip, scope);
    let cells = board.len();
    let variables = mip.vars.len();
    let arcs = Shared::new(model.arcs.list);
    let for_encoding = arcs.clone();
    let viewer = tour::viewer(arcs.clone());
    let g = model.g;
    let decoder = Box::new(move |values: &[f64]| tour::decode(&arcs, cells, values));
    let encoder = Box::new(move |grid: &[u32]| {
        let mut values = vec![0.0; variables];
        tour::encode_arcs(&for_encoding, grid, &mut values);
        // Commodity k flows on the tour's arcs up to the cell of k.
        for (k, flows) in g.iter().enumerate().skip(1) {
            let reach = tour::value_at(grid, k);
            for (arc, g) in for_encoding.iter().zip(flows) {
                if let (Some(g), true) = (g, tour::on_tour(arc, grid)) {
                    if tour::value_at(grid, arc.to) <= reach {
                        values[*g] = 1.0;
                    }
                }
            }
        }
        values
    });
    Model::new(Formulation::Mcf, mip, decoder, encoder).with_viewer(viewer)
}

/// `y(a,b)` binary per arc; `g(k,a,b)` continuous in [0, 1] for every
/// commodity k and every arc that does not enter the depot.
fn variables<'a>(board: &'a Board, scope: Scope<'_>, mip: &mut Mip) -> Commodities<'a> {
    let arcs = tour::arcs(board, scope, mip);
    let mut g = vec![Vec::new()];
    for k in 1..arcs.nodes {
        let flows = arcs
            .list
            .iter()
            .map(|arc| {
                (arc.to != DEPOT).then(|| {
                    let name = Name::new("g", &[k as u32, arc.from as u32, arc.to as u32]);
                    mip.continuous(name, 0.0, 1.0)
                })
            })
            .collect();
        g.push(flows);
    }
    Commodities { board, arcs, g }
}

/// source(k): `sum_c g(k,0,c) = 1`.
fn source(model: &Commodities, mip: &mut Mip) {
    for k in 1..model.arcs.nodes {
        let terms = model.flows(k, DEPOT, true).map(|g| (Term::Var(g), 1.0));
        emit(mip, Name::new("source", &[k as u32]), terms, Sense::Eq, 1.0);
    }
}

/// conserve(k,c): `sum_a g(k,a,c) - sum_b g(k,c,b) = [c = k]`.
fn conserve(model: &Commodities, mip: &mut Mip) {
    for k in 1..model.arcs.nodes {
        for c in 1..model.arcs.nodes {
            let terms = model
                .flows(k, c, false)
                .map(|g| (Term::Var(g), 1.0))
                .chain(model.flows(k, c, true).map(|g| (Term::Var(g), -1.0)));
            let kept = if c == k { 1.0 } else { 0.0 };
            let name = Name::new("conserve", &[k as u32, c as u32]);
            emit(mip, name, terms, Sense::Eq, kept);
        }
    }
}

/// capacity(k,a,b): `g(k,a,b) <= y(a,b)`, written `g(k,a,b) - y(a,b) <= 0`.
fn capacity(model: &Commodities, mip: &mut Mip) {
    for (k, flows) in model.g.iter().enumerate().skip(1) {
        for (arc, g) in model.arcs.list.iter().zip(flows) {
            let Some(g) = *g else { continue };
            let terms = [(Term::Var(g), 1.0), (Term::Var(arc.y), -1.0)];
            let name = Name::new("capacity", &[k as u32, arc.from as u32, arc.to as u32]);
            emit(mip, name, terms, Sense::Le, 0.0);
        }
    }
}

/// given(c): `sum_(a,b) g(c,a,b) = board(c)`: the clues (faithful), or every
/// cell whose domain is one value (reduced).
fn given(model: &Commodities, mip: &mut Mip, scope: Scope<'_>) {
    for (cell, value) in tour::fixed_cells(model.board, scope) {
        let k = tour::node(cell);
        let terms = model.g[k].iter().flatten().map(|&g| (Term::Var(g), 1.0));
        emit(
            mip,
            Name::new("given", &[k as u32]),
            terms,
            Sense::Eq,
            value as f64,
        );
    }
}

/// Variables and nonzeros of the faithful model.
pub(super) fn estimate(board: &Board, _domains: Option<&Domains>) -> Size {
    let cells = board.len() as u64;
    let arcs = tour::faithful_arc_count(board);
    let flows = cells * (arcs - cells);
    Size {
        variables: arcs + flows,
        constraints: 2 * (cells + 1) + cells + cells * cells + flows + cells,
        nonzeros: 2 * arcs + 2 * flows + 2 * flows + flows,
    }
}
