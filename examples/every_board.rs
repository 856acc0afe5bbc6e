//! The targets' "every board", beyond the benchmark's one board a row:
//! the boards of ten or twenty random paths for each size and share of
//! clues (`generate_board ROWS COLS CLUES S`), each solved as `numbrix
//! solve BOARD --unique --seed N` solves it (the default pipeline: two
//! searches side by side, the MIP's turns if the search's budget runs
//! out), timed in-process (the report's `total_ms`), and every run over
//! its target line listed.
//!
//!     cargo run --release --example every_board [GROUP ...]
//!
//! The groups, and their lines:
//!
//! - `8x8`, `10x10`, `12x12`: 3-10 % of the cells as clues (2, 3, 4, 6
//!   clues on 8x8; 3, 5, 7, 10 on 10x10; 4, 7, 10, 14 on 12x12), paths S
//!   9601-9610: 40 boards each, 10 ms;
//! - `15x15`, `20x20`: eight shares from 3 to 10 % (7-22 and 12-40
//!   clues), paths S 9601-9610: 80 boards each, 1 s;
//! - `25x25`, `30x30`: 8 % (50 and 72 clues), paths S 9601-9620: 20
//!   boards each, 1 s.
//!
//! Without a group: `8x8`, `10x10` and `12x12`. `SEEDS=N` runs each board
//! from seeds 0 to N - 1 (default 1: seed 0 alone); `SOLVER=search` (or
//! `cbc`) solves as `--solver search` (or `cbc`) does; each run has 10 s. A
//! run over its line is listed with its board's `generate_board`
//! arguments, so that it can be fed to `numbrix solve` as it stands. Each
//! group ends with its runs' median and slowest time and the search's
//! nodes in all: up to 12x12 one search runs, node for node the same on
//! any machine, so the nodes compare two builds where the times cannot.
//!
//! Every board here has a solution (its path), so a run that says
//! "infeasible", or seeds of one board that disagree on whether it is
//! unique, is a wrong answer: such runs are listed on stderr as `WRONG`,
//! and the scan ends with exit status 1 (CI runs the `8x8` group with
//! `SEEDS=2`).
//!
//! docs/search-benchmarks.md quotes its output ("Below 30x30").

use std::time::Duration;

use numbrix::backend::wait_for_runs_left_behind;
use numbrix::generate::Puzzle;
use numbrix::search::Searches;
use numbrix::{solve, Backend, Options, Status};

/// A size of board, the clues of each of its shares, its paths and the
/// line its runs should stay under.
struct Group {
    name: &'static str,
    side: usize,
    clues: &'static [usize],
    paths: std::ops::RangeInclusive<u64>,
    line_ms: f64,
}

/// A group of `side` x `side` boards with each of `clues`, on the paths S
/// from 9601 to `last_path`.
const fn group(
    name: &'static str,
    side: usize,
    clues: &'static [usize],
    last_path: u64,
    line_ms: f64,
) -> Group {
    Group {
        name,
        side,
        clues,
        paths: 9601..=last_path,
        line_ms,
    }
}

const GROUPS: [Group; 7] = [
    group("8x8", 8, &[2, 3, 4, 6], 9610, 10.0),
    group("10x10", 10, &[3, 5, 7, 10], 9610, 10.0),
    group("12x12", 12, &[4, 7, 10, 14], 9610, 10.0),
    group("15x15", 15, &[7, 9, 11, 14, 16, 18, 20, 22], 9610, 1000.0),
    group("20x20", 20, &[12, 16, 20, 24, 28, 32, 36, 40], 9610, 1000.0),
    group("25x25", 25, &[50], 9620, 1000.0),
    group("30x30", 30, &[72], 9620, 1000.0),
];

/// Seconds each run may take.
const TIME_LIMIT: f64 = 10.0;

/// One run: its milliseconds, the search's nodes, and its verdict.
struct Run {
    ms: f64,
    nodes: u64,
    verdict: Verdict,
}

/// What a run said of its board.
#[derive(Clone, Copy, PartialEq)]
enum Verdict {
    /// The time limit came first.
    Unsettled,
    Infeasible,
    Unique,
    NotUnique,
}

impl Verdict {
    /// The verdict as the scan lists it.
    fn says(self) -> &'static str {
        match self {
            Verdict::Unsettled => "did not settle it",
            Verdict::Infeasible => "said infeasible",
            Verdict::Unique => "said unique",
            Verdict::NotUnique => "said not unique",
        }
    }
}

