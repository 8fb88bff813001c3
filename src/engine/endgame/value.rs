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

/// A result without its distance: what the search asks of positions deep in its tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Wdl {
    /// A loss with best play.
    Loss,
    /// A draw with best play.
    Draw,
    /// A win with best play.
    Win,
}

impl Wdl {
    /// The result, for the side that moves into it, of a position whose result for its own
    /// side to move is `self`.
    #[inline]
    pub const fn one_ply_before(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::Draw => Wdl::Draw,
            Wdl::Win => Wdl::Loss,
        }
    }
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

    /// The result without its distance.
    #[inline]
    pub const fn wdl(self) -> Wdl {
        match self {
            Value::Draw => Wdl::Draw,
            Value::Win(_) => Wdl::Win,
            Value::Loss(_) => Wdl::Loss,
        }
    }

    /// The value, for the side that moves into it, of a position whose value for its own side
    /// to move is `self`: a win becomes a loss one ply further away, and the other way round.
    #[inline]
    pub const fn one_ply_before(self) -> Value {
        match self {
            Value::Draw => Value::Draw,
            Value::Win(plies) => Value::Loss(plies + 1),
            Value::Loss(plies) => Value::Win(plies + 1),
        }
    }

    /// How good the value is for its side, higher better: any win above any draw above any
    /// loss, the shorter win and the longer loss the better.
    #[inline]
    pub const fn rank(self) -> i64 {
        match self {
            Value::Win(plies) => i64::MAX - plies as i64,
            Value::Draw => 0,
            Value::Loss(plies) => i64::MIN + 1 + plies as i64,
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

    #[test]
    fn a_move_into_a_lost_position_wins_one_ply_further_and_wins_rank_shortest_first() {
        assert_eq!(Value::Loss(0).one_ply_before(), Value::Win(1));
        assert_eq!(Value::Win(3).one_ply_before(), Value::Loss(4));
        assert_eq!(Value::Draw.one_ply_before(), Value::Draw);
        let mut values = [Value::Loss(2), Value::Win(9), Value::Draw, Value::Loss(8), Value::Win(1)];
        values.sort_by_key(|v| core::cmp::Reverse(v.rank()));
        assert_eq!(values, [Value::Win(1), Value::Win(9), Value::Draw, Value::Loss(8), Value::Loss(2)]);
    }
}
