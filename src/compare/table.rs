//! The comparison for people: aligned text tables of the measurements and
//! of the summary per setup.

use std::fmt::Write as _;
use std::path::Path;

use crate::report::Step;

use super::{Comparison, Measurement, Row, Verdict};

impl Comparison {
    /// The measurements and the summary as aligned text tables, then a
    /// note for each message that is not an infeasibility reason. "-"
    /// stands where a value is not available, and as the search's model and
    /// variant. `root lp` is `infeasible`, `integral` or the count of
    /// fractional binaries; `cut lp` says whether the LP after the no-good
    /// cut is `infeasible` (the LP alone proves uniqueness) or `feasible`.
    /// The table leaves out `found_by`, `unique_decided_by`, `search_nodes`,
    /// `search_decisions`, `search_moves`, `model_built` and the subtour counts (CSV and
    /// JSON have them).
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
            ("root lp", Align::Right),
            ("cut lp", Align::Right),
        ]);
        for (measurement, board) in self.measurements.iter().zip(&short) {
            let row = Row::from(measurement);
            let status = if measurement.is_error() {
                row.status.name().to_uppercase()
            } else {
                row.status.name().to_string()
            };
            measurements.push(vec![
                board.clone(),
                or_dash(row.cells),
                or_dash(row.model),
                row.solver.to_string(),
                or_dash(row.variant),
                status,
                match (row.unique, row.stopped_in) {
                    (Some(true), _) => "yes".into(),
                    (Some(false), _) => "NO".into(),
                    // A checked solution was found; the proof ran out of time.
                    (None, Some(Step::Unique)) => "limit".into(),
                    (None, _) => "-".into(),
                },
                or_dash(row.variables),
                or_dash(row.constraints),
                or_dash(row.nonzeros),
                millis(row.reduce_ms),
                millis(row.build_ms),
                millis(row.solve_ms),
                millis(row.unique_ms),
                millis(measurement.is_timed().then_some(row.total_ms)),
                or_dash(row.nodes),
                or_dash(row.iterations),
                match (row.root_lp_infeasible, row.root_fractional) {
                    (Some(true), _) => "infeasible".into(),
                    (_, Some(0)) => "integral".into(),
                    (_, Some(count)) => format!("{count} frac"),
                    _ => "-".into(),
                },
                match row.cut_lp_infeasible {
                    Some(true) => "infeasible".into(),
                    Some(false) => "feasible".into(),
                    None => "-".into(),
                },
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
                or_dash(line.setup.model),
                line.setup.solver.to_string(),
                or_dash(line.setup.variant),
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
                    measurement.setup,
                    if measurement.is_error() {
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
