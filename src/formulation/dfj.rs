//! Formulation 5: subtour elimination, Dantzig, Fulkerson and Johnson
//! (1954), by row generation (models/dfj.md). The degree rows and the
//! smallest subtour rows are built; the rest, one per set of cells, are
//! too many to write, so the solve adds the rows of the subtours each
//! solution has and solves again until a solution has none.
//!
//! The clues enter through segment labels, not positions: any exact
//! position variable would forbid subtours by itself (as MTZ's u does).
//! The clues, sorted by value k_1 < ... < k_m at cells c_1..c_m, cut the
//! path into segments 0..m (segment i lies between c_i and c_(i+1), with
//! c_0 and c_(m+1) the depot) of known lengths n_i. z(a,i) says the cell a,
//! not a clue, lies on segment i. An arc keeps the label; it may leave an
//! end (the depot, a clue) only into the segment that follows it, and
//! enter an end only from the segment before it. A cycle away from the
//! depot keeps one label and breaks none of these rows: only the subtour
//! rows forbid it. On a path without subtours the counts place every clue.
//!
//! ```text
//! z(a,i)        binary, cell a (not a clue) lies on segment i
//!
//! out(a)        sum_b y(a,b) = 1              every node, depot included
//! in(b)         sum_a y(a,b) = 1              every node, depot included
//! pair(a,b)     y(a,b) + y(b,a) <= 1          a < b neighbouring cells
//! block(i,j)    sum of the 8 arcs inside the 2x2 block at (i,j) <= 3
//! segment(a)    sum_i z(a,i) = 1              a not a clue
//! count(i)      sum_a z(a,i) = n_i            n_0 = k_1 - 1, n_i = k_(i+1) - k_i - 1, n_m = T - k_m
//! keep(a,b,i)   z(a,i) - z(b,i) <= 1 - y(a,b) - y(b,a)   a, b neighbouring cells, not clues
//! leave(e,b)    y(e,b) <= z(b, after(e))      e the depot or a clue, b not a clue
//! arrive(a,e)   y(a,e) <= z(a, before(e))     a not a clue, e the depot or a clue
//! skip(e,f)     y(e,f) = 0                    ends e, f not consecutive across an empty segment
//! subtour(k)    sum_(a,b in S) y(a,b) <= |S| - 1     added as subtours S appear
//! ```
//!
//! after(depot) = 0, before(depot) = m, after(c_i) = i, before(c_i) = i - 1.
//!
//! Reduced: the arcs of the reduction, and z(a,i) only where the domain of
//! a holds a value strictly between k_i and k_(i+1).

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
        name: "z",
        indices: "(a,i)",
        algebra: "z(a,i) in {0,1}",
        meaning: "cell a, not a clue, lies on segment i (between the i-th and the \
                  (i+1)-th clue by value; 0 before the first, m after the last)",
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
        name: "segment",
        indices: "(a)",
        algebra: "sum_i z(a,i) = 1",
        meaning: "every cell that is not a clue lies on one segment",
    },
    Family {
        name: "count",
        indices: "(i)",
        algebra: "sum_a z(a,i) = n_i",
        meaning: "segment i holds as many cells as its clues leave between them",
    },
    Family {
        name: "keep",
        indices: "(a,b,i)",
        algebra: "z(a,i) - z(b,i) <= 1 - y(a,b) - y(b,a)",
        meaning: "an arc in use between two cells that are not clues keeps the label",
    },
    Family {
        name: "leave",
        indices: "(e,b)",
        algebra: "y(e,b) <= z(b, after(e))",
        meaning: "the arc out of the depot or a clue enters the segment after it",
    },
    Family {
        name: "arrive",
        indices: "(a,e)",
        algebra: "y(a,e) <= z(a, before(e))",
        meaning: "the arc into a clue or the depot comes from the segment before it",
    },
    Family {
        name: "skip",
        indices: "(e,f)",
        algebra: "y(e,f) = 0",
        meaning: "an arc between two ends (depot, clues) only joins consecutive ends \
                  with an empty segment between them",
    },
    Family {
        name: "subtour",
        indices: "(k)",
        algebra: "sum_(a,b in S) y(a,b) <= |S| - 1",
        meaning: "the k-th subtour found, on the cells S, is forbidden \
                  (added by the solve, round by round)",
    },
];

