//! Where the search spends its time on a board with many solutions: nodes,
//! failures and time per node looking for two solutions, and the nodes to
//! the first alone (the same runs up to it, so the difference is what the
//! second cost), over rules 1-5's domains (what `--solver search` starts
//! from on a loose board). SECONDS (default 10) limits each search.
//!
//!     cargo run --release --example search_probe [FILTER] [SECONDS]

use std::time::{Duration, Instant};

use numbrix::search::{search, Limits};
use numbrix::{Board, Domains};

mod bench_boards;

use bench_boards::{half_clues, scattered_clues};

fn probe(name: &str, board: &Board, seconds: f64) {
    if let Some(filter) = std::env::args().nth(1) {
        if !name.contains(&filter) {
            return;
        }
    }
    let start = Instant::now();
    let domains = Domains::reduce_with(board, false, None).expect("reduces");
    let reduce_ms = start.elapsed().as_secs_f64() * 1000.0;
    let summary = domains.summary(board);
    let clock = Instant::now();
    let limits = Limits {
        solutions: 2,
        stop: Some(clock + Duration::from_secs_f64(seconds)),
    };
    let outcome = search(board, Some(&domains), &limits, &mut |_| {});
    let ms = clock.elapsed().as_secs_f64() * 1000.0;
    let one = Limits {
        solutions: 1,
        stop: Some(Instant::now() + Duration::from_secs_f64(seconds)),
    };
    let alone = search(board, Some(&domains), &one, &mut |_| {});
    println!(
        "{name:<32} reduce {reduce_ms:>7.1} ms pairs/cell {:>5.1} | found {} complete {} nodes {} fails {} in {ms:.1} ms ({:.2} us/node) | to the first alone: {} nodes",
        summary.pairs as f64 / board.len() as f64,
        outcome.count,
        outcome.complete,
        outcome.nodes,
        outcome.failures,
        ms * 1000.0 / outcome.nodes.max(1) as f64,
        alone.nodes,
    );
}

fn main() {
    let seconds: f64 = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10.0);
    for side in [12, 15, 20, 30] {
        for percent in [3, 10] {
            let (name, board) = scattered_clues(side, percent);
            probe(&name, &board, seconds);
        }
    }
    for name in [
        "scale/12x12_1",
        "scale/15x15_1",
        "scale/20x20_1",
        "scale/30x30_1",
    ] {
        let (name, board) = half_clues(name);
        probe(&name, &board, seconds);
    }
}
