//! The request bodies of the game endpoints, read by serde, and the part of each that is not
//! the game ([`GameBody::Extra`]): the move to apply, the computer's settings. [`FenSchema`]
//! and [`MoveTextSchema`] state the form and length of the texts a request carries, as the
//! readers of `rules::notation` check them.

use std::borrow::Cow;

use compact_str::CompactString;
use core::time::Duration;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

use super::object_only::optional_object;
use super::requested_tags::RequestedTags;
use super::whole_number::{optional_whole_number, whole_number};
use crate::rules::notation::{fen, move_text};
use crate::rules::QuietReset;
use crate::service::analysis::{DEFAULT_LINES, MAX_LINES};
use crate::service::{
    AiMoveSettings, AnalysisSettings, Budget, Clock, Difficulty, DrawOverrides, GameRequest, Level, RuleOverrides, Tags,
};

use super::error::ApiError;

/// A schema of text: its description, the longest it may be, its pattern and an example.
fn text_schema(description: &str, max_chars: usize, pattern: &str, example: &str) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .description(Some(description))
        .max_length(Some(max_chars))
        .pattern(Some(pattern))
        .examples([example])
        .into()
}

/// The schema `Fen`: a position in PDN FEN, of the form [`fen::PATTERN`] and at most
/// [`fen::MAX_CHARS`] characters.
pub struct FenSchema;

impl PartialSchema for FenSchema {
    fn schema() -> RefOr<Schema> {
        text_schema(
            "A position in PDN FEN: the side to move, then the white and the black pieces \
             (`W:W31-50:B1-20`, `W:Wa1,c1,Kd6:Bb8`). A FEN of this form that is not a position of \
             the variant (a square this board does not have, a square listed twice, a range that \
             runs backwards, a man on its crowning row, too many pieces) is `422 invalid_position`.",
            fen::MAX_CHARS,
            fen::PATTERN,
            "B:W21-32:B1-12",
        )
    }
}

impl ToSchema for FenSchema {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Fen")
    }
}

/// The schema `MoveText`: a move in PDN, of the form [`move_text::PATTERN`] and at most
/// [`move_text::MAX_CHARS`] characters.
pub struct MoveTextSchema;

impl PartialSchema for MoveTextSchema {
    fn schema() -> RefOr<Schema> {
        text_schema(
            "A move in PDN: two or more squares joined by `-`, `x`, `X`, `:` or `×` (`9-14`, \
             `22x15`, `c3:e5`, a whole route such as `22x15x8`). A text of this form that names \
             no legal move, or a square this board does not have, is `422 illegal_move`.",
            move_text::MAX_CHARS,
            move_text::PATTERN,
            "11-15",
        )
    }
}

impl ToSchema for MoveTextSchema {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("MoveText")
    }
}

/// A body that describes a game, plus whatever else its endpoint takes.
pub trait GameBody: DeserializeOwned + 'static {
    /// What the body carries besides the game.
    type Extra;

    /// The game's fields as written (variant, FEN, moves, rules), and the rest.
    fn into_parts(self) -> (GameFields, Self::Extra);
}

/// The fields every game body has, as written.
#[derive(Debug)]
pub struct GameFields {
    /// The variant id or alias.
    pub variant: CompactString,
    /// The start position, if not the variant's.
    pub fen: Option<String>,
    /// The moves played.
    pub moves: Vec<CompactString>,
    /// The rule overrides.
    pub rules: Option<RulesBody>,
}

impl GameFields {
    /// The service's request, or why the fields do not make one: an unknown variant, or a
    /// history longer than `max_moves`.
    pub fn check(self, max_moves: usize) -> Result<GameRequest, ApiError> {
        let variant = self
            .variant
            .parse()
            .map_err(|e: crate::rules::variant::UnknownVariant| ApiError::UnknownVariant(e.to_string()))?;
        if self.moves.len() > max_moves {
            return Err(ApiError::TooManyMoves { count: self.moves.len(), max: max_moves });
        }
        let rules = self.rules.map(RuleOverrides::from).unwrap_or_default();
        Ok(GameRequest { variant, fen: self.fen, moves: self.moves, rules })
    }
}

/// Changes to a variant's rules for one game; each field left out keeps the variant's own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RuleOverrides)]
pub struct RulesBody {
    /// `false`: capturing is optional (a house rule, 8x8 variants only).
    pub mandatory_capture: Option<bool>,
    /// Draw rules.
    #[serde(default, deserialize_with = "optional_object")]
    #[schema(value_type = Option<DrawBody>)]
    pub draw: Option<DrawBody>,
    /// The most moves without capture a side may make in a row with the same king while it
    /// also has men (0: no limit). Frisian and Frysk! have 3; the other variants none.
    #[serde(default, deserialize_with = "optional_whole_number")]
    #[schema(minimum = 0, maximum = 255)]
    pub king_move_limit: Option<u8>,
}

