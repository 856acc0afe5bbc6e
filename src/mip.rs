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
        let lhs: f64 = self
            .terms
            .iter()
            .map(|&(var, coefficient)| coefficient * values[var])
            .sum();
        match self.sense {
            Sense::Le => lhs <= self.rhs + 1e-6,
            Sense::Ge => lhs >= self.rhs - 1e-6,
            Sense::Eq => (lhs - self.rhs).abs() <= 1e-6,
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
