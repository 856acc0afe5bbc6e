//! Where a run of the fill got to, and a new start near it: the deepest
//! partial path of the run with the placements around its failure taken
//! back.
//!
//! On a large board with scattered clues the fill thrashes. A gap that a
//! placement made impossible is met deep down, and going back one decision
//! at a time undoes, over and over, decisions far away that had nothing to
//! do with it; the nodes to a first solution grow with the number of
//! clues as if each part of the board multiplied the others' work. A
//! restart from the clues loses what went right everywhere else. A repair
//! keeps it: the next run starts from the deepest state the last one
//! reached, less the placements near the failing gap's ends and along the
//! way between them. When a value that failed first in one of the last few
//! repairs fails again, the zone taken back doubles; when it would take
//! back the whole board, the fill starts over from the givens.
//!
//! This is large neighbourhood search (Shaw, 1998) with the fill as the
//! repair: it finds solutions sooner, and proves nothing. A run from a
//! repair's start that goes through its whole space says only that this
//! start has no completion; the search's verdicts come from whole runs.
//!
//! The run from a repair's start fills the zone again by the fill's own
//! order, which has hardly changed since the last run: it puts much of
//! what it took back where it was, which keeps what went right there, and
//! can meet the same failure again. Repairs that fill their zone
//! [`Refill::Anew`] (both lanes', once the second has opened: `lanes.rs`)
//! have each value taken back try the cell it held last after its other
//! cells (a tabu, as in Glover's tabu search), so that the run looks for
//! another way through the zone first. The cells tried are the same, only
//! their order changes; a run from the givens (`Fill::reset`, the search
//! for a second solution near the first too) has no such cells.

use std::collections::VecDeque;

use super::{Fill, NONE};

/// Where a run got to: the placements of its deepest state, and the value
/// that failed there first. The placements are copied at that failure, not
/// each time the run goes deeper: the first failure at the deepest depth
/// comes in the state that reached it (from there the run either fails or
/// goes deeper still).
#[derive(Default)]
pub(super) struct Deepest {
    placed: Vec<(usize, u32)>,
    /// Values placed when the run started: a failure there is not one the
    /// run got to.
    start: usize,
    depth: usize,
    failed: Option<u32>,
}

/// The zone around the failing gap that the first repair takes back: the
/// cells within 2 + MARGIN of its ends, and within MARGIN extra steps of the
/// shortest way between them.
const MARGIN: u32 = 2;

/// How a lane's repairs fill their zone again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::search) enum Refill {
    /// In the fill's own order.
    AsBefore,
    /// Each value taken back tries the cell it held last.
    Anew,
}

/// Where the fill's next run starts: at the givens, or at a repair.
pub(in crate::search) struct Repair {
    /// The current run started from a repair, not from the givens.
    pub(in crate::search) partial: bool,
    margin: u32,
    /// A margin this wide takes back every placement.
    widest: u32,
    /// The values that failed first at the deepest states of the last
    /// [`RECENT`] repairs.
    recent: VecDeque<u32>,
    /// How the zone is filled again (`lanes.rs` switches it).
    pub(in crate::search) refill: Refill,
}

/// Repairs remembered: a value failing again within them widens the zone,
/// so that repairs cannot go round in a short cycle (two values of one gap
/// failing in turn) at the same width for ever.
const RECENT: usize = 8;

impl Repair {
    /// Repairs that fill their zone [`Refill::AsBefore`].
    pub(in crate::search) fn new(board: &crate::board::Board) -> Repair {
        Repair {
            partial: false,
            margin: MARGIN,
            widest: 2 * (board.rows() + board.cols()) as u32,
            recent: VecDeque::with_capacity(RECENT),
            refill: Refill::AsBefore,
        }
    }

    /// The next run starts from the givens.
    pub(in crate::search) fn start_over(&mut self, fill: &mut Fill, givens: &[(usize, u32)]) {
        fill.reset(givens);
        self.partial = false;
        self.margin = MARGIN;
        self.recent.clear();
    }

