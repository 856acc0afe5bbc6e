//! What a command shows on stderr while it works, when stderr is a
//! terminal: a spinner, or a bar of the steps done.

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

/// A bar of `length` steps on stderr when it is a terminal (and not
/// --quiet), with the time elapsed and a message.
pub(crate) fn bar(quiet: bool, length: u64) -> Option<indicatif::ProgressBar> {
    (!quiet && std::io::stderr().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new(length);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} {elapsed} {wide_msg}")
                .expect("a valid template"),
        );
        bar
    })
}
