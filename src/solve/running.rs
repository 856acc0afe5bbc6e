//! The search ahead of a MIP solver, on a thread of its own and let run a
//! turn at a time.
//!
//! Between its turns the search waits where it stands (at its gate,
//! [`crate::search::Gate`]) while shaving, the build and the MIP's turns
//! have the cores, and then goes on from there (`turns.rs`): its turns add
//! up to one search, the one `--solver search` runs from the same seed,
//! and so give the same answer. A search started afresh at each turn would
//! throw its earlier turns away.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::backend::{Backend, Interrupt};
use crate::board::Board;
use crate::check::Solution;
use crate::domains::Domains;
use crate::report::{Report, SearchStats};
use crate::search::{self, Gate, Limits, Outcome};

use super::search::{account, figures, limits, Engine, Left, Tried};
use super::{Deadline, Options, Phase};

/// How often a turn tells the progress display the search's nodes.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// Nodes and solutions, as the search last told them.
#[derive(Default)]
struct Seen {
    nodes: AtomicU64,
    solutions: AtomicU64,
}

/// The search on its thread, waiting between its turns.
pub(super) struct Running {
    gate: Arc<Gate>,
    /// What it was asked for, and when it stops.
    limits: Limits,
    seen: Arc<Seen>,
    ended: Receiver<Outcome>,
    thread: Option<JoinHandle<()>>,
    /// Its outcome, once it has ended.
    outcome: Option<Outcome>,
    /// The figures of the search's tries before it (probes).
    earlier: SearchStats,
    /// The time its turns took.
    ran: Duration,
    /// Raised when it has settled the board, for a MIP solver running
    /// beside it to stop.
    settled: Interrupt,
}

impl Running {
    /// Starts the search over `domains` (a copy of them: the pipeline goes
    /// on shaving its own), waiting for its first turn. It stops at
    /// `deadline` as a search alone does.
    pub(super) fn start(
        board: &Board,
        domains: Option<&Domains>,
        options: &Options,
        deadline: &Deadline,
        earlier: SearchStats,
    ) -> Running {
        let gate = Arc::new(Gate::new());
        gate.close();
        let seen = Arc::new(Seen::default());
        let (end, ended) = mpsc::channel();
        let limits = limits(options, deadline.0);
        let searches = options.searches;
        let settled = Interrupt::new();
        let (board, domains) = (board.clone(), domains.cloned());
        let thread = std::thread::spawn({
            let (gate, seen) = (Arc::clone(&gate), Arc::clone(&seen));
            let settled = settled.clone();
            move || {
                let outcome = search::search_side_by_side(
                    &board,
                    domains.as_ref(),
                    &limits,
                    u64::MAX,
                    searches,
                    Some(&gate),
                    &mut |progress| {
                        seen.nodes.store(progress.nodes, Ordering::Relaxed);
                        seen.solutions.store(progress.solutions, Ordering::Relaxed);
                    },
                );
                if search::settles(&outcome, &limits) {
                    settled.raise();
                }
                // The pipeline may have gone on without it.
                let _ = end.send(outcome);
            }
        });
        Running {
            gate,
            limits,
            seen,
            ended,
            thread: Some(thread),
            outcome: None,
            earlier,
            ran: Duration::ZERO,
            settled,
        }
    }

    /// A flag raised once the search has settled the board.
    pub(super) fn interrupt(&self) -> Interrupt {
        self.settled.clone()
    }

    /// Lets the search run for `seconds`, or until it ends (settled, or
    /// stopped by the deadline); then it waits again.
    pub(super) fn run_for(&mut self, seconds: f64, progress: &mut dyn FnMut(Phase)) {
        if self.outcome.is_some() {
            return;
        }
        let start = Instant::now();
        let turn = Duration::try_from_secs_f64(seconds.max(0.0)).unwrap_or(Duration::MAX);
        self.gate.open();
        loop {
            progress(Phase::Searching {
                nodes: self.earlier.nodes + self.seen.nodes.load(Ordering::Relaxed),
                solutions: self.seen.solutions.load(Ordering::Relaxed),
            });
            let left = turn.saturating_sub(start.elapsed());
            match self.ended.recv_timeout(left.min(PROGRESS_EVERY)) {
                Ok(outcome) => {
                    self.outcome = Some(outcome);
                    break;
                }
                Err(RecvTimeoutError::Timeout) if start.elapsed() < turn => {}
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => self.lost(),
            }
        }
        self.gate.close();
        self.ran += start.elapsed();
    }

    /// Lets the search run while this thread does `work` (a turn of the
    /// MIP, on a machine with a second core); then it waits again.
    pub(super) fn run_beside<T>(&mut self, work: impl FnOnce() -> T) -> T {
        if self.outcome.is_some() {
            return work();
        }
        let start = Instant::now();
        self.gate.open();
        let done = work();
        self.gate.close();
        self.ran += start.elapsed();
        match self.ended.try_recv() {
            Ok(outcome) => self.outcome = Some(outcome),
            Err(mpsc::TryRecvError::Empty) => {}
            Err(mpsc::TryRecvError::Disconnected) => self.lost(),
        }
        done
    }

    /// It has ended, having settled what it was asked.
    pub(super) fn settled(&self) -> bool {
        self.outcome
            .as_ref()
            .is_some_and(|outcome| search::settles(outcome, &self.limits))
    }

    /// The first solution it has found, if any (checked, as every one).
    pub(super) fn first(&self) -> Option<Solution> {
        self.gate.first()
    }

    /// Stops the search if it has not ended, and writes what it did into
    /// the report: its figures, and its verdict where it settled the board
    /// (alone, `--solver search`, whatever it reached).
    pub(super) fn account(mut self, options: &Options, report: &mut Report) -> Left {
        let (outcome, tried) = self.finish();
        let alone = options.backend == Backend::Search;
        account(outcome, tried, options, alone, report)
    }

    /// As [`Running::account`], without its verdict: the MIP's stands.
    pub(super) fn account_figures(mut self, options: &Options, report: &mut Report) {
        let (outcome, tried) = self.finish();
        figures(&outcome, tried, options, report);
    }

    /// Stops the search if it has not ended: its outcome, and what the
    /// report says of its try.
    fn finish(&mut self) -> (Outcome, Tried) {
        self.gate.shut();
        let outcome = match self.outcome.take() {
            Some(outcome) => outcome,
            None => match self.ended.recv() {
                Ok(outcome) => outcome,
                Err(_) => self.lost(),
            },
        };
        let tried = Tried {
            engine: Engine::Paths,
            earlier: std::mem::take(&mut self.earlier),
            ms: self.ran.as_secs_f64() * 1000.0,
        };
        (outcome, tried)
    }

    /// The thread ended without sending its outcome, which only a panic
    /// does: the panic is passed on.
    fn lost(&mut self) -> ! {
        if let Some(thread) = self.thread.take() {
            if let Err(panic) = thread.join() {
                std::panic::resume_unwind(panic);
            }
        }
        unreachable!("a search thread that ends sends its outcome")
    }
}

impl Drop for Running {
    /// A search the pipeline no longer needs stops at its next look.
    fn drop(&mut self) {
        self.gate.shut();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
