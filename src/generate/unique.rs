//! The uniqueness questions the generator asks, hundreds of times a board,
//! answered with the library's own pipeline (no model): rules 1-5 of the
//! reduction, the search by propagation on small boards, shaving when the
//! board is tight, then the search.
//!
//! Two questions, both about a solution other than one already known:
//!
//! - [`other_solution`]: is `known` the only solution of the board? The
//!   search is asked for two solutions; any that is not `known` answers.
//!   The newspaper's rounds ask it of boards that nearly always have many
//!   (all but the last round), so there the known path is re-routed first,
//!   and on a loose board the search runs with its whole budget before
//!   anything narrows the domains past rules 1-5; a tight board (the last
//!   rounds) is shaved before any search (see [`Expect`]).
//! - [`other_without_clue`]: a unique board lost its clue `v` at cell `c`;
//!   is it still unique? A solution with `v` at `c` solves the old board, so
//!   it is the old solution: any other must put something else at `c`. The
//!   question is the no-good cut on one pair, `c != v`, which the reduction
//!   takes as a removed value before it starts, and which often refutes the
//!   board without any search.

use std::time::Instant;

use crate::board::{Board, Cell};
use crate::check::{check_values, Solution};
use crate::domains::{Domains, Rules};
use crate::precheck::Contradiction;
use crate::search::{branch, first_then_near, search_bounded, Limits, Outcome, Searches};
use crate::solve::{propagation_probe, TIGHT_VALUES_PER_CELL};

/// The answer to "is there a solution other than the known one?".
#[derive(Debug, Clone, PartialEq)]
pub enum Uniqueness {
    /// No other solution: the board is unique.
    Unique,
    /// Another solution, checked.
    Another(Solution),
    /// The clock passed `stop` first.
    Unknown,
}

/// Radii around the freed cell whose cells are probed before whole
/// shaving passes: a refutation of "c is not v" is often local to c, and a
/// few dozen cells cost a small part of a pass.
const NEAR_RADII: [usize; 2] = [2, 4];

/// Nodes per cell of the short search ahead of shaving.
const QUICK_NODES_PER_CELL: u64 = 16;

/// Nodes per cell the search may take after shaving. Some questions on
/// sparse boards take any solver minutes; past this budget the answer is
/// "unknown", the same on every run, and the generator tries another path.
pub(crate) const SEARCH_NODES_PER_CELL: u64 = 1000;

/// What the one asking expects of the answer, which decides how the
/// search goes ahead of shaving.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Expect {
    /// Either answer: a short search ([`QUICK_NODES_PER_CELL`]) on a loose
    /// board only. A clue's question while clues are removed is as often
    /// "unique" as not, and shaving settles most of them at once.
    Either,
    /// Another solution, nearly always: on a loose board the search first,
    /// with the whole budget per cell (after the re-routes of the known
    /// path that [`other_solution`]'s guide tries). Shaving a loose board
    /// removes almost nothing and costs whole seconds from 14x14 on, where
    /// the search finds two solutions in milliseconds (docs/record/generate.md,
    /// "The newspaper's rounds: the search first"); the one question
    /// answered "unique" pays for both once. On a tight board (the last
    /// rounds, a few clues from unique) no search before shaving: where
    /// the re-routes found no other solution, the search needed hundreds
    /// of nodes per cell for one, and after shaving, which leaves about
    /// one value per cell there, it needs a few hundred nodes in all
    /// (docs/record/generate.md, "The last rounds: shaving before the
    /// search").
    Another,
}

/// What the pipeline found on a board with some pairs taken out.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Found {
    /// At most `wanted` solutions, each checked.
    pub solutions: Vec<Solution>,
    /// Everything was searched: there are no others.
    pub complete: bool,
    /// Why there is none, when the reduction proved it.
    pub contradiction: Option<Contradiction>,
}

/// Up to `wanted` solutions of `board` with the `excluded` (cell, value)
/// pairs forbidden: the reduction (rules 1-5), shaving when they leave the
/// board tight, and the search over what is left.
pub(crate) fn solutions_excluding(
    board: &Board,
    excluded: &[(Cell, u32)],
    (wanted, expect): (u64, Expect),
    nodes_per_cell: u64,
    stop: Option<Instant>,
) -> Found {
    solutions_guided(
        board,
        excluded,
        (wanted, expect),
        nodes_per_cell,
        stop,
        &mut |_, _| None,
    )
}

