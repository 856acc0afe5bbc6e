//! The third engine, for a first solution of a large board with scattered
//! clues: local search over whole pieces of the path, not values placed
//! one at a time.
//!
//! The clues split the path into pieces. A gap between consecutive clues
//! u < w is a path of exactly w - u steps between their cells; the head
//! (values 1 to the lowest clue) and the tail (the highest clue to T) have
//! one loose end. Each gap starts as a shortest route (`routes.rs`), the
//! head and the tail as their clue alone, and local moves (`moves.rs`)
//! stretch and bend them, every piece a path at every moment:
//!
//! - *detour*: a step x -> y beside two free cells x', y' (the four make a
//!   2 x 2 square) becomes x -> x' -> y' -> y, two steps longer;
//! - *shortcut*: the reverse, two steps shorter, two cells freed;
//! - *corner*: x -> y -> z turning a corner becomes x -> f -> z through
//!   the free cell f across their square: a free cell moved diagonally,
//!   half the time refused when that takes it further from every short
//!   piece (without that pull, the free cells wander at random while a
//!   piece far away lacks them);
//! - *hand-over*: a bump of one piece (a shortcut's cells) beside a step of
//!   another becomes that piece's detour;
//! - *tunnel*: x -> a -> b -> c -> y with x and y both beside a free cell f
//!   becomes x -> f -> y, two steps shorter: a lone free cell in the hollow
//!   of a bump gets out (a lone free cell moves otherwise only diagonally,
//!   by corners);
//! - the head's and the tail's loose ends step on to a free cell, step
//!   back, or bite back into their own piece (the backbite move of lattice
//!   polymer simulations).
//!
//! The lengths of the pieces add up to T - 1, so the free cells number
//! exactly what the pieces lack in all: with no piece short, every cell is
//! on the path and the path is a solution. The energy is the number of
//! steps the pieces lack. A piece longer than its length costs nothing: a
//! piece beside free cells takes them at no cost and hands them on, bump by
//! bump, to a piece that lacks them. Moves that raise the energy are taken
//! now and then (one step more lacking: one in 16; two: one in 256), so
//! that the search leaves a state whose free cells are out of every short
//! piece's reach. One move in 8 is tried beside a free cell, and a quarter
//! of the others on a short piece (docs/record/local-search.md has what
//! other shares did).
//!
//! A run either gets to energy 0 soon or sits near it; runs restart from
//! new routes after a number of moves that follows Luby's sequence, as the
//! fill's do ([`Stretcher`], `runs.rs`). On a board whose clues lie close
//! enough for the fill to thread them, a run that stays far from a
//! solution ends early, and the engine retires after four whole runs'
//! moves, or sooner after sixteen runs in a row that ended early, and
//! leaves the board to the fill. The engine finds solutions and
//! proves nothing: the fill proves, and finds the second solution near
//! the first.

mod draw;
mod lattice;
mod moves;
mod routes;
mod runs;

use crate::board::Board;
use draw::Draw;
use lattice::Lattice;
pub(super) use runs::Stretcher;

const NONE: usize = usize::MAX;
/// `owner` of a free cell.
const FREE: u32 = u32::MAX;
/// `owner` of the clue `i` (in value order) is `CLUE + i`.
const CLUE: u32 = 1 << 30;

/// Values per clue below which the local search stays out: with shorter
/// gaps between clues, the fill alone finds a first solution sooner on
/// most boards up to 20x20 than it does taking turns...
const VALUES_PER_CLUE: u64 = 24;

/// ... and the same on larger boards, where the fill thrashes sooner: on
/// 25x25 and 30x30 boards the fill alone is the faster with 7-8 % clues
/// (12-14 values per clue), the turns with 5-6 % (16-20;
/// docs/record/local-search-turns.md, "Values per clue, measured again").
const VALUES_PER_CLUE_LARGE: u64 = 16;
const LARGE_BOARD_CELLS: usize = 400;