    /// The next run starts from the last run's deepest state, less the
    /// zone around the value that failed there: twice as wide as the last
    /// repair's if the same value failed in one of the last few.
    pub(in crate::search) fn next_start(&mut self, fill: &mut Fill, givens: &[(usize, u32)]) {
        let failed = fill.deepest.failed;
        let again = failed.is_some_and(|value| self.recent.contains(&value));
        self.margin = match again {
            true => self.margin.saturating_mul(2),
            false => MARGIN,
        };
        if let Some(value) = failed {
            if self.recent.len() == RECENT {
                self.recent.pop_front();
            }
            self.recent.push_back(value);
        }
        let kept = match self.margin < self.widest {
            true => fill.kept_around_failure(self.margin),
            false => None,
        };
        let Some(kept) = kept else {
            return self.start_over(fill, givens);
        };
        let mut given = vec![false; fill.total as usize + 1];
        for &(_, value) in givens {
            given[value as usize] = true;
        }
        let mut start = givens.to_vec();
        start.extend(
            kept.into_iter()
                .filter(|&(_, value)| !given[value as usize]),
        );
        if self.refill == Refill::Anew {
            fill.note_taken_back(&start);
        }
        self.partial = fill.reset_to_part_of_a_state(&start);
        if !self.partial {
            self.start_over(fill, givens);
        }
    }
}

