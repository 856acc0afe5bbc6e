//! The boards with many solutions, timed: for each, a checked first solution
//! and a second one (or the proof that there is none), with the search alone,
//! with the default `solve` (the search ahead of HiGHS) and, where that
//! finished, with `--solver cbc` (the search ahead of CBC), then the counts
//! of empty boards: as `numbrix count` makes them (the reduction, then the
//! frontier program), and by the search's walk over every path up to 6x6.
//! Times are in-process, each the median of 3 runs from the search's seeds
//! 0, 1 and 2 (`solve --seed`): one search from one seed gives the same
//! answer on every run, and the nodes a board with many solutions takes
//! vary from one seed to the next, by orders of magnitude on some, so three
//! runs from one seed would time one draw three times. The counts, which go
//! through every path, are medians of 3 runs.
//!
//!     cargo run --release --example search_bench [FILTER]
//!
//! With FILTER, only the boards whose name contains it (and no counts);
//! `count` runs only the counts. With `THREADS=N` in the environment each
//! solve runs N searches side by side (`solve --threads N`; without it 2,
//! as `solve` does by default, and `THREADS=1` keeps to one); `SEED=S`
//! starts the seeds at S and `SEEDS=N` takes N of them (S, S + 1, ...,
//! S + N - 1).
//!
//! docs/search-benchmarks.md quotes its output.

use std::time::Instant;

use numbrix::search::{search, Limits, Searches};
use numbrix::{count_solutions, solve, Backend, Board, Formulation, Options, Report, Status};

mod bench_boards;

use bench_boards::{half_clues, scattered_clues};

const RUNS: usize = 3;

fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// Seconds each solve may take.
const TIME_LIMIT: f64 = 10.0;

/// Median milliseconds of `solve --unique` over runs from seeds S, S + 1,
/// ... (3 of them, or `SEEDS`), and the report of the median run.
fn timed(board: &Board, backend: Backend) -> (f64, Report) {
    let searches = bench_boards::searches();
    let seeds: u64 = bench_boards::number_in_environment("SEEDS").unwrap_or(RUNS as u64);
    let mut runs: Vec<(f64, Report)> = Vec::new();
    for offset in 0..seeds.max(1) {
        let options = Options {
            unique: true,
            time_limit: Some(TIME_LIMIT),
            searches: Searches {
                seed: searches.seed + offset,
                ..searches
            },
            ..Options::new(Formulation::Assignment, backend)
        };
        // Runs the search overtook during the MIP's turn would share the
        // cores with this solve.
        numbrix::backend::wait_for_runs_left_behind(numbrix::backend::LEFT_BEHIND_WAIT);
        let start = Instant::now();
        let report = solve(board, &options).expect("the board solves");
        runs.push((start.elapsed().as_secs_f64() * 1000.0, report));
    }
    runs.sort_by(|a, b| a.0.total_cmp(&b.0));
    let middle = runs.len() / 2;
    runs.swap_remove(middle)
}

fn verdict(report: &Report) -> String {
    let unique = match report.unique {
        Some(true) => "unique",
        Some(false) => "two found",
        None => "open",
    };
    let stage = report
        .decided_by
        .map_or("-".to_string(), |stage| stage.to_string());
    format!("{} {unique} by {stage}", report.status)
}

fn row(name: &str, board: &Board) {
    if let Some(filter) = std::env::args().nth(1) {
        if !name.contains(&filter) {
            return;
        }
    }
    let (search_ms, by_search) = timed(board, Backend::Search);
    let (highs_ms, by_default) = timed(board, Backend::Highs);
    // CBC only where HiGHS finished: past the search's budget CBC gets the
    // model, and on a large one it can spend minutes in its root LP without
    // looking at the clock (docs/solvers.md).
    let cbc = match by_default.status {
        Status::Solved => {
            let (cbc_ms, by_cbc) = timed(board, Backend::Cbc);
            format!(
                "{cbc_ms:>10.2} {:<28} {:>5.2}",
                verdict(&by_cbc),
                cbc_ms / highs_ms
            )
        }
        _ => format!("{:>10} {:<28} {:>5}", "-", "not run", "-"),
    };
    println!(
        "{name:<34} {search_ms:>10.2} {:<28} {highs_ms:>10.2} {:<28} {cbc}",
        verdict(&by_search),
        verdict(&by_default)
    );
}

fn main() {
    println!(
        "{:<34} {:>10} {:<28} {:>10} {:<28} {:>10} {:<28} {:>5}",
        "board", "search ms", "verdict", "solve ms", "verdict", "cbc ms", "verdict", "cbc/highs"
    );
    for (rows, cols) in [(5, 5), (9, 9), (12, 12), (15, 15), (3, 20), (30, 30)] {
        let board = Board::empty(rows, cols).expect("a board");
        row(&format!("empty {rows}x{cols}"), &board);
    }
    for side in [8, 10, 12, 15, 20, 30] {
        for percent in [3, 10] {
            let (name, board) = scattered_clues(side, percent);
            row(&name, &board);
        }
    }
    for name in [
        "classic_9x9",
        "hard_9x9",
        "border_9x9",
        "scale/12x12_1",
        "scale/15x15_1",
        "scale/20x20_1",
        "scale/30x30_1",
    ] {
        let (name, board) = half_clues(name);
        row(&name, &board);
    }
    if std::env::args()
        .nth(1)
        .is_some_and(|filter| filter != "count")
    {
        return;
    }
    println!();
    println!(
        "{:<10} {:>22} {:>10} {:>10}",
        "count", "solutions", "count ms", "walk ms"
    );
    for side in [4, 5, 6, 7, 8, 10] {
        let board = Board::empty(side, side).expect("a board");
        let options = Options::new(Formulation::Assignment, Backend::Search);
        let mut times = Vec::new();
        let mut count = 0;
        for _ in 0..RUNS {
            let start = Instant::now();
            let counted = count_solutions(&board, &options, u64::MAX).expect("the board counts");
            assert!(counted.complete, "the {side}x{side} count finishes");
            count = counted.solutions;
            times.push(start.elapsed().as_secs_f64() * 1000.0);
        }
        let walk = match side <= WALKED_SIDE {
            true => format!("{:.1}", median(walked(&board, count))),
            false => "-".to_string(),
        };
        println!(
            "{:<10} {count:>22} {:>10.1} {walk:>10}",
            format!("{side}x{side}"),
            median(times)
        );
    }
}

/// The widest empty board whose paths the walk (`search::search`) counts
/// here: 7x7 takes about a minute.
const WALKED_SIDE: usize = 6;

/// Milliseconds of each of [`RUNS`] walks over every path of `board`, each
/// checked to count `count` paths, as `numbrix count` did.
fn walked(board: &Board, count: u128) -> Vec<f64> {
    (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            let walked = search(board, None, &Limits::ALL, &mut |_| {}).count;
            assert_eq!(u128::from(walked), count, "the walk and the count agree");
            start.elapsed().as_secs_f64() * 1000.0
        })
        .collect()
}
