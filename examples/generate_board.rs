//! Prints a generated puzzle as CSV: `cargo run --example generate_board -- ROWS COLS CLUES SEED`.
//! The boards of the search benchmark come from here, so any of them can be
//! fed to `numbrix solve` or `numbrix count`.

use numbrix::generate::Puzzle;

fn main() {
    let numbers: Vec<usize> = std::env::args()
        .skip(1)
        .map(|argument| argument.parse().expect("ROWS COLS CLUES SEED are numbers"))
        .collect();
    let [rows, cols, clues, seed] = numbers[..] else {
        eprintln!("usage: generate_board ROWS COLS CLUES SEED");
        std::process::exit(2);
    };
    print!(
        "{}",
        Puzzle::generate(rows, cols, clues, seed as u64)
            .board
            .to_csv()
    );
}
