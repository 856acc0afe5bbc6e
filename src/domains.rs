//! The reduction: for each cell, the set of values it can still hold.
//!
//! Both formulations are built over these domains when `--reduce` is on (the
//! default). Every rule below removes only values that no solution uses, so
//! the reduced model has exactly the solutions of the faithful one:
//!
//! 1. **Distance and parity to a fixed cell.** If cell `d` holds `v`, then cell
//!    `c` can hold `k` only if `dist(c, d) <= |k - v|` with the same parity
//!    (the path needs `dist` steps and alternates colours).
//! 2. **Colour count.** When T is odd, odd values fill the corner colour.
//! 3. **Neighbour support.** `k` stays in `c` only if a neighbour can hold
//!    `k - 1` and another neighbour can hold `k + 1` (1 needs only the
//!    successor, T only the predecessor).
//! 4. **Singletons.** A cell with one value left, or a value with one cell
//!    left, is fixed and acts as a clue (rule 1 runs again from it).
//!
//! 5. **Shaving.** Suppose a cell holds a value and run rules 1, 3 and 4 on a
//!    copy; if a domain empties, the value goes. Passes repeat until one
//!    removes nothing (skipped on boards over [`SHAVING_BUDGET`]).
//!
//! Rules 3 and 4 repeat until nothing changes. An empty domain proves the
//! board infeasible.

use std::time::Instant;

use crate::board::{Board, Cell};
use crate::precheck::Contradiction;

/// Per-cell value sets, as bitsets: bit `k` of a cell's words is value `k`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Domains {
    total: u32,
    words_per_cell: usize,
    bits: Vec<u64>,
    /// How many rounds of neighbour support ran (not counting shaving trials).
    rounds: usize,
    /// How many shaving passes ran (0 when the board was over the budget).
    shaving_passes: usize,
}

/// Shaving is skipped when (open pairs) x T exceeds this: the work of one
/// pass grows about as that product times the cells, and past it (30x30
/// boards) a pass would cost seconds. Deterministic, unlike a time budget,
/// so the same board always gives the same model.
pub const SHAVING_BUDGET: u64 = 4_000_000;

/// What the reduction did, in numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct ReductionSummary {
    /// (cell, value) pairs left, out of T * T.
    pub pairs: usize,
    /// Cells whose value is decided (clues included).
    pub fixed_cells: usize,
    /// Rounds of neighbour support until the fixpoint (not counting shaving trials).
    pub rounds: usize,
    /// Shaving passes (rule 5); 0 when the board was over the budget.
    pub shaving_passes: usize,
}

impl Domains {
    /// Reduces the domains of a board to the fixpoint of the rules above,
    /// then shaves them (rule 5) when the board is within [`SHAVING_BUDGET`].
    pub fn reduce(board: &Board) -> Result<Domains, Contradiction> {
        Domains::reduce_with(board, true, None)
    }

    /// As [`Domains::reduce`]; `shave: false` stops after rules 1-4, and
    /// shaving stops early at `stop` (what it removed so far stays removed:
    /// every removal is sound on its own).
    pub fn reduce_with(
        board: &Board,
        shave: bool,
        stop: Option<Instant>,
    ) -> Result<Domains, Contradiction> {
        let mut domains = Domains::all_values(board);
        let total = board.total();
        if total % 2 == 1 {
            // Rule 2: odd values on the corner colour, even values on the other.
            let odd = domains.parity_mask(1);
            let even = domains.parity_mask(0);
            for cell in board.cells() {
                let mask = if cell.colour() == 0 { &odd } else { &even };
                domains.and_with(board.index(cell), mask);
            }
        }
        // fixed_value[index]: the value a decided cell holds, 0 while undecided.
        let mut fixed_value = vec![0u32; board.len()];
        let mut pending: Vec<(Cell, u32)> = Vec::new();
        for (cell, value) in board.clues() {
            let index = board.index(cell);
            if !domains.contains(index, value) {
                return Err(Contradiction::NoValueFor { cell });
            }
            domains.set_only(index, value);
            fixed_value[index] = value;
            pending.push((cell, value));
        }
        domains.propagate(board, &mut fixed_value, pending)?;
        let open_pairs = domains.open_pairs(&fixed_value);
        if shave && (open_pairs as u64) * (total as u64) <= SHAVING_BUDGET {
            domains.shave(board, &mut fixed_value, stop)?;
        }
        Ok(domains)
    }