fn run(board: &numbrix::Board, seed: u64, backend: Backend) -> Run {
    let options = Options {
        backend,
        unique: true,
        time_limit: Some(TIME_LIMIT),
        searches: Searches {
            seed,
            ..Searches::default()
        },
        ..Options::default()
    };
    // A MIP run an earlier solve left behind would share the cores.
    wait_for_runs_left_behind(Duration::from_secs_f64(TIME_LIMIT));
    let report = solve(board, &options).expect("a generated board solves");
    Run {
        ms: report.stats.total_ms,
        nodes: report.stats.search.map_or(0, |search| search.nodes),
        verdict: match (report.status, report.unique) {
            (Status::Infeasible, _) => Verdict::Infeasible,
            (Status::Solved, Some(true)) => Verdict::Unique,
            (Status::Solved, Some(false)) => Verdict::NotUnique,
            // Solved without the uniqueness question settled: the limit.
            (Status::TimeLimit, _) | (Status::Solved, None) => Verdict::Unsettled,
        },
    }
}

fn main() {
    let asked: Vec<String> = std::env::args().skip(1).collect();
    let seeds: u64 = std::env::var("SEEDS")
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(1);
    let backend = match std::env::var("SOLVER").as_deref() {
        Err(_) | Ok("highs") => Backend::Highs,
        Ok("cbc") => Backend::Cbc,
        Ok("search") => Backend::Search,
        Ok(other) => {
            eprintln!("every_board: SOLVER={other}: highs, cbc or search");
            std::process::exit(2);
        }
    };
    let groups: Vec<&Group> = match asked.is_empty() {
        true => GROUPS.iter().take(3).collect(),
        false => asked
            .iter()
            .map(|name| {
                GROUPS
                    .iter()
                    .find(|group| group.name == name)
                    .unwrap_or_else(|| {
                        let names: Vec<&str> = GROUPS.iter().map(|group| group.name).collect();
                        eprintln!(
                            "every_board: no group {name}; the groups: {}",
                            names.join(", ")
                        );
                        std::process::exit(2);
                    })
            })
            .collect(),
    };
    let mut wrong = 0;
    for group in groups {
        let mut times = Vec::new();
        let mut nodes = 0;
        let mut over = 0;
        for &clues in group.clues {
            for path in group.paths.clone() {
                let board = Puzzle::generate(group.side, group.side, clues, path).board;
                // The first settled run's seed and verdict, which every
                // other seed's must match.
                let mut first: Option<(u64, Verdict)> = None;
                for seed in 0..seeds.max(1) {
                    let run = run(&board, seed, backend);
                    let verdict = run.verdict;
                    if verdict != Verdict::Unsettled {
                        let (first_seed, agreed) = *first.get_or_insert((seed, verdict));
                        let problem = match verdict {
                            Verdict::Infeasible => {
                                Some("said infeasible, but the board has a solution".into())
                            }
                            _ if verdict != agreed => Some(format!(
                                "{} where seed {first_seed} {}",
                                verdict.says(),
                                agreed.says()
                            )),
                            _ => None,
                        };
                        if let Some(problem) = problem {
                            wrong += 1;
                            eprintln!(
                                "{}: generate_board {side} {side} {clues} {path}, seed {seed}: \
                                 WRONG: {problem}",
                                group.name,
                                side = group.side
                            );
                        }
                    }
                    let settled = verdict != Verdict::Unsettled;
                    if run.ms > group.line_ms || !settled {
                        over += 1;
                        let unsettled = if settled { "" } else { ", unsettled" };
                        println!(
                            "{}: generate_board {side} {side} {clues} {path}, seed {seed}: \
                             {:.1} ms, {} nodes{unsettled}",
                            group.name,
                            run.ms,
                            run.nodes,
                            side = group.side
                        );
                    }
                    times.push(run.ms);
                    nodes += run.nodes;
                }
            }
        }
        times.sort_by(f64::total_cmp);
        println!(
            "{}: {} runs, median {:.1} ms, slowest {:.1} ms, {nodes} nodes in all; \
             {over} over {} ms",
            group.name,
            times.len(),
            times[times.len() / 2],
            times[times.len() - 1],
            group.line_ms
        );
    }
    if wrong > 0 {
        eprintln!("every_board: {wrong} wrong answers");
        std::process::exit(1);
    }
}
