//! Counting the paths of a board whose only clues are 1 and T without
//! walking them: a frontier dynamic program (the transfer-matrix method, as
//! in Knuth's SIMPATH), in milliseconds where the walk takes a minute.
//!
//! A path through every cell is a set of edges that gives each cell two, or
//! one where the cell is an *end*. The cells are visited in reading order,
//! across the board's shorter side (a board wider than tall is read
//! transposed). After each cell, the edges from the visited cells to the
//! others are the *plugs*: one below each column's last visited cell, and
//! one to the right of the cell just visited. All the unvisited cells need
//! to know of the visited part is where each plug's fragment of path comes
//! out again: at another plug, or at an end (a `TAIL`). Fragments cannot
//! cross (the board is planar and the cut a line), so the pairs nest like
//! brackets, `OPEN` and `CLOSE`. Such a row of plugs is a *state*; the
//! program keeps how many ways of joining the visited cells lead to each,
//! and visits a cell by taking its plugs from the left and from above and
//! giving it plugs to the right and below, so that it has its degree.
//!
//! It is exact because a path decides its plugs at every cut, so it is
//! counted along one sequence of states, and a sequence that closes a path
//! gives one: joining a pair's two plugs would close a cycle and is
//! refused, and joining two tails (or a tail and an end) closes the path,
//! which only the last cell may do, with no other plug open, so that every
//! cell is on it. A path has two ends: the ends used are the tails open (a
//! tail goes only when the path closes), so a state with more tails than
//! the ends left, counting the given ends still to come, is dropped.
//!
//! States grow about threefold with each column of width (1,529 at most
//! on 7x7, 43,930 on 10x10, 395,176 on 12x12): the program refuses boards
//! wider than [`WIDEST`] on both sides, and stops past [`MAX_STATES`], and
//! the walk takes over. Counts are kept in a `u128`, exact: an empty 12x12
//! board has more paths than a `u64` holds, and so has 3x100; more than a
//! `u128` holds (3x200) give no count.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

use crate::board::{Board, Cell};

/// Why the program gives no count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoCount {
    /// A clue other than 1 and T: the walk and the fill handle those.
    Clues,
    /// Both sides wider than `WIDEST`, or more than `MAX_STATES` states.
    TooWide,
    /// More paths than a `u128` holds.
    Overflow,
    /// The clock passed the caller's stop.
    Stopped,
}

/// The widest shorter side tried: an empty 12x12 board takes about 2.5 s
/// (with a 1 given in a corner, 0.7 s), an empty 13x13 board about 8 s
/// and 150 MB (with a 1 given in a corner, 3 s): past that the walk never
/// ends either, but a time limit or a `--limit` does.
pub const WIDEST: usize = 13;

/// States kept at once, at most: a guard on memory (32 bytes a state in
/// the layer and in the next, and as much for each of its up to three
/// moves in the buckets: past half a gigabyte at the cap) should a board
/// within [`WIDEST`] have more than the squares do.
pub const MAX_STATES: usize = 4_000_000;

/// Plugs, two bits each: no edge, a pair's left and right plug, a tail.
const EMPTY: u64 = 0;
const OPEN: u64 = 1;
const CLOSE: u64 = 2;
const TAIL: u64 = 3;

/// The low bit of every plug.
const LOW_BITS: u64 = 0x5555_5555_5555_5555;

fn plug(state: u64, at: usize) -> u64 {
    (state >> (2 * at)) & 3
}

fn with(state: u64, at: usize, label: u64) -> u64 {
    state & !(3 << (2 * at)) | label << (2 * at)
}

fn tails(state: u64) -> u32 {
    (state & (state >> 1) & LOW_BITS).count_ones()
}

/// The plug paired with the `OPEN` or `CLOSE` plug at `at`.
fn partner(state: u64, at: usize) -> usize {
    let (mut depth, mut other) = (0i32, at);
    let step = |other: usize| match plug(state, at) {
        OPEN => other + 1,
        _ => other - 1,
    };
    loop {
        match plug(state, other) {
            OPEN => depth += 1,
            CLOSE => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            return other;
        }
        other = step(other);
    }
}

