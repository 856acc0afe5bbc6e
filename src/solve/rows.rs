//! Row generation without callbacks: solve, ask the model which of its
//! unbuilt rows the answer breaks (the subtours of a DFJ solution), add
//! them, solve again, until an answer breaks none. A model without a
//! separator is solved once.

use std::time::Instant;

use crate::backend::{Backend, Outcome, Params, Run};
use crate::formulation::Model;
use crate::mip::Row;

/// What one generating solve did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Generated {
    /// Solver calls.
    pub rounds: u64,
    /// Rows added to `generated`.
    pub rows: u64,
}

/// Solves `model` with the `fixed` rows (no-good cuts) and the rows
/// generated so far, adding to `generated` what each answer breaks, within
/// `params.time_limit` for all the rounds together. The run's nodes,
/// iterations and seconds are the sums over the rounds; its outcome is the
/// last round's, except that values which still break a row when a limit
/// stopped the solver are no answer ([`Outcome::Limit`]).
pub(crate) fn solve_generating(
    model: &Model,
    backend: Backend,
    fixed: &[Row],
    generated: &mut Vec<Row>,
    params: Params,
) -> (Run, Generated) {
    let start = Instant::now();
    let mut done = Generated::default();
    if model.generates_rows() && !params.relax {
        // The LP's subtours first: rows that cut fractional points too,
        // found in cheap LP rounds, spare the MIP rounds most of their work.
        let (run, lp) = solve_generating(
            model,
            backend,
            fixed,
            generated,
            Params {
                relax: true,
                ..params.clone()
            },
        );
        done = lp;
        if run.outcome == Outcome::Infeasible {
            return (run, done);
        }
    }
    let mut total = Run {
        outcome: Outcome::Limit,
        nodes: Some(0),
        iterations: Some(0),
        seconds: 0.0,
    };
    loop {
        let time_limit = match params.time_limit {
            Some(limit) => {
                let left = limit - start.elapsed().as_secs_f64();
                if left <= 0.0 {
                    total.outcome = Outcome::Limit;
                    break;
                }
                Some(left)
            }
            None => None,
        };
        let rows: Vec<Row> = fixed.iter().chain(generated.iter()).cloned().collect();
        let run = backend.solve(
            &model.mip,
            &rows,
            Params {
                time_limit,
                ..params.clone()
            },
        );
        done.rounds += 1;
        total.nodes = total.nodes.zip(run.nodes).map(|(a, b)| a + b);
        total.iterations = total.iterations.zip(run.iterations).map(|(a, b)| a + b);
        total.outcome = run.outcome;
        let Outcome::Found { values, proven } = &total.outcome else {
            break;
        };
        let first = generated.len() as u32 + 1;
        let broken = model.separate(values, first);
        if broken.is_empty() {
            break;
        }
        if !proven {
            total.outcome = Outcome::Limit;
            break;
        }
        done.rows += broken.len() as u64;
        generated.extend(broken);
    }
    total.seconds = start.elapsed().as_secs_f64();
    (total, done)
}
