//! `MoveSink`: where the generator puts the moves it finds.

use crate::rules::bitboard::Word;
use crate::rules::mv::Move;

/// Receives generated moves. Captures arrive before quiet moves; when a capture of higher
/// precedence is found, the captures gathered so far are dropped with
/// [`MoveSink::clear`].
pub trait MoveSink<W: Word> {
    /// Drops every move gathered so far.
    fn clear(&mut self);
    /// A complete capture sequence; `path` is every landing square after the origin.
    fn push_capture(&mut self, mv: Move<W>, path: &[u8]);
    /// A move without capture.
    fn push_quiet(&mut self, mv: Move<W>);
    /// Whether nothing has been gathered.
    fn is_empty(&self) -> bool;
    /// Whether a king going straight on over a second piece should be reported once per
    /// square it could stop on in between (perft tables that count every route), rather than
    /// once per sequence of captured pieces.
    fn every_route(&self) -> bool {
        false
    }
}