/// Values per clue from which a larger board that the fill has not settled
/// within [`LATE_NODES_PER_CELL`] gets the local search too: with about 7 %
/// clues the fill settles most such boards sooner alone, but not all; with
/// 8-9 % the local search lost more than it won
/// (docs/record/local-search-turns.md, "The local search joins late on boards
/// with 7 % clues").
const VALUES_PER_CLUE_LATE: u64 = 13;
const LATE_NODES_PER_CELL: u64 = 1024;

/// One run: the pieces as a linked path over the cells.
struct Stretch {
    rows: usize,
    cols: usize,
    lattice: Lattice,
    next: Vec<usize>,
    prev: Vec<usize>,
    /// The piece of each cell on the path (0 the head, i the gap after
    /// clue i - 1, the last the tail), `CLUE + i`, or FREE.
    owner: Vec<u32>,
    /// Steps of each piece, and the steps it must have.
    length: Vec<i64>,
    target: Vec<i64>,
    /// The clues' cells, in value order.
    clues: Vec<usize>,
    /// The cells of the path's ends (1 and, once solved, T).
    start: usize,
    end: usize,
    /// Steps the pieces lack, in all.
    energy: i64,
    /// The free cells, and where each one is in that list.
    free: Vec<usize>,
    free_at: Vec<usize>,
    /// Pieces short of their length, as of the last look.
    short: Vec<usize>,
    /// Steps from each cell to the nearest cell of a short piece, as of
    /// the last look: free cells drift toward the pieces that lack them.
    near_short: Vec<u32>,
    moves: u64,
    /// The fewest steps the pieces have lacked in this run.
    lowest: i64,
    random: u64,
}

impl Stretch {
    /// A run with every gap routed, or None when a board of fewer than two
    /// rows or columns, without clues, or where no attempt routes every gap.
    fn new(board: &Board, seed: u64) -> Option<Stretch> {
        let (rows, cols) = (board.rows(), board.cols());
        let by_value = board.clues_by_value();
        if rows < 2 || cols < 2 || by_value.is_empty() {
            return None;
        }
        let cells = rows * cols;
        let clues: Vec<usize> = by_value
            .iter()
            .map(|&(_, cell)| board.index(cell))
            .collect();
        let clue_values: Vec<u32> = by_value.iter().map(|&(value, _)| value).collect();
        let last = clues.len() - 1;
        let mut target = vec![i64::from(clue_values[0]) - 1];
        target.extend(
            clue_values
                .windows(2)
                .map(|pair| i64::from(pair[1] - pair[0])),
        );
        target.push(i64::from(board.total() - clue_values[last]));
        let mut stretch = Stretch {
            rows,
            cols,
            lattice: Lattice::new(board),
            next: vec![NONE; cells],
            prev: vec![NONE; cells],
            owner: vec![FREE; cells],
            length: vec![0; target.len()],
            target,
            start: clues[0],
            end: clues[last],
            clues,
            energy: 0,
            free: Vec::new(),
            free_at: vec![NONE; cells],
            short: Vec::new(),
            near_short: Vec::new(),
            moves: 0,
            lowest: i64::MAX,
            random: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
        };
        for (i, &cell) in stretch.clues.iter().enumerate() {
            stretch.owner[cell] = CLUE + i as u32;
        }
        if !(0..routes::ATTEMPTS).any(|attempt| stretch.lay_routes(attempt)) {
            return None;
        }
        for cell in 0..cells {
            if stretch.owner[cell] == FREE {
                stretch.free_at[cell] = stretch.free.len();
                stretch.free.push(cell);
            }
        }
        stretch.energy = (0..stretch.target.len())
            .map(|piece| stretch.lacking(piece, stretch.length[piece]))
            .sum();
        Some(stretch)
    }

