//! How the search counts: with the frontier program (`frontier.rs`) where
//! it applies, exact and without walking; with the walk or the fill
//! elsewhere; and on a wide board with a small limit, with the walk first,
//! which reaches a few solutions long before the program knows any count.
//! On a board with clues, a count past the paths that can be kept walks,
//! restarts, and walks again (`search_count`).

use std::time::Instant;

use crate::board::Board;
use crate::check::Solution;
use crate::domains::Domains;

use super::distinct::Distinct;
use super::frontier::{count_paths_watched, ends_only, NoCount, WIDEST};
use super::side_by_side::Side;
use super::{
    search_beside, search_side_by_side, Budget, Limits, Outcome, Progress, Searches, KEPT,
};

/// Nodes the walk gets ahead of the program when a limit is given, per
/// cell (to its first path) and per solution asked for.
const WALK_NODES_PER_CELL_OR_SOLUTION: u64 = 64;

/// The most nodes the walk gets ahead of the program (a few tenths of a
/// second).
const WALK_MAX_NODES: u64 = 1 << 20;

/// The narrowest board the walk goes ahead of the program on: narrower
/// ones it counts whole in a few milliseconds.
const WALK_FIRST_WIDTH: usize = 10;

/// The share of a count's time left to the walk when the clock may stop
/// the frontier program: the program knows no count before its last cell,
/// so a count it did not finish says what the walk found in this share
/// (at least that many), not 0.
const WALK_SHARE_AFTER_THE_PROGRAM: f64 = 0.1;

/// Nodes a count past the paths that can be kept walks without finding a
/// new one before it restarts (a few tenths of a second): the walk goes on
/// while it finds paths, and a count that ends pays nothing for the
/// restarts.
const FIRST_WALK_DROUGHT: u64 = 1 << 18;

/// The tie-breaks of the last walk of such a count: not the first walk's,
/// which went `FIRST_WALK_DROUGHT` nodes without a path and would go the
/// same way again.
const LAST_WALK_SEED: u64 = 1;

/// Counts the solutions of `board` within `limits`, as
/// [`search`](super::search) does, but with the frontier program where it
/// applies: the count is then exact in milliseconds (no nodes, no solutions
/// kept), and past `limits.solutions` it is reported as the search reports
/// it, that many and not complete. Elsewhere (other clues, too wide) the
/// search counts. The program knows no count before its last cell: it
/// tells `progress` its rows instead ([`Progress::rows`]).
///
/// It also takes seconds on a board 12 or 13 cells wide, where the walk reaches
/// a small limit at once: on a board `WALK_FIRST_WIDTH` or
/// more cells wide a limit is first walked to, within
/// `WALK_NODES_PER_CELL_OR_SOLUTION` nodes per cell and per solution,
/// `WALK_MAX_NODES` at most; the program counts only when the walk gets
/// neither to the limit nor to its end. Under a clock the program leaves
/// the walk `WALK_SHARE_AFTER_THE_PROGRAM` of the time: stopped, the count
/// is what the walk found (before the program, or in that share).
pub fn count(
    board: &Board,
    domains: Option<&Domains>,
    limits: &Limits,
    progress: &mut dyn FnMut(&Progress),
) -> Outcome {
    count_with(board, domains, limits, Searches::ALONE, progress)
}

/// As [`count`], with the search's seeds starting where `searches` says,
/// and a count to one or two solutions run as `searches` side by side (as
/// [`search_side_by_side`] runs them: a count past two needs the whole
/// tree, or keeps its paths, and stays on one thread).
pub fn count_with(
    board: &Board,
    domains: Option<&Domains>,
    limits: &Limits,
    searches: Searches,
    progress: &mut dyn FnMut(&Progress),
) -> Outcome {
    count_on(board, domains, limits, searches, &[], progress)
}

/// As [`count_with`], counting on from `found`, solutions found before
/// (by `solve`, say): on a board with clues counted past two, each counts
/// once with the paths the search finds, and the search looks beside them
/// as beside its own when its restarts stall. Elsewhere the search or the
/// frontier program counts them again itself.
pub fn count_on(
    board: &Board,
    domains: Option<&Domains>,
    limits: &Limits,
    searches: Searches,
    found: &[Solution],
    progress: &mut dyn FnMut(&Progress),
) -> Outcome {
    count_exactly(board, domains, limits, searches, found, progress).0
}

