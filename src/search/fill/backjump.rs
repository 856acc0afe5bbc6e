//! Backjumping, in some of the fill's runs: when every cell of an open
//! value has failed, the placements made since that lie far from those
//! cells are taken back too, without trying their other cells.
//!
//! The fill places the most constrained open value of the whole board
//! next, so consecutive placements often lie in gaps far apart. When a
//! value runs out of cells, plain backtracking tries the other cells of
//! the placement before it, which may lie across the board from the
//! failure and change nothing there; the failure is met again under each
//! of them. Taking those placements back at once goes straight to the
//! nearest one that may have caused it (the jump of Gaschnig's
//! backjumping, with nearness standing in for the recorded reasons of
//! conflict-directed backjumping).
//!
//! Nearness is a guess: a cause may lie farther away (a region's colour
//! count, a gap's length), so a run that jumped over untried cells has not
//! searched its whole space and does not count as exhausting it. Which
//! runs backjump is the lanes' choice (`lanes.rs`): every run of the
//! second fill until it finds a solution; of the first fill, every run
//! from a repair's start (which proves nothing either way) and every
//! second run from the givens. The runs from the givens in between go
//! back one placement at a time, as before, so a proof that there is no
//! solution, or no other, is still complete.

use super::{Fill, Frame};

/// Steps from the failed value's cells within which a placement is kept:
/// of 3, 4, 6 and 8, measured on `search_probe dense` over five seeds and
/// on `search_probe spread` (docs/record/fill-repairs.md), 4 left the fewest
/// boards unsettled and took the fewest nodes.
const NEAR: u32 = 4;

impl Fill<'_> {
    /// Once `exhausted` (just taken off `stack`) has no cell left, takes
    /// back the placements at the top of `stack` that lie farther than
    /// [`NEAR`] steps from every one of its cells, down to the first that
    /// lies nearer (the lowest frame is always left). True if one of them
    /// still had cells to try.
    pub(super) fn backjump(&mut self, stack: &mut Vec<Frame>, exhausted: &Frame) -> bool {
        let cells = &exhausted.candidates[..usize::from(exhausted.count)];
        let mut skipped = false;
        while let [_, .., top] = stack.as_slice() {
            let placed = self.position[top.value as usize];
            if cells
                .iter()
                .any(|&cell| self.distance(cell, placed) <= NEAR)
            {
                break;
            }
            skipped |= top.next < top.count;
            stack.pop();
            self.undo();
        }
        skipped
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::search::fill::testing::grid_of;
    use crate::search::fill::NONE;
    use crate::search::path::{Grid, Tally};

    /// The grid of a 9x9 board with 1 in the top left corner and 81 in the
    /// bottom right.
    fn corners() -> Grid {
        let board = Board::parse(&b",,,,,,,,\n".repeat(9)).unwrap();
        let board = board.with_clue(board.cell(0), Some(1)).unwrap();
        let board = board.with_clue(board.cell(80), Some(81)).unwrap();
        grid_of(&board)
    }

    /// The frame of `value` with these `candidates`, `next` of them tried.
    fn frame(value: u32, candidates: &[usize], next: usize) -> Frame {
        let mut cells = [usize::MAX; 4];
        cells[..candidates.len()].copy_from_slice(candidates);
        Frame {
            value,
            candidates: cells,
            count: candidates.len() as u8,
            next: next as u8,
        }
    }

    /// `value` placed in the first of `candidates`, as the run places it.
    fn placed(fill: &mut Fill, value: u32, candidates: &[usize]) -> Frame {
        assert!(fill.place(candidates[0], value));
        frame(value, candidates, 1)
    }

    /// Open `value` with every one of `candidates` tried.
    fn exhausted(value: u32, candidates: &[usize]) -> Frame {
        frame(value, candidates, candidates.len())
    }

    /// The stack after 2 and 3 along the top row, then 80 beside 81 across
    /// the board, in the first of `cells_of_80`.
    fn top_row_then_80(fill: &mut Fill, cells_of_80: &[usize]) -> Vec<Frame> {
        vec![
            placed(fill, 2, &[1, 9]),
            placed(fill, 3, &[2, 10]),
            placed(fill, 80, cells_of_80),
        ]
    }

    #[test]
    fn placements_far_from_the_failed_cells_are_taken_back_down_to_a_near_one() {
        let grid = corners();
        let mut fill = Fill::new(&grid, 9, &[(0, 1), (80, 81)]).unwrap();
        // 80's other cell (71, above 81) untried.
        let mut stack = top_row_then_80(&mut fill, &[79, 71]);
        // 4 then ran out of cells beside 3.
        let skipped = fill.backjump(&mut stack, &exhausted(4, &[3, 11]));
        assert!(skipped, "80 had a cell left to try");
        let values: Vec<u32> = stack.iter().map(|frame| frame.value).collect();
        assert_eq!(values, [2, 3], "3 lies beside 4's cells: kept");
        assert_eq!(fill.position[80], NONE);
        assert_eq!((fill.value[1], fill.value[2]), (2, 3));
    }

    #[test]
    fn a_far_placement_with_no_cell_left_to_try_is_taken_back_without_a_skip() {
        let grid = corners();
        let mut fill = Fill::new(&grid, 9, &[(0, 1), (80, 81)]).unwrap();
        let mut stack = top_row_then_80(&mut fill, &[79]);
        assert!(!fill.backjump(&mut stack, &exhausted(4, &[3, 11])));
        assert_eq!(stack.len(), 2);
    }

    #[test]
    fn the_lowest_frame_stays_however_far() {
        let grid = corners();
        let mut fill = Fill::new(&grid, 9, &[(0, 1), (80, 81)]).unwrap();
        let mut stack = vec![placed(&mut fill, 80, &[79, 71])];
        assert!(!fill.backjump(&mut stack, &exhausted(2, &[1, 9])));
        assert_eq!(stack.len(), 1);
        assert_eq!(fill.value[79], 80);
    }

    #[test]
    fn a_run_that_jumped_over_untried_cells_does_not_claim_the_whole_space() {
        // Every path of a 4x12 board from 1 in one corner to 48 at the
        // other end of the top row, counted by a fill that backjumps: it
        // may miss some, but then it must say it has not been everywhere.
        let board = Board::parse(&b",,,,,,,,,,,\n".repeat(4)).unwrap();
        let board = board.with_clue(board.cell(0), Some(1)).unwrap();
        let board = board.with_clue(board.cell(11), Some(48)).unwrap();
        let every = crate::search::testing::walked(&board);
        let grid = grid_of(&board);
        let mut fill = Fill::new(&grid, 12, &[(0, 1), (11, 48)]).unwrap();
        fill.backjumps = true;
        let mut tally = Tally::default();
        fill.run(&mut tally, &mut |_| true);
        assert!(tally.solutions < every, "{} of {every}", tally.solutions);
        assert!(tally.out_of_nodes && tally.stopped);
        // Without backjumps the same run finds them all, and says so.
        fill.backjumps = false;
        let mut tally = Tally::default();
        fill.run(&mut tally, &mut |_| true);
        assert_eq!(tally.solutions, every);
        assert!(!tally.stopped);
    }
}
