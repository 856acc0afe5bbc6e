//! Two fills side by side, for a first solution on a board with clues.
//!
//! The nodes the fill takes to a first solution on a board with scattered
//! clues vary by orders of magnitude with its tie-break (docs/search-benchmarks.md
//! gives them over seeds). The fill's own restarts do not cure this: its
//! repairs and failure weights carry from run to run, so a fill that went
//! into a bad neighbourhood stays near it. Runs of this kind are
//! heavy-tailed (Gomes, Selman, Crato and Kautz, 2000), and the remedy is
//! to run independent searches side by side.
//!
//! So a fill that has spent [`SECOND_LANE_NODES_PER_CELL`] nodes per cell
//! without a first solution gets a second fill beside it, from the givens,
//! with its own seed, repairs and weights. Every one of its runs backjumps
//! (`fill/backjump.rs`); the first fill's runs from the givens do so in
//! turns, and its runs from repairs (by then nearly all of its runs) every
//! time. From then on they take turns run by run, the second getting two
//! nodes for every one of the first, counting the first's nodes alone: the
//! share was set when the first fill's runs from repairs backjumped only in
//! turns, and the fill that always did was the stronger
//! (docs/record/side-by-side.md, "The second lane's share, measured again",
//! and docs/record/fill-repairs.md, "Every run from a repair backjumps"). So the
//! second runs alone until it has twice the first's nodes, and a board the
//! first fill was about to settle waits that long and then pays about three
//! times its nodes (turns are whole runs, so a little more at times). The
//! turns are counted in nodes, not time, so the same board gives the same
//! answer on every run. The lane that finds the first solution goes on
//! alone, backjumping in every second run: it looks for the second near it,
//! and any whole run (the only kind that proves) is its own.
//!
//! Once the second lane opens, the repairs of both fill their zone anew
//! (`fill/repair.rs`, [`Refill::Anew`]): each value a repair took back
//! tries the cell it held last after its other cells. Until then the
//! first lane's repairs fill it in the fill's own order, which keeps close
//! to what went right: on the boards the first lane settles that soon,
//! repairs anew from the start were slower (docs/record/fill-repairs.md,
//! "A repair's zone filled anew").

use super::fill::{Fill, Refill, Repair};
use super::nearby::{reroute, Reroutes};
use super::path::{Event, Grid, Tally};
use crate::board::Board;

/// Nodes per cell the first fill spends alone.
const SECOND_LANE_NODES_PER_CELL: u64 = 256;

/// Turns go to the lane with the fewest nodes times its weight: the
/// first lane's nodes count twice, so the second gets two thirds of them.
const WEIGHTS: [u64; 2] = [2, 1];

/// Seeds of the second lane's runs start here, far from the first's.
const SECOND_SEED: u64 = 1_000_003;

/// Which runs of a lane backjump (`fill/backjump.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Backjumps {
    /// The second lane's, until it finds a first solution.
    Always,
    /// Every second run from the givens, from the second: the runs in
    /// between go through their whole space, so they can still prove
    /// there is no (other) solution. A run from a repair's start proves
    /// nothing either way, so it always backjumps. The first lane's, and
    /// the lane's that goes on alone.
    EveryOtherRun,
}

impl Backjumps {
    /// Does the lane's run number `run` (from 0) backjump, starting from a
    /// repair's start if `repaired` (else from the givens)?
    fn in_run(self, run: u64, repaired: bool) -> bool {
        match self {
            Backjumps::Always => true,
            Backjumps::EveryOtherRun => repaired || run % 2 == 1,
        }
    }
}

/// One fill with its own repairs, failure weights and run count.
pub(super) struct Lane<'a> {
    pub(super) fill: Box<Fill<'a>>,
    pub(super) repair: Repair,
    /// Runs so far: the index into Luby's sequence for the next budget.
    pub(super) runs: u64,
    /// Nodes its runs took.
    pub(super) nodes: u64,
    seed: u64,
    backjumps: Backjumps,
}

