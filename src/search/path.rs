//! The engine: the path grown one value at a time, depth first, on an
//! explicit stack (a 30x30 board is 900 levels deep).
//!
//! The path is anchored at its lowest clue v (at value 1 on a board without
//! clues) and grown up to T, one value at a time, then down from the anchor
//! to 1: the stretch before the first clue, the least constrained, is placed
//! last, into what is left. Each value goes to a free neighbour of the cell
//! it follows (or precedes) that the domains let hold it. The domains carry
//! every clue's distance and parity facts (rule 1 of the reduction), so a clue is reached exactly at its value
//! and never passed by. What the domains cannot see is the shape of the cells
//! still free; three tests watch it after every step:
//! - *isolated*: a free cell with no free neighbour, not beside the path's
//!   end, can never be entered;
//! - *dead ends*: a free cell with one way in (a free neighbour, or an
//!   open end of the path) can only be a stretch's last cell: one more of
//!   them than stretches still growing fails;
//! - *connected*: every free cell must be reachable from an open end
//!   through free cells.
//!
//! The first two are kept as counters updated for the few cells a step
//! touches; the third is a flood fill.
//!
//! On boards with clues the static domains are not enough: a path that has
//! wandered can leave a region it must fill later at the wrong time. There
//! each placed value is also fixed in a copy of the domains and rules 1 and
//! 3-5 propagate it ([`Layers`]): a fixed cell bounds every other cell's
//! values by distance, and the all-different rule sees a region that cannot
//! be filled. Empty boards skip this: it costs more than it prunes there.

use crate::board::Board;
use crate::domains::{Domains, Scratch};

/// Memory the propagated layers may take; deeper levels use the deepest
/// layer kept (still valid: fixing more values only narrows domains).
const LAYER_BYTES: usize = 256 << 20;

/// The domains after each placed value: `stack[k]` has values 1..=k fixed
/// where the path put them (`stack[0]`, the reduction's domains).
pub(super) struct Layers<'a> {
    board: &'a Board,
    stack: Vec<Domains>,
    depth_cap: usize,
    scratch: Scratch,
}

impl<'a> Layers<'a> {
    pub(super) fn new(board: &'a Board, domains: &Domains) -> Layers<'a> {
        let depth_cap = (LAYER_BYTES / domains.footprint().max(1)).clamp(1, board.len() + 1);
        Layers {
            board,
            stack: vec![domains.clone()],
            depth_cap,
            scratch: Scratch::new(board),
        }
    }

    /// The domains to decide the `depth + 1`-th placed value from.
    fn at(&self, depth: usize) -> &Domains {
        &self.stack[depth.min(self.stack.len() - 1)]
    }

    /// Fixes `value` (the `depth`-th placed) in `cell` on top of layer
    /// `depth - 1`; false if propagation proves it impossible.
    fn assign(&mut self, depth: usize, cell: usize, value: u32) -> bool {
        if depth >= self.depth_cap {
            return self.at(depth - 1).holds(cell, value);
        }
        if self.stack.len() <= depth {
            let copy = self.stack[0].clone();
            self.stack.push(copy);
        }
        let (below, above) = self.stack.split_at_mut(depth);
        above[0]
            .assign_from(
                &below[depth - 1],
                self.board,
                cell,
                value,
                &mut self.scratch,
            )
            .is_ok()
    }
}

/// No cell: the path is empty.
const NONE: usize = usize::MAX;

/// The grid as the search sees it: neighbours and allowed (cell, value) pairs.
pub(super) struct Grid {
    pub(super) cells: usize,
    pub(super) total: u32,
    neighbours: Vec<[usize; 4]>,
    degree: Vec<u8>,
    words_per_cell: usize,
    /// Bit k of a cell's words: the cell may hold k.
    allowed: Vec<u64>,
}

impl Grid {
    /// `allows(index, value)` says which pairs the domains keep.
    pub(super) fn new(board: &Board, allows: impl Fn(usize, u32) -> bool) -> Grid {
        let cells = board.len();
        let total = board.total();
        let words_per_cell = (total as usize + 1).div_ceil(64);
        let mut allowed = vec![0u64; cells * words_per_cell];
        let mut neighbours = vec![[NONE; 4]; cells];
        let mut degree = vec![0u8; cells];
        for index in 0..cells {
            for value in 1..=total {
                if allows(index, value) {
                    allowed[index * words_per_cell + value as usize / 64] |= 1 << (value % 64);
                }
            }
            for neighbour in board.neighbours(board.cell(index)) {
                neighbours[index][degree[index] as usize] = board.index(neighbour);
                degree[index] += 1;
            }
        }
        Grid {
            cells,
            total,
            neighbours,
            degree,
            words_per_cell,
            allowed,
        }
    }

