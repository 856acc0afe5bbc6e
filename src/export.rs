//! The concrete model as a file other solvers read: CPLEX LP format and free
//! MPS, written by this crate from the [`Mip`] (not by a solver), so the
//! names are the models/ listings' names and the bytes depend only on the
//! model: the same board and options give the same file every time.
//!
//! Names are written as they are shown (`x(2,3,17)`, `one_value(2,3)`,
//! `mtz(4,5)`), without escaping. That is safe because every name here is a
//! family of letters and underscores followed by digits, commas and
//! parentheses: CPLEX LP allows `(`, `)` and `,` in names (it forbids a
//! leading digit or period, and the operators `+ - * / ^ < > = : [ ]`,
//! backslash and spaces); HiGHS's LP reader ends a name only at whitespace
//! or one of `\ : + < > ^ = / - * [ ]`; free MPS ends a name only at
//! whitespace. No name starts with `inf`, `nan` or `e` and a digit, which
//! a reader could take for a number. `check_name` enforces all this before
//! anything is written.
//!
//! The objective is "minimise 0". LP writes it as `obj: 0 x(1,1,1)` (zero
//! times the first variable), which every LP reader accepts, where an empty
//! or constant objective is not universally read; MPS has the objective row
//! `obj` with no entries.

use std::fmt::Write as _;

use crate::board::Board;
use crate::error::Error;
use crate::mip::{number, Mip, Sense, Var};
use crate::solve::{prepare, Modelled, Options, Prepared};
use crate::words::how_many;

/// The model the options describe for this board, written in `format`; a
/// board refuted before any model was built has none to write.
pub fn export(
    board: &Board,
    options: &Options,
    format: FileFormat,
) -> Result<Modelled<String>, Error> {
    Ok(prepare(board, options)?.map(|prepared| write_model(board, options, format, &prepared)))
}

fn write_model(
    board: &Board,
    options: &Options,
    format: FileFormat,
    prepared: &Prepared,
) -> String {
    let mip = &prepared.model.mip;
    let scope = options.variant.kind();
    let name = format!(
        "numbrix_{}_{}_{}x{}",
        options.formulation,
        scope,
        board.rows(),
        board.cols()
    );
    let binaries = mip.vars.iter().filter(|var| is_binary(var)).count();
    let mut title = format!(
        "numbrix {}: the {scope} {} model of this {}x{} board ({})\n",
        env!("CARGO_PKG_VERSION"),
        options.formulation,
        board.rows(),
        board.cols(),
        how_many(board.clue_count() as u64, "clue", "clues"),
    );
    for line in board.to_text().lines() {
        let _ = writeln!(title, "  {line}");
    }
    let _ = writeln!(
        title,
        "minimise 0 subject to {} over {} ({binaries} binary);",
        how_many(mip.rows.len() as u64, "row", "rows"),
        how_many(mip.vars.len() as u64, "variable", "variables"),
    );
    if options.variant.is_reduced() && mip.vars.is_empty() {
        let _ = writeln!(
            title,
            "the reduction decided every cell: nothing is left for a solver (--faithful exports the full model);"
        );
    }
    let _ = write!(
        title,
        "names as in models/{}.md; `numbrix model` explains each family",
        options.formulation
    );
    format.write(mip, &name, &title)
}

/// Which file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum FileFormat {
    /// CPLEX LP: the model as algebra, for people and solvers.
    Lp,
    /// Free MPS: column by column, for solvers.
    Mps,
}

impl FileFormat {
    pub fn extension(self) -> &'static str {
        match self {
            FileFormat::Lp => "lp",
            FileFormat::Mps => "mps",
        }
    }

    /// Writes `mip` in this format. `title` becomes the leading comment
    /// lines (one per line of `title`) and, in MPS, `name` is the NAME.
    pub fn write(self, mip: &Mip, name: &str, title: &str) -> String {
        match self {
            FileFormat::Lp => to_lp(mip, title),
            FileFormat::Mps => to_mps(mip, name, title),
        }
    }
}

/// Names that could not be written unescaped are a bug in a formulation,
/// not a user error: they are refused loudly. Beyond the characters, a name
/// must not read as a number: HiGHS's LP reader tries `strtod` first, which
/// takes `inf...`, `nan...` and (in CPLEX's rules) `e1...` as numbers.
fn check_name(name: &str) {
    let lower = name.to_ascii_lowercase();
    let first = name.chars().next();
    let valid = matches!(first, Some(c) if c.is_ascii_alphabetic())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '(' | ')' | ','))
        && !lower.starts_with("inf")
        && !lower.starts_with("nan")
        && !(lower.starts_with('e') && lower[1..].starts_with(|c: char| c.is_ascii_digit()));
    assert!(
        valid,
        "the name {name:?} would need escaping in LP or MPS format"
    );
}

/// Lines no longer than this (CPLEX reads at most 510 characters a line).
const WIDTH: usize = 78;

/// Appends pieces to `out`, starting with `first` on the current line and
/// wrapping onto lines indented by three spaces.
fn wrapped(out: &mut String, first: &str, pieces: impl IntoIterator<Item = String>) {
    let mut line = first.to_string();
    for piece in pieces {
        if line.len() + 1 + piece.len() > WIDTH && !line.trim().is_empty() {
            out.push_str(line.trim_end());
            out.push('\n');
            line = "   ".to_string();
        } else if !line.ends_with(' ') {
            line.push(' ');
        }
        line.push_str(&piece);
    }
    out.push_str(line.trim_end());
    out.push('\n');
}

fn comment_lines(out: &mut String, marker: &str, title: &str) {
    for line in title.lines() {
        let _ = writeln!(out, "{marker} {line}");
    }
}