    /// Tries one move; true once no piece is short. Inlined into the runs'
    /// loop (`runs.rs`), which is in another file: called there, it made
    /// measurably fewer moves a second (docs/record/local-search-turns.md, "A run
    /// that stays far from a solution ends early").
    #[inline(always)]
    fn step(&mut self) -> bool {
        self.moves += 1;
        self.lowest = self.lowest.min(self.energy);
        if self.moves.is_multiple_of(1024) {
            self.short = (0..self.target.len())
                .filter(|&piece| self.length[piece] < self.target[piece])
                .collect();
            self.measure_near_short();
        }
        // One roll chooses the move (`draw.rs`): bits 0-2 one beside a free
        // cell (one in 8), bits 3-4 one on a short piece (one in 4), else
        // bits 8-31 the kind and the high bits the cell; bits 5 and 6 are
        // the coins the moves toss.
        let draw = Draw(self.roll());
        if !self.free.is_empty() && draw.one_in_power_of_two(0, 3) {
            let f = self.free[draw.below(self.free.len())];
            self.beside_free(f);
        } else if !self.short.is_empty() && draw.one_in_power_of_two(3, 2) {
            let piece = self.short[draw.below(self.short.len())];
            self.on_short_piece(piece);
        } else {
            let cell = draw.below(self.rows * self.cols);
            if self.owner[cell] != FREE {
                match draw.small_below(5) {
                    0 => self.detour(cell, draw.coin(5)),
                    1 => self.shortcut(cell),
                    2 => self.corner(cell, draw.coin(6)),
                    3 => self.hand_over(cell, draw.coin(5)),
                    _ => self.end_move(),
                }
            }
        }
        self.energy == 0
    }

    /// Fills `near_short`: each cell's steps along rows and columns to the
    /// nearest cell of a short piece. Nothing on the board blocks those
    /// steps, so that is the city-block distance, and it splits by rows
    /// and columns: sweeps down and up each column give the steps to the
    /// nearest such cell in the cell's column; sweeps right and left along
    /// each row then take, at each cell, the best of those in its row plus
    /// the steps across. Each sweep works on a whole row, or a whole column,
    /// at once, with nothing in it waiting on the cell before: several
    /// times cheaper than a breadth-first walk from the short pieces' cells.
    fn measure_near_short(&mut self) {
        let (rows, cols) = (self.rows, self.cols);
        // Further than any cell from any other: with no short piece the
        // distances stay there (the moves do not read them then).
        let far = (rows + cols) as u32;
        self.near_short.clear();
        self.near_short.resize(rows * cols, far);
        for &piece in &self.short {
            let mut cell = self.first_cell(piece);
            for _ in 0..=self.length[piece] {
                self.near_short[cell] = 0;
                cell = self.next[cell];
            }
        }
        let near = &mut self.near_short;
        for row in 1..rows {
            let (above, here) = near.split_at_mut(row * cols);
            let above = &above[(row - 1) * cols..];
            for (steps, &up) in here[..cols].iter_mut().zip(above) {
                *steps = (*steps).min(up + 1);
            }
        }
        for row in (0..rows - 1).rev() {
            let (here, below) = near.split_at_mut((row + 1) * cols);
            let here = &mut here[row * cols..];
            for (steps, &down) in here.iter_mut().zip(&below[..cols]) {
                *steps = (*steps).min(down + 1);
            }
        }
        for column in 1..cols {
            for line in near.chunks_exact_mut(cols) {
                line[column] = line[column].min(line[column - 1] + 1);
            }
        }
        for column in (0..cols - 1).rev() {
            for line in near.chunks_exact_mut(cols) {
                line[column] = line[column].min(line[column + 1] + 1);
            }
        }
    }

    /// The first cell of `piece`: the head's loose end, or the clue that
    /// opens a gap or the tail.
    fn first_cell(&self, piece: usize) -> usize {
        match piece {
            0 => self.start,
            _ => self.clues[piece - 1],
        }
    }

    /// The last cell of `piece`: the clue that closes the head or a gap,
    /// or the tail's loose end.
    fn last_cell(&self, piece: usize) -> usize {
        match self.clues.get(piece) {
            Some(&clue) => clue,
            None => self.end,
        }
    }

