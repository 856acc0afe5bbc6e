//! A CBC run. good_lp's own solve is not used: its reading of CBC's status
//! trusts a "proven infeasible" that CBC says when its time limit stops it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use coin_cbc::raw::{SecondaryStatus, Status as CbcStatus};
use good_lp::{SolverModel, Variable};

use super::wait::{waited, Waited, CBC_LEFT_BEHIND};
use super::{failed, limit_reached, rows_in_time, to_constraint, Outcome, Params, Run};
use crate::mip::Row;

/// Solves `problem` with `rows` added, read as below; asked again without
/// CBC's preprocessing when the answer breaks one of them.
pub(super) fn solve_cbc<'a>(
    mut problem: good_lp::solvers::coin_cbc::CoinCbcProblem,
    rows: impl Iterator<Item = &'a Row>,
    columns: &[Variable],
    params: &Params,
    started: Instant,
) -> Run {
    let rows: Vec<&Row> = rows.collect();
    let copied = rows_in_time(rows.iter().copied(), params, started, |row| {
        problem.add_constraint(to_constraint(row, columns));
    });
    if !copied {
        return limit_reached();
    }
    if params.log {
        problem.set_log_level(1);
    }
    if params.time_limit.is_some() {
        problem.set_parameter("timeMode", "elapsed");
    }
    let run = solve_cbc_within(&mut problem, columns.len(), params, started);
    // CBC's preprocessing can fix every column, find the postprocessed
    // model infeasible ("possible tolerance issue - try without
    // preprocessing", it logs), and still report an optimal solution that
    // breaks a row: a unique 4x4 board's faithful MTZ model after the
    // no-good cut did. An answer that breaks the model's own rows is asked
    // again without preprocessing, as CBC advises. (The bug breaks rows by
    // whole units; the loose tolerance keeps CBC's own rounding, within its
    // integrality tolerance, from costing a second solve.)
    let breaks_a_row = match &run.outcome {
        Outcome::Found {
            values,
            proven: true,
        } => rows.iter().any(|row| !row.holds_within(values, 1e-3)),
        _ => false,
    };
    if !breaks_a_row {
        return run;
    }
    problem.set_parameter("preprocess", "off");
    solve_cbc_within(&mut problem, columns.len(), params, started)
}

/// CBC's turn. A run takes it before it calls CBC (whose own lock, in
/// coin_cbc, it then finds free) and there looks whether its caller still
/// waits for it. Runs left behind while they queued for the turn then end
/// without solving, instead of each solving to its whole limit after the
/// one before it.
static CBC_TURN: Mutex<()> = Mutex::new(());

/// One CBC solve, in a thread of its own waited for until the time left
/// (`wait.rs`), with what is left of that time once the run has CBC's turn
/// (in whole seconds, at least 1). A run still going when its caller stops
/// waiting keeps the turn until it ends, so a later CBC call in the same
/// process waits for it, and the wait counts against that call's limit:
/// the first such call to reach its limit says so in a warning, since its
/// "time limit" may be all waiting.
fn solve_cbc_within(
    problem: &mut good_lp::solvers::coin_cbc::CoinCbcProblem,
    columns: usize,
    params: &Params,
    started: Instant,
) -> Run {
    let wait = params.seconds_left(started);
    let deadline = wait
        .and_then(|seconds| Instant::now().checked_add(Duration::try_from_secs_f64(seconds).ok()?));
    let behind_another = CBC_LEFT_BEHIND.count() > 0;
    let abandoned = Arc::new(AtomicBool::new(false));
    let mut model = std::mem::take(problem.as_inner_mut());
    let solve = {
        let abandoned = Arc::clone(&abandoned);
        move || {
            let run = when_its_turn(&CBC_TURN, &abandoned, deadline, |limit| {
                if let Some(seconds) = limit {
                    model.set_parameter("seconds", &seconds.to_string());
                }
                solve_cbc_once(&model, columns, limit)
            });
            (run.unwrap_or_else(limit_reached), model)
        }
    };
    // CBC has no interrupt of its own: once one is raised, the call is
    // left behind to end at its limit, and keeps CBC's turn until then.
    let interrupt = params.interrupt.as_ref();
    let run = match waited(wait, Some(&CBC_LEFT_BEHIND), interrupt, solve) {
        Waited::Answered((run, model)) => {
            *problem.as_inner_mut() = model;
            run
        }
        Waited::Late | Waited::Interrupted => {
            abandoned.store(true, Ordering::SeqCst);
            limit_reached()
        }
        Waited::Lost => failed("CBC's thread ended without an answer".into()),
    };
    let at_limit = matches!(
        run.outcome,
        Outcome::Limit | Outcome::Found { proven: false, .. }
    );
    if behind_another && at_limit {
        waited_behind_another();
    }
    run
}

