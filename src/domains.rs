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
//! 5. **All different.** Each value sits in exactly one cell, so the (cell,
//!    value) pairs must hold a perfect matching of cells to values; a pair
//!    that lies in no perfect matching goes (Régin's filter: find one
//!    matching, then keep a pair only if its cell and the cell matched to
//!    its value share a strongly connected component of the alternating
//!    graph).
//! 6. **Shaving.** Suppose a cell holds a value and run rules 1, 3-5 and 7
//!    on a copy; if a domain empties, the value goes. Passes repeat until one
//!    removes nothing; the first leaves rule 5 out, for speed (shaving is
//!    skipped on boards over [`SHAVING_BUDGET`]).
//! 7. **Learned nogoods.** A shaving trial "c holds k" that succeeds but
//!    removes "d holds j" proves that no solution has both; whenever
//!    propagation later fixes d to j, c loses k (`domains/nogoods.rs`;
//!    skipped with more than [`NOGOOD_PAIRS_LIMIT`] open pairs).
//!
//! Rules 1, 3-5 and 7 run from a work list to their common fixpoint. An
//! empty domain proves the board infeasible.

use std::time::Instant;

use crate::board::{Board, Cell};
use crate::precheck::Contradiction;

mod nogoods;
use nogoods::Nogoods;
pub use nogoods::NOGOOD_PAIRS_LIMIT;

/// Per-cell value sets, as bitsets: bit `k` of a cell's words is value `k`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Domains {
    total: u32,
    words_per_cell: usize,
    bits: Vec<u64>,
    /// `holders[k]`: how many cells can still hold `k`.
    holders: Vec<u32>,
    /// `fixed[cell]`: the value of a decided cell, 0 while it is open.
    fixed: Vec<u32>,
    /// `matched[cell]`: its value in the last perfect matching rule 5 found
    /// (0 before the first), the warm start of the next one.
    matched: Vec<u32>,
    /// Rule 1 has run from some fixed cell, so every domain already keeps a
    /// single parity and later rings only need the words near their value.
    parity_settled: bool,
    /// Neighbour-support checks of single cells (not counting shaving trials).
    support_checks: usize,
    /// How many shaving passes ran (0 when the board was over the budget).
    shaving_passes: usize,
    /// Nogoods shaving learned (rule 7).
    nogoods: usize,
}

/// Shaving is skipped when (open pairs) x T exceeds this: the work of one
/// pass grows about as that product. The sparse 30x30 benchmark boards come
/// to 8-10 million and shave in 1-7 s; a 40x40 board would be several times
/// that. Deterministic, unlike a time budget, so the same board always gives
/// the same model (a time limit still stops shaving early).
pub const SHAVING_BUDGET: u64 = 12_000_000;

/// What the reduction did, in numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct ReductionSummary {
    /// (cell, value) pairs left, out of T * T.
    pub pairs: usize,
    /// Cells whose value is decided (clues included).
    pub fixed_cells: usize,
    /// Neighbour-support checks of single cells (rule 3), not counting
    /// shaving trials.
    pub support_checks: usize,
    /// Shaving passes (rule 6); 0 when the board was over the budget.
    pub shaving_passes: usize,
    /// Pairs of pairs that shaving proved cannot share a solution (rule 7);
    /// 0 without shaving or over [`NOGOOD_PAIRS_LIMIT`].
    pub nogoods: usize,
}

/// What propagation still has to do, and buffers rule 5 reuses.
struct Agenda {
    /// Cells just fixed: rule 1 runs from each.
    fixed: Vec<usize>,
    /// Values that just dropped to one holder (rule 4).
    lonely: Vec<u32>,
    /// Cells whose neighbour support (rule 3) must be checked again.
    support: Vec<usize>,
    queued: Vec<bool>,
    matching: MatchingScratch,
    /// Whether rule 5 runs (shaving's first pass leaves it out).
    all_different: bool,
}