/// As [`count_on`], with the frontier program's count beside the outcome
/// where the program counted the board within the limit, or with no
/// limit (`u64::MAX`): exact, and it may pass what a `u64` holds, where
/// the outcome says `u64::MAX` solutions, not complete.
pub(crate) fn count_exactly(
    board: &Board,
    domains: Option<&Domains>,
    limits: &Limits,
    searches: Searches,
    found: &[Solution],
    progress: &mut dyn FnMut(&Progress),
) -> (Outcome, Option<u128>) {
    let counted = |count, complete| Outcome {
        count,
        ..Outcome::nothing(complete)
    };
    // The search stops, not complete, at the solution that reaches its
    // limit (at the first when the limit is 0).
    let reached = limits.solutions.max(1);
    let walk_nodes = reached
        .checked_add(board.len() as u64)
        .and_then(|steps| steps.checked_mul(WALK_NODES_PER_CELL_OR_SOLUTION))
        .filter(|&nodes| nodes <= WALK_MAX_NODES);
    let width = board.rows().min(board.cols());
    let programmed = ends_only(board) && width <= WIDEST;
    let slow = programmed && width >= WALK_FIRST_WIDTH;
    let mut walked = None;
    if let Some(nodes) = walk_nodes.filter(|_| slow) {
        let outcome = search_side_by_side(board, domains, limits, nodes, searches, None, progress);
        if outcome.complete || outcome.count >= reached {
            return (outcome, None);
        }
        walked = Some(outcome);
    }
    let program_stop = limits.stop.map(|stop| {
        let left = stop.saturating_duration_since(Instant::now());
        stop - left.mul_f64(WALK_SHARE_AFTER_THE_PROGRAM)
    });
    let mut rows_done = |done, rows| {
        progress(&Progress {
            solutions: 0,
            nodes: 0,
            rows: Some((done, rows)),
        })
    };
    let outcome = match count_paths_watched(board, program_stop, &mut rows_done) {
        Ok(paths) => {
            let unlimited = limits.solutions == u64::MAX;
            let exact = (unlimited || paths < u128::from(reached)).then_some(paths);
            let outcome = match u64::try_from(paths) {
                Ok(count) if count < reached => counted(count, true),
                _ => counted(reached, false),
            };
            return (outcome, exact);
        }
        Err(NoCount::Overflow) => counted(reached, false),
        // Nothing counted by the clock: what the walk found, before the
        // program or in the time it left.
        Err(NoCount::Stopped) => walked.unwrap_or_else(|| {
            search_side_by_side(board, domains, limits, u64::MAX, searches, None, progress)
        }),
        Err(NoCount::Clues | NoCount::TooWide) => {
            search_count(board, domains, limits, searches, found, progress)
        }
    };
    (outcome, None)
}

/// Counts with the search. Up to as many paths as can be kept
/// (`distinct.rs`), runs restart as they do for one or two solutions.
/// Past that (every path, say), it walks once while it finds paths (until
/// `FIRST_WALK_DROUGHT` nodes pass without one), then restarts until the
/// paths kept fill their room, then walks once more from the start, to the
/// limit or the end, counting only the paths the restarts did not keep
/// (a walk never finds one twice, so it needs no room to keep them). The
/// first walk keeps no paths, which would cost a count that ends there
/// (every count that ends soon) a few per cent: its count stands on its
/// own, and the count is the larger of it and what the other two found,
/// exact when any of the three ends.
fn search_count(
    board: &Board,
    domains: Option<&Domains>,
    limits: &Limits,
    searches: Searches,
    found: &[Solution],
    progress: &mut dyn FnMut(&Progress),
) -> Outcome {
    let room = Distinct::most_paths(board);
    let phases = (FIRST_WALK_DROUGHT, room);
    count_in_phases(board, domains, limits, phases, (searches, found), progress)
}

