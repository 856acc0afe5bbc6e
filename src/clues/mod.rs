//! How few clues define a puzzle, and how many can still fail to: the
//! questions of Hanson and Nash, "Minimal and maximal Numbrix puzzles"
//! (arXiv:1706.09389), answered by exhaustion on boards in reach.
//!
//! 1. Every solution of the empty m x n board is listed once, by the search
//!    (src/search/every.rs), and kept one column per cell ([`store`]).
//! 2. For c = 1, 2, ... clues, every set of c cells (one per orbit of the
//!    board's symmetries) is counted against every solution ([`minimum`]);
//!    the first c with a value tuple that exactly one solution carries is the
//!    minimum, and the levels below it are the proof that fewer never do.
//! 3. While the solutions go by, each is tested for a second solution that
//!    differs from it in two cells only ([`maximum`]): then mn - 2 clues can
//!    fail to define a puzzle, the most there can be.
//!
//! Every witness is a board whose solution has passed the checker.
//!
//! ```
//! use numbrix::clues::{research, ResearchOptions};
//!
//! let research = research(3, 3, &ResearchOptions::default(), &|_| {}).unwrap();
//! assert_eq!(research.solutions, 40); // OEIS A096969
//! let witness = research.witness.expect("some clue set defines a 3x3 puzzle");
//! assert_eq!(Some(witness.board.clue_count()), research.minimum);
//! ```

pub mod cellsets;
pub mod maximum;
pub mod minimum;
pub mod prove;
pub mod render;
pub mod store;

use std::time::{Duration, Instant};

use crate::backend::Backend;
use crate::board::Board;
use crate::check::{check_values, Solution};
use crate::error::{Error, InputError};
use crate::solve::ms;
use crate::symmetry::symmetries;
use crate::variant::Variant;

use maximum::SwapTest;
use minimum::LevelError;
use prove::{prove, Proof};
use store::{Solutions, StoreError};

/// Cells of the largest board the research takes: its values must fit a
/// byte, and far below that the solutions outgrow any memory.
pub const MAX_CELLS: usize = 64;

/// Memory for the solutions by default: 8 GiB.
pub const DEFAULT_MEMORY: u64 = 8 << 30;

/// Clue counts tried by default before giving up on a minimum.
pub const DEFAULT_MAX_CLUES: usize = 5;

#[derive(Debug, Clone, PartialEq)]
pub struct ResearchOptions {
    /// Stop looking for a minimum after this many clues.
    pub max_clues: usize,
    /// Threads that count cell sets.
    pub threads: usize,
    /// Bytes the solutions may take.
    pub memory: u64,
    /// Seconds for the whole research.
    pub time_limit: Option<f64>,
    /// Look at this share of the cell sets only (to split the work).
    pub part: Part,
    /// Stop counting the minimum's level at its first puzzle: the minimum
    /// and a witness, without the number of puzzles.
    pub first: bool,
    /// Solvers that prove the witness unique as well (the search kept out).
    pub prove: Vec<Backend>,
    /// The model they solve.
    pub proof_variant: Variant,
}

impl Default for ResearchOptions {
    fn default() -> ResearchOptions {
        ResearchOptions {
            max_clues: DEFAULT_MAX_CLUES,
            threads: std::thread::available_parallelism().map_or(1, |count| count.get()),
            memory: DEFAULT_MEMORY,
            time_limit: None,
            part: Part::WHOLE,
            first: false,
            prove: Vec::new(),
            proof_variant: Variant::Faithful,
        }
    }
}

/// Part `index` (from 1) of `of`: the cell sets whose place in the list of
/// orbit representatives is `index - 1` modulo `of`. The parts of one
/// board together look at every cell set once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Part {
    pub index: usize,
    pub of: usize,
}

impl Part {
    pub const WHOLE: Part = Part { index: 1, of: 1 };

    fn keeps(self, place: usize) -> bool {
        place % self.of == self.index - 1
    }
}

