//! Where the search spends its time on a board with many solutions: nodes,
//! failures and time per node looking for two solutions, and the nodes to
//! the first alone (the same runs up to it, so the difference is what the
//! second cost), over rules 1-5's domains (what `--solver search` starts
//! from on a loose board). SECONDS (default 10) limits each search.
//!
//!     cargo run --release --example search_probe [FILTER] [SECONDS]
//!
//! `decided` instead times the search over domains the reduction decided
//! (the unique scale boards, shaved): what re-routing the first solution
//! for a second costs when nearly every cell is a given.
//!
//!     cargo run --release --example search_probe decided
//!
//! `propagation` runs the search by propagation instead (one cell decided at
//! a time, rules 1-5 after each: `numbrix::search::branch`) over rules 1-5's
//! domains, on the same boards and the small unique ones, at most 20,000
//! decisions each: the decisions it needs, against what the pipeline gives
//! it before shaving (4 per cell, up to 12x12).
//!
//!     cargo run --release --example search_probe propagation [FILTER]
//!
//! `spread` asks two solutions of each board of a wider sample (48 boards
//! up to 20x20: random paths with 3-10 % clues, and both halves of the
//! unique scale boards), at most SECONDS (default 2) each, and sums the
//! nodes: how a change to the search does beyond the benchmark's rows.
//!
//!     cargo run --release --example search_probe spread [SECONDS]
//!
//! `large` does the same over 24 large boards with 3 % and 5 % of their
//! cells as clues (20x20, 25x25, 30x30), at most SECONDS (default 10)
//! each: the boards where the local search takes turns with the fill.
//!
//!     cargo run --release --example search_probe large [SECONDS]
//!
//! `dense` does the same over 24 large boards with 8 % and 10 % of their
//! cells as clues (20x20, 25x25, 30x30), at most SECONDS (default 3) each:
//! the boards neither engine settles reliably yet.
//!
//!     cargo run --release --example search_probe dense [SECONDS]
//!
//! `firsts` asks a first solution of each of 19 30x30 boards with 7-10 %
//! clues (where the targets are missed), one search each (no second
//! beside it) for each of SEEDS seeds (default 4) from SEED, at most
//! about N nodes each (default 4,000,000): a sample of the heavy tail by
//! nodes alone, the same on any machine, for judging the fill's knobs.
//!
//!     SEEDS=12 cargo run --release --example search_probe firsts --nodes 4000000
//!
//! `close` times two solutions (the reduction's rules 1-5, then the
//! search, two searches side by side as `solve --solver search` runs them)
//! of each board of 44 of 25x25-30x30 with 4-6 % clues, at seeds 0-3 or
//! 0-1 (144 runs), at most SECONDS (default 10) each, and prints each
//! run's milliseconds, then the median, the runs within 1 s, the runs
//! without two solutions and the time in all: where the local search takes
//! turns with the fill and retires. `shares` does the same over 32 30x30
//! boards, four paths for each share of clues from 3 to 10 %, at seeds 0
//! and 1 (64 runs), with a line for each share: where the 30x30 target
//! stands. `late` does the same over 40 boards whose clues lie 13-16
//! values apart (twenty 30x30 paths with 63 clues, twenty 25x25 with 44,
//! seeds 0 and 1: 80 runs): where the local search joins the fill late.
//! `alone` does the same over 40 30x30 boards whose clues lie 10-13 values
//! apart (twenty paths with 72 clues, twenty with 81, seeds 0 and 1: 80
//! runs): where the fill works alone.
//!
//!     cargo run --release --example search_probe close
//!     cargo run --release --example search_probe shares
//!     cargo run --release --example search_probe late
//!     cargo run --release --example search_probe alone
//!
//! A time limit lets the machine's load decide the boards near it. With
//! `--nodes N` instead of SECONDS, `spread`, `large` and `dense` stop each
//! search after about N nodes of the fill (the local search's moves are
//! paid out per node too), and give the same answers on any machine: the
//! way to compare two builds on different days.
//!
//!     cargo run --release --example search_probe dense --nodes 1000000
//!
//! With `THREADS=N` in the environment, `spread`, `large` and `dense` run N
//! searches side by side on each board larger than 12x12
//! (`numbrix::search::search_side_by_side`, `solve --threads N`): the
//! nodes and moves shown are all of theirs. With `SEED=S`, the searches'
//! seeds start at S instead of 0 (`solve --seed S`).