    /// Rules 1, 3 and 4 to their fixpoint, starting from the cells in `pending`
    /// that were just fixed.
    fn propagate(
        &mut self,
        board: &Board,
        fixed_value: &mut [u32],
        mut pending: Vec<(Cell, u32)>,
    ) -> Result<(), Contradiction> {
        let total = board.total();
        loop {
            // Rule 1 from every newly fixed cell.
            while let Some((fixed_cell, value)) = pending.pop() {
                for cell in board.cells() {
                    if cell != fixed_cell {
                        let index = board.index(cell);
                        let distance = cell.distance(fixed_cell) as u32;
                        // A decided cell needs only its one value tested, not
                        // its whole bitset rewritten: this keeps boards with
                        // many clues (a solution fed back as a board) at
                        // O(T^2) instead of O(T^3 / 64).
                        let kept = match fixed_value[index] {
                            0 => {
                                self.keep_ring(index, value, distance);
                                !self.is_empty_at(index)
                            }
                            held => {
                                let gap = held.abs_diff(value);
                                gap >= distance && (gap - distance).is_multiple_of(2)
                            }
                        };
                        if !kept {
                            return Err(Contradiction::NoValueFor { cell });
                        }
                    }
                }
            }
            self.rounds += 1;
            let mut changed = self.support_round(board)?;
            // Rule 4, cells: one value left.
            for cell in board.cells() {
                let index = board.index(cell);
                if fixed_value[index] == 0 {
                    if let Some(value) = self.single(index) {
                        fixed_value[index] = value;
                        pending.push((cell, value));
                    }
                }
            }
            // Rule 4, values: one cell left.
            let mut holders = vec![(0usize, 0usize); total as usize + 1];
            for index in 0..board.len() {
                for value in self.values_at(index) {
                    let (count, last) = &mut holders[value as usize];
                    *count += 1;
                    *last = index;
                }
            }
            for value in 1..=total {
                let (count, index) = holders[value as usize];
                if count == 0 {
                    return Err(Contradiction::NoCellFor { value });
                }
                if count == 1 && fixed_value[index] == 0 {
                    self.set_only(index, value);
                    fixed_value[index] = value;
                    pending.push((board.cell(index), value));
                }
            }
            changed |= !pending.is_empty();
            if !changed {
                return Ok(());
            }
        }
    }

    /// Rule 5, shaving: for each open (cell, value) pair, suppose the cell
    /// holds the value and propagate rules 1-4 on a copy; if that empties a
    /// domain, no solution has the pair, and it goes. Passes repeat until one
    /// removes nothing. (This is what a MIP presolve's probing does on the
    /// binaries, done on the domains before the model exists.)
    fn shave(
        &mut self,
        board: &Board,
        fixed_value: &mut [u32],
        stop: Option<Instant>,
    ) -> Result<(), Contradiction> {
        loop {
            self.shaving_passes += 1;
            let mut removed_any = false;
            for index in 0..board.len() {
                if fixed_value[index] != 0 {
                    continue;
                }
                if stop.is_some_and(|stop| Instant::now() >= stop) {
                    return Ok(());
                }
                let candidates: Vec<u32> = self.values_at(index).collect();
                for value in candidates {
                    if fixed_value[index] != 0 || !self.contains(index, value) {
                        continue; // decided or removed since the list was made
                    }
                    let mut trial = self.clone();
                    let mut trial_fixed = fixed_value.to_vec();
                    trial.set_only(index, value);
                    trial_fixed[index] = value;
                    let cell = board.cell(index);
                    if trial
                        .propagate(board, &mut trial_fixed, vec![(cell, value)])
                        .is_err()
                    {
                        self.remove(index, value);
                        removed_any = true;
                        if self.is_empty_at(index) {
                            return Err(Contradiction::NoValueFor { cell });
                        }
                        let pending = match self.single(index) {
                            Some(only) => {
                                fixed_value[index] = only;
                                vec![(cell, only)]
                            }
                            None => Vec::new(),
                        };
                        self.propagate(board, fixed_value, pending)?;
                    }
                }
            }
            if !removed_any {
                return Ok(());
            }
        }
    }

