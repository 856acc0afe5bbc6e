//! Which values are placed, as bits: the placed values nearest a value
//! (the ends of the gap around it) are found a word at a time instead of
//! a value at a time, at every placement.

/// Bit v is set when value v is placed. Bit 0 and the bits past T are set
/// too, so that every run of open values lies between two set bits.
pub(super) struct Placed {
    words: Vec<u64>,
}

impl Placed {
    /// No value of 1..=`total` placed.
    pub(super) fn new(total: u32) -> Placed {
        let bits = total as usize + 2;
        let mut words = vec![0; bits.div_ceil(64)];
        words[0] |= 1;
        for bit in total as usize + 1..words.len() * 64 {
            words[bit / 64] |= 1 << (bit % 64);
        }
        Placed { words }
    }

    /// The bits, a word at a time.
    pub(super) fn words(&self) -> &[u64] {
        &self.words
    }

    /// Is `value` placed (0 and the values past T read as placed)?
    pub(super) fn contains(&self, value: u32) -> bool {
        self.words[value as usize / 64] >> (value % 64) & 1 == 1
    }

    pub(super) fn set(&mut self, value: u32) {
        self.words[value as usize / 64] |= 1 << (value % 64);
    }

    pub(super) fn clear(&mut self, value: u32) {
        self.words[value as usize / 64] &= !(1 << (value % 64));
    }

    /// The first open value at or after `value`, if any (the gaps are read
    /// with it when a fill starts again; else it keeps them, `gaps.rs`).
    pub(super) fn next_open(&self, value: u32) -> Option<u32> {
        self.next(value, |word| !word)
    }

    /// The first placed value (or the bit past T) at or after `value`.
    pub(super) fn next_placed(&self, value: u32) -> u32 {
        self.next(value, |word| word)
            .expect("the bits past T are set")
    }

    /// The last placed value (or bit 0) at or before `value`.
    pub(super) fn last_placed(&self, value: u32) -> u32 {
        let mut w = value as usize / 64;
        let mut word = self.words[w] & (u64::MAX >> (63 - value % 64));
        while word == 0 {
            w -= 1; // bit 0 is set, so this stops at word 0 at the latest
            word = self.words[w];
        }
        (w * 64) as u32 + 63 - word.leading_zeros()
    }

    /// The first bit at or after `value` that `read` sets in its word.
    fn next(&self, value: u32, read: impl Fn(u64) -> u64) -> Option<u32> {
        let mut w = value as usize / 64;
        let mut word = read(*self.words.get(w)?) & (u64::MAX << (value % 64));
        while word == 0 {
            w += 1;
            word = read(*self.words.get(w)?);
        }
        Some((w * 64) as u32 + word.trailing_zeros())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_open_values_are_read_between_placed_ones() {
        let mut placed = Placed::new(130);
        for value in [1, 5, 64, 65, 129] {
            placed.set(value);
        }
        assert_eq!(placed.next_open(1), Some(2));
        assert_eq!(placed.next_placed(2), 5);
        assert_eq!(placed.next_open(64), Some(66));
        assert_eq!(placed.next_placed(66), 129);
        assert_eq!(placed.next_open(129), Some(130));
        assert_eq!(placed.next_placed(130), 131, "the bit past T");
        assert_eq!(placed.next_open(131), None);
        assert_eq!(placed.last_placed(128), 65);
        assert_eq!(placed.last_placed(4), 1);
        placed.clear(1);
        assert_eq!(placed.last_placed(4), 0, "bit 0");
    }
}
