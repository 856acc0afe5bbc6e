//! The engine for boards with clues: the clues split the path into gaps,
//! and the gaps fill from both of their ends, most constrained value first.
//!
//! A value k is open when k - 1 or k + 1 is placed and k is not: it must go
//! in a free cell beside them (beside both, when both are placed) that the
//! domains let hold it. Each step places the open value with the fewest such
//! cells (`next_value.rs`), so that a value with one cell left is placed at
//! once and one with none fails at once (the rule constraint solvers call
//! fail-first). Growing one path from the lowest clue instead fixes the
//! long, loose gaps first, and learns only deep down that they took what a
//! tight gap needed.
//!
//! Among values with as many cells, the one where the search has failed
//! most often goes first (the failure counts outlive restarts: the
//! weighted-degree rule of Boussemart et al., 2004; `weights.rs` says how
//! long they are remembered). And once every cell of a value has failed,
//! that value goes first, before any value with two cells or more, until
//! it is placed (the last conflict of Lecoutre et al., 2009:
//! `last_conflict.rs`).
//!
//! After each placement:
//! - *windows*: every free cell keeps a count of the values it may hold
//!   that are not placed yet; none left, and it can never be filled;
//! - *gaps*: the placed values u < w around a run of open ones are at most
//!   w - u steps apart (Manhattan distance);
//! - *ways in* (in `ways_in.rs`): a free cell needs two path neighbours (a
//!   free cell, or a placed one whose value still lacks a neighbour value),
//!   one if it may still be 1 or T;
//! - *regions* (in `regions.rs`): every gap fits in a region of free cells
//!   beside both its ends, the regions can be filled exactly, colour by
//!   colour and (where few gaps share them) by the lengths of some of their
//!   gaps, and every free cell is within reach of a gap that may fill it
//!   (`reach.rs`); after a placement that cut no region apart, only what
//!   it changed is asked (`one_placement.rs`);
//! - *short gaps* (in `short_gaps.rs`): a gap of a few values still has a
//!   walk through the free cells, when the placement lies where it might
//!   pass.
//!
//! And before each choice, *needy cells* (in `needy.rs`): a free cell with
//! two ways in, one of them a placed value, narrows the cells of the open
//! value beside it. Each open value's cells, so narrowed, are kept from
//! node to node and worked out again only where a placement or an undo
//! came near (`choices.rs`). When an open value has tried all its cells, a run goes
//! back one placement, or, in the runs that backjump (`backjump.rs`), past
//! every placement since that lies far from those cells.

mod backjump;
mod choices;
mod gaps;
mod labels;
mod last_conflict;
mod needy;
mod next_value;
mod obstacles;
mod one_placement;
mod options;
mod placed;
mod reach;
mod regions;
mod repair;
mod short_gaps;
#[cfg(test)]
mod testing;
mod ways_in;
mod weights;

use super::path::{Event, Grid, Tally};
use crate::domains::BitIter;
use choices::Choices;
use labels::Labels;
use obstacles::Obstacles;
use one_placement::Pass;
use placed::Placed;
use reach::Reach;
use regions::{Gap, Region};
use repair::Deepest;
pub(super) use repair::{Refill, Repair};
use short_gaps::Walks;
use weights::Weights;

const NONE: usize = usize::MAX;

