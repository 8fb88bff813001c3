//! The analysis of a position: its best moves, each with its score, the share of the points
//! it promises and its expected line ([`Analysis`]). [`AnalysisSettings`] turn a replayed game
//! into a [`PreparedAnalysis`], filed under the [`SearchKey`] a cache may keep its answer by;
//! run on a search thread, it gives the answer.

use core::sync::atomic::AtomicBool;
use core::time::Duration;
use std::time::Instant;

use serde::Serialize;
use utoipa::ToSchema;

use super::budget::Budget;
use super::computer::{notation_of_line, score_view, search_key, unlisted_move, AnswerKind, ScoreKind, SearchKey};
use super::levels::Difficulty;
use super::views::MoveView;
use crate::engine::endgame::Endgames;
use crate::engine::{self, expected_score, Limits};
use crate::rules::notation::move_text::MoveTable;
use crate::rules::{Game, Rules};

/// The most lines an analysis gives.
pub const MAX_LINES: u8 = 10;

/// The lines an analysis gives when the request does not say.
pub const DEFAULT_LINES: u8 = 3;

/// What an analysis is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisSettings {
    /// How many of the best moves (1 to [`MAX_LINES`]).
    pub lines: u8,
    /// The time and depth asked for; the time defaults to the hard level's.
    pub budget: Budget,
}

/// One of the best moves.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct LineView {
    /// The move.
    #[serde(rename = "move")]
    pub mv: MoveView,
    /// For the side to move, in hundredths of a man; with `score_kind`, the number of moves to
    /// a forced win (positive) or loss (negative).
    pub score: i32,
    /// Present when the score is a forced result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score_kind: Option<ScoreKind>,
    /// The share of the points the side to move can expect after this move (0 to 1, a draw
    /// counting one half; three decimals), from the score by the board family's fitted curve.
    pub expected_score: f64,
    /// The expected line, this move first, in notation.
    pub pv: Vec<String>,
}

/// `analyze`: the best moves of a position, best first.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[schema(example = json!({
    "side_to_move": "black",
    "lines": [
        {"move": {"notation": "11-15", "from": 11, "to": 15, "path": [11, 15], "captures": [], "promotes": false},
         "score": 4, "expected_score": 0.51, "pv": ["11-15", "23-19", "8-11"]},
        {"move": {"notation": "9-14", "from": 9, "to": 14, "path": [9, 14], "captures": [], "promotes": false},
         "score": 0, "expected_score": 0.5, "pv": ["9-14", "22-17", "11-15"]}
    ],
    "depth": 15, "nodes": 2012345, "time_ms": 998, "cached": false
}))]
pub struct Analysis {
    /// `white` or `black`: the side the scores are for.
    pub side_to_move: &'static str,
    /// The best moves, best first: as many as asked for, or every legal move if there are
    /// fewer.
    pub lines: Vec<LineView>,
    /// The depth (plies) of the last iteration completed for every line.
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
    /// Time the analysis took, in milliseconds.
    pub time_ms: u64,
    /// Whether the answer came from the cache of recent searches.
    pub cached: bool,
}

/// An analysis waiting for a thread: run with the cancel flag and the endgame databases.
type AnalysisJob = dyn FnOnce(&AtomicBool, &Endgames) -> Analysis + Send;

/// A checked analysis request, ready to run on any thread.
pub struct PreparedAnalysis {
    key: SearchKey,
    job: Box<AnalysisJob>,
}

impl PreparedAnalysis {
    /// An analysis of `game`'s current position, which must be ongoing, as `settings` ask, at
    /// the hard level's strength; `max_budget` caps the time.
    pub(super) fn new<R: Rules>(game: Game<R>, settings: AnalysisSettings, max_budget: Duration) -> PreparedAnalysis {
        let level = Difficulty::Hard.level();
        let budget = settings.budget.time_within(level.default_budget, max_budget);
        let max_depth = settings.budget.depth.unwrap_or(level.max_depth);
        let lines = settings.lines.clamp(1, MAX_LINES);
        let key = search_key(&game, Difficulty::Hard, budget, max_depth, None, AnswerKind::Analysis { lines });
        PreparedAnalysis {
            key,
            job: Box::new(move |cancel: &AtomicBool, endgames: &Endgames| {
                let started = Instant::now();
                let limits = Limits {
                    max_depth,
                    deadline: started + budget,
                    cancel,
                    noise: 0,
                    seed: 0,
                    table: level.table,
                    endgames: Some(endgames),
                    score_matters: true,
                };
                let analysis = engine::analyze(&game, &limits, lines.into(), &[]);
                view(&game, analysis, started.elapsed())
            }),
        }
    }

    /// The key its answer may be cached under.
    pub fn key(&self) -> &SearchKey {
        &self.key
    }

    /// Runs the analysis until the budget is spent, it is done, or `cancel` is set.
    pub fn run_with(self, cancel: &AtomicBool, endgames: &Endgames) -> Analysis {
        (self.job)(cancel, endgames)
    }
}

/// The answer: each line's move, score and line in notation.
fn view<R: Rules>(game: &Game<R>, analysis: Option<engine::AnalysisReport<R::Board>>, elapsed: Duration) -> Analysis {
    let position = *game.position();
    let mandatory = game.rules().mandatory_capture;
    let table = MoveTable::of_game(game);
    let (lines, depth, nodes) = match analysis {
        Some(analysis) => (analysis.lines, analysis.depth.get(), analysis.nodes),
        None => (Vec::new(), 0, 0),
    };
    let lines = lines
        .iter()
        .map(|line| {
            let (score, score_kind) = score_view(line.score);
            LineView {
                mv: table
                    .entry(&line.mv)
                    .map_or_else(|| unlisted_move::<R>(&line.mv), |e| MoveView::of::<R>(&table, e)),
                score,
                score_kind,
                expected_score: thousandths(expected_score::<R>(line.score)),
                pv: notation_of_line(&position, mandatory, &line.pv),
            }
        })
        .collect();
    Analysis {
        side_to_move: position.side_to_move().name(),
        lines,
        depth,
        nodes,
        time_ms: elapsed.as_millis() as u64,
        cached: false,
    }
}

/// `x` rounded to three decimals, as the answers write shares of the points.
pub(super) fn thousandths(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}
