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
//! ```
//! use numbrix::generate::Puzzle;
//!
//! let puzzle = Puzzle::generate(4, 5, 6, 42);
//! assert_eq!(puzzle.board.clue_count(), 6);
//! // The known solution passes the checker and keeps the clues.
//! assert_eq!(numbrix::check_values(&puzzle.board, puzzle.solution.values().to_vec()), Ok(puzzle.solution));
//! ```

use crate::board::{Board, Cell};
use crate::check::{check_values, Solution};

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
        let mut values = vec![0u32; rows * cols];
        for (at, cell) in path.iter().enumerate() {
            values[cell.row * cols + cell.col] = at as u32 + 1;
        }
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
