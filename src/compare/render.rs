//! The comparison for scripts: CSV and JSON, both printing each measurement
//! as one flat [`Row`], and the [`Summary`] of each setup. The table for
//! people is in `table`.

use serde::Serialize;

use crate::backend::Backend;
use crate::formulation::Formulation;
use crate::report::{Stage, Step};
use crate::variant::Variant;

use super::{median, Comparison, Measurement, Setup, Verdict};

/// One measurement as CSV and JSON print it: its fields are the CSV columns
/// in order ([`CSV_COLUMNS`]) and the keys of each JSON measurement, all
/// documented in docs/benchmarks.md. It is flat because the csv crate
/// cannot write a nested struct (serde's `flatten` goes through a map,
/// which the csv crate refuses), so the figures of the measurement's
/// [`crate::Stats`] are copied out here, once. Null (an empty CSV field)
/// where a value does not apply: the shape of a board that could not be
/// read; the sizes and the build and solve times when no model was built;
/// the model and variant of the search. Times are milliseconds, rounded to
/// the microsecond.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    pub board: String,
    pub rows: Option<usize>,
    pub cols: Option<usize>,
    pub cells: Option<usize>,
    pub clues: Option<usize>,
    pub model: Option<Formulation>,
    pub solver: Backend,
    pub variant: Option<Variant>,
    pub status: Verdict,
    pub unique: Option<bool>,
    pub stopped_in: Option<Step>,
    pub variables: Option<u64>,
    pub constraints: Option<u64>,
    pub nonzeros: Option<u64>,
    pub reduce_ms: Option<f64>,
    pub build_ms: Option<f64>,
    pub solve_ms: Option<f64>,
    pub unique_ms: Option<f64>,
    pub total_ms: f64,
    pub nodes: Option<u64>,
    pub iterations: Option<u64>,
    pub unique_nodes: Option<u64>,
    pub unique_iterations: Option<u64>,
    pub repeats: usize,
    pub message: Option<String>,
    pub model_built: bool,
    pub found_by: Option<Stage>,
    pub unique_decided_by: Option<Stage>,
    /// Values the search placed, where it ran.
    pub search_nodes: Option<u64>,
    /// Cells the search by propagation decided, where the search ran.
    pub search_decisions: Option<u64>,
    /// Moves of the search's local search, where the search ran.
    pub search_moves: Option<u64>,
    /// The root LP alone proves the board infeasible.
    pub root_lp_infeasible: Option<bool>,
    /// Binaries fractional at the root LP's point.
    pub root_fractional: Option<usize>,
    /// The LP after the no-good cut of the solution found is infeasible:
    /// the LP alone proves the solution unique.
    pub cut_lp_infeasible: Option<bool>,
    /// DFJ's subtour rounds and rows, first solve and uniqueness together.
    pub subtour_rounds: Option<u64>,
    pub subtour_rows: Option<u64>,
}

/// The CSV header: the field names of [`Row`], in order (a test holds
/// them to it).
pub const CSV_COLUMNS: [&str; 36] = [
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
    "model_built",
    "found_by",
    "unique_decided_by",
    "search_nodes",
    "search_decisions",
    "search_moves",
    "root_lp_infeasible",
    "root_fractional",
    "cut_lp_infeasible",
    "subtour_rounds",
    "subtour_rows",
];

impl From<&Measurement> for Row {
    fn from(measurement: &Measurement) -> Row {
        let stats = &measurement.stats;
        let built = measurement.model_built;
        let micros = |ms: f64| (ms * 1000.0).round() / 1000.0;
        Row {
            board: measurement.board.clone(),
            rows: measurement.rows,
            cols: measurement.cols,
            cells: measurement.cells,
            clues: measurement.clues,
            model: measurement.setup.model,
            solver: measurement.setup.solver,
            variant: measurement.setup.variant,
            status: measurement.status,
            unique: measurement.unique,
            stopped_in: measurement.stopped_in,
            variables: built.then_some(stats.variables),
            constraints: built.then_some(stats.constraints),
            nonzeros: built.then_some(stats.nonzeros),
            reduce_ms: stats.reduce_ms.map(micros),
            build_ms: built.then(|| micros(stats.build_ms)),
            solve_ms: built.then(|| micros(stats.solve_ms)),
            unique_ms: stats.unique_ms.map(micros),
            total_ms: micros(stats.total_ms),
            nodes: stats.nodes,
            iterations: stats.iterations,
            unique_nodes: stats.unique_nodes,
            unique_iterations: stats.unique_iterations,
            repeats: measurement.repeats,
            message: measurement.message.clone(),
            model_built: built,
            found_by: measurement.found_by,
            unique_decided_by: measurement.unique_decided_by,
            search_nodes: stats.search.map(|search| search.nodes),
            search_decisions: stats.search.map(|search| search.decisions),
            search_moves: stats.search.map(|search| search.moves),
            root_lp_infeasible: measurement.root_lp.map(|root| root.infeasible),
            root_fractional: measurement.root_lp.and_then(|root| root.fractional),
            cut_lp_infeasible: measurement.root_lp.and_then(|root| root.cut_infeasible),
            subtour_rounds: stats
                .subtours
                .map(|subtours| subtours.rounds + subtours.unique_rounds.unwrap_or(0)),
            subtour_rows: stats
                .subtours
                .map(|subtours| subtours.rows + subtours.unique_rows.unwrap_or(0)),
        }
    }
}

