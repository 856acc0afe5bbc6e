//! Times `numbrix generate`'s library call: one puzzle per seed, 5 seeds
//! per row, the median time. With no arguments it runs the rows of
//! docs/benchmarks.md (a minimal 9x9, 15x15 and 30x30, a newspaper 9x9);
//! arguments pick rows as RULE ROWSxCOLS, e.g.
//! `cargo run --release --example generate_bench -- minimal 9x9`.
//! Every puzzle is checked unique with the search before it is counted.

use std::time::Instant;

use numbrix::generate::{other_solution, ClueRule, Request, Uniqueness};

const SEEDS: u64 = 5;

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let rows: Vec<(ClueRule, usize, usize)> = if arguments.is_empty() {
        vec![
            (ClueRule::Minimal, 9, 9),
            (ClueRule::Minimal, 15, 15),
            (ClueRule::Minimal, 30, 30),
            (ClueRule::Newspaper, 9, 9),
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
    for (rule, rows, cols) in rows {
        let mut times = Vec::new();
        let mut clues = Vec::new();
        for seed in 1..=SEEDS {
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
            times.push(ms);
            clues.push(puzzle.board.clue_count());
        }
        times.sort_by(f64::total_cmp);
        clues.sort();
        println!(
            "{:<10} {:<6} median: {} clues, {:.1} ms\n",
            rule.to_string(),
            format!("{rows}x{cols}"),
            clues[clues.len() / 2],
            times[times.len() / 2]
        );
    }
}
