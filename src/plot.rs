//! The comparison as a picture: total time per board against the board's
//! cells, both axes logarithmic (sizes and times both span orders of
//! magnitude), one series per model x solver (x variant). Each board is a
//! point; the line joins the median time at each board size, so the slope
//! shows how a setup scales. A run stopped by the time limit is drawn as a
//! triangle: its true time is at least that.

use std::collections::BTreeMap;
use std::path::Path;

use plotters::prelude::*;

use crate::compare::{Comparison, Measurement, Setup, Verdict};
use crate::error::Error;

/// Pixels of the SVG.
const SIZE: (u32, u32) = (960, 640);

/// Times below this are drawn at it (the log axis needs a floor): a board
/// the prechecks refute takes microseconds.
const FLOOR_MS: f64 = 0.01;

/// Distinct colours for up to eight series, then they repeat.
const COLOURS: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
    RGBColor(255, 127, 14),
    RGBColor(23, 190, 207),
    RGBColor(140, 86, 75),
    RGBColor(188, 189, 34),
];

/// The legend label of a series.
pub fn series_label(setup: Setup) -> String {
    setup.to_string()
}

/// The SVG text of the plot.
pub fn render_svg(comparison: &Comparison) -> Result<String, Error> {
    let mut svg = String::new();
    draw(comparison, &mut svg).map_err(|error| Error::Output {
        path: "the plot".into(),
        message: error.to_string(),
    })?;
    Ok(svg)
}

/// Writes the plot to `path`.
pub fn write_svg(comparison: &Comparison, path: &Path) -> Result<(), Error> {
    let svg = render_svg(comparison)?;
    std::fs::write(path, svg).map_err(|error| Error::Output {
        path: path.display().to_string(),
        message: error.to_string(),
    })
}

/// A measurement's place on the plot, if it has one.
fn point(measurement: &Measurement) -> Option<(f64, f64)> {
    let cells = measurement.cells? as f64;
    measurement
        .is_timed()
        .then(|| (cells, measurement.total_ms.max(FLOOR_MS)))
}

/// The setups in the order the comparison ran them.
fn setups(comparison: &Comparison) -> Vec<Setup> {
    comparison
        .summary
        .iter()
        .map(|line| Setup {
            model: line.model,
            solver: line.solver,
            variant: line.variant,
        })
        .collect()
}

fn draw(comparison: &Comparison, svg: &mut String) -> Result<(), Box<dyn std::error::Error>> {
    let points: Vec<(f64, f64)> = comparison.measurements.iter().filter_map(point).collect();
    let (x_low, x_high) = bounds(points.iter().map(|&(x, _)| x), 1.0);
    let (y_low, y_high) = bounds(points.iter().map(|&(_, y)| y), FLOOR_MS);

    let root = SVGBackend::with_string(svg, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let mut title = String::from("numbrix compare: total time per board");
    if comparison.unique {
        title.push_str(" (solve + uniqueness proof)");
    }
    let mut caption = String::from("triangles: stopped by the time limit");
    if let Some(limit) = comparison.time_limit {
        caption.push_str(&format!(" of {limit} s per run"));
    }
    caption.push_str("; lines join the median at each board size");
    let (top, body) = root.split_vertically(60);
    top.draw(&Text::new(title, (20, 12), ("sans-serif", 22).into_font()))?;
    top.draw(&Text::new(
        caption,
        (20, 40),
        ("sans-serif", 14).into_font().color(&RGBColor(90, 90, 90)),
    ))?;

    let mut chart = ChartBuilder::on(&body)
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(70)
        .build_cartesian_2d((x_low..x_high).log_scale(), (y_low..y_high).log_scale())?;
    chart
        .configure_mesh()
        .x_desc("board cells (rows x cols, log scale)")
        .y_desc("total time, ms (log scale)")
        .x_label_formatter(&|cells| format!("{cells:.0}"))
        .y_label_formatter(&|ms| short_number(*ms))
        .light_line_style(RGBColor(235, 235, 235))
        .draw()?;

    for (index, setup) in setups(comparison).into_iter().enumerate() {
        let colour = COLOURS[index % COLOURS.len()];
        let mine: Vec<&Measurement> = comparison
            .measurements
            .iter()
            .filter(|measurement| measurement.setup() == setup)
            .collect();
        let mut by_cells: BTreeMap<u64, Vec<f64>> = BTreeMap::new();
        for &(cells, ms) in mine
            .iter()
            .filter_map(|measurement| point(measurement))
            .collect::<Vec<_>>()
            .iter()
        {
            by_cells.entry(cells as u64).or_default().push(ms);
        }
        let line: Vec<(f64, f64)> = by_cells
            .into_iter()
            .map(|(cells, mut times)| {
                times.sort_by(f64::total_cmp);
                let middle = times.len() / 2;
                let median = if times.len() % 2 == 1 {
                    times[middle]
                } else {
                    (times[middle - 1] + times[middle]) / 2.0
                };
                (cells as f64, median)
            })
            .collect();
        chart
            .draw_series(LineSeries::new(line, colour.stroke_width(2)))?
            .label(series_label(setup))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2))
            });
        let finished = mine
            .iter()
            .filter(|measurement| measurement.status != Verdict::TimeLimit)
            .filter_map(|measurement| point(measurement));
        chart.draw_series(finished.map(|at| Circle::new(at, 4, colour.filled())))?;
        let stopped = mine
            .iter()
            .filter(|measurement| measurement.status == Verdict::TimeLimit)
            .filter_map(|measurement| point(measurement));
        chart.draw_series(stopped.map(|at| TriangleMarker::new(at, 6, colour.stroke_width(2))))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(RGBColor(180, 180, 180))
        .label_font(("sans-serif", 14))
        .draw()?;
    root.present()?;
    Ok(())
}

/// A log axis range around the values, with some room; `floor` when there are none.
fn bounds(values: impl Iterator<Item = f64>, floor: f64) -> (f64, f64) {
    let (low, high) = values.fold((f64::INFINITY, 0.0_f64), |(low, high), value| {
        (low.min(value), high.max(value))
    });
    if !low.is_finite() {
        return (floor, floor * 10.0);
    }
    ((low / 1.5).max(floor * 0.5), (high * 1.5).max(low * 10.0))
}

/// 0.01, 0.1, 1, 10, 100, 1000, 10k, 100k: tick labels that stay short.
fn short_number(value: f64) -> String {
    if value >= 10_000.0 {
        format!("{:.0}k", value / 1000.0)
    } else if value >= 1.0 {
        format!("{value:.0}")
    } else {
        format!("{value}")
    }
}
