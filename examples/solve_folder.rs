//! Scripts the library over a folder of CSV boards: solves each one, proves
//! its solution unique, and prints one summary line per board.
//!
//!     cargo run --example solve_folder                  # examples/boards
//!     cargo run --example solve_folder -- some/folder
//!
//! Files ending in `.solution.csv` are solutions, not boards, and are
//! skipped; so are subfolders. A board that fails to read is reported and
//! the run goes on.

use std::path::{Path, PathBuf};

use numbrix::{solve, Backend, Board, Formulation, Options, Status};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let folder = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("examples/boards"));
    let mut boards: Vec<PathBuf> = std::fs::read_dir(&folder)?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<Result<_, _>>()?;
    boards.retain(|path| is_board(path));
    boards.sort();

    let options = Options {
        unique: true,
        ..Options::new(Formulation::Assignment, Backend::Highs)
    };
    println!(
        "{:<24} {:>7} {:>5}  {:<10} {:<7} {:>9} {:>9}",
        "board", "size", "clues", "status", "unique", "variables", "ms"
    );
    let (mut solved, mut unique) = (0, 0);
    for path in &boards {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let board = match Board::read(path) {
            Ok(board) => board,
            Err(error) => {
                println!("{name:<24} cannot be read: {error}");
                continue;
            }
        };
        // A HiGHS run the search overtook on the last board may still be
        // finishing on its thread: let it end before this board's clock.
        numbrix::backend::wait_for_runs_left_behind(numbrix::backend::LEFT_BEHIND_WAIT);
        let report = match solve(&board, &options) {
            Ok(report) => report,
            Err(error) => {
                println!("{name:<24} failed: {error}");
                continue;
            }
        };
        solved += usize::from(report.status == Status::Solved);
        unique += usize::from(report.unique == Some(true));
        let status = match report.status {
            Status::Solved => "solved",
            Status::Infeasible => "infeasible",
            Status::TimeLimit => "time limit",
        };
        let verdict = match report.unique {
            Some(true) => "yes",
            Some(false) => "NO",
            None => "-",
        };
        println!(
            "{name:<24} {:>7} {:>5}  {status:<10} {verdict:<7} {:>9} {:>9.1}",
            format!("{}x{}", board.rows(), board.cols()),
            board.clue_count(),
            report.stats.variables,
            report.stats.total_ms
        );
    }
    println!(
        "\n{} boards in {}: {solved} solved, {unique} proved unique",
        boards.len(),
        folder.display()
    );
    Ok(())
}

/// A board file: `*.csv`, but not `*.solution.csv`.
fn is_board(path: &Path) -> bool {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    path.is_file() && name.ends_with(".csv") && !name.ends_with(".solution.csv")
}
