//! The MIP path: solve the built model, check its answer, and with
//! `unique` forbid it with the no-good cut and solve again. Also the count by
//! repeated cuts, which `count --solver highs|cbc` keeps because it teaches
//! the cut.

use crate::backend::{Backend, Interrupt, Outcome, Params, Run};
use crate::board::Board;
use crate::check::{check_values, Solution};
use crate::error::Error;
use crate::formulation::Model;
use crate::mip::Row;
use crate::report::{Report, Stage, Status, Step, SubtourStats};

use super::rows::solve_generating;
use super::{
    build_until, reduce_in_time, Count, CountedBy, Counting, Deadline, Modelled, Options, Phase,
    Prepared,
};

/// Solves the prepared model into `report` (whose reduction figures are
/// already in): the first solution, and with `unique` the second solve.
/// `known` is a checked solution and the stage that found it (the search,
/// or the solver in an earlier turn): the first solve is then skipped and
/// the no-good cut is built from it. `interrupt`, once raised, stops the
/// solver early (another engine settled the board).
#[allow(clippy::too_many_arguments)] // the pipeline's state, as `turns::solve` hands it on
pub(super) fn run(
    board: &Board,
    options: &Options,
    deadline: &Deadline,
    prepared: &Prepared,
    known: Option<(Solution, Stage)>,
    interrupt: Option<Interrupt>,
    report: &mut Report,
    progress: &mut dyn FnMut(Phase),
) -> Result<(), Error> {
    let model = &prepared.model;
    let size = model.size();
    report.model_built = true;
    report.stats.variables = size.variables;
    report.stats.constraints = size.constraints;
    report.stats.nonzeros = size.nonzeros;
    report.stats.build_ms = prepared.build_ms;
    let settled_by = if model.mip.vars.is_empty() {
        Stage::Reduction
    } else {
        Stage::Solver
    };
    let finish = |report: &mut Report| {
        if report.stopped_in.is_none() {
            report.decided_by = Some(settled_by);
        }
        if report.grid.is_some() && report.found_by.is_none() {
            report.found_by = Some(settled_by);
        }
        if report.unique.is_some() {
            report.unique_decided_by = Some(settled_by);
        }
        Ok(())
    };

    // A model without variables is answered without the solver's work.
    let tell = |progress: &mut dyn FnMut(Phase), unique| {
        if settled_by == Stage::Solver {
            progress(Phase::Solving {
                backend: options.backend,
                unique,
            });
        }
    };
    let params = Params {
        time_limit: None,
        log: options.solver_log,
        relax: false,
        interrupt,
    };
    let found = known.and_then(|(solution, stage)| {
        let values = model.encode(&solution)?;
        Some((solution, stage, values))
    });
    // The subtour rows found so far: they hold for every solution, so the
    // uniqueness proof starts from them.
    let mut generated = Vec::new();
    let (first, values) = match found {
        Some((solution, stage, values)) => {
            report.found_by = Some(stage);
            (solution, values)
        }
        None => {
            tell(progress, false);
            let first = first_solve(
                board,
                model,
                options,
                deadline,
                params.clone(),
                &mut generated,
                report,
            )?;
            match first {
                Some(first) => first,
                None => return finish(report),
            }
        }
    };
    report.status = Status::Solved;
    report.grid = Some(first.clone());
    if !options.unique {
        return finish(report);
    }

    // Uniqueness: forbid this solution and look for another.
    tell(progress, true);
    let step_deadline = Deadline::new(options.unique_time_limit);
    let Ok(time_limit) = deadline.earlier(&step_deadline).remaining() else {
        report.status = Status::TimeLimit;
        report.stopped_in = Some(Step::Unique);
        return finish(report);
    };
    let cut = model.mip.no_good(&values, 1);
    let (run, rounds) = solve_generating(
        model,
        options.backend,
        &[cut],
        &mut generated,
        Params {
            time_limit,
            ..params
        },
    );
    if let Some(subtours) = &mut report.stats.subtours {
        subtours.unique_rounds = Some(rounds.rounds);
        subtours.unique_rows = Some(rounds.rows);
    }
    report.stats.unique_ms = Some(run.seconds * 1000.0);
    report.stats.unique_nodes = run.nodes;
    report.stats.unique_iterations = run.iterations;
    match judge(board, model, options.backend, &run)? {
        Judged::Infeasible => report.unique = Some(true),
        Judged::Solution(second, _) if second != first => {
            report.unique = Some(false);
            report.second_solution = Some(second);
        }
        Judged::Solution(..) => {
            return Err(Error::Rejected {
                solver: options.backend.name(),
                problem: "the solve after the no-good cut returned the first solution again".into(),
            })
        }
        Judged::Limit => {
            report.status = Status::TimeLimit;
            report.stopped_in = Some(Step::Unique);
        }
    }
    finish(report)
}

