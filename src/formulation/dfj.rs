//! Formulation 5: subtour elimination, Dantzig, Fulkerson and Johnson
//! (1954), by row generation (models/dfj.md). The degree rows and the
//! smallest subtour rows are built; the rest, one per set of cells, are
//! too many to write, so the solve adds the rows of the subtours each
//! solution has and solves again until a solution has none.
//!
//! The clues need positions, and any exact position variable would forbid
//! subtours by itself (as MTZ's u does). So two one-sided bounds carry them:
//! u(c) is at most the position of c, counted from the start, and w(c) at
//! most its position counted from the end. Neither forbids a subtour (a
//! cycle takes a constant value); together at a clue they pin its position.
//!
//! ```text
//! u(c), w(c)    continuous in [1, T]
//!
//! out(a)        sum_b y(a,b) = 1              every node, depot included
//! in(b)         sum_a y(a,b) = 1              every node, depot included
//! pair(a,b)     y(a,b) + y(b,a) <= 1          a < b neighbouring cells
//! block(i,j)    sum of the 8 arcs inside the 2x2 block at (i,j) <= 3
//! start(c)      u(c) <= 1 + (T-1)(1 - y(0,c))
//! ahead(a,b)    u(b) <= u(a) + 1 + (T-2)(1 - y(a,b))
//! end(c)        w(c) <= 1 + (T-1)(1 - y(c,0))
//! behind(a,b)   w(a) <= w(b) + 1 + (T-2)(1 - y(a,b))
//! given(c)      u(c) = board(c)
//! given_end(c)  w(c) = T + 1 - board(c)
//! subtour(k)    sum_(a,b in S) y(a,b) <= |S| - 1     added as subtours S appear
//! ```
//!
//! Reduced: the arcs of the reduction; u(c) in [min D(c), max D(c)] and
//! w(c) in [T + 1 - max D(c), T + 1 - min D(c)], which absorb `given` and
//! `given_end`; the big-Ms are the bounds' differences.

use std::sync::Arc as Shared;

use super::tour::{self, Arcs, DEPOT};
use super::{emit, subtours, Family, Formulation, Model, Scope, Size, Term};
use crate::board::{Board, Cell};
use crate::domains::Domains;
use crate::mip::{Mip, Name, Sense, VarId};

/// The variables, as models/dfj.md declares them.
pub const VARIABLES: &[Family] = &[
    tour::Y,
    Family {
        name: "u",
        indices: "(c)",
        algebra: "1 <= u(c) <= T",
        meaning: "at most the position of cell c, counted from the start",
    },
    Family {
        name: "w",
        indices: "(c)",
        algebra: "1 <= w(c) <= T",
        meaning: "at most the position of cell c counted from the end (T + 1 - its value)",
    },
];

/// The equation families, as models/dfj.md states them.
pub const FAMILIES: &[Family] = &[
    tour::OUT,
    tour::IN,
    Family {
        name: "pair",
        indices: "(a,b)",
        algebra: "y(a,b) + y(b,a) <= 1",
        meaning: "no subtour of two cells (the subtour rows of the sets of two)",
    },
    Family {
        name: "block",
        indices: "(i,j)",
        algebra: "sum of the 8 arcs inside cells (i,j), (i,j+1), (i+1,j), (i+1,j+1) <= 3",
        meaning: "no subtour round a 2x2 block (the subtour rows of those sets of four)",
    },
    Family {
        name: "start",
        indices: "(c)",
        algebra: "u(c) <= 1 + M (1 - y(0,c)),  M = max u(c) - 1",
        meaning: "the first cell has u at most 1",
    },
    Family {
        name: "ahead",
        indices: "(a,b)",
        algebra: "u(b) <= u(a) + 1 + M (1 - y(a,b)),  M = max u(b) - min u(a) - 1",
        meaning: "one step along an arc in use adds at most 1 to u",
    },
    Family {
        name: "end",
        indices: "(c)",
        algebra: "w(c) <= 1 + M (1 - y(c,0)),  M = max w(c) - 1",
        meaning: "the last cell has w at most 1",
    },
    Family {
        name: "behind",
        indices: "(a,b)",
        algebra: "w(a) <= w(b) + 1 + M (1 - y(a,b)),  M = max w(a) - min w(b) - 1",
        meaning: "one step back along an arc in use adds at most 1 to w",
    },
    Family {
        name: "given",
        indices: "(c)",
        algebra: "u(c) = board(c)",
        meaning: "a clue is at least board(c) steps from the start (faithful model; \
                  the reduced model bounds u(c))",
    },
    Family {
        name: "given_end",
        indices: "(c)",
        algebra: "w(c) = T + 1 - board(c)",
        meaning: "and at least T + 1 - board(c) from the end: exactly at board(c) \
                  (faithful model; the reduced model bounds w(c))",
    },
    Family {
        name: "subtour",
        indices: "(k)",
        algebra: "sum_(a,b in S) y(a,b) <= |S| - 1",
        meaning: "the k-th subtour found, on the cells S, is forbidden \
                  (added by the solve, round by round)",
    },
];

