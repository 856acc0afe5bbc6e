//! A time limit read now and then. The loops that read it (rules 1-5 of
//! the reduction, the assignment model's build) take steps that cost less
//! than a reading of the clock, so it is read once every so many steps;
//! once it has run out it stays out.

use std::cell::Cell;
use std::time::Instant;

/// A stop, read every `every` calls of [`Clock::out_of_time`]; without a
/// stop it never runs out. Its counts sit in cells, so that a loop can read
/// it through a shared borrow.
#[derive(Default)]
pub(crate) struct Clock {
    stop: Option<Instant>,
    every: u32,
    /// Calls left before the next reading.
    left: Cell<u32>,
    stopped: Cell<bool>,
}

impl Clock {
    /// A clock that runs out at `stop`, read every `every` calls.
    pub(crate) fn until(stop: Option<Instant>, every: u32) -> Clock {
        let every = every.max(1);
        Clock {
            stop,
            every,
            left: Cell::new(every),
            stopped: Cell::new(false),
        }
    }

    /// Is there a stop at all?
    pub(crate) fn set(&self) -> bool {
        self.stop.is_some()
    }

    /// True once the stop has passed, at one of the readings.
    pub(crate) fn out_of_time(&self) -> bool {
        let Some(stop) = self.stop else {
            return false;
        };
        let left = self.left.get() - 1;
        if left > 0 {
            self.left.set(left);
            return self.stopped.get();
        }
        self.left.set(self.every);
        if Instant::now() >= stop {
            self.stopped.set(true);
        }
        self.stopped.get()
    }

    /// Did the clock run out at a reading?
    pub(crate) fn stopped(&self) -> bool {
        self.stopped.get()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_without_a_stop_never_runs_out() {
        let clock = Clock::until(None, 1);
        assert!((0..100).all(|_| !clock.out_of_time()));
        assert!(!clock.stopped());
    }

    #[test]
    fn a_passed_stop_is_seen_at_the_first_reading_and_stays() {
        let clock = Clock::until(Some(Instant::now()), 4);
        let seen: Vec<bool> = (0..6).map(|_| clock.out_of_time()).collect();
        assert_eq!(seen, [false, false, false, true, true, true]);
        assert!(clock.stopped());
    }
}
