//! The cells of each open value, kept from node to node.
//!
//! Choosing the next value looks at every open value's cells, and the
//! needy cells beside its placed neighbours, at every node; a placement
//! changes few of them. What an open value v may take is read from a small
//! patch of the board, the cells within two steps of a placed neighbour
//! value's cell a (`anchor` below):
//!
//! ```text
//! cells(v)  = { free x beside a : x may hold v (and is beside v + 1's cell, when both are placed) }
//! needy(a)  reads, for each free x beside a: whether x's neighbours are free
//!           or placed values still short of a neighbour value, and whether 1 and T are placed
//! room(v)   reads whether v - 2 and v + 2 are placed
//! ```
//!
//! So placing value p in cell c, or taking it back, changes what is kept
//! only for the values beside placed cells within two steps of c (their
//! cells and needy cells; c itself holds p, so p - 1 and p + 1 are among
//! them) or of the cells of p - 1 and p + 1 (which may stop being short of
//! a neighbour value, changing the ways into cells beside them; and p is
//! beside them, so p and p +- 2, whose room p changes, are among them
//! too); and for every value when p is 1 or T, or the lowest or highest
//! placed value whose move changes which cells an end can reach (which
//! cells may still be an end). Those are forgotten at each placement and
//! undo, and worked out again when asked; the rest is read as it was kept.
//! Which cells may hold which values does not change during the fill.

use super::{Fill, NONE};

/// The cells kept of one open value: its cells, and its cells narrowed by
/// needy cells (once asked, and only when they narrow).
#[derive(Clone, Copy)]
struct Choice {
    /// Its cells, as [`Fill::candidates`] gives them.
    cells: Cells,
    narrowed: Cells,
}

/// What the choice of value reads of each open value, in a few bytes (it
/// reads every open value at every node; the cells themselves only of the
/// value it chooses): whether what is kept is still true, and the counts.
#[derive(Clone, Copy, Default)]
struct Counts {
    /// `Choices::epoch` when kept; 0 when forgotten.
    epoch: u32,
    cells: u8,
    /// [`NOT_ASKED`], [`NOT_NARROWED`], or the count of the narrowed cells.
    narrowed: u8,
}

/// [`Counts::narrowed`]: the needy cells were not asked yet.
const NOT_ASKED: u8 = u8::MAX;
/// [`Counts::narrowed`]: the needy cells narrowed nothing.
const NOT_NARROWED: u8 = u8::MAX - 1;

/// Up to four cells and their count, kept in half the room of the
/// `([usize; 4], u8)` the fill works with (a cell's index fits in a u32:
/// a board has at most `MAX_CELLS` cells).
#[derive(Clone, Copy)]
struct Cells {
    cells: [u32; 4],
    count: u8,
}

impl Cells {
    fn keep((cells, count): ([usize; 4], u8)) -> Cells {
        Cells {
            cells: cells.map(|cell| if cell == NONE { u32::MAX } else { cell as u32 }),
            count,
        }
    }

    /// u32::MAX, read as an i32, is -1, which widens to usize::MAX (NONE);
    /// a cell's index (below `MAX_CELLS`, 2^24) widens to itself: one
    /// instruction a cell instead of a comparison, on every open value the
    /// choice of value reads.
    fn read(self) -> ([usize; 4], u8) {
        (self.cells.map(|cell| cell as i32 as usize), self.count)
    }
}

/// The kept cells of the open values, and which of them are still true.
pub(super) struct Choices {
    choices: Vec<Choice>,
    /// `kept[v].epoch == epoch`: `kept[v]` and `choices[v]` are still true.
    kept: Vec<Counts>,
    epoch: u32,
    /// The cells within two steps of each cell, itself included.
    patch: Vec<([u32; 13], u8)>,
    /// For each cell and each side (up, down, left, right), the cells
    /// within two steps of its neighbour on that side and three of the
    /// cell: with the cell's patch, the neighbour's patch, without reading
    /// the eight cells they share twice.
    fringe: Vec<[([u32; 5], u8); 4]>,
}

/// The sides of a cell, as `(row, column)` steps, in the order of
/// [`Choices::fringe`].
const SIDES: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

