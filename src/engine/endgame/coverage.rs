//! `NotCovered`: why the databases say nothing of a game's position, and
//! [`Endgames::tables_for`], the one check of what they cover, which the search's probe and the
//! service's endgame answers share.

use super::index::Indexer;
use super::tables::{Endgames, VariantTables};
use crate::rules::ruleset::Goal;
use crate::rules::{Game, Rules, Variant};

/// Why the databases say nothing of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotCovered {
    /// The variant is won otherwise than by leaving the other side without a piece or a move:
    /// the databases solve no such game.
    Goal(Variant),
    /// The variant's board is larger than the databases index.
    Board(Variant),
    /// The variant makes moves legal or not by the game's history (Frisian's king-move limit),
    /// which the databases do not hold.
    History(Variant),
    /// The game is played with captures optional; the databases assume them mandatory.
    OptionalCaptures,
    /// No databases of the variant are loaded.
    NotInstalled(Variant),
    /// The position has more pieces than the loaded databases hold.
    TooManyPieces {
        /// The variant.
        variant: Variant,
        /// Pieces on the board.
        pieces: u32,
        /// The most the loaded databases hold.
        max: u32,
    },
}

impl core::fmt::Display for NotCovered {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            NotCovered::Goal(variant) => {
                write!(f, "{variant} is not won by taking every piece: it has no endgame databases")
            }
            NotCovered::Board(variant) => write!(f, "the {variant} board is too large for the endgame databases"),
            NotCovered::History(variant) => write!(
                f,
                "{variant} limits a king's moves by the game's history, which endgame databases do not hold: it has none"
            ),
            NotCovered::OptionalCaptures => {
                write!(f, "the endgame databases assume captures are mandatory; this game's rules make them optional")
            }
            NotCovered::NotInstalled(variant) => {
                write!(f, "no endgame databases of {variant} are installed on this server")
            }
            NotCovered::TooManyPieces { variant, pieces, max } => write!(
                f,
                "the position has {pieces} pieces; the {variant} endgame databases on this server hold at most {max}"
            ),
        }
    }
}

/// Whether the variant `R` can have databases at all (the build and the probes ask the same),
/// or why not.
pub fn solvable<R: Rules>() -> Result<(), NotCovered> {
    if R::GOAL != Goal::Standard {
        return Err(NotCovered::Goal(R::VARIANT));
    }
    if !Indexer::indexes(R::GEOMETRY) {
        return Err(NotCovered::Board(R::VARIANT));
    }
    if R::KING_MOVE_LIMIT > 0 {
        return Err(NotCovered::History(R::VARIANT));
    }
    Ok(())
}

impl Endgames {
    /// The tables that know the positions of `game`, whatever their number of pieces: its
    /// variant's, when they are loaded and the game is played under the rules they solve.
    pub fn tables_for<R: Rules>(&self, game: &Game<R>) -> Result<&VariantTables, NotCovered> {
        solvable::<R>()?;
        if !game.rules().mandatory_capture {
            return Err(NotCovered::OptionalCaptures);
        }
        self.variant(R::VARIANT).ok_or(NotCovered::NotInstalled(R::VARIANT))
    }

    /// The tables that know the current position of `game`, or why there are none.
    pub fn covering<R: Rules>(&self, game: &Game<R>) -> Result<&VariantTables, NotCovered> {
        let tables = self.tables_for(game)?;
        let pieces = game.position().occupied().count();
        if pieces > tables.max_pieces() {
            return Err(NotCovered::TooManyPieces { variant: R::VARIANT, pieces, max: tables.max_pieces() });
        }
        Ok(tables)
    }
}
