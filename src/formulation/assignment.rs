//! Formulation 1: the assignment MIP, as in the GAMS model (models/assignment.md).
//!
//! ```text
//! x(i,j,k) binary      cell (i,j) holds value k,  k in 1..T
//!
//! one_value(i,j)       sum_k x(i,j,k) = 1
//! one_cell(k)          sum_(i,j) x(i,j,k) = 1
//! next(i,j,k<T)        x(i-1,j,k+1) + x(i+1,j,k+1) + x(i,j-1,k+1) + x(i,j+1,k+1) >= x(i,j,k)
//! given(i,j)           x(i,j,board(i,j)) = 1
//! prev(i,j,k>1)        x(i-1,j,k-1) + x(i+1,j,k-1) + x(i,j-1,k-1) + x(i,j+1,k-1) >= x(i,j,k)
//!                      (strengthened reduced model only)
//! ```
//!
//! Terms that fall outside the grid are absent. On a reduced model, x(i,j,k)
//! exists only where the domains allow k in (i,j), a decided pair is the
//! constant 1, and `given` is absorbed into the domains.

use super::{emit, ij, Model, Scope, Size, Term};
use crate::board::{Board, Cell};
use crate::clock::Clock;
use crate::domains::Domains;
use crate::mip::{Mip, Name, Sense};
use std::time::Instant;

use super::{Family, Formulation, LpPoint};

/// The variables, as models/assignment.md declares them.
pub const VARIABLES: &[Family] = &[Family {
    name: "x",
    indices: "(i,j,k)",
    algebra: "x(i,j,k) in {0,1}",
    meaning: "cell (i,j) holds value k",
}];

/// The equation families, as models/assignment.md states them.
pub const FAMILIES: &[Family] = &[
    Family {
        name: "one_value",
        indices: "(i,j)",
        algebra: "sum_k x(i,j,k) = 1",
        meaning: "each cell holds one value",
    },
    Family {
        name: "one_cell",
        indices: "(k)",
        algebra: "sum_(i,j) x(i,j,k) = 1",
        meaning: "each value sits in one cell",
    },
    Family {
        name: "next",
        indices: "(i,j,k<T)",
        algebra: "x(i-1,j,k+1) + x(i+1,j,k+1) + x(i,j-1,k+1) + x(i,j+1,k+1) >= x(i,j,k)",
        meaning: "the cell after k is a neighbour (terms off the grid are absent)",
    },
    Family {
        name: "given",
        indices: "(i,j)",
        algebra: "x(i,j,board(i,j)) = 1",
        meaning: "the clues (faithful model; the reduced model fixes them in the domains)",
    },
    Family {
        name: "prev",
        indices: "(i,j,k>1)",
        algebra: "x(i-1,j,k-1) + x(i+1,j,k-1) + x(i,j-1,k-1) + x(i,j+1,k-1) >= x(i,j,k)",
        meaning: "the cell before k is a neighbour: redundant for integers, \
                  it tightens the LP relaxation (strengthened reduced model only)",
    },
];

/// The variables of the model: `term(cell, k)` is x(cell, k).
struct Assignment<'a> {
    board: &'a Board,
    total: u32,
    x: Table,
    /// The build's time limit. On the largest boards each family takes a
    /// tenth of a second and more, so the loops over cells read the clock
    /// as they go; once it has run out, they end, and the build is given
    /// up.
    clock: Clock,
}

/// Cells between two readings of the clock while the model is built.
const CELLS_PER_READING: u32 = 64;

/// x(cell, k) for the values k each cell may hold, kept from the cell's
/// lowest such value to its highest (all of 1..=T on the faithful model);
/// beyond them x is the constant 0. The reduction leaves a cell of a large
/// board a small part of 1..=T, so a table over every (cell, k) would be
/// nearly all zeros, larger than the model, and walked whole by every
/// family.
struct Table {
    /// Each cell's lowest value in the table.
    first: Vec<u32>,
    /// Where each cell's values start in `terms`, and where the last ends.
    start: Vec<usize>,
    terms: Vec<Term>,
}

impl Table {
    fn term(&self, cell: usize, value: u32) -> Term {
        let offset = value.wrapping_sub(self.first[cell]) as usize;
        let (start, end) = (self.start[cell], self.start[cell + 1]);
        if offset < end - start {
            self.terms[start + offset]
        } else {
            Term::Zero
        }
    }

    /// x(cell, k) for the cell's values k in the table, ascending.
    fn values(&self, cell: usize) -> impl Iterator<Item = (u32, Term)> + '_ {
        let first = self.first[cell];
        self.terms[self.start[cell]..self.start[cell + 1]]
            .iter()
            .zip(first..)
            .map(|(&term, value)| (value, term))
    }
}

