//! The moves of a stretch run: each one keeps every piece a path between
//! its clues, and is taken or not by the change in the steps the pieces
//! lack ([`Stretch::accept`]).

use super::{Draw, Stretch, FREE, NONE};

impl Stretch {
    /// The two cells beside the step x -> y on one side (the lower
    /// indices if `lower`), when that side is on the board.
    fn beside(&self, x: usize, y: usize, lower: bool) -> Option<(usize, usize)> {
        let cells = self.rows * self.cols;
        // A step along a row has its sides a row away; a step along a
        // column, a column away.
        let across = if x.abs_diff(y) == 1 { self.cols } else { 1 };
        let column = self.lattice.column(x);
        let first_col = across == 1 && column == 0;
        let last_col = across == 1 && column == self.cols - 1;
        if lower {
            let off = first_col || (across != 1 && x < self.cols);
            (!off).then(|| (x - across, y - across))
        } else {
            let off = last_col || (across != 1 && x + self.cols >= cells);
            (!off).then(|| (x + across, y + across))
        }
    }

    /// Detour: x -> y becomes x -> x' -> y' -> y through two free cells
    /// beside it, on the side `lower` picks ([`Stretch::beside`]).
    pub(super) fn detour(&mut self, x: usize, lower: bool) {
        let y = self.next[x];
        if y == NONE {
            return;
        }
        if let Some((x_side, y_side)) = self.beside(x, y, lower) {
            if self.owner[x_side] == FREE && self.owner[y_side] == FREE {
                self.detour_through(x, y, x_side, y_side);
            }
        }
    }

    /// The detour x -> x' -> y' -> y, when the energy lets it.
    fn detour_through(&mut self, x: usize, y: usize, x_side: usize, y_side: usize) {
        let piece = self.piece_after(x);
        let change = self.change(piece, 2);
        if !self.accept(change) {
            return;
        }
        self.link(x, x_side);
        self.link(x_side, y_side);
        self.link(y_side, y);
        self.take(x_side, piece as u32);
        self.take(y_side, piece as u32);
        self.length[piece] += 2;
        self.energy += change;
    }

    /// Shortcut: x -> a -> b -> y with x beside y becomes x -> y.
    pub(super) fn shortcut(&mut self, x: usize) {
        let Some((a, b, y)) = self.bump_after(x) else {
            return;
        };
        let piece = self.piece_after(x);
        let change = self.change(piece, -2);
        if !self.accept(change) {
            return;
        }
        self.link(x, y);
        self.give_up(a);
        self.give_up(b);
        self.length[piece] -= 2;
        self.energy += change;
    }

    /// The bump x -> a -> b -> y after `x`: a and b on its piece's inside,
    /// and y beside x.
    fn bump_after(&self, x: usize) -> Option<(usize, usize, usize)> {
        let a = self.next[x];
        if a == NONE || !self.interior(a) {
            return None;
        }
        let b = self.next[a];
        if !self.interior(b) {
            return None;
        }
        let y = self.next[b];
        (self.distance(x, y) == 1).then_some((a, b, y))
    }

    /// Corner: x -> y -> z turning at y becomes x -> f -> z through the
    /// free cell f across the square from y (y is the free cell then);
    /// not when y is further than f from the short pieces and `refuse`
    /// (a coin the caller tossed).
    pub(super) fn corner(&mut self, y: usize, refuse: bool) {
        if !self.interior(y) {
            return;
        }
        let (x, z) = (self.prev[y], self.next[y]);
        let rows_apart = self.lattice.row(x).abs_diff(self.lattice.row(z));
        let cols_apart = self.lattice.column(x).abs_diff(self.lattice.column(z));
        if rows_apart != 1 || cols_apart != 1 {
            return;
        }
        let f = x + z - y;
        if self.owner[f] != FREE {
            return;
        }
        if refuse && self.away_from_short(f, y) {
            return;
        }
        self.link(x, f);
        self.link(f, z);
        self.take(f, self.owner[y]);
        self.give_up(y);
    }

