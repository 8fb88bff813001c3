//! `VariantSummary`: a variant and the rules a client sees, as plain values, for clients
//! choosing a variant.
//!
//! Every value is one of the variant's registry entries or rule constants ([`Rules`]); the
//! summary is serialised as it is (`GET /v1/variants`), so its field names and its enums'
//! names (`#[serde(rename_all)]` on [`Goal`], [`ManCapture`] and the others) are what clients
//! read. The OpenAPI schema names (`VariantView`, `RulesSummary`, `DrawSummary`) are the API's.

use serde::Serialize;
use utoipa::ToSchema;

use super::color::Color;
use super::draw::{EndgameRules, QuietReset};
use super::geometry::BoardKind;
use super::naming::{Notation, SquareName};
use super::ruleset::{Criterion, Goal, ManCapture, Promotion, Removal, Rules};
use super::variant::{UnknownVariant, Variant};
use super::visitor::VariantVisitor;

/// A variant and a summary of its rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = VariantView, example = json!({
    "id": "english", "name": "English draughts (American checkers)", "aliases": ["american", "checkers"],
    "board_size": 8, "squares": 32, "board": "diagonal", "notation": "numeric",
    "fen": "B:W21-32:B1-12", "first_to_move": "black", "pdn_game_type": 21,
    "rules": {"goal": "no_piece_or_move_loses", "men_per_side": 12, "flying_kings": false,
      "king_lands_directly_behind": false, "straight_captures": false, "king_move_limit": 0,
      "men_capture": "forward", "men_capture_kings": true,
      "promotion_during_capture": "ends_move", "captured_pieces_removed": "end_of_move",
      "capture_precedence": [], "optional_capture_allowed": true},
    "draw": {"repetitions": 3, "quiet_moves": 40, "quiet_reset": "man_move", "endgame": true, "endgame_rules": "none"},
    "layout": [{"square": 1, "row": 0, "column": 1}, {"square": 2, "row": 0, "column": 3}, {"square": 29, "row": 7, "column": 0}]
}))]
pub struct VariantSummary {
    /// The id used in requests.
    pub id: &'static str,
    /// A readable name.
    pub name: &'static str,
    /// Other ids accepted in requests.
    pub aliases: &'static [&'static str],
    /// Rows (and columns) of the board.
    pub board_size: u8,
    /// Playable squares.
    pub squares: u8,
    /// `diagonal` (dark squares only) or `orthogonal` (all squares, Turkish).
    #[schema(value_type = String)]
    pub board: BoardKind,
    /// `numeric` (square numbers) or `algebraic` (`c3`).
    #[schema(value_type = String)]
    pub notation: Notation,
    /// The start position as PDN FEN.
    pub fen: &'static str,
    /// `white` or `black`.
    #[schema(value_type = String)]
    pub first_to_move: Color,
    /// The PDN GameType number written in game records (20 for the variants PDN has no
    /// number of, antidraughts and breakthrough, which are played on the International board).
    pub pdn_game_type: u8,
    /// How pieces move and capture.
    pub rules: RulesSummary,
    /// The default draw rules (each can be overridden per request).
    pub draw: DrawSummary,
    /// Every playable square and where it is drawn, White at the bottom, in the order a FEN
    /// lists squares (by number, or by rank and then file): enough to draw the board.
    pub layout: Vec<SquarePlace>,
}

/// A playable square and where it is drawn on a board of `board_size` rows and columns with
/// White at the bottom (as `board.svg` draws it without `flip`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct SquarePlace {
    /// The square's name as the API writes it: a number, or a name such as `c3`.
    pub square: SquareName,
    /// The row, from 0 at the top (Black's side) to `board_size - 1` at the bottom (White's).
    pub row: u8,
    /// The column, from 0 at the left (file `a`) to `board_size - 1` at the right.
    pub column: u8,
}

