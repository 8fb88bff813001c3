//! `Bitboard`: a set of squares as one 64-bit word, the unit every board geometry works in.
//!
//! Bit `i` stands for the square whose internal index is `i` (see [`crate::rules::geometry`]).
//! Nothing here knows which geometry a board has.

use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares, one bit per internal square index.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The set holding only the square with internal index `index`.
    #[inline(always)]
    pub const fn from_index(index: u8) -> Bitboard {
        Bitboard(1u64 << index)
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds at least one square.
    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Whether the square with internal index `index` is in the set.
    #[inline(always)]
    pub const fn contains(self, index: u8) -> bool {
        self.0 >> index & 1 != 0
    }

    /// The number of squares in the set.
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest internal index in the set, if any.
    #[inline(always)]
    pub const fn first(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as u8)
        }
    }

    /// The set with `index` added.
    #[inline(always)]
    pub const fn with(self, index: u8) -> Bitboard {
        Bitboard(self.0 | 1u64 << index)
    }

    /// The set with `index` removed.
    #[inline(always)]
    pub const fn without(self, index: u8) -> Bitboard {
        Bitboard(self.0 & !(1u64 << index))
    }

    /// The squares of `self` that are not in `other`.
    #[inline(always)]
    pub const fn minus(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & !other.0)
    }
}

impl Iterator for Bitboard {
    type Item = u8;

    /// Takes the lowest square out of the set.
    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        let first = self.first()?;
        self.0 &= self.0 - 1;
        Some(first)
    }

    #[inline(always)]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

impl core::fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

macro_rules! bit_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline(always)]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_squares_in_ascending_order() {
        let set = Bitboard::EMPTY.with(40).with(3).with(17);
        assert_eq!(set.collect::<Vec<_>>(), vec![3, 17, 40]);
    }

    #[test]
    fn with_and_without_are_inverse() {
        let set = Bitboard::from_index(9).with(63);
        assert!(set.contains(63));
        assert_eq!(set.without(63), Bitboard::from_index(9));
        assert_eq!(set.minus(Bitboard::from_index(9)).count(), 1);
    }
}
