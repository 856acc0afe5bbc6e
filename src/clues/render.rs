//! The research for people (text), for scripts (JSON) and for the docs (a
//! Markdown table with every witness drawn).

use std::fmt::Write;

use serde::Serialize;

use super::prove::Proof;
use super::{LevelReport, Part, Research};
use crate::board::Board;
use crate::report::render_grid;
use crate::words::how_many;

/// The report a person reads.
pub fn text(research: &Research) -> String {
    let mut text = String::new();
    let (rows, cols) = (research.rows, research.cols);
    let _ = writeln!(
        text,
        "{rows}x{cols}: {}, listed in {}",
        how_many(research.solutions, "solution", "solutions"),
        seconds(research.listing_ms)
    );
    if research.part != Part::WHOLE {
        let _ = writeln!(
            text,
            "part {} of {}: only these cell sets were looked at",
            research.part.index, research.part.of
        );
    }
    let _ = writeln!(text, "clues  cell sets  puzzles  up to symmetry  time");
    for level in &research.levels {
        let _ = writeln!(
            text,
            "{:>5}  {:>9}  {:>7}  {:>14}  {}{}",
            level.clues,
            level.cell_sets,
            level.puzzles,
            level.classes,
            seconds(level.ms),
            match (level.complete, level.puzzles) {
                (true, _) => "",
                (false, 0) => " (stopped by the time limit)",
                (false, _) => " (stopped at the first puzzle: not all counted)",
            }
        );
    }
    match (&research.minimum, &research.witness) {
        (Some(clues), Some(witness)) => {
            let _ = writeln!(
                text,
                "\nminimum: {} a puzzle{}. A witness:\n{}\nits one solution:\n{}",
                how_many(*clues as u64, "clue defines", "clues define"),
                if *clues == 0 { "" } else { "; fewer never do" },
                witness.board.to_text(),
                render_grid(&witness.board, &witness.solution)
            );
            for proof in &research.proofs {
                let verdict = match (proof.unique, proof.same_solution) {
                    (Some(true), true) => "unique, the same solution",
                    (Some(true), false) => "unique, ANOTHER solution",
                    (Some(false), _) => "NOT unique",
                    (None, _) => "undecided (time limit)",
                };
                let _ = writeln!(
                    text,
                    "{} on the {} assignment model, no search: {verdict} ({})",
                    proof.solver.name(),
                    proof.variant.name(),
                    seconds(proof.ms)
                );
            }
        }
        _ => {
            let last = research.levels.last().map_or(0, |level| level.clues);
            let why = if research.complete {
                "raise --max-clues"
            } else {
                "the time limit stopped the count"
            };
            let _ = writeln!(
                text,
                "\nminimum: no puzzle with up to {} ({why})",
                how_many(last as u64, "clue", "clues")
            );
        }
    }
    match &research.twins {
        Some(twins) => {
            let _ = writeln!(
                text,
                "\nmaximum: {} to define a puzzle (the most possible); these two solutions share {}:\n{}\n{}",
                how_many(research.maximum.unwrap_or_default() as u64, "clue can fail", "clues can fail"),
                if research.maximum == Some(1) { "it" } else { "them" },
                render_grid(&twins.board, &twins.first),
                render_grid(&twins.board, &twins.second)
            );
        }
        None if research.solutions < 2 => {
            let _ = writeln!(
                text,
                "\nmaximum: none: with one solution, every set of clues defines a puzzle"
            );
        }
        None => {
            let _ = writeln!(
                text,
                "\nmaximum: below {}: no two solutions differ in two cells only",
                research.rows * research.cols - 2
            );
        }
    }
    let _ = writeln!(text, "total {}", seconds(research.total_ms));
    text
}

#[derive(Serialize)]
struct Json<'a> {
    rows: usize,
    cols: usize,
    part: Part,
    solutions: u64,
    listing_ms: f64,
    levels: &'a [LevelReport],
    minimum: Option<usize>,
    witness: Option<Vec<Vec<Option<u32>>>>,
    witness_solution: Option<Vec<Vec<u32>>>,
    proofs: &'a [Proof],
    maximum: Option<usize>,
    twins: Option<[Vec<Vec<u32>>; 2]>,
    complete: bool,
    total_ms: f64,
}

/// The report a script reads (one JSON object; docs/clues.md lists the
/// fields).
pub fn json(research: &Research) -> String {
    let clue_rows = |board: &Board| -> Vec<Vec<Option<u32>>> {
        (0..board.rows())
            .map(|row| {
                (0..board.cols())
                    .map(|col| board.clue(crate::board::Cell::new(row, col)))
                    .collect()
            })
            .collect()
    };
    let json = Json {
        rows: research.rows,
        cols: research.cols,
        part: research.part,
        solutions: research.solutions,
        listing_ms: research.listing_ms,
        levels: &research.levels,
        minimum: research.minimum,
        witness: research
            .witness
            .as_ref()
            .map(|witness| clue_rows(&witness.board)),
        witness_solution: research
            .witness
            .as_ref()
            .map(|witness| witness.solution.to_rows()),
        proofs: &research.proofs,
        maximum: research.maximum,
        twins: research
            .twins
            .as_ref()
            .map(|twins| [twins.first.to_rows(), twins.second.to_rows()]),
        complete: research.complete,
        total_ms: research.total_ms,
    };
    serde_json::to_string(&json).expect("plain data serialises")
}

/// The table of docs/clues.md: one row per board, then every witness.
pub fn markdown(researches: &[Research]) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "| board | solutions | minimum clues | puzzles with the minimum (up to symmetry) | cell sets checked below the minimum | witness proved unique by | maximum clues that fail | time |"
    );
    let _ = writeln!(text, "|---|---:|---:|---:|---:|---|---:|---:|");
    for research in researches {
        let minimum = research
            .minimum
            .map_or("not found".to_string(), |clues| clues.to_string());
        let found = research
            .levels
            .last()
            .filter(|_| research.minimum.is_some());
        let puzzles = found.map_or("-".to_string(), |level| match level.complete {
            true => format!("{} ({})", level.puzzles, level.classes),
            false => "not counted (--first)".to_string(),
        });
        let below: u64 = research
            .levels
            .iter()
            .filter(|level| level.puzzles == 0)
            .map(|level| level.cell_sets)
            .sum();
        let maximum = research
            .maximum
            .map_or("-".to_string(), |clues| clues.to_string());
        let proved: Vec<&str> = research
            .proofs
            .iter()
            .filter(|proof| proof.confirms())
            .map(|proof| proof.solver.name())
            .collect();
        let proved = if proved.is_empty() {
            "-".to_string()
        } else {
            proved.join(", ")
        };
        let _ = writeln!(
            text,
            "| {}x{} | {} | {} | {} | {} | {} | {} | {} |",
            research.rows,
            research.cols,
            research.solutions,
            minimum,
            puzzles,
            below,
            proved,
            maximum,
            seconds(research.total_ms)
        );
    }
    for research in researches {
        if let Some(witness) = &research.witness {
            let _ = writeln!(
                text,
                "\n{}x{}, {} clues (`numbrix clues --rows {} --cols {}`):\n\n```\n{}```",
                research.rows,
                research.cols,
                witness.board.clue_count(),
                research.rows,
                research.cols,
                witness.board.to_text()
            );
        }
    }
    text
}

fn seconds(ms: f64) -> String {
    if ms < 1000.0 {
        format!("{ms:.0} ms")
    } else {
        format!("{:.1} s", ms / 1000.0)
    }
}
