//! The spinner on stderr while a command works, when stderr is a terminal.

use std::io::IsTerminal;

/// Runs `work` with a spinner on stderr when it is a terminal (and not
/// `quiet`), cleared when the work ends, whatever it returns.
pub(crate) fn with_spinner<T>(
    quiet: bool,
    template: &str,
    work: impl FnOnce(Option<&indicatif::ProgressBar>) -> T,
) -> T {
    let bar = spinner(quiet, template);
    let done = work(bar.as_ref());
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    done
}

/// A spinner on stderr when it is a terminal (and not --quiet).
fn spinner(quiet: bool, template: &str) -> Option<indicatif::ProgressBar> {
    (!quiet && std::io::stderr().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_style(indicatif::ProgressStyle::with_template(template).expect("a valid template"));
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
        bar
    })
}