/// The variables of the model.
struct Subtours<'a> {
    board: &'a Board,
    arcs: Arcs,
    /// u(c) and w(c) by node (the depot has none).
    u: Vec<Option<VarId>>,
    w: Vec<Option<VarId>>,
}

pub(super) fn build(board: &Board, scope: Scope<'_>) -> Model {
    let mut mip = Mip::default();
    let model = variables(board, scope, &mut mip);
    tour::out(&model.arcs, &mut mip);
    tour::into(&model.arcs, &mut mip);
    pair(&model, &mut mip);
    block(&model, &mut mip);
    start(&model, &mut mip);
    ahead(&model, &mut mip);
    end(&model, &mut mip);
    behind(&model, &mut mip);
    if let Scope::Faithful = scope {
        given(&model, &mut mip);
        given_end(&model, &mut mip);
    }
    let cells = board.len();
    let nodes = model.arcs.nodes;
    let variables = mip.vars.len();
    let arcs = Shared::new(model.arcs.list);
    let (for_encoding, for_separation) = (arcs.clone(), arcs.clone());
    let viewer = tour::viewer(arcs.clone());
    let (u, w) = (model.u, model.w);
    let decoder = Box::new(move |values: &[f64]| tour::decode(&arcs, cells, values));
    let encoder = Box::new(move |grid: &[u32]| {
        let mut values = vec![0.0; variables];
        tour::encode_arcs(&for_encoding, grid, &mut values);
        for node in 1..nodes {
            let position = tour::value_at(grid, node) as f64;
            values[u[node].expect("a cell")] = position;
            values[w[node].expect("a cell")] = cells as f64 + 1.0 - position;
        }
        values
    });
    let separator = Box::new(move |values: &[f64], first: u32| {
        subtours::rows(&for_separation, nodes, values, first)
    });
    Model::new(Formulation::Dfj, mip, decoder, encoder)
        .with_separator(separator)
        .with_viewer(viewer)
}

/// `y(a,b)` binary per arc; `u(c)` and `w(c)` continuous, in [1, T]
/// (faithful) or within what the domain of c allows (reduced).
fn variables<'a>(board: &'a Board, scope: Scope<'_>, mip: &mut Mip) -> Subtours<'a> {
    let arcs = tour::arcs(board, scope, mip);
    let bounds = tour::position_bounds(board, scope);
    let last = board.total() as f64 + 1.0;
    let mut u = vec![None; arcs.nodes];
    let mut w = vec![None; arcs.nodes];
    for node in 1..arcs.nodes {
        let (low, high) = bounds[node];
        u[node] = Some(mip.continuous(Name::new("u", &[node as u32]), low, high));
    }
    for node in 1..arcs.nodes {
        let (low, high) = bounds[node];
        w[node] = Some(mip.continuous(Name::new("w", &[node as u32]), last - high, last - low));
    }
    Subtours { board, arcs, u, w }
}

/// pair(a,b): `y(a,b) + y(b,a) <= 1` for neighbouring cells a < b.
fn pair(model: &Subtours, mip: &mut Mip) {
    for arc in model.arcs.between_cells().filter(|arc| arc.from < arc.to) {
        let terms = [
            (Term::Var(arc.y), 1.0),
            (model.arcs.term(arc.to, arc.from), 1.0),
        ];
        let name = Name::new("pair", &[arc.from as u32, arc.to as u32]);
        emit(mip, name, terms, Sense::Le, 1.0);
    }
}

/// block(i,j): the 8 arcs inside the 2x2 block whose top left cell is
/// (i,j) sum to at most 3.
fn block(model: &Subtours, mip: &mut Mip) {
    let board = model.board;
    for row in 0..board.rows().saturating_sub(1) {
        for col in 0..board.cols().saturating_sub(1) {
            let corners = [
                (row, col),
                (row, col + 1),
                (row + 1, col + 1),
                (row + 1, col),
            ]
            .map(|(row, col)| tour::node(board.index(Cell::new(row, col))));
            let terms = (0..4).flat_map(|side| {
                let (a, b) = (corners[side], corners[(side + 1) % 4]);
                [(model.arcs.term(a, b), 1.0), (model.arcs.term(b, a), 1.0)]
            });
            let name = Name::new("block", &[row as u32 + 1, col as u32 + 1]);
            emit(mip, name, terms, Sense::Le, 3.0);
        }
    }
}

