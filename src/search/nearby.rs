//! A second solution near the first: the known path re-routed inside a
//! window of its values, everything outside the window held where it is.
//!
//! On a loose board the whole-board search for a second solution goes back
//! over the whole space, and it may wander for any time in parts with none.
//! But a board with scattered clues nearly always has another path that
//! differs from the first one only locally: a stretch between two givens
//! that can bend another way. So before the whole board is searched again,
//! windows of the known path are: the values from one given to the next
//! (then across 2, 4, ... gaps) are freed, every other cell keeps its value
//! in the known path, and the fill engine looks for another way through the
//! freed cells. Such a board is nearly full and its search tiny.
//!
//! Every path it finds keeps every given and fills the board, so it is a
//! genuine solution, and it is checked by the caller all the same. Finding
//! none proves nothing: only the whole-board search can tell that there is
//! no second solution.
//!
//! A count past two looks beside its paths too, but only when its restarts
//! stall: on some boards a whole run finds a path only after tens of
//! thousands of nodes, and runs after it find none new for millions, while
//! the windows of the path found hold dozens. So once the restarts have
//! gone a while without a new path, one path found is looked beside, every
//! window through to its node budget and every other path there counted,
//! and the restarts go on where they stood (`restarts.rs`). On boards where
//! the restarts keep finding paths, they never stall that long: a look goes
//! through some sixty windows, each begun from the whole path, which costs
//! more a path than a run that finds them one beside the other.

use super::fill::Fill;
use super::path::{Event, Tally};
use super::recorder::Recorder;
use super::{givens, grid, search_side_by_side, Limits, Outcome, Progress, Searches};
use crate::board::Board;
use crate::check::Solution;
use crate::domains::Domains;

/// Search nodes per freed value of a window.
const NODES_PER_FREED_VALUE: u64 = 16;

/// Gaps spanned by the windows, in the order tried: narrow ones first
/// (cheap, and most second solutions are there), then wider ones.
const REACHES: [usize; 6] = [1, 2, 4, 8, 16, 32];

/// A window of the known path: the values strictly between `low` and `high`
/// are freed (except the givens among them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Window {
    low: u32,
    high: u32,
}

/// The windows to try on a path of `total` values with givens `givens`
/// (sorted values): for each reach, every run of that many consecutive
/// gaps (stretches of values that are not givens), the one with the most
/// spare steps first (`slack` of the window's ends). A window that frees a
/// single value leaves the known path as the only way through, and is not
/// tried.
fn windows(givens: &[u32], total: u32, slack: impl Fn(u32, u32) -> u32) -> Vec<Window> {
    // The path's ends are window ends too: a stretch before the lowest given
    // or after the highest is freed like any gap.
    let mut ends = Vec::with_capacity(givens.len() + 2);
    ends.push(0);
    ends.extend(givens.iter().copied());
    ends.push(total + 1);
    ends.dedup();
    // Givens next in value have no gap between them: a wider window that
    // only added them would free what a narrower one did. (On a board the
    // reduction nearly decided, that is most of them.)
    let gaps: Vec<Window> = ends
        .windows(2)
        .filter(|pair| pair[1] - pair[0] >= 2)
        .map(|pair| Window {
            low: pair[0],
            high: pair[1],
        })
        .collect();
    let mut all: Vec<Window> = Vec::new();
    for reach in REACHES {
        if reach > gaps.len() {
            break;
        }
        let mut these: Vec<Window> = gaps
            .windows(reach)
            .map(|span| Window {
                low: span[0].low,
                high: span[reach - 1].high,
            })
            .filter(|window| reach > 1 || window.high - window.low >= 3)
            .collect();
        these.sort_by_key(|window| std::cmp::Reverse(slack(window.low, window.high)));
        all.extend(these);
    }
    all
}