/// A cell as the program visits it.
struct Site {
    /// Its column: the plugs from the left and from above are at `col` and
    /// `col + 1`, and those it gives below and to the right go there.
    col: usize,
    right: bool,
    down: bool,
    /// A given 1 or T: an end, and nothing else.
    given: bool,
    /// May a cell without a clue be an end? Not with both ends given.
    free_ends: bool,
    /// Given ends after this cell: tails must leave room for them.
    given_after: u32,
    last: bool,
}

/// What visiting one cell makes of one state: at most three states, and
/// whether the path closed here.
#[derive(Default)]
struct Next {
    states: [u64; 3],
    len: usize,
    closed: bool,
}

impl Next {
    fn push(&mut self, state: u64, site: &Site) {
        if tails(state) + site.given_after <= 2 {
            self.states[self.len] = state;
            self.len += 1;
        }
    }

    /// The path closes: right only at the last cell, with nothing else open.
    fn close(&mut self, rest: u64, site: &Site) {
        self.closed = site.last && rest == 0;
    }
}

/// The ways to give the cell at `site` its edges from `state`.
fn visit(state: u64, site: &Site) -> Next {
    let (left_at, up_at) = (site.col, site.col + 1);
    let (left, up) = (plug(state, left_at), plug(state, up_at));
    let rest = with(with(state, left_at, EMPTY), up_at, EMPTY);
    let may_end = site.given || site.free_ends;
    let mut next = Next::default();
    match (left, up) {
        (EMPTY, EMPTY) => {
            if !site.given && site.right && site.down {
                let pair = with(with(rest, left_at, OPEN), up_at, CLOSE);
                next.push(pair, site);
            }
            if may_end && site.down {
                next.push(with(rest, left_at, TAIL), site);
            }
            if may_end && site.right {
                next.push(with(rest, up_at, TAIL), site);
            }
        }
        (label, EMPTY) | (EMPTY, label) => {
            let from = if left == EMPTY { up_at } else { left_at };
            if !site.given && site.down {
                next.push(with(rest, left_at, label), site);
            }
            if !site.given && site.right {
                next.push(with(rest, up_at, label), site);
            }
            match label {
                _ if !may_end => {}
                TAIL => next.close(rest, site),
                _ => next.push(with(rest, partner(state, from), TAIL), site),
            }
        }
        _ if site.given => {}
        // A pair's own two plugs: a cycle.
        (OPEN, CLOSE) => {}
        // Two pairs become one, their outer plugs paired.
        (CLOSE, OPEN) => next.push(rest, site),
        (OPEN, OPEN) => next.push(with(rest, partner(state, up_at), OPEN), site),
        (CLOSE, CLOSE) => next.push(with(rest, partner(state, left_at), CLOSE), site),
        (TAIL, TAIL) => next.close(rest, site),
        // A tail and a pair: the pair's other plug now leads to the end.
        (TAIL, _) => next.push(with(rest, partner(state, up_at), TAIL), site),
        (_, _) => next.push(with(rest, partner(state, left_at), TAIL), site),
    }
    next
}

/// Splitmix64's finaliser: states differ in a few low bits, and the table
/// takes its buckets from the low bits of the hash.
#[derive(Default)]
struct StateHasher(u64);

impl Hasher for StateHasher {
    fn write(&mut self, _: &[u8]) {
        unreachable!("states are hashed as u64");
    }