impl Assignment<'_> {
    /// The cells, in order, while the build is in time.
    fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.board.len()).take_while(|_| !self.clock.out_of_time())
    }

    fn term(&self, cell: usize, value: u32) -> Term {
        self.x.term(cell, value)
    }

    fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.board
            .neighbours(self.board.cell(cell))
            .map(|neighbour| self.board.index(neighbour))
    }

    fn name(&self, family: &'static str, cell: usize, value: u32) -> Name {
        let [i, j] = ij(self.board, cell);
        Name::new(family, &[i, j, value])
    }
}

/// The model, or None once the clock has passed `stop`.
pub(super) fn build(board: &Board, scope: Scope<'_>, stop: Option<Instant>) -> Option<Model> {
    let mut mip = Mip::default();
    let model = variables(
        board,
        scope,
        Clock::until(stop, CELLS_PER_READING),
        &mut mip,
    );
    let mut families: Vec<fn(&Assignment, &mut Mip)> = vec![one_value, one_cell, next];
    match scope {
        Scope::Faithful => families.push(given),
        Scope::Reduced { strengthen, .. } => {
            if strengthen {
                families.push(prev);
            }
        }
    }
    for family in families {
        if model.clock.stopped() {
            return None;
        }
        family(&model, &mut mip);
    }
    if model.clock.stopped() {
        return None;
    }
    let Assignment { x, .. } = model;
    let cols = board.cols();
    let variables = mip.vars.len();
    let x = std::sync::Arc::new(x);
    let x_for_encoding = x.clone();
    let x_for_viewing = x.clone();
    let decoder = Box::new(move |values: &[f64]| decode(&x, cols, values));
    let encoder = Box::new(move |grid: &[u32]| encode(&x_for_encoding, variables, grid));
    let viewer = Box::new(move |values: &[f64]| view(&x_for_viewing, values));
    Some(Model::new(Formulation::Assignment, mip, decoder, encoder).with_viewer(viewer))
}

/// `x(i,j,k)` binary for every cell and value (faithful), or for the pairs
/// the domains leave open (reduced: a decided pair is the constant 1).
fn variables<'a>(
    board: &'a Board,
    scope: Scope<'_>,
    clock: Clock,
    mip: &mut Mip,
) -> Assignment<'a> {
    let total = board.total();
    let mut x = Table {
        first: Vec::with_capacity(board.len()),
        start: Vec::with_capacity(board.len() + 1),
        terms: Vec::new(),
    };
    for index in (0..board.len()).take_while(|_| !clock.out_of_time()) {
        let cell = board.cell(index);
        let (span, fixed) = match scope {
            Scope::Faithful => ((1, total), None),
            Scope::Reduced { domains, .. } => {
                (domains.range(board, cell), domains.fixed(board, cell))
            }
        };
        // A cell without values (the reduction would have refuted the board
        // first) keeps an empty span.
        let (first, last) = if span.0 == 0 { (1, 0) } else { span };
        x.first.push(first);
        x.start.push(x.terms.len());
        for value in first..=last {
            let term = match scope {
                Scope::Reduced { domains, .. } if !domains.allows(board, cell, value) => Term::Zero,
                Scope::Reduced { .. } if fixed.is_some() => Term::One,
                _ => {
                    let var = mip.binary(Name::new(
                        "x",
                        &[cell.row as u32 + 1, cell.col as u32 + 1, value],
                    ));
                    mip.decisions.push(var);
                    Term::Var(var)
                }
            };
            x.terms.push(term);
        }
    }
    x.start.push(x.terms.len());
    Assignment {
        board,
        total,
        x,
        clock,
    }
}

/// one_value(i,j): `sum_k x(i,j,k) = 1`: each cell holds one value.
fn one_value(model: &Assignment, mip: &mut Mip) {
    for cell in model.cells() {
        let [i, j] = ij(model.board, cell);
        let terms = model.x.values(cell).map(|(_, term)| (term, 1.0));
        emit(mip, Name::new("one_value", &[i, j]), terms, Sense::Eq, 1.0);
    }
}

/// one_cell(k): `sum_(i,j) x(i,j,k) = 1`: each value sits in one cell.
fn one_cell(model: &Assignment, mip: &mut Mip) {
    // Each value's terms, gathered cell by cell in the order of the sum.
    let mut terms_of = vec![Vec::new(); model.total as usize + 1];
    for cell in model.cells() {
        for (value, term) in model.x.values(cell) {
            if term != Term::Zero {
                terms_of[value as usize].push((term, 1.0));
            }
        }
    }
    for value in 1..=model.total {
        let terms = std::mem::take(&mut terms_of[value as usize]);
        emit(mip, Name::new("one_cell", &[value]), terms, Sense::Eq, 1.0);
    }
}