/// Where [`solutions_guided`] has narrowed the domains when it asks its
/// guide for a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Narrowed {
    /// Rules 1-5 only, before any search.
    Reduced,
    /// Rules 1-5 and the probes near the excluded pairs.
    Probed,
    /// And whole shaving passes.
    Shaved,
}

/// As [`solutions_excluding`], with a `guide` asked for a solution (checked,
/// other than any known one) after rules 1-5, after the probes and after
/// shaving, before the dearer stages: it sees the domains, which every
/// solution with the excluded pairs out keeps to.
pub(crate) fn solutions_guided(
    board: &Board,
    excluded: &[(Cell, u32)],
    (wanted, expect): (u64, Expect),
    nodes_per_cell: u64,
    stop: Option<Instant>,
    guide: &mut dyn FnMut(&Domains, Narrowed) -> Option<Solution>,
) -> Found {
    let guided = |solution| Found {
        solutions: vec![solution],
        complete: false,
        contradiction: None,
    };
    let refuted = |contradiction| Found {
        solutions: Vec::new(),
        complete: true,
        contradiction: Some(contradiction),
    };
    let mut domains = match Domains::reduce_by(board, Rules::AllDifferent, excluded, None) {
        Ok(domains) => domains,
        Err(contradiction) => return refuted(contradiction),
    };
    if let Some(found) = read_off(board, &domains) {
        return found;
    }
    if let Some(solution) = guide(&domains, Narrowed::Reduced) {
        return guided(solution);
    }
    let limits = Limits {
        solutions: wanted,
        stop,
    };
    let searched = |outcome: Outcome| Found {
        solutions: outcome.solutions,
        complete: outcome.complete,
        contradiction: None,
    };
    // On a loose board a search first: where there is another solution it
    // finds most of them at once, a short search where either answer is
    // expected, the whole search where another is (on a tight board
    // shaving is cheap, and measured faster first, as in the solve
    // pipeline). Then narrowing by supposing: first only the pairs the
    // question is about (the freed cell, the value it lost), then, on a
    // small board, the search by propagation (which settles most questions
    // there for less than the next probes cost), then the cells near the
    // freed one, then whole shaving passes.
    let pairs = domains.summary(board).pairs;
    let loose = pairs > TIGHT_VALUES_PER_CELL * board.len();
    let first_search = match expect {
        _ if !loose => None,
        Expect::Another => Some(nodes_per_cell),
        Expect::Either => Some(QUICK_NODES_PER_CELL),
    };
    let mut whole_search_ran_out = None;
    if let Some(first_per_cell) = first_search {
        let nodes = first_per_cell * board.len() as u64;
        let outcome = search_bounded(board, Some(&domains), &limits, nodes, &mut |_| {});
        if outcome.complete || outcome.count >= wanted {
            return searched(outcome);
        }
        if first_per_cell == nodes_per_cell {
            whole_search_ran_out = Some((pairs, outcome));
        }
    }
    let cells: Vec<Cell> = excluded.iter().map(|&(cell, _)| cell).collect();
    if !excluded.is_empty() {
        let values: Vec<u32> = excluded.iter().map(|&(_, value)| value).collect();
        if let Err(contradiction) = domains.probe(board, &cells, &values) {
            return refuted(contradiction);
        }
        if let Some(found) = read_off(board, &domains) {
            return found;
        }
    }
    if let Some(decisions) = propagation_probe(board) {
        let outcome = branch(board, &domains, &limits, decisions);
        if outcome.complete || outcome.count >= wanted {
            return searched(outcome);
        }
    }
    for radius in NEAR_RADII.into_iter().filter(|_| !excluded.is_empty()) {
        let near: Vec<Cell> = board
            .cells()
            .filter(|&other| cells.iter().any(|&cell| cell.distance(other) <= radius))
            .collect();
        if let Err(contradiction) = domains.probe(board, &near, &[]) {
            return refuted(contradiction);
        }
    }
    if let Some(solution) = guide(&domains, Narrowed::Probed) {
        return guided(solution);
    }
    if let Err(contradiction) = domains.shave_within_budget(board, stop) {
        return refuted(contradiction);
    }
    if let Some(found) = read_off(board, &domains) {
        return found;
    }
    if let Some(solution) = guide(&domains, Narrowed::Shaved) {
        return guided(solution);
    }
    // The search is deterministic: over the same domains (nothing since
    // removed, as on a loose board past the shaving budget) with the same
    // budget it would only run out again.
    if let Some((pairs, outcome)) = whole_search_ran_out {
        if domains.summary(board).pairs == pairs {
            return searched(outcome);
        }
    }
    let max_nodes = nodes_per_cell * board.len() as u64;
    let outcome = search_bounded(board, Some(&domains), &limits, max_nodes, &mut |_| {});
    searched(outcome)
}

