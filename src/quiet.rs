//! Keeping stdout for the answer.
//!
//! HiGHS and CBC print their logs on the C library's stdout, which would mix
//! into a grid, CSV or JSON answer. Both solvers are silent unless asked.
//! When a log is asked for (`-v`), file descriptor 1 is pointed at stderr
//! for the duration of each solver call and then put back
//! ([`with_solver_output_on_stderr`]). That is not enough on its own: a run
//! that outlives its time limit is left running in the background
//! (`backend/wait.rs`) and keeps logging after descriptor 1 has been put
//! back. So a program that prints an answer calls
//! [`keep_stdout_for_answer`] first: descriptor 1 then points at stderr for
//! the rest of the process, and the answer goes to a copy of the old stdout
//! that no solver knows of.

use std::fs::File;
use std::io::{self, Write};
use std::os::fd::FromRawFd;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// One redirection at a time: descriptor 1 is process-wide.
static STDOUT_REDIRECT: Mutex<()> = Mutex::new(());

/// Whether descriptor 1 points at stderr for good ([`keep_stdout_for_answer`]).
static STDOUT_ON_STDERR: AtomicBool = AtomicBool::new(false);

/// Runs `solve`; if `log` is on, whatever it writes to stdout goes to stderr.
///
/// A run that `solve` leaves in the background and that writes after
/// `solve` returns writes to stdout again, unless
/// [`keep_stdout_for_answer`] was called.
pub fn with_solver_output_on_stderr<T>(log: bool, solve: impl FnOnce() -> T) -> T {
    // Kept for the answer, descriptor 1 is stderr already.
    if !log || STDOUT_ON_STDERR.load(Ordering::SeqCst) {
        return solve();
    }
    let _guard = STDOUT_REDIRECT
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let _ = std::io::stdout().flush();
    // SAFETY: plain descriptor calls; the saved descriptor is restored and
    // closed below, and C's stdio buffers are flushed before each switch.
    let saved = unsafe {
        libc::fflush(std::ptr::null_mut());
        let saved = libc::dup(1);
        if saved >= 0 {
            libc::dup2(2, 1);
        }
        saved
    };
    let result = solve();
    unsafe {
        libc::fflush(std::ptr::null_mut());
        if saved >= 0 {
            libc::dup2(saved, 1);
            libc::close(saved);
        }
    }
    result
}

/// Points descriptor 1 at stderr for the rest of the process, and returns
/// the old stdout as a file for the answer alone: whatever anything else
/// writes to stdout from now on, solvers left running included, lands on
/// stderr. Call it before any solver runs; `println!` then goes to stderr
/// too.
///
/// On an error (no descriptor left to copy stdout to, or this was done
/// already) descriptor 1 is left as it was.
pub fn keep_stdout_for_answer() -> io::Result<File> {
    let _guard = STDOUT_REDIRECT
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if STDOUT_ON_STDERR.load(Ordering::SeqCst) {
        // Descriptor 1 is stderr by now: a copy of it would not be stdout.
        return Err(io::Error::other("stdout is already kept for the answer"));
    }
    // What was printed so far belongs to the old stdout.
    std::io::stdout().flush()?;
    // SAFETY: plain descriptor calls on descriptors this process owns; the
    // copy is closed again if the switch fails, and on success handed to
    // the one File that owns it.
    unsafe {
        libc::fflush(std::ptr::null_mut());
        // Close-on-exec: a program started later must not hold the answer's
        // pipe open.
        let answer = libc::fcntl(1, libc::F_DUPFD_CLOEXEC, 3);
        if answer < 0 {
            return Err(io::Error::last_os_error());
        }
        if libc::dup2(2, 1) < 0 {
            let error = io::Error::last_os_error();
            libc::close(answer);
            return Err(error);
        }
        STDOUT_ON_STDERR.store(true, Ordering::SeqCst);
        Ok(File::from_raw_fd(answer))
    }
}