/// next(i,j,k<T): `x(i-1,j,k+1) + x(i+1,j,k+1) + x(i,j-1,k+1) + x(i,j+1,k+1) >= x(i,j,k)`:
/// the successor of k is a neighbour. Written as `sum - x(i,j,k) >= 0`.
fn next(model: &Assignment, mip: &mut Mip) {
    for cell in model.cells() {
        for (value, _) in model.x.values(cell) {
            if value < model.total {
                neighbour_row(model, mip, "next", cell, value, value + 1);
            }
        }
    }
}

/// given(i,j): `x(i,j,board(i,j)) = 1`: the clues.
fn given(model: &Assignment, mip: &mut Mip) {
    for (cell, value) in model.board.clues() {
        let cell = model.board.index(cell);
        let [i, j] = ij(model.board, cell);
        let terms = [(model.term(cell, value), 1.0)];
        emit(mip, Name::new("given", &[i, j]), terms, Sense::Eq, 1.0);
    }
}

/// `sum_(neighbours n of cell) x(n, other) - x(cell, value) >= 0`.
fn neighbour_row(
    model: &Assignment,
    mip: &mut Mip,
    family: &'static str,
    cell: usize,
    value: u32,
    other: u32,
) {
    let own = model.term(cell, value);
    if own == Term::Zero {
        return; // 0 <= anything: always true
    }
    let terms = model
        .neighbours(cell)
        .map(|neighbour| (model.term(neighbour, other), 1.0))
        .chain([(own, -1.0)]);
    emit(mip, model.name(family, cell, value), terms, Sense::Ge, 0.0);
}

/// prev(i,j,k>1): `x(i-1,j,k-1) + x(i+1,j,k-1) + x(i,j-1,k-1) + x(i,j+1,k-1) >= x(i,j,k)`:
/// the predecessor of k is a neighbour. Implied by `next` and `one_cell` for
/// integer x, but not for the LP relaxation, which it tightens.
fn prev(model: &Assignment, mip: &mut Mip) {
    for cell in model.cells() {
        for (value, _) in model.x.values(cell) {
            if value > 1 {
                neighbour_row(model, mip, "prev", cell, value, value - 1);
            }
        }
    }
}

/// Each cell's value: the k with x(i,j,k) = 1 (or the decided constant).
fn decode(x: &Table, cols: usize, values: &[f64]) -> Result<Vec<u32>, String> {
    (0..x.first.len())
        .map(|index| {
            let cell = Cell::new(index / cols, index % cols);
            let mut held = x.values(index).filter_map(|(k, term)| match term {
                Term::One => Some(k),
                Term::Var(var) if values[var] > 0.5 => Some(k),
                _ => None,
            });
            match (held.next(), held.next()) {
                (Some(value), None) => Ok(value),
                (None, _) => Err(format!("cell {cell} holds no value")),
                (Some(a), Some(b)) => Err(format!("cell {cell} holds both {a} and {b}")),
            }
        })
        .collect()
}

/// Each cell's values with their weights above 0, heaviest first.
fn view(x: &Table, values: &[f64]) -> LpPoint {
    LpPoint::Values(
        (0..x.first.len())
            .map(|cell| {
                let mut held: Vec<(u32, f64)> = x
                    .values(cell)
                    .filter_map(|(k, term)| match term {
                        Term::One => Some((k, 1.0)),
                        Term::Var(var) if values[var] > 1e-6 => Some((k, values[var])),
                        _ => None,
                    })
                    .collect();
                held.sort_by(|a, b| b.1.total_cmp(&a.1));
                held
            })
            .collect(),
    )
}

/// x(i,j,k) = 1 where the grid has k at (i,j), 0 elsewhere.
fn encode(x: &Table, variables: usize, grid: &[u32]) -> Vec<f64> {
    let mut values = vec![0.0; variables];
    for (cell, &value) in grid.iter().enumerate() {
        if let Term::Var(var) = x.term(cell, value) {
            values[var] = 1.0;
        }
    }
    values
}

/// Variables and nonzeros, counted from the board and domains without building.
pub(super) fn estimate(board: &Board, domains: Option<&Domains>) -> Size {
    let total = board.total() as u64;
    let cells = board.len() as u64;
    let variables = match domains {
        None => cells * total,
        Some(domains) => board
            .cells()
            .filter(|&cell| domains.fixed(board, cell).is_none())
            .map(|cell| domains.size(board, cell) as u64)
            .sum(),
    };
    // one_value and one_cell touch each variable once; next and prev at
    // most 5 times each.
    Size {
        variables,
        constraints: cells + total + 2 * variables,
        nonzeros: 12 * variables,
    }
}
