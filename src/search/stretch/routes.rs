//! A run's first state: every gap routed along a shortest way through the
//! cells no other route took, the tightest gaps (least slack over their
//! distance) first. A route may not take the last free neighbours that a
//! clue still needs for the pieces at it, or that clue could never be
//! reached. Breadth first, neighbours in an order the roll turns, so that
//! runs start from different routes.
//!
//! On a crowded board the routes laid first can shut a later gap out. That
//! gap then takes the cheapest way through the others' routes, and the
//! routes it crosses are ripped up and routed again later; a step on a
//! cell ways have fought over costs more each time, so that crossing
//! routes spread out instead of ripping each other up in turn.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use super::{Stretch, CLUE, FREE, NONE};

/// Orders of the gaps tried before a run gives up.
pub(super) const ATTEMPTS: u64 = 8;

/// What a step on a cell of another route costs, at least, where a step
/// on a free cell costs 1.
const TAKEN_STEP: u32 = 4;

/// Rip-ups per gap an attempt may make.
const RIP_UPS_PER_GAP: usize = 64;

impl Stretch {
    /// Routes every gap; false if one has no way through. After the first
    /// attempt the order by slack has some noise in it.
    pub(super) fn lay_routes(&mut self, attempt: u64) -> bool {
        for cell in 0..self.rows * self.cols {
            if self.owner[cell] < CLUE {
                self.owner[cell] = FREE;
            }
            self.next[cell] = NONE;
            self.prev[cell] = NONE;
        }
        self.length.iter_mut().for_each(|length| *length = 0);
        let gaps = 1..self.target.len() - 1;
        let mut order: Vec<(i64, usize)> = gaps
            .map(|piece| {
                let (a, b) = (self.clues[piece - 1], self.clues[piece]);
                let slack = self.target[piece] - self.distance(a, b) as i64;
                let noise = match attempt {
                    0 => 0,
                    _ => (self.roll() % (4 * attempt)) as i64,
                };
                (slack + noise, piece)
            })
            .collect();
        order.sort_unstable();
        let mut routed = vec![false; self.target.len()];
        let mut waiting: VecDeque<usize> = order.into_iter().map(|(_, piece)| piece).collect();
        let mut rip_ups = 0;
        let rip_up_limit = RIP_UPS_PER_GAP * waiting.len();
        let mut contested = vec![0; self.rows * self.cols];
        while let Some(piece) = waiting.pop_front() {
            if !self.route(piece, &routed) {
                // Rip up the routes in the way and route them again later.
                rip_ups += 1;
                let way = self.way_through(piece, &mut contested);
                let Some(way) = way.filter(|_| rip_ups <= rip_up_limit) else {
                    return false;
                };
                for &cell in &way[1..way.len() - 1] {
                    let owner = self.owner[cell];
                    if owner < CLUE {
                        self.rip_up(owner as usize);
                        routed[owner as usize] = false;
                        waiting.push_back(owner as usize);
                    }
                }
                self.lay(piece, &way);
            }
            routed[piece] = true;
        }
        true
    }

    /// The cheapest way for gap `piece` through any cells but clues, from
    /// its first clue to its second: a step costs 1 on a free cell, and
    /// more on another route's cell, the more the more often ways have
    /// gone through it (`contested`), so that routes fought over spread
    /// out instead of ripping each other up in turn (the negotiated
    /// congestion of PathFinder, McMurchie and Ebeling, 1995).
    fn way_through(&mut self, piece: usize, contested: &mut [u32]) -> Option<Vec<usize>> {
        let (from, to) = (self.clues[piece - 1], self.clues[piece]);
        let cells = self.rows * self.cols;
        let mut came = vec![NONE; cells];
        let mut cost = vec![u32::MAX; cells];
        let mut queue = BinaryHeap::from([Reverse((0, from))]);
        cost[from] = 0;
        while let Some(Reverse((reached, cell))) = queue.pop() {
            if cell == to {
                break;
            }
            if reached > cost[cell] {
                continue;
            }
            let (around, count) = self.turned_around(cell);
            for &neighbour in &around[..count] {
                let owner = self.owner[neighbour];
                let step = match owner {
                    _ if neighbour == to => 1,
                    FREE => 1,
                    owner if owner < CLUE => TAKEN_STEP + contested[neighbour],
                    _ => continue,
                };
                if reached + step < cost[neighbour] {
                    cost[neighbour] = reached + step;
                    came[neighbour] = cell;
                    queue.push(Reverse((reached + step, neighbour)));
                }
            }
        }
        let way = traced(&came, from, to)?;
        for &cell in &way {
            if self.owner[cell] < CLUE {
                contested[cell] += 1;
            }
        }
        Some(way)
    }

