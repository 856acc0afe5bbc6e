//! `numbrix solve --svg`: a picture of a solution. The grid with every
//! value, the clues in bold, and the path drawn through the cell centres as
//! T - 1 segments whose colour runs from value 1 (deep blue) to T (orange),
//! so the eye can follow the order; the start is ringed in green and the
//! end boxed in red. Written by hand as plain SVG 1.1 text: deterministic,
//! no fonts embedded, readable by browsers and rsvg-convert alike.

use std::fmt::Write as _;

use crate::board::{Board, Cell};
use crate::check::Solution;

/// Side of a cell, in SVG user units (pixels).
const CELL: f64 = 48.0;
/// Space around the grid.
const MARGIN: f64 = 24.0;
/// Height of the legend under the grid.
const LEGEND: f64 = 40.0;

/// The legend's minimum width.
const LEGEND_WIDTH: f64 = 300.0;

/// The path's colours from value 1 to T (a "plasma"-like ramp that stays
/// dark enough to read on white).
const RAMP: [(u8, u8, u8); 5] = [
    (13, 8, 135),
    (106, 0, 168),
    (177, 42, 144),
    (225, 100, 98),
    (245, 145, 28),
];

/// The ramp's colour at `t` in [0, 1], as `#rrggbb`.
fn colour(t: f64) -> String {
    let t = t.clamp(0.0, 1.0) * (RAMP.len() - 1) as f64;
    let low = (t.floor() as usize).min(RAMP.len() - 2);
    let within = t - low as f64;
    let mix = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * within).round() as u8;
    let (a, b) = (RAMP[low], RAMP[low + 1]);
    format!(
        "#{:02x}{:02x}{:02x}",
        mix(a.0, b.0),
        mix(a.1, b.1),
        mix(a.2, b.2)
    )
}

/// Centre of a cell.
fn centre(cell: Cell) -> (f64, f64) {
    (
        MARGIN + (cell.col as f64 + 0.5) * CELL,
        MARGIN + (cell.row as f64 + 0.5) * CELL,
    )
}

