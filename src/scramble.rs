//! A fixed pseudo-random order for tie-breaks (Fibonacci hashing), shared
//! by the search's engines: the same seed gives the same search, and a new
//! seed after a restart gives a different one.
//!
//! For items below 2^b only the low b bits of `seed * C` choose the order:
//! its higher bits add one constant to every key, which turns the order
//! round (the same cyclic order, begun at another item). So seeds that
//! differ only from bit 32 up (the searches side by side, the seeds asked
//! for: `search/side_by_side.rs`) order ties as one another turned: other
//! searches, but one family. Folding the high bits in was measured and
//! bought nothing (docs/record/side-by-side.md, "Tried: seeds that only
//! turned the order").

/// The key of `item` in the order of `seed`; sort by it to scramble.
pub(crate) fn scramble(item: usize, seed: u64) -> u64 {
    ((item as u64) ^ seed.wrapping_mul(0xD6E8_FEB8_6659_FD93)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        >> 32
}