impl Fill<'_> {
    /// Forgets the last run's deepest state: a new run starts.
    pub(super) fn start_record(&mut self) {
        self.deepest.placed.clear();
        self.deepest.start = self.trail.len();
        self.deepest.depth = self.trail.len();
        self.deepest.failed = None;
    }

    /// Notes the depth after a placement that passed every test, if it is
    /// the deepest of the run.
    pub(super) fn record_depth(&mut self) {
        if self.trail.len() > self.deepest.depth {
            self.deepest.depth = self.trail.len();
            self.deepest.failed = None;
        }
    }

    /// Notes that `value` failed with `depth` values placed: the first
    /// failure at the deepest state is the one a repair works around, and
    /// the state (the first `depth` placed values) is kept with it.
    pub(super) fn record_failure(&mut self, value: u32, depth: usize) {
        let deepest = &self.deepest;
        if depth == deepest.depth && depth > deepest.start && deepest.failed.is_none() {
            self.deepest.failed = Some(value);
            self.deepest.placed.clear();
            let placed = self.trail[..depth]
                .iter()
                .map(|&value| (self.position[value as usize], value));
            self.deepest.placed.extend(placed);
        }
    }

    /// Notes where each placement of the deepest state that `start` leaves
    /// out was: the value tries that cell last.
    fn note_taken_back(&mut self, start: &[(usize, u32)]) {
        self.taken_back_from.fill(NONE);
        for &(cell, value) in &self.deepest.placed {
            self.taken_back_from[value as usize] = cell;
        }
        for &(_, value) in start {
            self.taken_back_from[value as usize] = NONE;
        }
    }

    /// The placements of the deepest state outside the zone around its
    /// failure: the cells placed next below and above the failed value are
    /// its gap's ends low and high, and x is in the zone when
    /// min(d(low, x), d(x, high)) <= 2 + margin or
    /// d(low, x) + d(x, high) <= d(low, high) + margin.
    /// None if the run recorded no failure.
    fn kept_around_failure(&self, margin: u32) -> Option<Vec<(usize, u32)>> {
        let failed = self.deepest.failed?;
        let mut position = vec![NONE; self.total as usize + 1];
        for &(cell, value) in &self.deepest.placed {
            position[value as usize] = cell;
        }
        let placed = |value: &u32| position[*value as usize] != NONE;
        let below = (1..failed).rev().find(placed);
        let above = (failed + 1..=self.total).find(placed);
        // A stretch before the lowest placed value or after the highest has
        // one end.
        let ends = match (below, above) {
            (Some(low), Some(high)) => [position[low as usize], position[high as usize]],
            (Some(end), None) | (None, Some(end)) => [position[end as usize]; 2],
            (None, None) => return None,
        };
        let near = 2 + margin;
        let along = self.distance(ends[0], ends[1]) + margin;
        let kept = self
            .deepest
            .placed
            .iter()
            .copied()
            .filter(|&(cell, _)| {
                let (low, high) = (self.distance(ends[0], cell), self.distance(cell, ends[1]));
                low.min(high) > near && low + high > along
            })
            .collect();
        Some(kept)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::scramble::scramble;
    use crate::search::fill::testing::{corner_board, corner_grid, empty_grid, grid_of, wander};
    use crate::search::path::Grid;

    /// A 9x9 board with 1 in the top left corner, and a fill whose deepest
    /// state is 1..=9 along the top row and 73..=81 along the bottom row
    /// (right to left), where 10 failed beside 9 at the top right corner.
    /// 10's gap runs from 9 to 73, at the bottom right: 8 rows apart.
    fn failed_beside_the_top_right_corner(grid: &Grid) -> Fill<'_> {
        let mut fill = Fill::new(grid, 9, &[(0, 1)]).unwrap();
        let top = (0..9).map(|column| (column, column as u32 + 1));
        let bottom = (0..9).map(|column| (80 - column, 73 + column as u32));
        fill.deepest.placed = top.chain(bottom).collect();
        fill.deepest.failed = Some(10);
        fill
    }

    #[test]
    fn a_repair_keeps_the_placements_away_from_the_failing_gap() {
        let grid = corner_grid(9, 9);
        let fill = failed_beside_the_top_right_corner(&grid);
        let kept = fill.kept_around_failure(MARGIN).unwrap();
        let near_an_end = |cell: usize| {
            let distance = |end: usize| fill.distance(end, cell);
            distance(8).min(distance(80)) <= 2 + MARGIN
        };
        assert!(!kept.is_empty());
        assert!(kept.iter().all(|&(cell, _)| !near_an_end(cell)));
        assert!(kept.contains(&(0, 1)), "the far corner stays");
        assert!(!kept.contains(&(7, 8)), "beside 9, it goes");
    }

    /// The fill of [`failed_beside_the_top_right_corner`] started again
    /// from a repair that fills its zone as `refill` says.
    fn repaired<'a>(board: &Board, grid: &'a Grid, refill: Refill) -> (Fill<'a>, Repair) {
        let mut fill = failed_beside_the_top_right_corner(grid);
        let mut repair = Repair::new(board);
        repair.refill = refill;
        repair.next_start(&mut fill, &[(0, 1)]);
        assert!(repair.partial, "a repair's start");
        (fill, repair)
    }

    #[test]
    fn a_repair_that_fills_anew_notes_where_each_value_was_taken_back_from() {
        let board = corner_board(9, 9);
        let grid = grid_of(&board);
        let (mut fill, mut repair) = repaired(&board, &grid, Refill::Anew);
        // 5..=9 (cells 4..=8) lie within 4 steps of 9's cell, 73..=77
        // (cells 80..=76) of 73's; 2..=4 and 78..=81 stay, 1 is given.
        let taken_back: Vec<(u32, usize)> = (1..=81)
            .filter(|&value| fill.taken_back_from[value as usize] != NONE)
            .map(|value| (value, fill.taken_back_from[value as usize]))
            .collect();
        let top = (5..=9).map(|value| (value, value as usize - 1));
        let bottom = (73..=77).map(|value| (value, 153 - value as usize));
        assert_eq!(taken_back, top.chain(bottom).collect::<Vec<_>>());
        repair.start_over(&mut fill, &[(0, 1)]);
        assert!(fill.taken_back_from.iter().all(|&cell| cell == NONE));
    }

    #[test]
    fn a_repair_that_fills_as_before_notes_nothing() {
        let board = corner_board(9, 9);
        let grid = grid_of(&board);
        let (fill, _) = repaired(&board, &grid, Refill::AsBefore);
        assert!(fill.taken_back_from.iter().all(|&cell| cell == NONE));
    }

    #[test]
    fn a_value_taken_back_tries_its_old_cell_last() {
        // An empty 5x5 board, 1 in the top left corner and 3 on the
        // diagonal beside it: 2 may go right of 1 or below it, each cell
        // with one free neighbour, so the seed orders them.
        let grid = empty_grid(5, 5);
        let mut fill = Fill::new(&grid, 5, &[(0, 1), (6, 3)]).unwrap();
        let cells = |fill: &mut Fill| {
            let frame = fill.frame().unwrap();
            assert_eq!((frame.value, frame.count), (2, 2));
            [frame.candidates[0], frame.candidates[1]]
        };
        let [first, second] = cells(&mut fill);
        fill.taken_back_from[2] = first;
        assert_eq!(cells(&mut fill), [second, first]);
        fill.taken_back_from[2] = second;
        assert_eq!(cells(&mut fill), [first, second]);
    }

    /// What a fill's state is: its placements, each cell's counts, the
    /// gaps, and what the region check and the choice of value say of it.
    fn state(fill: &mut Fill) -> String {
        let gaps: Vec<_> = fill
            .gaps
            .iter()
            .map(|gap| (gap.low, gap.high, gap.length))
            .collect();
        let fits = fill.regions_fit();
        let choice = fill.frame().map(|frame| {
            let cells = frame.candidates[..frame.count as usize].to_vec();
            (frame.value, cells)
        });
        format!(
            "{:?} {:?} {:?} {:?} {:?} {} {gaps:?} {fits} {choice:?}",
            fill.trail, fill.position, fill.options, fill.free_degree, fill.value, fill.free_count
        )
    }

    /// The grid of a 6x6 board with 1 and 36 given in two corners, and
    /// those givens.
    fn corners_of_6x6() -> (Grid, [(usize, u32); 2]) {
        let board = Board::parse(&b",,,,,\n".repeat(6)).unwrap();
        let board = board.with_clue(board.cell(0), Some(1)).unwrap();
        let board = board.with_clue(board.cell(30), Some(36)).unwrap();
        (grid_of(&board), [(0, 1), (30, 36)])
    }

    #[test]
    fn part_of_a_state_that_passed_the_placement_tests_passes_them_again() {
        // A 6x6 board with 1 and 36 given in two corners; placements drawn
        // at random, each kept only if it passes the tests, and at every
        // 10th step a part of the state (the givens and about half of the
        // rest): placed with the tests, it passes them, and placed without
        // them, it is the same state.
        let (grid, givens) = corners_of_6x6();
        let mut fill = Fill::new(&grid, 6, &givens).unwrap();
        let mut tested = Fill::new(&grid, 6, &givens).unwrap();
        let mut untested = Fill::new(&grid, 6, &givens).unwrap();
        let mut parts = 0;
        for step in 0..3000 {
            let draw = scramble(step, 59) as usize;
            if fill.trail.len() > 24 || (draw.is_multiple_of(7) && fill.trail.len() > fill.given) {
                fill.undo();
            } else {
                let cell = draw / 7 % 36;
                let value = (draw / 251 % 36) as u32 + 1;
                let free = fill.value[cell] == 0 && !fill.placed(value);
                if free && grid.allows(cell, value) && !fill.place(cell, value) {
                    fill.undo();
                }
            }
            if step % 10 != 9 || fill.trail.len() < fill.given + 4 {
                continue;
            }
            let part: Vec<(usize, u32)> = (fill.trail.iter().enumerate())
                .filter(|&(at, _)| at < fill.given || scramble(step, at as u64).is_multiple_of(2))
                .map(|(_, &value)| (fill.position[value as usize], value))
                .collect();
            assert!(tested.reset(&part), "step {step}: {part:?}");
            assert!(untested.reset_to_part_of_a_state(&part), "step {step}");
            assert_eq!(state(&mut tested), state(&mut untested), "step {step}");
            parts += 1;
        }
        assert!(parts > 100, "{parts} parts");
    }

    #[test]
    fn a_fill_started_again_is_the_fill_made_anew_from_the_same_placements() {
        // A 6x6 board with 1 and 36 given in two corners; the fill wanders
        // through placements and undos, and starts again from other
        // placements at every 50th step.
        let (grid, givens) = corners_of_6x6();
        let mut fill = Fill::new(&grid, 6, &givens).unwrap();
        let mut starts = 0;
        wander(&mut fill, 2000, 20, |fill, step| {
            if step % 50 != 49 {
                return;
            }
            let start: Vec<(usize, u32)> = fill.trail[..fill.trail.len().min(8)]
                .iter()
                .map(|&value| (fill.position[value as usize], value))
                .collect();
            let Some(mut anew) = Fill::new(&grid, 6, &start) else {
                return;
            };
            assert!(fill.reset(&start), "step {step}");
            assert_eq!(state(fill), state(&mut anew), "step {step}");
            starts += 1;
        });
        assert!(starts > 20, "{starts} starts");
    }
}