impl Agenda {
    fn new(cells: usize) -> Agenda {
        Agenda {
            fixed: Vec::new(),
            lonely: Vec::new(),
            support: Vec::new(),
            queued: vec![false; cells],
            matching: MatchingScratch::default(),
            all_different: true,
        }
    }

    /// Empties the agenda after a failed propagation, keeping its buffers.
    fn clear(&mut self) {
        self.fixed.clear();
        self.lonely.clear();
        for index in self.support.drain(..) {
            self.queued[index] = false;
        }
    }

    fn check_support(&mut self, index: usize) {
        if !self.queued[index] {
            self.queued[index] = true;
            self.support.push(index);
        }
    }

    fn next_support(&mut self) -> Option<usize> {
        let index = self.support.pop()?;
        self.queued[index] = false;
        Some(index)
    }
}

impl Domains {
    /// Reduces the domains of a board to the fixpoint of the rules above,
    /// then shaves them (rule 6) when the board is within [`SHAVING_BUDGET`].
    pub fn reduce(board: &Board) -> Result<Domains, Contradiction> {
        Domains::reduce_with(board, true, None)
    }

    /// As [`Domains::reduce`]; `shave: false` stops after rules 1-5, and
    /// shaving stops early at `stop` (what it removed so far stays removed:
    /// every removal is sound on its own).
    pub fn reduce_with(
        board: &Board,
        shave: bool,
        stop: Option<Instant>,
    ) -> Result<Domains, Contradiction> {
        let mut domains = Domains::all_values(board);
        let mut agenda = Agenda::new(board.len());
        if board.total() % 2 == 1 {
            // Rule 2: odd values on the corner colour, even values on the other.
            let all_words = 0..domains.words_per_cell;
            for cell in board.cells() {
                let parity = if cell.colour() == 0 { 1 } else { 0 };
                let index = board.index(cell);
                domains.keep_only(board, index, all_words.clone(), &mut agenda, |_| {
                    parity_word(parity)
                })?;
            }
        }
        for (cell, value) in board.clues() {
            let index = board.index(cell);
            if !domains.contains(index, value) {
                return Err(Contradiction::NoValueFor { cell });
            }
            domains.fix(board, index, value, &mut agenda)?;
        }
        for index in 0..board.len() {
            agenda.check_support(index);
        }
        domains.propagate(board, &mut agenda, None)?;
        if shave {
            domains.shave_within_budget(board, stop)?;
        }
        Ok(domains)
    }

    /// Rules 6 and 7 on domains already at the fixpoint of rules 1-5 (from
    /// `reduce_with(board, false, _)`), when the board is within
    /// [`SHAVING_BUDGET`]: the pipeline lets the search try first, and
    /// shaves only what it left.
    pub fn shave_within_budget(
        &mut self,
        board: &Board,
        stop: Option<Instant>,
    ) -> Result<(), Contradiction> {
        let open_pairs = self.open_pairs();
        if (open_pairs as u64) * (self.total as u64) <= SHAVING_BUDGET {
            self.shave(board, stop)?;
        }
        Ok(())
    }

    /// Rules 1, 3, 4 and 5 (unless the agenda leaves it out), and 7 with
    /// `nogoods`, until the agenda is empty and rule 5 removes nothing.
    fn propagate(
        &mut self,
        board: &Board,
        agenda: &mut Agenda,
        nogoods: Option<&Nogoods>,
    ) -> Result<(), Contradiction> {
        loop {
            if let Some(index) = agenda.fixed.pop() {
                self.distance_from(board, index, agenda)?;
                if let Some(nogoods) = nogoods {
                    nogoods.apply(self, board, index, agenda)?;
                }
            } else if let Some(value) = agenda.lonely.pop() {
                if self.holders[value as usize] == 1 {
                    let index = (0..board.len())
                        .find(|&index| self.contains(index, value))
                        .expect("a value with one holder has a holder");
                    if self.fixed[index] == 0 {
                        self.fix(board, index, value, agenda)?;
                    }
                }
            } else if let Some(index) = agenda.next_support() {
                self.support_checks += 1;
                self.support(board, index, agenda)?;
            } else if !(agenda.all_different && self.all_different(board, agenda)?) {
                return Ok(());
            }
        }
    }

