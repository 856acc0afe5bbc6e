//! Random puzzles with a known solution, for tests, examples and benchmarks.
//!
//! A solution of an m x n Numbrix board is a Hamiltonian path of the grid
//! graph. [`random_path`] starts from the boustrophedon path (row 1 left to
//! right, row 2 right to left, ...), which exists for every m, n >= 1, and
//! randomises it with "backbite" moves: take an end of the path, pick a grid
//! neighbour of that end, and reverse the part of the path between them; the
//! result is again a Hamiltonian path (Mansfield's Markov chain). A board is
//! then a random subset of the solution's cells, given as clues.
//!
//! Everything is deterministic from a seed: the same seed gives the same
//! puzzle on every platform ([`Rng`] is SplitMix64).
//!
//! [`Puzzle::generate`] makes boards for tests and benchmarks, unique or
//! not. Puzzles for people, proved unique, come from [`generate()`] (a
//! [`Request`]: minimal, newspaper or N clues, a difficulty level), and
//! [`minimize()`] takes clues off a unique board until none can go:
//!
//! - `unique.rs`: the uniqueness questions, asked of the library's own
//!   reduction and search;
//! - `minimal.rs`: clue removal; `newspaper.rs`: the printed pattern;
//!   `n_clues.rs`: a given number of clues;
//! - `difficulty.rs`: the level, the cheapest stage that decides a board;
//! - `request.rs`: what `numbrix generate` asks for, attempts and naming;
//!   `minimize.rs`: what `numbrix minimize` does.
//!
//! ```
//! use numbrix::generate::Puzzle;
//!
//! let puzzle = Puzzle::generate(4, 5, 6, 42);
//! assert_eq!(puzzle.board.clue_count(), 6);
//! // The known solution passes the checker and keeps the clues.
//! assert_eq!(numbrix::check_values(&puzzle.board, puzzle.solution.values().to_vec()), Ok(puzzle.solution));
//! ```

use thiserror::Error;

use crate::board::{Board, Cell};
use crate::check::{check_values, Solution};
use crate::words::how_many;

mod difficulty;
mod minimal;
mod minimize;
mod n_clues;
mod newspaper;
mod request;
mod reroute;
mod unique;

pub use difficulty::{decides, rate, Difficulty, Level};
pub use minimal::Asked;
pub use minimize::{minimize, minimize_with_progress, Minimized};
pub use newspaper::pattern as newspaper_pattern;
pub use request::{generate, ClueRule, Generated, Request, DEFAULT_ATTEMPTS};
pub use unique::{other_solution, other_without_clue, Uniqueness};

/// Why no puzzle was made, or a board was refused.
#[derive(Debug, Error)]
pub enum GenerateError {
    /// The board has no solution (`minimize`).
    #[error("no solution: {0}")]
    NoSolution(String),
    /// The board has two solutions or more (`minimize`).
    #[error("not unique: two solutions differ in {} cells, the first at {}", differing(first, second).len(), differing(first, second).first().map_or("-".to_string(), |cell| cell.to_string()))]
    NotUnique {
        first: Box<Solution>,
        second: Box<Solution>,
    },
    /// A uniqueness question the search could not settle within its node
    /// budget (and no other path was left to try).
    #[error("a uniqueness question took the search more than its node budget")]
    Undecided,
    /// The time limit ran out first.
    #[error("the time limit was reached before a puzzle was proved unique")]
    TimeLimit,
    /// The time limit ran out before `minimize` was done: with what it
    /// reached once the board was proved unique (the clues removed so far,
    /// the same unique solution), to be printed as such.
    #[error("{}", minimize_stopped(.0.as_deref()))]
    MinimizeTimeLimit(Option<Box<Minimized>>),
    /// `minimize` kept clues whose questions were past the search's node
    /// budget, or could not rate the board within it: with the board
    /// reached, to be printed as such.
    #[error("{}", minimize_undecided(.0))]
    MinimizeUndecided(Box<Minimized>),
    /// No attempt reached a unique puzzle with this many clues.
    #[error("no unique {rows}x{cols} puzzle with {} in {}: the fewest reached was {closest}", how_many(*.wanted as u64, "clue", "clues"), how_many(*.attempts as u64, "attempt", "attempts"))]
    CluesNotReached {
        rows: usize,
        cols: usize,
        wanted: usize,
        attempts: usize,
        closest: usize,
    },
    /// No attempt made a puzzle of the level asked for.
    #[error(
        "no puzzle at level {wanted} in {}: the levels reached were {reached}",
        how_many(*.attempts as u64, "attempt", "attempts")
    )]
    LevelNotReached {
        wanted: Level,
        attempts: usize,
        reached: String,
    },
    /// Bad input, too large, or an output file that cannot be written.
    #[error(transparent)]
    Failed(#[from] crate::error::Error),
}

