use super::runs::{
    ABANDONED_RUNS_TO_RETIRE, ABANDON_MOVES_PER_CELL_CLOSE, MOVES_PER_CELL, MOVES_PER_CELL_CLOSE,
};
use super::*;
use crate::check::check_values;
use crate::generate::Puzzle;

/// A board of `side` x `side` with `clues` clues of a random path.
fn scattered(side: usize, clues: usize, seed: u64) -> Board {
    Puzzle::generate(side, side, clues, seed).board
}

/// What a run must keep after every move: one path from the start through
/// every cell on it, each piece of its recorded length between its clues,
/// the free cells listed, and the energy the steps the pieces lack.
fn check_state(run: &Stretch) {
    let cells = run.rows * run.cols;
    let mut seen = vec![false; cells];
    let (mut cell, mut position) = (run.start, 0usize);
    let mut clue_positions = Vec::new();
    let mut last = NONE;
    while cell != NONE {
        assert!(!seen[cell], "the path comes back to cell {cell}");
        seen[cell] = true;
        assert_eq!(run.prev[cell], last, "cell {cell}'s predecessor");
        if let Some(last) = Some(last).filter(|&last| last != NONE) {
            assert_eq!(run.distance(last, cell), 1, "a step from {last} to {cell}");
        }
        if run.owner[cell] >= CLUE && run.owner[cell] != FREE {
            clue_positions.push(position);
        }
        (last, cell, position) = (cell, run.next[cell], position + 1);
    }
    assert_eq!(last, run.end);
    let mut reached = 0;
    for (i, &position) in clue_positions.iter().enumerate() {
        reached += run.length[i] as usize;
        assert_eq!(position, reached, "clue {i} ends the pieces before it");
    }
    for (cell, &on_path) in seen.iter().enumerate() {
        assert_eq!(
            run.owner[cell] == FREE,
            !on_path,
            "cell {cell} free or on the path"
        );
        assert_eq!(run.owner[cell] == FREE, run.free_at[cell] != NONE);
    }
    assert_eq!(run.free.len(), seen.iter().filter(|&&on| !on).count());
    for piece in 0..run.target.len() {
        let mut cell = run.last_cell(piece);
        for _ in 0..run.length[piece] {
            cell = run.prev[cell];
        }
        assert_eq!(
            cell,
            run.first_cell(piece),
            "piece {piece} walked back from its end"
        );
    }
    let lacking: i64 = (0..run.target.len())
        .map(|piece| run.lacking(piece, run.length[piece]))
        .sum();
    assert_eq!(run.energy, lacking);
}

#[test]
fn every_move_keeps_one_path_with_its_pieces_between_their_clues() {
    // Clues away from 1 and T: the head and the tail have loose ends.
    for seed in 1..=4 {
        let board = scattered(8, 5, seed);
        let mut run = Stretch::new(&board, seed).expect("the gaps route");
        check_state(&run);
        for _ in 0..20_000 {
            if run.step() {
                break;
            }
            check_state(&run);
        }
        check_state(&run);
    }
}

#[test]
fn a_run_with_no_piece_short_is_a_solution() {
    for (side, clues, seed) in [(6, 3, 1), (8, 6, 2), (10, 3, 3), (12, 5, 4), (20, 12, 5)] {
        let board = scattered(side, clues, seed);
        let mut stretcher = Stretcher::new(&board, 0);
        let cells = stretcher
            .advance(50_000_000, &mut |_| false)
            .unwrap_or_else(|| panic!("{side}x{side} with {clues} clues solved"));
        let values = crate::search::path::values_along(&cells);
        assert!(
            check_values(&board, values).is_ok(),
            "{side}x{side} with {clues} clues"
        );
    }
}

#[test]
fn no_route_takes_the_last_free_neighbours_a_clue_needs() {
    // 12 in the corner needs both its neighbours (for 6 -> 12 and 12 -> 16);
    // the tight gap 2 -> 6 is routed first, and some of its shortest
    // routes pass through one of them.
    let mut clues = vec![None; 16];
    clues[0] = Some(12);
    clues[2] = Some(2);
    clues[8] = Some(6);
    let board = Board::new(4, 4, clues).unwrap();
    for seed in 0..32 {
        let run = Stretch::new(&board, seed).expect("the gaps route");
        // The tight gap is piece 1; cells 1 and 4 are (0, 1) and (1, 0).
        assert_ne!(run.owner[1], 1, "seed {seed}: the tight gap took (0, 1)");
        assert_ne!(run.owner[4], 1, "seed {seed}: the tight gap took (1, 0)");
    }
}