/// As [`search_count`], with the first walk's drought and the room for
/// paths given (`(drought, room)`).
fn count_in_phases(
    board: &Board,
    domains: Option<&Domains>,
    limits: &Limits,
    (drought, room): (u64, u64),
    (searches, found): (Searches, &[Solution]),
    progress: &mut dyn FnMut(&Progress),
) -> Outcome {
    // A count past two within the room runs one search, with restarts,
    // as `search_side_by_side` would run it, counting on from `found`.
    if limits.solutions > KEPT as u64 && limits.solutions <= room {
        let budget = Budget {
            known: found,
            ..Budget::nodes(u64::MAX)
        };
        let alone = Side::first_of(searches);
        return search_beside(board, domains, limits, budget, alone, None, progress);
    }
    // A board without clues is walked, which cannot restart; nor can a
    // count with no room to keep paths.
    if limits.solutions <= room || room == 0 || board.clue_count() == 0 {
        return search_side_by_side(board, domains, limits, u64::MAX, searches, None, progress);
    }
    let first_seed = Side::first_of(searches).seed;
    let mut kept = Distinct::with_room(board, room);
    let mut sum = Outcome::nothing(false);
    for phase in [Phase::FirstWalk, Phase::Restarts, Phase::LastWalk] {
        let (walked, known, nodes) = (sum.count, kept.counted(), sum.nodes);
        let mut told = |seen: &Progress| {
            progress(&Progress {
                solutions: walked.max(known + seen.solutions),
                nodes: nodes + seen.nodes,
                rows: None,
            })
        };
        let (solutions, drought, seed) = match phase {
            Phase::FirstWalk => (limits.solutions, drought, 0),
            // The limit is past the room: the restarts stop when it fills.
            Phase::Restarts => (room, u64::MAX, 0),
            Phase::LastWalk => (limits.solutions - known, u64::MAX, LAST_WALK_SEED),
        };
        // The first walk keeps no paths, and would count `found` again.
        let keeps = !matches!(phase, Phase::FirstWalk);
        let budget = Budget {
            nodes: u64::MAX,
            drought,
            kept: keeps.then_some(&mut kept),
            known: if keeps { found } else { &[] },
        };
        let phase_limits = Limits {
            solutions,
            stop: limits.stop,
        };
        let side = Side {
            seed: first_seed.wrapping_add(seed),
            member: None,
        };
        let found = search_beside(board, domains, &phase_limits, budget, side, None, &mut told);
        let count = match phase {
            Phase::FirstWalk => found.count,
            Phase::Restarts | Phase::LastWalk => kept.counted(),
        };
        sum.add(found);
        sum.count = walked.max(count);
        let out_of_time = limits.stop.is_some_and(|stop| Instant::now() >= stop);
        if sum.complete || sum.count >= limits.solutions || out_of_time {
            break;
        }
    }
    sum
}

/// The phases of a count past the paths that can be kept.
#[derive(Clone, Copy)]
enum Phase {
    /// A walk that keeps no paths, until a drought.
    FirstWalk,
    /// Restarts that keep their paths, until their room fills.
    Restarts,
    /// A walk in other tie-breaks than the first's, counting the paths the
    /// restarts did not keep.
    LastWalk,
}