    /// Rule 1 from a fixed cell: every other cell keeps only the values at
    /// the right distance and parity from it.
    fn distance_from(
        &mut self,
        board: &Board,
        fixed_index: usize,
        agenda: &mut Agenda,
    ) -> Result<(), Contradiction> {
        let fixed_cell = board.cell(fixed_index);
        let value = self.fixed[fixed_index];
        for index in 0..board.len() {
            if index == fixed_index {
                continue;
            }
            let cell = board.cell(index);
            let distance = cell.distance(fixed_cell) as u32;
            match self.fixed[index] {
                // A decided cell needs only its one value tested, not its
                // whole bitset rewritten: this keeps boards with many clues
                // (a solution fed back as a board) at O(T^2), not O(T^3 / 64).
                0 => self.keep_ring(board, index, value, distance, agenda)?,
                held => {
                    let gap = held.abs_diff(value);
                    if gap < distance || !(gap - distance).is_multiple_of(2) {
                        return Err(Contradiction::NoValueFor { cell });
                    }
                }
            }
        }
        self.parity_settled = true;
        Ok(())
    }

    /// Rule 6, shaving: for each open (cell, value) pair, suppose the cell
    /// holds the value and propagate on a copy; if that empties a domain, no
    /// solution has the pair, and it goes. Passes repeat until one removes
    /// nothing. (This is what a MIP presolve's probing does on the binaries,
    /// done on the domains before the model exists.)
    ///
    /// A trial that succeeds also clears every pair its copy fixed: starting
    /// from one of those pairs, propagation reaches a superset of the same
    /// consistent copy, so it cannot fail either (the rules only narrow, and
    /// their fixpoint is the largest one below the start). Those pairs are
    /// not tried again in the same pass.
    ///
    /// Each successful trial also teaches the nogoods of rule 7 (what it
    /// removed cannot go with its pair), and every later propagation, in
    /// trials and after removals, applies them.
    fn shave(&mut self, board: &Board, stop: Option<Instant>) -> Result<(), Contradiction> {
        let mut cleared = vec![0u64; self.bits.len()];
        let mut trial = self.clone();
        let mut agenda = Agenda::new(board.len());
        let mut nogoods = Nogoods::over(self);
        for pass in 1.. {
            self.shaving_passes = pass;
            // Rule 5 is the costliest rule, and while the domains are wide the
            // others refute most of what fails: the first pass leaves it out
            // (measured: 15x15_2 shaves in 180 ms against 226, 30x30_2 in
            // 0.82 s against 1.21), and the second starts from its fixpoint.
            let first_pass = pass == 1;
            agenda.all_different = !first_pass;
            if pass == 2 {
                self.propagate(board, &mut agenda, nogoods.as_ref())?;
            }
            let mut removed_any = false;
            cleared.fill(0);
            for index in 0..board.len() {
                if self.fixed[index] != 0 {
                    continue;
                }
                if stop.is_some_and(|stop| Instant::now() >= stop) {
                    return Ok(());
                }
                let candidates: Vec<u32> = self.values_at(index).collect();
                for value in candidates {
                    let at = index * self.words_per_cell + value as usize / 64;
                    if self.fixed[index] != 0
                        || !self.contains(index, value)
                        || cleared[at] & (1 << (value % 64)) != 0
                    {
                        continue; // decided, removed or cleared since the list was made
                    }
                    trial.copy_from(self);
                    let outcome = trial
                        .fix(board, index, value, &mut agenda)
                        .and_then(|()| trial.propagate(board, &mut agenda, nogoods.as_ref()));
                    agenda.clear();
                    if outcome.is_ok() {
                        if let Some(nogoods) = &mut nogoods {
                            self.nogoods += nogoods.learn(self, &trial, index, value);
                        }
                        for (cell, &held) in trial.fixed.iter().enumerate() {
                            if held != 0 {
                                cleared[cell * self.words_per_cell + held as usize / 64] |=
                                    1 << (held % 64);
                            }
                        }
                        continue;
                    }
                    removed_any = true;
                    self.remove(board, index, value, &mut agenda)?;
                    self.propagate(board, &mut agenda, nogoods.as_ref())?;
                }
            }
            if !removed_any && !first_pass {
                break;
            }
        }
        Ok(())
    }