use std::time::{Duration, Instant};

use numbrix::search::{branch, search, search_side_by_side, Limits, Outcome, Searches};
use numbrix::{Board, Domains};

mod bench_boards;

use bench_boards::{
    alone, close, dense, firsts, half_clues, large, late, number_in_environment, scattered_clues,
    shares, spread, Sampled,
};

/// Two solutions searched for over `domains`, at most `seconds`, and the
/// milliseconds it took.
fn two_within(board: &Board, domains: &Domains, seconds: f64) -> (Outcome, f64) {
    let searches = bench_boards::searches();
    two_within_budget(board, domains, Budget::Seconds(seconds), searches)
}

/// Did a search asked for two solutions settle the board: two found, or
/// a proof that there are fewer?
fn settled(outcome: &Outcome) -> bool {
    outcome.count >= 2 || outcome.complete
}

/// What each search of a sample may spend.
#[derive(Clone, Copy)]
enum Budget {
    Seconds(f64),
    /// About this many nodes, and no clock: the same answers on any machine.
    Nodes(u64),
}

/// Two solutions searched for over `domains` within `budget` by
/// `searches`, and the milliseconds it took.
fn two_within_budget(
    board: &Board,
    domains: &Domains,
    budget: Budget,
    searches: Searches,
) -> (Outcome, f64) {
    let clock = Instant::now();
    let (stop, max_nodes) = match budget {
        Budget::Seconds(seconds) => (Some(clock + Duration::from_secs_f64(seconds)), u64::MAX),
        Budget::Nodes(nodes) => (None, nodes),
    };
    let limits = Limits { solutions: 2, stop };
    let outcome = search_side_by_side(
        board,
        Some(domains),
        &limits,
        max_nodes,
        searches,
        None,
        &mut |_| {},
    );
    (outcome, clock.elapsed().as_secs_f64() * 1000.0)
}

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
    let (outcome, ms) = two_within(board, &domains, seconds);
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

