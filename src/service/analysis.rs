//! The analysis of a position (`POST /v1/analyze`): [`AnalysisAsk`] asks for its best moves
//! ([`AnalysisSettings`]); through the one door ([`super::Searches`]) it gives an [`Analysis`]:
//! each move with its score, the share of the points it promises and its expected line.
//! Answers are cached.

use core::time::Duration;
use std::time::Instant;

use serde::Serialize;
use utoipa::ToSchema;

use super::delivery::{Kept, KeptAnswer};
use super::heap_bytes::HeapBytes;
use super::search_error::SearchError;
use super::search_key::SearchKey;
use super::search_kind::SearchKind;
use super::search_plan::{Budget, SearchLimits, SearchPlan};
use super::search_views::{move_view, notation_of_line, score_view, ScoreKind};
use super::searches::{Ask, Prepared};
use super::views::MoveView;
use crate::engine::book::{book_moves, book_of};
use crate::engine::{self, expected_score};
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
    /// Whether the move is in the opening book: one a deep search of this position scored
    /// close to the best.
    pub book: bool,
}

/// `analyze`: the best moves of a position, best first.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[schema(example = json!({
    "side_to_move": "black",
    "lines": [
        {"move": {"notation": "11-15", "from": 11, "to": 15, "path": [11, 15], "captures": [], "promotes": false},
         "score": 4, "expected_score": 0.51, "pv": ["11-15", "23-19", "8-11"], "book": true},
        {"move": {"notation": "9-14", "from": 9, "to": 14, "path": [9, 14], "captures": [], "promotes": false},
         "score": 0, "expected_score": 0.5, "pv": ["9-14", "22-17", "11-15"], "book": true}
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

impl HeapBytes for LineView {
    fn heap_bytes(&self) -> usize {
        self.mv.heap_bytes() + self.pv.heap_bytes()
    }
}

impl HeapBytes for Analysis {
    fn heap_bytes(&self) -> usize {
        self.lines.heap_bytes()
    }
}

/// An analysis, asked for with its settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisAsk(pub AnalysisSettings);

impl Ask for AnalysisAsk {
    type Delivery = KeptAnswer<Analysis>;

    fn prepare<R: Rules>(self, game: Game<R>, limits: &SearchLimits) -> Result<Prepared<Self::Delivery>, SearchError> {
        SearchError::if_over(&game)?;
        let plan = SearchPlan::analysis(self.0.budget, limits);
        let lines = self.0.lines.clamp(1, MAX_LINES);
        Ok(Prepared {
            kind: SearchKind::Analysis,
            key: SearchKey::of(&game, &plan, lines),
            job: Box::new(move |thread| {
                let started = Instant::now();
                let report = thread.analyze(&game, &plan, lines);
                view(&game, report, started.elapsed())
            }),
            waiting: (),
        })
    }
}

impl Kept for Analysis {
    fn into_cached(self) -> Analysis {
        Analysis { cached: true, ..self }
    }
}

/// The answer: each line's move, score and line in notation.
fn view<R: Rules>(game: &Game<R>, analysis: Option<engine::AnalysisReport<R::Board>>, elapsed: Duration) -> Analysis {
    let position = *game.position();
    let mandatory = game.rules().mandatory_capture;
    let table = MoveTable::of_game(game);
    let in_book = book_of::<R>().map(|book| book_moves(book, game)).unwrap_or_default();
    let (lines, depth, nodes) = match analysis {
        Some(analysis) => (analysis.lines, analysis.depth.get(), analysis.nodes),
        None => (Vec::new(), 0, 0),
    };
    let lines = lines
        .iter()
        .map(|line| {
            let (score, score_kind) = score_view(line.score);
            LineView {
                mv: move_view::<R>(&table, &line.mv),
                score,
                score_kind,
                expected_score: thousandths(expected_score::<R>(line.score)),
                pv: notation_of_line(&position, mandatory, &line.pv),
                book: in_book.iter().any(|(mv, _)| *mv == line.mv),
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