/// A first solution of `board` and a second near it, over `domains`,
/// within `limits`: `first` if another engine found one, else the fill's
/// (as `searches` say) within about `nodes.0` nodes; then the windows of
/// that first re-routed within about `nodes.1` more, as the fill does
/// after its own first solution. On a tight board with many solutions a
/// second lies a few steps from the first, where a board with one
/// solution has its windows gone through quickly. Finding no second
/// proves nothing, so the outcome is complete only where the fill's
/// search for the first was.
pub(crate) fn first_then_near(
    board: &Board,
    domains: &Domains,
    first: Option<&Solution>,
    limits: &Limits,
    nodes: (u64, u64),
    searches: Searches,
) -> Outcome {
    let mut outcome = match first {
        Some(first) => {
            let mut outcome = Outcome::nothing(false);
            outcome.keep(first.clone(), 1);
            outcome
        }
        None => {
            let one = Limits {
                solutions: 1,
                ..*limits
            };
            search_side_by_side(
                board,
                Some(domains),
                &one,
                nodes.0,
                searches,
                None,
                &mut |_| {},
            )
        }
    };
    if outcome.complete || outcome.count >= limits.solutions {
        return outcome;
    }
    let Some(first) = outcome.solutions.first() else {
        return outcome;
    };
    let known = cells_by_value(board, first);
    let grid = grid(board, domains);
    let givens = givens(board, domains);
    let mut tally = Tally {
        nodes: outcome.nodes,
        failures: outcome.failures,
        ..Tally::default()
    };
    let mut progress = |_: &Progress| {};
    let max_nodes = tally.nodes.saturating_add(nodes.1);
    let mut recorder = Recorder::alone(board, limits, max_nodes, &mut progress);
    recorder.outcome = outcome;
    if let Some(mut fill) = Fill::new(&grid, board.cols(), &givens) {
        let mut event = |event: Event| recorder.event(event, 1, limits.solutions);
        reroute(
            &mut fill,
            &known,
            &givens,
            Reroutes::First,
            &mut tally,
            &mut event,
        );
    }
    outcome = recorder.outcome;
    outcome.nodes = tally.nodes;
    outcome.failures = tally.failures;
    outcome
}

/// The cells of `solution` by value (`[v - 1]` holds v), as [`reroute`]
/// takes a known solution.
pub(super) fn cells_by_value(board: &Board, solution: &Solution) -> Vec<usize> {
    solution
        .path()
        .iter()
        .map(|&cell| board.index(cell))
        .collect()
}

/// How far [`reroute`] goes through the windows of a known path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Reroutes {
    /// To the first other solution (the second of `solve --unique`).
    First,
    /// Through every window, each to its node budget, every other
    /// solution found handed on (a count past two).
    Every,
}