    /// Makes this a copy of `other` (same board), reusing the buffers.
    fn copy_from(&mut self, other: &Domains) {
        self.bits.copy_from_slice(&other.bits);
        self.holders.copy_from_slice(&other.holders);
        self.fixed.copy_from_slice(&other.fixed);
        self.matched.copy_from_slice(&other.matched);
        self.parity_settled = other.parity_settled;
    }

    /// Fixes an open cell to one of its values.
    fn fix(
        &mut self,
        board: &Board,
        index: usize,
        value: u32,
        agenda: &mut Agenda,
    ) -> Result<(), Contradiction> {
        let words = 0..self.words_per_cell;
        self.keep_only(board, index, words, agenda, |w| {
            if w == value as usize / 64 {
                1 << (value % 64)
            } else {
                0
            }
        })
    }

    /// Removes one value from a cell.
    fn remove(
        &mut self,
        board: &Board,
        index: usize,
        value: u32,
        agenda: &mut Agenda,
    ) -> Result<(), Contradiction> {
        let w = value as usize / 64;
        self.keep_only(board, index, w..w + 1, agenda, |_| !(1 << (value % 64)))
    }

    /// Keeps, in each word `w` of cell `index` in `words`, only the values in
    /// `mask(w)`; if any went, reports the cell as [`Domains::changed`].
    fn keep_only(
        &mut self,
        board: &Board,
        index: usize,
        words: std::ops::Range<usize>,
        agenda: &mut Agenda,
        mask: impl Fn(usize) -> u64,
    ) -> Result<(), Contradiction> {
        let mut changed = false;
        for w in words {
            let word = self.bits[index * self.words_per_cell + w] & mask(w);
            changed |= self.narrow_word(index, w, word, &mut agenda.lonely)?;
        }
        if changed {
            self.changed(board, index, agenda)?;
        }
        Ok(())
    }

    /// Replaces word `w` of a cell by `word`, a subset of it, and counts the
    /// holders of the values it drops. True if anything was dropped; the
    /// caller then reports the cell as [`Domains::changed`].
    #[inline]
    fn narrow_word(
        &mut self,
        index: usize,
        w: usize,
        word: u64,
        lonely: &mut Vec<u32>,
    ) -> Result<bool, Contradiction> {
        let at = index * self.words_per_cell + w;
        let dropped = self.bits[at] & !word;
        if dropped == 0 {
            return Ok(false);
        }
        self.bits[at] = word;
        for bit in BitIter(dropped) {
            let value = (w * 64 + bit) as u32;
            let holders = &mut self.holders[value as usize];
            *holders -= 1;
            match *holders {
                0 => return Err(Contradiction::NoCellFor { value }),
                1 => lonely.push(value),
                _ => {}
            }
        }
        Ok(true)
    }

    /// After a cell lost values: an empty cell is a contradiction, a cell
    /// with one value is fixed (rule 4), and its neighbours' support must be
    /// checked again (rule 3).
    fn changed(
        &mut self,
        board: &Board,
        index: usize,
        agenda: &mut Agenda,
    ) -> Result<(), Contradiction> {
        let cell = board.cell(index);
        if self.is_empty_at(index) {
            return Err(Contradiction::NoValueFor { cell });
        }
        if self.fixed[index] == 0 {
            if let Some(value) = self.single(index) {
                self.fixed[index] = value;
                agenda.fixed.push(index);
            }
        }
        for neighbour in board.neighbours(cell) {
            agenda.check_support(board.index(neighbour));
        }
        Ok(())
    }