impl Outcome {
    /// Adds what a later phase of a count found: complete if the later one
    /// ended, their work summed (the count is the caller's to work out).
    fn add(&mut self, phase: Outcome) {
        if self.solutions.is_empty() {
            self.solutions = phase.solutions;
        }
        self.complete = phase.complete;
        self.nodes += phase.nodes;
        self.moves += phase.moves;
        self.failures += phase.failures;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Cell;
    use crate::search::testing::{empty, walked};
    use crate::search::{search, search_bounded};

    #[test]
    fn a_count_stops_at_its_limit_as_the_search_does() {
        let board = empty(4, 4);
        for solutions in [0, 1, 100, 551, 552, 553, u64::MAX] {
            let limits = Limits::up_to(solutions);
            let counted = count(&board, None, &limits, &mut |_| {});
            let searched = search(&board, None, &limits, &mut |_| {});
            let outcome = |outcome: Outcome| (outcome.count, outcome.complete);
            assert_eq!(outcome(counted), outcome(searched), "limit {solutions}");
        }
    }

    /// `count` of `board` up to `solutions`, with no clock.
    fn count_up_to(board: &Board, solutions: u64) -> Outcome {
        count(board, None, &Limits::up_to(solutions), &mut |_| {})
    }

    /// A 6x6 board with two clues and 905 paths: the search restarts on it
    /// after a few hundred nodes and finds the same paths again.
    fn two_clues_on_6x6() -> Board {
        empty(6, 6)
            .with_clue(Cell::new(0, 5), Some(20))
            .and_then(|board| board.with_clue(Cell::new(3, 3), Some(9)))
            .unwrap()
    }

    #[test]
    fn a_limit_on_a_narrow_board_is_counted_to_by_the_program() {
        // 458,696 paths, counted whole in milliseconds.
        let counted = count_up_to(&empty(6, 6), 400_000);
        assert_eq!((counted.count, counted.complete), (400_000, false));
        assert_eq!(counted.nodes, 0, "counted by the program, not walked");
    }

    #[test]
    fn a_small_limit_on_a_wide_board_is_walked_to() {
        let counted = count_up_to(&empty(12, 12), 10);
        assert_eq!((counted.count, counted.complete), (10, false));
        assert!(counted.nodes > 0, "walked, not counted by the program");
    }

    #[test]
    fn a_count_the_clock_stops_in_the_program_is_what_the_walk_found() {
        // The program takes seconds on an empty 12x12 board, and knows no
        // count before its last cell.
        let limits = Limits {
            solutions: u64::MAX,
            stop: Some(Instant::now() + std::time::Duration::from_secs(1)),
        };
        let counted = count(&empty(12, 12), None, &limits, &mut |_| {});
        assert!(!counted.complete);
        assert!(counted.count > 0, "the walk's paths, not 0");
        assert!(counted.nodes > 0, "walked in the time the program left");
    }

    #[test]
    fn a_board_with_other_clues_is_counted_by_the_search() {
        let board = empty(4, 4).with_clue(Cell::new(1, 1), Some(6)).unwrap();
        let counted = count(&board, None, &Limits::ALL, &mut |_| {});
        assert_eq!(counted.count, walked(&board));
        assert!(counted.nodes > 0);
    }

    #[test]
    fn a_count_to_a_limit_restarts_and_counts_each_path_once() {
        // The last run goes through the whole tree.
        let board = two_clues_on_6x6();
        let every = walked(&board);
        for solutions in [3, every - 1, every, every + 1, 10 * every] {
            let counted = count_up_to(&board, solutions);
            let expected = (solutions.min(every), solutions > every);
            assert_eq!(
                (counted.count, counted.complete),
                expected,
                "limit {solutions}"
            );
        }
    }

    #[test]
    fn a_count_past_the_paths_kept_walks_restarts_and_walks_again() {
        let board = two_clues_on_6x6();
        let every = walked(&board);
        // The first walk stops 256 nodes after its last new path, or walks
        // on to the end; there is room for 10 paths, 100, or all of them.
        for (drought, room) in [(256, 100), (256, 10 * every), (256, 10), (1 << 40, 100)] {
            for solutions in [every / 2, u64::MAX] {
                let limits = Limits::up_to(solutions);
                let phases = (drought, room);
                let counted = count_in_phases(
                    &board,
                    None,
                    &limits,
                    phases,
                    (Searches::ALONE, &[]),
                    &mut |_| {},
                );
                let expected = (solutions.min(every), solutions > every);
                let outcome = (counted.count, counted.complete);
                let case = format!("drought {drought}, room {room}, limit {solutions}");
                assert_eq!(outcome, expected, "{case}");
            }
        }
    }

    #[test]
    fn a_count_whose_restarts_find_no_new_path_looks_beside_the_ones_found() {
        // Its restarts find the first path at about 62 k nodes and then
        // nothing new for millions; the first path's windows hold dozens.
        let board = crate::generate::Puzzle::generate(12, 12, 7, 9604).board;
        let counted = search_bounded(&board, None, &Limits::up_to(50), 400_000, &mut |_| {});
        assert_eq!(counted.count, 50);
    }

    #[test]
    fn a_count_to_two_runs_searches_side_by_side_from_the_seed_asked() {
        let board = crate::generate::Puzzle::generate(16, 16, 13, 9609).board;
        let two = |searches| count_with(&board, None, &Limits::up_to(2), searches, &mut |_| {});
        let side_by_side = two(Searches {
            threads: 2,
            seed: 0,
        });
        assert_eq!((side_by_side.count, side_by_side.threads), (2, 2));
        let (first, other) = (
            two(Searches::ALONE),
            two(Searches {
                seed: 1,
                ..Searches::ALONE
            }),
        );
        assert_eq!((first.count, other.count), (2, 2));
        assert_ne!(first.nodes, other.nodes, "another seed, another search");
    }

    /// The first `how_many` solutions of `board`, found by walking every
    /// path of its shape.
    fn solutions_of(board: &Board, how_many: usize) -> Vec<Solution> {
        let mut found = Vec::new();
        crate::search::every_path(board, None, &mut |_| {}, &mut |cells| {
            if found.len() < how_many {
                let values = crate::search::path::values_along(cells);
                found.extend(crate::check::check_values(board, values).ok());
            }
        });
        found
    }

    #[test]
    fn a_count_on_from_solutions_found_before_counts_each_once() {
        let board = two_clues_on_6x6();
        let every = walked(&board);
        let given = solutions_of(&board, 2);
        for solutions in [3, every - 1, every, every + 1] {
            let limits = Limits::up_to(solutions);
            let counted = count_on(&board, None, &limits, Searches::ALONE, &given, &mut |_| {});
            let expected = (solutions.min(every), solutions > every);
            let outcome = (counted.count, counted.complete);
            assert_eq!(outcome, expected, "limit {solutions}");
        }
    }

    #[test]
    fn a_count_on_from_as_many_solutions_as_its_limit_searches_no_further() {
        let board = two_clues_on_6x6();
        let given = solutions_of(&board, 3);
        let counted = count_on(
            &board,
            None,
            &Limits::up_to(3),
            Searches::ALONE,
            &given,
            &mut |_| {},
        );
        assert_eq!((counted.count, counted.complete), (3, false));
        assert_eq!(counted.nodes, 0);
    }

    #[test]
    fn more_paths_than_a_u64_holds_are_past_any_limit() {
        let counted = count(&empty(3, 100), None, &Limits::ALL, &mut |_| {});
        assert_eq!((counted.count, counted.complete), (u64::MAX, false));
    }
}
