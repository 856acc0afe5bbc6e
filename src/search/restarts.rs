//! The search's runs: one engine (the walk, or the fill's lanes) run
//! again and again within a budget, each run to a node count that follows
//! Luby's sequence; what a run found goes to the recorder (`recorder.rs`).
//! Between runs the fill starts near where it got to (its repairs) or from
//! the givens, takes turns with the local search (`stretch/`), looks for a
//! second solution near its first (`nearby.rs`), and, counting past two,
//! looks beside the paths it found when its restarts stall.

use crate::board::Board;
use crate::check::Solution;
use crate::domains::Domains;

use super::distinct::Distinct;
use super::fill::Fill;
use super::lanes::Lanes;
use super::nearby;
use super::path::{Event, Tally, Walk};
use super::recorder::Recorder;
use super::side_by_side::Side;
use super::stretch::{self, Stretcher};
use super::{givens, grid, lockstep, settles, Gate, Limits, Outcome, Progress, KEPT};

/// The two engines: one path grown from an anchor (empty boards, and
/// counting them by symmetry), and the gaps between givens filled most
/// constrained value first (boards with clues).
enum Engine<'a> {
    Walk(Walk<'a>, Vec<(usize, u64)>),
    Fill(Lanes<'a>),
}

/// The fill engine has no start cell.
const NO_START: usize = usize::MAX;

/// Nodes of the shortest run between restarts.
const RESTART_NODES: u64 = 256;

/// Nodes per cell that the fill spends on whole restarts before its runs
/// start from repairs (`fill/repair.rs`): a board that plain restarts
/// settle soon is settled as before, and repairs take over where the runs
/// thrash.
const WHOLE_RESTART_NODES_PER_CELL: u64 = 32;

/// Cells of the board per move the local search (`stretch`) gets for each
/// node of the fill's run budget, once the fill is past its first runs
/// without a first solution. Meant as about twice the time of the fill's
/// run, it is far more: the fill's runs end well short of their budget,
/// so the local search has most of the time. On the boards where it takes
/// turns it is what settles them, and giving the fill more was slower
/// (docs/record/local-search-turns.md, "Values per clue, measured again").
const STRETCH_CELLS_PER_MOVE_PER_NODE: u64 = 6;

/// Nodes of the fill before the local search takes turns with it, at
/// least: a small board the fill settles within a few milliseconds does
/// not pay for it.
const STRETCH_AFTER_NODES: u64 = 16_384;

/// Nodes per cell a count past two goes without a new path before it
/// looks beside one it found (`nearby.rs`), and between two such looks.
const BESIDE_AFTER_NODES_PER_CELL: u64 = 64;

/// Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, ... (`run` from 0): restart
/// lengths within a constant factor of the best fixed length for any
/// distribution of run times (Luby, Sinclair and Zuckerman, 1993).
pub(super) fn luby(run: u64) -> u64 {
    let mut index = run + 1;
    loop {
        let mut power = 1u64;
        while (power << 1) - 1 < index {
            power <<= 1;
        }
        // power is now 2^(k-1) with 2^k - 1 >= index.
        if (power << 1) - 1 == index {
            return power;
        }
        index -= power - 1;
    }
}

/// How far a search goes besides its [`Limits`], in nodes, the paths a
/// count kept in its earlier phases, if any, and the solutions found
/// before it ran.
pub(super) struct Budget<'a> {
    /// About this many nodes in all.
    pub(super) nodes: u64,
    /// About this many since its last new solution (or its start).
    pub(super) drought: u64,
    pub(super) kept: Option<&'a mut Distinct>,
    /// Counted first, once each, by a fill that keeps the paths it counts
    /// (so that it can tell them when it comes to them), and looked beside
    /// as the paths it finds; elsewhere (a walk, a search for one or two)
    /// left to the search to find again.
    pub(super) known: &'a [Solution],
}

impl Budget<'_> {
    /// About `nodes` nodes in all.
    pub(super) fn nodes(nodes: u64) -> Budget<'static> {
        Budget {
            nodes,
            drought: u64::MAX,
            kept: None,
            known: &[],
        }
    }
}