    /// (cell, value) pairs of undecided cells.
    fn open_pairs(&self) -> usize {
        (0..self.fixed.len())
            .filter(|&index| self.fixed[index] == 0)
            .map(|index| self.count_at(index))
            .sum()
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
        let mut holders = vec![board.len() as u32; total as usize + 1];
        holders[0] = 0;
        Domains {
            total,
            words_per_cell,
            bits,
            holders,
            fixed: vec![0; board.len()],
            matched: vec![0; board.len()],
            parity_settled: false,
            support_checks: 0,
            shaving_passes: 0,
            nogoods: 0,
        }
    }

    /// Rule 3 at one cell.
    fn support(
        &mut self,
        board: &Board,
        index: usize,
        agenda: &mut Agenda,
    ) -> Result<(), Contradiction> {
        let words = self.words_per_cell;
        let total = self.total as usize;
        let cell = board.cell(index);
        // At most four neighbours: kept on the stack, as this runs for every
        // change in every shaving trial.
        let mut neighbour_cells = [0usize; 4];
        let mut count = 0;
        for neighbour in board.neighbours(cell) {
            neighbour_cells[count] = board.index(neighbour);
            count += 1;
        }
        let neighbours = &neighbour_cells[..count];
        let mut changed = false;
        for w in 0..words {
            if self.bits[index * words + w] == 0 {
                continue; // nothing here to lose
            }
            // For neighbour i: `before[i]` has bit k iff it can hold k - 1,
            // `after[i]` has bit k iff it can hold k + 1.
            let mut before = [0u64; 4];
            let mut after = [0u64; 4];
            for (i, &neighbour) in neighbours.iter().enumerate() {
                let held = self.words(neighbour);
                before[i] = (held[w] << 1) | if w > 0 { held[w - 1] >> 63 } else { 0 };
                after[i] = (held[w] >> 1) | if w + 1 < words { held[w + 1] << 63 } else { 0 };
            }
            // k needs k - 1 and k + 1 in two different neighbours (the path
            // enters and leaves through different edges)...
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
            let word = self.bits[index * words + w] & keep;
            changed |= self.narrow_word(index, w, word, &mut agenda.lonely)?;
        }
        if changed {
            self.changed(board, index, agenda)?;
        }
        Ok(())
    }

    /// Keeps, in cell `index`, the values k with |k - v| >= d and of d's parity.
    fn keep_ring(
        &mut self,
        board: &Board,
        index: usize,
        value: u32,
        distance: u32,
        agenda: &mut Agenda,
    ) -> Result<(), Contradiction> {
        let total = self.total as i64;
        let (low, high) = (
            value as i64 - distance as i64,
            value as i64 + distance as i64,
        );
        if self.parity_settled {
            // Every domain keeps its one parity already, which is the ring's:
            // only the values strictly between low and high can go.
            let (first, last) = ((low + 1).max(1) as usize, (high - 1).min(total) as usize);
            if first > last {
                return Ok(());
            }
            let (first_word, last_word) = (first / 64, last / 64);
            return self.keep_only(board, index, first_word..last_word + 1, agenda, |w| {
                let from = if w == first_word { first % 64 } else { 0 };
                let to = if w == last_word { last % 64 } else { 63 };
                !((u64::MAX << from) & (u64::MAX >> (63 - to)))
            });
        }
        // Values of the ring share the parity of `low` (and of `high`).
        let parity = low.rem_euclid(2) as u32;
        self.keep_only(board, index, 0..self.words_per_cell, agenda, |w| {
            let base = (w * 64) as i64;
            let below = mask_up_to(low - base);
            let above = !mask_up_to(high - 1 - base);
            let in_range = if high <= total { below | above } else { below };
            in_range & parity_word(parity)
        })
    }

    fn words(&self, index: usize) -> &[u64] {
        &self.bits[index * self.words_per_cell..(index + 1) * self.words_per_cell]
    }

    fn is_empty_at(&self, index: usize) -> bool {
        self.words(index).iter().all(|&word| word == 0)
    }

