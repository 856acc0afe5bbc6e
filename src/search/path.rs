//! The engine for boards without clues: the path grown from value 1, one
//! value at a time, depth first, on an explicit stack (a 30x30 board is 900
//! levels deep). Each value goes to a free neighbour of the last cell that
//! the domains let hold it (on an empty board, the colour rule: a cell
//! holds values of one parity). What the domains cannot see is the shape of
//! the cells still free; three tests watch it after every step:
//! - *isolated*: a free cell with no free neighbour, not beside the path's
//!   end, can never be entered;
//! - *dead ends*: a free cell with one way in (a free neighbour, or the
//!   path's end) can only be the path's last cell: two of them fail;
//! - *connected*: every free cell must be reachable from the path's end
//!   through free cells.
//!
//! The first two are kept as counters updated for the few cells a step
//! touches; the third is a flood fill. Boards with clues go to the other
//! engine (src/search/fill.rs), which fills the gaps between them.

use super::ring;
use crate::board::Board;
use crate::scramble::scramble;

/// No cell: the path is empty.
const NONE: usize = usize::MAX;

/// Each cell's value on the path `cells` (by value: `cells[v - 1]` holds
/// v), as the checker reads a grid.
pub(super) fn values_along(cells: &[usize]) -> Vec<u32> {
    let mut values = vec![0; cells.len()];
    for (position, &cell) in cells.iter().enumerate() {
        values[cell] = position as u32 + 1;
    }
    values
}

/// The grid as the search sees it: neighbours and allowed (cell, value) pairs.
pub(super) struct Grid {
    pub(super) cells: usize,
    /// Row-major: cell `index` is at row `index / cols`.
    cols: usize,
    pub(super) total: u32,
    /// Each cell's neighbours, then [`Grid::cells`] (a cell past the last)
    /// up to four.
    neighbours: Vec<[usize; 4]>,
    degree: Vec<u8>,
    words_per_cell: usize,
    /// Bit k of a cell's words: the cell may hold k.
    allowed: Vec<u64>,
}

impl Grid {
    /// `allowed(index)` gives the values the domains keep at cell `index`
    /// as bits (bit k: value k, in (T + 1) / 64 words rounded up), which
    /// the grid copies word by word: asked value by value, the largest
    /// boards spent most of the search's start here.
    pub(super) fn new<'a>(board: &Board, allowed_at: impl Fn(usize) -> &'a [u64]) -> Grid {
        let cells = board.len();
        let total = board.total();
        let words_per_cell = (total as usize + 1).div_ceil(64);
        let mut allowed = Vec::with_capacity(cells * words_per_cell);
        let mut neighbours = vec![[cells; 4]; cells];
        let mut degree = vec![0u8; cells];
        for index in 0..cells {
            let words = allowed_at(index);
            assert_eq!(words.len(), words_per_cell, "a cell's values as bits");
            allowed.extend_from_slice(words);
            for neighbour in board.neighbours(board.cell(index)) {
                neighbours[index][degree[index] as usize] = board.index(neighbour);
                degree[index] += 1;
            }
        }
        Grid {
            cells,
            cols: board.cols(),
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

    /// The bits of the values cell `index` may hold (bit k: value k).
    pub(super) fn allowed_words(&self, index: usize) -> &[u64] {
        &self.allowed[index * self.words_per_cell..(index + 1) * self.words_per_cell]
    }

    pub(super) fn neighbours(&self, index: usize) -> &[usize] {
        &self.neighbours[index][..self.degree[index] as usize]
    }

    /// The neighbours of cell `index`, then [`Grid::cells`] up to four.
    /// A loop that asks first whether a cell is free, in a table with a
    /// slot past the cells that never is, runs four times whatever the
    /// cell, with no count to branch on (the fill's walks through free
    /// cells ran faster so: docs/record/fill-cost.md, "The fill's walks, by what
    /// a branch costs").
    pub(super) fn neighbours_or_past(&self, index: usize) -> [usize; 4] {
        self.neighbours[index]
    }

    /// Each cell's number of neighbours.
    pub(super) fn degrees(&self) -> &[u8] {
        &self.degree
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
    /// The run used up its nodes ([`Walk::budget`]) before finishing.
    pub(super) out_of_nodes: bool,
    /// A run that found new solutions goes on to here if that is past its
    /// budget (`Recorder::renew`).
    pub(super) renewed_to: u64,
}

impl Tally {
    /// Counts a node: every [`super::TICK`] nodes the caller hears of it
    /// (and may stop the run), and at `budget` the run is out of nodes.
    pub(super) fn step(&mut self, budget: u64, event: &mut dyn FnMut(Event) -> bool) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(super::TICK) && !event(Event::Tick(self)) {
            self.stopped = true;
        }
        if self.nodes >= budget.max(self.renewed_to) {
            self.out_of_nodes = true;
            self.stopped = true;
        }
    }
}

/// The path and the free cells around it.
pub(super) struct Walk<'a> {
    grid: &'a Grid,
    /// `path[p]`: the cell of value p + 1.
    path: Vec<usize>,
    free: Vec<bool>,
    free_count: usize,
    /// Free neighbours of each cell.
    free_degree: Vec<u8>,
    /// Free cells with no way in, and with exactly one.
    isolated: usize,
    dead_ends: usize,
    /// `one_region[n]`: with n values placed, the free cells are one
    /// region (joined through free cells), which a step that cuts no
    /// region apart keeps without a flood fill.
    one_region: Vec<bool>,
    /// Flood fill buffers.
    seen: Vec<u32>,
    stamp: u32,
    queue: Vec<usize>,
    /// Breaks ties between equally constrained cells: each restart of the
    /// search takes another.
    pub(super) seed: u64,
    /// The node count at which this run gives up (`u64::MAX`: never).
    pub(super) budget: u64,
}

