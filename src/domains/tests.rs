//! Tests of rule 4, singletons: a cell with one value left, or a value with
//! one cell left, is fixed. The rule has no file of its own (it lives in
//! `narrow_word`, `changed` and the `lonely` branch of `propagate`, in
//! `mod.rs`), so its tests are here, to keep `mod.rs` short.

use super::*;

#[test]
fn a_cell_left_with_one_value_is_fixed_and_queued_for_rule_1() {
    let board = Board::empty(2, 2).unwrap();
    let mut domains = Domains::all_values(&board);
    let mut agenda = Agenda::new(board.len());
    let index = board.index(Cell::new(0, 0));
    for value in [1, 2] {
        domains.remove(&board, index, value, &mut agenda).unwrap();
    }
    assert_eq!((domains.fixed[index], agenda.fixed.len()), (0, 0));
    domains.remove(&board, index, 3, &mut agenda).unwrap();
    assert_eq!(domains.fixed[index], 4);
    assert_eq!(agenda.fixed, [index]);
}

#[test]
fn a_value_left_with_one_holder_is_queued_as_lonely() {
    let board = Board::empty(2, 2).unwrap();
    let mut domains = Domains::all_values(&board);
    let mut agenda = Agenda::new(board.len());
    for index in [0, 1] {
        domains.remove(&board, index, 4, &mut agenda).unwrap();
    }
    assert!(agenda.lonely.is_empty());
    domains.remove(&board, 2, 4, &mut agenda).unwrap();
    assert_eq!(agenda.lonely, [4]);
    assert_eq!(
        domains.holder_xor[4], 3,
        "the one cell left that may hold 4"
    );
}

#[test]
fn propagation_fixes_the_one_cell_left_for_a_value() {
    // 9 can go only in the bottom-right corner; rule 5 is left out, so
    // only rule 4 can decide that corner.
    let board = Board::empty(3, 3).unwrap();
    let corner = Cell::new(2, 2);
    let mut domains = Domains::all_values(&board);
    let mut agenda = Agenda::new(board.len());
    agenda.all_different = false;
    for cell in board.cells().filter(|&cell| cell != corner) {
        domains
            .remove(&board, board.index(cell), 9, &mut agenda)
            .unwrap();
    }
    domains.propagate(&board, &mut agenda, None).unwrap();
    assert_eq!(domains.fixed(&board, corner), Some(9));
}