    fn count_at(&self, index: usize) -> usize {
        self.words(index)
            .iter()
            .map(|word| word.count_ones() as usize)
            .sum()
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
        self.count_at(board.index(cell))
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
            support_checks: self.support_checks,
            shaving_passes: self.shaving_passes,
            nogoods: self.nogoods,
        }
    }
}

/// Buffers for rule 5, kept between calls.
#[derive(Default)]
struct MatchingScratch {
    /// The open cells (a cell's place in this list is its node).
    open: Vec<usize>,
    cell_of_value: Vec<usize>,
    /// The place in `open` of the cell matched to each value.
    node_of_value: Vec<usize>,
    seen: Vec<usize>,
    stamp: usize,
    /// Augmenting-path search: frames (cell, word, values of the word left).
    frames: Vec<(usize, usize, u64)>,
    path: Vec<u32>,
    reached: Vec<usize>,
    components: Components,
}

impl Domains {
    /// Rule 5, all different. Finds a perfect matching of the open cells to
    /// the values they can hold (warm-started from the last one), then drops
    /// every pair that lies in none. Fixed cells are left out: rule 1 has
    /// already taken their values from every other cell. True if anything
    /// was dropped.
    // Kept out of `propagate`: inlined there, it made shaving 15x15_2 about
    // 40% slower (measured, 270 against 390 ms).
    #[inline(never)]
    fn all_different(&mut self, board: &Board, agenda: &mut Agenda) -> Result<bool, Contradiction> {
        let scratch = &mut agenda.matching;
        scratch.open.clear();
        scratch
            .open
            .extend((0..board.len()).filter(|&index| self.fixed[index] == 0));
        if scratch.open.is_empty() {
            return Ok(false);
        }
        scratch.cell_of_value.clear();
        scratch
            .cell_of_value
            .resize(self.total as usize + 1, NO_CELL);
        scratch.seen.resize(self.total as usize + 1, 0);
        for &index in &scratch.open {
            let value = self.matched[index];
            if value != 0 && self.contains(index, value) {
                scratch.cell_of_value[value as usize] = index;
            } else {
                self.matched[index] = 0;
            }
        }
        for node in 0..scratch.open.len() {
            let index = scratch.open[node];
            if self.matched[index] == 0 {
                self.augment(board, index, scratch)?;
            }
        }
        // The alternating graph, on open cells: an edge c -> d for each value
        // of c other than its matched one, d being the cell matched to that
        // value. A pair (c, v) is in some perfect matching iff it is matched,
        // or c and v's cell share a strongly connected component.
        let MatchingScratch {
            open,
            node_of_value,
            components,
            ..
        } = scratch;
        // Every value an open cell can hold is matched to an open cell (the
        // open cells and the values left are equally many).
        node_of_value.resize(self.total as usize + 1, NO_CELL);
        for (node, &index) in open.iter().enumerate() {
            node_of_value[self.matched[index] as usize] = node;
        }
        let words = self.words_per_cell;
        components.find(open.len(), |node, edges| {
            let index = open[node];
            let matched = self.matched[index] as usize;
            for (w, &word) in self.bits[index * words..][..words].iter().enumerate() {
                for bit in BitIter(word) {
                    let value = w * 64 + bit;
                    if value != matched {
                        edges.push(node_of_value[value]);
                    }
                }
            }
        });
        if !components.crossing {
            return Ok(false); // no pair joins two components: all stay
        }
        let mut narrowed = Vec::new();
        for (node, &index) in open.iter().enumerate() {
            let mut changed = false;
            for w in 0..self.words_per_cell {
                let mut word = self.words(index)[w];
                for bit in BitIter(word) {
                    let value = (w * 64 + bit) as u32;
                    let other = node_of_value[value as usize];
                    if value != self.matched[index]
                        && components.component[node] != components.component[other]
                    {
                        word &= !(1 << bit);
                    }
                }
                changed |= self.narrow_word(index, w, word, &mut agenda.lonely)?;
            }
            if changed {
                narrowed.push(index);
            }
        }
        for &index in &narrowed {
            self.changed(board, index, agenda)?;
        }
        Ok(!narrowed.is_empty())
    }

