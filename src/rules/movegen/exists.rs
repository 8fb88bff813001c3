//! Questions about the legal moves answered without listing them: whether the side to move can
//! capture, whether it has a quiet move, and whether a piece can make one given quiet move.
//! Replaying a game's history asks these once per ply; listing every legal move there would
//! cost several times more.

use super::jumps::ManJumps;
use super::quiet;
use crate::rules::geometry::{each_direction, NONE};
use crate::rules::mv::Move;
use crate::rules::position::Position;
use crate::rules::ruleset::Rules;

/// Whether the side to move has a capture. Every capture sequence starts with one jump and
/// every possible first jump starts some sequence, so this looks for a first jump only: men's
/// by whole-board shifts, short kings' the same way, flying kings' along each line.
#[inline]
pub fn any_capture<R: Rules>(position: &Position<R>) -> bool {
    let side = position.side_to_move();
    if side.specialize(|side| ManJumps::of(position, side)).men().any() {
        return true;
    }
    let kings = position.kings(side);
    if kings.is_empty() {
        return false;
    }
    let g = R::GEOMETRY;
    let victims = position.pieces(side.opponent());
    let empty = g.squares().minus(position.occupied());
    if !R::FLYING_KINGS {
        return each_direction(R::capture_directions())
            .any(|dir| (g.shift_back(g.shift_back(empty, dir) & victims, dir) & kings).any());
    }
    for from in kings {
        for dir in each_direction(R::capture_directions()) {
            let mut square = g.step(from, dir);
            while square != NONE && empty.contains(square) {
                square = g.step(square, dir);
            }
            if square != NONE && victims.contains(square) {
                let landing = g.step(square, dir);
                if landing != NONE && empty.contains(landing) {
                    return true;
                }
            }
        }
    }
    false
}

/// Whether the side to move has a quiet move (legal where no capture is due).
#[inline]
pub fn any_quiet_move<R: Rules>(position: &Position<R>) -> bool {
    quiet::exists(position)
}

/// The quiet move from `from` to `to`, if the piece of the side to move on `from` can step
/// (or fly) there; whether a capture is due instead is the caller's question
/// ([`any_capture`]). The one-piece form of `quiet::generate`'s rules (the property tests hold
/// the two to the same moves), at a fraction of the cost of generating every quiet move.
#[inline]
pub fn quiet_step<R: Rules>(position: &Position<R>, from: u8, to: u8) -> Option<Move<R::Board>> {
    let g = R::GEOMETRY;
    let side = position.side_to_move();
    let empty = g.squares().minus(position.occupied());
    if !position.pieces(side).contains(from) || !empty.contains(to) {
        return None;
    }
    if position.kings(side).contains(from) {
        for dir in 0..4 {
            let mut square = g.step(from, dir);
            while square != NONE && empty.contains(square) {
                if square == to {
                    return Some(Move::quiet(from, to, false));
                }
                if !R::FLYING_KINGS {
                    break;
                }
                square = g.step(square, dir);
            }
        }
        return None;
    }
    let directions = R::man_move_directions(side);
    let steps_there = (0..4).any(|dir| directions >> dir & 1 != 0 && g.step(from, dir) == to);
    steps_there.then(|| Move::quiet(from, to, g.crowning_row::<R::Board>(side).contains(to)))
}