    /// The cells of the path in order from value 1 (`path[v - 1]` holds v).
    fn path(&self) -> Vec<usize> {
        let mut path = Vec::with_capacity(self.rows * self.cols);
        let mut cell = self.start;
        while cell != NONE {
            path.push(cell);
            cell = self.next[cell];
        }
        path
    }

    /// Steps `piece` lacks at `length`.
    fn lacking(&self, piece: usize, length: i64) -> i64 {
        (self.target[piece] - length).max(0)
    }

    /// The energy's change if `piece` grows by `by` steps.
    fn change(&self, piece: usize, by: i64) -> i64 {
        let length = self.length[piece];
        self.lacking(piece, length + by) - self.lacking(piece, length)
    }

    /// Whether a move that changes the energy by `change` is taken.
    fn accept(&mut self, change: i64) -> bool {
        match change {
            ..=0 => true,
            1 => self.one_in(16),
            2 => self.one_in(256),
            _ => false,
        }
    }

    fn distance(&self, a: usize, b: usize) -> usize {
        self.lattice.distance(a, b)
    }

    fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.lattice.neighbours(cell)
    }

    /// The neighbours of `cell` in an array, and how many there are: moves
    /// pick one without allocating.
    fn around(&self, cell: usize) -> ([usize; 4], usize) {
        self.lattice.around(cell)
    }

    fn roll(&mut self) -> u64 {
        // xorshift64: a move costs a few dozen nanoseconds, the generator
        // must cost less.
        self.random ^= self.random << 13;
        self.random ^= self.random >> 7;
        self.random ^= self.random << 17;
        self.random
    }

    /// True once in `times` (on average).
    fn one_in(&mut self, times: u64) -> bool {
        self.roll().is_multiple_of(times)
    }

    /// A number below `below` (not 0).
    fn pick(&mut self, below: usize) -> usize {
        (self.roll() % below as u64) as usize
    }

    /// The piece that the step from `cell` to its successor belongs to.
    fn piece_after(&self, cell: usize) -> usize {
        match self.owner[cell] {
            owner if owner >= CLUE => (owner - CLUE) as usize + 1,
            owner => owner as usize,
        }
    }

    /// On the path between two cells of its own piece: neither a clue nor
    /// an end.
    fn interior(&self, cell: usize) -> bool {
        self.owner[cell] < CLUE && cell != self.start && cell != self.end
    }

    /// A free cell joins `owner`.
    fn take(&mut self, cell: usize, owner: u32) {
        let at = self.free_at[cell];
        let last = self.free.pop().expect("a free cell is listed");
        if last != cell {
            self.free[at] = last;
            self.free_at[last] = at;
        }
        self.free_at[cell] = NONE;
        self.owner[cell] = owner;
    }

    /// A cell leaves the path.
    fn give_up(&mut self, cell: usize) {
        self.owner[cell] = FREE;
        self.next[cell] = NONE;
        self.prev[cell] = NONE;
        self.free_at[cell] = self.free.len();
        self.free.push(cell);
    }
}

/// The nodes of the fill after which the local search takes turns with it
/// on `board`: `Some(0)` where the clues are far enough apart, for the
/// board's size, that the turns are the faster from the start;
/// [`LATE_NODES_PER_CELL`] per cell where a larger board's clues are a
/// little closer; None where they are closer still, and the fill is left
/// alone.
pub(super) fn joins_after(board: &Board) -> Option<u64> {
    match board.len() > LARGE_BOARD_CELLS {
        true if spaced(board, VALUES_PER_CLUE_LARGE) => Some(0),
        true if spaced(board, VALUES_PER_CLUE_LATE) => {
            Some(LATE_NODES_PER_CELL * board.len() as u64)
        }
        true => None,
        false => spaced(board, VALUES_PER_CLUE).then_some(0),
    }
}

/// Whether `board`'s clues lie `spacing` values apart or more, on average.
fn spaced(board: &Board, spacing: u64) -> bool {
    u64::from(board.total()) >= spacing * (board.clue_count() as u64 + 1)
}

#[cfg(test)]
mod tests;
