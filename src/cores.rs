//! How many cores the process may use, asked once.

use std::sync::OnceLock;

/// Does this machine have a second core for work beside the first? (Asked
/// once: the answer reads the process's CPU limits.) Shaving's helper and
/// the search running beside a MIP solver's turn use it; on one core they
/// would only take turns with the work they are meant to run beside.
pub(crate) fn second_core() -> bool {
    static SECOND_CORE: OnceLock<bool> = OnceLock::new();
    *SECOND_CORE
        .get_or_init(|| std::thread::available_parallelism().is_ok_and(|cores| cores.get() >= 2))
}
