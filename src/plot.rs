//! The comparison as a picture: total time per board against the board's
//! cells, both axes logarithmic (sizes and times both span orders of
//! magnitude), one series per model x solver x variant and one for the
//! search (labelled `search`: it runs once per board). Each board is a
//! point; the line joins the median time at each board size, so the slope
//! shows how a setup scales. A run stopped by the time limit is drawn as a
//! triangle: its true time is at least that.

use std::collections::BTreeMap;
use std::path::Path;

use plotters::prelude::*;

use crate::compare::{median, Comparison, Measurement, Setup, Verdict};
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

/// Writes the plot to `path` atomically (see [`crate::output`]): a reader
/// never sees half a picture.
pub fn write_svg(comparison: &Comparison, path: &Path) -> Result<(), Error> {
    let svg = render_svg(comparison)?;
    crate::output::write_atomically(path, svg.as_bytes())
}

/// A measurement's place on the plot, if it has one.
fn point(measurement: &Measurement) -> Option<(f64, f64)> {
    let cells = measurement.cells? as f64;
    measurement
        .is_timed()
        .then(|| (cells, measurement.stats.total_ms.max(FLOOR_MS)))
}

/// The setups in the order the comparison ran them.
fn setups(comparison: &Comparison) -> Vec<Setup> {
    comparison.summary.iter().map(|line| line.setup).collect()
}

fn draw(comparison: &Comparison, svg: &mut String) -> Result<(), Box<dyn std::error::Error>> {
    let points: Vec<(f64, f64)> = comparison.measurements.iter().filter_map(point).collect();
    let (x_low, x_high) = bounds(points.iter().map(|&(x, _)| x), 1.0);
    let (y_low, y_high) = bounds(points.iter().map(|&(_, y)| y), FLOOR_MS);

    let root = SVGBackend::with_string(svg, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let (top, body) = root.split_vertically(64);
    let mut title = String::from("numbrix compare: total time per board");
    if comparison.unique {
        title.push_str(" (solve + uniqueness proof)");
    }
    top.draw(&Text::new(title, (20, 14), ("sans-serif", 22).into_font()))?;
    let mut caption =
        String::from("each point is one board; lines join the median at each board size");
    if let Some(limit) = comparison.time_limit {
        caption.push_str(&format!("; time limit {limit} s per run"));
    }
    top.draw(&Text::new(
        caption,
        (20, 42),
        ("sans-serif", 14).into_font().color(&GREY_TEXT),
    ))?;
    let (plot_area, legend_area) = body.split_horizontally(SIZE.0 - LEGEND_WIDTH);

    let mut chart = ChartBuilder::on(&plot_area)
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(70)
        .build_cartesian_2d(
            (x_low..x_high)
                .log_scale()
                .with_key_points(board_sizes(&points)),
            (y_low..y_high).log_scale(),
        )?;
    chart
        .configure_mesh()
        .x_desc("board cells (rows x cols, log scale)")
        .y_desc("total time, ms (log scale)")
        .y_labels(12)
        .x_label_formatter(&|cells| format!("{cells:.0}"))
        .y_label_formatter(&|ms| short_number(*ms))
        .light_line_style(RGBColor(240, 240, 240))
        .draw()?;

    let setups = setups(comparison);
    for (index, &setup) in setups.iter().enumerate() {
        let colour = COLOURS[index % COLOURS.len()];
        let mine: Vec<&Measurement> = comparison
            .measurements
            .iter()
            .filter(|measurement| measurement.setup == setup)
            .collect();
        chart.draw_series(LineSeries::new(median_line(&mine), colour.stroke_width(2)))?;
        let finished = mine
            .iter()
            .filter(|measurement| measurement.status != Verdict::TimeLimit)
            .filter_map(|measurement| point(measurement));
        chart.draw_series(finished.map(|at| Circle::new(at, 4, colour.filled())))?;
        let stopped = mine
            .iter()
            .filter(|measurement| measurement.status == Verdict::TimeLimit)
            .filter_map(|measurement| point(measurement));
        chart.draw_series(stopped.map(|at| TriangleMarker::new(at, 7, colour.stroke_width(2))))?;
    }
    draw_legend(&legend_area, &setups)?;
    root.present()?;
    Ok(())
}

/// Pixels to the right of the chart for the legend.
const LEGEND_WIDTH: u32 = 250;

const GREY_TEXT: RGBColor = RGBColor(90, 90, 90);

/// One entry per series (its label is the only text naming it), then what
/// the two markers mean.
fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    setups: &[Setup],
) -> Result<(), Box<dyn std::error::Error>>
where
    DB::ErrorType: 'static,
{
    let font = ("sans-serif", 14).into_font();
    let mut y = 30;
    area.draw(&Text::new(
        "series: model / solver / variant",
        (0, y),
        font.clone().color(&GREY_TEXT),
    ))?;
    y += 26;
    for (index, &setup) in setups.iter().enumerate() {
        let colour = COLOURS[index % COLOURS.len()];
        area.draw(&PathElement::new(
            vec![(0, y + 7), (24, y + 7)],
            colour.stroke_width(2),
        ))?;
        area.draw(&Circle::new((12, y + 7), 4, colour.filled()))?;
        area.draw(&Text::new(series_label(setup), (32, y), font.clone()))?;
        y += 22;
    }
    y += 14;
    let marker_colour = RGBColor(60, 60, 60);
    area.draw(&Circle::new((12, y + 7), 4, marker_colour.filled()))?;
    area.draw(&Text::new(
        "solved or infeasible",
        (32, y),
        font.clone().color(&GREY_TEXT),
    ))?;
    y += 22;
    area.draw(&TriangleMarker::new(
        (12, y + 7),
        7,
        marker_colour.stroke_width(2),
    ))?;
    area.draw(&Text::new(
        "time limit (at least this)",
        (32, y),
        font.color(&GREY_TEXT),
    ))?;
    Ok(())
}

/// The median time at each board size, in order of size.
fn median_line(measurements: &[&Measurement]) -> Vec<(f64, f64)> {
    let mut by_cells: BTreeMap<u64, Vec<f64>> = BTreeMap::new();
    for (cells, ms) in measurements
        .iter()
        .filter_map(|measurement| point(measurement))
    {
        by_cells.entry(cells as u64).or_default().push(ms);
    }
    by_cells
        .into_iter()
        .filter_map(|(cells, mut times)| Some((cells as f64, median(&mut times)?)))
        .collect()
}

/// The distinct board sizes: the x ticks, so each column of points is labelled.
fn board_sizes(points: &[(f64, f64)]) -> Vec<f64> {
    let mut sizes: Vec<f64> = points.iter().map(|&(cells, _)| cells).collect();
    sizes.sort_by(f64::total_cmp);
    sizes.dedup();
    sizes
}

/// A log axis range around the values, with some room; `floor` when there are none.
fn bounds(values: impl Iterator<Item = f64>, floor: f64) -> (f64, f64) {
    let (low, high) = values.fold((f64::INFINITY, 0.0_f64), |(low, high), value| {
        (low.min(value), high.max(value))
    });
    if !low.is_finite() {
        return (floor, floor * 10.0);
    }
    ((low / 1.3).max(floor * 0.5), (high * 1.3).max(low * 3.0))
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