pub(super) struct Fill<'a> {
    grid: &'a Grid,
    total: u32,
    /// `(row, column)` of each cell: distances are taken at every node, and
    /// a division per cell would cost more than the sum.
    coordinates: Vec<(u16, u16)>,
    rows: usize,
    columns: usize,
    /// `position[v]`: the cell of value v, or NONE (index 0 unused).
    position: Vec<usize>,
    /// The values placed, as bits.
    placed_values: Placed,
    /// `value[cell]`: 0 while the cell is free; one slot past the cells
    /// that never is, for [`Grid::neighbours_or_past`].
    value: Vec<u32>,
    free_degree: Vec<u8>,
    free_count: usize,
    /// Values not placed yet that each cell may hold.
    options: Vec<u32>,
    /// `holders[v]`: the cells that may hold v.
    holders: Vec<Vec<usize>>,
    /// Placed values, in order, for undoing.
    trail: Vec<u32>,
    /// The values placed before the search (clues, decided cells).
    given: usize,
    seen: Vec<u32>,
    stamp: u32,
    queue: Vec<usize>,
    /// The free regions of the last [`Fill::regions_fit`], and each free
    /// cell's region.
    regions: Vec<Region>,
    region_of: Vec<u32>,
    /// The trail state `regions` and `region_of` describe.
    labels: Labels,
    /// The placed cells joined into obstacles, which tell a placement
    /// that splits its region (`obstacles.rs`).
    obstacles: Obstacles,
    /// The gaps each region may take, grouped by region from `first_reach`.
    reaches: Vec<Reach>,
    /// The runs of open values, in order, kept in step with the trail
    /// (`gaps.rs`): their ends are the open values.
    gaps: Vec<Gap>,
    first_reach: Vec<u32>,
    /// The states on the trail that passed the region check
    /// (`one_placement.rs`).
    passes: Vec<Pass>,
    /// In the unit tests: each answer of `one_placement.rs` is checked
    /// against the whole check, and counted (with one region failed and
    /// passed, with several failed and passed).
    #[cfg(test)]
    compared: Option<[usize; 4]>,
    /// The last ways found through short gaps (`short_gaps.rs`).
    walks: Walks,
    /// The open values' cells, kept between nodes (`choices.rs`).
    choices: Choices,
    pub(super) seed: u64,
    pub(super) budget: u64,
    /// The failures met at each open value, kept across restarts (faded
    /// until the repairs: `weights.rs`).
    pub(super) weights: Weights,
    /// The deepest state of the current run, for a repair to start near.
    deepest: Deepest,
    /// For each value the last repair took back, the cell it held in the
    /// state the repair cut from, tried last (`repair.rs`); NONE for the
    /// rest.
    taken_back_from: Vec<usize>,
    /// This run takes back far placements at once when a value runs out
    /// of cells (`backjump.rs`); the lanes say which runs do.
    pub(super) backjumps: bool,
    /// The open value whose cells last all failed, chosen first until it
    /// is placed (`last_conflict.rs`); 0 for none.
    conflict: u32,
}

/// Every cell's value, 0 while free, and a slot past the cells holding a
/// value no cell has, so that it is never free.
fn past_the_cells(cells: usize) -> Vec<u32> {
    let mut value = vec![0; cells + 1];
    value[cells] = u32::MAX;
    value
}

/// One level of the search: an open value and the cells left to try.
struct Frame {
    value: u32,
    candidates: [usize; 4],
    count: u8,
    next: u8,
}

