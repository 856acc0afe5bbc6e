//! Reading board files: the bytes (within a size limit), the CSV records,
//! and each field as a number or an empty cell, with the line and column of
//! anything wrong.

use std::io::{ErrorKind, Read};
use std::path::Path;

use crate::error::{InputError, Place};

use super::{in_file, input_name, is_standard_input, MAX_CELLS, MAX_INPUT_BYTES};

/// Reads a whole file (or standard input for `-`), refusing anything larger
/// than [`MAX_INPUT_BYTES`] before it is held in memory.
pub fn read_input(path: &Path) -> Result<Vec<u8>, InputError> {
    let io_error = |error: std::io::Error| InputError::Io {
        path: input_name(path),
        message: match error.kind() {
            ErrorKind::NotFound => "no such file".to_string(),
            ErrorKind::PermissionDenied => "permission denied".to_string(),
            ErrorKind::IsADirectory => "is a directory, not a file".to_string(),
            _ => format!("cannot read: {error}"),
        },
    };
    let mut bytes = Vec::new();
    let read = if is_standard_input(path) {
        std::io::stdin()
            .lock()
            .take(MAX_INPUT_BYTES + 1)
            .read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path)
            .and_then(|file| file.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes))
    };
    read.map_err(io_error)?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(in_file(
            path,
            InputError::TooLarge {
                what: format!("more than {MAX_INPUT_BYTES} bytes of input"),
                limit: format!("{MAX_INPUT_BYTES} bytes"),
            },
        ));
    }
    Ok(bytes)
}

/// One parsed field.
#[derive(Clone)]
pub(super) enum Token {
    Number(u32),
    /// Digits too many for a u32 (kept as text for the error message).
    Huge(String),
}

/// The rectangle of fields shared by boards and filled grids, in four bytes
/// a cell: the line of each row is kept once, not a place for every cell,
/// so that the largest board allowed is refused without holding gigabytes.
pub(super) struct Grid {
    pub(super) cols: usize,
    /// The line each row was read from: one entry a row.
    lines: Vec<usize>,
    /// Row-major: [`EMPTY`], a number, or [`ASIDE`] for a token kept in
    /// `aside`.
    values: Vec<u32>,
    /// The tokens `values` cannot hold (0 from [`Grid::from_clues`],
    /// `u32::MAX`, and numbers too large for a `u32`), by cell index, in
    /// order.
    aside: Vec<(usize, Token)>,
}

/// An empty cell in [`Grid::values`].
const EMPTY: u32 = 0;

/// A cell whose token is in [`Grid::aside`].
const ASIDE: u32 = u32::MAX;

impl Grid {
    /// A grid of row-major clues, row r read from line r.
    pub(super) fn from_clues(rows: usize, cols: usize, clues: Vec<Option<u32>>) -> Grid {
        let mut grid = Grid {
            cols,
            lines: (1..=rows).collect(),
            values: Vec::with_capacity(clues.len()),
            aside: Vec::new(),
        };
        for clue in clues {
            grid.push(clue.map(Token::Number));
        }
        grid
    }

    fn push(&mut self, token: Option<Token>) {
        let value = match token {
            None => EMPTY,
            Some(Token::Number(value)) if value != EMPTY && value != ASIDE => value,
            Some(token) => {
                self.aside.push((self.values.len(), token));
                ASIDE
            }
        };
        self.values.push(value);
    }

    /// Rows read.
    pub(super) fn rows(&self) -> usize {
        self.lines.len()
    }

    /// Cells read.
    pub(super) fn len(&self) -> usize {
        self.values.len()
    }

    /// Where the cell of row-major `index` was read.
    pub(super) fn place(&self, index: usize) -> Place {
        Place::at(self.lines[index / self.cols], index % self.cols + 1)
    }

    /// The token of the cell of row-major `index`, if it is not empty.
    pub(super) fn token(&self, index: usize) -> Option<Token> {
        match self.values[index] {
            EMPTY => None,
            ASIDE => {
                let at = self
                    .aside
                    .binary_search_by_key(&index, |&(cell, _)| cell)
                    .expect("a cell marked aside has its token there");
                Some(self.aside[at].1.clone())
            }
            value => Some(Token::Number(value)),
        }
    }