/// Where the research is, for a progress bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// Listing the solutions: so many so far.
    Listing { solutions: u64 },
    /// Counting `clues`-sets of cells: `done` of `of`.
    Counting { clues: usize, done: u64, of: u64 },
}

/// One clue count, looked at.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct LevelReport {
    pub clues: usize,
    /// Cell sets looked at, one per orbit of the symmetries.
    pub cell_sets: u64,
    /// Puzzles with this many clues (0: none exists).
    pub puzzles: u64,
    /// The same, up to the board's symmetries and value reversal.
    pub classes: u64,
    /// Every cell set was looked at (false: the time limit stopped it, or
    /// `first` stopped it at its first puzzle, and `puzzles` and `classes`
    /// count only what was found).
    pub complete: bool,
    pub ms: f64,
}

/// A puzzle with the fewest clues, and its one solution.
#[derive(Debug, Clone, PartialEq)]
pub struct Witness {
    pub board: Board,
    pub solution: Solution,
}

/// Two solutions that agree on all cells but two: the board of their
/// common values has mn - 2 clues and two solutions.
#[derive(Debug, Clone, PartialEq)]
pub struct Twins {
    pub board: Board,
    pub first: Solution,
    pub second: Solution,
}

/// What the research found on one board shape.
#[derive(Debug, Clone, PartialEq)]
pub struct Research {
    pub rows: usize,
    pub cols: usize,
    pub part: Part,
    /// Solutions of the empty board (a path and its reverse are two).
    pub solutions: u64,
    pub listing_ms: f64,
    /// Every clue count looked at, from 1 (from 0 on a board with one
    /// solution).
    pub levels: Vec<LevelReport>,
    /// The fewest clues that define a puzzle (None: none up to the last
    /// level, or the work stopped).
    pub minimum: Option<usize>,
    pub witness: Option<Witness>,
    /// What the MIP solvers said of the witness.
    pub proofs: Vec<Proof>,
    /// The most clues that fail to define a puzzle (None: no two solutions
    /// differ in two cells only; the research does not go further).
    pub maximum: Option<usize>,
    pub twins: Option<Twins>,
    /// Nothing was cut short by the time limit.
    pub complete: bool,
    pub total_ms: f64,
}