impl<'a> Fill<'a> {
    /// `givens`: (cell, value) pairs every solution has (the clues, and the
    /// cells the reduction decided). None if they already clash.
    pub(super) fn new(grid: &'a Grid, columns: usize, givens: &[(usize, u32)]) -> Option<Fill<'a>> {
        let total = grid.total;
        // Read off each cell's bits: asked value by value, the largest
        // boards spent most of the search's start here.
        let mut holders = vec![Vec::new(); total as usize + 1];
        for cell in 0..grid.cells {
            for (word_index, &word) in grid.allowed_words(cell).iter().enumerate() {
                for bit in BitIter(word) {
                    let value = word_index * 64 + bit;
                    if (1..=total as usize).contains(&value) {
                        holders[value].push(cell);
                    }
                }
            }
        }
        let coordinates: Vec<(u16, u16)> = (0..grid.cells)
            .map(|cell| ((cell / columns) as u16, (cell % columns) as u16))
            .collect();
        let mut fill = Fill {
            grid,
            total,
            choices: Choices::new(total, &coordinates, columns),
            coordinates,
            rows: grid.cells / columns,
            columns,
            position: vec![NONE; total as usize + 1],
            placed_values: Placed::new(total),
            value: past_the_cells(grid.cells),
            free_degree: grid.degrees().to_vec(),
            free_count: grid.cells,
            options: vec![0; grid.cells],
            holders,
            trail: Vec::with_capacity(grid.cells),
            given: 0,
            seen: vec![0; grid.cells],
            stamp: 0,
            queue: Vec::with_capacity(grid.cells),
            regions: Vec::new(),
            region_of: vec![0; grid.cells],
            labels: Labels::default(),
            obstacles: Obstacles::new(grid.cells),
            reaches: Vec::new(),
            // Read by `reset` from the givens.
            gaps: Vec::new(),
            first_reach: Vec::new(),
            passes: Vec::new(),
            #[cfg(test)]
            compared: None,
            walks: Walks::new(total),
            seed: 0,
            budget: u64::MAX,
            weights: Weights::new(total),
            deepest: Deepest::default(),
            taken_back_from: vec![NONE; total as usize + 1],
            backjumps: false,
            conflict: 0,
        };
        fill.reset(givens).then_some(fill)
    }

    /// Starts again from other givens: false (and the fill not to be run)
    /// if they clash. Nothing was taken back from such a start.
    pub(super) fn reset(&mut self, givens: &[(usize, u32)]) -> bool {
        self.taken_back_from.fill(NONE);
        self.start_from(givens, true)
    }

    /// Starts again from part of a state a run reached (a repair's start,
    /// `repair.rs`), without the placement tests: each placement passed
    /// them when the run made it, and taking placements away only loosens
    /// them. A free cell gains ways in, a placed value can only lack more
    /// neighbour values, and two placed values that are now next to each
    /// other in value are no farther apart than the chain of placed values
    /// that lay between them allowed (each link within its difference in
    /// values, so the whole within theirs).
    pub(super) fn reset_to_part_of_a_state(&mut self, start: &[(usize, u32)]) -> bool {
        self.start_from(start, false)
    }

    /// Takes every placement back and places `givens`, testing each if
    /// `tested`: false (and the fill not to be run) if they clash.
    fn start_from(&mut self, givens: &[(usize, u32)], tested: bool) -> bool {
        self.take_back_all();
        self.given = 0;
        for &(cell, value) in givens {
            if self.value[cell] != 0 || self.position[value as usize] != NONE {
                return false;
            }
            // Every open value's kept cells are forgotten already, and the
            // gaps and the cells' options are read once all are placed.
            self.occupy(cell, value);
            if tested && !self.placement_fits(cell, value) {
                return false;
            }
        }
        self.read_gaps();
        self.given = self.trail.len();
        self.count_options()
    }

    /// Takes back every placed value at once, to the state [`Fill::new`]
    /// starts from but for the cells' options and the gaps, which
    /// [`Fill::start_from`] reads once its placements are in: a repair starts
    /// again from hundreds of placements, and taking them back one by one
    /// cost about as much as placing them.
    fn take_back_all(&mut self) {
        for &value in &self.trail {
            let cell = self.position[value as usize];
            self.value[cell] = 0;
            self.position[value as usize] = NONE;
            self.placed_values.clear(value);
        }
        self.trail.clear();
        self.free_degree.copy_from_slice(self.grid.degrees());
        self.free_count = self.grid.cells;
        self.choices.forget_all();
        self.labels.forget();
        self.obstacles.clear();
        self.passes.clear();
    }

    fn placed(&self, value: u32) -> bool {
        (1..=self.total).contains(&value) && self.position[value as usize] != NONE
    }

    /// Does the placed cell `cell` still lack a neighbour value?
    fn loose(&self, cell: usize) -> bool {
        self.lacks_a_neighbour_value(self.value[cell])
    }

    /// Does placed value `value` still lack a neighbour value? Read from
    /// the placed values' bits, where 0 and T + 1 read as placed, without a
    /// branch.
    fn lacks_a_neighbour_value(&self, value: u32) -> bool {
        !self.placed_values.contains(value - 1) | !self.placed_values.contains(value + 1)
    }

    /// The cells that may take open value `value` now.
    fn candidates(&self, value: u32) -> ([usize; 4], u8) {
        let below = if value > 1 {
            self.position[value as usize - 1]
        } else {
            NONE
        };
        let above = if value < self.total {
            self.position[value as usize + 1]
        } else {
            NONE
        };
        let beside = if below != NONE { below } else { above };
        let mut cells = [NONE; 4];
        let mut count = 0;
        for cell in self.grid.neighbours_or_past(beside) {
            if self.value[cell] == 0
                && self.grid.allows(cell, value)
                && (above == NONE || below == NONE || self.grid.neighbours(cell).contains(&above))
            {
                cells[count] = cell;
                count += 1;
            }
        }
        (cells, count as u8)
    }

    /// Places `value` in `cell` and runs the tests that are cheap enough to
    /// run on every placement; false (placed all the same) if one fails.
    fn place(&mut self, cell: usize, value: u32) -> bool {
        self.occupy(cell, value);
        let fits = self.take_options(value);
        self.split_gap(cell, value);
        self.forget_choices_around(cell, value);
        fits && self.placement_fits(cell, value)
    }

    /// Puts `value` in `cell`, with all a placement changes but the
    /// options, the gaps and the kept choices.
    fn occupy(&mut self, cell: usize, value: u32) {
        self.position[value as usize] = cell;
        self.placed_values.set(value);
        self.value[cell] = value;
        self.trail.push(value);
        self.free_count -= 1;
        for &neighbour in self.grid.neighbours(cell) {
            self.free_degree[neighbour] -= 1;
        }
        self.join_obstacles(cell);
    }

    /// The tests of a placement that read only its neighbourhood.
    fn placement_fits(&self, cell: usize, value: u32) -> bool {
        self.gaps_fit(cell, value) && self.ways_in_around(cell, value)
    }

    /// Takes the last placed value back.
    fn undo(&mut self) {
        let value = self.trail.pop().expect("a value to take back");
        let cell = self.position[value as usize];
        self.join_gaps(cell, value);
        self.forget_choices_around(cell, value);
        self.unlabel_to(self.trail.len(), cell);
        self.obstacles.undo();
        self.give_options_back(value);
        for &neighbour in self.grid.neighbours(cell) {
            self.free_degree[neighbour] += 1;
        }
        self.free_count += 1;
        self.value[cell] = 0;
        self.position[value as usize] = NONE;
        self.placed_values.clear(value);
        self.forget_passes_beyond_trail();
    }

    pub(super) fn distance(&self, from: usize, to: usize) -> u32 {
        let (a, b) = self.coordinates[from];
        let (c, d) = self.coordinates[to];
        u32::from(a.abs_diff(c) + b.abs_diff(d))
    }

    /// The nearest placed values below and above `value` are close enough.
    fn gaps_fit(&self, cell: usize, value: u32) -> bool {
        let below = Some(self.placed_values.last_placed(value - 1)).filter(|&v| v > 0);
        let above = Some(self.placed_values.next_placed(value + 1)).filter(|&v| v <= self.total);
        let fits = |other: Option<u32>| {
            other.is_none_or(|other| {
                self.distance(cell, self.position[other as usize]) <= other.abs_diff(value)
            })
        };
        fits(below) && fits(above)
    }

    /// The whole path, by value: `cells[v - 1]` holds v.
    fn report(&self, tally: &mut Tally, event: &mut dyn FnMut(Event) -> bool) {
        tally.solutions += 1;
        let cells: Vec<usize> = self.position[1..].to_vec();
        if !event(Event::Solution(&cells)) {
            tally.stopped = true;
        }
    }

    /// Every completion of the givens; `event` gets each solution and the
    /// ticks, and stops the search by returning false.
    pub(super) fn run(&mut self, tally: &mut Tally, event: &mut dyn FnMut(Event) -> bool) {
        self.start_record();
        self.conflict = 0;
        if self.trail.len() == self.total as usize {
            self.report(tally, event);
            return;
        }
        if !self.regions_fit() {
            return;
        }
        let mut stack: Vec<Frame> = Vec::new();
        match self.frame() {
            Some(frame) => stack.push(frame),
            None => return,
        }
        // A jump over cells left untried: the run has not been everywhere.
        let mut skipped = false;
        while let Some(frame) = stack.last_mut() {
            if frame.next == frame.count {
                let exhausted = stack.pop().expect("the frame just looked at");
                self.note_conflict(exhausted.value);
                if self.backjumps {
                    skipped |= self.backjump(&mut stack, &exhausted);
                }
                if self.trail.len() > self.given {
                    self.undo();
                }
                continue;
            }
            let (cell, value) = (frame.candidates[frame.next as usize], frame.value);
            frame.next += 1;
            tally.step(self.budget, event);
            let fits = self.place(cell, value) && self.regions_fit();
            if fits && self.trail.len() == self.total as usize {
                self.report(tally, event);
                self.undo();
            } else if fits {
                self.settle_conflict(value);
                self.record_depth();
                match self.frame() {
                    Some(frame) if frame.count > 0 => stack.push(frame),
                    frame => {
                        if let Some(frame) = frame {
                            self.note_conflict(frame.value);
                            self.weights.blame(frame.value);
                            self.record_failure(frame.value, self.trail.len());
                        }
                        tally.failures += 1;
                        self.undo();
                    }
                }
            } else {
                self.weights.blame(value);
                self.record_failure(value, self.trail.len() - 1);
                tally.failures += 1;
                self.undo();
            }
            if tally.stopped {
                while self.trail.len() > self.given {
                    self.undo();
                }
                return;
            }
        }
        if skipped {
            tally.out_of_nodes = true;
            tally.stopped = true;
        }
    }
}
