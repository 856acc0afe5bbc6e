//! Searches side by side on threads, for a first and a second solution.
//!
//! The nodes the search takes to settle a board with many solutions vary
//! by orders of magnitude with its seeds (docs/search-benchmarks.md), and the
//! time to a solution is heavy-tailed: the remedy Gomes, Selman, Crato and
//! Kautz (2000) give is to run independent searches and take the first
//! answer. The two fills of one search already take turns on one thread
//! (`lanes.rs`); here whole searches run on threads of their own, each
//! from its own seeds, and the first to settle the board (two solutions,
//! or every solution when the whole space was searched) stops the others.
//! They join once the first has spent a few nodes per cell: a board it
//! settles at once pays nothing for them.
//!
//! They keep step (`lockstep.rs`): each notes where it stands every few
//! thousand nodes, at a barrier, and learns there whether one of them has
//! settled the board; the answer is the one that settled in the earliest
//! epoch, with the others as they stood at its end, so which answers and
//! the work reported are the same on every run, as they are for a search
//! alone.

use std::sync::atomic::{AtomicU64, Ordering};

use super::lockstep::{self, Leaving, Lockstep, Member, Record};
use super::{search_beside, settles, Budget, Gate, Limits, Outcome, Progress, KEPT};
use crate::board::Board;
use crate::domains::Domains;

/// Which of the searches side by side one is: where its seeds start, and
/// its place among those that keep step.
#[derive(Clone, Copy)]
pub(super) struct Side<'a> {
    pub(super) seed: u64,
    pub(super) member: Option<Member<'a>>,
}

impl Side<'_> {
    /// A search alone: the seeds it has always had.
    pub(super) const ALONE: Side<'static> = Side {
        seed: 0,
        member: None,
    };

    /// The first search of `searches`, alone: its seeds start where the
    /// seed asked for puts them, as they do side by side.
    pub(super) fn first_of(searches: Searches) -> Side<'static> {
        Side {
            seed: searches.seed.wrapping_mul(ASKED_SEED_STRIDE),
            member: None,
        }
    }
}

/// How many searches run side by side, and where the first one's seeds
/// start (the others' start far from it). Another seed takes other
/// choices first among equals: on a board with many solutions it may find
/// other ones, sooner or later; a verdict it reaches is the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Searches {
    /// Searches on threads of their own (1: the search alone).
    pub threads: usize,
    /// Where the first search's seeds start.
    pub seed: u64,
}

impl Searches {
    /// Searches side by side unless asked otherwise: on two cores, two
    /// settle the larger boards with many solutions in 0.5-0.8 of the wall
    /// time at the median of seeds (docs/record/side-by-side.md, "Two
    /// searches by default"), for up to twice the processor time. Two on
    /// every machine, not one per core, so that a board gets the same
    /// answer wherever it runs.
    pub const DEFAULT_THREADS: usize = 2;

    /// One search, from seed 0: the search as it runs alone.
    pub const ALONE: Searches = Searches {
        threads: 1,
        seed: 0,
    };
}

impl Default for Searches {
    /// Two searches ([`Searches::DEFAULT_THREADS`]), the first from seed 0.
    fn default() -> Searches {
        Searches {
            threads: Searches::DEFAULT_THREADS,
            seed: 0,
        }
    }
}

/// Seeds of search k start at k times this, far from each other's (a
/// search's seeds grow by one a run).
const SEED_STRIDE: u64 = 1 << 32;

/// The seeds asked for (`Searches::seed`) lie this far apart, beyond the
/// searches of up to 256 threads: a search's runs count their seeds up
/// from its start, so seeds 0 and 1 taken as they are would share all but
/// one run.
const ASKED_SEED_STRIDE: u64 = 256 * SEED_STRIDE;

