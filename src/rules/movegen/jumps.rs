//! `ManJumps`: the first jumps of the men of the side to move, found by whole-board shifts.
//!
//! A man's first jump changes the board only behind it: the square it left and the piece it
//! took lie in the direction it came from, and a man never captures straight back. So whether
//! it can capture again from its landing square is read from the same whole-board test made
//! before the move, and a jump known to end there needs no search.

use crate::rules::bitboard::{Bitboard, Word};
use crate::rules::color::Color;
use crate::rules::geometry::DIRECTIONS;
use crate::rules::position::Position;
use crate::rules::ruleset::{Promotion, Rules};

/// Which men of one side can capture, in which direction, and where such a capture ends.
pub struct ManJumps<W: Word> {
    /// For each direction, the men that can capture in that direction.
    pub from: [Bitboard<W>; DIRECTIONS],
    /// The squares on which a man's first jump ends the capture.
    pub ends: Bitboard<W>,
}

impl<W: Word> ManJumps<W> {
    /// The first jumps of the men of `side` (the side to move).
    #[inline(always)]
    pub fn of<R: Rules<Board = W>>(position: &Position<R>, side: Color) -> ManJumps<W> {
        let g = R::GEOMETRY;
        let empty = g.squares().minus(position.occupied());
        let mut victims = position.pieces(side.opponent());
        if !R::MEN_CAPTURE_KINGS {
            victims = victims.minus(position.kings(side.opponent()));
        }
        let men = position.men(side);
        let directions = R::man_capture_directions(side);
        let mut from = [Bitboard::EMPTY; DIRECTIONS];
        let mut onward = Bitboard::EMPTY;
        for (dir, capturers) in from.iter_mut().enumerate() {
            if directions >> dir & 1 != 0 {
                let capturing = g.shift_back(g.shift_back(empty, dir) & victims, dir);
                onward |= capturing;
                *capturers = capturing & men;
            }
        }
        let crowning = g.crowning_row(side);
        let ends = match R::PROMOTION {
            Promotion::EndsMove => !onward | crowning,
            Promotion::ContinueAsKing => !(onward | crowning),
            Promotion::AtEndOfMove => !onward,
        };
        ManJumps { from, ends }
    }

    /// The men that can capture.
    #[inline(always)]
    pub fn men(&self) -> Bitboard<W> {
        Bitboard::union(&self.from)
    }

    /// The men whose capture in direction `dir` ends after one jump.
    #[inline(always)]
    pub fn ending<R: Rules<Board = W>>(&self, dir: usize) -> Bitboard<W> {
        let g = R::GEOMETRY;
        self.from[dir] & g.shift_back(g.shift_back(self.ends, dir), dir)
    }
}
