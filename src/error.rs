//! Errors. Each message is one line; input errors name the line and column.

use std::fmt;

use thiserror::Error;

/// Where in a board file something is: 1-based line and column (the column
/// counts comma-separated fields, not characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    pub line: usize,
    pub column: usize,
}

impl Place {
    pub fn at(line: usize, column: usize) -> Place {
        Place { line, column }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// Something wrong with the input: exit status 2.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum InputError {
    #[error("{path}: {message}")]
    Io { path: String, message: String },
    #[error("no rows: the board is empty")]
    Empty,
    #[error("line {line}: {}, but line {first_line} has {expected} (every row needs the same number{hint})", crate::words::how_many(*.found as u64, "field", "fields"), hint = if *.trailing_comma { "; a trailing comma is one more, empty, field" } else { "" })]
    Ragged {
        line: usize,
        found: usize,
        expected: usize,
        first_line: usize,
        /// The longer of the two lines ends with a comma.
        trailing_comma: bool,
    },
    #[error("{place}: '{token}' is not a positive integer{}", hint.map_or(String::new(), |hint| format!(" ({hint})")))]
    NotAnInteger {
        place: Place,
        token: String,
        /// What the text looks like, when that says what went wrong:
        /// numbrix's JSON, its grid for people, numbers apart by spaces.
        hint: Option<&'static str>,
    },
    #[error("{place}: not UTF-8 text")]
    NotText { place: Place },
    #[error("line {line}: {message}")]
    Unreadable { line: usize, message: String },
    #[error("{place}: {value} is outside 1..{total}")]
    OutOfRange {
        place: Place,
        value: String,
        total: usize,
    },
    #[error("{place}: {value} is given twice (also at {first})")]
    Duplicate {
        place: Place,
        value: u32,
        first: Place,
    },
    #[error("{cells} clues do not fill a {rows}x{cols} board")]
    Shape {
        rows: usize,
        cols: usize,
        cells: usize,
    },
    #[error("too large: {what}; the limit is {limit}")]
    TooLarge { what: String, limit: String },
    /// A filled grid in JSON that cannot be read; the column counts
    /// characters, as JSON has no fields.
    #[error("line {line}, character {column}: {message} (in JSON)")]
    Json {
        line: usize,
        column: usize,
        message: String,
    },
    /// JSON that ends before it is complete.
    #[error("the JSON ends too soon: {message}")]
    JsonCutShort { message: String },
    /// A JSON answer whose `grid` is `null`: the solve found no solution.
    #[error("the JSON answer holds no grid{}", status.as_ref().map_or(String::new(), |status| format!(" (status: {status})")))]
    NoGrid { status: Option<String> },
    /// JSON that is neither an answer with a `grid` nor an array of rows.
    #[error("the JSON has no `grid`: check reads the answer of `solve --format json`, or an array of rows")]
    NoGridField,
    /// Options that cannot go together.
    #[error("{0}")]
    Usage(String),
    /// Any of the above, in the file (or standard input) named.
    #[error("{path}: {error}")]
    InFile {
        path: String,
        #[source]
        error: Box<InputError>,
    },
}

impl InputError {
    /// What is wrong, without the file it is in.
    pub fn cause(&self) -> &InputError {
        match self {
            InputError::InFile { error, .. } => error.cause(),
            other => other,
        }
    }
}

/// Everything that can stop a solve without an answer.
#[derive(Debug, Error)]
pub enum Error {
    /// Bad input or usage: exit status 2.
    #[error("{0}")]
    Input(#[from] InputError),
    /// The model (or the reduction) would be too large to build: exit status 2.
    #[error("too large: {what}; the limit is {limit}")]
    TooLarge { what: String, limit: String },
    /// The solver failed to run or to finish: exit 4.
    #[error("solver failure ({solver}): {message}")]
    Solver {
        solver: &'static str,
        message: String,
    },
    /// The solver vouched for an answer the checker refused (it is never
    /// printed): exit 4.
    #[error("wrong answer from {solver}: {problem}; nothing is printed")]
    Rejected {
        solver: &'static str,
        problem: String,
    },
    /// Writing an output file failed.
    #[error("{path}: {message}")]
    Output { path: String, message: String },
}

impl Error {
    /// The exit status the command line gives this error (docs/output.md).
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Input(_) | Error::TooLarge { .. } | Error::Output { .. } => 2,
            Error::Solver { .. } | Error::Rejected { .. } => 4,
        }
    }
}
