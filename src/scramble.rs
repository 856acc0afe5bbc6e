//! A fixed pseudo-random order for tie-breaks (Fibonacci hashing), shared
//! by the search's engines: the same seed gives the same search, and a new
//! seed after a restart gives a different one.

/// The key of `item` in the order of `seed`; sort by it to scramble.
pub(crate) fn scramble(item: usize, seed: u64) -> u64 {
    ((item as u64) ^ seed.wrapping_mul(0xD6E8_FEB8_6659_FD93)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        >> 32
}