/// As [`search_bounded`], within `budget`, as one of several searches side
/// by side, pausing at `gate` when another thread closes it.
pub(super) fn search_beside(
    board: &Board,
    domains: Option<&Domains>,
    limits: &Limits,
    budget: Budget,
    side: Side,
    gate: Option<&Gate>,
    progress: &mut dyn FnMut(&Progress),
) -> Outcome {
    let outcome = Outcome::nothing(true);
    let reduced;
    let domains = match domains {
        Some(domains) => domains,
        None => match Domains::reduce_with(board, false, None) {
            Ok(domains) => {
                reduced = domains;
                &reduced
            }
            Err(_) => return outcome, // no solution: the space is empty
        },
    };
    let grid = grid(board, domains);
    let givens = givens(board, domains);
    let mut engine = if board.clue_count() > 0 {
        match Fill::new(&grid, board.cols(), &givens) {
            Some(fill) => Engine::Fill(Lanes::new(fill, board, side.seed)),
            None => return outcome,
        }
    } else if limits.solutions == u64::MAX {
        Engine::Walk(Walk::new(&grid), crate::symmetry::start_orbits(board))
    } else {
        let starts = (0..board.len()).map(|index| (index, 1)).collect();
        Engine::Walk(Walk::new(&grid), starts)
    };
    let fill = matches!(engine, Engine::Fill(_));
    let mut tally = Tally::default();
    // Looking for one or two solutions, a run that wanders into a region
    // with none can take any time while another tie-break finds them at
    // once: runs restart with a new seed after a growing number of nodes
    // (Luby's sequence). Counting to a limit on a board with clues, runs
    // restart too, as long as the paths counted can be kept so that none
    // is counted twice (`distinct.rs`). Counting past the paths that can
    // be kept, or with a drought, walks once (`count.rs` runs such a count
    // in phases, and hands its restarts' paths to its last walk).
    let Budget {
        nodes: max_nodes,
        drought,
        kept,
        known,
    } = budget;
    // A walk with a drought keeps no paths.
    let mut own = match kept {
        None if fill && limits.solutions > KEPT as u64 && drought == u64::MAX => {
            Distinct::for_up_to(board, limits.solutions)
        }
        _ => None,
    };
    let distinct = kept.or(own.as_mut());
    let restarts = limits.solutions <= KEPT as u64
        || distinct
            .as_ref()
            .is_some_and(|kept| kept.has_room_for(limits.solutions));
    // Asked for two, the fill stops at its first and looks for the second
    // near it (`nearby.rs`) before it searches the whole board again.
    let look_nearby = limits.solutions == KEPT as u64 && fill;
    let mut target = if look_nearby { 1 } else { limits.solutions };
    let mut recorder = Recorder {
        outcome,
        restarts,
        distinct,
        pace: side.member.map(lockstep::Pace::new),
        gate,
        drought,
        ..Recorder::alone(board, limits, max_nodes, progress)
    };
    // Counting past two with restarts, the paths found are looked beside
    // in droughts (`nearby.rs`).
    let counting_on = limits.solutions > KEPT as u64 && recorder.distinct.is_some();
    recorder.beside = (counting_on && restarts && fill).then(Vec::new);
    if recorder.distinct.is_some() && fill {
        for solution in known {
            let path = nearby::cells_by_value(board, solution);
            let counted = recorder.outcome.count;
            recorder.record(1, &path);
            if recorder.outcome.count > counted {
                recorder.unmet.push(path);
            }
        }
        // The search starts as it would without them: no new path yet.
        if let Some(distinct) = &mut recorder.distinct {
            distinct.fresh();
        }
    }
    let beside_after = BESIDE_AFTER_NODES_PER_CELL * board.len() as u64;
    // A run must at least be able to go down once, to the last value.
    let restart_unit = RESTART_NODES.max(2 * board.len() as u64);
    let mut stretcher = Stretcher::new(board, side.seed);
    // A lane's runs start from repairs once it has taken this many nodes.
    let repairs_after = WHOLE_RESTART_NODES_PER_CELL * board.len() as u64;
    // None where the fill is left alone.
    let stretch_after =
        stretch::joins_after(board).map(|nodes| nodes.max(STRETCH_AFTER_NODES).max(repairs_after));
    // The solutions given before it ran may reach the limit.
    let given_enough = !known.is_empty() && recorder.outcome.count >= limits.solutions.max(1);
    for run in 0u64.. {
        if given_enough {
            recorder.outcome.complete = false;
            break;
        }
        // Until the first solution, two fills may take turns (`lanes.rs`).
        let run = match &mut engine {
            Engine::Fill(lanes) => {
                if restarts && recorder.own() == 0 {
                    lanes.take_turns(board, &grid, &givens);
                } else if recorder.distinct.is_some() {
                    // Counting on from the first solution, the lane that
                    // found it goes on alone, with runs that do not
                    // backjump among its runs (the second lane's all do).
                    lanes.keep_current();
                }
                lanes.current().runs
            }
            Engine::Walk(..) => run,
        };
        let budget = match restarts {
            true => tally.nodes.saturating_add(luby(run) * restart_unit),
            false => u64::MAX,
        };
        tally.stopped = false;
        tally.out_of_nodes = false;
        tally.renewed_to = 0;
        recorder.renewal = budget - tally.nodes;
        // Past its whole restarts without a first solution (and, on a board
        // whose clues lie a little closer, past `joins_after`'s nodes), the
        // fill takes turns with the local search, run for run.
        let stretching = restarts
            && recorder.own() == 0
            && fill
            && stretch_after.is_some_and(|after| tally.nodes >= after);
        if stretching && !stretcher.gone {
            let per_node = (board.len() as u64 / STRETCH_CELLS_PER_MOVE_PER_NODE).max(1);
            let moves = (budget - tally.nodes).saturating_mul(per_node);
            // The progress bar hears the fill's nodes meanwhile.
            let nodes = tally.nodes;
            // Side by side, a node's worth of moves keeps pace: about half
            // of what a node buys (they take about twice its time).
            let moves_per_work = (per_node / 2).max(1);
            let failures = tally.failures;
            let mut tick = |made: u64| {
                (recorder.progress)(&Progress {
                    solutions: recorder.outcome.count,
                    nodes,
                    rows: None,
                });
                recorder.keep_pace(nodes + made / moves_per_work, (nodes, made, failures));
                recorder.told_to_stop()
            };
            let found = stretcher.advance(moves, &mut tick);
            recorder.stretched = stretcher.moves / moves_per_work;
            recorder.moves = stretcher.moves;
            if let Some(path) = found {
                // The fill's run is skipped as if it had stopped at this
                // solution; a count that goes on starts its next run as
                // after a run out of nodes.
                let go_on = recorder.event(Event::Solution(&path), 1, target);
                tally.stopped = recorder.own() > 0;
                tally.out_of_nodes = go_on && tally.stopped;
            }
        }
        // Where this run starts, each with how many start cells it stands for
        // (its orbit under the board's symmetries when counting, else 1).
        let starts: Vec<(usize, u64)> = match &engine {
            _ if tally.stopped => Vec::new(),
            Engine::Walk(_, starts) => starts.clone(),
            Engine::Fill(_) => vec![(NO_START, 1)],
        };
        // The fill's failure weights fade run by run while it restarts from
        // the givens, and count every run once it repairs or has found a
        // solution, except in a count to a limit, which fades them again
        // (`fill/weights.rs`).
        if let Engine::Fill(lanes) = &mut engine {
            let lane = lanes.current();
            let found = recorder.own() > 0;
            if found && recorder.distinct.is_some() {
                lane.fill.weights.fade_again();
            } else if !found && lane.nodes < repairs_after {
                lane.fill.weights.fade();
            } else {
                lane.fill.weights.remember_every_run();
            }
        }
        for (start, weight) in starts {
            let mut event = |event: Event| recorder.event(event, weight, target);
            match &mut engine {
                Engine::Walk(walk, _) => {
                    walk.seed = run + side.seed;
                    walk.budget = budget;
                    walk.from(start, &mut tally, &mut event);
                }
                Engine::Fill(lanes) => lanes.current().run(budget, &mut tally, &mut event),
            }
            if tally.stopped {
                break;
            }
        }
        let partial = match &mut engine {
            Engine::Fill(lanes) => lanes.current().repair.partial,
            Engine::Walk(..) => false,
        };
        if !tally.stopped && !partial {
            // This run went through the whole space: what it found is all.
            break;
        }
        if target < limits.solutions && recorder.outcome.count == target {
            target = limits.solutions;
            let first = recorder.outcome.solutions.first();
            let known = first.map(|first| nearby::cells_by_value(board, first));
            if let (Engine::Fill(lanes), Some(known)) = (&mut engine, known) {
                let mut event = |event: Event| recorder.event(event, 1, target);
                let reroutes = nearby::Reroutes::First;
                let lane = lanes.keep_current();
                lane.look_beside((&known, &givens), reroutes, &mut tally, &mut event);
            }
            let open = recorder.outcome.count < target;
            if open && !recorder.told_to_stop() && tally.nodes < max_nodes {
                // None nearby: the whole board again, from the next run.
                continue;
            }
            recorder.outcome.complete = false;
            break;
        }
        let enough = recorder.outcome.count >= limits.solutions;
        let exhausted = !tally.stopped; // the space around a repair's start
        if !(tally.out_of_nodes || exhausted) || enough || recorder.told_to_stop() {
            recorder.outcome.complete = false;
            break;
        }
        // Still without a first solution after its first nodes, the fill
        // starts its next run near where the last one got to; after one,
        // every run is a whole one, which alone can prove there is no other.
        // A run from the givens ends back at them: only a repair's start
        // has to be taken back.
        if let Engine::Fill(lanes) = &mut engine {
            let lane = lanes.current();
            if recorder.own() == 0 && lane.nodes >= repairs_after {
                lane.repair.next_start(&mut lane.fill, &givens);
            } else if lane.repair.partial {
                lane.repair.start_over(&mut lane.fill, &givens);
            }
        }
        // Counting past two, once the restarts have gone a while without a
        // new path: the windows of one found, every other path there
        // counted; then the restarts go on where they stood.
        let beside = recorder.next_beside(tally.nodes, beside_after);
        if let (Engine::Fill(lanes), Some(known)) = (&mut engine, beside) {
            let mut event = |event: Event| recorder.event(event, 1, target);
            let every = nearby::Reroutes::Every;
            let lane = lanes.current();
            lane.look_beside((&known, &givens), every, &mut tally, &mut event);
            recorder.looked_beside_at = tally.nodes;
            if recorder.outcome.count >= limits.solutions || recorder.told_to_stop() {
                recorder.outcome.complete = false;
                break;
            }
        }
    }
    let mut outcome = recorder.outcome;
    outcome.nodes = tally.nodes;
    outcome.moves = stretcher.moves;
    outcome.failures = tally.failures;
    if let Some(pace) = recorder.pace {
        pace.leave(settles(&outcome, limits));
    }
    outcome
}