/// Boards up to 12x12 are searched alone: one search settles most of them
/// within a few milliseconds, and on two cores a second beside it slows
/// it by a fifth to a half (the two share the machine), more than the
/// second's luck wins back at the median of their seeds.
const ONE_SEARCH_CELLS: usize = 144;

/// The other searches start once the first has spent this many nodes per
/// cell without settling the board (at its next look, every 256 nodes):
/// a board it settles at once (every empty board, many small ones) pays
/// neither for starting threads nor for sharing the machine, and a
/// board it does not gets the others while it is still young, which on
/// a board that takes one search a few thousand nodes is most of the gain.
const OTHERS_AFTER_NODES_PER_CELL: u64 = 2;

/// As [`search_bounded`](super::search_bounded), from `searches.seed`,
/// with `searches.threads` searches side by side when that can help:
/// asked for at most two solutions (a count needs the whole space, which
/// one search goes through as fast as several), the board larger than
/// 12x12, and the first search not done within 2 nodes per cell. They keep step, and the first to settle
/// the board (in the earliest epoch, the first in order among those that
/// settle in the same one) answers, the same on every run, with the
/// nodes, moves and failures of all of them (the others as they stood at
/// the end of that epoch) and how many they were; when none does, the
/// distinct solutions they found are pooled (one search's first and
/// another's may be the two). Without `domains`,
/// each search runs rules 1-5 itself. `progress` hears the first search,
/// with the nodes of every search, and last the outcome's.
/// With a `gate`, every search waits at it while another thread keeps it
/// closed, and stops once it is shut.
pub fn search_side_by_side(
    board: &Board,
    domains: Option<&Domains>,
    limits: &Limits,
    max_nodes: u64,
    searches: Searches,
    gate: Option<&Gate>,
    progress: &mut dyn FnMut(&Progress),
) -> Outcome {
    let Searches { threads, .. } = searches;
    let seed = Side::first_of(searches).seed;
    if threads <= 1 || limits.solutions > KEPT as u64 || board.len() <= ONE_SEARCH_CELLS {
        let alone = Side::first_of(searches);
        let budget = Budget::nodes(max_nodes);
        return search_beside(board, domains, limits, budget, alone, gate, progress);
    }
    let steps = Lockstep::new(threads, lockstep::epoch_for(board.len()));
    let lockstep = &steps;
    let others_after = OTHERS_AFTER_NODES_PER_CELL * board.len() as u64;
    // The others' nodes as each last told them, so that progress counts
    // the nodes of every search, as the outcome does.
    let others_nodes: Vec<AtomicU64> = (1..threads).map(|_| AtomicU64::new(0)).collect();
    let others_nodes = &others_nodes;
    let mut outcomes: Vec<Outcome> = std::thread::scope(|scope| {
        let mut others = Vec::new();
        let mut first_heard = |seen: &Progress| {
            if others.is_empty() && seen.nodes >= others_after {
                lockstep.join();
                others.extend((1..threads).map(|index| {
                    scope.spawn(move || {
                        let member = Member { lockstep, index };
                        let _leaving = Leaving(member);
                        let side = Side {
                            seed: seed.wrapping_add(index as u64 * SEED_STRIDE),
                            member: Some(member),
                        };
                        let budget = Budget::nodes(max_nodes);
                        let nodes = &others_nodes[index - 1];
                        let mut heard =
                            |seen: &Progress| nodes.store(seen.nodes, Ordering::Relaxed);
                        search_beside(board, domains, limits, budget, side, gate, &mut heard)
                    })
                }));
            }
            let others: u64 = others_nodes
                .iter()
                .map(|nodes| nodes.load(Ordering::Relaxed))
                .sum();
            progress(&Progress {
                nodes: seen.nodes + others,
                ..*seen
            });
        };
        let member = Member { lockstep, index: 0 };
        let leaving = Leaving(member);
        let side = Side {
            seed,
            member: Some(member),
        };
        let first = search_beside(
            board,
            domains,
            limits,
            Budget::nodes(max_nodes),
            side,
            gate,
            &mut first_heard,
        );
        drop(leaving);
        let mut outcomes = vec![first];
        outcomes.extend(
            others
                .into_iter()
                .map(|other| other.join().expect("a search beside panicked")),
        );
        outcomes
    });
    cut_to_first_settled(&mut outcomes, &steps.into_records());
    let outcome = pooled(outcomes, limits);
    // The last word is the outcome's: the others' last reports lag.
    progress(&Progress {
        nodes: outcome.nodes,
        solutions: outcome.count,
        rows: None,
    });
    outcome
}

