//! One roll of a run's generator, read in parts. A move makes several
//! random choices in turn (which kind of move, where, on which side,
//! whether to refuse), and a roll for each choice cost more than the rest
//! of the move: a move reads its choices from separate bits of the roll
//! that chose it. Each choice keeps its odds, and no two choices of a move
//! read the same bits.

/// A roll of the generator (xorshift64), its bits read as independent
/// choices.
#[derive(Clone, Copy)]
pub(super) struct Draw(pub(super) u64);

impl Draw {
    /// Bit `bit`, as a fair coin.
    pub(super) fn coin(self, bit: u32) -> bool {
        (self.0 >> bit) & 1 != 0
    }

    /// True once in 2^`bits`: the `bits` bits from bit `from` all zero.
    pub(super) fn one_in_power_of_two(self, from: u32, bits: u32) -> bool {
        (self.0 >> from) & ((1 << bits) - 1) == 0
    }

    /// A number below `below`, from the high 32 bits: scaled by a
    /// multiplication, where a remainder would divide.
    pub(super) fn below(self, below: usize) -> usize {
        (((self.0 >> 32) * below as u64) >> 32) as usize
    }

    /// A number below a small `below`, from bits 8-31, which
    /// [`Draw::below`] does not read.
    pub(super) fn small_below(self, below: u64) -> u64 {
        (((self.0 >> 8) & 0xFF_FFFF) * below) >> 24
    }
}

#[cfg(test)]
mod tests {
    use super::Draw;

    #[test]
    fn a_draws_numbers_stay_below_their_bound_and_reach_it_less_one() {
        for below in [1, 2, 3, 4, 5, 900] {
            assert_eq!(Draw(0).below(below), 0);
            assert_eq!(Draw(u64::MAX).below(below), below - 1);
            assert_eq!(Draw(0).small_below(below as u64), 0);
            assert_eq!(Draw(u64::MAX).small_below(below as u64), below as u64 - 1);
        }
    }

    #[test]
    fn a_draws_kinds_of_move_come_in_fifths() {
        // Every value of bits 8-31 once, in steps: each kind gets a fifth.
        let mut kinds = [0u64; 5];
        for bits in (0..1u64 << 24).step_by(7) {
            kinds[Draw(bits << 8).small_below(5) as usize] += 1;
        }
        let all: u64 = kinds.iter().sum();
        for kind in kinds {
            assert!(kind.abs_diff(all / 5) <= 1, "{kinds:?}");
        }
    }

    #[test]
    fn a_draws_odds_read_only_their_own_bits() {
        assert!(Draw(0b1111_1000).one_in_power_of_two(0, 3));
        assert!(!Draw(0b0000_0100).one_in_power_of_two(0, 3));
        assert!(Draw(0b0000_0111).one_in_power_of_two(3, 2));
        assert!(!Draw(0b0001_0000).one_in_power_of_two(3, 2));
        assert!(Draw(1 << 5).coin(5) && !Draw(1 << 5).coin(6));
    }
}
