//! Every solution of an empty board, one by one: what the clue research
//! (src/clues) stores and counts clue sets over.
//!
//! Paths are grown only from one start cell of each orbit of the board's
//! symmetries, as in counting; each path is then handed out once mapped by
//! one symmetry per cell of the orbit, which gives every path from every
//! cell exactly once.

use std::time::Instant;

use crate::board::Board;
use crate::domains::Domains;
use crate::symmetry::{cell_orbits, symmetries};

use super::path::{Event, Tally, Walk};
use super::Progress;

/// How an enumeration ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Enumerated {
    /// Paths handed out.
    pub count: u64,
    /// False when the clock stopped it: `count` is then a lower bound.
    pub complete: bool,
    pub nodes: u64,
}

/// Hands `visit` every solution of the empty `rows` x `cols` board, as the
/// cells in value order (`cells[v - 1]` holds v), until `stop`.
pub fn every_path(
    board: &Board,
    stop: Option<Instant>,
    progress: &mut dyn FnMut(&Progress),
    visit: &mut dyn FnMut(&[usize]),
) -> Enumerated {
    let empty = Board::empty(board.rows(), board.cols()).expect("the board's own shape");
    let mut enumerated = Enumerated {
        count: 0,
        complete: true,
        nodes: 0,
    };
    // On an empty board rules 1-5 leave the colour rule: a cell holds
    // values of one parity when the board's cell count is odd.
    let Ok(domains) = Domains::reduce_with(&empty, false, None) else {
        return enumerated;
    };
    let grid = super::grid(&empty, &domains);
    let maps = symmetries(&empty);
    let mut walk = Walk::new(&grid);
    let mut tally = Tally::default();
    let mut mapped = vec![0; empty.len()];
    for orbit in cell_orbits(&empty) {
        let mut event = |event: Event| match event {
            Event::Solution(cells) => {
                for &which in &orbit.carriers {
                    let map = &maps[which];
                    for (position, &cell) in cells.iter().enumerate() {
                        mapped[position] = map.image(cell);
                    }
                    visit(&mapped);
                    enumerated.count += 1;
                }
                true
            }
            Event::Tick(tally) => {
                progress(&Progress {
                    solutions: enumerated.count,
                    nodes: tally.nodes,
                    rows: None,
                });
                stop.is_none_or(|stop| Instant::now() < stop)
            }
        };
        walk.from(orbit.start, &mut tally, &mut event);
        if tally.stopped {
            enumerated.complete = false;
            break;
        }
    }
    enumerated.nodes = tally.nodes;
    enumerated
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check_values;
    use std::collections::HashSet;

    fn all_paths(rows: usize, cols: usize) -> Vec<Vec<u32>> {
        let board = Board::empty(rows, cols).unwrap();
        let mut paths = Vec::new();
        let outcome = every_path(&board, None, &mut |_| {}, &mut |cells| {
            paths.push(crate::search::path::values_along(cells));
        });
        assert!(outcome.complete);
        assert_eq!(outcome.count, paths.len() as u64);
        paths
    }

    #[test]
    fn every_path_of_a_square_is_handed_out_once_and_fits() {
        let paths = all_paths(4, 4);
        assert_eq!(paths.len(), 552);
        let board = Board::empty(4, 4).unwrap();
        let distinct: HashSet<&Vec<u32>> = paths.iter().collect();
        assert_eq!(distinct.len(), 552);
        assert!(paths
            .iter()
            .all(|values| check_values(&board, values.clone()).is_ok()));
    }

    #[test]
    fn a_rectangle_gives_twice_its_undirected_paths() {
        // 2 x A332307(3, 4) = 2 x 62.
        assert_eq!(all_paths(3, 4).len(), 124);
        assert_eq!(all_paths(4, 3).len(), 124);
    }
}
