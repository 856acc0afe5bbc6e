//! Times `numbrix generate`'s library call: one puzzle per seed, 5 seeds
//! per row, the median time. With no arguments it runs the rows of
//! docs/benchmarks.md (a minimal 9x9, a newspaper 9x9, a minimal 12x12,
//! a newspaper 16x16 and 20x20, a minimal 15x15 and 30x30);
//! arguments pick rows as RULE ROWSxCOLS, e.g.
//! `cargo run --release --example generate_bench -- minimal 9x9`;
//! `--seed S` first runs seed S alone instead of 1-5.
//! Every puzzle is checked unique with the search before it is counted,
//! and those of up to 9x9 also with the MIP alone (reduced by rules 1-5, no shaving, no search) on HiGHS and on CBC
//! (an independent solver: no reduction, no search).

use std::time::Instant;

use numbrix::generate::{other_solution, ClueRule, Request, Uniqueness};
use numbrix::{solve, Backend, Formulation, Options, SearchBudget, Variant};

/// Puzzles up to this many cells are also solved with the MIP.
const MIP_CELLS: usize = 81;

const SEEDS: u64 = 5;

fn main() {
    let mut arguments: Vec<String> = std::env::args().skip(1).collect();
    let seeds = match arguments.first().map(String::as_str) {
        Some("--seed") => {
            let seed: u64 = arguments
                .get(1)
                .and_then(|s| s.parse().ok())
                .expect("--seed S");
            arguments.drain(..2);
            seed..=seed
        }
        _ => 1..=SEEDS,
    };
    let rows: Vec<(ClueRule, usize, usize)> = if arguments.is_empty() {
        vec![
            (ClueRule::Minimal, 9, 9),
            (ClueRule::Newspaper, 9, 9),
            (ClueRule::Minimal, 12, 12),
            (ClueRule::Newspaper, 16, 16),
            (ClueRule::Newspaper, 20, 20),
            (ClueRule::Minimal, 15, 15),
            (ClueRule::Minimal, 30, 30),
        ]
    } else {
        arguments
            .chunks(2)
            .map(|pair| {
                let rule = pair[0]
                    .parse()
                    .unwrap_or_else(|problem| panic!("{problem}"));
                let size = pair.get(1).expect("RULE ROWSxCOLS");
                let (rows, cols) = size.split_once('x').expect("ROWSxCOLS");
                (
                    rule,
                    rows.parse().expect("rows"),
                    cols.parse().expect("cols"),
                )
            })
            .collect()
    };
    println!("rule       size   seed  clues  level                 ms");
    let mut mip_checked = 0;
    for (rule, rows, cols) in rows {
        let mut times = Vec::new();
        let mut clues = Vec::new();
        for seed in seeds.clone() {
            let request = Request {
                seed,
                ..Request::new(rows, cols, rule)
            };
            let start = Instant::now();
            let puzzle = request.puzzle(0, None).expect("a puzzle is made");
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            assert_eq!(
                other_solution(&puzzle.board, &puzzle.solution, None),
                Uniqueness::Unique
            );
            println!(
                "{:<10} {:<6} {:>4}  {:>5}  {:<20} {:>8.1}",
                rule.to_string(),
                format!("{rows}x{cols}"),
                seed,
                puzzle.board.clue_count(),
                puzzle.difficulty.to_string(),
                ms
            );
            if rows * cols <= MIP_CELLS {
                for backend in [Backend::Highs, Backend::Cbc] {
                    let options = Options {
                        unique: true,
                        variant: Variant::UNSHAVED,
                        search_budget: SearchBudget::Off,
                        ..Options::new(Formulation::Assignment, backend)
                    };
                    let report = solve(&puzzle.board, &options).expect("the MIP runs");
                    assert_eq!(report.unique, Some(true), "{backend}: {}", puzzle.name);
                    assert_eq!(report.grid.as_ref(), Some(&puzzle.solution));
                }
                mip_checked += 1;
            }
            times.push(ms);
            clues.push(puzzle.board.clue_count());
        }
        times.sort_by(f64::total_cmp);
        clues.sort();
        println!(
            "{:<10} {:<6} median of {}: {} clues, {:.1} ms\n",
            rule.to_string(),
            format!("{rows}x{cols}"),
            times.len(),
            clues[clues.len() / 2],
            times[times.len() / 2]
        );
    }
    println!(
        "{mip_checked} puzzles solved with the assignment MIP (rules 1-5, no search) on HiGHS and CBC: each unique, with the generated solution"
    );
}
