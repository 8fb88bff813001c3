//! Game requests (`legal-moves`, `apply-move`) and their answers.

use compact_str::CompactString;
use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, OneOfBuilder, SchemaFormat, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

use super::MoveTexts;

use crate::http::error::ApiError;
use crate::rules::naming::SquareName;
use crate::rules::view::{GameRequest, GameView, MoveView, RuleOverrides, SquareNames};
use crate::rules::{DrawReason, QuietReset, Status, Variant, WinReason};

/// The game a request is about.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "english", "fen": "B:W21-32:B1-12", "moves": ["11-15", "23-19"]}))]
pub struct GameBody {
    /// The variant id or alias (`english`, `russian`, `brazilian`, `international`, `spanish`,
    /// `italian`, `czech`, `turkish`; also `american`, `checkers`, `polish`).
    pub variant: String,
    /// The start position as PDN FEN; the variant's start position if omitted.
    #[serde(default)]
    pub fen: Option<String>,
    /// Moves already played from `fen`, oldest first, in PDN.
    #[serde(default)]
    #[schema(value_type = Vec<String>)]
    pub moves: MoveTexts,
    /// Overrides of the variant's rules.
    #[serde(default)]
    #[schema(value_type = Option<RulesBody>)]
    pub rules: Option<Value>,
}

/// `apply-move`: a game and the move to play next.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "english", "moves": ["11-15"], "move": "23-19"}))]
pub struct ApplyMoveBody {
    /// As in the game request.
    pub variant: String,
    /// As in the game request.
    #[serde(default)]
    pub fen: Option<String>,
    /// As in the game request.
    #[serde(default)]
    #[schema(value_type = Vec<String>)]
    pub moves: MoveTexts,
    /// As in the game request.
    #[serde(default)]
    #[schema(value_type = Option<RulesBody>)]
    pub rules: Option<Value>,
    /// The move to play, in PDN (`9-14`, `22x15`, `c3:e5`, a full path such as `22x15x8`).
    #[serde(rename = "move")]
    pub mv: String,
}

/// Overrides of a variant's rules; each field defaults to the variant's own rule.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RulesBody {
    /// `false`: capturing is optional (house rule, 8x8 variants only).
    pub mandatory_capture: Option<bool>,
    /// Draw rules.
    pub draw: Option<DrawBody>,
}

/// Overrides of the draw rules.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DrawBody {
    /// The same position with the same side to move this many times is a draw (0: off).
    pub repetitions: Option<u8>,
    /// This many moves by each side with no capture and no reset event is a draw (0: off).
    pub quiet_moves: Option<u16>,
    /// What resets the quiet-move count besides a capture.
    pub quiet_reset: Option<QuietResetDto>,
    /// Whether the variant's special endgame counts apply.
    pub endgame: Option<bool>,
}

/// What resets the quiet-move count.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum QuietResetDto {
    /// A man moved.
    ManMove,
    /// A man was crowned.
    Promotion,
}

impl From<QuietResetDto> for QuietReset {
    fn from(value: QuietResetDto) -> QuietReset {
        match value {
            QuietResetDto::ManMove => QuietReset::ManMove,
            QuietResetDto::Promotion => QuietReset::Promotion,
        }
    }
}

impl From<QuietReset> for QuietResetDto {
    fn from(value: QuietReset) -> QuietResetDto {
        match value {
            QuietReset::ManMove => QuietResetDto::ManMove,
            QuietReset::Promotion => QuietResetDto::Promotion,
        }
    }
}

/// Reads a variant id, or answers `unknown_variant`.
pub fn parse_variant(id: &str) -> Result<Variant, ApiError> {
    id.parse().map_err(|e: crate::rules::variant::UnknownVariant| ApiError::UnknownVariant(e.to_string()))
}

/// Reads the `rules` object, or answers `invalid_rules`.
fn parse_rules(rules: Option<&Value>) -> Result<RuleOverrides, ApiError> {
    let Some(value) = rules.filter(|v| !v.is_null()) else {
        return Ok(RuleOverrides::default());
    };
    if !value.is_object() {
        return Err(ApiError::InvalidRules(format!("rules must be an object, found {value}")));
    }
    let body: RulesBody = serde_path_to_error::deserialize(value)
        .map_err(|e| ApiError::InvalidRules(format!("rules.{}: {}", e.path(), e.inner())))?;
    let draw = body.draw.unwrap_or_default();
    Ok(RuleOverrides {
        mandatory_capture: body.mandatory_capture,
        repetitions: draw.repetitions,
        quiet_moves: draw.quiet_moves,
        quiet_reset: draw.quiet_reset.map(QuietReset::from),
        endgame: draw.endgame,
    })
}

/// The parts of a game request, checked: variant, history length, rules.
pub struct CheckedGame<'a> {
    variant: Variant,
    fen: Option<&'a str>,
    moves: Vec<&'a str>,
    rules: RuleOverrides,
}

impl<'a> CheckedGame<'a> {
    /// Checks the fields shared by every game request.
    pub fn new(
        variant: &str,
        fen: Option<&'a str>,
        moves: &'a MoveTexts,
        rules: Option<&Value>,
        max_moves: usize,
    ) -> Result<CheckedGame<'a>, ApiError> {
        let variant = parse_variant(variant)?;
        if moves.len() > max_moves {
            return Err(ApiError::TooManyMoves { count: moves.len(), max: max_moves });
        }
        let rules = parse_rules(rules)?;
        Ok(CheckedGame { variant, fen, moves: moves.iter().collect(), rules })
    }

    /// What the rules core takes.
    pub fn request(&self) -> GameRequest<'_> {
        GameRequest { variant: self.variant, fen: self.fen, moves: &self.moves, rules: self.rules }
    }
}

