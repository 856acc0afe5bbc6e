//! Bit helpers for the domains' bitsets: bit `k` of word `w` is value
//! `64w + k`.

/// Bits 0..=n of a word (none for n < 0, all for n >= 63).
pub(super) fn mask_up_to(n: i64) -> u64 {
    if n < 0 {
        0
    } else if n >= 63 {
        u64::MAX
    } else {
        (1u64 << (n + 1)) - 1
    }
}

/// Bits whose index has the given parity (bit k of word w is value 64w + k,
/// and 64w is even, so the pattern is the same in every word).
pub(super) fn parity_word(parity: u32) -> u64 {
    if parity == 0 {
        0x5555_5555_5555_5555
    } else {
        0xAAAA_AAAA_AAAA_AAAA
    }
}

/// The words `first..end` of a bitset outside which every word is zero
/// (`first == end` when all are).
pub(super) fn span(words: &[u64]) -> (usize, usize) {
    let first = words.iter().position(|&word| word != 0).unwrap_or(0);
    let end = words
        .iter()
        .rposition(|&word| word != 0)
        .map_or(first, |last| last + 1);
    (first, end)
}

/// The set bits of a word, lowest first.
pub(crate) struct BitIter(pub(crate) u64);

impl Iterator for BitIter {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(bit)
    }
}
