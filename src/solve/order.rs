//! Which goes first on a board the reduction has not decided: shaving
//! (rules 6-7) or the search.
//!
//! Shaving is cheap where a board has one solution, because most of its
//! trials remove their pair and the domains close in fast; where a board
//! has many solutions it removes almost nothing, and each of its trials
//! costs a whole propagation, while the search finds two solutions at
//! once. Two tests tell the boards apart before that cost is paid:
//! - *tight*: rules 1-5 left few values per cell. A loose board goes to
//!   the search first (on a board up to 16x16 for a short turn, then it
//!   is shaved: a board with one solution can be loose too, and the
//!   search proves it unique only by going through its whole tree);
//! - *sampled*: a tight board (a sparse board with many solutions can be
//!   as tight as one with one solution) runs shaving's first trials; when
//!   few of them remove their pair, the search gets a short try, counted
//!   in nodes so that the answer does not depend on the clock, before the
//!   board is shaved whole: a first solution and a second near it. A
//!   small board found tight gets a shorter one. A wrong guess either way
//!   costs little: that short try, or the shaving that would have run
//!   anyway.
//!
//! Before the sample, a small tight board tries the search by
//! propagation (one cell decided at a time, rules 1-5 after each), which
//! on such boards settles in fewer propagations than shaving's passes
//! whether the board has one solution or many.

use crate::board::Board;
use crate::domains::Domains;
use crate::precheck::Contradiction;

use super::Reduced;

/// Rules 1-5 left each cell this many values or fewer on average: the
/// board is tight (as boards with one solution are), and shaving goes
/// before the search unless the sample below finds the board loose.
pub(crate) const TIGHT_VALUES_PER_CELL: usize = 16;

/// Shaving trials in the sample of a tight board.
const SAMPLE_TRIALS: usize = 32;

/// A sample in which at most this many trials removed their pair finds the
/// board loose (docs/record/search.md gives the samples of the benchmark
/// boards, which set it).
const LOOSE_REMOVALS: usize = SAMPLE_TRIALS / 8;

/// Boards of at most this many cells try the search by propagation before
/// shaving: up to 12x12 it settles the benchmark boards, with one solution
/// or many, in fewer propagations than shaving's passes; from 15x15 on its
/// tree outgrows them (docs/record/propagation.md).
const PROPAGATION_CELLS: usize = 144;

/// Decisions per cell the search by propagation gets on a small tight board
/// before it is shaved.
const PROPAGATION_NODES_PER_CELL: u64 = 4;

/// Search nodes per cell for a first solution that a tight board which
/// the sample found loose gets before it is shaved, at any size...
const LOOSE_FIRST_NODES_PER_CELL: u64 = 128;

/// ... and that a small board it found tight gets, up to
/// [`PROPAGATION_CELLS`]: a board with many solutions can be as tight as a
/// puzzle (sparse 10x10 and 12x12 boards with 10 % clues), and shaving it
/// whole decides nothing there and costs tens of milliseconds.
const TIGHT_FIRST_NODES_PER_CELL: u64 = 64;

/// Search nodes per cell for a second solution near the first: on a board
/// with many solutions one lies a few steps away, and on a puzzle the
/// windows of its one solution are gone through without one
/// (docs/record/stages.md, "A second near the first on small tight boards").
const NEAR_NODES_PER_CELL: u64 = 8;

/// The nodes of the fill's try before shaving, for a first solution and
/// for a second near it, on a tight board that the sample found `loose` or
/// not; None where a board found tight is too large to get one.
pub(super) fn near_probe(board: &Board, loose: bool) -> Option<(u64, u64)> {
    let cells = board.len() as u64;
    let first = match loose {
        true => LOOSE_FIRST_NODES_PER_CELL,
        false if board.len() <= PROPAGATION_CELLS => TIGHT_FIRST_NODES_PER_CELL,
        false => return None,
    };
    Some((first * cells, NEAR_NODES_PER_CELL * cells))
}

/// Seconds of the search's first turn on a small loose board, before it is
/// shaved and the search goes on. A loose board usually has many
/// solutions, which the search finds at once; now and then it has one,
/// which shaving decides in milliseconds on a small board and the search
/// can prove only by going through its whole tree, for seconds.
const SMALL_FIRST_TURN: f64 = 0.1;

/// Shaving after that first turn runs for at most this many times as long:
/// where it decides a board this small it needs milliseconds, but a cap of
/// one turn would cut it short on a machine whose cores are shared, and a
/// board with many solutions that the first turn missed (rare) pays at
/// most this much before the search goes on.
const SMALL_SHAVING_TURNS: f64 = 4.0;

/// Shaving after that first turn ends in its first pass once half the
/// pass's trials are taken with fewer than this share of them removing
/// their pair: by then, on the loose boards with one solution measured,
/// 10.9-66 % of them had, on loose boards with many solutions 0.1-2.6 %,
/// and the rest of the pass removed as little (docs/record/stages.md,
/// "Shaving a loose board ends after an idle first pass").
pub(super) const IDLE_FIRST_PASS: f64 = 0.05;

