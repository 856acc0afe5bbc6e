//! The comparison for people and scripts: the aligned table, CSV and JSON,
//! and the [`Summary`] of each setup.

use std::fmt::Write as _;
use std::path::Path;

use serde::Serialize;

use crate::backend::Backend;
use crate::formulation::Formulation;
use crate::report::Step;

use super::{median, Comparison, Measurement, Setup, Variant, Verdict};

/// The totals of one setup over every board.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    pub model: Formulation,
    pub solver: Backend,
    pub variant: Variant,
    pub boards: usize,
    pub solved: usize,
    /// Solved boards whose solution was proved unique.
    pub unique: usize,
    pub infeasible: usize,
    pub time_limit: usize,
    pub too_large: usize,
    pub wrong: usize,
    pub failed: usize,
    /// Median and worst total time over the boards that were solved, proved
    /// infeasible or stopped by the limit (a time-limited run counts with the
    /// time it was given: the true time is at least that).
    pub median_ms: Option<f64>,
    pub worst_ms: Option<f64>,
}

impl Summary {
    pub(super) fn of(setup: Setup, measurements: &[Measurement]) -> Summary {
        let mine: Vec<&Measurement> = measurements
            .iter()
            .filter(|measurement| measurement.setup() == setup)
            .collect();
        let count = |verdict: Verdict| {
            mine.iter()
                .filter(|measurement| measurement.status == verdict)
                .count()
        };
        let mut times: Vec<f64> = mine
            .iter()
            .filter(|measurement| measurement.is_timed())
            .map(|measurement| measurement.total_ms)
            .collect();
        Summary {
            model: setup.model,
            solver: setup.solver,
            variant: setup.variant,
            boards: mine.len(),
            solved: count(Verdict::Solved),
            unique: mine
                .iter()
                .filter(|measurement| {
                    measurement.status == Verdict::Solved && measurement.unique == Some(true)
                })
                .count(),
            infeasible: count(Verdict::Infeasible),
            time_limit: count(Verdict::TimeLimit),
            too_large: count(Verdict::TooLarge),
            wrong: count(Verdict::Wrong),
            failed: count(Verdict::Failed),
            worst_ms: times.iter().copied().reduce(f64::max),
            median_ms: median(&mut times),
        }
    }
}

impl Comparison {
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a comparison always serialises")
    }

    /// One CSV line per measurement, with the columns of [`CSV_COLUMNS`].
    pub fn to_csv(&self) -> String {
        let mut writer = csv::Writer::from_writer(Vec::new());
        writer.write_record(CSV_COLUMNS).expect("writing to memory");
        for measurement in &self.measurements {
            writer
                .write_record(csv_record(measurement))
                .expect("writing to memory");
        }
        String::from_utf8(writer.into_inner().expect("writing to memory"))
            .expect("CSV of UTF-8 fields")
    }

    /// The measurements and the summary as aligned text tables, "-" where
    /// a number is not available.
    pub fn to_table(&self) -> String {
        let short = short_names(&self.measurements);
        let mut measurements = Table::new(&[
            ("board", Align::Left),
            ("cells", Align::Right),
            ("model", Align::Left),
            ("solver", Align::Left),
            ("variant", Align::Left),
            ("status", Align::Left),
            ("unique", Align::Left),
            ("vars", Align::Right),
            ("rows", Align::Right),
            ("nonzeros", Align::Right),
            ("reduce ms", Align::Right),
            ("build ms", Align::Right),
            ("solve ms", Align::Right),
            ("unique ms", Align::Right),
            ("total ms", Align::Right),
            ("nodes", Align::Right),
            ("iters", Align::Right),
        ]);
        for (measurement, board) in self.measurements.iter().zip(&short) {
            let status = if measurement.status.is_error() {
                measurement.status.name().to_uppercase()
            } else {
                measurement.status.name().to_string()
            };
            measurements.push(vec![
                board.clone(),
                or_dash(measurement.cells),
                measurement.model.to_string(),
                measurement.solver.to_string(),
                measurement.variant.to_string(),
                status,
                match (measurement.unique, measurement.stopped_in) {
                    (Some(true), _) => "yes".into(),
                    (Some(false), _) => "NO".into(),
                    // A checked solution was found; the proof ran out of time.
                    (None, Some(Step::Unique)) => "limit".into(),
                    (None, _) => "-".into(),
                },
                or_dash(measurement.variables),
                or_dash(measurement.constraints),
                or_dash(measurement.nonzeros),
                millis(measurement.reduce_ms),
                millis(measurement.build_ms),
                millis(measurement.solve_ms),
                millis(measurement.unique_ms),
                millis(measurement.is_timed().then_some(measurement.total_ms)),
                or_dash(measurement.nodes),
                or_dash(measurement.iterations),
            ]);
        }
        let mut summary = Table::new(&[
            ("model", Align::Left),
            ("solver", Align::Left),
            ("variant", Align::Left),
            ("boards", Align::Right),
            ("solved", Align::Right),
            ("unique", Align::Right),
            ("infeasible", Align::Right),
            ("time_limit", Align::Right),
            ("too_large", Align::Right),
            ("wrong", Align::Right),
            ("failed", Align::Right),
            ("median ms", Align::Right),
            ("worst ms", Align::Right),
        ]);
        for line in &self.summary {
            summary.push(vec![
                line.model.to_string(),
                line.solver.to_string(),
                line.variant.to_string(),
                line.boards.to_string(),
                line.solved.to_string(),
                if self.unique {
                    line.unique.to_string()
                } else {
                    "-".into()
                },
                line.infeasible.to_string(),
                line.time_limit.to_string(),
                line.too_large.to_string(),
                line.wrong.to_string(),
                line.failed.to_string(),
                millis(line.median_ms),
                millis(line.worst_ms),
            ]);
        }
        let mut out = measurements.render();
        out.push('\n');
        out.push_str(&summary.render());
        let notes: Vec<String> = self
            .measurements
            .iter()
            .zip(&short)
            .filter(|(measurement, _)| measurement.status != Verdict::Infeasible)
            .filter_map(|(measurement, board)| {
                let message = measurement.message.as_ref()?;
                Some(format!(
                    "{board} ({}): {}{message}",
                    measurement.setup(),
                    if measurement.status.is_error() {
                        "ERROR: "
                    } else {
                        ""
                    }
                ))
            })
            .collect();
        if !notes.is_empty() {
            out.push('\n');
            for note in notes {
                let _ = writeln!(out, "{note}");
            }
        }
        out
    }
}