/// Changes to a variant's draw rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = DrawOverrides)]
pub struct DrawBody {
    /// The same position with the same side to move this many times is a draw (0: off).
    #[serde(default, deserialize_with = "optional_whole_number")]
    #[schema(minimum = 0, maximum = 255)]
    pub repetitions: Option<u8>,
    /// This many moves by each side with no capture and no reset event is a draw (0: off).
    #[serde(default, deserialize_with = "optional_whole_number")]
    #[schema(minimum = 0, maximum = 65535)]
    pub quiet_moves: Option<u16>,
    /// What resets the quiet-move count besides a capture.
    pub quiet_reset: Option<QuietReset>,
    /// Whether the variant's special endgame counts apply.
    pub endgame: Option<bool>,
}

impl From<RulesBody> for RuleOverrides {
    fn from(body: RulesBody) -> RuleOverrides {
        RuleOverrides {
            mandatory_capture: body.mandatory_capture,
            draw: body.draw.map(|draw| DrawOverrides {
                repetitions: draw.repetitions,
                quiet_moves: draw.quiet_moves,
                quiet_reset: draw.quiet_reset,
                endgame: draw.endgame,
            }),
            king_move_limit: body.king_move_limit,
        }
    }
}

/// Declares a game body: the fields every game body has, then the endpoint's own, and how
/// those become the endpoint's [`GameBody::Extra`].
macro_rules! game_body {
    (
        $(#[$meta:meta])*
        $name:ident { $($(#[$field_meta:meta])* $field:ident: $ty:ty,)* }
        extra: $extra:ty = $make_extra:expr
    ) => {
        #[derive(Clone, Debug, Deserialize, ToSchema)]
        #[serde(deny_unknown_fields)]
        $(#[$meta])*
        pub struct $name {
            /// The variant id or alias (`english`, `russian`, `brazilian`, `international`,
            /// `spanish`, `italian`, `czech`, `turkish`, `frisian`, `frysk`, `pool`, `thai`,
            /// `antidraughts`, `breakthrough`, `canadian`; also `american`, `checkers`,
            /// `polish`, `frysk!`, `american-pool`, `giveaway`), in any case. Any other name
            /// is `404 unknown_variant`.
            #[schema(value_type = String, max_length = 32)]
            pub variant: CompactString,
            /// The start position as PDN FEN; the variant's start position if omitted.
            #[serde(default)]
            #[schema(value_type = Option<FenSchema>)]
            pub fen: Option<String>,
            /// Moves already played from `fen`, oldest first, in PDN. More than the server's
            /// limit (1000 unless configured otherwise) is `422 too_many_moves`.
            #[serde(default)]
            #[schema(value_type = Vec<MoveTextSchema>, max_items = 1000)]
            pub moves: Vec<CompactString>,
            /// Overrides of the variant's rules.
            #[serde(default, deserialize_with = "optional_object")]
            #[schema(value_type = Option<RulesBody>)]
            pub rules: Option<RulesBody>,
            $($(#[$field_meta])* pub $field: $ty,)*
        }

        impl GameBody for $name {
            type Extra = $extra;

            fn into_parts(self) -> (GameFields, $extra) {
                let $name { variant, fen, moves, rules, $($field),* } = self;
                (GameFields { variant, fen, moves, rules }, $make_extra)
            }
        }
    };
}

game_body! {
    /// `legal-moves`: the game a request is about.
    #[schema(example = json!({"variant": "english", "fen": "B:W21-32:B1-12", "moves": ["11-15", "23-19"]}))]
    LegalMovesBody {}
    extra: () = ()
}

game_body! {
    /// `endgame`: the game whose position the endgame databases are asked about.
    #[schema(example = json!({"variant": "english", "fen": "W:WK14,K15:BK32"}))]
    EndgameBody {}
    extra: () = ()
}

game_body! {
    /// `apply-move`: a game and the move to play next.
    #[schema(example = json!({"variant": "english", "moves": ["11-15"], "move": "23-19"}))]
    ApplyMoveBody {
        /// The move to play, in PDN (`9-14`, `22x15`, `c3:e5`, a full path such as `22x15x8`).
        #[serde(rename = "move")]
        #[schema(value_type = MoveTextSchema)]
        mv: String,
    }
    extra: String = mv
}

game_body! {
    /// `ai-move`: a game and how the computer should play its next move.
    #[schema(example = json!({"variant": "english", "moves": ["11-15"], "level": 7,
        "clock": {"time_left_ms": 180000, "increment_ms": 2000}}))]
    AiMoveBody {
        /// How strongly to play, by name: `easy` (level 3), `normal` (level 6) or `hard`
        /// (level 10). `level` wins when both are given; `normal` if neither.
        difficulty: Option<Difficulty>,
        /// How strongly to play, from 1 (weakest) to 10 (full strength, `hard`). Each level's
        /// measured rating is in the API guide.
        #[serde(default, deserialize_with = "optional_whole_number")]
        #[schema(minimum = 1, maximum = 10)]
        level: Option<u32>,
        /// The most time the search may take, in milliseconds (default: each level's own, from
        /// 10 at level 1 to 1000 at level 10, or on a clock the clock's plan), capped by the
        /// server's `MAX_SEARCH_MS`. With `clock`, the smaller time wins.
        #[serde(default, deserialize_with = "optional_whole_number")]
        #[schema(format = Int64, minimum = 0, maximum = 4294967295_u64)]
        time_ms: Option<u32>,
        /// The mover's clock in a timed game: level 10 plans its time from it, the other levels
        /// keep their own time within it, and no level takes more than half the time left minus
        /// the server's network margin (`CLOCK_MARGIN_MS`; all of it on the last move before
        /// the time control).
        #[serde(default, deserialize_with = "optional_object")]
        #[schema(value_type = Option<ClockBody>)]
        clock: Option<ClockBody>,
        /// Makes the levels' random choices repeatable (levels 1 to 8 have some). Without it
        /// they vary from call to call (and are not cached).
        #[serde(default, deserialize_with = "optional_whole_number")]
        #[schema(format = Int64, minimum = 0, maximum = 4294967295_u64)]
        seed: Option<u32>,
    }
    extra: Result<AiMoveSettings, ApiError> = ai_move_settings(difficulty, level, time_ms, clock, seed)
}

/// The mover's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Clock)]
pub struct ClockBody {
    /// The time left on the mover's clock, in milliseconds.
    #[serde(deserialize_with = "whole_number")]
    #[schema(format = Int64, minimum = 0, maximum = 4294967295_u64)]
    pub time_left_ms: u32,
    /// The time added after each move, in milliseconds (0 if omitted).
    #[serde(default, deserialize_with = "optional_whole_number")]
    #[schema(format = Int64, minimum = 0, maximum = 4294967295_u64)]
    pub increment_ms: Option<u32>,
    /// The moves to the next time control, if the game has one, from 1 to 1000: the time left
    /// must last that many moves.
    #[serde(default, deserialize_with = "optional_whole_number")]
    #[schema(minimum = 1, maximum = 1000)]
    pub moves_to_go: Option<u32>,
}

/// The most moves to the next time control a clock may name.
pub const MAX_MOVES_TO_GO: u32 = 1000;

/// The settings of an ai-move body: one level (by number, else by name), its numbers checked
/// against their ranges.
fn ai_move_settings(
    difficulty: Option<Difficulty>,
    level: Option<u32>,
    time_ms: Option<u32>,
    clock: Option<ClockBody>,
    seed: Option<u32>,
) -> Result<AiMoveSettings, ApiError> {
    let level = match in_range("level", level, 1..=u32::from(Level::TOP.number()))? {
        Some(number) => Level::new(number as u8).expect("a level in range"),
        None => difficulty.unwrap_or_default().level(),
    };
    let clock = match clock {
        Some(body) => Some(Clock {
            left: Duration::from_millis(body.time_left_ms.into()),
            increment: Duration::from_millis(body.increment_ms.unwrap_or(0).into()),
            moves_to_go: in_range("clock.moves_to_go", body.moves_to_go, 1..=MAX_MOVES_TO_GO)?,
        }),
        None => None,
    };
    Ok(AiMoveSettings {
        level,
        budget: time_ms.map(|ms| Duration::from_millis(ms.into())),
        clock,
        max_depth: None,
        seed: seed.map(u64::from),
    })
}

/// The deepest search a request may ask for, in plies.
pub const MAX_DEPTH: u32 = 64;

/// A whole number of a body's field checked against its range, as `invalid_json` naming the
/// field.
fn in_range(field: &str, value: Option<u32>, range: core::ops::RangeInclusive<u32>) -> Result<Option<u32>, ApiError> {
    match value {
        Some(v) if !range.contains(&v) => Err(ApiError::InvalidJson(format!(
            "{field}: expected a whole number from {} to {}, not {v}",
            range.start(),
            range.end()
        ))),
        _ => Ok(value),
    }
}

game_body! {
    /// `analyze`: a game and how deeply to analyse its position.
    #[schema(example = json!({"variant": "english", "moves": ["11-15", "23-19"], "lines": 3, "time_ms": 1000}))]
    AnalyzeBody {
        /// How many of the best moves to give, from 1 to 10 (3 if omitted).
        #[serde(default, deserialize_with = "optional_whole_number")]
        #[schema(minimum = 1, maximum = 10)]
        lines: Option<u32>,
        /// The most time the analysis may take, in milliseconds (1000 if omitted, or the
        /// server's `MAX_SEARCH_MS` when `depth` is given), capped by `MAX_SEARCH_MS`.
        #[serde(default, deserialize_with = "optional_whole_number")]
        #[schema(format = Int64, minimum = 0, maximum = 4294967295_u64)]
        time_ms: Option<u32>,
        /// Search to this depth in plies, from 1 to 64, unless the time runs out first.
        #[serde(default, deserialize_with = "optional_whole_number")]
        #[schema(minimum = 1, maximum = 64)]
        depth: Option<u32>,
    }
    extra: Result<AnalysisSettings, ApiError> = analysis_settings(lines, time_ms, depth)
}

/// The settings of an analysis body, its numbers checked against their ranges.
fn analysis_settings(
    lines: Option<u32>,
    time_ms: Option<u32>,
    depth: Option<u32>,
) -> Result<AnalysisSettings, ApiError> {
    let lines = in_range("lines", lines, 1..=u32::from(MAX_LINES))?.map_or(DEFAULT_LINES, |n| n as u8);
    Ok(AnalysisSettings { lines, budget: budget(time_ms, depth)? })
}

/// The time and depth a body asks a search for, the depth checked against its range.
fn budget(time_ms: Option<u32>, depth: Option<u32>) -> Result<Budget, ApiError> {
    Ok(Budget {
        time: time_ms.map(|ms| Duration::from_millis(ms.into())),
        depth: in_range("depth", depth, 1..=MAX_DEPTH)?,
    })
}

game_body! {
    /// `review`: a game to review move by move, and how long to search each position.
    #[schema(example = json!({"variant": "english", "moves": ["11-15", "23-19", "8-11", "22-17"], "time_ms": 100}))]
    ReviewBody {
        /// The time each position may be searched, in milliseconds (100 if omitted, or the
        /// server's `MAX_SEARCH_MS` when `depth` is given), capped by `MAX_SEARCH_MS`.
        #[serde(default, deserialize_with = "optional_whole_number")]
        #[schema(format = Int64, minimum = 0, maximum = 4294967295_u64)]
        time_ms: Option<u32>,
        /// Search each position to this depth in plies, from 1 to 64, unless its time runs out
        /// first.
        #[serde(default, deserialize_with = "optional_whole_number")]
        #[schema(minimum = 1, maximum = 64)]
        depth: Option<u32>,
    }
    extra: Result<Budget, ApiError> = budget(time_ms, depth)
}

game_body! {
    /// `pdn/export`: a game, and the tags to write in its record.
    #[schema(example = json!({"variant": "english", "moves": ["11-15", "23-19"], "tags": {"White": "Ann", "Black": "Bob"}}))]
    PdnExportBody {
        /// Tags to write in the record (see `RequestedTags`).
        #[serde(default)]
        #[schema(value_type = Option<RequestedTags>)]
        tags: Option<RequestedTags>,
    }
    extra: Tags = tags.map(|RequestedTags(tags)| tags).unwrap_or_default()
}

/// The longest PDN text `pdn/parse` reads, in characters.
pub const MAX_PDN_CHARS: usize = 40_000;

/// `pdn/parse`: a PDN text of one or more games.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"pdn": "[GameType \"21\"]\n1. 11-15 23-19 2. 8-11 22-17 *", "variant": null}))]
pub struct PdnParseBody {
    /// The PDN text: one game or many, at most 40000 characters (more is `400 invalid_json`).
    #[schema(max_length = 40000)]
    pub pdn: String,
    /// The variant id or alias of every game, whatever its `GameType` tag says; omitted or
    /// `null`: each game's `GameType` names it (International without one). An unknown name is
    /// `404 unknown_variant`.
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 32)]
    pub variant: Option<CompactString>,
}