impl<'a> Lane<'a> {
    fn new(fill: Fill<'a>, board: &Board, seed: u64, backjumps: Backjumps) -> Lane<'a> {
        Lane {
            fill: Box::new(fill),
            repair: Repair::new(board),
            runs: 0,
            nodes: 0,
            seed,
            backjumps,
        }
    }

    /// The windows of `known` re-routed (`nearby.rs`, as far as
    /// `reroutes` says), then the fill back at the givens for the next run.
    pub(super) fn look_beside(
        &mut self,
        (known, givens): (&[usize], &[(usize, u32)]),
        reroutes: Reroutes,
        tally: &mut Tally,
        event: &mut dyn FnMut(Event) -> bool,
    ) {
        reroute(&mut self.fill, known, givens, reroutes, tally, event);
        self.repair.start_over(&mut self.fill, givens);
    }

    /// One run of the fill, to the tally's node count `budget`.
    pub(super) fn run(
        &mut self,
        budget: u64,
        tally: &mut Tally,
        event: &mut dyn FnMut(Event) -> bool,
    ) {
        let before = tally.nodes;
        self.fill.seed = self.seed + self.runs;
        self.fill.budget = budget;
        self.fill.backjumps = self.backjumps.in_run(self.runs, self.repair.partial);
        self.fill.run(tally, event);
        self.runs += 1;
        self.nodes += tally.nodes - before;
    }
}

/// The fills of one search, and whose turn it is.
pub(super) struct Lanes<'a> {
    lanes: Vec<Lane<'a>>,
    current: usize,
    second_after: u64,
    /// Where the lanes' seeds start.
    seed: u64,
}

impl<'a> Lanes<'a> {
    /// `seed`: where the lanes' seeds start (0 for a search alone).
    pub(super) fn new(fill: Fill<'a>, board: &Board, seed: u64) -> Lanes<'a> {
        Lanes {
            lanes: vec![Lane::new(fill, board, seed, Backjumps::EveryOtherRun)],
            current: 0,
            second_after: SECOND_LANE_NODES_PER_CELL * board.len() as u64,
            seed,
        }
    }

    /// The lane whose turn it is.
    pub(super) fn current(&mut self) -> &mut Lane<'a> {
        &mut self.lanes[self.current]
    }

    /// Gives the next turn, while there is no first solution: opens the
    /// second lane once the first has had its nodes alone, then picks the
    /// lane with the fewest weighted nodes.
    pub(super) fn take_turns(&mut self, board: &Board, grid: &'a Grid, givens: &[(usize, u32)]) {
        if self.lanes.len() < WEIGHTS.len() && self.lanes[0].nodes >= self.second_after {
            if let Some(fill) = Fill::new(grid, board.cols(), givens) {
                let seed = self.seed + SECOND_SEED;
                self.lanes
                    .push(Lane::new(fill, board, seed, Backjumps::Always));
                for lane in &mut self.lanes {
                    lane.repair.refill = Refill::Anew;
                }
            }
        }
        self.current = (0..self.lanes.len())
            .min_by_key(|&lane| self.lanes[lane].nodes * WEIGHTS[lane])
            .unwrap_or(0);
    }

    /// The current lane found the first solution: it goes on alone.
    pub(super) fn keep_current(&mut self) -> &mut Lane<'a> {
        self.lanes.swap(0, self.current);
        self.lanes.truncate(1);
        self.current = 0;
        let lane = &mut self.lanes[0];
        // It may have to prove there is no other solution: whole runs too.
        lane.backjumps = Backjumps::EveryOtherRun;
        lane
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::Domains;

    /// A 3x3 board with 1 and 9 in opposite corners, and its fill's parts.
    fn corners() -> (Board, Grid, Vec<(usize, u32)>) {
        let board = Board::parse(b"1,,\n,,\n,,9\n").unwrap();
        let domains = Domains::reduce_with(&board, false, None).unwrap();
        let grid = crate::search::grid(&board, &domains);
        (board, grid, vec![(0, 1), (8, 9)])
    }