/// Looks for solutions other than `known` (cells by value: `known[v - 1]`
/// holds v) among the re-routings of its windows, the first only or every
/// one (`reroutes`). `givens`: the values the fill holds fixed. Each
/// solution found goes to `event`, which answers whether to go on; true if
/// one was found.
pub(super) fn reroute(
    fill: &mut Fill,
    known: &[usize],
    givens: &[(usize, u32)],
    reroutes: Reroutes,
    tally: &mut Tally,
    event: &mut dyn FnMut(Event) -> bool,
) -> bool {
    let total = known.len() as u32;
    let mut given_values: Vec<u32> = givens.iter().map(|&(_, value)| value).collect();
    given_values.sort_unstable();
    let is_given = |value: u32| given_values.binary_search(&value).is_ok();
    // The path's ends have no cell: a stretch before the lowest given or
    // after the highest counts as having none to spare.
    let slack = |low: u32, high: u32| match low == 0 || high > total {
        true => 0,
        false => {
            let (a, b) = (known[low as usize - 1], known[high as usize - 1]);
            (high - low).saturating_sub(fill.distance(a, b))
        }
    };
    let windows = windows(&given_values, total, slack);
    let mut fixed: Vec<(usize, u32)> = Vec::with_capacity(known.len());
    let mut found = false;
    for window in windows {
        fixed.clear();
        fixed.extend(
            (1..=total)
                .filter(|&value| value <= window.low || value >= window.high || is_given(value))
                .map(|value| (known[value as usize - 1], value)),
        );
        if !fill.reset(&fixed) {
            continue;
        }
        let freed = (window.high - window.low - 1) as u64;
        fill.seed = 0;
        fill.budget = tally.nodes.saturating_add(NODES_PER_FREED_VALUE * freed);
        // Whatever the run that found the first solution did: a window is
        // small, and gone through one placement back at a time.
        fill.backjumps = false;
        let mut other = |happened: Event| match happened {
            Event::Solution(cells) if cells == known => true,
            Event::Solution(cells) => {
                found = true;
                event(Event::Solution(cells)) && reroutes == Reroutes::Every
            }
            Event::Tick(_) => event(happened),
        };
        tally.stopped = false;
        tally.out_of_nodes = false;
        fill.run(tally, &mut other);
        if found && reroutes == Reroutes::First {
            return true;
        }
        if tally.stopped && !tally.out_of_nodes {
            return found; // the caller's limit, clock or node limit
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::check::check_values;
    use crate::domains::Domains;

    #[test]
    fn a_path_rerouted_inside_a_window_is_another_solution_of_the_board() {
        // 1 . .   known: 1 2 3   another: 1 4 5
        // . . .          6 5 4            2 3 6
        let board = Board::parse(b"1,,\n,,\n").unwrap();
        let domains = Domains::reduce_with(&board, false, None).unwrap();
        let grid = crate::search::grid(&board, &domains);
        let givens = [(0, 1)];
        let mut fill = Fill::new(&grid, 3, &givens).unwrap();
        let known = [0, 1, 2, 5, 4, 3];
        let mut found = Vec::new();
        let mut keep = |event: Event| {
            if let Event::Solution(cells) = event {
                found.push(cells.to_vec());
            }
            true
        };
        let mut tally = Tally::default();
        assert!(reroute(
            &mut fill,
            &known,
            &givens,
            Reroutes::First,
            &mut tally,
            &mut keep
        ));
        assert_ne!(found[0], known);
        let values = crate::search::path::values_along(&found[0]);
        assert!(check_values(&board, values).is_ok());
    }

    /// `first_then_near` on `board` over rules 1-5's domains, two
    /// solutions asked without a clock, from `first` if given.
    fn first_then_near_on(board: &Board, first: Option<&Solution>, nodes: (u64, u64)) -> Outcome {
        let domains = Domains::reduce_with(board, false, None).unwrap();
        let two = Limits::up_to(2);
        first_then_near(board, &domains, first, &two, nodes, Searches::default())
    }

    #[test]
    fn a_first_solution_found_elsewhere_gets_a_second_near_it() {
        // 1 2 3   and another: 1 4 5
        // 6 5 4                2 3 6
        let board = Board::parse(b"1,,\n,,\n").unwrap();
        let first = check_values(&board, vec![1, 2, 3, 6, 5, 4]).unwrap();
        let outcome = first_then_near_on(&board, Some(&first), (0, 64));
        assert_eq!((outcome.count, outcome.complete), (2, false));
        assert_eq!(outcome.solutions[0], first);
        assert_ne!(outcome.solutions[1], first);
    }

    #[test]
    fn without_a_first_solution_the_fill_finds_one_and_a_second_near_it() {
        let board = Board::parse(b"1,,\n,,\n").unwrap();
        let outcome = first_then_near_on(&board, None, (64, 64));
        assert_eq!((outcome.count, outcome.complete), (2, false));
        assert_ne!(outcome.solutions[0], outcome.solutions[1]);
    }

    #[test]
    fn a_board_with_one_solution_has_no_second_near_it_and_nothing_is_proved() {
        // 1 4 5   is the only path from 1 in a corner to 6 in the other.
        // 2 3 6
        let board = Board::parse(b"1,,\n,,6\n").unwrap();
        let first = check_values(&board, vec![1, 4, 5, 2, 3, 6]).unwrap();
        let outcome = first_then_near_on(&board, Some(&first), (0, 64));
        assert_eq!((outcome.count, outcome.complete), (1, false));
        assert_eq!(outcome.solutions, [first]);
    }

    #[test]
    fn windows_span_one_gap_then_wider_ones_loosest_first() {
        // Givens 3 and 7 on a path of 10: gaps (0, 3), (3, 7), (7, 11).
        let slack = |low: u32, _high: u32| if low == 3 { 5 } else { 0 };
        let found = windows(&[3, 7], 10, slack);
        let pairs: Vec<(u32, u32)> = found.iter().map(|w| (w.low, w.high)).collect();
        assert_eq!(pairs, [(3, 7), (0, 3), (7, 11), (3, 11), (0, 7)]);
    }

    #[test]
    fn windows_skip_runs_of_givens_and_single_freed_values() {
        // Givens 2, 3 and 4 on a path of 6: only 1, and 5 and 6, are free.
        // Freeing 1 alone leaves it one cell; (2, 7) and (3, 7) free what
        // (4, 7) does.
        let found = windows(&[2, 3, 4], 6, |_, _| 0);
        let pairs: Vec<(u32, u32)> = found.iter().map(|w| (w.low, w.high)).collect();
        assert_eq!(pairs, [(4, 7), (0, 7)]);
    }
}
