//! `numbrix solve --relax --svg`: a picture of a fractional LP point, so a
//! student sees what "fractional" means. For the assignment model each
//! cell is shaded by how undecided it is (white when one value has weight
//! 1, darker as the weight spreads) and shows its heaviest value with that
//! value's weight. For the tour models each arc is drawn between the cell
//! centres, as wide and as dark as its value, a little to the side of its
//! reverse arc; the depot's arcs are a green ring (arc from the depot, the
//! path starts here) or a red square (arc to the depot, it ends here) drawn
//! as opaque as their value. Plain SVG 1.1 text, like `svg`.

use std::fmt::Write as _;

use crate::board::Board;
use crate::formulation::LpPoint;

const CELL: f64 = 48.0;
const MARGIN: f64 = 24.0;
const CAPTION: f64 = 36.0;

fn centre(board: &Board, index: usize) -> (f64, f64) {
    let cell = board.cell(index);
    (
        MARGIN + (cell.col as f64 + 0.5) * CELL,
        MARGIN + (cell.row as f64 + 0.5) * CELL,
    )
}

/// The picture of `point` on `board`, with `caption` under the grid.
pub fn render_lp_svg(board: &Board, point: &LpPoint, caption: &str) -> String {
    let width = 2.0 * MARGIN + board.cols() as f64 * CELL;
    let bottom = MARGIN + board.rows() as f64 * CELL;
    let height = bottom + CAPTION;
    let mut svg = String::new();
    let _ = writeln!(svg, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif">"#
    );
    let _ = writeln!(svg, "<title>{}</title>", escape(caption));
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let shade = match point {
        LpPoint::Values(values) => values
            .iter()
            .map(|held| 1.0 - held.first().map_or(0.0, |&(_, weight)| weight))
            .collect(),
        LpPoint::Arcs(_) => vec![0.0; board.len()],
    };
    grid(&mut svg, board, &shade);
    match point {
        LpPoint::Values(values) => cell_values(&mut svg, board, values),
        LpPoint::Arcs(arcs) => {
            arc_lines(&mut svg, board, arcs);
            clues(&mut svg, board);
        }
    }
    let _ = writeln!(
        svg,
        r##"<text x="{MARGIN}" y="{}" font-size="13" fill="#333333">{}</text>"##,
        bottom + CAPTION / 2.0 + 4.0,
        escape(caption)
    );
    svg.push_str("</svg>\n");
    svg
}

/// The cells, each grey by `shade` (0 white, 1 darkest), and the outline.
fn grid(svg: &mut String, board: &Board, shade: &[f64]) {
    let _ = writeln!(
        svg,
        r##"<g class="grid" stroke="#c8c8c8" stroke-width="1">"##
    );
    for (index, shade) in shade.iter().enumerate() {
        let (x, y) = centre(board, index);
        let level = (255.0 - 150.0 * shade.clamp(0.0, 1.0)).round() as u8;
        let _ = writeln!(
            svg,
            r##"<rect x="{}" y="{}" width="{CELL}" height="{CELL}" fill="#{level:02x}{level:02x}{level:02x}"/>"##,
            x - CELL / 2.0,
            y - CELL / 2.0
        );
    }
    let _ = writeln!(
        svg,
        r##"<rect x="{MARGIN}" y="{MARGIN}" width="{}" height="{}" fill="none" stroke="#555555" stroke-width="2"/>"##,
        board.cols() as f64 * CELL,
        board.rows() as f64 * CELL
    );
    svg.push_str("</g>\n");
}

/// Each cell's heaviest value and its weight (clues in bold).
fn cell_values(svg: &mut String, board: &Board, values: &[Vec<(u32, f64)>]) {
    let _ = writeln!(
        svg,
        r##"<g class="values" text-anchor="middle" fill="#000000">"##
    );
    for (index, held) in values.iter().enumerate() {
        let (x, y) = centre(board, index);
        let Some(&(value, weight)) = held.first() else {
            continue;
        };
        let bold = if board.clue(board.cell(index)).is_some() {
            "bold"
        } else {
            "normal"
        };
        let others: Vec<String> = held
            .iter()
            .map(|(value, weight)| format!("{value}: {weight:.3}"))
            .collect();
        let _ = writeln!(
            svg,
            r#"<text class="cell" x="{x}" y="{}" font-size="16" font-weight="{bold}">{value}<title>{}</title></text>"#,
            y + 2.0,
            others.join(", ")
        );
        if weight < 1.0 - 1e-6 {
            let _ = writeln!(
                svg,
                r##"<text class="weight" x="{x}" y="{}" font-size="10" fill="#444444">{weight:.2}</text>"##,
                y + 16.0
            );
        }
    }
    svg.push_str("</g>\n");
}

/// The arcs: between cells a line offset to its right, so a -> b and
/// b -> a sit side by side; from and to the depot a ring and a square.
fn arc_lines(svg: &mut String, board: &Board, arcs: &[(Option<usize>, Option<usize>, f64)]) {
    let _ = writeln!(svg, r#"<g class="arcs" stroke-linecap="round">"#);
    for &(from, to, value) in arcs {
        let value = value.clamp(0.0, 1.0);
        match (from, to) {
            (Some(a), Some(b)) => {
                let ((x1, y1), (x2, y2)) = (centre(board, a), centre(board, b));
                let (dx, dy) = ((x2 - x1) / CELL, (y2 - y1) / CELL);
                let (ox, oy) = (-dy * 4.0, dx * 4.0);
                let _ = writeln!(
                    svg,
                    r##"<line class="arc" x1="{}" y1="{}" x2="{}" y2="{}" stroke="#0d0887" stroke-width="{:.2}" opacity="{:.2}"><title>{} to {}: {value:.3}</title></line>"##,
                    x1 + ox + dx * 8.0,
                    y1 + oy + dy * 8.0,
                    x2 + ox - dx * 8.0,
                    y2 + oy - dy * 8.0,
                    1.0 + 5.0 * value,
                    0.25 + 0.75 * value,
                    board.cell(a),
                    board.cell(b)
                );
            }
            (None, Some(cell)) => {
                let (x, y) = centre(board, cell);
                let _ = writeln!(
                    svg,
                    r##"<circle class="start" cx="{x}" cy="{y}" r="{}" fill="none" stroke="#1a9641" stroke-width="3" opacity="{value:.2}"><title>depot to {}: {value:.3}</title></circle>"##,
                    CELL * 0.4,
                    board.cell(cell)
                );
            }
            (Some(cell), None) => {
                let (x, y) = centre(board, cell);
                let side = CELL * 0.8;
                let _ = writeln!(
                    svg,
                    r##"<rect class="end" x="{}" y="{}" width="{side}" height="{side}" fill="none" stroke="#d7191c" stroke-width="3" opacity="{value:.2}"><title>{} to depot: {value:.3}</title></rect>"##,
                    x - side / 2.0,
                    y - side / 2.0,
                    board.cell(cell)
                );
            }
            (None, None) => {}
        }
    }
    svg.push_str("</g>\n");
}

/// The clues, in bold at the cell centres.
fn clues(svg: &mut String, board: &Board) {
    let _ = writeln!(
        svg,
        r##"<g class="clues" font-size="15" font-weight="bold" text-anchor="middle" dominant-baseline="central" stroke="white" stroke-width="3" paint-order="stroke">"##
    );
    for (cell, value) in board.clues() {
        let (x, y) = centre(board, board.index(cell));
        let _ = writeln!(svg, r#"<text class="clue" x="{x}" y="{y}">{value}</text>"#);
    }
    svg.push_str("</g>\n");
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