/// The picture of `solution` on `board`, as SVG text.
pub fn render_svg(board: &Board, solution: &Solution) -> String {
    let (rows, cols) = (board.rows(), board.cols());
    let total = board.total();
    // Wide enough for the legend even under a narrow grid.
    let width = (2.0 * MARGIN + cols as f64 * CELL).max(LEGEND_WIDTH);
    let grid_bottom = MARGIN + rows as f64 * CELL;
    let height = grid_bottom + MARGIN + LEGEND;
    let mut svg = String::new();
    let _ = writeln!(svg, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif">"#
    );
    let _ = writeln!(
        svg,
        "<title>Numbrix {rows}x{cols}: the path 1..{total}, clues in bold</title>"
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);

    // The grid: cells, then a heavier outline.
    let _ = writeln!(
        svg,
        r##"<g class="grid" fill="none" stroke="#c8c8c8" stroke-width="1">"##
    );
    for cell in board.cells() {
        let (x, y) = centre(cell);
        let fill = if board.clue(cell).is_some() {
            "#f1f1f1"
        } else {
            "none"
        };
        let _ = writeln!(
            svg,
            r#"<rect x="{}" y="{}" width="{CELL}" height="{CELL}" fill="{fill}"/>"#,
            x - CELL / 2.0,
            y - CELL / 2.0
        );
    }
    let _ = writeln!(
        svg,
        r##"<rect x="{MARGIN}" y="{MARGIN}" width="{}" height="{}" stroke="#555555" stroke-width="2"/>"##,
        cols as f64 * CELL,
        rows as f64 * CELL
    );
    svg.push_str("</g>\n");

    // The path: one segment per step k -> k+1, coloured by k.
    let path = solution.path();
    let steps = path.len().saturating_sub(1);
    let _ = writeln!(
        svg,
        r#"<g class="path" stroke-width="{}" stroke-linecap="round" opacity="0.85">"#,
        CELL * 0.16
    );
    for (k, pair) in path.windows(2).enumerate() {
        let (x1, y1) = centre(pair[0]);
        let (x2, y2) = centre(pair[1]);
        let t = if steps > 1 {
            k as f64 / (steps - 1) as f64
        } else {
            0.0
        };
        let _ = writeln!(
            svg,
            r#"<line class="step" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{}"><title>{} to {}</title></line>"#,
            colour(t),
            k + 1,
            k + 2
        );
    }
    svg.push_str("</g>\n");

    // Start and end markers.
    if let (Some(&first), Some(&last)) = (path.first(), path.last()) {
        let (x, y) = centre(first);
        let _ = writeln!(
            svg,
            r##"<circle class="start" cx="{x}" cy="{y}" r="{}" fill="white" stroke="#1a9641" stroke-width="3"><title>start: 1</title></circle>"##,
            CELL * 0.36
        );
        let (x, y) = centre(last);
        let side = CELL * 0.72;
        let _ = writeln!(
            svg,
            r##"<rect class="end" x="{}" y="{}" width="{side}" height="{side}" fill="white" stroke="#d7191c" stroke-width="3"><title>end: {total}</title></rect>"##,
            x - side / 2.0,
            y - side / 2.0
        );
    }

    // The values, on a white halo so the path never hides them.
    let font = (CELL * 0.36).round();
    let _ = writeln!(
        svg,
        r##"<g class="values" font-size="{font}" text-anchor="middle" dominant-baseline="central" stroke="white" stroke-width="3" paint-order="stroke" stroke-linejoin="round">"##
    );
    for cell in board.cells() {
        let (x, y) = centre(cell);
        let value = solution.value(cell);
        if board.clue(cell).is_some() {
            let _ = writeln!(
                svg,
                r##"<text class="clue" x="{x}" y="{y}" font-weight="bold" fill="#000000">{value}</text>"##
            );
        } else {
            let _ = writeln!(
                svg,
                r##"<text class="value" x="{x}" y="{y}" font-weight="normal" fill="#444444">{value}</text>"##
            );
        }
    }
    svg.push_str("</g>\n");

    legend(&mut svg, grid_bottom + MARGIN / 2.0, width, total);
    svg.push_str("</svg>\n");
    svg
}

/// A colour bar from 1 to T with the start and end symbols.
fn legend(svg: &mut String, top: f64, width: f64, total: u32) {
    let bar_left = MARGIN + 80.0;
    let bar_right = (width - MARGIN - 80.0).max(bar_left + 40.0);
    let middle = top + LEGEND / 2.0;
    let _ = writeln!(svg, r#"<defs><linearGradient id="ramp">"#);
    for (index, _) in RAMP.iter().enumerate() {
        let t = index as f64 / (RAMP.len() - 1) as f64;
        let _ = writeln!(svg, r#"<stop offset="{}" stop-color="{}"/>"#, t, colour(t));
    }
    svg.push_str("</linearGradient></defs>\n");
    let _ = writeln!(
        svg,
        r##"<g class="legend" font-size="13" fill="#333333" dominant-baseline="central">"##
    );
    let _ = writeln!(
        svg,
        r##"<circle cx="{}" cy="{middle}" r="7" fill="white" stroke="#1a9641" stroke-width="3"/>"##,
        MARGIN + 8.0
    );
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{middle}">start 1</text>"#,
        MARGIN + 22.0
    );
    let _ = writeln!(
        svg,
        r#"<rect x="{bar_left}" y="{}" width="{}" height="8" fill="url(#ramp)"/>"#,
        middle - 4.0,
        bar_right - bar_left
    );
    let _ = writeln!(
        svg,
        r##"<rect x="{}" y="{}" width="14" height="14" fill="white" stroke="#d7191c" stroke-width="3"/>"##,
        width - MARGIN - 14.0,
        middle - 7.0
    );
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{middle}" text-anchor="end">{total} end</text>"#,
        width - MARGIN - 22.0
    );
    svg.push_str("</g>\n");
}