/// The searches as they stood at the end of the epoch in which the first
/// of them settled the board: what one that ran ahead did past it is
/// taken back, as if it had stopped there.
fn cut_to_first_settled(outcomes: &mut [Outcome], records: &[Record]) {
    let settled_in = |record: &Record| record.left_in.filter(|_| record.settled);
    let Some(first) = records.iter().filter_map(settled_in).min() else {
        return;
    };
    for (outcome, record) in outcomes.iter_mut().zip(records) {
        if settled_in(record) == Some(first) {
            continue;
        }
        if let Some(standing) = record.barriers.get(first as usize) {
            outcome.solutions.truncate(standing.kept);
            outcome.count = standing.count;
            outcome.complete = false;
            outcome.nodes = standing.nodes;
            outcome.moves = standing.moves;
            outcome.failures = standing.failures;
        }
    }
}

/// One answer from the searches' outcomes: the first that settled the
/// board, else the distinct solutions they found between them; the work
/// of all of them, and how many they were, either way.
fn pooled(outcomes: Vec<Outcome>, limits: &Limits) -> Outcome {
    let nodes = outcomes.iter().map(|outcome| outcome.nodes).sum();
    let moves = outcomes.iter().map(|outcome| outcome.moves).sum();
    let failures = outcomes.iter().map(|outcome| outcome.failures).sum();
    let threads = outcomes.len();
    let mut answer = match outcomes.iter().position(|outcome| settles(outcome, limits)) {
        Some(index) => outcomes.into_iter().nth(index).expect("the settled one"),
        None => {
            let mut answer = Outcome::nothing(false);
            for solution in outcomes.into_iter().flat_map(|outcome| outcome.solutions) {
                if !answer.solutions.contains(&solution) {
                    answer.keep(solution, 1);
                }
            }
            answer
        }
    };
    answer.nodes = nodes;
    answer.moves = moves;
    answer.failures = failures;
    answer.threads = threads;
    answer
}

#[cfg(test)]
mod tests {
    use super::super::lockstep::Standing;
    use super::*;
    use crate::search::search_bounded;
    use crate::search::testing::empty;

    const TWO: Limits = Limits::up_to(2);

    /// A search's outcome holding only `solution`, incomplete.
    fn found(solution: &crate::check::Solution, nodes: u64) -> Outcome {
        Outcome {
            solutions: vec![solution.clone()],
            count: 1,
            complete: false,
            nodes,
            moves: 0,
            failures: 0,
            threads: 1,
        }
    }

    #[test]
    fn one_solution_from_each_of_two_searches_makes_two() {
        let two = search_bounded(&empty(3, 3), None, &TWO, u64::MAX, &mut |_| {});
        let [first, second] = [&two.solutions[0], &two.solutions[1]];
        let pooled = pooled(vec![found(first, 10), found(second, 20)], &TWO);
        assert_eq!((pooled.count, pooled.complete), (2, false));
        assert_eq!(pooled.solutions, [first.clone(), second.clone()]);
        assert_eq!(pooled.nodes, 30, "the work of both");
    }

    #[test]
    fn the_same_solution_from_two_searches_counts_once() {
        let two = search_bounded(&empty(3, 3), None, &TWO, u64::MAX, &mut |_| {});
        let first = &two.solutions[0];
        let pooled = pooled(vec![found(first, 1), found(first, 1)], &TWO);
        assert_eq!((pooled.count, pooled.solutions.len()), (1, 1));
    }

