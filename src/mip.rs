//! A mixed-integer program as plain data: named variables and named rows.
//!
//! Formulations write their equations here, one family at a time; backends
//! turn it into a `good_lp` problem for HiGHS or CBC; exporters write it out
//! with the names of the models/ listings. Keeping the model as data is what
//! lets the uniqueness loop, the statistics and the exporters ignore which
//! formulation made it.

use std::fmt;

/// A name like `x(2,3,17)` or `one_value(2,3)`: a family and up to three
/// 1-based indices (stored unformatted; formatting is done only when shown).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Name {
    pub family: &'static str,
    indices: [u32; 3],
    arity: u8,
}

impl Name {
    pub fn new(family: &'static str, indices: &[u32]) -> Name {
        let mut stored = [0; 3];
        stored[..indices.len()].copy_from_slice(indices);
        Name {
            family,
            indices: stored,
            arity: indices.len() as u8,
        }
    }

    pub fn indices(&self) -> &[u32] {
        &self.indices[..self.arity as usize]
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.family)?;
        if self.arity > 0 {
            f.write_str("(")?;
            for (position, index) in self.indices().iter().enumerate() {
                if position > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{index}")?;
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

/// Index of a variable in [`Mip::vars`].
pub type VarId = usize;

#[derive(Debug, Clone, PartialEq)]
pub struct Var {
    pub name: Name,
    pub lower: f64,
    pub upper: f64,
    pub integer: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sense {
    /// `terms <= rhs`
    Le,
    /// `terms >= rhs`
    Ge,
    /// `terms = rhs`
    Eq,
}

impl fmt::Display for Sense {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Sense::Le => "<=",
            Sense::Ge => ">=",
            Sense::Eq => "=",
        })
    }
}

/// One linear constraint: `sum coefficient * var  (<=|>=|=)  rhs`.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub name: Name,
    pub terms: Vec<(VarId, f64)>,
    pub sense: Sense,
    pub rhs: f64,
}

impl Row {
    /// Is the row satisfied by these variable values (within 1e-6)?
    pub fn holds(&self, values: &[f64]) -> bool {
        self.holds_within(values, 1e-6)
    }

    /// Is the row satisfied by these variable values, within `tolerance`?
    pub fn holds_within(&self, values: &[f64], tolerance: f64) -> bool {
        let lhs: f64 = self
            .terms
            .iter()
            .map(|&(var, coefficient)| coefficient * values[var])
            .sum();
        match self.sense {
            Sense::Le => lhs <= self.rhs + tolerance,
            Sense::Ge => lhs >= self.rhs - tolerance,
            Sense::Eq => (lhs - self.rhs).abs() <= tolerance,
        }
    }
}

/// The program: minimise 0 subject to the rows (every model here is a
/// feasibility problem).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Mip {
    pub vars: Vec<Var>,
    pub rows: Vec<Row>,
    /// The binaries whose values at 1 identify a solution: the no-good cut
    /// is written over them.
    pub decisions: Vec<VarId>,
}

impl Mip {
    pub fn binary(&mut self, name: Name) -> VarId {
        self.vars.push(Var {
            name,
            lower: 0.0,
            upper: 1.0,
            integer: true,
        });
        self.vars.len() - 1
    }

    pub fn continuous(&mut self, name: Name, lower: f64, upper: f64) -> VarId {
        self.vars.push(Var {
            name,
            lower,
            upper,
            integer: false,
        });
        self.vars.len() - 1
    }

    pub fn row(&mut self, name: Name, terms: Vec<(VarId, f64)>, sense: Sense, rhs: f64) {
        self.rows.push(Row {
            name,
            terms,
            sense,
            rhs,
        });
    }

    pub fn nonzeros(&self) -> usize {
        self.rows.iter().map(|row| row.terms.len()).sum()
    }

    /// The no-good cut for a solution: `sum_{v in S} v <= |S| - 1` over the
    /// decision binaries at 1, which every other solution satisfies and this
    /// one does not. `number` tells successive cuts apart (`nogood(1)`, ...).
    pub fn no_good(&self, values: &[f64], number: u32) -> Row {
        let ones: Vec<(VarId, f64)> = self
            .decisions
            .iter()
            .filter(|&&var| values[var] > 0.5)
            .map(|&var| (var, 1.0))
            .collect();
        let rhs = ones.len() as f64 - 1.0;
        Row {
            name: Name::new("nogood", &[number]),
            terms: ones,
            sense: Sense::Le,
            rhs,
        }
    }

    /// Rows per family, in order of first appearance.
    pub fn family_counts(&self) -> Vec<(&'static str, usize)> {
        let mut counts: Vec<(&'static str, usize)> = Vec::new();
        for row in &self.rows {
            match counts
                .iter_mut()
                .find(|(family, _)| *family == row.name.family)
            {
                Some((_, count)) => *count += 1,
                None => counts.push((row.name.family, 1)),
            }
        }
        counts
    }
}

/// A number as LP and MPS write it: integers without a decimal point,
/// others in Rust's shortest round-trip form (never an exponent).
pub fn number(value: f64) -> String {
    if value == value.trunc() && value.abs() < 1e15 {
        format!("{}", value as i64)
    } else {
        format!("{value}")
    }
}

/// Rows written as algebra, with the listings' names: what `model` shows
/// and the LP file is made of.
impl Mip {
    /// The left-hand side of a row in algebraic form, `x(2,1,2) + x(1,2,2) - x(1,1,1)`,
    /// as a list of pieces (`x(2,1,2)`, `+ x(1,2,2)`, `- x(1,1,1)`): a piece is
    /// never split across lines.
    pub(crate) fn lhs_pieces(&self, row: &Row) -> Vec<String> {
        let mut pieces = Vec::with_capacity(row.terms.len().max(1));
        for (position, &(var, coefficient)) in row.terms.iter().enumerate() {
            let mut piece = match (position, coefficient < 0.0) {
                (0, false) => String::new(),
                (_, false) => "+ ".to_string(),
                (_, true) => "- ".to_string(),
            };
            if coefficient.abs() != 1.0 {
                piece.push_str(&number(coefficient.abs()));
                piece.push(' ');
            }
            piece.push_str(&self.vars[var].name.to_string());
            pieces.push(piece);
        }
        if pieces.is_empty() {
            pieces.push("0".into());
        }
        pieces
    }

    /// One row as algebra on one line: `next(1,1,1): x(2,1,2) + x(1,2,2) - x(1,1,1) >= 0`.
    pub fn row_text(&self, row: &Row) -> String {
        format!(
            "{}: {} {} {}",
            row.name,
            self.lhs_pieces(row).join(" "),
            row.sense,
            number(row.rhs)
        )
    }

    /// One row as [`Mip::row_text`], with long rows cut in the middle:
    /// `one_value(1,1): x(1,1,1) + x(1,1,2) + x(1,1,3) + ... + x(1,1,81) = 1`.
    /// `keep` terms are shown (the first `keep - 1` and the last).
    pub fn row_text_abridged(&self, row: &Row, keep: usize) -> String {
        let pieces = self.lhs_pieces(row);
        let keep = keep.max(2);
        let lhs = if pieces.len() <= keep {
            pieces.join(" ")
        } else {
            let last = &pieces[pieces.len() - 1];
            let sign = if last.starts_with('-') { "-" } else { "+" };
            format!("{} {sign} ... {last}", pieces[..keep - 1].join(" "))
        };
        format!("{}: {lhs} {} {}", row.name, row.sense, number(row.rhs))
    }
}
