//! How shaving's two threads share a batch of trials (`batched.rs`): the
//! first thread posts the batch, both claim its trials one by one, and the
//! first waits until every trial has run. A waiting thread spins, then
//! yields its core between looks.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Times a thread looks for what it waits for before it lets others run
/// between looks: a trial takes tens of microseconds.
const SPINS: u32 = 1 << 14;

/// Waits until `ready`, spinning first and then yielding the core between
/// looks, so that a thread waiting while the other propagates a removal
/// does not hold a core another program wants.
fn wait_for(ready: impl Fn() -> bool) {
    let mut looks = 0u32;
    while !ready() {
        looks = looks.saturating_add(1);
        match looks < SPINS {
            true => std::hint::spin_loop(),
            false => std::thread::yield_now(),
        }
    }
}

/// How the two threads share a batch: each claims the next trial not yet
/// claimed (`next`) until the batch's `len` is reached, and counts it
/// `done` when it has run it. `posted` counts the batches posted, so the
/// helper knows a new one from the one it has finished.
#[derive(Default)]
pub(super) struct Claims {
    len: AtomicUsize,
    next: AtomicUsize,
    done: AtomicUsize,
    posted: AtomicUsize,
    closed: AtomicBool,
}

/// No claim reaches a batch's length from here before the next is posted.
const NONE_LEFT: usize = usize::MAX / 2;

impl Claims {
    /// The first thread's side: posts a batch of `len` trials, runs its
    /// share of them, and waits until every one has run.
    pub(super) fn share(&self, len: usize, run: impl Fn(usize)) {
        self.post(len);
        self.work(&run);
        self.wait_done();
    }

    /// Posts a batch of `len` trials.
    fn post(&self, len: usize) {
        self.len.store(len, Ordering::Release);
        self.done.store(0, Ordering::Release);
        self.next.store(0, Ordering::Release);
        self.posted.fetch_add(1, Ordering::AcqRel);
    }

    /// The next trial of the batch to run, if one is left.
    fn claim(&self) -> Option<usize> {
        let next = self.next.fetch_add(1, Ordering::AcqRel);
        (next < self.len.load(Ordering::Acquire)).then_some(next)
    }

    /// Runs trials of the posted batch until none is left to claim.
    fn work(&self, run: impl Fn(usize)) {
        while let Some(at) = self.claim() {
            run(at);
            self.done.fetch_add(1, Ordering::AcqRel);
        }
    }

    /// Waits until every trial of the posted batch has run, and closes it
    /// to claims.
    fn wait_done(&self) {
        let len = self.len.load(Ordering::Acquire);
        wait_for(|| self.done.load(Ordering::Acquire) >= len);
        self.next.store(NONE_LEFT, Ordering::Release);
    }

    /// Ends the pass: the helper goes.
    pub(super) fn close(&self) {
        self.closed.store(true, Ordering::Release);
    }

    /// The helper's side: runs its share of each batch posted, until the
    /// pass is over.
    pub(super) fn help(&self, run: impl Fn(usize)) {
        let mut seen = 0;
        loop {
            wait_for(|| {
                self.closed.load(Ordering::Acquire) || self.posted.load(Ordering::Acquire) != seen
            });
            if self.closed.load(Ordering::Acquire) {
                return;
            }
            seen = self.posted.load(Ordering::Acquire);
            self.work(&run);
        }
    }
}