/// Calls `solve` once it holds `turn`, with the whole seconds left until
/// `deadline` (at least 1; None without one), unless its caller abandoned
/// it meanwhile or the deadline has passed: then None.
fn when_its_turn<T>(
    turn: &Mutex<()>,
    abandoned: &AtomicBool,
    deadline: Option<Instant>,
    solve: impl FnOnce(Option<f64>) -> T,
) -> Option<T> {
    let _turn = turn.lock().unwrap_or_else(PoisonError::into_inner);
    let left = deadline.map(|deadline| deadline.saturating_duration_since(Instant::now()));
    if abandoned.load(Ordering::SeqCst) || left == Some(Duration::ZERO) {
        return None;
    }
    Some(solve(left.map(|left| left.as_secs_f64().ceil().max(1.0))))
}

/// Says, once a process, that a CBC time limit may have been spent waiting
/// for a run left behind at an earlier one.
fn waited_behind_another() {
    static SAID: std::sync::Once = std::sync::Once::new();
    SAID.call_once(|| {
        tracing::warn!(
            "CBC reached its time limit while a run left behind at an earlier limit still \
             held it (CBC solves one model at a time): that time may have been all waiting"
        )
    });
}

/// One CBC solve of the problem as set up, its status read as below.
fn solve_cbc_once(model: &coin_cbc::Model, columns: usize, limit: Option<f64>) -> Run {
    // good_lp's own `solve` trusts CBC's "proven infeasible" before it looks
    // at the time limit, and CBC says "proven infeasible" when its time limit
    // stops it early: a feasible 9x9 board came back "no solution" under
    // load, and after a no-good cut that would be a false "unique". So the
    // raw status is read here, the time limit first; and an infeasibility
    // "proof" that took the whole limit is not trusted.
    let start = Instant::now();
    let solution = model.solve();
    let took = start.elapsed().as_secs_f64();
    let raw = solution.raw();
    let iterations = Some(raw.iteration_count().max(0) as u64);
    let values = || raw.col_solution()[..columns].to_vec();
    let stopped_on_time = raw.is_seconds_limit_reached()
        || matches!(raw.secondary_status(), SecondaryStatus::StoppedOnTime)
        || limit.is_some_and(|seconds| took >= seconds);
    let outcome = match raw.status() {
        _ if stopped_on_time => Outcome::Found {
            values: values(),
            proven: false,
        },
        CbcStatus::Finished | CbcStatus::Unlaunched if raw.is_proven_infeasible() => {
            Outcome::Infeasible
        }
        CbcStatus::Finished | CbcStatus::Unlaunched if !raw.is_continuous_unbounded() => {
            Outcome::Found {
                values: values(),
                proven: true,
            }
        }
        status => Outcome::Failed(format!(
            "CBC ended with status {status:?} ({:?})",
            raw.secondary_status()
        )),
    };
    Run {
        outcome,
        nodes: None,
        iterations,
        seconds: 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_abandoned_while_it_waited_for_the_turn_does_not_solve() {
        static TURN: Mutex<()> = Mutex::new(());
        let abandoned = Arc::new(AtomicBool::new(false));
        let held = TURN.lock().unwrap();
        let queued = {
            let abandoned = Arc::clone(&abandoned);
            std::thread::spawn(move || when_its_turn(&TURN, &abandoned, None, |_| "solved"))
        };
        abandoned.store(true, Ordering::SeqCst);
        drop(held);
        assert_eq!(queued.join().unwrap(), None);
    }

    #[test]
    fn a_run_whose_deadline_passed_while_it_waited_does_not_solve() {
        static TURN: Mutex<()> = Mutex::new(());
        let passed = Some(Instant::now());
        let run = when_its_turn(&TURN, &AtomicBool::new(false), passed, |_| "solved");
        assert_eq!(run, None);
    }

    #[test]
    fn a_run_still_waited_for_solves_with_the_whole_seconds_left() {
        static TURN: Mutex<()> = Mutex::new(());
        let deadline = Instant::now().checked_add(Duration::from_secs(90));
        let limit = when_its_turn(&TURN, &AtomicBool::new(false), deadline, |limit| limit);
        assert_eq!(limit, Some(Some(90.0)));
        let unlimited = when_its_turn(&TURN, &AtomicBool::new(false), None, |limit| limit);
        assert_eq!(unlimited, Some(None));
    }
}