/// The first solve: a checked solution and its values, or None with the
/// report saying why (infeasible, or the time limit).
fn first_solve(
    board: &Board,
    model: &Model,
    options: &Options,
    deadline: &Deadline,
    params: Params,
    generated: &mut Vec<Row>,
    report: &mut Report,
) -> Result<Option<(Solution, Vec<f64>)>, Error> {
    let Ok(time_limit) = deadline.remaining() else {
        report.status = Status::TimeLimit;
        report.stopped_in = Some(Step::Solve);
        return Ok(None);
    };
    let (run, rounds) = solve_generating(
        model,
        options.backend,
        &[],
        generated,
        Params {
            time_limit,
            ..params
        },
    );
    if model.generates_rows() {
        report.stats.subtours = Some(SubtourStats {
            rounds: rounds.rounds,
            rows: rounds.rows,
            ..SubtourStats::default()
        });
    }
    report.stats.solve_ms = run.seconds * 1000.0;
    report.stats.nodes = run.nodes;
    report.stats.iterations = run.iterations;
    match judge(board, model, options.backend, &run)? {
        Judged::Solution(solution, values) => Ok(Some((solution, values))),
        Judged::Infeasible => {
            report.status = Status::Infeasible;
            report.reason = Some(format!("{} proved the model infeasible", options.backend));
            Ok(None)
        }
        Judged::Limit => {
            report.status = Status::TimeLimit;
            report.stopped_in = Some(Step::Solve);
            Ok(None)
        }
    }
}

/// A solver run, judged by the checker.
enum Judged {
    Solution(Solution, Vec<f64>),
    Infeasible,
    Limit,
}

/// Decodes and checks what the solver returned. Values the solver vouches
/// for that fail the checker are a wrong answer; values from a run that hit
/// its limit that fail are no answer (CBC returns garbage there).
fn judge(board: &Board, model: &Model, backend: Backend, run: &Run) -> Result<Judged, Error> {
    match &run.outcome {
        Outcome::Infeasible => Ok(Judged::Infeasible),
        Outcome::Limit => Ok(Judged::Limit),
        Outcome::Failed(message) => Err(Error::Solver {
            solver: backend.name(),
            message: message.clone(),
        }),
        Outcome::Found { values, proven } => {
            let checked = model.decode(values).and_then(|grid| {
                check_values(board, grid).map_err(|violation| violation.to_string())
            });
            match checked {
                Ok(solution) => Ok(Judged::Solution(solution, values.clone())),
                Err(_) if !proven => Ok(Judged::Limit),
                Err(problem) => Err(Error::Rejected {
                    solver: backend.name(),
                    problem: format!("its answer is not a solution ({problem})"),
                }),
            }
        }
    }
}

/// Counts solutions (up to `limit`) by solving, cutting off each solution
/// found, and solving again until the model is infeasible.
pub(super) fn count_by_cuts(
    board: &Board,
    options: &Options,
    limit: u64,
    progress: &mut dyn FnMut(Counting),
) -> Result<Count, Error> {
    let deadline = Deadline::new(options.time_limit);
    let reduced = match reduce_in_time(board, options, deadline.0)? {
        Modelled::Model(reduced) => reduced,
        Modelled::Refuted(refutation) => return Ok(Count::new(0, true, refutation.stage.into())),
    };
    // The limit passed before the model was built whole (shaving or the
    // build used the time up): no solver call could use it.
    let Some(prepared) = build_until(board, options, reduced, deadline.0)? else {
        return Ok(Count::new(0, false, CountedBy::Solver));
    };
    let model = &prepared.model;
    let mut cuts: Vec<Row> = Vec::new();
    let mut generated: Vec<Row> = Vec::new();
    let mut found: Vec<Solution> = Vec::new();
    while (found.len() as u64) < limit {
        let Ok(time_limit) = deadline.remaining() else {
            break;
        };
        let params = Params {
            time_limit,
            log: options.solver_log,
            relax: false,
            interrupt: None,
        };
        let (run, _) = solve_generating(model, options.backend, &cuts, &mut generated, params);
        match judge(board, model, options.backend, &run)? {
            Judged::Infeasible => {
                return Ok(Count::new(found.len() as u128, true, CountedBy::Solver))
            }
            Judged::Limit => break,
            Judged::Solution(solution, values) => {
                if found.contains(&solution) {
                    return Err(Error::Rejected {
                        solver: options.backend.name(),
                        problem: "a solution came back after it was cut off".into(),
                    });
                }
                cuts.push(model.mip.no_good(&values, cuts.len() as u32 + 1));
                found.push(solution);
                progress(Counting::Found(found.len() as u64));
            }
        }
    }
    Ok(Count::new(found.len() as u128, false, CountedBy::Solver))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formulation::{Formulation, Scope};

    /// A faithful 2x3 model and values that set every binary to 1: a grid
    /// no checker accepts.
    fn garbage(proven: bool) -> (Board, Model, Run) {
        let board = Board::parse(b"1,,\n,,\n").unwrap();
        let model = Formulation::Assignment.build(&board, Scope::Faithful);
        let values = vec![1.0; model.mip.vars.len()];
        let run = Run {
            outcome: Outcome::Found { values, proven },
            nodes: None,
            iterations: None,
            seconds: 0.0,
        };
        (board, model, run)
    }

    #[test]
    fn an_answer_the_solver_vouches_for_and_the_checker_refuses_is_wrong() {
        let (board, model, run) = garbage(true);
        let error = judge(&board, &model, Backend::Cbc, &run).err().unwrap();
        assert!(matches!(error, Error::Rejected { solver: "cbc", .. }));
        assert_eq!(error.exit_code(), 4);
        assert!(error
            .to_string()
            .starts_with("wrong answer from cbc: its answer is not a solution"));
    }

    #[test]
    fn garbage_from_a_run_that_hit_its_limit_is_no_answer() {
        let (board, model, run) = garbage(false);
        assert!(matches!(
            judge(&board, &model, Backend::Cbc, &run),
            Ok(Judged::Limit)
        ));
    }
}
