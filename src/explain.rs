//! `numbrix model`: the model of one board as a student reads it before the
//! numbers: each variable family and each equation family with its algebra,
//! how many of it this board gets, and one of its rows written out, with the
//! same names as the listings, `export` and the solver statistics.

use std::fmt::Write as _;

use serde::Serialize;

use crate::board::Board;
use crate::error::Error;
use crate::formulation::{Family, Formulation};
use crate::mip::{number, Mip};
use crate::solve::{prepare, Modelled, Options, Prepared};
use crate::variant::Variant;
use crate::words::how_many;

/// Terms shown in an example row before it is cut in the middle.
const EXAMPLE_TERMS: usize = 6;

/// One family on this board.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FamilySummary {
    pub family: &'static str,
    /// The family with its indices: `next(i,j,k<T)`.
    pub indexed: String,
    pub algebra: &'static str,
    pub meaning: &'static str,
    /// Rows (or variables) of this family in the model.
    pub count: usize,
    /// The first row of the family written out, or the first variable with
    /// its bounds; null when the family is absent from this model.
    pub example: Option<String>,
}

/// The model of one board, family by family.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ModelSummary {
    pub rows: usize,
    pub cols: usize,
    pub clues: usize,
    pub model: Formulation,
    pub variant: Variant,
    pub reduced: bool,
    pub strengthened: bool,
    pub variables: Vec<FamilySummary>,
    pub equations: Vec<FamilySummary>,
    pub total_variables: usize,
    /// The sum of the equation counts: the model's rows, the same number as
    /// `solve --format json`'s `stats.constraints`.
    pub total_rows: usize,
    pub nonzeros: usize,
}

/// Builds the model the options ask for and summarises it; a board refuted
/// before any model was built has no model to summarise.
pub fn summarize(board: &Board, options: &Options) -> Result<Modelled<ModelSummary>, Error> {
    Ok(prepare(board, options)?.map(|prepared| summary_of(board, options, &prepared)))
}

fn summary_of(board: &Board, options: &Options, prepared: &Prepared) -> ModelSummary {
    let mip = &prepared.model.mip;
    let formulation = options.formulation;
    let variables = formulation
        .variables()
        .iter()
        .map(|family| variable_family(mip, family))
        .collect();
    let mut equations: Vec<FamilySummary> = formulation
        .families()
        .iter()
        .map(|family| equation_family(mip, family))
        .collect();
    // A family the model emits but the formulation does not list would be a
    // bug; show it rather than hide rows from the count.
    for (family, _) in mip.family_counts() {
        if !equations.iter().any(|summary| summary.family == family) {
            equations.push(equation_family(
                mip,
                &Family {
                    name: family,
                    indices: "",
                    algebra: "(not listed by the formulation)",
                    meaning: "",
                },
            ));
        }
    }
    ModelSummary {
        rows: board.rows(),
        cols: board.cols(),
        clues: board.clue_count(),
        model: formulation,
        variant: options.variant,
        reduced: options.variant.is_reduced(),
        strengthened: options.variant.strengthens(),
        variables,
        equations,
        total_variables: mip.vars.len(),
        total_rows: mip.rows.len(),
        nonzeros: mip.nonzeros(),
    }
}

fn variable_family(mip: &Mip, family: &Family) -> FamilySummary {
    let mut members = mip.vars.iter().filter(|var| var.name.family == family.name);
    let example = members.next().map(|var| {
        let kind = if var.integer { "binary" } else { "continuous" };
        format!(
            "{}: {kind} in [{}, {}]",
            var.name,
            number(var.lower),
            number(var.upper)
        )
    });
    summary(family, example, members.count())
}

fn equation_family(mip: &Mip, family: &Family) -> FamilySummary {
    let mut members = mip.rows.iter().filter(|row| row.name.family == family.name);
    let example = members
        .next()
        .map(|row| mip.row_text_abridged(row, EXAMPLE_TERMS));
    summary(family, example, members.count())
}

/// A family's summary from its first member written out (if any) and the
/// count of the others.
fn summary(family: &Family, example: Option<String>, others: usize) -> FamilySummary {
    FamilySummary {
        family: family.name,
        indexed: format!("{}{}", family.name, family.indices),
        algebra: family.algebra,
        meaning: family.meaning,
        count: usize::from(example.is_some()) + others,
        example,
    }
}

impl ModelSummary {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a summary always serialises")
    }

    /// The summary for people.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let scope = self.variant.describe();
        let _ = writeln!(
            out,
            "The {scope} {} model of this {}x{} board ({}): {}, {}, {}. \
             Minimise 0 subject to:",
            self.model,
            self.rows,
            self.cols,
            how_many(self.clues as u64, "clue", "clues"),
            how_many(self.total_variables as u64, "variable", "variables"),
            how_many(self.total_rows as u64, "row", "rows"),
            how_many(self.nonzeros as u64, "nonzero", "nonzeros"),
        );
        if self.reduced && self.total_variables == 0 {
            let _ = writeln!(
                out,
                "The reduction decided every cell, so no variable is left for a solver; \
                 --faithful shows the full model."
            );
        }
        let _ = writeln!(out, "\nVariables");
        for family in &self.variables {
            write_family(&mut out, family, ("variable", "variables"));
        }
        let _ = writeln!(out, "\nEquations");
        for family in &self.equations {
            write_family(&mut out, family, ("row", "rows"));
        }
        let _ = writeln!(
            out,
            "\nTotal: {} (stats.constraints of `numbrix solve --format json`).",
            how_many(self.total_rows as u64, "row", "rows")
        );
        let _ = writeln!(
            out,
            "Next: `numbrix export` writes every row; `numbrix solve --relax` solves the LP relaxation."
        );
        out
    }
}

/// One family's line, its count said with `unit` (one, many), then its
/// algebra and an example row.
fn write_family(out: &mut String, family: &FamilySummary, unit: (&str, &str)) {
    let unit = if family.count == 1 { unit.0 } else { unit.1 };
    let _ = writeln!(
        out,
        "  {:<16} {:>6} {unit:<10} {}",
        family.indexed, family.count, family.meaning
    );
    let _ = writeln!(out, "      {}", family.algebra);
    match &family.example {
        Some(example) => {
            let _ = writeln!(out, "      e.g. {example}");
        }
        None => {
            let _ = writeln!(out, "      (none in this model)");
        }
    }
}
