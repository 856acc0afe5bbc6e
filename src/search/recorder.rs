//! What the search does with its engines' events: each solution checked
//! and counted, each tick a look at the clock, the progress bar and the
//! searches beside it.

use std::time::Instant;

use super::distinct::Distinct;
use super::gate::Gate;
use super::lockstep::{Pace, Standing};
use super::path::{values_along, Event, Tally};
use super::{checked, Limits, Outcome, Progress};
use crate::board::Board;

/// New paths a count keeps to look beside, at most: each is a whole path,
/// and one look goes through some sixty windows, which find more.
pub(super) const BESIDE_QUEUED: usize = 64;

/// What the search does with the engines' events: each solution is
/// checked and counted, and each tick reports progress and asks whether to
/// go on.
pub(super) struct Recorder<'a> {
    pub(super) board: &'a Board,
    pub(super) outcome: Outcome,
    /// With restarts, a solution an earlier run found is not counted again.
    pub(super) restarts: bool,
    /// Counting to a limit with restarts, or in phases, every path counted
    /// so far (a count's earlier phases included).
    pub(super) distinct: Option<&'a mut Distinct>,
    /// Counting to a limit, the nodes a run goes on for after a new path:
    /// the length it started with.
    pub(super) renewal: u64,
    pub(super) stop: Option<Instant>,
    /// Its pace among the searches side by side, if there are others.
    pub(super) pace: Option<Pace<'a>>,
    /// The gate another thread may pause it at, if any.
    pub(super) gate: Option<&'a Gate>,
    /// The work the local search's moves stand for, in nodes (the pace
    /// counts both), and the moves themselves.
    pub(super) stretched: u64,
    pub(super) moves: u64,
    pub(super) max_nodes: u64,
    /// It stops once this many nodes pass without a new solution.
    pub(super) drought: u64,
    /// The count and the nodes at the tick that last saw it grow.
    pub(super) found_at: (u64, u64),
    /// Counting past two with restarts: the new paths whose windows are
    /// yet to be looked in (`nearby.rs`), at most [`BESIDE_QUEUED`].
    pub(super) beside: Option<Vec<Vec<usize>>>,
    /// The nodes when the last look beside a path ended.
    pub(super) looked_beside_at: u64,
    /// Solutions given before the search ran (counted already) that it
    /// has not come to itself: where it does, its run goes on as after a
    /// new one, since more gather there.
    pub(super) unmet: Vec<Vec<usize>>,
    pub(super) progress: &'a mut dyn FnMut(&Progress),
}

