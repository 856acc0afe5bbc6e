//! Where the answer is printed: stdout, or with -v the copy of stdout that
//! `numbrix::quiet::keep_stdout_for_answer` keeps for it, so that no solver
//! log mixes into it. A reader that stops reading (`| head -3`) ends the
//! answer quietly, as it ends `cat`'s; the exit status is still the verdict's.

use std::fmt::Display;
use std::fs::File;
use std::io::{self, LineWriter, Write};

use numbrix::Error;

/// The answer's output. Line-buffered like stdout, so that each line is out
/// before anything said on stderr after it.
pub struct Answer {
    output: Output,
    /// The reader has closed the pipe: the rest of the answer goes nowhere.
    closed: bool,
}

enum Output {
    Stdout(io::Stdout),
    Kept(LineWriter<File>),
}

impl Answer {
    /// Stdout; with `solver_log`, stdout kept for the answer alone while
    /// descriptor 1 goes to stderr, or, if it cannot be kept, stdout as it
    /// is (a solver run left behind at its time limit may then log on it).
    pub fn open(solver_log: bool) -> Answer {
        let output = if !solver_log {
            Output::Stdout(io::stdout())
        } else {
            match numbrix::quiet::keep_stdout_for_answer() {
                Ok(file) => Output::Kept(LineWriter::new(file)),
                Err(error) => {
                    tracing::warn!(
                        "stdout could not be kept for the answer ({error}); \
                         a solver still running past its time limit may log on it"
                    );
                    Output::Stdout(io::stdout())
                }
            }
        };
        Answer {
            output,
            closed: false,
        }
    }

    /// `text` on the answer's output, as `print!` would.
    pub fn print(&mut self, text: impl Display) -> Result<(), Error> {
        self.write_with(|output| write!(output, "{text}"))
    }

    /// `text` and a newline on the answer's output, as `println!` would.
    pub fn println(&mut self, text: impl Display) -> Result<(), Error> {
        self.write_with(|output| writeln!(output, "{text}"))
    }

    /// Writes out what is still buffered: a kept descriptor is not flushed
    /// at exit as stdout is.
    pub fn finish(&mut self) -> Result<(), Error> {
        self.write_with(Output::flush)
    }

    /// Whether the reader has stopped reading: work whose only use is more
    /// answer (the next puzzle of `generate`) can stop.
    pub fn closed(&self) -> bool {
        self.closed
    }

    /// Runs `write` on the output unless the reader has gone. A closed
    /// pipe ends the answer without a word; any other failed write (a full
    /// disk) is an error, exit status 2.
    fn write_with(
        &mut self,
        write: impl FnOnce(&mut Output) -> io::Result<()>,
    ) -> Result<(), Error> {
        if self.closed {
            return Ok(());
        }
        match write(&mut self.output) {
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            Err(error) => Err(Error::Output {
                path: "standard output".into(),
                message: error.to_string(),
            }),
            Ok(()) => Ok(()),
        }
    }
}

impl Write for Output {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match self {
            Output::Stdout(stdout) => stdout.write(bytes),
            Output::Kept(kept) => kept.write(bytes),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Stdout(stdout) => stdout.flush(),
            Output::Kept(kept) => kept.flush(),
        }
    }
}
