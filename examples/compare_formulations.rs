//! Solves one board with the assignment and MTZ formulations on both
//! solvers, faithful and reduced, through the library, and prints a small
//! table: how big each model is and what each solver made of it.
//!
//!     cargo run --example compare_formulations
//!     cargo run --example compare_formulations -- examples/boards/hard_9x9.csv
//!
//! Each solve has a 20 s limit: the faithful MTZ model is weak (its LP
//! relaxation says little about the order of the cells), and CBC can take
//! far longer than that on it.

use std::path::PathBuf;

use numbrix::{solve, Backend, Board, Formulation, Options, Status, Variant};

/// Seconds per solve.
const TIME_LIMIT: f64 = 20.0;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("examples/boards/classic_9x9.csv"));
    let board = Board::read(&path)?;
    println!(
        "{} ({}x{}, {} clues), {TIME_LIMIT} s per solve\n",
        path.display(),
        board.rows(),
        board.cols(),
        board.clue_count()
    );
    println!(
        "{:<11} {:<9} {:<6} {:>9} {:>6} {:>9} {:>7} {:>10}  result",
        "model", "scope", "solver", "variables", "rows", "nonzeros", "nodes", "solve ms"
    );
    let mut grids = Vec::new();
    for formulation in Formulation::ALL {
        for reduce in [false, true] {
            for backend in Backend::MIP {
                let options = Options {
                    variant: if reduce {
                        Variant::REDUCED
                    } else {
                        Variant::Faithful
                    },
                    time_limit: Some(TIME_LIMIT),
                    ..Options::new(formulation, backend)
                };
                let report = solve(&board, &options)?;
                let stats = &report.stats;
                let nodes = stats
                    .nodes
                    .map_or_else(|| "-".to_string(), |nodes| nodes.to_string());
                let result = match report.status {
                    Status::Solved => "solved",
                    Status::Infeasible => "infeasible",
                    Status::TimeLimit => "time limit",
                };
                println!(
                    "{:<11} {:<9} {:<6} {:>9} {:>6} {:>9} {:>7} {:>10.1}  {result}",
                    formulation.name(),
                    if reduce { "reduced" } else { "faithful" },
                    backend.name(),
                    stats.variables,
                    stats.constraints,
                    stats.nonzeros,
                    nodes,
                    stats.solve_ms
                );
                grids.extend(report.grid);
            }
        }
    }
    // Every grid passed the checker; on a well-formed board they agree.
    let agree = grids.windows(2).all(|pair| pair[0] == pair[1]);
    println!(
        "\n{} of 8 solves found a grid within the limit; {}",
        grids.len(),
        if agree {
            "all the same grid"
        } else {
            "they differ: the board has several solutions"
        }
    );
    Ok(())
}
