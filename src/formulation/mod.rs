//! The formulations, as one enum value each, and what they produce: a
//! [`Model`], which is a [`Mip`] plus the way back from variable values to a
//! grid. Nothing outside this module knows which formulation it runs, so a
//! new one is a new variant and a new submodule, and nothing else. A model
//! may also carry a [`Separator`]: rows it states but builds only when a
//! solution breaks them (the subtour rows of DFJ).

pub mod assignment;
pub mod dfj;
pub mod lifted_mtz;
pub mod mcf;
pub mod mtz;
pub mod scf;
mod subtours;
mod tour;

use std::fmt;
use std::time::Instant;

use crate::board::Board;
use crate::check::Solution;
use crate::domains::Domains;
use crate::mip::{Mip, Name, Row, Sense, VarId};

/// Which integer program states the puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum Formulation {
    /// Formulation 1: x(i,j,k) = 1 iff cell (i,j) holds k (the GAMS model).
    Assignment,
    /// Formulation 2: a tour through a depot with Miller-Tucker-Zemlin order variables.
    Mtz,
    /// Formulation 3: MTZ with the Desrochers-Laporte lifted rows.
    LiftedMtz,
    /// Formulation 4: single-commodity flow (Gavish-Graves).
    Scf,
    /// Formulation 5: subtour elimination (Dantzig-Fulkerson-Johnson) by row generation.
    Dfj,
    /// Formulation 6: multi-commodity flow, one commodity per cell (small boards only).
    Mcf,
}

impl Formulation {
    pub const ALL: [Formulation; 6] = [
        Formulation::Assignment,
        Formulation::Mtz,
        Formulation::LiftedMtz,
        Formulation::Scf,
        Formulation::Dfj,
        Formulation::Mcf,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Formulation::Assignment => "assignment",
            Formulation::Mtz => "mtz",
            Formulation::LiftedMtz => "lifted-mtz",
            Formulation::Scf => "scf",
            Formulation::Dfj => "dfj",
            Formulation::Mcf => "mcf",
        }
    }

    /// The most cells a board may have for this formulation, where its
    /// size grows faster than the board's (None: no such limit).
    pub fn max_cells(self) -> Option<usize> {
        match self {
            Formulation::Mcf => Some(mcf::MAX_CELLS),
            _ => None,
        }
    }

    /// Builds the model. `Scope::Faithful` is exactly the model of the
    /// formulation's models/ page;
    /// `Scope::Reduced` keeps only what the domains allow.
    pub fn build(self, board: &Board, scope: Scope<'_>) -> Model {
        match self.build_until(board, scope, None) {
            Some(model) => model,
            None => unreachable!("a build with no stop is never given up"),
        }
    }

    /// As [`Formulation::build`], given up (None) once the clock passes
    /// `stop`. The assignment model, the one that grows with cells x
    /// values, reads the clock as its loops over cells go (a tenth of a
    /// second a family and more on the largest boards); the others are
    /// built whole once begun.
    pub fn build_until(
        self,
        board: &Board,
        scope: Scope<'_>,
        stop: Option<Instant>,
    ) -> Option<Model> {
        if stop.is_some_and(|stop| Instant::now() >= stop) {
            return None;
        }
        match self {
            Formulation::Assignment => assignment::build(board, scope, stop),
            Formulation::Mtz => Some(mtz::build(board, scope)),
            Formulation::LiftedMtz => Some(lifted_mtz::build(board, scope)),
            Formulation::Scf => Some(scf::build(board, scope)),
            Formulation::Dfj => Some(dfj::build(board, scope)),
            Formulation::Mcf => Some(mcf::build(board, scope)),
        }
    }

    /// The equation families this formulation can emit, as its models/
    /// listing states them, in the order they are built.
    pub fn families(self) -> &'static [Family] {
        match self {
            Formulation::Assignment => assignment::FAMILIES,
            Formulation::Mtz => mtz::FAMILIES,
            Formulation::LiftedMtz => lifted_mtz::FAMILIES,
            Formulation::Scf => scf::FAMILIES,
            Formulation::Dfj => dfj::FAMILIES,
            Formulation::Mcf => mcf::FAMILIES,
        }
    }

    /// The variable families, as the listing declares them.
    pub fn variables(self) -> &'static [Family] {
        match self {
            Formulation::Assignment => assignment::VARIABLES,
            Formulation::Mtz => mtz::VARIABLES,
            Formulation::LiftedMtz => lifted_mtz::VARIABLES,
            Formulation::Scf => scf::VARIABLES,
            Formulation::Dfj => dfj::VARIABLES,
            Formulation::Mcf => mcf::VARIABLES,
        }
    }

    /// An upper bound on the variables and nonzeros of the model, computed
    /// from the board's size (and domains, when reduced) without building it.
    pub fn estimate(self, board: &Board, domains: Option<&Domains>) -> Size {
        match self {
            Formulation::Assignment => assignment::estimate(board, domains),
            Formulation::Mtz => mtz::estimate(board, domains),
            Formulation::LiftedMtz => lifted_mtz::estimate(board, domains),
            Formulation::Scf => scf::estimate(board, domains),
            Formulation::Dfj => dfj::estimate(board, domains),
            Formulation::Mcf => mcf::estimate(board, domains),
        }
    }
}

