//! `Position`: a validated arrangement of pieces with a side to move, and playing a move on it.
//!
//! Parse, then validate, then play: a [`Setup`] (read from a FEN by
//! [`crate::rules::notation::fen`]) becomes a `Position` only through [`Position::new`], which
//! enforces the variant's limits. A position knows no text and no move generation: FEN reading
//! and writing depend on it ([`crate::rules::notation::fen`]), and so do its legal moves
//! ([`crate::rules::movegen`]) and its start ([`crate::rules::start`]).

use core::marker::PhantomData;

use super::bitboard::{Bitboard, WideBitboard, Word};
use super::color::Color;
use super::mv::Move;
use super::naming::SquareName;
use super::ruleset::Rules;

/// Pieces and side to move as read from notation, not yet checked against any rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The side to move.
    pub side_to_move: Color,
    /// Each side's pieces (index: [`Color::index`]).
    pub pieces: [WideBitboard; 2],
    /// The kings of both sides.
    pub kings: WideBitboard,
    /// Squares that were listed more than once.
    pub repeated: WideBitboard,
}

/// Why a setup is not a playable position of the variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A square was given more than one piece.
    SquareListedTwice(SquareName),
    /// A man stands on the row where it would have been crowned.
    ManOnCrowningRow(Color, SquareName),
    /// A side has more pieces than the variant starts with.
    TooManyPieces {
        /// The side.
        color: Color,
        /// How many it has.
        count: u32,
        /// The most it may have.
        max: u32,
    },
}

impl core::fmt::Display for PositionError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            PositionError::SquareListedTwice(square) => {
                write!(f, "square {square} is given more than one piece")
            }
            PositionError::ManOnCrowningRow(color, square) => {
                write!(f, "a {} man on {square} stands on its crowning row; it would be a king", color.name())
            }
            PositionError::TooManyPieces { color, count, max } => {
                write!(f, "{} has {count} pieces; at most {max} are allowed", color.name())
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// A move that is not legal in the position it was played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove<W: Word>(pub Move<W>);

/// A legal position of the variant `R`: pieces of both sides and the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position<R: Rules> {
    pieces: [Bitboard<R::Board>; 2],
    kings: Bitboard<R::Board>,
    side: Color,
    _rules: PhantomData<R>,
}

impl<R: Rules> Position<R> {
    /// Checks `setup` against the variant's rules.
    pub fn new(setup: Setup) -> Result<Position<R>, PositionError> {
        let naming = &R::NAMING;
        if let Some(square) = setup.repeated.first() {
            return Err(PositionError::SquareListedTwice(naming.name(square)));
        }
        for color in [Color::White, Color::Black] {
            let pieces = setup.pieces[color.index()];
            let men = pieces.minus(setup.kings);
            if let Some(square) = (men & R::GEOMETRY.crowning_row::<u128>(color)).first() {
                return Err(PositionError::ManOnCrowningRow(color, naming.name(square)));
            }
            if pieces.count() > R::MEN_PER_SIDE {
                return Err(PositionError::TooManyPieces { color, count: pieces.count(), max: R::MEN_PER_SIDE });
            }
        }
        Ok(Position {
            pieces: setup.pieces.map(Bitboard::narrow),
            kings: Bitboard::narrow(setup.kings & (setup.pieces[0] | setup.pieces[1])),
            side: setup.side_to_move,
            _rules: PhantomData,
        })
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// All pieces of `color`.
    #[inline(always)]
    pub fn pieces(&self, color: Color) -> Bitboard<R::Board> {
        self.pieces[color.index()]
    }

    /// The kings of `color`.
    #[inline(always)]
    pub fn kings(&self, color: Color) -> Bitboard<R::Board> {
        self.pieces[color.index()] & self.kings
    }

    /// The men of `color`.
    #[inline(always)]
    pub fn men(&self, color: Color) -> Bitboard<R::Board> {
        self.pieces[color.index()].minus(self.kings)
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard<R::Board> {
        self.pieces[0] | self.pieces[1]
    }

    /// The piece on `square`: its colour and whether it is a king.
    pub fn piece_at(&self, square: u8) -> Option<(Color, bool)> {
        let king = self.kings.contains(square);
        [Color::White, Color::Black].into_iter().find(|c| self.pieces(*c).contains(square)).map(|c| (c, king))
    }

    /// The same pieces with the other side to move: what the opponent could do if it were
    /// its turn (a search looks for threats this way).
    #[inline]
    pub fn with_other_side_to_move(&self) -> Position<R> {
        Position { side: self.side.opponent(), ..*self }
    }

    /// Plays `mv`, which must be a legal move of this position.
    #[inline(always)]
    pub fn play_unchecked(&mut self, mv: &Move<R::Board>) {
        let own = self.side.index();
        let from = Bitboard::from_index(mv.from);
        let to = Bitboard::from_index(mv.to);
        let was_king = self.kings.contains(mv.from);
        self.pieces[own] = (self.pieces[own] ^ from) | to;
        self.pieces[1 - own] = self.pieces[1 - own].minus(mv.captures);
        self.kings = self.kings.minus(mv.captures);
        if was_king {
            self.kings = self.kings.minus(from) | to;
        } else if mv.promotes {
            self.kings |= to;
        }
        self.side = self.side.opponent();
    }
}
