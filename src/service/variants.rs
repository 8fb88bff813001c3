//! `VariantView`: a variant and a summary of its rules, as clients choosing a variant see it.

use serde::Serialize;
use utoipa::ToSchema;

use super::request::QuietResetEvent;
use crate::rules::draw::EndgameRules;
use crate::rules::geometry::BoardKind;
use crate::rules::naming::Notation;
use crate::rules::ruleset::{Criterion, Goal, ManCapture, Promotion, Removal};
use crate::rules::summary::Summary;
use crate::rules::variant::UnknownVariant;
use crate::rules::Variant;

/// A variant and a summary of its rules.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(example = json!({
    "id": "english", "name": "English draughts (American checkers)", "aliases": ["american", "checkers"],
    "board_size": 8, "squares": 32, "board": "diagonal", "notation": "numeric",
    "fen": "B:W21-32:B1-12", "first_to_move": "black", "pdn_game_type": 21,
    "rules": {"goal": "no_piece_or_move_loses", "men_per_side": 12, "flying_kings": false,
      "king_lands_directly_behind": false, "straight_captures": false, "king_move_limit": 0,
      "men_capture": "forward", "men_capture_kings": true,
      "promotion_during_capture": "ends_move", "captured_pieces_removed": "end_of_move",
      "capture_precedence": [], "optional_capture_allowed": true},
    "draw": {"repetitions": 3, "quiet_moves": 40, "quiet_reset": "man_move", "endgame": true, "endgame_rules": "none"}
}))]
pub struct VariantView {
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
    pub board: &'static str,
    /// `numeric` (square numbers) or `algebraic` (`c3`).
    pub notation: &'static str,
    /// The start position as PDN FEN.
    pub fen: &'static str,
    /// `white` or `black`.
    pub first_to_move: &'static str,
    /// The PDN GameType number written in game records (20 for the variants PDN has no
    /// number of, antidraughts and breakthrough, which are played on the International board).
    pub pdn_game_type: u8,
    /// How pieces move and capture.
    pub rules: RulesSummary,
    /// The default draw rules (each can be overridden per request).
    pub draw: DrawSummary,
}

/// How pieces move and capture in a variant.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RulesSummary {
    /// How the game is won: `no_piece_or_move_loses` (the side to move with no piece or no
    /// legal move has lost), `no_piece_or_move_wins` (it has won: antidraughts) or
    /// `first_king_wins` (the first side to crown a king wins; otherwise as the first:
    /// breakthrough).
    pub goal: &'static str,
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
    pub men_capture: &'static str,
    /// Whether men may capture kings.
    pub men_capture_kings: bool,
    /// `ends_move`, `continues_as_king` or `at_end_of_move`.
    pub promotion_during_capture: &'static str,
    /// `end_of_move`, `immediately` (a capture may not turn back 180°) or
    /// `immediately_passing` (a king may cross their squares again, even turning back).
    pub captured_pieces_removed: &'static str,
    /// Capture precedence criteria in order (`most_pieces`, `with_king`, `most_kings`,
    /// `earliest_king`, `most_value`: a king worth more than one man and less than two); empty
    /// means free choice among captures.
    pub capture_precedence: Vec<&'static str>,
    /// Whether `rules.mandatory_capture: false` may be asked for.
    pub optional_capture_allowed: bool,
}

/// A variant's default draw rules.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct DrawSummary {
    /// Repetitions that draw (0: off).
    pub repetitions: u8,
    /// Moves by each side without capture or reset event that draw (0: off).
    pub quiet_moves: u16,
    /// What resets the quiet-move count.
    pub quiet_reset: QuietResetEvent,
    /// Whether the endgame counts apply.
    pub endgame: bool,
    /// Which endgame counts: `none`, `fmjd` (16/5 moves), `fmjd64` (art. 7.2.4–7.2.8),
    /// `one_piece_each`, `frisian` (two kings against one: 7 moves; one king each: 2 moves).
    pub endgame_rules: &'static str,
}

impl From<Summary> for VariantView {
    fn from(s: Summary) -> VariantView {
        VariantView {
            id: s.variant.id(),
            name: s.variant.name(),
            aliases: s.variant.aliases(),
            board_size: s.board_size,
            squares: s.squares,
            board: match s.board {
                BoardKind::Diagonal8 | BoardKind::Diagonal10 | BoardKind::Diagonal12 => "diagonal",
                BoardKind::Orthogonal8 => "orthogonal",
            },
            notation: match s.notation {
                Notation::Numeric => "numeric",
                Notation::Algebraic => "algebraic",
            },
            fen: s.start_fen,
            first_to_move: s.first_to_move.name(),
            pdn_game_type: s.pdn_game_type,
            rules: RulesSummary {
                goal: match s.goal {
                    Goal::Standard => "no_piece_or_move_loses",
                    Goal::GiveAway => "no_piece_or_move_wins",
                    Goal::FirstKing => "first_king_wins",
                },
                men_per_side: s.men_per_side,
                flying_kings: s.flying_kings,
                king_lands_directly_behind: s.king_lands_directly_behind,
                straight_captures: s.straight_captures,
                king_move_limit: s.king_move_limit,
                men_capture: match s.man_capture {
                    ManCapture::Forward => "forward",
                    ManCapture::ForwardAndBackward => "forward_and_backward",
                    ManCapture::ForwardAndSideways => "forward_and_sideways",
                },
                men_capture_kings: s.men_capture_kings,
                promotion_during_capture: match s.promotion {
                    Promotion::EndsMove => "ends_move",
                    Promotion::ContinueAsKing => "continues_as_king",
                    Promotion::AtEndOfMove => "at_end_of_move",
                },
                captured_pieces_removed: match s.removal {
                    Removal::EndOfMove => "end_of_move",
                    Removal::Immediate => "immediately",
                    Removal::Passing => "immediately_passing",
                },
                capture_precedence: s
                    .precedence
                    .iter()
                    .map(|c| match c {
                        Criterion::MostPieces => "most_pieces",
                        Criterion::WithKing => "with_king",
                        Criterion::MostKings => "most_kings",
                        Criterion::MostValue => "most_value",
                        Criterion::EarliestKing => "earliest_king",
                    })
                    .collect(),
                optional_capture_allowed: s.optional_capture_allowed,
            },
            draw: DrawSummary {
                repetitions: s.draw.repetitions,
                quiet_moves: s.draw.quiet_moves,
                quiet_reset: s.draw.quiet_reset.into(),
                endgame: s.draw.endgame,
                endgame_rules: match s.endgame {
                    EndgameRules::None => "none",
                    EndgameRules::Fmjd => "fmjd",
                    EndgameRules::Fmjd64 => "fmjd64",
                    EndgameRules::Turkish => "one_piece_each",
                    EndgameRules::Frisian => "frisian",
                },
            },
        }
    }
}

impl VariantView {
    /// Every variant, in the order the API lists them.
    pub fn all() -> Vec<VariantView> {
        Variant::ALL.into_iter().map(|v| v.summary().into()).collect()
    }

    /// The variant with this id or alias.
    pub fn named(id: &str) -> Result<VariantView, UnknownVariant> {
        id.parse::<Variant>().map(|v| v.summary().into())
    }
}