/// Two solutions asked of `name`'s domains after the whole reduction:
/// the median of 5 in-process times.
fn decided(name: &str) {
    let path = format!("examples/boards/{name}.csv");
    let board = Board::read(path.as_ref()).expect("the example board reads");
    let domains = Domains::reduce(&board).expect("reduces");
    let limits = Limits::up_to(2);
    let mut times = Vec::new();
    let mut count = 0;
    for _ in 0..5 {
        let clock = Instant::now();
        count = search(&board, Some(&domains), &limits, &mut |_| {}).count;
        times.push(clock.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    let fixed = domains.summary(&board).fixed_cells;
    println!(
        "{name:<16} {fixed:>4} of {:>4} cells decided | {count} solution(s) in {:.2} ms",
        board.len(),
        times[2]
    );
}

/// Two solutions (or the proof that there is one) by propagation over
/// rules 1-5's domains: the median of 3 in-process times.
fn propagation(name: &str, board: &Board) {
    if let Some(filter) = std::env::args().nth(2) {
        if !name.contains(&filter) {
            return;
        }
    }
    let domains = Domains::reduce_with(board, false, None).expect("reduces");
    let limits = Limits::up_to(2);
    let mut times = Vec::new();
    let mut outcome = None;
    for _ in 0..3 {
        let clock = Instant::now();
        outcome = Some(branch(board, &domains, &limits, 20_000));
        times.push(clock.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    let outcome = outcome.expect("three runs");
    let settled = settled(&outcome);
    println!(
        "{name:<32} {:>5} cells | found {} complete {:<5} settled {:<5} | {:>6} decisions {:>6} failures in {:>7.1} ms",
        board.len(),
        outcome.count,
        outcome.complete,
        settled,
        outcome.nodes,
        outcome.failures,
        times[1],
    );
}

/// Two solutions of each of `boards`, then the sums.
fn spread_run(boards: Vec<(String, Board)>, budget: Budget) {
    let (mut nodes, mut millis, mut log_nodes, mut unsettled) = (0, 0.0, 0.0, 0);
    for (name, board) in &boards {
        let domains = Domains::reduce_with(board, false, None).expect("reduces");
        let (outcome, ms) = two_within_budget(board, &domains, budget, bench_boards::searches());
        if !settled(&outcome) {
            unsettled += 1;
        }
        nodes += outcome.nodes;
        millis += ms;
        log_nodes += (outcome.nodes.max(1) as f64).ln();
        println!(
            "{name:<28} found {} nodes {:>9} moves {:>10} in {ms:>8.1} ms",
            outcome.count, outcome.nodes, outcome.moves
        );
    }
    println!(
        "{} boards, {unsettled} without two solutions: {nodes} nodes in all (geometric mean {:.0}), {millis:.0} ms",
        boards.len(),
        (log_nodes / boards.len() as f64).exp(),
    );
}

/// A first solution of each of `boards` for each of `seeds`, one search
/// at most `max_nodes` each, then the sums.
fn firsts_run(boards: Vec<(String, Board)>, seeds: std::ops::Range<u64>, max_nodes: u64) {
    let limits = Limits::up_to(1);
    let mut nodes = Vec::new();
    let mut unsettled = 0;
    for (name, board) in &boards {
        let domains = Domains::reduce_with(board, false, None).expect("reduces");
        let mut row = format!("{name:<28}");
        for seed in seeds.clone() {
            let one = Searches { threads: 1, seed };
            let outcome = search_side_by_side(
                board,
                Some(&domains),
                &limits,
                max_nodes,
                one,
                None,
                &mut |_| {},
            );
            match outcome.count {
                0 => {
                    unsettled += 1;
                    row += &format!(" {:>9}", "none");
                }
                _ => row += &format!(" {:>9}", outcome.nodes),
            }
            nodes.push(outcome.nodes);
        }
        println!("{row}");
    }
    let runs = nodes.len();
    let log_mean = nodes.iter().map(|&n| (n.max(1) as f64).ln()).sum::<f64>() / runs as f64;
    nodes.sort_unstable();
    println!(
        "{runs} runs, {unsettled} without a first solution in {max_nodes} nodes: {} nodes in all (median {}, geometric mean {:.0})",
        nodes.iter().sum::<u64>(),
        nodes[runs / 2],
        log_mean.exp(),
    );
}

/// One timed run: the milliseconds (the reduction's rules 1-5 and the
/// search), and whether the search settled the board (two solutions, or
/// a proof that there are fewer).
struct Timed {
    ms: f64,
    settled: bool,
}

/// Two solutions of each board of `boards` at each of its seeds (from
/// `SEED`, two searches side by side or `THREADS`), at most `seconds`
/// each: a line per board, then the sums by the label `group` gives each
/// board, and over every run.
fn timed_run(boards: Vec<Sampled>, seconds: f64, group: fn(&Sampled) -> String) {
    let searches = bench_boards::searches();
    let mut groups: Vec<(String, Vec<Timed>)> = Vec::new();
    for sampled in &boards {
        let label = group(sampled);
        let mut row = format!("{:<32}", sampled.name);
        for seed in searches.seed..searches.seed + sampled.seeds {
            let clock = Instant::now();
            let domains = Domains::reduce_with(&sampled.board, false, None).expect("reduces");
            let reduce_ms = clock.elapsed().as_secs_f64() * 1000.0;
            let budget = Budget::Seconds(seconds);
            let searches = Searches { seed, ..searches };
            let (outcome, ms) = two_within_budget(&sampled.board, &domains, budget, searches);
            let timed = Timed {
                ms: reduce_ms + ms,
                settled: settled(&outcome),
            };
            row += &match timed.settled {
                true => format!(" {:>8.0}", timed.ms),
                false => format!(" {:>8}", "none"),
            };
            match groups.iter_mut().find(|(name, _)| *name == label) {
                Some((_, runs)) => runs.push(timed),
                None => groups.push((label.clone(), vec![timed])),
            }
        }
        println!("{row}");
    }
    let every: Vec<&Timed> = groups.iter().flat_map(|(_, runs)| runs).collect();
    if groups.len() > 1 {
        for (label, runs) in &groups {
            println!(
                "{label:<12} {}",
                summary(&runs.iter().collect::<Vec<_>>(), seconds)
            );
        }
    }
    println!("{:<12} {}", "all", summary(&every, seconds));
}

/// Every board in one group.
fn one_group(_: &Sampled) -> String {
    String::new()
}

/// The boards grouped by their count of clues.
fn by_clues(sampled: &Sampled) -> String {
    format!("{} clues", sampled.board.clues().count())
}

/// The median, the runs within 1 s, the unsettled, the slowest settled
/// and the time in all.
fn summary(runs: &[&Timed], seconds: f64) -> String {
    let mut ms: Vec<f64> = runs.iter().map(|run| run.ms).collect();
    ms.sort_by(f64::total_cmp);
    let median = (ms[(ms.len() - 1) / 2] + ms[ms.len() / 2]) / 2.0;
    let settled: Vec<f64> = runs
        .iter()
        .filter(|run| run.settled)
        .map(|run| run.ms)
        .collect();
    let within = settled.iter().filter(|&&ms| ms <= 1000.0).count();
    let slowest = match settled.iter().copied().reduce(f64::max) {
        Some(ms) => format!("slowest settled {ms:.0} ms"),
        None => "none settled".to_string(),
    };
    format!(
        "{} runs: median {median:.0} ms, {within} within 1 s, {} without two solutions in {seconds} s, {slowest}, {:.1} s in all",
        runs.len(),
        runs.len() - settled.len(),
        ms.iter().sum::<f64>() / 1000.0,
    )
}

fn main() {
    let sample = std::env::args().nth(1);
    if let Some((boards, group)) = match sample.as_deref() {
        Some("close") => Some((close(), one_group as fn(&Sampled) -> String)),
        Some("shares") => Some((shares(), by_clues as fn(&Sampled) -> String)),
        Some("late") => Some((late(), by_clues as fn(&Sampled) -> String)),
        Some("alone") => Some((alone(), by_clues as fn(&Sampled) -> String)),
        _ => None,
    } {
        let seconds = std::env::args()
            .nth(2)
            .and_then(|s| s.parse().ok())
            .unwrap_or(10.0);
        timed_run(boards, seconds, group);
        return;
    }
    if sample.as_deref() == Some("firsts") {
        let max_nodes = match std::env::args().nth(2).as_deref() {
            Some("--nodes") => std::env::args().nth(3).and_then(|s| s.parse().ok()),
            _ => None,
        };
        let first = bench_boards::searches().seed;
        let seeds = number_in_environment("SEEDS").unwrap_or(4).max(1);
        firsts_run(
            firsts(),
            first..first + seeds,
            max_nodes.unwrap_or(4_000_000),
        );
        return;
    }
    if let Some(boards) = match sample.as_deref() {
        Some("spread") => Some((spread(), 2.0)),
        Some("large") => Some((large(), 10.0)),
        Some("dense") => Some((dense(), 3.0)),
        _ => None,
    } {
        let budget = match std::env::args().nth(2).as_deref() {
            Some("--nodes") => Budget::Nodes(
                std::env::args()
                    .nth(3)
                    .and_then(|s| s.parse().ok())
                    .expect("--nodes takes a number of nodes"),
            ),
            seconds => Budget::Seconds(seconds.and_then(|s| s.parse().ok()).unwrap_or(boards.1)),
        };
        spread_run(boards.0, budget);
        return;
    }
    if std::env::args().nth(1).as_deref() == Some("propagation") {
        for side in [8, 10, 12, 15] {
            for percent in [3, 10] {
                let (name, board) = scattered_clues(side, percent);
                propagation(&name, &board);
            }
        }
        for name in [
            "classic_9x9",
            "hard_9x9",
            "border_9x9",
            "scale/12x12_1",
            "scale/15x15_1",
        ] {
            let (name, board) = half_clues(name);
            propagation(&name, &board);
        }
        for name in [
            "clues/minimum_7x7",
            "not_unique_9x9",
            "infeasible_solver_9x9",
            "scale/06x06_1",
            "scale/06x06_2",
            "scale/09x09_1",
            "scale/09x09_2",
            "scale/12x12_1",
            "scale/12x12_2",
            "scale/15x15_1",
            "scale/15x15_2",
        ] {
            let path = format!("examples/boards/{name}.csv");
            let board = Board::read(path.as_ref()).expect("the example board reads");
            propagation(name, &board);
        }
        return;
    }
    if std::env::args().nth(1).as_deref() == Some("decided") {
        for name in ["12x12_1", "15x15_2", "20x20_1", "30x30_1", "30x30_2"] {
            decided(&format!("scale/{name}"));
        }
        return;
    }
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