/// Where a node stands among the segments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// The depot or a clue: the segment before it and the one after it.
    End { before: usize, after: usize },
    /// A cell that is not a clue.
    Free,
}

/// The variables of the model and the segments.
struct Subtours<'a> {
    board: &'a Board,
    arcs: Arcs,
    /// Each node's place.
    places: Vec<Place>,
    /// n_i, the cells of each segment (negative when two clues share a
    /// value: the model is then infeasible, as it should be).
    lengths: Vec<i64>,
    /// k_1 <= ... <= k_m, the clue values in order.
    clue_values: Vec<u32>,
    /// z(a,i) by node and segment (None: the node is an end, or the
    /// reduction rules the segment out).
    z: Vec<Vec<Option<VarId>>>,
}

impl Subtours<'_> {
    /// z(a,i) as a row term.
    fn z(&self, node: usize, segment: usize) -> Term {
        self.z[node][segment].map_or(Term::Zero, Term::Var)
    }

    fn free(&self) -> impl Iterator<Item = usize> + '_ {
        (1..self.arcs.nodes).filter(|&node| self.places[node] == Place::Free)
    }
}

/// The segments of a board: each node's place, each segment's length and
/// the clue values in order. The depot ends segment m and starts segment 0.
fn segments(board: &Board) -> (Vec<Place>, Vec<i64>, Vec<u32>) {
    let clues = board.clues_by_value();
    let m = clues.len();
    let mut places = vec![Place::Free; board.len() + 1];
    places[DEPOT] = Place::End {
        before: m,
        after: 0,
    };
    let mut lengths = Vec::with_capacity(m + 1);
    let mut previous = 0i64;
    for (i, &(value, cell)) in clues.iter().enumerate() {
        places[tour::node(board.index(cell))] = Place::End {
            before: i,
            after: i + 1,
        };
        lengths.push(value as i64 - previous - 1);
        previous = value as i64;
    }
    lengths.push(board.total() as i64 - previous);
    let clue_values = clues.into_iter().map(|(value, _)| value).collect();
    (places, lengths, clue_values)
}

/// The segment of a cell that is not a clue, holding `value`: the number
/// of clue values below it.
fn label(clue_values: &[u32], value: u32) -> usize {
    clue_values.partition_point(|&clue| clue < value)
}

