//! Runs of the local search one after another: how many moves each gets,
//! when a run far from a solution ends early, and when the engine retires.

use super::{spaced, Stretch, VALUES_PER_CLUE};
use crate::board::Board;
use crate::search::restarts::luby;

/// Moves a run gets per cell of the board, per term of Luby's sequence...
pub(super) const MOVES_PER_CELL: u64 = 4096;

/// ... and on a large board whose clues lie closer than [`VALUES_PER_CLUE`]
/// apart, four times as many: there a run that settles the board takes one
/// to a dozen million moves to come down to it, and the shortest runs end
/// too soon (docs/record/local-search-turns.md, "The local search's runs on
/// boards with 5-6 % clues").
pub(super) const MOVES_PER_CELL_CLOSE: u64 = 4 * MOVES_PER_CELL;

/// Moves per cell after which, on a board whose clues lie closer than
/// [`VALUES_PER_CLUE`] apart, the local search retires (four whole runs'
/// moves, since runs far from a solution end early): the fill then settles
/// sooner what it has not settled (docs/record/local-search-turns.md, "The local
/// search retires on boards with close clues" and "A run that stays far
/// from a solution ends early"). Where the clues lie further apart the fill
/// alone does not, and it never retires.
const RETIRE_MOVES_PER_CELL_CLOSE: u64 = 4 * MOVES_PER_CELL_CLOSE;

/// Moves per cell at which, on a board whose clues lie closer than
/// [`VALUES_PER_CLUE`] apart, a run that has not once come down to
/// [`ABANDON_ENERGY`] steps lacking ends, whatever its length: such a run
/// almost never settles the board, and the moves go further in a new one
/// (docs/record/local-search-turns.md, "A run that stays far from a solution ends
/// early").
pub(super) const ABANDON_MOVES_PER_CELL_CLOSE: u64 = 1024;
pub(super) const ABANDON_ENERGY: i64 = 8;

/// Runs ended early in a row after which the local search retires, well
/// before [`RETIRE_MOVES_PER_CELL_CLOSE`]: on a board where no run comes
/// near a solution the fill settles sooner alone, and where runs do come
/// near, one of them breaks the count (docs/record/local-search-turns.md, "The local
/// search retires after sixteen runs far from a solution").
pub(super) const ABANDONED_RUNS_TO_RETIRE: u64 = 16;

/// Runs in a row that cannot route every gap before the engine gives up.
const UNROUTED_RUNS: u64 = 4;

/// Moves that the attempts to route a board's gaps count as, per cell.
const ROUTING_MOVES_PER_CELL: u64 = 64;

/// Runs of [`Stretch`] one after another, each from new routes, for the
/// moves the search gives it a slice at a time.
pub(in crate::search) struct Stretcher<'a> {
    board: &'a Board,
    run: Option<Stretch>,
    /// Moves a run gets per cell, per term of Luby's sequence.
    pub(super) moves_per_cell: u64,
    /// Runs started, and the moves left to the current one.
    pub(super) runs: u64,
    left: u64,
    /// Moves made, over every run.
    pub(in crate::search) moves: u64,
    /// Moves after which the engine retires (`u64::MAX`: never).
    pub(super) retire_after: u64,
    /// Moves into a run at which it ends unless it has come down to
    /// [`ABANDON_ENERGY`] (`u64::MAX`: never).
    pub(super) abandon_at: u64,
    /// Runs in a row that could not route every gap.
    unrouted: u64,
    /// Runs in a row ended early, far from a solution.
    abandoned: u64,
    /// [`UNROUTED_RUNS`] runs in a row could not route every gap, or the
    /// engine has retired: it has nothing more to offer.
    pub(in crate::search) gone: bool,
    /// Where the runs' seeds start.
    seed: u64,
}

impl<'a> Stretcher<'a> {
    /// `seed`: where the runs' seeds start (0 for a search alone).
    pub(in crate::search) fn new(board: &'a Board, seed: u64) -> Stretcher<'a> {
        // Only a large board takes turns with its clues this close
        // (`joins_after`): there runs are longer, a run far from a solution
        // ends early, and the engine retires.
        let cells = board.len() as u64;
        let (moves_per_cell, abandon_at, retire_after) = match !spaced(board, VALUES_PER_CLUE) {
            true => (
                MOVES_PER_CELL_CLOSE,
                ABANDON_MOVES_PER_CELL_CLOSE.saturating_mul(cells),
                RETIRE_MOVES_PER_CELL_CLOSE.saturating_mul(cells),
            ),
            false => (MOVES_PER_CELL, u64::MAX, u64::MAX),
        };
        Stretcher {
            board,
            moves_per_cell,
            retire_after,
            abandon_at,
            run: None,
            runs: 0,
            left: 0,
            moves: 0,
            unrouted: 0,
            abandoned: 0,
            gone: false,
            seed,
        }
    }

    /// Makes up to `moves` moves, stopping early when `tick` says so (it is
    /// called at least every 65,536 moves, a few milliseconds, with the
    /// moves made in all: the search's clock, progress and pace); the
    /// path's cells by value once a run has solved the board.
    pub(in crate::search) fn advance(
        &mut self,
        moves: u64,
        tick: &mut dyn FnMut(u64) -> bool,
    ) -> Option<Vec<usize>> {
        let mut spent = 0;
        // Retired at the first turn past its moves (the turn it was in
        // ends as it would have).
        self.gone |= self.moves >= self.retire_after;
        while spent < moves && !self.gone {
            if self.left == 0 || self.run.is_none() {
                let cells = self.board.len() as u64;
                self.left = luby(self.runs) * self.moves_per_cell * cells;
                self.run = Stretch::new(self.board, self.seed + self.runs);
                self.runs += 1;
                // A run that cannot route its gaps gives way to the next,
                // its routing counted as moves; after a few such runs in a
                // row the board is left to the fill.
                match self.run {
                    Some(_) => self.unrouted = 0,
                    None => {
                        self.unrouted += 1;
                        spent += ROUTING_MOVES_PER_CELL * cells;
                    }
                }
                self.gone = self.unrouted >= UNROUTED_RUNS;
                continue;
            }
            let run = self.run.as_mut().expect("a run is on");
            let mut slice = (moves - spent).min(self.left).min(1 << 16);
            // A slice ends where a run far from a solution is abandoned.
            if run.moves < self.abandon_at {
                slice = slice.min(self.abandon_at - run.moves);
            }
            let before = run.moves;
            let mut solved = false;
            while run.moves - before < slice && !solved {
                solved = run.step();
            }
            let made = run.moves - before;
            (spent, self.left, self.moves) = (spent + made, self.left - made, self.moves + made);
            if solved {
                self.left = 0;
                return Some(run.path());
            }
            if run.moves == self.abandon_at {
                if run.lowest >= ABANDON_ENERGY {
                    self.left = 0;
                    self.abandoned += 1;
                    self.gone |= self.abandoned >= ABANDONED_RUNS_TO_RETIRE;
                } else {
                    self.abandoned = 0;
                }
            }
            if tick(self.moves) {
                break;
            }
        }
        None
    }
}