    pub(super) fn allows(&self, index: usize, value: u32) -> bool {
        self.allowed[index * self.words_per_cell + value as usize / 64] & (1 << (value % 64)) != 0
    }

    fn neighbours(&self, index: usize) -> &[usize] {
        &self.neighbours[index][..self.degree[index] as usize]
    }
}

/// What one run of the engine did.
#[derive(Debug, Default)]
pub(super) struct Tally {
    pub(super) nodes: u64,
    pub(super) failures: u64,
    pub(super) solutions: u64,
    /// A callback asked to stop (a limit): the space was not exhausted.
    pub(super) stopped: bool,
}

/// The order values are placed in: the anchor `first` up to T, then down
/// from `first - 1` to 1.
struct Order {
    first: u32,
    total: u32,
}

impl Order {
    /// The value placed at position `position` (0-based).
    fn value(&self, position: usize) -> u32 {
        let up = (self.total - self.first + 1) as usize;
        if position < up {
            self.first + position as u32
        } else {
            self.first - 1 - (position - up) as u32
        }
    }

    /// Positions of the upward stretch (the anchor included).
    fn up(&self) -> usize {
        (self.total - self.first + 1) as usize
    }
}

/// The path and the free cells around it.
pub(super) struct Walk<'a> {
    grid: &'a Grid,
    order: Order,
    /// `path[p]`: the cell of the value placed at position p.
    path: Vec<usize>,
    free: Vec<bool>,
    free_count: usize,
    /// Free neighbours of each cell.
    free_degree: Vec<u8>,
    /// Free cells with no way in, and with exactly one.
    isolated: usize,
    dead_ends: usize,
    /// Flood fill buffers.
    seen: Vec<u32>,
    stamp: u32,
    queue: Vec<usize>,
    layers: Option<Layers<'a>>,
}

/// One level of the stack: the cells left to try for the next value.
struct Frame {
    candidates: [usize; 4],
    count: u8,
    next: u8,
}

/// What the engine tells its caller, and whether to go on.
pub(super) enum Event<'a> {
    /// A full path, by position: value `values(p)` in `cells[p]`.
    Solution(&'a [usize], &'a dyn Fn(usize) -> u32),
    /// Every few thousand nodes, for the clock and progress.
    Tick(&'a Tally),
}

/// Cells a step can change the ways in of: at most 4 around each of four
/// cells (the placed one, the open ends before, the anchor), and the cell.
type Touched = ([usize; 17], usize);