    fn standing(nodes: u64, count: u64, kept: usize) -> Standing {
        Standing {
            nodes,
            moves: nodes / 2,
            failures: nodes / 4,
            count,
            kept,
        }
    }

    #[test]
    fn a_search_that_ran_past_the_first_settled_epoch_is_cut_back_to_its_end() {
        let two = search_bounded(&empty(3, 3), None, &TWO, u64::MAX, &mut |_| {});
        let [first, second] = [&two.solutions[0], &two.solutions[1]];
        // Search 1 settled in epoch 2. Search 0 ran on and settled in
        // epoch 4 before it learned: at the end of epoch 2 it had found one.
        let mut ahead = found(first, 90_000);
        ahead.solutions.push(second.clone());
        ahead.count = 2;
        let mut winner = found(second, 12_000);
        winner.solutions.push(first.clone());
        winner.count = 2;
        let records = [
            Record {
                left_in: Some(4),
                settled: true,
                barriers: (0..4)
                    .map(|b| standing(4096 * (b + 1), b / 2, (b / 2) as usize))
                    .collect(),
            },
            Record {
                left_in: Some(2),
                settled: true,
                barriers: vec![standing(4096, 0, 0), standing(8192, 1, 1)],
            },
        ];
        let mut outcomes = vec![ahead, winner.clone()];
        cut_to_first_settled(&mut outcomes, &records);
        assert_eq!((outcomes[0].count, outcomes[0].complete), (1, false));
        assert_eq!(outcomes[0].solutions, std::slice::from_ref(first));
        assert_eq!(
            (outcomes[0].nodes, outcomes[0].moves, outcomes[0].failures),
            (3 * 4096, 3 * 2048, 3 * 1024),
            "as it stood at barrier 2"
        );
        assert_eq!(outcomes[1], winner, "the one that settled first as it was");
        let answer = pooled(outcomes, &TWO);
        assert_eq!(answer.solutions, [second.clone(), first.clone()]);
        assert_eq!(answer.nodes, 3 * 4096 + 12_000, "the work of both, cut");
    }

    #[test]
    fn a_search_that_left_before_the_first_settled_epoch_is_not_cut() {
        let two = search_bounded(&empty(3, 3), None, &TWO, u64::MAX, &mut |_| {});
        let out_of_nodes = found(&two.solutions[0], 5_000);
        let records = [
            Record {
                left_in: Some(1),
                settled: false,
                barriers: vec![standing(4096, 0, 0)],
            },
            Record {
                left_in: Some(3),
                settled: true,
                barriers: Vec::new(),
            },
        ];
        let mut outcomes = vec![out_of_nodes.clone(), found(&two.solutions[1], 1)];
        cut_to_first_settled(&mut outcomes, &records);
        assert_eq!(outcomes[0], out_of_nodes);
    }

    #[test]
    fn a_search_stops_at_the_barrier_after_one_beside_it_settled_the_board() {
        // 30x30 with 45 clues: its first solution takes far more than the
        // nodes to the first barrier.
        let board = crate::generate::Puzzle::generate(30, 30, 45, 3).board;
        let lockstep = Lockstep::new(2, super::super::lockstep::EPOCH);
        lockstep.join();
        lockstep.leave(0, 0, true, Vec::new());
        let side = Side {
            seed: SEED_STRIDE,
            member: Some(Member {
                lockstep: &lockstep,
                index: 1,
            }),
        };
        let outcome = search_beside(
            &board,
            None,
            &TWO,
            Budget::nodes(u64::MAX),
            side,
            None,
            &mut |_| {},
        );
        assert!(!outcome.complete);
        assert_eq!(outcome.count, 0);
        assert_eq!(outcome.nodes, super::super::lockstep::EPOCH);
    }
}