#[derive(Debug, thiserror::Error)]
pub enum ResearchError {
    #[error(transparent)]
    Input(#[from] InputError),
    #[error("the research takes boards of at most {MAX_CELLS} cells; {rows}x{cols} has {cells}")]
    TooLarge {
        rows: usize,
        cols: usize,
        cells: usize,
    },
    #[error("--part {index}/{of}: the part must be between 1 and the number of parts")]
    Part { index: usize, of: usize },
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Level(#[from] LevelError),
    #[error(transparent)]
    Proof(#[from] Error),
}

/// Runs the research on the `rows` x `cols` board.
pub fn research(
    rows: usize,
    cols: usize,
    options: &ResearchOptions,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Research, ResearchError> {
    let started = Instant::now();
    let Part { index, of } = options.part;
    if of == 0 || index == 0 || index > of {
        return Err(ResearchError::Part { index, of });
    }
    if rows.saturating_mul(cols) > MAX_CELLS {
        return Err(ResearchError::TooLarge {
            rows,
            cols,
            cells: rows.saturating_mul(cols),
        });
    }
    let board = Board::empty(rows, cols)?;
    let stop = options
        .time_limit
        .map(|seconds| started + Duration::from_secs_f64(seconds));
    let swap = SwapTest::new(&board);
    let mut twin: Option<(Vec<usize>, (usize, usize))> = None;
    let solutions = Solutions::enumerate(
        &board,
        options.memory,
        stop,
        &mut |at| {
            progress(Progress::Listing {
                solutions: at.solutions,
            })
        },
        &mut |path| {
            if twin.is_none() {
                if let Some(positions) = swap.twin(path) {
                    twin = Some((path.to_vec(), positions));
                }
            }
        },
    )?;
    let listing_ms = ms(started);
    let maps = symmetries(&board);
    let mut research = Research {
        rows,
        cols,
        part: options.part,
        solutions: solutions.len() as u64,
        listing_ms,
        levels: Vec::new(),
        minimum: None,
        witness: None,
        proofs: Vec::new(),
        maximum: None,
        twins: twin.map(|(path, positions)| twins(&board, &path, positions)),
        complete: true,
        total_ms: 0.0,
    };
    research.maximum = research.twins.as_ref().map(|_| board.len() - 2);
    // The empty board is a puzzle only where it has one solution (1x1):
    // there the count starts from no clues.
    let fewest = usize::from(solutions.len() != 1);
    for clues in fewest..=options.max_clues.min(board.len()) {
        let level_started = Instant::now();
        let sets: Vec<_> = cellsets::representatives(board.len(), clues, &maps)
            .into_iter()
            .enumerate()
            .filter(|&(place, _)| options.part.keeps(place))
            .map(|(_, set)| set)
            .collect();
        let of = sets.len() as u64;
        let level = minimum::level(
            &solutions,
            clues,
            &sets,
            &maps,
            board.total(),
            minimum::Run {
                threads: options.threads,
                stop,
                first: options.first,
            },
            &|done| progress(Progress::Counting { clues, done, of }),
        )?;
        research.levels.push(LevelReport {
            clues,
            cell_sets: level.cell_sets,
            puzzles: level.puzzles,
            classes: level.classes.len() as u64,
            complete: level.complete,
            ms: ms(level_started),
        });
        if let Some(smallest) = level.classes.first() {
            research.minimum = Some(clues);
            research.witness = Some(witness(&board, &solutions, smallest));
            research.complete = level.complete || options.first;
            break;
        }
        if !level.complete {
            research.complete = false;
            break;
        }
    }
    if let Some(witness) = &research.witness {
        for &backend in &options.prove {
            let left =
                stop.map(|stop| stop.saturating_duration_since(Instant::now()).as_secs_f64());
            research
                .proofs
                .push(prove(witness, backend, options.proof_variant, left)?);
        }
    }
    research.total_ms = ms(started);
    Ok(research)
}

/// The board of `clues` with its one solution, found among the listed
/// solutions and checked.
fn witness(board: &Board, solutions: &Solutions, clues: &[(usize, u32)]) -> Witness {
    let mut givens = vec![None; board.len()];
    for &(cell, value) in clues {
        givens[cell] = Some(value);
    }
    let puzzle = Board::new(board.rows(), board.cols(), givens)
        .expect("clues of a solution fit their board");
    let carrier = (0..solutions.len())
        .find(|&index| {
            clues
                .iter()
                .all(|&(cell, value)| solutions.value(cell, solutions.column(cell)[index]) == value)
        })
        .expect("a counted tuple is carried by a listed solution");
    let solution = check_values(&puzzle, solutions.values_of(carrier))
        .expect("a listed solution carrying the clues passes the checker");
    Witness {
        board: puzzle,
        solution,
    }
}

/// The two solutions of a swap, and the board of what they share.
fn twins(board: &Board, path: &[usize], swap: (usize, usize)) -> Twins {
    let mut first = vec![0u32; path.len()];
    for (position, &cell) in path.iter().enumerate() {
        first[cell] = position as u32 + 1;
    }
    let mut second = first.clone();
    second.swap(path[swap.0], path[swap.1]);
    let shared: Vec<Option<u32>> = first
        .iter()
        .zip(&second)
        .map(|(&a, &b)| (a == b).then_some(a))
        .collect();
    let puzzle =
        Board::new(board.rows(), board.cols(), shared).expect("shared values fit their board");
    let first = check_values(&puzzle, first).expect("a listed solution passes the checker");
    let second = check_values(&puzzle, second).expect("the swap test only accepts paths");
    Twins {
        board: puzzle,
        first,
        second,
    }
}