    /// Matches cell `start` by an augmenting path (depth first, on an explicit
    /// stack). With none, the cells the search reached hold one value too few
    /// between them: Hall's condition fails.
    fn augment(
        &mut self,
        board: &Board,
        start: usize,
        scratch: &mut MatchingScratch,
    ) -> Result<(), Contradiction> {
        let words = self.words_per_cell;
        // A free value of the cell itself is the shortest augmenting path;
        // looking for one first keeps the search from going deep for nothing.
        for (w, &word) in self.bits[start * words..][..words].iter().enumerate() {
            for bit in BitIter(word) {
                let value = w * 64 + bit;
                if scratch.cell_of_value[value] == NO_CELL {
                    scratch.cell_of_value[value] = start;
                    self.matched[start] = value as u32;
                    return Ok(());
                }
            }
        }
        scratch.stamp += 1;
        let stamp = scratch.stamp;
        scratch.frames.clear();
        scratch.path.clear();
        scratch.frames.push((start, 0, self.words(start)[0]));
        // path[i]: the value tried from frames[i]; reached: every cell the
        // search entered (each once, as each holds one matched value).
        scratch.reached.clear();
        scratch.reached.push(start);
        loop {
            let Some((cell, w, left)) = scratch.frames.last_mut() else {
                let mut cells: Vec<Cell> = scratch
                    .reached
                    .iter()
                    .map(|&index| board.cell(index))
                    .collect();
                cells.sort();
                return Err(Contradiction::Hall {
                    values: cells.len() - 1,
                    cells,
                });
            };
            if *left == 0 {
                if *w + 1 < words {
                    *w += 1;
                    *left = self.bits[*cell * words + *w];
                } else {
                    scratch.frames.pop();
                    scratch.path.pop();
                }
                continue;
            }
            let value = (*w * 64) as u32 + left.trailing_zeros();
            *left &= *left - 1;
            if scratch.seen[value as usize] == stamp {
                continue;
            }
            scratch.seen[value as usize] = stamp;
            scratch.path.push(value);
            let holder = scratch.cell_of_value[value as usize];
            if holder == NO_CELL {
                break;
            }
            scratch.reached.push(holder);
            scratch.frames.push((holder, 0, self.words(holder)[0]));
        }
        for (&(index, _, _), &value) in scratch.frames.iter().zip(&scratch.path) {
            scratch.cell_of_value[value as usize] = index;
            self.matched[index] = value;
        }
        Ok(())
    }
}

const NO_CELL: usize = usize::MAX;

/// Tarjan's strongly connected components, without recursion, with
/// buffers kept between calls.
#[derive(Default)]
struct Components {
    /// The graph as flat lists: node n's successors are
    /// `edges[starts[n]..starts[n + 1]]`.
    starts: Vec<usize>,
    edges: Vec<usize>,
    order: Vec<usize>,
    low: Vec<usize>,
    on_stack: Vec<bool>,
    stack: Vec<usize>,
    /// Depth-first search frames: (node, next edge to follow).
    frames: Vec<(usize, usize)>,
    /// The answer: a component id per node,
    component: Vec<usize>,
    /// and whether some edge joins two components.
    crossing: bool,
}