#[test]
fn a_board_without_clues_or_a_row_of_cells_has_no_run() {
    assert!(Stretch::new(&Board::empty(5, 5).unwrap(), 1).is_none());
    let line = Board::new(1, 4, vec![Some(1), None, None, Some(4)]).unwrap();
    assert!(Stretch::new(&line, 1).is_none());
}

#[test]
fn the_stretcher_stops_when_asked() {
    let board = scattered(30, 27, 3003);
    let mut stretcher = Stretcher::new(&board, 0);
    assert_eq!(stretcher.advance(u64::MAX, &mut |_| true), None);
    assert!(stretcher.moves <= 1 << 16, "{} moves", stretcher.moves);
}

#[test]
fn gaps_crowded_together_route_by_ripping_up_the_routes_in_their_way() {
    // 31 clues of a 25x25 path, several gaps crossing one corner: laid
    // one by one along shortest ways they shut each other out, and ripped
    // up along shortest ways they rip each other up in turn.
    let board = scattered(25, 31, 11255);
    for seed in 0..20 {
        assert!(Stretch::new(&board, seed).is_some(), "seed {seed}");
    }
}

#[test]
fn it_takes_turns_from_the_start_where_the_clues_are_far_apart_for_the_boards_size() {
    // 24 values per clue or more up to 20x20, 16 on larger boards.
    assert_eq!(joins_after(&scattered(20, 12, 1)), Some(0));
    assert_eq!(joins_after(&scattered(25, 31, 1)), Some(0));
    // 900 values: 16.4 per clue with 54 clues (6 %).
    assert_eq!(joins_after(&scattered(30, 54, 1)), Some(0));
}

#[test]
fn it_joins_late_on_larger_boards_whose_clues_are_13_to_16_values_apart() {
    // 14.1 values per clue with 63 clues (7 %) on 30x30, 14.2 with 44 on
    // 25x25: after 1,024 nodes of the fill per cell.
    assert_eq!(joins_after(&scattered(30, 63, 1)), Some(1024 * 900));
    assert_eq!(joins_after(&scattered(25, 44, 1)), Some(1024 * 625));
}

#[test]
fn it_leaves_the_fill_alone_where_the_clues_are_closer() {
    // 12.3 values per clue with 72 clues (8 %) on 30x30, 9.9 with 90 (10
    // %); up to 20x20, below 24 values per clue.
    assert_eq!(joins_after(&scattered(30, 72, 1)), None);
    assert_eq!(joins_after(&scattered(30, 90, 1)), None);
    assert_eq!(joins_after(&scattered(20, 20, 1)), None);
    assert_eq!(joins_after(&scattered(12, 14, 1)), None);
}

#[test]
fn runs_on_large_boards_with_clues_under_24_values_apart_are_four_times_as_long() {
    // 30x30 with 45 clues (5 %): 19.6 values per clue; with 27 (3 %), 32.1.
    let close = scattered(30, 45, 1);
    let apart = scattered(30, 27, 1);
    assert_eq!(Stretcher::new(&close, 0).moves_per_cell, 4 * MOVES_PER_CELL);
    assert_eq!(Stretcher::new(&apart, 0).moves_per_cell, MOVES_PER_CELL);
}

/// A 12x12 board on which no run comes within 24 steps of a solution: 24
/// pairs v, v + 2 on cells side by side, each pair's second clue beside the
/// next pair's first along a row (or 13 steps from it on the next row but
/// one). Every gap joins cells an odd distance apart in two steps, which
/// no path does, so each of the 47 is short or long, and as the free cells
/// number what the pieces lack less what they have over, the pieces lack
/// 24 steps or more in every state. 144 values, 3 per clue: close.
fn never_near_a_solution() -> Board {
    let mut clues = vec![None; 144];
    for pair in 0..24u32 {
        let cell = 24 * (pair as usize / 6) + 2 * (pair as usize % 6);
        (clues[cell], clues[cell + 1]) = (Some(4 * pair + 1), Some(4 * pair + 3));
    }
    Board::new(12, 12, clues).expect("a 12x12 board")
}