/// One level of the stack: the cells left to try for the next value.
struct Frame {
    candidates: [usize; 4],
    count: u8,
    next: u8,
}

/// What the engine tells its caller, and whether to go on.
pub(super) enum Event<'a> {
    /// A full path, by value: `cells[v - 1]` holds v.
    Solution(&'a [usize]),
    /// Every few thousand nodes, for the clock and progress.
    Tick(&'a mut Tally),
}

/// Cells a step can change the ways in of: at most 4 around the placed
/// cell and 4 around the end before it, and the cell.
type Touched = ([usize; 9], usize);

impl<'a> Walk<'a> {
    pub(super) fn new(grid: &'a Grid) -> Walk<'a> {
        let free_degree: Vec<u8> = (0..grid.cells).map(|index| grid.degree[index]).collect();
        // The counters start from the empty path: on a board one cell wide
        // the two end cells have one way in before anything is placed.
        let with_degree = |degree| free_degree.iter().filter(|&&d| d == degree).count();
        let (isolated, dead_ends) = (with_degree(0), with_degree(1));
        Walk {
            grid,
            path: Vec::with_capacity(grid.cells),
            free: vec![true; grid.cells],
            free_count: grid.cells,
            free_degree,
            isolated,
            dead_ends,
            // No value placed: the whole rectangle, one region.
            one_region: (0..=grid.cells).map(|placed| placed == 0).collect(),
            seen: vec![0; grid.cells],
            stamp: 0,
            queue: Vec::with_capacity(grid.cells),
            seed: 0,
            budget: u64::MAX,
        }
    }

    /// May `cell` hold the value of position `position`?
    fn allows(&self, cell: usize, position: usize) -> bool {
        self.grid.allows(cell, position as u32 + 1)
    }

    /// The path's open end with `placed` values placed.
    fn ends(&self, placed: usize) -> ([usize; 1], usize) {
        if placed == 0 || placed == self.grid.cells {
            return ([NONE], 0);
        }
        ([self.path[placed - 1]], 1)
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
    /// back: around the end before, around `to`, and `to`.
    fn touched(&self, to: usize) -> Touched {
        let mut cells = [NONE; 9];
        let mut count = 0;
        let (before, before_count) = self.ends(self.path.len());
        let centres = [to, before[0]];
        let centres = &centres[..1 + before_count];
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

    /// The shape tests, after a step.
    fn viable(&mut self) -> bool {
        let placed = self.path.len();
        let (_, count) = self.ends(placed);
        if self.isolated > 0 || self.dead_ends > count {
            return false;
        }
        if self.free_count == 0 {
            return true;
        }
        // The step took a cell of the one free region without cutting it:
        // the rest is one region, beside the cell just placed, the path's end.
        if self.one_region[placed - 1] && self.keeps_region(self.path[placed - 1]) {
            self.one_region[placed] = true;
            return true;
        }
        self.reachable(self.path[placed - 1])
    }

    /// Are the free cells beside `cell` (just placed) joined through the
    /// free cells of the ring of eight around it? Then a way between two
    /// free cells through `cell` goes round it instead, and placing it cut
    /// no region apart ([`ring::cuts_nothing`]).
    fn keeps_region(&self, cell: usize) -> bool {
        let cols = self.grid.cols;
        let rows = self.grid.cells / cols;
        let (row, col) = (cell / cols, cell % cols);
        let mut free = 0u8;
        for (k, (down, right)) in ring::RING.into_iter().enumerate() {
            let (r, c) = (
                row.wrapping_add_signed(down as isize),
                col.wrapping_add_signed(right as isize),
            );
            free |= u8::from(r < rows && c < cols && self.free[r * cols + c]) << k;
        }
        ring::cuts_nothing(free)
    }

    /// A fresh mark for the flood-fill buffers.
    fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        self.stamp
    }

    /// Is every free cell reachable from the path's end through free
    /// cells? A flood fill from the end's first free neighbour that reaches
    /// them all also finds them one region; otherwise it goes on from the
    /// end's other free neighbours.
    fn reachable(&mut self, end: usize) -> bool {
        let placed = self.path.len();
        let stamp = self.next_stamp();
        self.queue.clear();
        let mut at = 0;
        let mut one_region = true;
        for &start in self.grid.neighbours(end) {
            if !self.free[start] || self.seen[start] == stamp {
                continue;
            }
            if !self.queue.is_empty() {
                one_region = false;
            }
            self.seen[start] = stamp;
            self.queue.push(start);
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
        }
        let reached = self.queue.len() == self.free_count;
        self.one_region[placed] = reached && one_region;
        reached
    }

    /// The free cells beside the path's end that may hold the next value,
    /// the one with the fewest ways on first (Warnsdorff's rule: a cell about
    /// to be cut off is taken while it still can be).
    fn frame(&self) -> Frame {
        let position = self.path.len();
        let mut frame = Frame {
            candidates: [NONE; 4],
            count: 0,
            next: 0,
        };
        for &neighbour in self.grid.neighbours(self.path[position - 1]) {
            if self.free[neighbour] && self.allows(neighbour, position) {
                frame.candidates[frame.count as usize] = neighbour;
                frame.count += 1;
            }
        }
        let candidates = &mut frame.candidates[..frame.count as usize];
        let seed = self.seed;
        candidates.sort_by_key(|&cell| (self.free_degree[cell], scramble(cell, seed)));
        frame
    }

    fn solution(&self, tally: &mut Tally, event: &mut dyn FnMut(Event) -> bool) {
        tally.solutions += 1;
        if !event(Event::Solution(&self.path)) {
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
            tally.step(self.budget, event);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::Domains;

    /// Whether placing the centre of a 3x3 board cuts no region apart,
    /// with the cells of `placed` (row-major, the centre 4 among them)
    /// taken.
    fn keeps_region(placed: &[usize]) -> bool {
        let board = Board::empty(3, 3).unwrap();
        let domains = Domains::reduce_with(&board, false, None).unwrap();
        let grid = super::super::grid(&board, &domains);
        let mut walk = Walk::new(&grid);
        for &cell in placed {
            walk.free[cell] = false;
        }
        walk.keeps_region(4)
    }

    #[test]
    fn a_cell_whose_free_sides_join_round_it_cuts_nothing() {
        assert!(keeps_region(&[4]), "all round");
        assert!(
            keeps_region(&[4, 0, 3, 6, 7, 8]),
            "above and right, the corner between them free"
        );
        assert!(keeps_region(&[4, 1, 3, 5, 7]), "no free side");
        assert!(keeps_region(&[4, 0, 1, 2, 3, 5, 6, 8]), "one free side");
    }

    #[test]
    fn a_cell_between_free_sides_not_joined_round_it_may_cut() {
        assert!(!keeps_region(&[4, 3, 5]), "above and below: a corridor");
        assert!(
            !keeps_region(&[4, 2, 3, 6, 7, 8]),
            "above and right, their corner taken"
        );
        assert!(!keeps_region(&[4, 0, 2, 6, 8]), "all four sides, no corner");
    }
}
