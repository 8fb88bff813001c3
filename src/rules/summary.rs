//! `Summary`: a variant's rules described as plain values, for clients choosing a variant.

use super::color::Color;
use super::draw::{DrawRules, EndgameRules};
use super::geometry::BoardKind;
use super::naming::Notation;
use super::ruleset::{Criterion, Goal, ManCapture, Promotion, Removal, Rules};
use super::variant::Variant;
use super::visitor::VariantVisitor;

/// What a client needs to know about a variant's rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The variant.
    pub variant: Variant,
    /// Rows (and columns) of the board.
    pub board_size: u8,
    /// Playable squares.
    pub squares: u8,
    /// The board's kind.
    pub board: BoardKind,
    /// The notation squares are written in.
    pub notation: Notation,
    /// The start position.
    pub start_fen: &'static str,
    /// Who moves first.
    pub first_to_move: Color,
    /// Men each side starts with.
    pub men_per_side: u32,
    /// Whether kings fly.
    pub flying_kings: bool,
    /// Whether a flying king lands directly behind the piece it captures.
    pub king_lands_directly_behind: bool,
    /// Whether men and kings also capture along ranks and files.
    pub straight_captures: bool,
    /// The most quiet moves in a row with the same king while its side has men (0: no limit).
    pub king_move_limit: u8,
    /// How men capture.
    pub man_capture: ManCapture,
    /// Whether men may capture kings.
    pub men_capture_kings: bool,
    /// Promotion during a capture.
    pub promotion: Promotion,
    /// When captured pieces leave the board.
    pub removal: Removal,
    /// Capture precedence, in order; empty for free choice.
    pub precedence: &'static [Criterion],
    /// Whether the optional-capture house rule may be asked for.
    pub optional_capture_allowed: bool,
    /// The default draw rules.
    pub draw: DrawRules,
    /// The endgame counts.
    pub endgame: EndgameRules,
    /// How the game is won.
    pub goal: Goal,
    /// The PDN GameType number.
    pub pdn_game_type: u8,
}

impl Variant {
    /// The variant's rules as plain values.
    pub fn summary(self) -> Summary {
        struct Describe;
        impl VariantVisitor for Describe {
            type Output = Summary;
            fn visit<R: Rules>(self) -> Summary {
                Summary {
                    variant: R::VARIANT,
                    board_size: R::GEOMETRY.size,
                    squares: R::GEOMETRY.squares,
                    board: R::GEOMETRY.kind,
                    notation: R::NOTATION,
                    start_fen: R::START_FEN,
                    first_to_move: R::FIRST_TO_MOVE,
                    men_per_side: R::MEN_PER_SIDE,
                    flying_kings: R::FLYING_KINGS,
                    king_lands_directly_behind: R::KING_LANDS_DIRECTLY_BEHIND,
                    straight_captures: R::STRAIGHT_CAPTURES,
                    king_move_limit: R::KING_MOVE_LIMIT,
                    man_capture: R::MAN_CAPTURE,
                    men_capture_kings: R::MEN_CAPTURE_KINGS,
                    promotion: R::PROMOTION,
                    removal: R::REMOVAL,
                    precedence: R::PRECEDENCE,
                    optional_capture_allowed: R::GEOMETRY.size == 8,
                    draw: R::DRAW,
                    endgame: R::ENDGAME,
                    goal: R::GOAL,
                    pdn_game_type: R::PDN_GAME_TYPE,
                }
            }
        }
        self.visit(Describe)
    }
}
