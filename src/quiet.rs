//! Keeping stdout for the answer.
//!
//! HiGHS and CBC print their logs on the C library's stdout, which would mix
//! into a grid, CSV or JSON answer. Both solvers are silent unless asked; when
//! a log is asked for (`-v`), file descriptor 1 is pointed at stderr for the
//! duration of the solver call and then put back.

use std::io::Write;
use std::sync::Mutex;

/// One redirection at a time: descriptor 1 is process-wide.
static STDOUT_REDIRECT: Mutex<()> = Mutex::new(());

/// Runs `solve`; if `log` is on, whatever it writes to stdout goes to stderr.
pub fn with_solver_output_on_stderr<T>(log: bool, solve: impl FnOnce() -> T) -> T {
    if !log {
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