impl GenerateError {
    /// The exit status (docs/output.md): 1 for a verdict on the board or a
    /// puzzle not found, 3 at the time limit, and the error's own status.
    pub fn exit_code(&self) -> i32 {
        match self {
            GenerateError::NoSolution(_)
            | GenerateError::NotUnique { .. }
            | GenerateError::CluesNotReached { .. }
            | GenerateError::LevelNotReached { .. } => 1,
            GenerateError::TimeLimit
            | GenerateError::MinimizeTimeLimit(_)
            | GenerateError::MinimizeUndecided(_)
            | GenerateError::Undecided => 3,
            GenerateError::Failed(error) => error.exit_code(),
        }
    }
}

/// What `minimize` says at its time limit, by how far it got.
fn minimize_stopped(reached: Option<&Minimized>) -> String {
    let limit = "the time limit was reached before";
    let Some(reached) = reached else {
        return format!("{limit} the board was proved unique");
    };
    let kept = reached.kept();
    match (reached.minimal, reached.undecided) {
        (false, 0) => format!("{limit} every clue was tried: the board printed keeps {kept} and the same unique solution, but some of them may still go"),
        (true, _) => format!("{limit} the board was rated: the board printed is minimal ({kept}), its level unknown"),
        (false, undecided) => format!("{limit} the board was rated: the board printed keeps {kept} and the same unique solution, and the search could not settle within its node budget whether {undecided} of them can go"),
    }
}

/// What `minimize` says when the search's node budget left clues or the
/// level undecided.
fn minimize_undecided(reached: &Minimized) -> String {
    let kept = format!(
        "the board printed keeps {} and the same unique solution",
        reached.kept()
    );
    let level = match reached.difficulty {
        Some(_) => "",
        None => ", and its level is unknown",
    };
    match reached.undecided {
        0 => format!("the search could not rate the board within its node budget: {kept}, no one of them can go{level}"),
        1 => format!("the search could not settle within its node budget whether one clue can go: {kept}, that one included{level}"),
        undecided => format!("the search could not settle within its node budget whether {undecided} clues can go: {kept}, those included{level}"),
    }
}

impl GenerateError {
    /// The board `minimize` reached before it stopped short (unique, with
    /// the same solution, checked), to be printed with the error.
    pub fn reached(&self) -> Option<&Minimized> {
        match self {
            GenerateError::MinimizeTimeLimit(reached) => reached.as_deref(),
            GenerateError::MinimizeUndecided(reached) => Some(reached),
            _ => None,
        }
    }

    /// An unknown answer: the time limit if `stop` has passed, otherwise
    /// the node budget.
    pub(crate) fn unknown(stop: Option<std::time::Instant>) -> GenerateError {
        match stop.is_some_and(|stop| std::time::Instant::now() >= stop) {
            true => GenerateError::TimeLimit,
            false => GenerateError::Undecided,
        }
    }
}

impl From<crate::error::InputError> for GenerateError {
    fn from(error: crate::error::InputError) -> GenerateError {
        GenerateError::Failed(error.into())
    }
}

/// A board's rows for JSON: the clue, or null.
fn clue_rows(board: &Board) -> Vec<Vec<Option<u32>>> {
    (0..board.rows())
        .map(|row| {
            (0..board.cols())
                .map(|col| board.clue(Cell::new(row, col)))
                .collect()
        })
        .collect()
}

/// The cells where two grids of one board differ, row by row.
fn differing(first: &Solution, second: &Solution) -> Vec<Cell> {
    (0..first.rows())
        .flat_map(|row| (0..first.cols()).map(move |col| Cell::new(row, col)))
        .filter(|&cell| first.value(cell) != second.value(cell))
        .collect()
}

/// A small, fast, seedable generator (SplitMix64). Not for cryptography.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound` > 0), by multiply-and-shift: the bias
    /// is at most bound / 2^64.
    pub fn below(&mut self, bound: usize) -> usize {
        assert!(bound > 0, "Rng::below needs a positive bound");
        ((self.next_u64() as u128 * bound as u128) >> 64) as usize
    }

    /// A number in `low..=high`.
    pub fn between(&mut self, low: usize, high: usize) -> usize {
        low + self.below(high - low + 1)
    }

    /// Shuffles a slice in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A random Hamiltonian path of the `rows` x `cols` grid graph, as the cells