    /// (cell, value) pairs of undecided cells.
    fn open_pairs(&self, fixed_value: &[u32]) -> usize {
        (0..fixed_value.len())
            .filter(|&index| fixed_value[index] == 0)
            .map(|index| {
                self.words(index)
                    .iter()
                    .map(|word| word.count_ones() as usize)
                    .sum::<usize>()
            })
            .sum()
    }

    fn remove(&mut self, index: usize, value: u32) {
        self.bits[index * self.words_per_cell + value as usize / 64] &= !(1 << (value % 64));
    }

    fn all_values(board: &Board) -> Domains {
        let total = board.total();
        let words_per_cell = (total as usize + 1).div_ceil(64);
        let mut row = vec![0u64; words_per_cell];
        for value in 1..=total as usize {
            row[value / 64] |= 1 << (value % 64);
        }
        let mut bits = Vec::with_capacity(words_per_cell * board.len());
        for _ in 0..board.len() {
            bits.extend_from_slice(&row);
        }
        Domains {
            total,
            words_per_cell,
            bits,
            rounds: 0,
            shaving_passes: 0,
        }
    }

    /// Rule 3 once over every cell; true if anything was removed.
    fn support_round(&mut self, board: &Board) -> Result<bool, Contradiction> {
        let mut changed = false;
        let words = self.words_per_cell;
        let total = self.total as usize;
        for cell in board.cells() {
            let index = board.index(cell);
            // At most four neighbours: kept on the stack, as this runs for
            // every cell in every round of every shaving trial.
            let mut neighbour_cells = [0usize; 4];
            let mut count = 0;
            for neighbour in board.neighbours(cell) {
                neighbour_cells[count] = board.index(neighbour);
                count += 1;
            }
            let neighbours = &neighbour_cells[..count];
            let start = index * words;
            for w in 0..words {
                // For neighbour i: `before[i]` has bit k iff it can hold k - 1,
                // `after[i]` has bit k iff it can hold k + 1.
                let mut before = [0u64; 4];
                let mut after = [0u64; 4];
                for (i, &neighbour) in neighbours.iter().enumerate() {
                    let held = self.words(neighbour);
                    before[i] = (held[w] << 1) | if w > 0 { held[w - 1] >> 63 } else { 0 };
                    after[i] = (held[w] >> 1) | if w + 1 < words { held[w + 1] << 63 } else { 0 };
                }
                // k needs k - 1 and k + 1 in two different neighbours (the
                // path enters and leaves through different edges)...
                let mut keep = 0;
                for (i, entered) in before[..count].iter().enumerate() {
                    for (j, left) in after[..count].iter().enumerate() {
                        if i != j {
                            keep |= entered & left;
                        }
                    }
                }
                let any_before = before.iter().fold(0, |union, word| union | word);
                let any_after = after.iter().fold(0, |union, word| union | word);
                // ...but 1 needs only a successor and T only a predecessor.
                if w == 0 {
                    keep |= (1 << 1) & any_after;
                }
                if w == total / 64 {
                    keep |= (1 << (total % 64)) & any_before;
                }
                if total == 1 && w == 0 {
                    keep |= 1 << 1; // a 1x1 board: the single value needs neither
                }
                let old = self.bits[start + w];
                let new = old & keep;
                if new != old {
                    self.bits[start + w] = new;
                    changed = true;
                }
            }
            if self.is_empty_at(index) {
                return Err(Contradiction::NoValueFor { cell });
            }
        }
        Ok(changed)
    }

    /// Keeps, in cell `index`, the values k with |k - v| >= d and of d's parity.
    fn keep_ring(&mut self, index: usize, value: u32, distance: u32) {
        let total = self.total as i64;
        let (low, high) = (
            value as i64 - distance as i64,
            value as i64 + distance as i64,
        );
        // Values of the ring share the parity of `low` (and of `high`).
        let parity = low.rem_euclid(2) as u32;
        let start = index * self.words_per_cell;
        for w in 0..self.words_per_cell {
            let base = (w * 64) as i64;
            let below = mask_up_to(low - base);
            let above = !mask_up_to(high - 1 - base);
            let in_range = if high <= total { below | above } else { below };
            self.bits[start + w] &= in_range & parity_word(parity);
        }
    }