/// At most one solution of `board` with the `excluded` pairs forbidden,
/// from rules 1-5 and a search of at most `max_nodes`: for boards nearly
/// full (a window of the path left open), where that is enough.
pub(crate) fn solutions_excluding_within(
    board: &Board,
    excluded: &[(Cell, u32)],
    max_nodes: u64,
) -> Vec<Solution> {
    let Ok(domains) = Domains::reduce_by(board, Rules::AllDifferent, excluded, None) else {
        return Vec::new();
    };
    if let Some(found) = read_off(board, &domains) {
        return found.solutions;
    }
    let limits = Limits::up_to(1);
    search_bounded(board, Some(&domains), &limits, max_nodes, &mut |_| {}).solutions
}

/// The one solution of domains that decide every cell, checked.
fn read_off(board: &Board, domains: &Domains) -> Option<Found> {
    let values = domains.decided_values()?;
    let solution = check_values(board, values).ok()?;
    Some(Found {
        solutions: vec![solution],
        complete: true,
        contradiction: None,
    })
}

/// Search nodes per cell of the board for [`rerouted_anywhere`]'s windows,
/// all of them together.
const ANYWHERE_NODES_PER_CELL: u64 = 64;

/// A solution of `board` other than `known`, its solution, found by
/// re-routing `known` inside windows of its values anywhere along the path
/// (from one clue to the next, then across 2, 4, ... gaps: the search's own
/// second solution near a first, `search::first_then_near`; `reroute.rs`
/// re-routes around a removed clue), over `domains`
/// (rules 1-5). No clue was removed, so no window is centred: on a board
/// with many solutions some stretch between two clues nearly always bends
/// another way, and the next clue goes there.
fn rerouted_anywhere(board: &Board, domains: &Domains, known: &Solution) -> Option<Solution> {
    let two = Limits::up_to(2);
    let nodes = ANYWHERE_NODES_PER_CELL * board.len() as u64;
    let outcome = first_then_near(
        board,
        domains,
        Some(known),
        &two,
        (0, nodes),
        Searches::ALONE,
    );
    outcome.solutions.into_iter().find(|found| found != known)
}

/// Is `known`, a solution of `board`, its only one? Asked where another
/// is expected (the newspaper's rounds): first `known` re-routed inside
/// windows of its values, then the search and shaving (shaving first on a
/// tight board).
pub fn other_solution(board: &Board, known: &Solution, stop: Option<Instant>) -> Uniqueness {
    let mut beside_known = |domains: &Domains, narrowed| match narrowed {
        Narrowed::Reduced => rerouted_anywhere(board, domains, known),
        Narrowed::Probed | Narrowed::Shaved => None,
    };
    let question = (2, Expect::Another);
    let found = solutions_guided(
        board,
        &[],
        question,
        SEARCH_NODES_PER_CELL,
        stop,
        &mut beside_known,
    );
    if let Some(other) = found.solutions.into_iter().find(|found| found != known) {
        return Uniqueness::Another(other);
    }
    match found.complete {
        true => Uniqueness::Unique,
        false => Uniqueness::Unknown,
    }
}

/// `board` is a unique board without its clue `value` at `cell`: is it
/// still unique? (Only a solution with another value at `cell` can be new.)
pub fn other_without_clue(
    board: &Board,
    cell: Cell,
    value: u32,
    stop: Option<Instant>,
) -> Uniqueness {
    let question = (1, Expect::Either);
    let found = solutions_excluding(
        board,
        &[(cell, value)],
        question,
        SEARCH_NODES_PER_CELL,
        stop,
    );
    verdict(found)
}

/// The verdict on a one-pair question from what the pipeline found.
pub(crate) fn verdict(found: Found) -> Uniqueness {
    let complete = found.complete;
    match found.solutions.into_iter().next() {
        Some(other) => Uniqueness::Another(other),
        None if complete => Uniqueness::Unique,
        None => Uniqueness::Unknown,
    }
}

#[cfg(test)]
mod tests;