#[test]
fn on_a_board_with_close_clues_a_run_that_stays_far_from_a_solution_ends_early() {
    let board = never_near_a_solution();
    let mut stretcher = Stretcher::new(&board, 0);
    let abandon = ABANDON_MOVES_PER_CELL_CLOSE * 144;
    assert_eq!(stretcher.advance(10 * abandon, &mut |_| false), None);
    // Ten runs, each ended where it is abandoned; by Luby's sequence alone
    // the first would still be on.
    assert_eq!(stretcher.runs, 10);
    assert_eq!(stretcher.moves, 10 * abandon);
}

#[test]
fn on_a_board_with_close_clues_the_local_search_retires_after_sixteen_runs_ended_early() {
    let board = never_near_a_solution();
    let mut stretcher = Stretcher::new(&board, 0);
    let abandon = ABANDON_MOVES_PER_CELL_CLOSE * 144;
    assert_eq!(stretcher.advance(100 * abandon, &mut |_| false), None);
    assert!(stretcher.gone, "the local search has not retired");
    assert_eq!(stretcher.runs, ABANDONED_RUNS_TO_RETIRE);
    assert_eq!(stretcher.moves, ABANDONED_RUNS_TO_RETIRE * abandon);
}

#[test]
fn on_a_board_with_close_clues_the_local_search_retires_after_65536_moves_per_cell() {
    // 1 and 3 side by side: no route between them is ever two steps long,
    // so no run settles the board. 36 values, 12 per clue: close.
    let mut clues = vec![None; 36];
    (clues[0], clues[1]) = (Some(1), Some(3));
    let board = Board::new(6, 6, clues).expect("a 6x6 board");
    let mut stretcher = Stretcher::new(&board, 0);
    let mut turns = 0;
    while !stretcher.gone {
        assert_eq!(stretcher.advance(100_000, &mut |_| false), None);
        turns += 1;
        assert!(turns < 1_000, "the local search has not retired");
    }
    let retire = 4 * MOVES_PER_CELL_CLOSE * 36;
    assert!(stretcher.moves >= retire, "{} moves", stretcher.moves);
    assert!(
        stretcher.moves < retire + 100_000,
        "{} moves",
        stretcher.moves
    );
    // Retired, it makes no more moves.
    assert_eq!(stretcher.advance(100_000, &mut |_| false), None);
    assert!(stretcher.moves < retire + 100_000);
}

#[test]
fn on_a_board_with_clues_far_apart_the_local_search_never_retires_nor_cuts_a_run_short() {
    let apart = scattered(30, 27, 1);
    assert_eq!(Stretcher::new(&apart, 0).retire_after, u64::MAX);
    assert_eq!(Stretcher::new(&apart, 0).abandon_at, u64::MAX);
}

#[test]
fn the_distance_to_the_short_pieces_is_the_steps_to_their_nearest_cell() {
    let board = scattered(20, 12, 5);
    let mut run = Stretch::new(&board, 1).expect("the gaps route");
    while run.short.is_empty() || run.moves < 4096 {
        assert!(!run.step(), "a short piece is left to measure from");
    }
    let mut short_cells = Vec::new();
    for cell in 0..board.len() {
        let piece = match run.owner[cell] {
            FREE => continue,
            owner if owner >= CLUE => (owner - CLUE) as usize,
            owner => owner as usize,
        };
        if run.short.contains(&piece) {
            short_cells.push(cell);
        }
    }
    // A piece's clues end it: the first counts with the gap before it.
    for (i, &clue) in run.clues.iter().enumerate() {
        if run.short.contains(&i) || run.short.contains(&(i + 1)) {
            short_cells.push(clue);
        }
    }
    run.measure_near_short();
    for cell in 0..board.len() {
        let nearest = short_cells
            .iter()
            .map(|&other| run.distance(cell, other))
            .min();
        assert_eq!(Some(run.near_short[cell] as usize), nearest, "cell {cell}");
    }
}
