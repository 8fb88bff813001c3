//! `Move`: a move as origin, destination, captured set and whether it crowns a man.
//!
//! Two capture sequences with the same origin, destination and captured set lead to the same
//! position and are the same `Move`; the route taken is kept apart, where it is needed
//! (notation), by [`crate::rules::movegen::PathList`].

use super::bitboard::{Bitboard, Word};

/// A move: internal square indexes of origin and destination, the captured pieces, and
/// whether the moving man is crowned by it. `W` is the board's word ([`crate::rules::Rules::Board`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move<W: Word> {
    /// The squares of the captured pieces (empty for a quiet move).
    pub captures: Bitboard<W>,
    /// The origin square (internal index).
    pub from: u8,
    /// The destination square (internal index); equal to `from` when a king goes round a loop.
    pub to: u8,
    /// Whether a man is crowned by this move.
    pub promotes: bool,
}

impl<W: Word> Move<W> {
    /// A move without capture.
    #[inline(always)]
    pub const fn quiet(from: u8, to: u8, promotes: bool) -> Move<W> {
        Move { captures: Bitboard::EMPTY, from, to, promotes }
    }

    /// Whether the move captures.
    #[inline(always)]
    pub fn is_capture(&self) -> bool {
        self.captures.any()
    }
}