    /// Whether a free cell that moves from `from` to `to` gets further
    /// from the short pieces.
    fn away_from_short(&self, from: usize, to: usize) -> bool {
        !self.short.is_empty() && self.near_short[to] > self.near_short[from]
    }

    /// Hand-over: the bump u -> a -> b -> v of one piece, with a and b
    /// beside the step x -> y of another, becomes x -> a -> b -> y and
    /// u -> v (a and b on the side of x -> y that `lower` picks). Within
    /// one piece, a bump moves along it.
    pub(super) fn hand_over(&mut self, x: usize, lower: bool) {
        let y = self.next[x];
        if y == NONE {
            return;
        }
        let Some((x_side, y_side)) = self.beside(x, y, lower) else {
            return;
        };
        if !self.interior(x_side) || !self.interior(y_side) {
            return;
        }
        let (a, b) = match (self.next[x_side] == y_side, self.next[y_side] == x_side) {
            (true, _) => (x_side, y_side),
            (_, true) => (y_side, x_side),
            _ => return,
        };
        let (u, v) = (self.prev[a], self.next[b]);
        if self.distance(u, v) != 1 {
            return;
        }
        let giver = self.owner[a] as usize;
        let taker = self.piece_after(x);
        let change = match giver == taker {
            true => 0,
            false => self.change(giver, -2) + self.change(taker, 2),
        };
        if !self.accept(change) {
            return;
        }
        self.link(u, v);
        self.link(x, x_side);
        self.link(x_side, y_side);
        self.link(y_side, y);
        self.owner[x_side] = taker as u32;
        self.owner[y_side] = taker as u32;
        self.length[giver] -= 2;
        self.length[taker] += 2;
        self.energy += change;
    }

    /// A move that the free cell `f` makes possible: the corner across
    /// from it, or a detour through it and a free neighbour.
    pub(super) fn beside_free(&mut self, f: usize) {
        let (row, col) = (self.lattice.row(f), self.lattice.column(f));
        // One roll: bit 0 the corner or the detour, bits 1-3 the corner's
        // way and its coin, bits 4-6 the tunnel's coins and the detour's
        // side, the high bits the neighbour.
        let draw = Draw(self.roll());
        if !draw.coin(0) {
            let (up, left) = (draw.coin(1), draw.coin(2));
            let row = match up {
                true => row.checked_sub(1),
                false => Some(row + 1).filter(|&row| row < self.rows),
            };
            let col = match left {
                true => col.checked_sub(1),
                false => Some(col + 1).filter(|&col| col < self.cols),
            };
            if let (Some(row), Some(col)) = (row, col) {
                self.corner(row * self.cols + col, draw.coin(3));
            }
            return;
        }
        let (around, count) = self.around(f);
        let g = around[draw.below(count)];
        if self.owner[g] != FREE {
            // Half the time (always was worse, docs/record/local-search.md).
            if !draw.coin(4) {
                self.tunnel(f, g, !draw.coin(6));
            }
            return;
        }
        // The step beside f and g: it must run parallel to them.
        let Some((x, y)) = self.beside(f, g, draw.coin(5)) else {
            return;
        };
        if self.next[x] == y {
            self.detour_through(x, y, f, g);
        } else if self.next[y] == x {
            self.detour_through(y, x, g, f);
        }
    }

    /// Tunnel: x -> a -> b -> c -> y, with x and y both beside the free
    /// cell f, becomes x -> f -> y: f joins the piece and a, b, c are
    /// freed, two steps shorter (a lone free cell in the hollow of a bump
    /// moves out of it). The path is followed from x forward if `forward`,
    /// else back.
    fn tunnel(&mut self, f: usize, x: usize, forward: bool) {
        if self.owner[x] == FREE {
            return;
        }
        let step = |cell: usize| {
            if forward {
                self.next[cell]
            } else {
                self.prev[cell]
            }
        };
        let a = step(x);
        if a == NONE || !self.interior(a) {
            return;
        }
        let b = step(a);
        if !self.interior(b) {
            return;
        }
        let c = step(b);
        if !self.interior(c) {
            return;
        }
        let y = step(c);
        if y == NONE || self.distance(y, f) != 1 {
            return;
        }
        let (from, to) = if forward { (x, y) } else { (y, x) };
        let piece = self.piece_after(from);
        let change = self.change(piece, -2);
        if !self.accept(change) {
            return;
        }
        self.link(from, f);
        self.link(f, to);
        self.take(f, piece as u32);
        for cell in [a, b, c] {
            self.give_up(cell);
        }
        self.length[piece] -= 2;
        self.energy += change;
    }

