//! Moves without capture: men by whole-board shifts, kings one step or along free lines.

use super::sink::MoveSink;
use crate::rules::bitboard::Bitboard;
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
    let movers = Movers::of(position, side);
    let crowning = g.crowning_row::<R::Board>(side);
    for dir in 0..4 {
        if !movers.men_move(dir) {
            continue;
        }
        let offset = g.offsets[dir] as i16;
        for to in movers.men_steps(dir) {
            sink.push_quiet(Move::quiet((to as i16 - offset) as u8, to, crowning.contains(to)));
        }
    }
    if movers.kings.is_empty() {
        return;
    }
    if R::FLYING_KINGS {
        movers.each_flying_king_move(|from, to| sink.push_quiet(Move::quiet(from, to, false)));
    } else {
        for dir in 0..4 {
            let offset = g.offsets[dir] as i16;
            for to in movers.king_steps(dir) {
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
    position.side_to_move().specialize(|side| exists_for(Movers::of(position, side)))
}

#[inline(always)]
fn exists_for<R: Rules>(movers: Movers<R>) -> bool {
    (0..4).any(|dir| movers.men_move(dir) && movers.men_steps(dir).any() || movers.king_steps(dir).any())
}

/// The number of moves without capture of the side to move: what [`generate`] would put into a
/// sink, counted without making them (perft's last ply).
#[inline]
pub fn count<R: Rules>(position: &Position<R>) -> usize {
    position.side_to_move().specialize(|side| count_for(Movers::of(position, side)))
}

#[inline(always)]
fn count_for<R: Rules>(movers: Movers<R>) -> usize {
    let mut total = 0;
    for dir in 0..4 {
        if movers.men_move(dir) {
            total += movers.men_steps(dir).count() as usize;
        }
        if !R::FLYING_KINGS {
            total += movers.king_steps(dir).count() as usize;
        }
    }
    if R::FLYING_KINGS {
        movers.each_flying_king_move(|_, _| total += 1);
    }
    total
}

/// One side's pieces as moves without capture see them: the empty squares, its men and kings,
/// and the directions its men move in (bit set of direction indexes).
struct Movers<R: Rules> {
    empty: Bitboard<R::Board>,
    men: Bitboard<R::Board>,
    kings: Bitboard<R::Board>,
    man_directions: u8,
}

impl<R: Rules> Movers<R> {
    /// The pieces of `side` in `position`.
    #[inline(always)]
    fn of(position: &Position<R>, side: Color) -> Self {
        Movers {
            empty: R::GEOMETRY.squares().minus(position.occupied()),
            men: position.men(side),
            kings: position.kings(side),
            man_directions: R::man_move_directions(side),
        }
    }

    /// Whether men move in direction `dir`.
    #[inline(always)]
    fn men_move(&self, dir: usize) -> bool {
        self.man_directions >> dir & 1 != 0
    }

    /// The empty squares one step from a man in direction `dir` (whether or not men move that way).
    #[inline(always)]
    fn men_steps(&self, dir: usize) -> Bitboard<R::Board> {
        R::GEOMETRY.shift(self.men, dir) & self.empty
    }

    /// The empty squares one step from a king in direction `dir`.
    #[inline(always)]
    fn king_steps(&self, dir: usize) -> Bitboard<R::Board> {
        R::GEOMETRY.shift(self.kings, dir) & self.empty
    }

    /// Calls `f(from, to)` for every move of a flying king: any distance along a free line.
    #[inline(always)]
    fn each_flying_king_move(&self, mut f: impl FnMut(u8, u8)) {
        let g = R::GEOMETRY;
        for from in self.kings {
            for dir in 0..4 {
                let mut to = g.step(from, dir);
                while to != NONE && self.empty.contains(to) {
                    f(from, to);
                    to = g.step(to, dir);
                }
            }
        }
    }
}
