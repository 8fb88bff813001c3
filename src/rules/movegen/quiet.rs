//! Moves without capture: men by whole-board shifts, kings one step or along free lines.

use super::sink::MoveSink;
use crate::rules::color::Color;
use crate::rules::geometry::NONE;
use crate::rules::mv::Move;
use crate::rules::position::Position;
use crate::rules::ruleset::Rules;

/// Puts every move without capture of the side to move into `sink`.
#[inline]
pub fn generate<R: Rules, S: MoveSink<R::Board>>(position: &Position<R>, sink: &mut S) {
    position.side_to_move().specialize(|side| generate_for(position, side, &mut *sink))
}

#[inline(always)]
fn generate_for<R: Rules, S: MoveSink<R::Board>>(position: &Position<R>, side: Color, sink: &mut S) {
    let g = R::GEOMETRY;
    let empty = g.squares().minus(position.occupied());
    let men = position.men(side);
    let crowning = g.crowning_row::<R::Board>(side);
    let directions = R::man_move_directions(side);
    for dir in 0..4 {
        if directions >> dir & 1 == 0 {
            continue;
        }
        let offset = g.offsets[dir] as i16;
        for to in g.shift(men, dir) & empty {
            sink.push_quiet(Move::quiet((to as i16 - offset) as u8, to, crowning.contains(to)));
        }
    }
    let kings = position.kings(side);
    if kings.is_empty() {
        return;
    }
    if R::FLYING_KINGS {
        for from in kings {
            for dir in 0..4 {
                let mut to = g.step(from, dir);
                while to != NONE && empty.contains(to) {
                    sink.push_quiet(Move::quiet(from, to, false));
                    to = g.step(to, dir);
                }
            }
        }
    } else {
        for dir in 0..4 {
            let offset = g.offsets[dir] as i16;
            for to in g.shift(kings, dir) & empty {
                sink.push_quiet(Move::quiet((to as i16 - offset) as u8, to, false));
            }
        }
    }
}

/// Whether the side to move has a move without capture: whether [`count`] is above 0, answered
/// without counting. Every piece that can move at all can take one step, so one free step of a
/// man (by whole-board shifts, in its directions) or of a king (in any direction) is enough.
#[inline]
pub fn exists<R: Rules>(position: &Position<R>) -> bool {
    position.side_to_move().specialize(|side| exists_for(position, side))
}

#[inline(always)]
fn exists_for<R: Rules>(position: &Position<R>, side: Color) -> bool {
    let g = R::GEOMETRY;
    let empty = g.squares().minus(position.occupied());
    let men = position.men(side);
    let kings = position.kings(side);
    let man_directions = R::man_move_directions(side);
    (0..4).any(|dir| {
        man_directions >> dir & 1 != 0 && (g.shift(men, dir) & empty).any() || (g.shift(kings, dir) & empty).any()
    })
}

/// The number of moves without capture of the side to move: what [`generate`] would put into a
/// sink, counted without making them (perft's last ply).
#[inline]
pub fn count<R: Rules>(position: &Position<R>) -> usize {
    position.side_to_move().specialize(|side| count_for(position, side))
}

#[inline(always)]
fn count_for<R: Rules>(position: &Position<R>, side: Color) -> usize {
    let g = R::GEOMETRY;
    let empty = g.squares().minus(position.occupied());
    let men = position.men(side);
    let kings = position.kings(side);
    let man_directions = R::man_move_directions(side);
    let mut total = 0;
    for dir in 0..4 {
        if man_directions >> dir & 1 != 0 {
            total += (g.shift(men, dir) & empty).count() as usize;
        }
        if !R::FLYING_KINGS {
            total += (g.shift(kings, dir) & empty).count() as usize;
        }
    }
    if R::FLYING_KINGS {
        for from in kings {
            for dir in 0..4 {
                let mut to = g.step(from, dir);
                while to != NONE && empty.contains(to) {
                    total += 1;
                    to = g.step(to, dir);
                }
            }
        }
    }
    total
}
