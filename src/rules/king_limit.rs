//! The king-move limit (Frisian, docs/rules.md §10.5): a side's run of moves without capture
//! with the same king ([`KingRun`]), and the sink that holds back the quiet moves of a king that
//! has made the most the limit allows ([`ExceptQuietFrom`]). The game applies both
//! ([`crate::rules::Game::held_king`]).

use super::bitboard::Word;
use super::movegen::MoveSink;
use super::mv::Move;

/// A side's moves without capture in a row with the same king, and where that king stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KingRun {
    square: u8,
    moves: u8,
}

impl KingRun {
    /// The run after its side plays `mv`, a king move if `by_king`: a capture or a man move
    /// ends it, a move of another king starts a new one.
    pub fn after<W: Word>(self, mv: &Move<W>, by_king: bool) -> KingRun {
        match (mv.is_capture() || !by_king, self.moves > 0 && self.square == mv.from) {
            (true, _) => KingRun::default(),
            (false, true) => KingRun { square: mv.to, moves: self.moves.saturating_add(1) },
            (false, false) => KingRun { square: mv.to, moves: 1 },
        }
    }

    /// The square of the king this run holds back under `limit` (0: no limit), if it has made
    /// that many moves.
    pub fn held(self, limit: u8) -> Option<u8> {
        (limit > 0 && self.moves >= limit).then_some(self.square)
    }
}

/// A sink that passes on every move but the quiet moves from one square: a king that may not
/// move again without capturing.
pub struct ExceptQuietFrom<'a, S> {
    /// Where the moves go.
    pub sink: &'a mut S,
    /// The held king's square.
    pub square: u8,
}

impl<W: Word, S: MoveSink<W>> MoveSink<W> for ExceptQuietFrom<'_, S> {
    fn clear(&mut self) {
        self.sink.clear();
    }

    fn push_capture(&mut self, mv: Move<W>, path: &[u8]) {
        self.sink.push_capture(mv, path);
    }

    fn push_quiet(&mut self, mv: Move<W>) {
        if mv.from != self.square {
            self.sink.push_quiet(mv);
        }
    }

    fn is_empty(&self) -> bool {
        self.sink.is_empty()
    }

    fn every_route(&self) -> bool {
        self.sink.every_route()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Bitboard;

    #[test]
    fn a_run_counts_the_same_kings_quiet_moves_and_ends_at_a_capture_or_a_man_move() {
        let step = |from, to| Move::<u64>::quiet(from, to, false);
        let run = KingRun::default().after(&step(1, 2), true).after(&step(2, 3), true).after(&step(3, 4), true);
        assert_eq!(run.held(3), Some(4));
        assert_eq!(run.held(4), None);
        assert_eq!(run.held(0), None);
        assert_eq!(run.after(&step(9, 10), true).held(1), Some(10), "another king starts a new run");
        assert_eq!(run.after(&step(9, 10), false).held(1), None, "a man move ends it");
        let capture = Move::<u64> { captures: Bitboard::from_index(5), from: 4, to: 6, promotes: false };
        assert_eq!(run.after(&capture, true).held(1), None, "a capture ends it");
    }
}