impl Choices {
    pub(super) fn new(total: u32, coordinates: &[(u16, u16)], columns: usize) -> Choices {
        let rows = coordinates.len() / columns;
        let patch = coordinates
            .iter()
            .map(|&(row, column)| {
                let (row, column) = (usize::from(row), usize::from(column));
                let mut cells = [0; 13];
                let mut count = 0;
                for r in row.saturating_sub(2)..=(row + 2).min(rows - 1) {
                    let reach = 2 - row.abs_diff(r);
                    for c in column.saturating_sub(reach)..=(column + reach).min(columns - 1) {
                        cells[count] = (r * columns + c) as u32;
                        count += 1;
                    }
                }
                (cells, count as u8)
            })
            .collect();
        let inside = |r: i32, c: i32| r >= 0 && c >= 0 && r < rows as i32 && c < columns as i32;
        let fringe = coordinates
            .iter()
            .map(|&(row, column)| {
                let (row, column) = (i32::from(row), i32::from(column));
                SIDES.map(|(dr, dc)| {
                    let mut cells = [0; 5];
                    let mut count = 0;
                    // Three steps from the cell, two from the neighbour: the
                    // far point of the neighbour's diamond and the two pairs
                    // beside it.
                    let (far_r, far_c) = (row + 3 * dr, column + 3 * dc);
                    for (r, c) in [
                        (far_r, far_c),
                        (far_r - dr + dc, far_c - dc + dr),
                        (far_r - dr - dc, far_c - dc - dr),
                        (far_r - 2 * dr + 2 * dc, far_c - 2 * dc + 2 * dr),
                        (far_r - 2 * dr - 2 * dc, far_c - 2 * dc - 2 * dr),
                    ] {
                        if inside(r, c) {
                            cells[count] = (r as usize * columns + c as usize) as u32;
                            count += 1;
                        }
                    }
                    (cells, count as u8)
                })
            })
            .collect();
        let unknown = Choice {
            cells: Cells::keep(([NONE; 4], 0)),
            narrowed: Cells::keep(([NONE; 4], 0)),
        };
        Choices {
            choices: vec![unknown; total as usize + 2],
            // T + 2 and T + 3 too, for `forget_beside_placed`.
            kept: vec![Counts::default(); total as usize + 4],
            epoch: 1,
            patch,
            fringe,
        }
    }

    /// Forgets what is kept of `value` (0 and T + 1 are there to be
    /// forgotten too, so that callers need no bounds).
    fn forget(&mut self, value: u32) {
        self.kept[value as usize].epoch = 0;
    }

    /// Forgets every value's cells.
    pub(super) fn forget_all(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            // 0 marks a forgotten value: start the count again.
            self.kept.fill(Counts::default());
            self.epoch = 1;
        }
    }
}