    #[test]
    fn a_second_fill_joins_once_the_first_has_had_its_nodes_alone() {
        let (board, grid, givens) = corners();
        let mut lanes = Lanes::new(Fill::new(&grid, 3, &givens).unwrap(), &board, 0);
        lanes.current().nodes = SECOND_LANE_NODES_PER_CELL * 9 - 1;
        lanes.take_turns(&board, &grid, &givens);
        assert_eq!((lanes.lanes.len(), lanes.current), (1, 0));
        lanes.current().nodes += 1;
        lanes.take_turns(&board, &grid, &givens);
        assert_eq!(
            (lanes.lanes.len(), lanes.current),
            (2, 1),
            "the newcomer goes next"
        );
    }

    #[test]
    fn the_second_fill_gets_two_nodes_for_every_one_of_the_first() {
        let (board, grid, givens) = corners();
        let mut lanes = Lanes::new(Fill::new(&grid, 3, &givens).unwrap(), &board, 0);
        let alone = SECOND_LANE_NODES_PER_CELL * 9;
        lanes.current().nodes = alone;
        for _ in 0..1000 {
            lanes.take_turns(&board, &grid, &givens);
            lanes.current().nodes += 10;
        }
        // Counting the first's nodes alone too: 1 part to 2.
        let (first, second) = (lanes.lanes[0].nodes, lanes.lanes[1].nodes);
        assert_eq!(first + second, alone + 10_000);
        assert!(second.abs_diff(first * 2) <= 20, "{first} and {second}");
    }

    #[test]
    fn the_lane_that_finds_the_first_solution_goes_on_alone() {
        let (board, grid, givens) = corners();
        let mut lanes = Lanes::new(Fill::new(&grid, 3, &givens).unwrap(), &board, 0);
        lanes.current().nodes = SECOND_LANE_NODES_PER_CELL * 9;
        lanes.take_turns(&board, &grid, &givens);
        lanes.current().nodes = 7;
        let kept = lanes.keep_current();
        assert_eq!((kept.nodes, kept.seed), (7, SECOND_SEED));
        assert_eq!(lanes.lanes.len(), 1);
    }

    #[test]
    fn the_second_fill_backjumps_in_every_run_only_until_it_finds_a_solution() {
        let (board, grid, givens) = corners();
        let mut lanes = Lanes::new(Fill::new(&grid, 3, &givens).unwrap(), &board, 0);
        assert_eq!(lanes.current().backjumps, Backjumps::EveryOtherRun);
        lanes.current().nodes = SECOND_LANE_NODES_PER_CELL * 9;
        lanes.take_turns(&board, &grid, &givens);
        assert_eq!(lanes.current().backjumps, Backjumps::Always);
        let kept = lanes.keep_current();
        assert_eq!(kept.backjumps, Backjumps::EveryOtherRun);
    }

    #[test]
    fn the_repairs_of_both_lanes_fill_their_zone_anew_once_the_second_opens() {
        let (board, grid, givens) = corners();
        let mut lanes = Lanes::new(Fill::new(&grid, 3, &givens).unwrap(), &board, 0);
        assert_eq!(lanes.current().repair.refill, Refill::AsBefore);
        lanes.current().nodes = SECOND_LANE_NODES_PER_CELL * 9;
        lanes.take_turns(&board, &grid, &givens);
        let refills: Vec<Refill> = lanes.lanes.iter().map(|lane| lane.repair.refill).collect();
        assert_eq!(refills, [Refill::Anew, Refill::Anew]);
    }

    #[test]
    fn every_other_run_leaves_the_first_and_every_second_run_from_the_givens_whole() {
        let runs: Vec<bool> = (0..4)
            .map(|run| Backjumps::EveryOtherRun.in_run(run, false))
            .collect();
        assert_eq!(runs, [false, true, false, true]);
        assert!((0..4).all(|run| Backjumps::Always.in_run(run, false)));
    }

    #[test]
    fn every_run_from_a_repair_backjumps() {
        assert!((0..4).all(|run| Backjumps::EveryOtherRun.in_run(run, true)));
        assert!((0..4).all(|run| Backjumps::Always.in_run(run, true)));
    }
}
