//! Where the answer is printed: stdout, or with -v the copy of stdout that
//! `numbrix::quiet::keep_stdout_for_answer` keeps for it, so that no solver
//! log mixes into it.

use std::fmt::Display;
use std::fs::File;
use std::io::{self, LineWriter, Write};

use numbrix::Error;

/// The answer's output. Line-buffered like stdout, so that each line is out
/// before anything said on stderr after it.
pub enum Answer {
    Stdout(io::Stdout),
    Kept(LineWriter<File>),
}

impl Answer {
    /// Stdout; with `solver_log`, stdout kept for the answer alone while
    /// descriptor 1 goes to stderr, or, if it cannot be kept, stdout as it
    /// is (a solver run left behind at its time limit may then log on it).
    pub fn open(solver_log: bool) -> Answer {
        if !solver_log {
            return Answer::Stdout(io::stdout());
        }
        match numbrix::quiet::keep_stdout_for_answer() {
            Ok(file) => Answer::Kept(LineWriter::new(file)),
            Err(error) => {
                tracing::warn!(
                    "stdout could not be kept for the answer ({error}); \
                     a solver still running past its time limit may log on it"
                );
                Answer::Stdout(io::stdout())
            }
        }
    }

    /// `text` on the answer's output, as `print!` would.
    pub fn print(&mut self, text: impl Display) -> Result<(), Error> {
        write!(self, "{text}").map_err(unwritten)
    }

    /// `text` and a newline on the answer's output, as `println!` would.
    pub fn println(&mut self, text: impl Display) -> Result<(), Error> {
        writeln!(self, "{text}").map_err(unwritten)
    }

    /// Writes out what is still buffered: a kept descriptor is not flushed
    /// at exit as stdout is.
    pub fn finish(&mut self) -> Result<(), Error> {
        self.flush().map_err(unwritten)
    }
}

impl Write for Answer {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match self {
            Answer::Stdout(stdout) => stdout.write(bytes),
            Answer::Kept(kept) => kept.write(bytes),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Answer::Stdout(stdout) => stdout.flush(),
            Answer::Kept(kept) => kept.flush(),
        }
    }
}

/// A failed write of the answer (a closed pipe, a full disk): exit status 2.
fn unwritten(error: io::Error) -> Error {
    Error::Output {
        path: "standard output".into(),
        message: error.to_string(),
    }
}
