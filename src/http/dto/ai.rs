//! `ai-move`: the request for a computer move and its answer.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::game::{MoveDto, StatusDto};
use crate::engine::request::{AiMove, ScoreKind};
use crate::engine::Difficulty;

/// `ai-move`: a game and how the computer should play its next move.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "english", "moves": ["11-15"], "difficulty": "hard", "time_ms": 500}))]
pub struct AiMoveBody {
    /// As in the game request.
    pub variant: String,
    /// As in the game request.
    #[serde(default)]
    pub fen: Option<String>,
    /// As in the game request.
    #[serde(default)]
    #[schema(value_type = Vec<String>)]
    pub moves: super::MoveTexts,
    /// As in the game request.
    #[serde(default)]
    #[schema(value_type = Option<super::RulesBody>)]
    pub rules: Option<Value>,
    /// How strongly to play (`normal` if omitted).
    #[serde(default)]
    pub difficulty: DifficultyDto,
    /// The most time the search may take, in milliseconds (default: easy 10, normal 200,
    /// hard 1000), capped by the server's `MAX_SEARCH_MS`.
    #[serde(default)]
    #[schema(format = Int64, minimum = 0, maximum = 4294967295_u64)]
    pub time_ms: Option<u32>,
    /// Makes the easier levels' random choices repeatable. Without it they vary from call to
    /// call (and are not cached).
    #[serde(default)]
    #[schema(format = Int64, minimum = 0, maximum = 4294967295_u64)]
    pub seed: Option<u32>,
}

/// A difficulty level.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum DifficultyDto {
    /// A beginner can beat it.
    Easy,
    /// A club player's opponent.
    #[default]
    Normal,
    /// Full strength within the time budget.
    Hard,
}

impl From<DifficultyDto> for Difficulty {
    fn from(value: DifficultyDto) -> Difficulty {
        match value {
            DifficultyDto::Easy => Difficulty::Easy,
            DifficultyDto::Normal => Difficulty::Normal,
            DifficultyDto::Hard => Difficulty::Hard,
        }
    }
}

impl From<Difficulty> for DifficultyDto {
    fn from(value: Difficulty) -> DifficultyDto {
        match value {
            Difficulty::Easy => DifficultyDto::Easy,
            Difficulty::Normal => DifficultyDto::Normal,
            Difficulty::Hard => DifficultyDto::Hard,
        }
    }
}

/// How a forced result is counted.
#[derive(Clone, Copy, Debug, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ScoreKindDto {
    /// `score` is the number of moves to a forced win.
    WinIn,
    /// `-score` is the number of moves to a forced loss.
    LossIn,
}

/// `ai-move`: the computer's move, the position after it, and what the search saw.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(example = json!({
    "move": {"notation": "11-15", "from": 11, "to": 15, "path": [11, 15], "captures": [], "promotes": false},
    "fen": "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15",
    "side_to_move": "white", "status": {"state": "ongoing"}, "difficulty": "hard", "score": 3,
    "depth": 17, "nodes": 3012345, "pv": ["11-15", "23-19", "8-11"], "time_ms": 612, "cached": false
}))]
pub struct AiMoveResponse {
    /// The move the computer plays.
    #[serde(rename = "move")]
    pub mv: MoveDto,
    /// The position after it, as PDN FEN.
    pub fen: String,
    /// `white` or `black`: the side to move after it.
    pub side_to_move: &'static str,
    /// Where the game stands after it.
    pub status: StatusDto,
    /// The level played at.
    pub difficulty: DifficultyDto,
    /// For the side that moved, in hundredths of a man; with `score_kind`, the number of moves
    /// to a forced win (positive) or loss (negative).
    pub score: i32,
    /// Present when the score is a forced result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score_kind: Option<ScoreKindDto>,
    /// The depth (plies) of the last complete iteration.
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
    /// The line the computer expects, its move first, in notation.
    pub pv: Vec<String>,
    /// Time the search took, in milliseconds.
    pub time_ms: u64,
    /// Whether the answer came from the cache of recent searches.
    pub cached: bool,
}

impl AiMoveResponse {
    /// The answer for `ai`, cached or just searched.
    pub fn new(ai: &AiMove, cached: bool) -> AiMoveResponse {
        AiMoveResponse {
            mv: ai.mv.clone().into(),
            fen: ai.after.fen.clone(),
            side_to_move: ai.after.side_to_move.name(),
            status: ai.after.status.into(),
            difficulty: ai.difficulty.into(),
            score: ai.score,
            score_kind: ai.score_kind.map(|k| match k {
                ScoreKind::WinIn => ScoreKindDto::WinIn,
                ScoreKind::LossIn => ScoreKindDto::LossIn,
            }),
            depth: ai.depth,
            nodes: ai.nodes,
            pv: ai.pv.clone(),
            time_ms: ai.elapsed.as_millis() as u64,
            cached,
        }
    }
}