impl fmt::Display for Formulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A family of equations (or variables) as a reader meets it: the name the
/// rows carry, its indices, its algebra on one line, and what it says.
/// Each formulation lists its own next to the code that builds them, so
/// `numbrix model` and the listings cannot drift apart silently.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Family {
    /// The row (or variable) name's family: `one_value`, `x`.
    pub name: &'static str,
    /// The indices as the listing writes them: `(i,j)`, `(i,j,k<T)`.
    pub indices: &'static str,
    /// The algebra on one line.
    pub algebra: &'static str,
    /// What it means, in words.
    pub meaning: &'static str,
}

/// What a model is built over.
#[derive(Debug, Clone, Copy)]
pub enum Scope<'a> {
    /// The model of the formulation's models/ page, every variable and the
    /// `given` rows.
    Faithful,
    /// Only the (cell, value) pairs the reduction left; decided pairs are
    /// constants, and rows left empty or always true are not emitted.
    Reduced {
        domains: &'a Domains,
        /// Add the valid but redundant rows that tighten the LP relaxation
        /// (`prev` for the assignment model, the reverse order bound for MTZ).
        strengthen: bool,
    },
}

/// A model size, counted or estimated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Size {
    pub variables: u64,
    pub constraints: u64,
    pub nonzeros: u64,
}

/// Turns variable values back into row-major grid values.
pub type Decoder = Box<dyn Fn(&[f64]) -> Result<Vec<u32>, String> + Send + Sync>;

/// Turns row-major grid values into the variable values that state them.
pub type Encoder = Box<dyn Fn(&[u32]) -> Vec<f64> + Send + Sync>;

/// The rows of a family the model states but does not build, that these
/// variable values break, numbered from the given number on (empty: none
/// broken). Valid for every solution, so they can be kept once found.
pub type Separator = Box<dyn Fn(&[f64], u32) -> Vec<Row> + Send + Sync>;

/// A point of the LP relaxation as a picture shows it: what the binaries
/// say about the grid.
#[derive(Debug, Clone, PartialEq)]
pub enum LpPoint {
    /// Per cell (row-major), the values it holds with their weights above
    /// 0, heaviest first (the assignment model).
    Values(Vec<Vec<(u32, f64)>>),
    /// The arcs above 0 with their values: from and to as row-major cell
    /// indices, None for the depot (the tour models).
    Arcs(Vec<(Option<usize>, Option<usize>, f64)>),
}

/// Reads an [`LpPoint`] off the variable values.
pub type Viewer = Box<dyn Fn(&[f64]) -> LpPoint + Send + Sync>;

/// A built model: the program, its decoder and its encoder, for row
/// generation its separator, and its viewer for pictures.
pub struct Model {
    pub formulation: Formulation,
    pub mip: Mip,
    decoder: Decoder,
    encoder: Encoder,
    separator: Option<Separator>,
    viewer: Option<Viewer>,
}

impl Model {
    pub fn new(formulation: Formulation, mip: Mip, decoder: Decoder, encoder: Encoder) -> Model {
        Model {
            formulation,
            mip,
            decoder,
            encoder,
            separator: None,
            viewer: None,
        }
    }