pub(super) fn build(board: &Board, scope: Scope<'_>) -> Model {
    let mut mip = Mip::default();
    let model = variables(board, scope, &mut mip);
    tour::out(&model.arcs, &mut mip);
    tour::into(&model.arcs, &mut mip);
    pair(&model, &mut mip);
    block(&model, &mut mip);
    segment(&model, &mut mip);
    count(&model, &mut mip);
    keep(&model, &mut mip);
    leave(&model, &mut mip);
    arrive(&model, &mut mip);
    skip(&model, &mut mip);
    let cells = board.len();
    let nodes = model.arcs.nodes;
    let variables = mip.vars.len();
    let arcs = Shared::new(model.arcs.list);
    let (for_encoding, for_separation) = (arcs.clone(), arcs.clone());
    let viewer = tour::viewer(arcs.clone());
    let (z, clue_values) = (model.z, model.clue_values);
    let decoder = Box::new(move |values: &[f64]| tour::decode(&arcs, cells, values));
    let encoder = Box::new(move |grid: &[u32]| {
        let mut values = vec![0.0; variables];
        tour::encode_arcs(&for_encoding, grid, &mut values);
        for (node, labels) in z.iter().enumerate().skip(1) {
            let segment = label(&clue_values, tour::value_at(grid, node));
            if let Some(Some(var)) = labels.get(segment) {
                values[*var] = 1.0;
            }
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

/// `y(a,b)` binary per arc; `z(a,i)` binary per cell that is not a clue
/// and segment (reduced: only the segments its domain reaches).
fn variables<'a>(board: &'a Board, scope: Scope<'_>, mip: &mut Mip) -> Subtours<'a> {
    let arcs = tour::arcs(board, scope, mip);
    let (places, lengths, clue_values) = segments(board);
    // The values strictly inside each segment: (k_i, k_(i+1)).
    let mut bounds = vec![0u32];
    bounds.extend(&clue_values);
    bounds.push(board.total() + 1);
    let reaches = |cell: Cell, segment: usize| match scope {
        Scope::Faithful => true,
        Scope::Reduced { domains, .. } => domains
            .values(board, cell)
            .into_iter()
            .any(|value| bounds[segment] < value && value < bounds[segment + 1]),
    };
    let mut z = vec![Vec::new(); arcs.nodes];
    for node in 1..arcs.nodes {
        if places[node] != Place::Free {
            continue;
        }
        let cell = board.cell(node - 1);
        z[node] = (0..lengths.len())
            .map(|segment| {
                reaches(cell, segment).then(|| {
                    let name = Name::new("z", &[node as u32, segment as u32]);
                    mip.binary(name)
                })
            })
            .collect();
    }
    Subtours {
        board,
        arcs,
        places,
        lengths,
        clue_values,
        z,
    }
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

/// segment(a): `sum_i z(a,i) = 1` for each cell a that is not a clue.
fn segment(model: &Subtours, mip: &mut Mip) {
    for node in model.free() {
        let terms = (0..model.lengths.len()).map(|segment| (model.z(node, segment), 1.0));
        emit(
            mip,
            Name::new("segment", &[node as u32]),
            terms,
            Sense::Eq,
            1.0,
        );
    }
}

/// count(i): `sum_a z(a,i) = n_i`.
fn count(model: &Subtours, mip: &mut Mip) {
    for (segment, &length) in model.lengths.iter().enumerate() {
        let terms: Vec<_> = model
            .free()
            .map(|node| (model.z(node, segment), 1.0))
            .collect();
        let name = Name::new("count", &[segment as u32]);
        emit(mip, name, terms, Sense::Eq, length as f64);
    }
}

/// keep(a,b,i): `z(a,i) - z(b,i) <= 1 - y(a,b) - y(b,a)` for neighbouring
/// cells a and b that are not clues, in both orders. Both arcs share the
/// row: `pair` lets at most one of them be in use.
fn keep(model: &Subtours, mip: &mut Mip) {
    let free = |node: usize| model.places[node] == Place::Free;
    let board = model.board;
    for a in model.free() {
        for neighbour in board.neighbours(board.cell(a - 1)) {
            let b = tour::node(board.index(neighbour));
            if !free(b) {
                continue;
            }
            let (there, back) = (model.arcs.term(a, b), model.arcs.term(b, a));
            if there == Term::Zero && back == Term::Zero {
                continue;
            }
            for segment in 0..model.lengths.len() {
                let terms = [
                    (model.z(a, segment), 1.0),
                    (model.z(b, segment), -1.0),
                    (there, 1.0),
                    (back, 1.0),
                ];
                let name = Name::new("keep", &[a as u32, b as u32, segment as u32]);
                emit(mip, name, terms, Sense::Le, 1.0);
            }
        }
    }
}

/// leave(e,b): `y(e,b) <= z(b, after(e))` for arcs out of an end (the
/// depot or a clue) into a cell that is not a clue.
fn leave(model: &Subtours, mip: &mut Mip) {
    for arc in &model.arcs.list {
        let (Place::End { after, .. }, Place::Free) =
            (model.places[arc.from], model.places[arc.to])
        else {
            continue;
        };
        let terms = [(Term::Var(arc.y), 1.0), (model.z(arc.to, after), -1.0)];
        let name = Name::new("leave", &[arc.from as u32, arc.to as u32]);
        emit(mip, name, terms, Sense::Le, 0.0);
    }
}

/// arrive(a,e): `y(a,e) <= z(a, before(e))` for arcs out of a cell that is
/// not a clue into an end (a clue or the depot).
fn arrive(model: &Subtours, mip: &mut Mip) {
    for arc in &model.arcs.list {
        let (Place::Free, Place::End { before, .. }) =
            (model.places[arc.from], model.places[arc.to])
        else {
            continue;
        };
        let terms = [(Term::Var(arc.y), 1.0), (model.z(arc.from, before), -1.0)];
        let name = Name::new("arrive", &[arc.from as u32, arc.to as u32]);
        emit(mip, name, terms, Sense::Le, 0.0);
    }
}

/// skip(e,f): `y(e,f) = 0` for an arc between two ends unless f follows e
/// across an empty segment (consecutive clue values; the depot and a
/// clue of 1 or of T).
fn skip(model: &Subtours, mip: &mut Mip) {
    for arc in &model.arcs.list {
        let (Place::End { after, .. }, Place::End { before, .. }) =
            (model.places[arc.from], model.places[arc.to])
        else {
            continue;
        };
        if after == before && model.lengths[after] == 0 {
            continue;
        }
        let name = Name::new("skip", &[arc.from as u32, arc.to as u32]);
        emit(mip, name, [(Term::Var(arc.y), 1.0)], Sense::Eq, 0.0);
    }
}

/// Variables and nonzeros of the faithful model before any subtour row
/// (an upper bound: every cell counted as free and as an end).
pub(super) fn estimate(board: &Board, _domains: Option<&Domains>) -> Size {
    let cells = board.len() as u64;
    let arcs = tour::faithful_arc_count(board);
    let pairs = tour::neighbour_pairs(board) as u64;
    let blocks = (board.rows().saturating_sub(1) * board.cols().saturating_sub(1)) as u64;
    let segments = board.clue_count() as u64 + 1;
    Size {
        variables: arcs + cells * segments,
        constraints: 2 * (cells + 1)
            + pairs
            + blocks
            + cells
            + segments
            + 2 * pairs * segments
            + arcs,
        nonzeros: 2 * arcs
            + 2 * pairs
            + 8 * blocks
            + 2 * cells * segments
            + 8 * pairs * segments
            + 2 * arcs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4x4 board with 1 at (2,1) and 16 at (4,4) (1-based), and a point
    /// that is no tour: a path 1 -> ... -> 16 through the top two rows and
    /// the right column, and a cycle of six cells in the bottom left corner,
    /// every cell that is not a clue on segment 1.
    fn path_and_cycle() -> (Model, Vec<f64>) {
        let board = Board::parse(b",,,\n1,,,\n,,,\n,,,16\n").unwrap();
        let model = build(&board, Scope::Faithful);
        let node = |row: usize, col: usize| tour::node(board.index(Cell::new(row, col)));
        let path = [
            (1, 0),
            (0, 0),
            (0, 1),
            (1, 1),
            (1, 2),
            (0, 2),
            (0, 3),
            (1, 3),
            (2, 3),
            (3, 3),
        ];
        let cycle = [(2, 0), (2, 1), (2, 2), (3, 2), (3, 1), (3, 0), (2, 0)];
        let mut used = vec![(DEPOT, node(1, 0)), (node(3, 3), DEPOT)];
        for steps in [&path[..], &cycle[..]] {
            used.extend(
                steps
                    .windows(2)
                    .map(|w| (node(w[0].0, w[0].1), node(w[1].0, w[1].1))),
            );
        }
        let mut values = vec![0.0; model.mip.vars.len()];
        for (var, value) in model.mip.vars.iter().zip(values.iter_mut()) {
            let at = var.name.indices();
            *value = match var.name.family {
                "y" if used.contains(&(at[0] as usize, at[1] as usize)) => 1.0,
                "z" if at[1] == 1 => 1.0,
                _ => 0.0,
            };
        }
        (model, values)
    }

    #[test]
    fn the_labels_let_a_cycle_away_from_the_depot_through_and_the_subtour_rows_cut_it() {
        let (model, values) = path_and_cycle();
        for row in &model.mip.rows {
            assert!(row.holds(&values), "{}", model.mip.row_text(row));
        }
        assert!(model.decode(&values).is_err());
        let found = model.separate(&values, 1);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].rhs, 5.0);
        assert!(!found[0].holds(&values));
    }
}
