//! Every solution of an empty board, kept one column per cell: a set of
//! cells reads only its own columns, in order, when the research counts
//! the values they take together.
//!
//! A column holds each solution's value in that cell as a rank among the
//! values the cell takes at all (on a board with an odd number of cells a
//! cell holds values of one parity only), so that the tables indexed by
//! tuples of ranks stay small.

use std::time::Instant;

use crate::board::Board;
use crate::search::{every_path, Progress};

/// Why the solutions could not be kept.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    #[error("the {rows}x{cols} board has more than {solutions} solutions: keeping them needs more than the {limit_mib} MiB allowed (raise --memory)")]
    TooMany {
        rows: usize,
        cols: usize,
        solutions: u64,
        limit_mib: u64,
    },
    #[error("the time limit was reached while listing the solutions ({solutions} so far)")]
    TimeLimit { solutions: u64 },
}

/// The solutions, one column of ranks per cell.
#[derive(Debug, Clone)]
pub struct Solutions {
    len: usize,
    columns: Vec<Vec<u8>>,
    /// `values[cell][rank]`: the value a rank stands for in that cell.
    values: Vec<Vec<u8>>,
}

impl Solutions {
    /// Lists every solution of `board`'s empty shape. `each` also sees every
    /// solution (cells in value order) as it goes by, for checks that need
    /// each path once and not a column store.
    pub fn enumerate(
        board: &Board,
        memory_limit: u64,
        stop: Option<Instant>,
        progress: &mut dyn FnMut(&Progress),
        each: &mut dyn FnMut(&[usize]),
    ) -> Result<Solutions, StoreError> {
        let cells = board.len();
        let total = board.total() as usize;
        assert!(total < 256, "a column holds values as bytes");
        let mut columns: Vec<Vec<u8>> = vec![Vec::new(); cells];
        let most = memory_limit / cells as u64;
        let mut over = false;
        let enumerated = every_path(board, stop, progress, &mut |path| {
            if columns[0].len() as u64 >= most {
                over = true;
                return;
            }
            each(path);
            for (position, &cell) in path.iter().enumerate() {
                columns[cell].push(position as u8 + 1);
            }
        });
        if over {
            return Err(StoreError::TooMany {
                rows: board.rows(),
                cols: board.cols(),
                solutions: most,
                limit_mib: memory_limit >> 20,
            });
        }
        if !enumerated.complete {
            return Err(StoreError::TimeLimit {
                solutions: enumerated.count,
            });
        }
        let mut values = Vec::with_capacity(cells);
        for column in &mut columns {
            let mut rank = [u8::MAX; 256];
            for &value in column.iter() {
                rank[value as usize] = 0;
            }
            let taken: Vec<u8> = (1..=total as u8)
                .filter(|&v| rank[v as usize] == 0)
                .collect();
            for (index, &value) in taken.iter().enumerate() {
                rank[value as usize] = index as u8;
            }
            for value in column.iter_mut() {
                *value = rank[*value as usize];
            }
            column.shrink_to_fit();
            values.push(taken);
        }
        Ok(Solutions {
            len: columns[0].len(),
            columns,
            values,
        })
    }

    /// How many solutions (directed paths: a path and its reverse are two).
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The column of ranks of one cell.
    pub fn column(&self, cell: usize) -> &[u8] {
        &self.columns[cell]
    }

    /// How many values the cell takes.
    pub fn radix(&self, cell: usize) -> usize {
        self.values[cell].len()
    }

    /// The value a rank stands for in a cell.
    pub fn value(&self, cell: usize, rank: u8) -> u32 {
        self.values[cell][rank as usize] as u32
    }

    /// Solution `index` as values by cell.
    pub fn values_of(&self, index: usize) -> Vec<u32> {
        (0..self.columns.len())
            .map(|cell| self.value(cell, self.columns[cell][index]))
            .collect()
    }
}
