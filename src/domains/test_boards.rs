//! Boards the domains' tests share.

use crate::board::Board;

/// Every second clue of examples/boards/classic_9x9.csv: many solutions,
/// and shaving needs whole passes after passes over the changed cells.
pub(super) fn half_a_newspaper_board() -> Board {
    Board::parse(
        b",,,,,,,,\n,25,,13,,15,,41,\n,,,,,,,40,\n,,,,,,,39,\n,,,,,,,38,\n\
          ,,,,,,,37,\n,,,,,,,50,\n,,72,,60,,52,,\n,,,,,,,,\n",
    )
    .unwrap()
}
