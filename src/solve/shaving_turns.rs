//! Turns between the search and shaving, where the search runs alone
//! (`--solver search`) on a loose board.
//!
//! A loose board (rules 1-5 leave many values per cell: its clues are few
//! and far apart) usually has many solutions, and the search finds two at
//! once. Now and then it has one, as a minimal puzzle or a long snake with
//! a clue every twenty cells may: then the search proves that there is no
//! second only by going through its whole tree (no answer in 20 s on the
//! 18x18 and 20x20 boards measured), while shaving (rule 6) decides the
//! board in a second or less. With
//! no MIP to take turns with (`turns.rs`), the search takes them with
//! shaving, each turn twice as long as the one before, until one of the
//! two settles the board or shaving ends on its own; then the search runs
//! alone:
//!
//! ```text
//! search t,  shave s,  search 2s,  shave 4s,  search 8s,  ...
//! ```
//!
//! On a board up to 16x16 `t` is the search's short first turn and `s`
//! four times it, as ahead of a MIP; above that both are the search's
//! budget ahead of a MIP (`--search-budget`). The search waits on its
//! thread where it stood between its turns (`running.rs`), and what
//! shaving removed stays removed (its passes start over at each turn).
//! The first shaving turn ends early in a first pass that removes little
//! (a board with many solutions), as it does ahead of a MIP. Once shaving
//! has ended, the search starts over within what it left, where that is
//! much less than the search went through.
//!
//! A tight board that shaving has left undecided takes the same turns with
//! deep shaving (rule 8) instead: such a board with one solution is rare,
//! but there the search and the MIP may both go on for minutes, while one
//! or two pairs refuted by shaving under a supposition let shaving decide
//! every cell. The search's first turn is short (0.1 s), deep shaving's
//! the search's budget; a loose board past 16x16 that shaving leaves tight
//! but undecided goes on to deep shaving at once.

use crate::board::Board;
use crate::domains::Shaved;
use crate::error::Error;
use crate::report::{Report, Stage};

use super::order::FirstTurns;
use super::running::Running;
use super::Refutation;
use super::{
    decided, order, search, shave, shave_deeper, summarize, Deadline, Options, Phase, Reduced,
};

/// What takes turns with the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Narrowing {
    /// Shaving (rules 6-7), on a loose board; its first turn ends early
    /// in an idle first pass.
    Shaving,
    /// Deep shaving (rule 8), on a tight board shaving left undecided.
    DeepShaving,
}

/// Once shaving has ended, the search starts over within the shaved
/// domains if they hold at most this share (3/4) of the (cell, value)
/// pairs it goes through: a board with many solutions that the search
/// misses may still be one shaving narrows to a few hundred pairs, where
/// the search over them finds two at once. (Shaving that ended on its own
/// leaves the same domains on every run, so the answer stays the same.)
const RESTART_SHARE: (usize, usize) = (3, 4);

/// The search's turns and `narrowing`'s, from the search's first turn
/// (already run: `search` waits where it stood) until the board is
/// settled, the time limit passes, or shaving ends and the search runs out
/// its own. Returns shaving's refutation, if it found the board has no
/// solution.
#[allow(clippy::too_many_arguments)] // the pipeline's state, as `turns::solve` takes it
pub(super) fn take_turns(
    board: &Board,
    options: &Options,
    deadline: &Deadline,
    mut search: Running,
    turns: FirstTurns,
    mut narrowing: Narrowing,
    reduced: &mut Reduced,
    report: &mut Report,
    progress: &mut dyn FnMut(Phase),
) -> Result<Option<Refutation>, Error> {
    let mut shaving_turn = turns.shaving;
    let mut idle = (narrowing == Narrowing::Shaving).then_some(order::IDLE_FIRST_PASS);
    let pairs = |reduced: &Reduced| {
        reduced
            .domains
            .as_ref()
            .map_or(0, |domains| domains.summary(board).pairs)
    };
    let mut searched_pairs = pairs(reduced);
    loop {
        let stop = deadline.earlier(&Deadline::new(Some(shaving_turn)));
        let outcome = match narrowing {
            Narrowing::Shaving => {
                progress(Phase::Shaving);
                shave(board, options, stop.0, idle.take(), reduced)
            }
            Narrowing::DeepShaving => {
                progress(Phase::DeepShaving);
                shave_deeper(board, options, stop.0, reduced)
            }
        };
        let shaved = match outcome {
            Ok(shaved) => shaved,
            Err(refutation) => {
                search.account_figures(options, report);
                return Ok(Some(refutation));
            }
        };
        summarize(board, reduced, report);
        if decided(board, reduced) {
            // The search may have found the solution in a turn, first.
            let found_first = search.first().is_some();
            search.account_figures(options, report);
            search::read_off(board, reduced.domains.as_ref(), options.unique, report)?;
            if found_first {
                report.found_by = Some(Stage::Search);
            }
            return Ok(None);
        }
        let narrowed = pairs(reduced) * RESTART_SHARE.1 <= searched_pairs * RESTART_SHARE.0;
        if shaved == Shaved::Ended && narrowed {
            // Shaving ended having taken a good share of what the search
            // goes through: the search starts over within what is left.
            search.account_figures(options, report);
            let earlier = report.stats.search.take().unwrap_or_default();
            let domains = reduced.domains.as_ref();
            search = Running::start(board, domains, options, deadline, earlier);
            searched_pairs = pairs(reduced);
        }
        // Shaving left the board tight but undecided (a loose puzzle, now
        // and then): deep shaving takes its turns from here.
        let deeper = shaved == Shaved::Ended
            && narrowing == Narrowing::Shaving
            && order::tight(board, reduced);
        if deeper {
            narrowing = Narrowing::DeepShaving;
            if order::deep_after_shaving(board) {
                // At once: shaving ended within its turn.
                continue;
            }
        }
        let alone = (shaved == Shaved::Ended && !deeper) || deadline.remaining().is_err();
        let search_turn = 2.0 * shaving_turn;
        search.run_for(if alone { f64::INFINITY } else { search_turn }, progress);
        if alone || search.settled() || deadline.remaining().is_err() {
            search.account(options, report);
            return Ok(None);
        }
        shaving_turn = 2.0 * search_turn;
    }
}
