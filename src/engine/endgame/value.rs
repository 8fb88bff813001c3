//! `Value`: what the databases know of a position, and its one-byte code.
//!
//! A position's result under perfect play with captures mandatory and no draw by repetition
//! or move counts, for the side to move: a draw, or a win or loss with the number of plies to
//! the end of the game (the loser left without a piece or a move), the winner taking the
//! shortest way and the loser the longest. Code 0 is a draw; code `d + 1` is a result `d`
//! plies away, a loss when `d` is even (the side to move makes the last move only when it
//! wins), a win when odd; [`NO_POSITION`] marks an index that stands for no position.

/// What the databases know of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// A draw with best play.
    Draw,
    /// A win this many plies away.
    Win(u32),
    /// A loss this many plies away.
    Loss(u32),
}

/// The code of an index that stands for no position.
pub const NO_POSITION: u8 = 255;
/// A code used while building: not yet known.
pub(super) const PENDING: u8 = 254;
/// The longest distance a code holds.
pub const MAX_PLIES: u32 = 252;

impl Value {
    /// The value of `code`, or `None` for [`NO_POSITION`] (and the builder's own codes).
    #[inline]
    pub const fn decode(code: u8) -> Option<Value> {
        match code {
            0 => Some(Value::Draw),
            PENDING | NO_POSITION => None,
            c => {
                let plies = c as u32 - 1;
                Some(if plies.is_multiple_of(2) { Value::Loss(plies) } else { Value::Win(plies) })
            }
        }
    }

    /// The code of a result `plies` away (a loss when even, a win when odd); `None` beyond
    /// [`MAX_PLIES`].
    #[inline]
    pub const fn code_of_distance(plies: u32) -> Option<u8> {
        if plies > MAX_PLIES {
            None
        } else {
            Some(plies as u8 + 1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_hold_the_result_in_the_parity_of_the_distance() {
        assert_eq!(Value::decode(0), Some(Value::Draw));
        assert_eq!(Value::decode(1), Some(Value::Loss(0)));
        assert_eq!(Value::decode(2), Some(Value::Win(1)));
        assert_eq!(Value::decode(Value::code_of_distance(MAX_PLIES).expect("fits")), Some(Value::Loss(MAX_PLIES)));
        assert_eq!(Value::code_of_distance(MAX_PLIES + 1), None);
        assert_eq!(Value::decode(NO_POSITION), None);
    }
}
