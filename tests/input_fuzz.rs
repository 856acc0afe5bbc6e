//! Hostile bytes: board parsing, the prechecks and the reduction must never
//! panic or hang, and every rejection must be one line that says where the
//! problem is ("line L" or "line L, column C"). The only rejections with no
//! place are about the whole input: an empty board (there is no line to point
//! at) and an input too large to read.
//!
//! This is the fuzz target of issue 7, as a proptest (the machine has no
//! nightly toolchain for cargo fuzz). The case count is small by default;
//! for a long run set NUMBRIX_FUZZ_CASES, e.g.
//! `NUMBRIX_FUZZ_CASES=50000 cargo test --test input_fuzz -- --test-threads=1`.

use numbrix::backend::{Outcome, Params};
use numbrix::generate::Puzzle;
use numbrix::{
    check_values, precheck, Backend, Board, Domains, Filled, Formulation, InputError, Scope,
    Solution,
};
use proptest::prelude::*;

fn config() -> ProptestConfig {
    let cases = std::env::var("NUMBRIX_FUZZ_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(400);
    ProptestConfig {
        cases,
        // Failures are reported with their input; no files are written.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A rejection must be one line, and positioned unless it is about the
/// whole input (empty, or too large: inputs here are far too small for that).
fn assert_positioned(error: &InputError) {
    let message = error.to_string();
    assert!(
        !message.contains(['\n', '\r']),
        "the message spans lines: {message:?}"
    );
    if *error != InputError::Empty {
        assert!(message.contains("line "), "no position in {message:?}");
    }
}

/// Everything after parsing that runs before a solver: it must come back
/// with a verdict, never panic. Tiny boards (up to 16 cells) are also solved
/// straight from the faithful model, without the prechecks or the
/// reduction: a solution found there must pass the prechecks, and the
/// reduction must keep every value of it.
fn exercise(text: &[u8]) {
    match Board::parse(text) {
        Err(error) => assert_positioned(&error),
        Ok(board) => {
            if board.len() <= 64 {
                let prechecked = precheck(&board);
                let reduced = Domains::reduce(&board);
                if board.len() <= 16 {
                    if let Some(solution) = solve_faithfully(&board) {
                        assert!(prechecked.is_ok(), "the precheck refuted a solvable board");
                        let domains = reduced.expect("the reduction keeps a solvable board");
                        for cell in board.cells() {
                            assert!(domains.allows(&board, cell, solution.value(cell)));
                        }
                    }
                }
            }
        }
    }
    if let Err(error) = Filled::parse(text) {
        assert_positioned(&error);
    }
}

/// The faithful assignment model on HiGHS, nothing else: a checked solution, or None.
fn solve_faithfully(board: &Board) -> Option<Solution> {
    let model = Formulation::Assignment.build(board, Scope::Faithful);
    match Backend::Highs
        .solve(&model.mip, &[], Params::default())
        .outcome
    {
        Outcome::Found { values, .. } => {
            let grid = model.decode(&values).expect("a solver answer decodes");
            Some(check_values(board, grid).expect("a solver answer passes the checker"))
        }
        Outcome::Infeasible => None,
        other => panic!("HiGHS on a tiny board: {other:?}"),
    }
}

/// Fields a scraper, a spreadsheet or a student might produce.
fn field() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        4 => (0u32..20).prop_map(|value| value.to_string().into_bytes()),
        2 => Just(Vec::new()),
        1 => prop::sample::select(vec![
            "_", ".", "0", "00", "-0", "+5", "-3", "3.0", "1e3", " 4 ", "\t2\t", "0x1",
            "18446744073709551616", "99999999999999999999999999999999999", "\"7\"", "\"",
            "\"1,2\"", "\"a\nb\"", "\u{feff}", "\u{ff11}", "NaN", "\u{0}",
        ])
        .prop_map(|token| token.as_bytes().to_vec()),
        1 => prop::collection::vec(any::<u8>(), 0..4),
    ]
}

/// Rows of fields joined by commas and a mix of line endings, sometimes with
/// a byte-order mark, blank lines or a trailing comma.
fn csv_ish() -> impl Strategy<Value = Vec<u8>> {
    let line = (
        prop::collection::vec(field(), 1..6),
        any::<bool>(),
        prop::sample::select(vec!["\n", "\r\n", "\r", "", "\n\n", "\n \n"]),
    )
        .prop_map(|(fields, trailing_comma, end)| {
            let mut line = fields.join(&b","[..]);
            if trailing_comma {
                line.push(b',');
            }
            line.extend_from_slice(end.as_bytes());
            line
        });
    (any::<bool>(), prop::collection::vec(line, 0..7)).prop_map(|(bom, lines)| {
        let mut text = if bom {
            b"\xEF\xBB\xBF".to_vec()
        } else {
            Vec::new()
        };
        text.extend(lines.concat());
        text
    })
}

/// Boards that parse: small grids of in-range numbers and blanks, the kind
/// that reach the prechecks and the reduction.
fn small_board_text() -> impl Strategy<Value = Vec<u8>> {
    (1usize..=6, 1usize..=6)
        .prop_flat_map(|(rows, cols)| {
            let total = (rows * cols) as u32;
            prop::collection::vec(
                prop_oneof![2 => Just(None), 1 => (1..=total).prop_map(Some)],
                rows * cols,
            )
            .prop_map(move |cells| (cols, cells))
        })
        .prop_map(|(cols, cells)| {
            // Keep the first occurrence of each value, so most boards parse.
            let mut seen = std::collections::HashSet::new();
            let fields: Vec<String> = cells
                .into_iter()
                .map(|cell| match cell {
                    Some(value) if seen.insert(value) => value.to_string(),
                    _ => String::new(),
                })
                .collect();
            fields
                .chunks(cols)
                .map(|row| row.join(",") + "\n")
                .collect::<String>()
                .into_bytes()
        })
}

/// Generated puzzles up to 4x4, often with one clue moved or changed: boards
/// on both sides of solvable, where a wrong precheck or reduction would
/// show.
fn nearly_solvable_board_text() -> impl Strategy<Value = Vec<u8>> {
    (
        (1usize..=4, 1usize..=4, 0.0f64..=1.0, any::<u64>()),
        (any::<bool>(), any::<u64>(), any::<u64>()),
    )
        .prop_map(|((rows, cols, density, seed), (nudge, at, to))| {
            let puzzle = Puzzle::with_density(rows, cols, density, seed);
            let board = puzzle.board;
            let total = board.len() as u64;
            let cell = board.cell((at % total) as usize);
            let value = (to % total) as u32 + 1;
            let nudged = if nudge {
                board.with_clue(cell, Some(value)).unwrap_or(board)
            } else {
                board
            };
            nudged.to_csv().into_bytes()
        })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn arbitrary_bytes_never_panic_and_every_rejection_is_positioned(
        text in prop::collection::vec(any::<u8>(), 0..200)
    ) {
        exercise(&text);
    }

    #[test]
    fn csv_like_text_never_panics_and_every_rejection_is_positioned(text in csv_ish()) {
        exercise(&text);
    }

    #[test]
    fn boards_that_parse_get_a_verdict_from_the_prechecks_and_the_reduction(
        text in small_board_text()
    ) {
        exercise(&text);
    }

    #[test]
    fn nearly_solvable_boards_get_a_verdict_the_faithful_model_agrees_with(
        text in nearly_solvable_board_text()
    ) {
        exercise(&text);
    }
}
