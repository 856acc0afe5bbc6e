//! The failure counts that break ties between open values with as many
//! cells (the weighted-degree rule of Boussemart et al., 2004), and how
//! long the fill remembers them.
//!
//! A gap that an early decision has made impossible is otherwise only met
//! deep down, after every decision since, and gone back over one decision
//! at a time; with its weight it moves up the tree at the next run, where
//! its failure is met at once.
//!
//! Kept whole from the first run on, the weights carry what the first,
//! short restarts met wherever their seeds led them, and on small boards
//! that misled the runs after (docs/record/fill-order.md, "Failure weights that
//! fade while the fill restarts"; why, most likely: the next runs go first
//! to gaps that were hard only after other choices). So while the fill
//! restarts from the givens (its first nodes, before it repairs), each run
//! begins with the weights divided by 8: they say mostly what the last run
//! or two met. From the first run that repairs, or the first run after a
//! first solution (the look for a second near it, `nearby.rs`, still sees
//! them faded), the weights are every failure of every run: a large
//! board's repairs, started from faded weights, took more than twice the
//! nodes.
//!
//! A count to a limit that goes on past its first solution fades them
//! again, run by run: with every failure of the count remembered, its
//! runs kept to the same few parts of the tree, and found a handful of
//! solutions where a single walk found hundreds (docs/record/count.md,
//! "Count to a limit with restarts").
//!
//! With w(v) the weight of open value v, f_r(v) the failures at v in run r:
//! - fading (run r from the givens, before any repair, and every run of a
//!   count past its first solution): w(v) <- floor(w(v) / 8) + f_r(v);
//! - whole (every other run after): w(v) = sum over every run r of f_r(v).

/// The weights of the open values, by value.
pub(in crate::search) struct Weights {
    /// `weight[v]`: what the choice weighs at open value v.
    weight: Vec<u32>,
    /// `met[v]`: every failure met at v, in every run.
    met: Vec<u32>,
    /// The weights fade run by run (until [`Weights::remember_every_run`]).
    fading: bool,
}

/// Each run from the givens keeps 1 / 2^FADE of the weights it starts with.
const FADE: u32 = 3;

impl Weights {
    /// No failure yet, for values 0..=total + 1; fading.
    pub(super) fn new(total: u32) -> Weights {
        Weights {
            weight: vec![0; total as usize + 2],
            met: vec![0; total as usize + 2],
            fading: true,
        }
    }

    /// The weight of open value `value`.
    pub(super) fn of(&self, value: u32) -> u32 {
        self.weight[value as usize]
    }

    /// Counts a failure at `value`: its placement failed a test, or it was
    /// left with no cell.
    pub(super) fn blame(&mut self, value: u32) {
        let value = value as usize;
        self.weight[value] = self.weight[value].saturating_add(1);
        self.met[value] = self.met[value].saturating_add(1);
    }

    /// A run from the givens begins: while fading, the weights keep an
    /// eighth of what they hold.
    pub(in crate::search) fn fade(&mut self) {
        if self.fading {
            for weight in &mut self.weight {
                *weight >>= FADE;
            }
        }
    }

    /// A run of a count past its first solution begins: the weights fade
    /// again, whatever they were.
    pub(in crate::search) fn fade_again(&mut self) {
        self.fading = true;
        self.fade();
    }

    /// From now on the weights are every failure met, in every run so far
    /// and to come.
    pub(in crate::search) fn remember_every_run(&mut self) {
        if self.fading {
            self.fading = false;
            self.weight.clone_from(&self.met);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_from_the_givens_keeps_an_eighth_of_the_weights() {
        let mut weights = Weights::new(4);
        for _ in 0..17 {
            weights.blame(2);
        }
        weights.blame(3);
        weights.fade();
        assert_eq!((weights.of(2), weights.of(3)), (2, 0));
    }

    #[test]
    fn a_count_past_its_first_solution_fades_the_weights_again() {
        let mut weights = Weights::new(4);
        weights.remember_every_run();
        for _ in 0..17 {
            weights.blame(2);
        }
        weights.fade();
        assert_eq!(weights.of(2), 17, "every failure remembered");
        weights.fade_again();
        assert_eq!(weights.of(2), 2);
    }

    #[test]
    fn once_every_run_is_remembered_the_weights_are_every_failure_met() {
        let mut weights = Weights::new(4);
        for _ in 0..17 {
            weights.blame(2);
        }
        weights.fade();
        weights.blame(2);
        weights.remember_every_run();
        assert_eq!(weights.of(2), 18);
        weights.fade();
        assert_eq!(weights.of(2), 18, "no fading after");
    }
}