/// `v(head) - v(tail) + M y <= M + 1`, M = max v(head) - min v(tail) - 1:
/// with y = 1, v(head) <= v(tail) + 1; with y = 0, nothing. Without a tail
/// (the depot) v(tail) is 0: `v(head) + M y <= M + 1`, M = max v(head) - 1.
fn step_row(mip: &mut Mip, name: Name, head: VarId, tail: Option<VarId>, y: VarId) {
    let tail_low = tail.map_or(0.0, |tail| mip.vars[tail].lower);
    let big_m = mip.vars[head].upper - tail_low - 1.0;
    let mut terms = vec![(Term::Var(head), 1.0), (Term::Var(y), big_m)];
    if let Some(tail) = tail {
        terms.push((Term::Var(tail), -1.0));
    }
    emit(mip, name, terms, Sense::Le, big_m + 1.0);
}

/// start(c): `u(c) <= 1 + M (1 - y(0,c))`, M = max u(c) - 1.
fn start(model: &Subtours, mip: &mut Mip) {
    for arc in model.arcs.list.iter().filter(|arc| arc.from == DEPOT) {
        let name = Name::new("start", &[arc.to as u32]);
        step_row(mip, name, model.u[arc.to].expect("a cell"), None, arc.y);
    }
}

/// ahead(a,b): `u(b) <= u(a) + 1 + M (1 - y(a,b))`, M = max u(b) - min u(a) - 1.
fn ahead(model: &Subtours, mip: &mut Mip) {
    for arc in model.arcs.between_cells() {
        let name = Name::new("ahead", &[arc.from as u32, arc.to as u32]);
        let (head, tail) = (model.u[arc.to].expect("a cell"), model.u[arc.from]);
        step_row(mip, name, head, tail, arc.y);
    }
}

/// end(c): `w(c) <= 1 + M (1 - y(c,0))`, M = max w(c) - 1.
fn end(model: &Subtours, mip: &mut Mip) {
    for arc in model.arcs.list.iter().filter(|arc| arc.to == DEPOT) {
        let name = Name::new("end", &[arc.from as u32]);
        step_row(mip, name, model.w[arc.from].expect("a cell"), None, arc.y);
    }
}

/// behind(a,b): `w(a) <= w(b) + 1 + M (1 - y(a,b))`, M = max w(a) - min w(b) - 1.
fn behind(model: &Subtours, mip: &mut Mip) {
    for arc in model.arcs.between_cells() {
        let name = Name::new("behind", &[arc.from as u32, arc.to as u32]);
        let (head, tail) = (model.w[arc.from].expect("a cell"), model.w[arc.to]);
        step_row(mip, name, head, tail, arc.y);
    }
}

/// given(c): `u(c) = board(c)`.
fn given(model: &Subtours, mip: &mut Mip) {
    for (cell, value) in model.board.clues() {
        let node = tour::node(model.board.index(cell));
        let terms = [(Term::Var(model.u[node].expect("a cell")), 1.0)];
        let name = Name::new("given", &[node as u32]);
        emit(mip, name, terms, Sense::Eq, value as f64);
    }
}

/// given_end(c): `w(c) = T + 1 - board(c)`.
fn given_end(model: &Subtours, mip: &mut Mip) {
    let last = model.board.total() as f64 + 1.0;
    for (cell, value) in model.board.clues() {
        let node = tour::node(model.board.index(cell));
        let terms = [(Term::Var(model.w[node].expect("a cell")), 1.0)];
        let name = Name::new("given_end", &[node as u32]);
        emit(mip, name, terms, Sense::Eq, last - value as f64);
    }
}

/// Variables and nonzeros of the faithful model before any subtour row.
pub(super) fn estimate(board: &Board, _domains: Option<&Domains>) -> Size {
    let cells = board.len() as u64;
    let arcs = tour::faithful_arc_count(board);
    let pairs = tour::neighbour_pairs(board) as u64;
    let blocks = (board.rows().saturating_sub(1) * board.cols().saturating_sub(1)) as u64;
    Size {
        variables: arcs + 2 * cells,
        constraints: 2 * (cells + 1) + pairs + blocks + 2 * cells + 4 * pairs + 2 * cells,
        nonzeros: 2 * arcs + 2 * pairs + 8 * blocks + 4 * cells + 12 * pairs + 2 * cells,
    }
}