    /// Gap `piece` leaves the board; its cells are free again.
    fn rip_up(&mut self, piece: usize) {
        let (from, to) = (self.clues[piece - 1], self.clues[piece]);
        let mut cell = self.next[from];
        while cell != to {
            let following = self.next[cell];
            self.owner[cell] = FREE;
            self.next[cell] = NONE;
            self.prev[cell] = NONE;
            cell = following;
        }
        self.next[from] = NONE;
        self.prev[to] = NONE;
        self.length[piece] = 0;
    }

    /// Gap `piece` goes along `way`, from its first clue to its second.
    fn lay(&mut self, piece: usize, way: &[usize]) {
        for pair in way.windows(2) {
            self.next[pair[0]] = pair[1];
            self.prev[pair[1]] = pair[0];
        }
        for &cell in &way[1..way.len() - 1] {
            self.owner[cell] = piece as u32;
        }
        self.length[piece] = way.len() as i64 - 1;
    }

    /// The neighbours of `cell`, turned round by the roll: routes of
    /// different runs part where ways are equally short.
    fn turned_around(&mut self, cell: usize) -> ([usize; 4], usize) {
        let (mut around, count) = self.around(cell);
        let turn = self.pick(count);
        around[..count].rotate_left(turn);
        (around, count)
    }

    /// Free neighbours clue `i` still needs: one for each piece at it with
    /// steps to make that is not routed yet.
    fn needs(&self, i: usize, routed: &[bool]) -> usize {
        [i, i + 1]
            .into_iter()
            .filter(|&piece| !routed[piece] && self.target[piece] > 0)
            .count()
    }

    /// Whether a route between `ends` may take the free `cell`: every other
    /// clue beside it keeps a free neighbour for each piece it still needs
    /// one for.
    fn may_take(&self, cell: usize, ends: (usize, usize), routed: &[bool]) -> bool {
        self.neighbours(cell).all(|clue| {
            let owner = self.owner[clue];
            if owner < CLUE || owner == FREE || clue == ends.0 || clue == ends.1 {
                return true;
            }
            let free = self
                .neighbours(clue)
                .filter(|&n| self.owner[n] == FREE)
                .count();
            free > self.needs((owner - CLUE) as usize, routed)
        })
    }

    /// A shortest route of gap `piece` through free cells; false if none.
    fn route(&mut self, piece: usize, routed: &[bool]) -> bool {
        let (from, to) = (self.clues[piece - 1], self.clues[piece]);
        let mut came = vec![NONE; self.rows * self.cols];
        let mut queue = VecDeque::from([from]);
        came[from] = from;
        while let Some(cell) = queue.pop_front() {
            if cell == to {
                break;
            }
            let (around, count) = self.turned_around(cell);
            for &neighbour in &around[..count] {
                let open = neighbour == to
                    || (self.owner[neighbour] == FREE
                        && self.may_take(neighbour, (from, to), routed));
                if came[neighbour] == NONE && open {
                    came[neighbour] = cell;
                    queue.push_back(neighbour);
                }
            }
        }
        match traced(&came, from, to) {
            Some(way) => self.lay(piece, &way),
            None => return false,
        }
        true
    }
}

/// The way from `from` to `to` that a search recorded in `came` (the cell
/// each cell was reached from), or None if it never reached `to`.
fn traced(came: &[usize], from: usize, to: usize) -> Option<Vec<usize>> {
    if came[to] == NONE {
        return None;
    }
    let mut way = vec![to];
    let mut cell = to;
    while cell != from {
        cell = came[cell];
        way.push(cell);
    }
    way.reverse();
    Some(way)
}