/// A square: a number on numbered boards, a name such as `c3` on algebraic ones. Holds the
/// name itself (no `String` per square) and writes it as a number or a string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareDto(pub SquareName);

impl From<SquareName> for SquareDto {
    fn from(name: SquareName) -> SquareDto {
        SquareDto(name)
    }
}

impl Serialize for SquareDto {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            SquareName::Number(n) => serializer.serialize_u8(n),
            name @ SquareName::Algebraic(..) => serializer.serialize_str(name.text().as_str()),
        }
    }
}

/// The schema: one of a number and a string.
impl PartialSchema for SquareDto {
    fn schema() -> RefOr<Schema> {
        let number = ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int32)))
            .description(Some("A square number."))
            .minimum(Some(0));
        let name = ObjectBuilder::new().schema_type(Type::String).description(Some("An algebraic square name."));
        OneOfBuilder::new()
            .item(number)
            .item(name)
            .description(Some("A square: a number on numbered boards, a name such as `c3` on algebraic ones."))
            .into()
    }
}

impl ToSchema for SquareDto {}

/// Writes squares as a list of [`SquareDto`]s: the view's lists are written as they are, with
/// no list converted per move.
fn square_list<S: Serializer>(squares: &SquareNames, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(squares.iter().map(|&name| SquareDto(name)))
}

/// A legal move.
#[derive(Clone, Debug, Serialize, ToSchema, PartialEq, Eq)]
#[schema(example = json!({"notation": "9-13", "from": 9, "to": 13, "path": [9, 13], "captures": [], "promotes": false}))]
pub struct MoveDto {
    /// The shortest unambiguous PDN text of the move.
    #[schema(value_type = String)]
    pub notation: CompactString,
    /// Origin square.
    pub from: SquareDto,
    /// Destination square.
    pub to: SquareDto,
    /// Every square of the route, origin and destination included.
    #[schema(value_type = Vec<SquareDto>)]
    #[serde(serialize_with = "square_list")]
    pub path: SquareNames,
    /// The captured pieces' squares, in the order they are taken.
    #[schema(value_type = Vec<SquareDto>)]
    #[serde(serialize_with = "square_list")]
    pub captures: SquareNames,
    /// Whether a man is crowned by the move.
    pub promotes: bool,
}

impl From<MoveView> for MoveDto {
    fn from(m: MoveView) -> MoveDto {
        MoveDto {
            notation: m.notation,
            from: m.from.into(),
            to: m.to.into(),
            path: m.path,
            captures: m.captures,
            promotes: m.promotes,
        }
    }
}

/// Where a game stands.
#[derive(Clone, Debug, Serialize, ToSchema, PartialEq, Eq)]
#[schema(example = json!({"state": "win", "winner": "white", "reason": "no_moves"}))]
pub struct StatusDto {
    /// `ongoing`, `win` or `draw`.
    pub state: &'static str,
    /// For a win: `white` or `black`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<&'static str>,
    /// For a win: `no_pieces` or `no_moves`; for a draw: `repetition`, `quiet_moves` or `endgame`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'static str>,
}

impl From<Status> for StatusDto {
    fn from(status: Status) -> StatusDto {
        match status {
            Status::Ongoing => StatusDto { state: "ongoing", winner: None, reason: None },
            Status::Win { winner, reason } => StatusDto {
                state: "win",
                winner: Some(winner.name()),
                reason: Some(match reason {
                    WinReason::NoPieces => "no_pieces",
                    WinReason::NoMoves => "no_moves",
                }),
            },
            Status::Draw(reason) => StatusDto {
                state: "draw",
                winner: None,
                reason: Some(match reason {
                    DrawReason::Repetition => "repetition",
                    DrawReason::QuietMoves => "quiet_moves",
                    DrawReason::Endgame => "endgame",
                }),
            },
        }
    }
}

/// `legal-moves`: the position reached, its status and its legal moves.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct LegalMovesResponse {
    /// The variant id.
    pub variant: &'static str,
    /// The position reached, as PDN FEN.
    pub fen: String,
    /// `white` or `black`.
    pub side_to_move: &'static str,
    /// Where the game stands.
    pub status: StatusDto,
    /// The legal moves; empty once the game is over.
    pub moves: Vec<MoveDto>,
}

impl From<GameView> for LegalMovesResponse {
    fn from(view: GameView) -> LegalMovesResponse {
        LegalMovesResponse {
            variant: view.variant.id(),
            fen: view.fen,
            side_to_move: view.side_to_move.name(),
            status: view.status.into(),
            moves: view.moves.into_iter().map(Into::into).collect(),
        }
    }
}

/// `apply-move`: the move played, the new position, its status and the legal replies.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ApplyMoveResponse {
    /// The move played.
    #[serde(rename = "move")]
    pub mv: MoveDto,
    /// The new position, as PDN FEN.
    pub fen: String,
    /// `white` or `black`.
    pub side_to_move: &'static str,
    /// Where the game stands now.
    pub status: StatusDto,
    /// The legal replies; empty if the game is over.
    pub moves: Vec<MoveDto>,
}