impl Fill<'_> {
    /// The cells open value `value` may take, as [`Fill::candidates`] gives
    /// them, kept from earlier nodes where still true.
    pub(super) fn cells_of(&mut self, value: u32) -> ([usize; 4], u8) {
        let epoch = self.choices.epoch;
        if self.choices.kept[value as usize].epoch != epoch {
            let cells = self.candidates(value);
            self.choices.choices[value as usize].cells = Cells::keep(cells);
            self.choices.kept[value as usize] = Counts {
                epoch,
                cells: cells.1,
                narrowed: NOT_ASKED,
            };
            return cells;
        }
        self.choices.choices[value as usize].cells.read()
    }

    /// The number of [`Fill::cells_of`] open value `value`: the choice of
    /// value reads only the counts of the values it passes over.
    pub(super) fn count_of(&mut self, value: u32) -> u8 {
        let kept = self.choices.kept[value as usize];
        if kept.epoch != self.choices.epoch {
            return self.cells_of(value).1;
        }
        kept.cells
    }

    /// The number of [`Fill::narrowed_cells_of`] open value `value`, if
    /// the needy cells narrow them (asked after [`Fill::count_of`]).
    pub(super) fn narrowed_count_of(&mut self, value: u32) -> Option<u8> {
        match self.choices.kept[value as usize].narrowed {
            NOT_ASKED => self.narrowed_cells_of(value).map(|(_, count)| count),
            NOT_NARROWED => None,
            count => Some(count),
        }
    }

    /// [`Fill::narrowed_by_needy`] of open value `value` and its cells,
    /// kept as [`Fill::cells_of`] keeps them (which it is asked after).
    pub(super) fn narrowed_cells_of(&mut self, value: u32) -> Option<([usize; 4], u8)> {
        let choice = &self.choices.choices[value as usize];
        match self.choices.kept[value as usize].narrowed {
            NOT_ASKED => {}
            NOT_NARROWED => return None,
            _ => return Some(choice.narrowed.read()),
        }
        let (cells, count) = choice.cells.read();
        let narrowed = self.narrowed_by_needy(value, &cells[..count as usize]);
        let kept = &mut self.choices.kept[value as usize];
        match narrowed {
            Some(cells) => {
                kept.narrowed = cells.1;
                self.choices.choices[value as usize].narrowed = Cells::keep(cells);
            }
            None => kept.narrowed = NOT_NARROWED,
        }
        narrowed
    }

    /// Forgets what the placement of `value` in `cell`, or its undo,
    /// changes (see the module's comment); called while it is placed.
    pub(super) fn forget_choices_around(&mut self, cell: usize, value: u32) {
        if value == 1 || value == self.total || self.moves_an_end_reach(value) {
            self.choices.forget_all();
            return;
        }
        let (patch, count) = self.choices.patch[cell];
        self.forget_beside_placed(&patch[..count as usize]);
        let (row, column) = self.coordinates[cell];
        for neighbour in [value - 1, value + 1] {
            let centre = self.position[neighbour as usize];
            if centre == NONE {
                continue;
            }
            let (r, c) = self.coordinates[centre];
            let step = (
                i32::from(r) - i32::from(row),
                i32::from(c) - i32::from(column),
            );
            match SIDES.iter().position(|&side| side == step) {
                Some(side) => {
                    let (fringe, count) = self.choices.fringe[cell][side];
                    self.forget_beside_placed(&fringe[..count as usize]);
                }
                // Givens that clash may lie apart: their whole patch.
                None => {
                    let (patch, count) = self.choices.patch[centre];
                    self.forget_beside_placed(&patch[..count as usize]);
                }
            }
        }
    }

    /// Forgets the values beside the placed values among `cells`.
    fn forget_beside_placed(&mut self, cells: &[u32]) {
        // A free cell is read as T + 2, whose neighbour values nothing
        // reads: two stores more cost less than the branch, which went
        // either way.
        let free = self.total + 2;
        for &other in cells {
            let placed = match self.value[other as usize] {
                0 => free,
                placed => placed,
            };
            self.choices.forget(placed - 1);
            self.choices.forget(placed + 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scramble::scramble;
    use crate::search::fill::testing::{empty_grid, wander};

    /// At each state of a random wander on an empty 4x5 board, every open
    /// value's kept cells against its cells worked out again; the needy
    /// cells asked of about half of them, as the choice of value asks them
    /// of some. With no givens the wander places and takes back 1 and T;
    /// with them given in two corners, cells can be needy.
    #[test]
    fn kept_cells_are_the_cells_worked_out_again() {
        let grid = empty_grid(4, 5);
        let (mut open, mut narrowed) = (0, 0);
        for givens in [&[][..], &[(0, 1), (4, 20)]] {
            let mut fill = Fill::new(&grid, 5, givens).unwrap();
            wander(&mut fill, 6000, 14, |fill, step| {
                let open_values: Vec<u32> = (1..=fill.total)
                    .filter(|&v| !fill.placed(v) && (fill.placed(v - 1) || fill.placed(v + 1)))
                    .collect();
                for value in open_values {
                    open += 1;
                    let (cells, count) = fill.candidates(value);
                    // The counts asked first, as the choice of value asks
                    // them, at every second step; the cells first between.
                    let counts_first = step % 2 == 0;
                    if counts_first {
                        assert_eq!(fill.count_of(value), count, "step {step}, value {value}");
                    }
                    let kept = fill.cells_of(value);
                    assert_eq!(kept, (cells, count), "step {step}, value {value}");
                    assert_eq!(fill.count_of(value), count, "step {step}, value {value}");
                    if scramble(step * 1000 + value as usize, 3).is_multiple_of(2) {
                        let new = fill.narrowed_by_needy(value, &cells[..count as usize]);
                        let new_count = new.map(|(_, count)| count);
                        if counts_first {
                            assert_eq!(fill.narrowed_count_of(value), new_count, "step {step}");
                        }
                        let kept = fill.narrowed_cells_of(value);
                        assert_eq!(kept, new, "step {step}, value {value}");
                        assert_eq!(fill.narrowed_count_of(value), new_count, "step {step}");
                        narrowed += usize::from(new.is_some());
                    }
                }
            });
        }
        assert!(
            open > 1000 && narrowed > 50,
            "{open} open, {narrowed} narrowed"
        );
    }
}