impl Components {
    /// Fills `component` for a graph of `nodes` nodes; `successors(n, edges)`
    /// pushes n's successors.
    fn find(&mut self, nodes: usize, successors: impl Fn(usize, &mut Vec<usize>)) {
        const UNSEEN: usize = usize::MAX;
        self.starts.clear();
        self.edges.clear();
        for node in 0..nodes {
            self.starts.push(self.edges.len());
            successors(node, &mut self.edges);
        }
        self.starts.push(self.edges.len());
        for list in [&mut self.order, &mut self.component] {
            list.clear();
            list.resize(nodes, UNSEEN);
        }
        self.low.clear();
        self.low.resize(nodes, 0);
        self.on_stack.clear();
        self.on_stack.resize(nodes, false);
        let mut next_order = 0;
        let mut next_component = 0;
        self.crossing = false;
        for root in 0..nodes {
            if self.order[root] != UNSEEN {
                continue;
            }
            self.enter(root, &mut next_order);
            while let Some(&(node, at)) = self.frames.last() {
                if at < self.starts[node + 1] {
                    self.frames.last_mut().expect("a frame is on top").1 += 1;
                    let next = self.edges[at];
                    if self.order[next] == UNSEEN {
                        self.enter(next, &mut next_order);
                    } else if self.on_stack[next] {
                        self.low[node] = self.low[node].min(self.order[next]);
                    } else {
                        self.crossing = true; // into a finished component
                    }
                    continue;
                }
                self.frames.pop();
                let parent = self.frames.last().map(|&(parent, _)| parent);
                if let Some(parent) = parent {
                    self.low[parent] = self.low[parent].min(self.low[node]);
                }
                if self.low[node] == self.order[node] {
                    // The edge from the parent leaves the parent's component.
                    self.crossing |= parent.is_some();
                    while let Some(member) = self.stack.pop() {
                        self.on_stack[member] = false;
                        self.component[member] = next_component;
                        if member == node {
                            break;
                        }
                    }
                    next_component += 1;
                }
            }
        }
    }

    fn enter(&mut self, node: usize, next_order: &mut usize) {
        self.order[node] = *next_order;
        self.low[node] = *next_order;
        *next_order += 1;
        self.stack.push(node);
        self.on_stack[node] = true;
        self.frames.push((node, self.starts[node]));
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

#[cfg(test)]
mod tests {
    use super::*;

    fn components_of(edges: &[(usize, usize)], nodes: usize) -> Components {
        let mut components = Components::default();
        components.find(nodes, |node, out| {
            out.extend(
                edges
                    .iter()
                    .filter(|(from, _)| *from == node)
                    .map(|(_, to)| *to),
            )
        });
        components
    }

    #[test]
    fn a_cycle_is_one_component_and_a_tail_is_not() {
        // 0 -> 1 -> 2 -> 0 is a cycle; 3 only points into it.
        let found = components_of(&[(0, 1), (1, 2), (2, 0), (3, 0)], 4);
        let component = &found.component;
        assert_eq!(component[0], component[1]);
        assert_eq!(component[1], component[2]);
        assert_ne!(component[3], component[0]);
        assert!(found.crossing, "3 -> 0 joins two components");
    }

    #[test]
    fn two_cycles_joined_one_way_stay_two_components() {
        // Searched from node 0, the joining edge is first a tree edge into a
        // new component (1 -> 2), then an edge into a finished one (3 -> 0).
        for edges in [
            [(0, 1), (1, 0), (1, 2), (2, 3), (3, 2)],
            [(2, 3), (3, 2), (3, 0), (0, 1), (1, 0)],
        ] {
            let found = components_of(&edges, 4);
            let component = &found.component;
            assert_eq!(component[0], component[1]);
            assert_eq!(component[2], component[3]);
            assert_ne!(component[0], component[2]);
            assert!(found.crossing);
        }
    }

    #[test]
    fn two_cycles_with_no_edge_between_them_have_none_crossing() {
        let found = components_of(&[(0, 1), (1, 0), (2, 3), (3, 2)], 4);
        assert_ne!(found.component[0], found.component[2]);
        assert!(!found.crossing, "nothing for rule 5 to remove");
    }

    #[test]
    fn the_all_different_rule_keeps_every_value_of_an_empty_2x2_board() {
        // The 8 paths put every value in every cell, so every pair lies in
        // some perfect matching and nothing may go.
        let board = Board::parse(b",\n,\n").unwrap();
        let domains = Domains::reduce_with(&board, false, None).unwrap();
        for cell in board.cells() {
            assert_eq!(domains.size(&board, cell), 4, "{cell}");
        }
    }
}