    /// The model with a viewer for pictures of its LP points.
    pub fn with_viewer(mut self, viewer: Viewer) -> Model {
        self.viewer = Some(viewer);
        self
    }

    /// What these values (an LP point) say about the grid, if the model
    /// can say it.
    pub fn view(&self, values: &[f64]) -> Option<LpPoint> {
        self.viewer.as_ref().map(|viewer| viewer(values))
    }

    /// The model with rows generated by `separator` as solutions break them.
    pub fn with_separator(mut self, separator: Separator) -> Model {
        self.separator = Some(separator);
        self
    }

    /// Does the model generate rows as it is solved?
    pub fn generates_rows(&self) -> bool {
        self.separator.is_some()
    }

    /// The generated rows these values break, numbered from `first`.
    pub fn separate(&self, values: &[f64], first: u32) -> Vec<Row> {
        self.separator
            .as_ref()
            .map_or_else(Vec::new, |separator| separator(values, first))
    }

    /// The grid the variable values describe, or why they describe none.
    pub fn decode(&self, values: &[f64]) -> Result<Vec<u32>, String> {
        (self.decoder)(values)
    }

    /// The variable values of a solution found elsewhere (by the search), or
    /// None when this model cannot state it (the decoder does not give the
    /// same grid back): the no-good cut and a MIP start are built from these.
    pub fn encode(&self, solution: &Solution) -> Option<Vec<f64>> {
        let values = (self.encoder)(solution.values());
        (self.decode(&values).ok()? == solution.values()).then_some(values)
    }

    pub fn size(&self) -> Size {
        Size {
            variables: self.mip.vars.len() as u64,
            constraints: self.mip.rows.len() as u64,
            nonzeros: self.mip.nonzeros() as u64,
        }
    }
}

impl fmt::Debug for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Model")
            .field("formulation", &self.formulation)
            .field("size", &self.size())
            .finish()
    }
}

/// A term of a row before constants are taken out: a variable, or a
/// variable the reduction decided (0 or 1).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Term {
    Var(VarId),
    /// The reduction fixed this binary to 1.
    One,
    /// The reduction ruled this binary out.
    Zero,
}

/// Terms a row may have and still get room for all of them at once.
const SHORT_ROW: usize = 8;

/// Adds `sum coefficient * term (sense) rhs` to the model, constants moved to
/// the right, unless no variable is left and it holds, or its variables
/// cannot violate it within their bounds. A row with no variable that fails
/// is kept (as an empty row) so the solver reports the contradiction.
pub(crate) fn emit(
    mip: &mut Mip,
    name: Name,
    terms: impl IntoIterator<Item = (Term, f64)>,
    sense: Sense,
    mut rhs: f64,
) {
    let terms = terms.into_iter();
    // Room for a short row at once (a filter's bound can be every arc of
    // the board, so a long one only gets what it surely holds).
    let room = match terms.size_hint() {
        (_, Some(most)) if most <= SHORT_ROW => most,
        (least, _) => least,
    };
    let mut vars = Vec::with_capacity(room);
    for (term, coefficient) in terms {
        match term {
            Term::Var(var) => vars.push((var, coefficient)),
            Term::One => rhs -= coefficient,
            Term::Zero => {}
        }
    }
    let (mut low, mut high) = (0.0, 0.0);
    for &(var, coefficient) in &vars {
        let (lower, upper) = (mip.vars[var].lower, mip.vars[var].upper);
        let (a, b) = (coefficient * lower, coefficient * upper);
        low += a.min(b);
        high += a.max(b);
    }
    let always_true = match sense {
        Sense::Le => high <= rhs + 1e-9,
        Sense::Ge => low >= rhs - 1e-9,
        Sense::Eq => (low - rhs).abs() <= 1e-9 && (high - rhs).abs() <= 1e-9,
    };
    if !always_true {
        mip.rows.push(Row {
            name,
            terms: vars,
            sense,
            rhs,
        });
    }
}

/// 1-based (i, j) of a cell, for names.
pub(crate) fn ij(board: &Board, index: usize) -> [u32; 2] {
    let cell = board.cell(index);
    [cell.row as u32 + 1, cell.col as u32 + 1]
}

#[cfg(test)]
mod tests;