    pub(super) fn parse(text: &[u8]) -> Result<Grid, InputError> {
        // A line of c commas holds c + 1 fields, so the commas bound the
        // cells before the CSV reader holds a single record: 200 MB of
        // commas is one record of 200 million fields, gigabytes to read.
        let commas = text.iter().filter(|&&byte| byte == b',').count();
        if commas >= MAX_CELLS {
            return Err(InputError::TooLarge {
                what: format!("a board of more than {MAX_CELLS} cells ({commas} commas)"),
                limit: format!("{MAX_CELLS} cells"),
            });
        }
        // A line that starts with `#` is a comment (`generate` names each
        // board it prints in one), skipped as a blank line is.
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .comment(Some(b'#'))
            .from_reader(text);
        let mut record = csv::ByteRecord::new();
        let mut grid = Grid {
            cols: 0,
            lines: Vec::new(),
            values: Vec::new(),
            aside: Vec::new(),
        };
        let mut first_ends_empty = false;
        // The reader's own line numbers drift after CRLF endings and blank
        // lines: lines are counted here, from the byte where a record starts.
        let mut lines = LineCounter::new(text);
        loop {
            match reader.read_byte_record(&mut record) {
                Ok(true) => {}
                Ok(false) => break,
                Err(error) => {
                    let line = error
                        .position()
                        .map_or(grid.rows() + 1, |p| lines.line_at(p.byte() as usize));
                    return Err(InputError::Unreadable {
                        line,
                        message: error.to_string(),
                    });
                }
            }
            let line = record.position().map_or(grid.rows() + 1, |p| {
                lines.line_at(past_comments(text, p.byte() as usize))
            });
            // A line of spaces is as blank as an empty one (the csv reader skips only the latter).
            if record.len() == 1 && record[0].iter().all(|byte| byte.is_ascii_whitespace()) {
                continue;
            }
            let ends_empty = record.len() > 1 && record[record.len() - 1].is_empty();
            if let Some(&first_line) = grid.lines.first() {
                if record.len() != grid.cols {
                    return Err(InputError::Ragged {
                        line,
                        found: record.len(),
                        expected: grid.cols,
                        first_line,
                        trailing_comma: if record.len() > grid.cols {
                            ends_empty
                        } else {
                            first_ends_empty
                        },
                    });
                }
            } else {
                grid.cols = record.len();
                first_ends_empty = ends_empty;
            }
            grid.lines.push(line);
            if grid.rows().saturating_mul(grid.cols) > MAX_CELLS {
                return Err(InputError::TooLarge {
                    what: format!("a board of more than {MAX_CELLS} cells (line {line})"),
                    limit: format!("{MAX_CELLS} cells"),
                });
            }
            for (field_index, field) in record.iter().enumerate() {
                let place = Place::at(line, field_index + 1);
                grid.push(parse_token(place, field)?);
            }
        }
        if grid.lines.is_empty() {
            return Err(InputError::Empty);
        }
        Ok(grid)
    }
}

/// Where a record the csv reader places at `at` starts: it places one that
/// follows comment lines (and a byte-order mark) at the first of them.
fn past_comments(text: &[u8], mut at: usize) -> usize {
    if at == 0 && text.starts_with(b"\xEF\xBB\xBF") {
        at = 3;
    }
    loop {
        match text.get(at) {
            Some(b'#') => {
                at = text[at..]
                    .iter()
                    .position(|&byte| byte == b'\n')
                    .map_or(text.len(), |end| at + end + 1)
            }
            Some(b'\r' | b'\n') => at += 1,
            _ => return at,
        }
    }
}

/// Line numbers of byte offsets that never go backwards, counted once.
struct LineCounter<'a> {
    text: &'a [u8],
    offset: usize,
    line: usize,
}

impl<'a> LineCounter<'a> {
    fn new(text: &'a [u8]) -> LineCounter<'a> {
        LineCounter {
            text,
            offset: 0,
            line: 1,
        }
    }

    /// The 1-based line where a record starting at byte `offset` begins.
    /// The reader may place a record before the line breaks that end the
    /// previous one (or blank lines): no record starts with one, so they
    /// are passed over.
    fn line_at(&mut self, offset: usize) -> usize {
        let mut offset = offset.min(self.text.len());
        while self
            .text
            .get(offset)
            .is_some_and(|&byte| byte == b'\r' || byte == b'\n')
        {
            offset += 1;
        }
        if offset > self.offset {
            let passed = &self.text[self.offset..offset];
            self.line += passed.iter().filter(|&&byte| byte == b'\n').count();
            self.offset = offset;
        }
        self.line
    }
}

fn parse_token(place: Place, field: &[u8]) -> Result<Option<Token>, InputError> {
    let text = std::str::from_utf8(field).map_err(|_| InputError::NotText { place })?;
    let text = text.trim_matches(|c: char| c == ' ' || c == '\t');
    if text.is_empty() || text == "_" || text == "." {
        return Ok(None);
    }
    if !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(InputError::NotAnInteger {
            place,
            token: shown(text),
            hint: hint_for(text),
        });
    }
    let digits = text.trim_start_matches('0');
    if digits.is_empty() {
        return Ok(None);
    }
    Ok(Some(match digits.parse::<u32>() {
        Ok(value) => Token::Number(value),
        Err(_) => Token::Huge(if digits.len() > 30 {
            format!("{}... ({} digits)", &digits[..20], digits.len())
        } else {
            digits.to_string()
        }),
    }))
}

/// What a field that is no number looks like, when that says what went
/// wrong: one of numbrix's other answers piped where a CSV board or grid
/// belongs (`solve --format json | check`), or numbers apart by spaces.
fn hint_for(text: &str) -> Option<&'static str> {
    let json = text.starts_with('{') || text.starts_with("[[") || text.starts_with("[{");
    let cells = text
        .bytes()
        .all(|byte| byte.is_ascii_digit() || b" \t[]._".contains(&byte));
    if json {
        Some("this is JSON; `--format csv` prints the grid as numbrix reads it")
    } else if cells && text.contains('[') && text.contains(']') {
        Some("this is the grid printed for people; `--format csv` prints it as numbrix reads it")
    } else if cells && text.contains([' ', '\t']) {
        Some("fields are separated by commas")
    } else {
        None
    }
}

/// A token as an error message shows it: on one line, its first 20
/// characters, with line breaks, control characters and invisible marks
/// (a stray byte-order mark, a non-breaking space) spelled out as escapes.
fn shown(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars().take(20) {
        if c.is_control() || c == '\u{feff}' || (c.is_whitespace() && c != ' ') {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    if text.chars().nth(20).is_some() {
        out.push_str("...");
    }
    out
}