/// What `#[serde(into = "Row")]` on [`Measurement`] needs.
impl From<Measurement> for Row {
    fn from(measurement: Measurement) -> Row {
        Row::from(&measurement)
    }
}

/// The totals of one setup over every board.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    /// `model`, `solver` and `variant` in the JSON.
    #[serde(flatten)]
    pub setup: Setup,
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
            .filter(|measurement| measurement.setup == setup)
            .collect();
        let count = |verdict: Verdict| {
            mine.iter()
                .filter(|measurement| measurement.status == verdict)
                .count()
        };
        let mut times: Vec<f64> = mine
            .iter()
            .filter(|measurement| measurement.is_timed())
            .map(|measurement| measurement.stats.total_ms)
            .collect();
        Summary {
            setup,
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
    /// `{"measurements": [...], "summary": [...], "unique", "repeat",
    /// "time_limit"}`, each measurement a [`Row`].
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a comparison always serialises")
    }

    /// The header [`CSV_COLUMNS`], then one line per measurement: its
    /// [`Row`], written by serde.
    pub fn to_csv(&self) -> String {
        // The header is written even when there is no line to follow.
        let mut writer = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(Vec::new());
        writer.write_record(CSV_COLUMNS).expect("writing to memory");
        for measurement in &self.measurements {
            writer
                .serialize(Row::from(measurement))
                .expect("writing to memory");
        }
        String::from_utf8(writer.into_inner().expect("writing to memory"))
            .expect("CSV of UTF-8 fields")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::error::Error;

    fn comparison(measurements: Vec<Measurement>) -> Comparison {
        Comparison {
            measurements,
            summary: Vec::new(),
            unique: false,
            repeat: 1,
            time_limit: None,
            seed: 0,
            threads: 1,
        }
    }

    fn failed_search() -> Measurement {
        let error = Error::Solver {
            solver: "search",
            message: "no".into(),
        };
        let board = Board::parse(b"1,\n,\n").unwrap();
        Measurement::of_error("board.csv", Some(&board), Setup::SEARCH, &error, 1.0)
    }

    #[test]
    fn csv_columns_are_the_fields_serde_writes_for_a_row() {
        let mut writer = csv::Writer::from_writer(Vec::new());
        writer.serialize(Row::from(&failed_search())).unwrap();
        let text = String::from_utf8(writer.into_inner().unwrap()).unwrap();
        assert_eq!(text.lines().next(), Some(CSV_COLUMNS.join(",").as_str()));
    }

    #[test]
    fn a_comparison_without_measurements_still_has_its_csv_header() {
        let csv = comparison(Vec::new()).to_csv();
        assert_eq!(csv, CSV_COLUMNS.join(",") + "\n");
    }

    #[test]
    fn json_measurements_have_the_csv_columns_as_keys() {
        let json: serde_json::Value =
            serde_json::from_str(&comparison(vec![failed_search()]).to_json()).unwrap();
        let measurement = json["measurements"][0].as_object().unwrap();
        let mut keys: Vec<&str> = measurement.keys().map(String::as_str).collect();
        let mut columns = CSV_COLUMNS.to_vec();
        keys.sort_unstable();
        columns.sort_unstable();
        assert_eq!(keys, columns);
        assert_eq!(measurement["model"], serde_json::Value::Null);
        assert_eq!(measurement["variant"], serde_json::Value::Null);
    }
}