    fn write_u64(&mut self, state: u64) {
        let mut hash = state.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        hash = (hash ^ (hash >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        hash = (hash ^ (hash >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        self.0 = hash ^ (hash >> 31);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

type Table = HashMap<u64, u128, BuildHasherDefault<StateHasher>>;

/// The next states are spread over `1 << BUCKET_BITS` buckets by their
/// hash before the ways into each are summed, one bucket at a time, so
/// that the table they are summed in fits in a core's cache: summed
/// straight into one table of a million entries, almost every entry
/// waits on memory.
const BUCKET_BITS: u32 = 8;

/// A state's bucket: bits of its hash that neither the table's slot (its
/// low bits) nor its tag (its top seven) use, so that a bucket's states
/// spread over its table as over a whole one.
fn bucket(state: u64) -> usize {
    let mut hasher = StateHasher::default();
    hasher.write_u64(state);
    ((hasher.finish() >> 32) & ((1 << BUCKET_BITS) - 1)) as usize
}

/// The ways into each state of a layer, summed: each state once.
type States = Vec<(u64, u128)>;

/// The board's only clues (if any) are 1 and T: the clues the program
/// takes, as the path's ends.
pub fn ends_only(board: &Board) -> bool {
    board
        .clues()
        .all(|(_, value)| value == 1 || value == board.total())
}

/// The number of solutions of `board` (directed paths through every cell,
/// 1 and T where the clues put them), if its only clues are 1 and T, it is
/// narrow enough, and the clock does not pass `stop`.
pub fn count_paths(board: &Board, stop: Option<Instant>) -> Result<u128, NoCount> {
    count_paths_watched(board, stop, &mut |_, _| {})
}

/// As [`count_paths`], telling `rows` after each row the rows done and the
/// rows there are (the board read across its shorter side): the program
/// knows no count before its last cell, so this is all the progress it
/// has to show.
pub fn count_paths_watched(
    board: &Board,
    stop: Option<Instant>,
    rows_done: &mut dyn FnMut(usize, usize),
) -> Result<u128, NoCount> {
    if !ends_only(board) {
        return Err(NoCount::Clues);
    }
    let total = board.total();
    let ends: Vec<Cell> = board.clues().map(|(cell, _)| cell).collect();
    if total == 1 {
        return Ok(1);
    }
    // Read across the shorter side.
    let transposed = board.cols() > board.rows();
    let (rows, width) = match transposed {
        true => (board.cols(), board.rows()),
        false => (board.rows(), board.cols()),
    };
    if width > WIDEST {
        return Err(NoCount::TooWide);
    }
    let given = |row: usize, col: usize| {
        let cell = if transposed {
            Cell::new(col, row)
        } else {
            Cell::new(row, col)
        };
        ends.contains(&cell)
    };
    let mut given_after = ends.len() as u32;
    let mut states: States = vec![(0, 1)];
    let mut next = States::new();
    let mut buckets: Vec<States> = (0..1 << BUCKET_BITS).map(|_| States::new()).collect();
    let mut table = Table::default();
    let mut paths: u128 = 0;
    for row in 0..rows {
        for col in 0..width {
            if stop.is_some_and(|stop| Instant::now() >= stop) {
                return Err(NoCount::Stopped);
            }
            let is_given = given(row, col);
            given_after -= u32::from(is_given);
            let site = Site {
                col,
                right: col + 1 < width,
                down: row + 1 < rows,
                given: is_given,
                free_ends: ends.len() < 2,
                given_after,
                last: row + 1 == rows && col + 1 == width,
            };
            for &(state, ways) in &states {
                let visited = visit(state, &site);
                for &to in &visited.states[..visited.len] {
                    buckets[bucket(to)].push((to, ways));
                }
                if visited.closed {
                    paths = paths.checked_add(ways).ok_or(NoCount::Overflow)?;
                }
            }
            next.clear();
            for spread in &mut buckets {
                for (to, ways) in spread.drain(..) {
                    let sum = table.entry(to).or_insert(0);
                    *sum = sum.checked_add(ways).ok_or(NoCount::Overflow)?;
                }
                next.extend(table.drain());
            }
            if next.len() > MAX_STATES {
                return Err(NoCount::TooWide);
            }
            std::mem::swap(&mut states, &mut next);
        }
        // The next row: its first cell has no plug from the left, and the
        // plugs below move up one place (the last one, off the board, is
        // empty).
        for (state, _) in &mut states {
            *state <<= 2;
        }
        rows_done(row + 1, rows);
    }
    // Each path is found once, without a direction: with no end given,
    // either end may hold 1.
    match ends.is_empty() {
        true => paths.checked_mul(2).ok_or(NoCount::Overflow),
        false => Ok(paths),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::testing::{empty, walked};

    fn paths(board: &Board) -> u128 {
        count_paths(board, None).unwrap()
    }

    #[test]
    fn the_program_tells_each_row_done_across_the_shorter_side() {
        let board = empty(4, 6);
        let mut told = Vec::new();
        let counted = count_paths_watched(&board, None, &mut |done, rows| told.push((done, rows)));
        assert_eq!(counted, count_paths(&board, None));
        let rows: Vec<(usize, usize)> = (1..=6).map(|done| (done, 6)).collect();
        assert_eq!(told, rows, "six rows of four cells");
    }

    #[test]
    fn counts_the_paths_of_squares_as_oeis_a096969() {
        let known = [
            1,
            8,
            40,
            552,
            8648,
            458_696,
            27_070_560,
            6_046_626_568,
            1_490_832_682_992,
            1_460_089_659_025_264,
        ];
        for (side, &count) in (1..).zip(&known) {
            assert_eq!(paths(&empty(side, side)), count, "{side}x{side}");
        }
    }

    #[test]
    fn counts_the_12x12_square_past_64_bits_as_oeis_a096969() {
        // The widest board the program takes: seconds, not milliseconds.
        assert_eq!(paths(&empty(12, 12)), 6_905_329_711_608_694_708_440);
    }

    #[test]
    fn a_single_cell_is_one_path_and_a_line_two() {
        assert_eq!(paths(&empty(1, 1)), 1);
        for cells in 2..12 {
            assert_eq!(paths(&empty(1, cells)), 2, "1x{cells}");
            assert_eq!(paths(&empty(cells, 1)), 2, "{cells}x1");
        }
    }

    #[test]
    fn counts_every_small_rectangle_as_the_walk_does() {
        for rows in 1..=25 {
            for cols in (1..=25 / rows).filter(|&cols| cols != rows) {
                let board = empty(rows, cols);
                assert_eq!(paths(&board), u128::from(walked(&board)), "{rows}x{cols}");
            }
        }
    }

    /// Every board of this shape with only a 1, only a T, or both.
    fn boards_with_ends(rows: usize, cols: usize) -> Vec<Board> {
        let board = empty(rows, cols);
        let total = board.total();
        let cells: Vec<Cell> = board.cells().collect();
        let mut boards = Vec::new();
        for &first in &cells {
            boards.push(board.with_clue(first, Some(1)).unwrap());
            boards.push(board.with_clue(first, Some(total)).unwrap());
            for &last in cells.iter().filter(|&&last| last != first) {
                let both = board.with_clue(first, Some(1)).unwrap();
                boards.push(both.with_clue(last, Some(total)).unwrap());
            }
        }
        boards
    }

    #[test]
    fn counts_paths_from_given_ends_as_the_fill_does() {
        for (rows, cols) in [(2, 3), (3, 3), (3, 4), (4, 3), (4, 4), (2, 6)] {
            for board in boards_with_ends(rows, cols) {
                assert_eq!(
                    paths(&board),
                    u128::from(walked(&board)),
                    "{}",
                    board.to_text()
                );
            }
        }
    }

    #[test]
    fn a_clue_inside_the_path_is_left_to_the_search() {
        let board = empty(3, 3).with_clue(Cell::new(1, 1), Some(5)).unwrap();
        assert_eq!(count_paths(&board, None), Err(NoCount::Clues));
    }

    #[test]
    fn a_board_wide_both_ways_is_left_to_the_search() {
        let side = WIDEST + 1;
        assert_eq!(count_paths(&empty(side, side), None), Err(NoCount::TooWide));
    }

    #[test]
    fn a_board_wider_than_tall_is_read_transposed() {
        let wide = empty(3, 20);
        assert_eq!(paths(&wide), paths(&empty(20, 3)));
        let corner = Cell::new(0, 19);
        let from_corner = wide.with_clue(corner, Some(1)).unwrap();
        let tall = empty(20, 3).with_clue(Cell::new(19, 0), Some(1)).unwrap();
        assert_eq!(paths(&from_corner), paths(&tall));
        assert_eq!(paths(&from_corner), u128::from(walked(&from_corner)));
    }

    #[test]
    fn more_paths_than_a_u64_holds_are_counted_exactly() {
        // 3x60 has 1.7e19 paths, just below 2^64; 3x70 has 1.8e22.
        assert_eq!(paths(&empty(3, 60)), 17_437_937_486_058_749_948);
        let board = empty(3, 70);
        let total = paths(&board);
        assert!(total > u128::from(u64::MAX));
        // Every path starts at one of the cells: the counts from each add
        // up to it (the program run with a given end, 210 times).
        let from_each: u128 = board
            .cells()
            .map(|cell| paths(&board.with_clue(cell, Some(1)).unwrap()))
            .sum();
        assert_eq!(from_each, total);
    }

    #[test]
    fn more_paths_than_a_u128_holds_are_refused() {
        assert_eq!(count_paths(&empty(3, 150), None), Err(NoCount::Overflow));
    }

    #[test]
    fn a_passed_stop_gives_no_count() {
        let stop = Some(Instant::now());
        assert_eq!(count_paths(&empty(5, 5), stop), Err(NoCount::Stopped));
    }
}