/// How pieces move and capture in a variant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct RulesSummary {
    /// How the game is won: `no_piece_or_move_loses` (the side to move with no piece or no
    /// legal move has lost), `no_piece_or_move_wins` (it has won: antidraughts) or
    /// `first_king_wins` (the first side to crown a king wins; otherwise as the first:
    /// breakthrough).
    #[schema(value_type = String)]
    pub goal: Goal,
    /// Men each side starts with (and the most pieces a side may have).
    pub men_per_side: u32,
    /// Whether kings move and capture any distance.
    pub flying_kings: bool,
    /// Whether a flying king must land on the square directly behind the piece it captures.
    pub king_lands_directly_behind: bool,
    /// Whether men and kings also capture along ranks and files (Frisian): over the next
    /// playable square of the same row or column.
    pub straight_captures: bool,
    /// The most moves without capture a side may make in a row with the same king while it
    /// also has men (0: no limit); `rules.king_move_limit` overrides it per game.
    pub king_move_limit: u8,
    /// `forward`, `forward_and_backward` or `forward_and_sideways`.
    #[schema(value_type = String)]
    pub men_capture: ManCapture,
    /// Whether men may capture kings.
    pub men_capture_kings: bool,
    /// `ends_move`, `continues_as_king` or `at_end_of_move`.
    #[schema(value_type = String)]
    pub promotion_during_capture: Promotion,
    /// `end_of_move`, `immediately` (a capture may not turn back 180°) or
    /// `immediately_passing` (a king may cross their squares again, even turning back).
    #[schema(value_type = String)]
    pub captured_pieces_removed: Removal,
    /// Capture precedence criteria in order (`most_pieces`, `with_king`, `most_kings`,
    /// `earliest_king`, `most_value`: a king worth more than one man and less than two); empty
    /// means free choice among captures.
    #[schema(value_type = Vec<String>)]
    pub capture_precedence: &'static [Criterion],
    /// Whether `rules.mandatory_capture: false` may be asked for.
    pub optional_capture_allowed: bool,
}

/// A variant's default draw rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct DrawSummary {
    /// Repetitions that draw (0: off).
    pub repetitions: u8,
    /// Moves by each side without capture or reset event that draw (0: off).
    pub quiet_moves: u16,
    /// What resets the quiet-move count.
    pub quiet_reset: QuietReset,
    /// Whether the endgame counts apply.
    pub endgame: bool,
    /// Which endgame counts: `none`, `fmjd` (16/5 moves), `fmjd64` (art. 7.2.4–7.2.8),
    /// `one_piece_each`, `frisian` (two kings against one: 7 moves; one king each: 2 moves).
    #[schema(value_type = String)]
    pub endgame_rules: EndgameRules,
}

impl VariantSummary {
    /// Every variant's summary, in the order the API lists them ([`Variant::ALL`]).
    pub fn all() -> Vec<VariantSummary> {
        Variant::ALL.into_iter().map(Variant::summary).collect()
    }

    /// The summary of the variant with this id or alias.
    pub fn named(id: &str) -> Result<VariantSummary, UnknownVariant> {
        id.parse::<Variant>().map(Variant::summary)
    }
}

impl Variant {
    /// The variant and its rules as plain values.
    pub fn summary(self) -> VariantSummary {
        struct Describe;
        impl VariantVisitor for Describe {
            type Output = VariantSummary;
            fn visit<R: Rules>(self) -> VariantSummary {
                VariantSummary {
                    id: R::VARIANT.id(),
                    name: R::VARIANT.name(),
                    aliases: R::VARIANT.aliases(),
                    board_size: R::GEOMETRY.size,
                    squares: R::GEOMETRY.squares,
                    board: R::GEOMETRY.kind,
                    notation: R::NOTATION,
                    fen: R::START_FEN,
                    first_to_move: R::FIRST_TO_MOVE,
                    pdn_game_type: R::PDN_GAME_TYPE,
                    rules: RulesSummary {
                        goal: R::GOAL,
                        men_per_side: R::MEN_PER_SIDE,
                        flying_kings: R::FLYING_KINGS,
                        king_lands_directly_behind: R::KING_LANDS_DIRECTLY_BEHIND,
                        straight_captures: R::STRAIGHT_CAPTURES,
                        king_move_limit: R::KING_MOVE_LIMIT,
                        men_capture: R::MAN_CAPTURE,
                        men_capture_kings: R::MEN_CAPTURE_KINGS,
                        promotion_during_capture: R::PROMOTION,
                        captured_pieces_removed: R::REMOVAL,
                        capture_precedence: R::PRECEDENCE,
                        optional_capture_allowed: R::OPTIONAL_CAPTURE_ALLOWED,
                    },
                    draw: DrawSummary {
                        repetitions: R::DRAW.repetitions,
                        quiet_moves: R::DRAW.quiet_moves,
                        quiet_reset: R::DRAW.quiet_reset,
                        endgame: R::DRAW.endgame,
                        endgame_rules: R::ENDGAME,
                    },
                    layout: R::NAMING
                        .writing_order()
                        .iter()
                        .map(|&square| {
                            let (row, column) = R::NAMING.visible_coords(square);
                            SquarePlace { square: R::NAMING.name(square), row, column }
                        })
                        .collect(),
                }
            }
        }
        self.visit(Describe)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/rules.md §11: the optional-capture house rule is offered on the 8x8 boards only.
    #[test]
    fn optional_capture_may_be_asked_for_on_the_8x8_boards_only() {
        for variant in Variant::ALL {
            let summary = variant.summary();
            assert_eq!(summary.rules.optional_capture_allowed, summary.board_size == 8, "{variant}");
        }
    }
}