/// The CSV header; every column is documented in the README.
pub const CSV_COLUMNS: [&str; 25] = [
    "board",
    "rows",
    "cols",
    "cells",
    "clues",
    "model",
    "solver",
    "variant",
    "status",
    "unique",
    "stopped_in",
    "variables",
    "constraints",
    "nonzeros",
    "reduce_ms",
    "build_ms",
    "solve_ms",
    "unique_ms",
    "total_ms",
    "nodes",
    "iterations",
    "unique_nodes",
    "unique_iterations",
    "repeats",
    "message",
];

/// The fields of one CSV line: empty where JSON has null.
fn csv_record(measurement: &Measurement) -> Vec<String> {
    fn field<T: ToString>(value: Option<T>) -> String {
        value.map(|value| value.to_string()).unwrap_or_default()
    }
    let ms = |value: Option<f64>| field(value.map(|value| format!("{value:.3}")));
    vec![
        measurement.board.clone(),
        field(measurement.rows),
        field(measurement.cols),
        field(measurement.cells),
        field(measurement.clues),
        measurement.model.to_string(),
        measurement.solver.to_string(),
        measurement.variant.to_string(),
        measurement.status.to_string(),
        field(measurement.unique),
        field(measurement.stopped_in.map(|step| match step {
            Step::Solve => "solve",
            Step::Unique => "unique",
        })),
        field(measurement.variables),
        field(measurement.constraints),
        field(measurement.nonzeros),
        ms(measurement.reduce_ms),
        ms(measurement.build_ms),
        ms(measurement.solve_ms),
        ms(measurement.unique_ms),
        format!("{:.3}", measurement.total_ms),
        field(measurement.nodes),
        field(measurement.iterations),
        field(measurement.unique_nodes),
        field(measurement.unique_iterations),
        measurement.repeats.to_string(),
        measurement.message.clone().unwrap_or_default(),
    ]
}

/// File stems when they tell the boards apart, the full names otherwise.
fn short_names(measurements: &[Measurement]) -> Vec<String> {
    let stem = |name: &str| {
        Path::new(name)
            .file_stem()
            .and_then(|stem| stem.to_str())
            .unwrap_or(name)
            .to_string()
    };
    let mut pairs: Vec<(String, &str)> = measurements
        .iter()
        .map(|measurement| (stem(&measurement.board), measurement.board.as_str()))
        .collect();
    pairs.sort();
    pairs.dedup();
    let clash = pairs.windows(2).any(|pair| pair[0].0 == pair[1].0);
    measurements
        .iter()
        .map(|measurement| {
            if clash {
                measurement.board.clone()
            } else {
                stem(&measurement.board)
            }
        })
        .collect()
}

fn or_dash<T: ToString>(value: Option<T>) -> String {
    value.map_or_else(|| "-".to_string(), |value| value.to_string())
}

/// Milliseconds for people: three significant digits or so.
fn millis(value: Option<f64>) -> String {
    match value {
        None => "-".into(),
        Some(ms) if ms >= 100.0 => format!("{ms:.0}"),
        Some(ms) if ms >= 10.0 => format!("{ms:.1}"),
        Some(ms) => format!("{ms:.2}"),
    }
}

#[derive(Clone, Copy)]
enum Align {
    Left,
    Right,
}

/// A text table whose columns are as wide as their widest cell.
struct Table {
    header: Vec<(String, Align)>,
    lines: Vec<Vec<String>>,
}

impl Table {
    fn new(header: &[(&str, Align)]) -> Table {
        Table {
            header: header
                .iter()
                .map(|&(name, align)| (name.to_string(), align))
                .collect(),
            lines: Vec::new(),
        }
    }

    fn push(&mut self, line: Vec<String>) {
        self.lines.push(line);
    }

    fn render(&self) -> String {
        let widths: Vec<usize> = self
            .header
            .iter()
            .enumerate()
            .map(|(column, (name, _))| {
                self.lines
                    .iter()
                    .map(|line| line[column].chars().count())
                    .chain([name.chars().count()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let render_line = |cells: Vec<&str>| {
            let mut text = String::new();
            for (column, cell) in cells.into_iter().enumerate() {
                let width = widths[column];
                if column > 0 {
                    text.push_str("  ");
                }
                match self.header[column].1 {
                    Align::Left => {
                        let _ = write!(text, "{cell:<width$}");
                    }
                    Align::Right => {
                        let _ = write!(text, "{cell:>width$}");
                    }
                }
            }
            text.trim_end().to_string() + "\n"
        };
        let mut out = render_line(self.header.iter().map(|(name, _)| name.as_str()).collect());
        out.push_str(&render_line(
            widths
                .iter()
                .map(|&width| "-".repeat(width))
                .collect::<Vec<_>>()
                .iter()
                .map(String::as_str)
                .collect(),
        ));
        for line in &self.lines {
            out.push_str(&render_line(line.iter().map(String::as_str).collect()));
        }
        out
    }
}