/// in path order: `path[k - 1]` holds value k. Needs `rows, cols >= 1`.
pub fn random_path(rows: usize, cols: usize, rng: &mut Rng) -> Vec<Cell> {
    assert!(rows >= 1 && cols >= 1, "a grid needs at least one cell");
    let mut path: Vec<Cell> = (0..rows)
        .flat_map(|row| {
            (0..cols)
                .map(move |step| Cell::new(row, if row % 2 == 0 { step } else { cols - 1 - step }))
        })
        .collect();
    let total = path.len();
    if total < 3 {
        if rng.below(2) == 1 {
            path.reverse();
        }
        return path;
    }
    // position[index of cell] = where it sits on the path.
    let index = |cell: Cell| cell.row * cols + cell.col;
    let mut position = vec![0usize; total];
    for (at, &cell) in path.iter().enumerate() {
        position[index(cell)] = at;
    }
    // Enough moves to forget the starting path on the boards used in tests.
    let moves = 20 * total + 100;
    for _ in 0..moves {
        if rng.below(2) == 1 {
            path.reverse();
            for (at, &cell) in path.iter().enumerate() {
                position[index(cell)] = at;
            }
        }
        // Backbite at the far end: a neighbour of the last cell that is not
        // already its predecessor splits the path; reverse the tail after it.
        let end = path[total - 1];
        let neighbours = grid_neighbours(end, rows, cols);
        let pick = neighbours[rng.below(neighbours.len())];
        let at = position[index(pick)];
        if at == total - 2 {
            continue;
        }
        path[at + 1..].reverse();
        for (offset, &cell) in path[at + 1..].iter().enumerate() {
            position[index(cell)] = at + 1 + offset;
        }
    }
    path
}

/// The grid of a path: value k at `path[k - 1]`, row-major.
fn path_values(cols: usize, path: &[Cell]) -> Vec<u32> {
    let mut values = vec![0u32; path.len()];
    for (at, cell) in path.iter().enumerate() {
        values[cell.row * cols + cell.col] = at as u32 + 1;
    }
    values
}

/// A random solution of the `rows` x `cols` board without clues.
pub fn random_solution(rows: usize, cols: usize, rng: &mut Rng) -> Solution {
    let path = random_path(rows, cols, rng);
    let board = Board::empty(rows, cols).expect("a grid of at least one cell is a board");
    check_values(&board, path_values(cols, &path)).expect("a backbite path is a Hamiltonian path")
}

fn grid_neighbours(cell: Cell, rows: usize, cols: usize) -> Vec<Cell> {
    let Cell { row, col } = cell;
    let mut out = Vec::with_capacity(4);
    if row > 0 {
        out.push(Cell::new(row - 1, col));
    }
    if row + 1 < rows {
        out.push(Cell::new(row + 1, col));
    }
    if col > 0 {
        out.push(Cell::new(row, col - 1));
    }
    if col + 1 < cols {
        out.push(Cell::new(row, col + 1));
    }
    out
}

/// A generated board and a solution of it (there may be others: a random
/// clue subset seldom makes a well-formed, uniquely solvable puzzle).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    pub board: Board,
    pub solution: Solution,
}

impl Puzzle {
    /// A `rows` x `cols` puzzle with `clues` of its cells given (at most all
    /// of them), the path and the clue cells drawn from `seed`.
    pub fn generate(rows: usize, cols: usize, clues: usize, seed: u64) -> Puzzle {
        let mut rng = Rng::new(seed);
        let path = random_path(rows, cols, &mut rng);
        let values = path_values(cols, &path);
        let mut chosen: Vec<usize> = (0..values.len()).collect();
        rng.shuffle(&mut chosen);
        chosen.truncate(clues.min(values.len()));
        let mut given = vec![None; values.len()];
        for index in chosen {
            given[index] = Some(values[index]);
        }
        let board =
            Board::new(rows, cols, given).expect("clues of a path are distinct and in 1..T");
        let solution = check_values(&board, values).expect("a backbite path is a Hamiltonian path");
        Puzzle { board, solution }
    }

    /// Like [`Puzzle::generate`], with each cell a clue with probability
    /// `density` (0.0 ..= 1.0).
    pub fn with_density(rows: usize, cols: usize, density: f64, seed: u64) -> Puzzle {
        let clues = (density.clamp(0.0, 1.0) * (rows * cols) as f64).round() as usize;
        Puzzle::generate(rows, cols, clues, seed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_generated_path_is_hamiltonian() {
        for seed in 0..200 {
            let mut rng = Rng::new(seed);
            let (rows, cols) = (rng.between(1, 9), rng.between(1, 9));
            let path = random_path(rows, cols, &mut rng);
            assert_eq!(path.len(), rows * cols);
            let mut seen = vec![false; rows * cols];
            for cell in &path {
                assert!(!std::mem::replace(
                    &mut seen[cell.row * cols + cell.col],
                    true
                ));
            }
            assert!(path.windows(2).all(|pair| pair[0].distance(pair[1]) == 1));
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_puzzle() {
        assert_eq!(Puzzle::generate(6, 7, 10, 9), Puzzle::generate(6, 7, 10, 9));
        assert_ne!(
            Puzzle::generate(6, 7, 10, 9),
            Puzzle::generate(6, 7, 10, 10)
        );
    }

    #[test]
    fn backbite_moves_leave_the_boustrophedon() {
        let path = random_path(5, 5, &mut Rng::new(1));
        let boustrophedon: Vec<Cell> = (0..5)
            .flat_map(|row| {
                (0..5).map(move |step| Cell::new(row, if row % 2 == 0 { step } else { 4 - step }))
            })
            .collect();
        let mut reversed = boustrophedon.clone();
        reversed.reverse();
        assert!(path != boustrophedon && path != reversed);
    }
}