/// Loose boards of at most this many cells (16x16) get the short first
/// turn: minimal puzzles from 12x12 to 16x16 are loose now and then (none
/// of those measured from 18x18 on), and shaving decides them in at most a
/// tenth of a second; from 20x20 on, boards with many solutions often need
/// the search for longer than that turn, and would pay for shaving
/// (docs/record/stages.md).
const SMALL_LOOSE_CELLS: usize = 256;

/// After shaving has ended on a loose board and left it tight but
/// undecided, deep shaving (rule 8) comes next only past
/// [`SMALL_LOOSE_CELLS`]: there the search has had its whole budget first,
/// and such a board is now and then a puzzle with one solution (3 of 120
/// minimal 20x20 puzzles measured); on a smaller one the search had a short
/// turn, and such a board mostly has many solutions that the search finds
/// in its next turn (deep shaving spent its turn for nothing on 4 of 160
/// 15x15 runs of the targets' boards).
pub(super) fn deep_after_shaving(board: &Board) -> bool {
    board.len() > SMALL_LOOSE_CELLS
}

/// The search's turn on a tight board that shaving left undecided, before
/// deep shaving (rule 8) gets its turn: short, as on a small loose board
/// ([`SMALL_FIRST_TURN`], at most the budget). Such a board with many
/// solutions is rare (4 of the targets' 600 runs from 8x8 to 25x25, all on
/// 15x15) and the search settled each in under 2 ms; one with one solution
/// the search proves only by going through its whole tree, while deep
/// shaving decided the three puzzles measured in 0.1-1.7 s.
pub(super) fn before_deep_shaving(budget: f64) -> f64 {
    SMALL_FIRST_TURN.min(budget)
}

/// The search's first turn on a loose board and shaving's after it.
pub(super) struct FirstTurns {
    pub(super) search: f64,
    pub(super) shaving: f64,
}

/// The first turns on this loose board, given the search's `budget`: on a
/// board small enough to be shaved after a short turn ([`SMALL_FIRST_TURN`],
/// at most the budget), that turn and [`SMALL_SHAVING_TURNS`] times it; on
/// a larger one the budget for each (a loose puzzle that large is rarer,
/// and a board with many solutions there often needs the search for more
/// than a short turn).
pub(super) fn first_turns(board: &Board, budget: f64) -> Option<FirstTurns> {
    if budget <= 0.0 {
        return None;
    }
    if board.len() > SMALL_LOOSE_CELLS {
        return Some(FirstTurns {
            search: budget,
            shaving: budget,
        });
    }
    let search = SMALL_FIRST_TURN.min(budget);
    let shaving = SMALL_SHAVING_TURNS * search;
    Some(FirstTurns { search, shaving })
}

/// Seconds a count runs over rules 1-5's domains on a loose board before
/// the board is shaved and counted again (`search.rs`): a count that
/// reaches its limit on such a board does so at once.
pub(super) const COUNT_FIRST_TURN: f64 = SMALL_FIRST_TURN;

/// A count whose first turn found at least this share of its limit (a
/// quarter) is not shaved after it but counted again over the same
/// domains: the board has many solutions, shaving decides nothing there,
/// and the count would start again after it all the same
/// (docs/record/count.md, "A count past two counts on from `solve`'s
/// two").
const MANY_IN_FIRST_TURN: u64 = 4;

/// Did the count's first turn find `count` solutions, many for `limit`
/// (see [`MANY_IN_FIRST_TURN`])?
pub(super) fn many_in_first_turn(count: u64, limit: u64) -> bool {
    count.saturating_mul(MANY_IN_FIRST_TURN) >= limit
}

/// Seconds shaving gets after the count's first turn, at most, as after
/// `solve`'s ([`SMALL_SHAVING_TURNS`]): shaving a loose 16x16 board whole
/// takes seconds, and a count the first turn did not settle there has
/// many solutions more often than one (docs/record/count.md, "Count to a
/// limit with restarts").
pub(super) const COUNT_SHAVING: f64 = SMALL_SHAVING_TURNS * COUNT_FIRST_TURN;

/// The decisions the search by propagation gets before shaving on this
/// board, if it is small enough to try: see [`PROPAGATION_CELLS`].
pub(crate) fn propagation_probe(board: &Board) -> Option<u64> {
    (board.len() <= PROPAGATION_CELLS).then(|| PROPAGATION_NODES_PER_CELL * board.len() as u64)
}

/// Few values per cell: see [`TIGHT_VALUES_PER_CELL`].
pub(super) fn tight(board: &Board, reduced: &Reduced) -> bool {
    reduced
        .domains
        .as_ref()
        .is_some_and(|domains| domains.summary(board).pairs <= TIGHT_VALUES_PER_CELL * board.len())
}

/// Shaving's first [`SAMPLE_TRIALS`] trials removed at most
/// [`LOOSE_REMOVALS`] pairs: the board most likely has many solutions. What
/// the sample removed stays removed. Only a board that will be shaved is
/// sampled (the caller checks the shaving budget).
pub(super) fn sampled_loose(board: &Board, domains: &mut Domains) -> Result<bool, Contradiction> {
    Ok(domains.shave_sample(board, SAMPLE_TRIALS)? <= LOOSE_REMOVALS)
}
