//! `move_values`: what the databases say of each legal move of a position, for the side that
//! plays it, best first; the value of a move is the value of the position it leads to, seen
//! from the other side and one ply further.

use super::tables::VariantTables;
use super::value::Value;
use crate::rules::{Move, Position, Rules};

/// A legal move and its value for the side that plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue<R: Rules> {
    /// The move.
    pub mv: Move<R::Board>,
    /// Its value for the side to move.
    pub value: Value,
}

/// The value of each of `moves` (legal moves of `position`) for the side to move, best first
/// (the shortest win, then draws, then the longest loss; moves of equal value keep their
/// order), if the databases know every position they lead to.
pub fn move_values<R: Rules>(
    tables: &VariantTables,
    position: &Position<R>,
    moves: &[Move<R::Board>],
) -> Option<Vec<MoveValue<R>>> {
    let mut values = moves
        .iter()
        .map(|mv| {
            let mut next = *position;
            next.play_unchecked(mv);
            Some(MoveValue { mv: *mv, value: tables.probe(&next)?.one_ply_before() })
        })
        .collect::<Option<Vec<_>>>()?;
    values.sort_by_key(|m| core::cmp::Reverse(m.value.rank()));
    Some(values)
}
