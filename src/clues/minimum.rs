//! The fewest clues that define a puzzle, by counting.
//!
//! A clue set (cells S, values t) defines a puzzle exactly when one
//! solution of the empty board carries the values t in the cells S. So for
//! each set S of c cells (one per orbit of the symmetries), one pass over
//! the solutions counts how many carry each tuple of values in S, in a
//! table indexed by the tuple (counts stop at 2: only "once" matters); a
//! tuple seen exactly once is a puzzle with c clues. When no set of c cells
//! has such a tuple, no puzzle has c clues: that is the proof that fewer
//! than the minimum never suffice.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use super::cellsets::{canonical, CellSet};
use super::store::Solutions;
use crate::symmetry::Symmetry;

/// Entries a counting table may have (a byte each), per thread.
pub const TABLE_LIMIT: usize = 1 << 27;

/// What one clue count gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Level {
    pub clues: usize,
    /// Cell sets looked at: one per orbit (of this part of the work).
    pub cell_sets: u64,
    /// Puzzles with this many clues, symmetric copies counted apart.
    pub puzzles: u64,
    /// The puzzles up to symmetry (the board's and value reversal), each in
    /// its smallest form as (cell, value) pairs, in order.
    pub classes: BTreeSet<Vec<(usize, u32)>>,
    /// Every cell set was looked at (false when the clock stopped it, or
    /// `first` stopped it at its first puzzle).
    pub complete: bool,
}

/// Why a level could not be counted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LevelError {
    #[error("{clues} clues take {entries} value tuples per cell set, more than the {limit} a counting table may hold")]
    TableTooLarge {
        clues: usize,
        entries: u128,
        limit: usize,
    },
}

/// How a level runs.
#[derive(Debug, Clone, Copy)]
pub struct Run {
    pub threads: usize,
    /// Stop when the clock passes this.
    pub stop: Option<Instant>,
    /// Stop at the first cell set with a puzzle (the minimum is then
    /// proved, its puzzles not counted).
    pub first: bool,
}

/// Counts the puzzles with `clues` clues over `sets` (the cell sets of that
/// size to look at). `progress` hears how many sets are done.
pub fn level(
    solutions: &Solutions,
    clues: usize,
    sets: &[CellSet],
    symmetries: &[Symmetry],
    total: u32,
    run: Run,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Level, LevelError> {
    let entries = sets
        .iter()
        .map(|set| table_size(solutions, &set.cells))
        .max()
        .unwrap_or(0);
    if entries > TABLE_LIMIT as u128 {
        return Err(LevelError::TableTooLarge {
            clues,
            entries,
            limit: TABLE_LIMIT,
        });
    }
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let stopped = AtomicBool::new(false);
    let found = Mutex::new((0u64, BTreeSet::new()));
    let found_one = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for _ in 0..run.threads.max(1) {
            scope.spawn(|| {
                let mut table = vec![0u8; entries as usize];
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(set) = sets.get(index) else { break };
                    let late = run.stop.is_some_and(|stop| Instant::now() >= stop);
                    if late || (run.first && found_one.load(Ordering::Relaxed)) {
                        stopped.store(true, Ordering::Relaxed);
                        break;
                    }
                    let unique = unique_tuples(solutions, &set.cells, &mut table);
                    if !unique.is_empty() {
                        found_one.store(true, Ordering::Relaxed);
                        let forms: Vec<_> = unique
                            .iter()
                            .map(|clues| canonical(clues, total, symmetries))
                            .collect();
                        let mut found = found.lock().expect("no worker panics");
                        found.0 += unique.len() as u64 * set.orbit;
                        found.1.extend(forms);
                    }
                    progress(done.fetch_add(1, Ordering::Relaxed) as u64 + 1);
                }
            });
        }
    });
    let (puzzles, classes) = found.into_inner().expect("no worker panics");
    Ok(Level {
        clues,
        cell_sets: done.into_inner() as u64,
        puzzles,
        classes,
        complete: !stopped.into_inner(),
    })
}

/// Entries of the table for one cell set: the product of its cells' radices.
fn table_size(solutions: &Solutions, cells: &[usize]) -> u128 {
    cells
        .iter()
        .map(|&cell| solutions.radix(cell) as u128)
        .product()
}

/// The value tuples on `cells` that exactly one solution carries, as clue
/// sets. `table` is all zeros on entry and left so.
fn unique_tuples(
    solutions: &Solutions,
    cells: &[usize],
    table: &mut [u8],
) -> Vec<Vec<(usize, u32)>> {
    let columns: Vec<&[u8]> = cells.iter().map(|&cell| solutions.column(cell)).collect();
    let radices: Vec<usize> = cells.iter().map(|&cell| solutions.radix(cell)).collect();
    let mut strides = vec![1usize; cells.len()];
    for slot in 1..cells.len() {
        strides[slot] = strides[slot - 1] * radices[slot - 1];
    }
    let size = strides
        .last()
        .map_or(1, |&stride| stride * radices[cells.len() - 1]);
    let table = &mut table[..size];
    tally(solutions.len(), &columns, &strides, table);
    let mut unique = Vec::new();
    for (index, count) in table.iter_mut().enumerate() {
        if *count == 1 {
            let clues = cells
                .iter()
                .enumerate()
                .map(|(slot, &cell)| {
                    let rank = (index / strides[slot]) % radices[slot];
                    (cell, solutions.value(cell, rank as u8))
                })
                .collect();
            unique.push(clues);
        }
        *count = 0;
    }
    unique
}

/// Rows counted at a time: their table indices are summed one column at a
/// time (a loop the compiler vectorises), then counted.
const CHUNK: usize = 4096;

/// One pass over the `rows` solutions: each row's tuple counted in
/// `table` (with no columns, every row is the empty tuple).
fn tally(rows: usize, columns: &[&[u8]], strides: &[usize], table: &mut [u8]) {
    let mut indices = [0u32; CHUNK];
    for start in (0..rows).step_by(CHUNK) {
        let end = (start + CHUNK).min(rows);
        let indices = &mut indices[..end - start];
        indices.fill(0);
        for (column, &stride) in columns.iter().zip(strides) {
            for (index, &rank) in indices.iter_mut().zip(&column[start..end]) {
                *index += rank as u32 * stride as u32;
            }
        }
        for &index in indices.iter() {
            let count = &mut table[index as usize];
            *count = (*count + 1).min(2);
        }
    }
}