    fn parity_mask(&self, parity: u32) -> Vec<u64> {
        vec![parity_word(parity); self.words_per_cell]
    }

    fn and_with(&mut self, index: usize, mask: &[u64]) {
        let start = index * self.words_per_cell;
        for (word, mask) in self.bits[start..start + self.words_per_cell]
            .iter_mut()
            .zip(mask)
        {
            *word &= mask;
        }
    }

    fn set_only(&mut self, index: usize, value: u32) {
        let start = index * self.words_per_cell;
        self.bits[start..start + self.words_per_cell].fill(0);
        self.bits[start + value as usize / 64] |= 1 << (value % 64);
    }

    fn words(&self, index: usize) -> &[u64] {
        &self.bits[index * self.words_per_cell..(index + 1) * self.words_per_cell]
    }

    fn is_empty_at(&self, index: usize) -> bool {
        self.words(index).iter().all(|&word| word == 0)
    }

    fn contains(&self, index: usize, value: u32) -> bool {
        value >= 1
            && value <= self.total
            && self.words(index)[value as usize / 64] & (1 << (value % 64)) != 0
    }

    fn single(&self, index: usize) -> Option<u32> {
        let mut values = self.values_at(index);
        let first = values.next()?;
        values.next().is_none().then_some(first)
    }

    fn values_at(&self, index: usize) -> impl Iterator<Item = u32> + '_ {
        self.words(index)
            .iter()
            .enumerate()
            .flat_map(|(w, &word)| BitIter(word).map(move |bit| (w * 64 + bit) as u32))
    }

    /// T, the largest value.
    pub fn total(&self) -> u32 {
        self.total
    }

    /// Can `cell` hold `value`?
    pub fn allows(&self, board: &Board, cell: Cell, value: u32) -> bool {
        self.contains(board.index(cell), value)
    }

    /// The values `cell` can hold, ascending.
    pub fn values(&self, board: &Board, cell: Cell) -> Vec<u32> {
        self.values_at(board.index(cell)).collect()
    }

    /// The value of `cell` if only one is left.
    pub fn fixed(&self, board: &Board, cell: Cell) -> Option<u32> {
        self.single(board.index(cell))
    }

    /// Smallest and largest value `cell` can hold.
    pub fn range(&self, board: &Board, cell: Cell) -> (u32, u32) {
        let mut values = self.values_at(board.index(cell));
        let low = values.next().unwrap_or(0);
        (low, values.last().unwrap_or(low))
    }

    /// Number of values `cell` can hold.
    pub fn size(&self, board: &Board, cell: Cell) -> usize {
        self.words(board.index(cell))
            .iter()
            .map(|word| word.count_ones() as usize)
            .sum()
    }

    pub fn summary(&self, board: &Board) -> ReductionSummary {
        ReductionSummary {
            pairs: self
                .bits
                .iter()
                .map(|word| word.count_ones() as usize)
                .sum(),
            fixed_cells: (0..board.len())
                .filter(|&index| self.single(index).is_some())
                .count(),
            rounds: self.rounds,
            shaving_passes: self.shaving_passes,
        }
    }
}

/// Bits 0..=n of a word (none for n < 0, all for n >= 63).
fn mask_up_to(n: i64) -> u64 {
    if n < 0 {
        0
    } else if n >= 63 {
        u64::MAX
    } else {
        (1u64 << (n + 1)) - 1
    }
}

/// Bits whose index has the given parity (bit k of word w is value 64w + k,
/// and 64w is even, so the pattern is the same in every word).
fn parity_word(parity: u32) -> u64 {
    if parity == 0 {
        0x5555_5555_5555_5555
    } else {
        0xAAAA_AAAA_AAAA_AAAA
    }
}

/// The set bits of a word, lowest first.
struct BitIter(u64);

impl Iterator for BitIter {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(bit)
    }
}
