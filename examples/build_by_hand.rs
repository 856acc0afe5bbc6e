//! Builds formulation 1, the assignment MIP, on a 2x3 board by hand, one
//! equation family at a time, printing every row as it is added; then checks
//! that the library builds exactly the same program, and solves it.
//!
//!     cargo run --example build_by_hand
//!
//! The board (examples/boards/tiny_2x3.csv) has T = 6 and two clues:
//!
//!     1 . .
//!     6 . .

use numbrix::backend::{Outcome, Params};
use numbrix::mip::{Mip, Name, Sense, VarId};
use numbrix::{check_values, Backend, Board, Cell, Formulation, Scope};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let board = Board::new(2, 3, vec![Some(1), None, None, Some(6), None, None])?;
    let total = board.total();
    let mut mip = Mip::default();

    // Variables: x(i,j,k) = 1 iff cell (i,j) holds k. Cells row by row,
    // values 1..T within a cell; indices are 1-based as in the listing.
    let mut x = vec![Vec::new(); board.len()];
    for cell in board.cells() {
        for k in 1..=total {
            let var = mip.binary(Name::new(
                "x",
                &[cell.row as u32 + 1, cell.col as u32 + 1, k],
            ));
            mip.decisions.push(var);
            x[board.index(cell)].push(var);
        }
    }
    let x_of = |cell: Cell, k: u32| -> VarId { x[board.index(cell)][k as usize - 1] };
    let ij = |cell: Cell| [cell.row as u32 + 1, cell.col as u32 + 1];
    println!(
        "{} binaries x(i,j,k): {} cells times {} values\n",
        mip.vars.len(),
        board.len(),
        total
    );

    // Each family adds its rows; print them as they come.
    let mut shown = 0;
    let mut show = |mip: &Mip, title: &str| {
        println!("{title}");
        for row in &mip.rows[shown..] {
            println!("  {}", mip.row_text(row));
        }
        println!();
        shown = mip.rows.len();
    };

    // one_value(i,j): sum_k x(i,j,k) = 1.
    for cell in board.cells() {
        let terms = (1..=total).map(|k| (x_of(cell, k), 1.0)).collect();
        mip.row(Name::new("one_value", &ij(cell)), terms, Sense::Eq, 1.0);
    }
    show(&mip, "one_value(i,j): each cell holds one value");

    // one_cell(k): sum_(i,j) x(i,j,k) = 1.
    for k in 1..=total {
        let terms = board.cells().map(|cell| (x_of(cell, k), 1.0)).collect();
        mip.row(Name::new("one_cell", &[k]), terms, Sense::Eq, 1.0);
    }
    show(&mip, "one_cell(k): each value sits in one cell");

    // next(i,j,k<T): the neighbours' x(.,.,k+1) sum to at least x(i,j,k),
    // written with everything on the left: sum - x(i,j,k) >= 0.
    for cell in board.cells() {
        for k in 1..total {
            let mut terms: Vec<(VarId, f64)> = board
                .neighbours(cell)
                .map(|neighbour| (x_of(neighbour, k + 1), 1.0))
                .collect();
            terms.push((x_of(cell, k), -1.0));
            let [i, j] = ij(cell);
            mip.row(Name::new("next", &[i, j, k]), terms, Sense::Ge, 0.0);
        }
    }
    show(
        &mip,
        "next(i,j,k<T): the cell holding k+1 is a neighbour of the one holding k",
    );

    // given(i,j): x(i,j,board(i,j)) = 1.
    for (cell, value) in board.clues() {
        mip.row(
            Name::new("given", &ij(cell)),
            vec![(x_of(cell, value), 1.0)],
            Sense::Eq,
            1.0,
        );
    }
    show(&mip, "given(i,j): the clues");

    // The library's faithful model is this program, row for row.
    let library = Formulation::Assignment.build(&board, Scope::Faithful);
    assert_eq!(
        library.mip, mip,
        "the hand-built model differs from the library's"
    );
    println!(
        "{} rows, {} nonzeros: identical to Formulation::Assignment.build(&board, Scope::Faithful)\n",
        mip.rows.len(),
        mip.nonzeros()
    );

    // Solve it and read the grid back: cell (i,j) holds the k with x(i,j,k) = 1.
    let run = Backend::Highs.solve(&mip, &[], Params::default());
    let Outcome::Found { values, .. } = run.outcome else {
        return Err(format!("HiGHS gave {:?}", run.outcome).into());
    };
    let grid: Vec<u32> = board
        .cells()
        .map(|cell| {
            (1..=total)
                .find(|&k| values[x_of(cell, k)] > 0.5)
                .unwrap_or(0)
        })
        .collect();
    let solution = check_values(&board, grid)?;
    println!("HiGHS's solution, accepted by the checker:");
    print!("{}", numbrix::report::render_grid(&board, &solution));
    Ok(())
}
