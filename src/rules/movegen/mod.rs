//! Legal move generation: quiet moves, captures and capture precedence, into a [`MoveSink`].
//!
//! Captures are generated first; when the side to move can capture and captures are mandatory
//! the quiet moves are not generated at all. Nothing here allocates: the sinks used on the hot
//! path ([`MoveList`]) keep their moves inline. Whether a capture or a quiet move exists, and
//! whether one quiet step is possible, are answered without generating ([`any_capture`],
//! [`any_quiet_move`], [`quiet_step`]). A position's own [`Position::legal_moves`] and
//! [`Position::play`] live here: the generator depends on the position, never the reverse.

mod captures;
mod exists;
mod jumps;
mod list;
mod quiet;
mod sink;

pub use exists::{any_capture, any_quiet_move, quiet_step};
pub use list::{Counting, MoveList, PathList, Route, Routes};
pub use sink::MoveSink;

use super::mv::Move;
use super::position::{IllegalMove, Position};
use super::ruleset::Rules;

impl<R: Rules> Position<R> {
    /// The legal moves under the variant's rules (captures mandatory).
    #[inline]
    pub fn legal_moves(&self) -> MoveList<R::Board> {
        self.legal_moves_with(true)
    }

    /// The legal moves; `mandatory_capture: false` is the house rule of docs/rules.md §11.
    #[inline]
    pub fn legal_moves_with(&self, mandatory_capture: bool) -> MoveList<R::Board> {
        let mut list = MoveList::new();
        generate(self, mandatory_capture, &mut list);
        list
    }

    /// Puts the legal moves into any sink (for example one that keeps every capture route).
    #[inline]
    pub fn generate_into<S: MoveSink<R::Board>>(&self, mandatory_capture: bool, sink: &mut S) {
        generate(self, mandatory_capture, sink);
    }

    /// The position after `mv`, if it is legal here (captures mandatory).
    pub fn play(&self, mv: &Move<R::Board>) -> Result<Position<R>, IllegalMove<R::Board>> {
        if self.legal_moves().contains(mv) {
            let mut next = *self;
            next.play_unchecked(mv);
            Ok(next)
        } else {
            Err(IllegalMove(*mv))
        }
    }
}

/// Puts every legal move of `position` into `sink`. With `mandatory_capture` false (the
/// house rule of docs/rules.md §11) quiet moves are legal beside the variant's legal captures.
#[inline]
pub fn generate<R: Rules, S: MoveSink<R::Board>>(position: &Position<R>, mandatory_capture: bool, sink: &mut S) {
    captures::generate(position, sink);
    if !mandatory_capture || sink.is_empty() {
        quiet::generate(position, sink);
    }
}

/// The legal captures of the piece on `from` into `sink`, and perhaps other pieces' (where the
/// variant ranks captures, every capture is searched): what replaying a capture written
/// `from-to` needs, without searching every piece's captures.
#[inline]
pub fn captures_from<R: Rules, S: MoveSink<R::Board>>(position: &Position<R>, from: u8, sink: &mut S) {
    captures::generate_from(position, from, sink);
}

/// The legal captures of `position` into `sink`, and whether a quiet move is legal, without
/// generating the quiet moves (false when captures are mandatory and there are some): what a
/// search needs at its leaves, where only captures are played on.
#[inline]
pub fn captures_noting_quiet<R: Rules, S: MoveSink<R::Board>>(
    position: &Position<R>,
    mandatory_capture: bool,
    sink: &mut S,
) -> bool {
    captures::generate(position, sink);
    (!mandatory_capture || sink.is_empty()) && quiet::exists(position)
}

/// The number of legal moves of `position` as `counting` counts them, without keeping the
/// quiet moves (perft's last ply).
#[inline]
pub fn count<R: Rules>(position: &Position<R>, mandatory_capture: bool, counting: Counting) -> usize {
    let captures = captures::count(position, counting);
    if mandatory_capture && captures > 0 {
        return captures;
    }
    captures + quiet::count(position)
}
