//! `MoveList` (the legal moves, inline, no allocation) and `PathList` (every capture route).

use smallvec::{smallvec, SmallVec};

use super::sink::MoveSink;
use crate::rules::bitboard::Word;
use crate::rules::mv::Move;

/// Moves kept inline before a list spills to the heap; no position of a real game comes near.
const INLINE_MOVES: usize = 128;

/// What counts as one entry of a [`MoveList`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Counting {
    /// One per origin, destination and captured set: the legal moves (docs/rules.md §13.1).
    #[default]
    Moves,
    /// One per sequence of captured pieces (dctl's "keep duplicates" tables).
    Sequences,
    /// One per route, every square a king may stop on counted (kish and pydraughts tables).
    Routes,
}

/// The legal moves of a position (or, for perft tables counted that way, every capture
/// sequence or route; see [`Counting`]).
#[derive(Clone, Debug, Default)]
pub struct MoveList<W: Word> {
    moves: SmallVec<[Move<W>; INLINE_MOVES]>,
    counting: Counting,
}

impl<W: Word> MoveList<W> {
    /// An empty list that merges capture routes ending in the same move.
    #[inline]
    pub fn new() -> MoveList<W> {
        MoveList::default()
    }

    /// An empty list that counts entries as `counting` says.
    pub fn counting(counting: Counting) -> MoveList<W> {
        MoveList { moves: SmallVec::new(), counting }
    }

    /// The moves.
    #[inline]
    pub fn as_slice(&self) -> &[Move<W>] {
        &self.moves
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the position has no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Iterates over the moves.
    #[inline]
    pub fn iter(&self) -> core::slice::Iter<'_, Move<W>> {
        self.moves.iter()
    }

    /// Whether `mv` is in the list.
    pub fn contains(&self, mv: &Move<W>) -> bool {
        self.moves.contains(mv)
    }
}

impl<W: Word> MoveSink<W> for MoveList<W> {
    #[inline]
    fn clear(&mut self) {
        self.moves.clear();
    }

    #[inline]
    fn push_capture(&mut self, mv: Move<W>, _path: &[u8]) {
        if self.counting != Counting::Moves || !self.moves.contains(&mv) {
            self.moves.push(mv);
        }
    }

    #[inline]
    fn push_quiet(&mut self, mv: Move<W>) {
        self.moves.push(mv);
    }

    #[inline]
    fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    #[inline]
    fn every_route(&self) -> bool {
        self.counting == Counting::Routes
    }
}

impl<'a, W: Word> IntoIterator for &'a MoveList<W> {
    type Item = &'a Move<W>;
    type IntoIter = core::slice::Iter<'a, Move<W>>;
    fn into_iter(self) -> Self::IntoIter {
        self.moves.iter()
    }
}

/// One route of a move: every square from origin to destination. Inline up to a long
/// capture's length, so listing a position's moves allocates once per list, not per route.
pub type Route = SmallVec<[u8; 16]>;

/// The routes of one move: almost always exactly one, kept inline.
pub type Routes = SmallVec<[Route; 1]>;

/// Every legal move with every route it can be played by: what notation needs to read a
/// move written as a path and to write the shortest unambiguous form. Not for the hot path.
#[derive(Clone, Debug, Default)]
pub struct PathList<W: Word> {
    /// Each legal move once, with its routes.
    pub moves: Vec<(Move<W>, Routes)>,
}

impl<W: Word> MoveSink<W> for PathList<W> {
    fn clear(&mut self) {
        self.moves.clear();
    }

    fn push_capture(&mut self, mv: Move<W>, path: &[u8]) {
        let mut route = Route::new();
        route.push(mv.from);
        route.extend_from_slice(path);
        match self.moves.iter_mut().find(|(m, _)| *m == mv) {
            Some((_, routes)) => routes.push(route),
            None => self.moves.push((mv, smallvec![route])),
        }
    }

    fn push_quiet(&mut self, mv: Move<W>) {
        self.moves.push((mv, smallvec![Route::from_slice(&[mv.from, mv.to])]));
    }

    fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}