impl<'a> Walk<'a> {
    /// A walk anchored at value `first` (1 on a board without clues).
    pub(super) fn new(grid: &'a Grid, first: u32, layers: Option<Layers<'a>>) -> Walk<'a> {
        let free_degree: Vec<u8> = (0..grid.cells).map(|index| grid.degree[index]).collect();
        // The counters start from the empty path: on a board one cell wide
        // the two end cells have one way in before anything is placed.
        let with_degree = |degree| free_degree.iter().filter(|&&d| d == degree).count();
        let (isolated, dead_ends) = (with_degree(0), with_degree(1));
        Walk {
            grid,
            order: Order {
                first,
                total: grid.total,
            },
            path: Vec::with_capacity(grid.cells),
            free: vec![true; grid.cells],
            free_count: grid.cells,
            free_degree,
            isolated,
            dead_ends,
            seen: vec![0; grid.cells],
            stamp: 0,
            queue: Vec::with_capacity(grid.cells),
            layers,
        }
    }

    /// May `cell` hold the value of position `position`?
    fn allows(&self, cell: usize, position: usize) -> bool {
        let value = self.order.value(position);
        match &self.layers {
            Some(layers) => layers.at(position).holds(cell, value),
            None => self.grid.allows(cell, value),
        }
    }

    /// The cell the value at `position` must neighbour.
    fn attach(&self, position: usize) -> usize {
        if position == self.order.up() {
            self.path[0]
        } else {
            self.path[position - 1]
        }
    }

    /// The open ends with `placed` values placed: where each stretch still
    /// growing goes on from (the same cell twice right after the anchor).
    fn ends(&self, placed: usize) -> ([usize; 2], usize) {
        let mut ends = [NONE; 2];
        let mut count = 0;
        let total = self.grid.cells;
        if placed == 0 || placed == total {
            return (ends, 0);
        }
        if placed < self.order.up() {
            ends[count] = self.path[placed - 1];
            count += 1;
        }
        if self.order.first > 1 {
            // The downward stretch goes on from the anchor until the upward
            // one is done.
            ends[count] = self.attach(placed.max(self.order.up()));
            count += 1;
        }
        (ends, count)
    }

    /// Ways into a free cell: free neighbours, and an open end beside it.
    fn ways_in(&self, index: usize, ends: &[usize]) -> u8 {
        let beside_end = self
            .grid
            .neighbours(index)
            .iter()
            .any(|neighbour| ends.contains(neighbour));
        self.free_degree[index] + u8::from(beside_end)
    }

    fn count(&mut self, cells: &Touched, sign: isize) {
        let (ends, count) = self.ends(self.path.len());
        for &cell in &cells.0[..cells.1] {
            if !self.free[cell] {
                continue;
            }
            match self.ways_in(cell, &ends[..count]) {
                0 => self.isolated = self.isolated.wrapping_add_signed(sign),
                1 => self.dead_ends = self.dead_ends.wrapping_add_signed(sign),
                _ => {}
            }
        }
    }

    /// The cells whose ways in may change when `to` is placed or taken
    /// back: around the ends before and after, around `to`, and `to`.
    fn touched(&self, to: usize) -> Touched {
        let mut cells = [NONE; 17];
        let mut count = 0;
        let (before, before_count) = self.ends(self.path.len());
        let anchor = self.path.first().copied().unwrap_or(to);
        let centres = [to, anchor, before[0], before[1]];
        let centres = &centres[..2 + before_count];
        for &cell in centres
            .iter()
            .flat_map(|&centre| self.grid.neighbours(centre))
            .chain([&to])
        {
            if !cells[..count].contains(&cell) {
                cells[count] = cell;
                count += 1;
            }
        }
        (cells, count)
    }

    /// Puts the next value in `to`, a free cell.
    fn push(&mut self, to: usize) {
        let touched = self.touched(to);
        self.count(&touched, -1);
        self.free[to] = false;
        self.free_count -= 1;
        for &neighbour in self.grid.neighbours(to) {
            self.free_degree[neighbour] -= 1;
        }
        self.path.push(to);
        self.count(&touched, 1);
    }

    /// Takes the last value off the path.
    fn pop(&mut self) {
        let to = *self.path.last().expect("a value to take back");
        self.path.pop();
        let touched = self.touched(to);
        self.path.push(to);
        self.count(&touched, -1);
        self.path.pop();
        self.free[to] = true;
        self.free_count += 1;
        for &neighbour in self.grid.neighbours(to) {
            self.free_degree[neighbour] += 1;
        }
        self.count(&touched, 1);
    }

    /// The shape tests, then the propagation, after a step.
    fn viable(&mut self) -> bool {
        let (ends, count) = self.ends(self.path.len());
        if self.isolated > 0 || self.dead_ends > count {
            return false;
        }
        if self.free_count > 0 && !self.connected(&ends[..count]) {
            return false;
        }
        let position = self.path.len() - 1;
        let cell = self.path[position];
        let value = self.order.value(position);
        match &mut self.layers {
            Some(layers) => layers.assign(position + 1, cell, value),
            None => true,
        }
    }

    /// Every free cell reachable from an open end through free cells.
    fn connected(&mut self, ends: &[usize]) -> bool {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        self.queue.clear();
        let mut at = 0;
        for &end in ends {
            for &neighbour in self.grid.neighbours(end) {
                if self.free[neighbour] && self.seen[neighbour] != stamp {
                    self.seen[neighbour] = stamp;
                    self.queue.push(neighbour);
                }
            }
        }
        while at < self.queue.len() {
            let cell = self.queue[at];
            at += 1;
            for &neighbour in self.grid.neighbours(cell) {
                if self.free[neighbour] && self.seen[neighbour] != stamp {
                    self.seen[neighbour] = stamp;
                    self.queue.push(neighbour);
                }
            }
        }
        self.queue.len() == self.free_count
    }

    /// The free cells beside the next value's attachment that may hold it,
    /// the one with the fewest ways on first (Warnsdorff's rule: a cell about
    /// to be cut off is taken while it still can be).
    fn frame(&self) -> Frame {
        let position = self.path.len();
        let mut frame = Frame {
            candidates: [NONE; 4],
            count: 0,
            next: 0,
        };
        for &neighbour in self.grid.neighbours(self.attach(position)) {
            if self.free[neighbour] && self.allows(neighbour, position) {
                frame.candidates[frame.count as usize] = neighbour;
                frame.count += 1;
            }
        }
        let candidates = &mut frame.candidates[..frame.count as usize];
        candidates.sort_by_key(|&cell| self.free_degree[cell]);
        frame
    }

    fn solution(&self, tally: &mut Tally, event: &mut dyn FnMut(Event) -> bool) {
        tally.solutions += 1;
        let value = |position: usize| self.order.value(position);
        if !event(Event::Solution(&self.path, &value)) {
            tally.stopped = true;
        }
    }

    /// Every path with the anchor value in `start`; `event` gets each
    /// solution and the ticks, and stops the walk by returning false.
    pub(super) fn from(
        &mut self,
        start: usize,
        tally: &mut Tally,
        event: &mut dyn FnMut(Event) -> bool,
    ) {
        const TICK: u64 = 4096;
        let total = self.grid.cells;
        if !self.allows(start, 0) {
            return;
        }
        let mut stack: Vec<Frame> = Vec::with_capacity(total);
        self.push(start);
        tally.nodes += 1;
        if !self.viable() {
            tally.failures += 1;
            self.pop();
            return;
        }
        if total == 1 {
            self.solution(tally, event);
            self.pop();
            return;
        }
        stack.push(self.frame());
        while let Some(frame) = stack.last_mut() {
            if frame.next == frame.count {
                stack.pop();
                self.pop();
                continue;
            }
            let to = frame.candidates[frame.next as usize];
            frame.next += 1;
            self.push(to);
            tally.nodes += 1;
            if tally.nodes.is_multiple_of(TICK) && !event(Event::Tick(tally)) {
                tally.stopped = true;
            }
            if self.path.len() == total {
                self.solution(tally, event);
                self.pop();
            } else if self.viable() {
                stack.push(self.frame());
            } else {
                tally.failures += 1;
                self.pop();
            }
            if tally.stopped {
                while stack.pop().is_some() {
                    self.pop();
                }
                return;
            }
        }
    }
}
