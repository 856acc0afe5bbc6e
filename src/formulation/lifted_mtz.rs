//! Formulation 3: MTZ lifted as Desrochers and Laporte (1991) lift it
//! (models/lifted-mtz.md). The tour, the depot and u(c) are those of MTZ;
//! each order row also counts the reverse arc, and the bounds of u(c) also
//! count the depot's arcs.
//!
//! ```text
//! out(a)       sum_b y(a,b) = 1              every node, depot included
//! in(b)        sum_a y(a,b) = 1              every node, depot included
//! lifted(a,b)  u(a) - u(b) + T y(a,b) + (T-2) y(b,a) <= T - 1     arcs between cells
//! low(c)       u(c) >= 2 - y(0,c) + (T-2) y(c,0)
//! high(c)      u(c) <= T - 1 + y(c,0) - (T-2) y(0,c)
//! given(c)     u(c) = board(c)
//! ```
//!
//! Reduced: as MTZ (u(c) within its domain's range, fewer arcs), with
//! M = max u(a) - min u(b) + 1 in place of T and M - 2 in place of T - 2 in
//! lifted(a,b); strengthened, MTZ's order(a,b) as well.

use super::mtz::{self, Tour};
use super::tour;
use super::{emit, Family, Formulation, Model, Scope, Size, Term};
use crate::board::Board;
use crate::domains::Domains;
use crate::mip::{Mip, Name, Sense};

/// The variables, as models/lifted-mtz.md declares them (those of MTZ).
pub const VARIABLES: &[Family] = mtz::VARIABLES;

/// The equation families, as models/lifted-mtz.md states them.
pub const FAMILIES: &[Family] = &[
    tour::OUT,
    tour::IN,
    Family {
        name: "lifted",
        indices: "(a,b)",
        algebra: "u(a) - u(b) + M y(a,b) + (M-2) y(b,a) <= M - 1,  M = T \
                  (reduced: max u(a) - min u(b) + 1)",
        meaning: "MTZ's row, which also pins u(a) = u(b) + 1 when the reverse arc b -> a is used",
    },
    Family {
        name: "low",
        indices: "(c)",
        algebra: "u(c) >= 2 - y(0,c) + (T-2) y(c,0)",
        meaning: "a cell the tour does not start at is at position 2 or later; the last is at T",
    },
    Family {
        name: "high",
        indices: "(c)",
        algebra: "u(c) <= T - 1 + y(c,0) - (T-2) y(0,c)",
        meaning:
            "a cell the tour does not end at is at position T - 1 or earlier; the first is at 1",
    },
    mtz::GIVEN,
    mtz::ORDER,
];

pub(super) fn build(board: &Board, scope: Scope<'_>) -> Model {
    let mut mip = Mip::default();
    let tour = mtz::variables(board, scope, &mut mip);
    tour::out(&tour.arcs, &mut mip);
    tour::into(&tour.arcs, &mut mip);
    lifted(&tour, &mut mip, scope);
    low(&tour, &mut mip);
    high(&tour, &mut mip);
    match scope {
        Scope::Faithful => mtz::given(&tour, &mut mip),
        Scope::Reduced { strengthen, .. } => {
            if strengthen {
                mtz::order(&tour, &mut mip);
            }
        }
    }
    mtz::model(Formulation::LiftedMtz, mip, tour)
}

/// lifted(a,b): `u(a) - u(b) + M y(a,b) + (M-2) y(b,a) <= M - 1` for arcs
/// between cells. M = T (faithful) or max u(a) - min u(b) + 1 (reduced).
/// With y(a,b) = 1 it is MTZ's row; with y(b,a) = 1 it says
/// u(a) <= u(b) + 1, which the tour meets with equality; so the lift costs
/// no solution and cuts LP points where u and y disagree.
fn lifted(tour: &Tour, mip: &mut Mip, scope: Scope<'_>) {
    let total = tour.board.total() as f64;
    for arc in tour.arcs.between_cells() {
        let big_m = match scope {
            Scope::Faithful => total,
            Scope::Reduced { .. } => tour.bounds[arc.from].1 - tour.bounds[arc.to].0 + 1.0,
        };
        let lift = (big_m - 2.0).max(0.0);
        let reverse = tour.arcs.term(arc.to, arc.from);
        let terms = [
            (Term::Var(tour.u(arc.from)), 1.0),
            (Term::Var(tour.u(arc.to)), -1.0),
            (Term::Var(arc.y), big_m),
            (reverse, lift),
        ];
        let name = Name::new("lifted", &[arc.from as u32, arc.to as u32]);
        emit(mip, name, terms, Sense::Le, big_m - 1.0);
    }
}

/// low(c): `u(c) >= 2 - y(0,c) + (T-2) y(c,0)`, written
/// `u(c) + y(0,c) - (T-2) y(c,0) >= 2`: only the first cell is at 1, and
/// the last is at T.
fn low(tour: &Tour, mip: &mut Mip) {
    let total = tour.board.total() as f64;
    for node in 1..tour.arcs.nodes {
        let terms = [
            (Term::Var(tour.u(node)), 1.0),
            (tour.arcs.term(tour::DEPOT, node), 1.0),
            (tour.arcs.term(node, tour::DEPOT), -(total - 2.0)),
        ];
        emit(mip, Name::new("low", &[node as u32]), terms, Sense::Ge, 2.0);
    }
}

/// high(c): `u(c) <= T - 1 + y(c,0) - (T-2) y(0,c)`, written
/// `u(c) - y(c,0) + (T-2) y(0,c) <= T - 1`: only the last cell is at T, and
/// the first is at 1.
fn high(tour: &Tour, mip: &mut Mip) {
    let total = tour.board.total() as f64;
    for node in 1..tour.arcs.nodes {
        let terms = [
            (Term::Var(tour.u(node)), 1.0),
            (tour.arcs.term(node, tour::DEPOT), -1.0),
            (tour.arcs.term(tour::DEPOT, node), total - 2.0),
        ];
        emit(
            mip,
            Name::new("high", &[node as u32]),
            terms,
            Sense::Le,
            total - 1.0,
        );
    }
}

/// MTZ's size, with one more term per order row and two rows per cell.
pub(super) fn estimate(board: &Board, domains: Option<&Domains>) -> Size {
    let mtz = mtz::estimate(board, domains);
    let cells = board.len() as u64;
    let cell_arcs = 2 * tour::neighbour_pairs(board) as u64;
    Size {
        variables: mtz.variables,
        constraints: mtz.constraints + 2 * cells,
        nonzeros: mtz.nonzeros + cell_arcs + 6 * cells,
    }
}
