//! `Bitboard`: a set of squares as one machine word, the unit every board geometry works in.
//!
//! Bit `i` stands for the square whose internal index is `i` (see [`crate::rules::geometry`]).
//! The word is chosen by the board: 64 bits hold every board up to 10x10, the 12x12 board
//! needs 128 ([`crate::rules::Rules::Board`]). Nothing here knows which geometry a board has.

use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// An unsigned machine word used as a set of bits: `u64` or `u128`.
pub trait Word:
    Copy
    + Eq
    + Ord
    + core::hash::Hash
    + Default
    + core::fmt::Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// No bit set.
    const ZERO: Self;
    /// Bit 0 set.
    const ONE: Self;
    /// The number of bits.
    const BITS: u32;
    /// The number of bits set.
    fn count_ones(self) -> u32;
    /// The index of the lowest bit set (`BITS` for zero).
    fn trailing_zeros(self) -> u32;
    /// The word with its lowest set bit cleared.
    fn without_lowest(self) -> Self;
    /// The low bits of a 128-bit set (geometry tables are kept at the widest size).
    fn truncate(wide: u128) -> Self;
    /// The set as 128 bits.
    fn widen(self) -> u128;
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const BITS: u32 = <$t>::BITS;
            #[inline(always)]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn truncate(wide: u128) -> Self {
                wide as $t
            }
            #[inline(always)]
            fn widen(self) -> u128 {
                self as u128
            }
        }
    };
}

word!(u64);
word!(u128);

/// A set of squares, one bit per internal square index, in the word `W`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Bitboard<W: Word>(pub W);

/// A set of squares of the widest board, as the geometry tables keep them.
pub type WideBitboard = Bitboard<u128>;

impl<W: Word> Bitboard<W> {
    /// The empty set.
    pub const EMPTY: Bitboard<W> = Bitboard(W::ZERO);

    /// The set holding only the square with internal index `index`.
    #[inline(always)]
    pub fn from_index(index: u8) -> Bitboard<W> {
        Bitboard(W::ONE << index as u32)
    }

    /// The same squares in the board's word (`wide` holds no square beyond it).
    #[inline(always)]
    pub fn narrow(wide: WideBitboard) -> Bitboard<W> {
        Bitboard(W::truncate(wide.0))
    }

    /// The same squares as a set of the widest board.
    #[inline(always)]
    pub fn wide(self) -> WideBitboard {
        Bitboard(self.0.widen())
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == W::ZERO
    }

    /// Whether the set holds at least one square.
    #[inline(always)]
    pub fn any(self) -> bool {
        self.0 != W::ZERO
    }

    /// Whether the square with internal index `index` is in the set.
    #[inline(always)]
    pub fn contains(self, index: u8) -> bool {
        (self.0 >> index as u32) & W::ONE != W::ZERO
    }

    /// The number of squares in the set.
    #[inline(always)]
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest internal index in the set, if any.
    #[inline(always)]
    pub fn first(self) -> Option<u8> {
        if self.is_empty() {
            None
        } else {
            Some(self.0.trailing_zeros() as u8)
        }
    }

    /// The set with `index` added.
    #[inline(always)]
    pub fn with(self, index: u8) -> Bitboard<W> {
        Bitboard(self.0 | W::ONE << index as u32)
    }

    /// The set with `index` removed.
    #[inline(always)]
    pub fn without(self, index: u8) -> Bitboard<W> {
        Bitboard(self.0 & !(W::ONE << index as u32))
    }

    /// The squares of `self` that are not in `other`.
    #[inline(always)]
    pub fn minus(self, other: Bitboard<W>) -> Bitboard<W> {
        Bitboard(self.0 & !other.0)
    }

    /// The squares in any of `sets`.
    #[inline(always)]
    pub fn union<'a>(sets: impl IntoIterator<Item = &'a Bitboard<W>>) -> Bitboard<W> {
        sets.into_iter().fold(Bitboard::EMPTY, |all, &set| all | set)
    }
}

impl<W: Word> Iterator for Bitboard<W> {
    type Item = u8;

    /// Takes the lowest square out of the set.
    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        let first = self.first()?;
        self.0 = self.0.without_lowest();
        Some(first)
    }

    #[inline(always)]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl<W: Word> ExactSizeIterator for Bitboard<W> {}

impl<W: Word> core::fmt::Debug for Bitboard<W> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

macro_rules! bit_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl<W: Word> $trait for Bitboard<W> {
            type Output = Bitboard<W>;
            #[inline(always)]
            fn $method(self, rhs: Bitboard<W>) -> Bitboard<W> {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl<W: Word> $assign_trait for Bitboard<W> {
            #[inline(always)]
            fn $assign_method(&mut self, rhs: Bitboard<W>) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<W: Word> Not for Bitboard<W> {
    type Output = Bitboard<W>;
    #[inline(always)]
    fn not(self) -> Bitboard<W> {
        Bitboard(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_squares_in_ascending_order() {
        let set = Bitboard::<u64>::EMPTY.with(40).with(3).with(17);
        assert_eq!(set.collect::<Vec<_>>(), vec![3, 17, 40]);
    }

    #[test]
    fn with_and_without_are_inverse() {
        let set = Bitboard::<u64>::from_index(9).with(63);
        assert!(set.contains(63));
        assert_eq!(set.without(63), Bitboard::from_index(9));
        assert_eq!(set.minus(Bitboard::from_index(9)).count(), 1);
    }

    #[test]
    fn a_wide_set_holds_squares_beyond_64() {
        let set = WideBitboard::EMPTY.with(77).with(2);
        assert_eq!(set.collect::<Vec<_>>(), vec![2, 77]);
        assert_eq!(Bitboard::<u64>::narrow(set.without(77)), Bitboard::from_index(2));
        assert_eq!(Bitboard::<u64>::from_index(5).wide(), WideBitboard::from_index(5));
    }
}
