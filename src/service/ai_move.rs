//! The computer's move (`POST /v1/ai-move`): [`AiMoveAsk`] asks for it at a level, on a clock
//! or not ([`AiMoveSettings`]); through the one door ([`super::Searches`]) it gives an [`AiMove`]: the
//! move, the position after it and what the search saw. Answers are cached unless they are meant
//! to vary (a level with randomness and no seed).

use core::time::Duration;

use serde::Serialize;
use utoipa::ToSchema;

use super::delivery::{Kept, KeptAnswer};
use super::heap_bytes::HeapBytes;
use super::levels::{Difficulty, Level};
use super::search_error::SearchError;
use super::search_key::SearchKey;
use super::search_kind::SearchKind;
use super::search_plan::{AiMoveSettings, SearchLimits, SearchPlan};
use super::search_views::{move_view, notation_of_line, score_view, ScoreKind};
use super::searches::{Ask, Prepared};
use super::views::{MoveView, StatusView};
use crate::engine::{self, Depth, Report};
use crate::rules::notation::move_text::MoveTable;
use crate::rules::{Game, Rules};

/// `ai-move`: the computer's move, the position after it, and what the search saw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[schema(example = json!({
    "move": {"notation": "11-15", "from": 11, "to": 15, "path": [11, 15], "captures": [], "promotes": false},
    "fen": "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15",
    "side_to_move": "white", "status": {"state": "ongoing"}, "level": 10, "difficulty": "hard", "score": 3,
    "depth": 17, "nodes": 3012345, "pv": ["11-15", "23-19", "8-11"], "time_ms": 612, "cached": false
}))]
pub struct AiMove {
    /// The move the computer plays.
    #[serde(rename = "move")]
    pub mv: MoveView,
    /// The position after it, as PDN FEN.
    pub fen: String,
    /// `white` or `black`: the side to move after it.
    pub side_to_move: &'static str,
    /// Where the game stands after it.
    pub status: StatusView,
    /// The level played at, from 1 to 10.
    #[schema(value_type = u8, minimum = 1, maximum = 10)]
    #[serde(serialize_with = "level_number")]
    pub level: Level,
    /// The level's name, if it has one (`easy` is 3, `normal` 6, `hard` 10).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<Difficulty>,
    /// For the side that moved, in hundredths of a man; with `score_kind`, the number of moves
    /// to a forced win (positive) or loss (negative).
    pub score: i32,
    /// Present when the score is a forced result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score_kind: Option<ScoreKind>,
    /// The depth (plies) of the last complete iteration.
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
    /// The line the computer expects, its move first, in notation.
    pub pv: Vec<String>,
    /// The time from the request being read to the move, in milliseconds rounded up: the
    /// search, and any wait for a search thread. What a clock should be charged.
    #[serde(rename = "time_ms", serialize_with = "whole_millis")]
    #[schema(value_type = u64)]
    pub elapsed: Duration,
    /// Whether the answer came from the cache of recent searches.
    pub cached: bool,
}

fn level_number<S: serde::Serializer>(level: &Level, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_u8(level.number())
}

fn whole_millis<S: serde::Serializer>(elapsed: &Duration, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_u64(elapsed.as_micros().div_ceil(1000) as u64)
}

impl HeapBytes for AiMove {
    fn heap_bytes(&self) -> usize {
        self.mv.heap_bytes() + self.fen.heap_bytes() + self.pv.heap_bytes()
    }
}

/// The computer's move, asked for at a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiMoveAsk(pub AiMoveSettings);

impl Ask for AiMoveAsk {
    type Delivery = KeptAnswer<AiMove>;

    fn prepare<R: Rules>(self, game: Game<R>, limits: &SearchLimits) -> Result<Prepared<Self::Delivery>, SearchError> {
        SearchError::if_over(&game)?;
        let plan = SearchPlan::ai_move(self.0, limits);
        let asked = std::time::Instant::now();
        Ok(Prepared {
            kind: SearchKind::AiMove,
            key: SearchKey::of(&game, &plan, 1),
            job: Box::new(move |thread| {
                // On a clock, the wait for a thread is the mover's time too.
                let plan = if self.0.clock.is_some() { plan.shortened_by(asked.elapsed()) } else { plan };
                let report = thread.search(&game, &plan);
                answer(game, self.0.level, report, asked.elapsed())
            }),
            waiting: (),
        })
    }
}

impl Kept for AiMove {
    fn into_cached(self) -> AiMove {
        AiMove { cached: true, ..self }
    }
}

/// The answer: the move played in `game`, the game after it, and the search's figures.
fn answer<R: Rules>(mut game: Game<R>, level: Level, report: Option<Report<R::Board>>, elapsed: Duration) -> AiMove {
    let before = *game.position();
    let mandatory = game.rules().mandatory_capture;
    // A game that is not over has a legal move, so the search finds one; the fallback keeps
    // this total.
    let report = report.unwrap_or_else(|| Report {
        best: game.legal_moves().as_slice()[0],
        score: engine::Score::ZERO,
        depth: Depth::default(),
        nodes: 0,
        pv: Vec::new(),
    });
    let table = MoveTable::new(&before, mandatory);
    let mv = move_view::<R>(&table, &report.best);
    let pv = notation_of_line(&before, mandatory, &report.pv);
    let _ = game.play(&report.best);
    let (score, score_kind) = score_view(report.score);
    AiMove {
        mv,
        fen: game.position().to_fen(),
        side_to_move: game.position().side_to_move().name(),
        status: game.status().into(),
        level,
        difficulty: level.difficulty(),
        score,
        score_kind,
        depth: report.depth.get(),
        nodes: report.nodes,
        pv,
        elapsed,
        cached: false,
    }
}