    /// A move on a cell of the short `piece`: a detour, or a hand-over to
    /// it.
    pub(super) fn on_short_piece(&mut self, piece: usize) {
        let length = self.length[piece] as u64;
        // One roll: the high bits the cell, bit 0 the move, bit 1 its side.
        let draw = Draw(self.roll());
        let steps = draw.below(length.max(1) as usize) as u64;
        // The cell `steps` on from the piece's first, walked to from
        // whichever end is nearer.
        let mut cell;
        if steps <= length / 2 {
            cell = self.first_cell(piece);
            for _ in 0..steps {
                cell = self.next[cell];
            }
        } else {
            cell = self.last_cell(piece);
            for _ in steps..length {
                cell = self.prev[cell];
            }
        }
        match draw.coin(0) {
            false => self.hand_over(cell, draw.coin(1)),
            true => self.detour(cell, draw.coin(1)),
        }
    }

    /// A move of the head's or the tail's loose end: on to a free
    /// neighbour, back off the path, or a bite back into its own piece.
    pub(super) fn end_move(&mut self) {
        // One roll: bit 0 the end, the high bits the neighbour.
        let draw = Draw(self.roll());
        let head = !draw.coin(0);
        let piece = if head { 0 } else { self.target.len() - 1 };
        if self.target[piece] == 0 {
            return;
        }
        let end = if head { self.start } else { self.end };
        let (around, count) = self.around(end);
        let pick = around[draw.below(count)];
        let inward = if head { self.next[end] } else { self.prev[end] };
        if self.owner[pick] == FREE {
            let change = self.change(piece, 1);
            if !self.accept(change) {
                return;
            }
            if head {
                self.link(pick, end);
                self.start = pick;
            } else {
                self.link(end, pick);
                self.end = pick;
            }
            self.take(pick, piece as u32);
            self.length[piece] += 1;
            self.energy += change;
        } else if pick == inward && self.length[piece] > 0 {
            let change = self.change(piece, -1);
            if !self.accept(change) {
                return;
            }
            if head {
                self.prev[pick] = NONE;
                self.start = pick;
            } else {
                self.next[pick] = NONE;
                self.end = pick;
            }
            self.give_up(end);
            self.length[piece] -= 1;
            self.energy += change;
        } else if self.owner[pick] == piece as u32 {
            self.backbite(head, pick);
        }
    }

    /// The loose end joins its own piece at `pick`, and the step into
    /// `pick` from the end's side goes: the cells between turn round, and
    /// the one that led into `pick` is the new end.
    fn backbite(&mut self, head: bool, pick: usize) {
        if head {
            // 1 -> p1 -> ... -> last -> pick becomes last -> ... -> p1 -> 1 -> pick.
            let last = self.prev[pick];
            let (mut cell, mut after) = (self.start, pick);
            loop {
                let following = self.next[cell];
                self.link(cell, after);
                if cell == last {
                    break;
                }
                (after, cell) = (cell, following);
            }
            self.prev[last] = NONE;
            self.start = last;
        } else {
            // pick -> last -> ... -> q1 -> T becomes pick -> T -> q1 -> ... -> last.
            let last = self.next[pick];
            let (mut cell, mut before) = (self.end, pick);
            loop {
                let preceding = self.prev[cell];
                self.link(before, cell);
                if cell == last {
                    break;
                }
                (before, cell) = (cell, preceding);
            }
            self.next[last] = NONE;
            self.end = last;
        }
    }

    /// `from` is followed by `to`.
    fn link(&mut self, from: usize, to: usize) {
        self.next[from] = to;
        self.prev[to] = from;
    }
}