/// CPLEX LP format.
pub fn to_lp(mip: &Mip, title: &str) -> String {
    for var in &mip.vars {
        check_name(&var.name.to_string());
    }
    for row in &mip.rows {
        check_name(&row.name.to_string());
    }
    let mut out = String::new();
    comment_lines(&mut out, "\\", title);
    out.push_str("Minimize\n");
    match mip.vars.first() {
        Some(first) => {
            let _ = writeln!(out, " obj: 0 {}", first.name);
        }
        None => out.push_str(" obj:\n"),
    }
    out.push_str("Subject To\n");
    for row in &mip.rows {
        let mut pieces = mip.lhs_pieces(row);
        pieces.push(format!("{} {}", row.sense, number(row.rhs)));
        wrapped(&mut out, &format!(" {}:", row.name), pieces);
    }
    let bounded: Vec<&Var> = mip.vars.iter().filter(|var| !is_binary(var)).collect();
    if !bounded.is_empty() {
        out.push_str("Bounds\n");
        for var in bounded {
            let name = var.name.to_string();
            let line = if var.lower == var.upper {
                format!(" {name} = {}", number(var.lower))
            } else {
                match (var.lower.is_finite(), var.upper.is_finite()) {
                    (true, true) => {
                        format!(" {} <= {name} <= {}", number(var.lower), number(var.upper))
                    }
                    (true, false) => format!(" {name} >= {}", number(var.lower)),
                    (false, true) => format!(" -inf <= {name} <= {}", number(var.upper)),
                    (false, false) => format!(" {name} free"),
                }
            };
            out.push_str(&line);
            out.push('\n');
        }
    }
    let binaries: Vec<String> = mip
        .vars
        .iter()
        .filter(|var| is_binary(var))
        .map(|var| var.name.to_string())
        .collect();
    if !binaries.is_empty() {
        out.push_str("Binaries\n");
        wrapped(&mut out, "", binaries);
    }
    let generals: Vec<String> = mip
        .vars
        .iter()
        .filter(|var| var.integer && !is_binary(var))
        .map(|var| var.name.to_string())
        .collect();
    if !generals.is_empty() {
        out.push_str("Generals\n");
        wrapped(&mut out, "", generals);
    }
    out.push_str("End\n");
    out
}

fn is_binary(var: &Var) -> bool {
    var.integer && var.lower == 0.0 && var.upper == 1.0
}

/// Free MPS. Integer columns sit between `MARKER 'MARKER' 'INTORG'` and
/// `'INTEND'` lines, and binaries also get a `BV` bound, so readers that
/// give integer columns an infinite (or a unit) default bound agree.
pub fn to_mps(mip: &Mip, name: &str, title: &str) -> String {
    check_name(name);
    for var in &mip.vars {
        check_name(&var.name.to_string());
    }
    for row in &mip.rows {
        check_name(&row.name.to_string());
    }
    let mut out = String::new();
    comment_lines(&mut out, "*", title);
    let _ = writeln!(out, "NAME {name}");
    out.push_str("ROWS\n N obj\n");
    for row in &mip.rows {
        let kind = match row.sense {
            Sense::Le => "L",
            Sense::Ge => "G",
            Sense::Eq => "E",
        };
        let _ = writeln!(out, " {kind} {}", row.name);
    }
    // Column-wise entries: for each variable, its rows in row order.
    let mut columns: Vec<Vec<(usize, f64)>> = vec![Vec::new(); mip.vars.len()];
    for (index, row) in mip.rows.iter().enumerate() {
        for &(var, coefficient) in &row.terms {
            columns[var].push((index, coefficient));
        }
    }
    out.push_str("COLUMNS\n");
    let mut in_integers = false;
    let mut markers = 0;
    for (var, entries) in mip.vars.iter().zip(&columns) {
        if var.integer != in_integers {
            let kind = if var.integer { "'INTORG'" } else { "'INTEND'" };
            markers += usize::from(var.integer);
            let _ = writeln!(out, " MARKER{markers} 'MARKER' {kind}");
            in_integers = var.integer;
        }
        let name = var.name.to_string();
        if entries.is_empty() {
            // A column exists in MPS only through an entry.
            let _ = writeln!(out, " {name} obj 0");
        }
        for &(row, coefficient) in entries {
            let _ = writeln!(
                out,
                " {name} {} {}",
                mip.rows[row].name,
                number(coefficient)
            );
        }
    }
    if in_integers {
        let _ = writeln!(out, " MARKER{markers} 'MARKER' 'INTEND'");
    }
    out.push_str("RHS\n");
    for row in mip.rows.iter().filter(|row| row.rhs != 0.0) {
        let _ = writeln!(out, " RHS {} {}", row.name, number(row.rhs));
    }
    out.push_str("BOUNDS\n");
    for var in &mip.vars {
        let name = var.name.to_string();
        if is_binary(var) {
            let _ = writeln!(out, " BV BND {name}");
            continue;
        }
        if var.lower == var.upper {
            let _ = writeln!(out, " FX BND {name} {}", number(var.lower));
            continue;
        }
        match (var.lower.is_finite(), var.upper.is_finite()) {
            (false, false) => {
                let _ = writeln!(out, " FR BND {name}");
            }
            (lower_finite, upper_finite) => {
                if !lower_finite {
                    let _ = writeln!(out, " MI BND {name}");
                } else if var.lower != 0.0 {
                    let _ = writeln!(out, " LO BND {name} {}", number(var.lower));
                }
                if upper_finite {
                    let _ = writeln!(out, " UP BND {name} {}", number(var.upper));
                }
            }
        }
    }
    out.push_str("ENDATA\n");
    out
}