impl<'a> Recorder<'a> {
    /// A recorder of one search alone on `board` within `limits` and about
    /// `max_nodes` nodes, with no drought, no kept paths and no restarts;
    /// `progress` hears it.
    pub(super) fn alone(
        board: &'a Board,
        limits: &Limits,
        max_nodes: u64,
        progress: &'a mut dyn FnMut(&Progress),
    ) -> Recorder<'a> {
        Recorder {
            board,
            outcome: Outcome::nothing(true),
            restarts: false,
            distinct: None,
            renewal: 0,
            stop: limits.stop,
            pace: None,
            gate: None,
            stretched: 0,
            moves: 0,
            max_nodes,
            drought: u64::MAX,
            found_at: (0, 0),
            beside: None,
            looked_beside_at: 0,
            unmet: Vec::new(),
            progress,
        }
    }

    /// Handles one event of an engine; false stops the engine. A solution
    /// counts `weight` times, and the engine goes on while fewer than
    /// `target` are counted.
    pub(super) fn event(&mut self, event: Event, weight: u64, target: u64) -> bool {
        match event {
            Event::Solution(cells) => {
                self.record(weight, cells);
                self.outcome.count < target
            }
            Event::Tick(tally) => {
                self.renew(tally);
                (self.progress)(&Progress {
                    solutions: self.outcome.count,
                    nodes: tally.nodes,
                    rows: None,
                });
                let work = tally.nodes + self.stretched;
                self.keep_pace(work, (tally.nodes, self.moves, tally.failures));
                !self.told_to_stop() && tally.nodes < self.max_nodes && !self.parched(tally)
            }
        }
    }

    /// A run that counts to a limit and found new solutions since the last
    /// tick is in a part of the tree where they gather: it goes on for its
    /// whole length again rather than restart elsewhere.
    fn renew(&mut self, tally: &mut Tally) {
        if self
            .distinct
            .as_mut()
            .is_some_and(|distinct| distinct.fresh())
        {
            tally.renewed_to = tally.nodes.saturating_add(self.renewal);
        }
    }

    /// Has the search gone its drought without a new solution?
    fn parched(&mut self, tally: &Tally) -> bool {
        if self.outcome.count > self.found_at.0 {
            self.found_at = (self.outcome.count, tally.nodes);
        }
        tally.nodes - self.found_at.1 >= self.drought
    }

    /// Counting past two: the next path to look beside, once `after` nodes
    /// (by `nodes`) have passed without a new path and since the last look.
    pub(super) fn next_beside(&mut self, nodes: u64, after: u64) -> Option<Vec<usize>> {
        let since = self.found_at.1.max(self.looked_beside_at);
        let queue = self.beside.as_mut().filter(|queue| !queue.is_empty())?;
        if nodes.saturating_sub(since) < after {
            return None;
        }
        Some(queue.remove(0))
    }

    /// The clock has run out, a barrier has told it that a search beside
    /// this one settled the board, or its gate is shut (while the gate is
    /// closed, it waits here).
    pub(super) fn told_to_stop(&self) -> bool {
        self.gate.is_some_and(|gate| !gate.pass())
            || self.stop.is_some_and(|stop| Instant::now() >= stop)
            || self.pace.as_ref().is_some_and(|pace| pace.stopped)
    }

    /// The search has done `work` units (nodes, and moves in nodes) in
    /// all, and so many `(nodes, moves, failures)`: among searches side by
    /// side, it notes where it stands at each barrier passed.
    pub(super) fn keep_pace(&mut self, work: u64, (nodes, moves, failures): (u64, u64, u64)) {
        if let Some(pace) = &mut self.pace {
            let standing = Standing {
                nodes,
                moves,
                failures,
                count: self.outcome.count,
                kept: self.outcome.solutions.len(),
            };
            pace.at(work, standing);
        }
    }

    /// Checks the path `cells` (by value: `cells[v - 1]` holds v) and counts
    /// it `weight` times, keeping it if fewer than [`KEPT`] are kept.
    pub(super) fn record(&mut self, weight: u64, cells: &[usize]) {
        let outcome = &mut self.outcome;
        let Some(solution) = checked(self.board, values_along(cells)) else {
            return;
        };
        // An earlier run's solution found again.
        let again = match &mut self.distinct {
            Some(distinct) => !distinct.first_time(cells),
            None => self.restarts && outcome.solutions.contains(&solution),
        };
        if again {
            if let Some(at) = self.unmet.iter().position(|path| path == cells) {
                self.unmet.swap_remove(at);
                if let Some(distinct) = &mut self.distinct {
                    distinct.refresh();
                }
            }
            return;
        }
        if let Some(gate) = self.gate {
            gate.offer(&solution);
        }
        if let Some(queue) = &mut self.beside {
            if queue.len() < BESIDE_QUEUED {
                queue.push(cells.to_vec());
            }
        }
        outcome.keep(solution, weight)
    }

    /// Solutions the search came to itself: new ones, and those given
    /// before it ran that it has found (each counted once, with weight
    /// one). Until the first, it searches as for a first solution, given
    /// ones or not.
    pub(super) fn own(&self) -> u64 {
        self.outcome.count - self.unmet.len() as u64
    }
}
