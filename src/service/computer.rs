//! The computer's move: [`SearchSettings`] (level, budget, seed) turn a replayed game into a
//! [`PreparedSearch`], filed under the [`SearchKey`] a cache may keep its answer by; run on
//! any thread, it gives a [`ComputerMove`].

use core::sync::atomic::AtomicBool;
use core::time::Duration;
use std::time::Instant;

use serde::{Serialize, Serializer};
use utoipa::ToSchema;

use super::levels::Difficulty;
use super::replay::ReplayError;
use super::search_cache::HeapBytes;
use super::views::{MoveView, StatusView};
use crate::engine::draws::endgame_plies;
use crate::engine::endgame::Endgames;
use crate::engine::{self, zobrist, Depth, Limits, Outcome, Report};
use crate::rules::notation::move_text::MoveTable;
use crate::rules::{Color, Game, GameRules, Move, Position, Rules, Status, Variant};

/// How the computer is asked to play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchSettings {
    /// The level to play at.
    pub difficulty: Difficulty,
    /// The time the search may take, if not the level's default.
    pub budget: Option<Duration>,
    /// The deepest iteration, if not the level's (the time budget still applies).
    pub max_depth: Option<Depth>,
    /// Makes the levels' randomness repeatable.
    pub seed: Option<u64>,
}

/// Why there is no move to search for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ComputerMoveError {
    /// The game cannot be replayed.
    Replay(ReplayError),
    /// The game is already over.
    GameOver(Status),
}

impl From<ReplayError> for ComputerMoveError {
    fn from(error: ReplayError) -> ComputerMoveError {
        ComputerMoveError::Replay(error)
    }
}

/// How a forced result is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ScoreKind {
    /// `score` is the number of moves to a forced win.
    WinIn,
    /// `-score` is the number of moves to a forced loss.
    LossIn,
}

/// `ai-move`: the computer's move, the position after it, and what the search saw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[schema(example = json!({
    "move": {"notation": "11-15", "from": 11, "to": 15, "path": [11, 15], "captures": [], "promotes": false},
    "fen": "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15",
    "side_to_move": "white", "status": {"state": "ongoing"}, "difficulty": "hard", "score": 3,
    "depth": 17, "nodes": 3012345, "pv": ["11-15", "23-19", "8-11"], "time_ms": 612, "cached": false
}))]
pub struct ComputerMove {
    /// The move the computer plays.
    #[serde(rename = "move")]
    pub mv: MoveView,
    /// The position after it, as PDN FEN.
    pub fen: String,
    /// `white` or `black`: the side to move after it.
    pub side_to_move: &'static str,
    /// Where the game stands after it.
    pub status: StatusView,
    /// The level played at.
    pub difficulty: Difficulty,
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
    /// Time the search took, in milliseconds.
    #[serde(rename = "time_ms", serialize_with = "whole_millis")]
    #[schema(value_type = u64)]
    pub elapsed: Duration,
    /// Whether the answer came from the cache of recent searches.
    pub cached: bool,
}

fn whole_millis<S: Serializer>(elapsed: &Duration, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_u64(elapsed.as_millis() as u64)
}

/// Everything that changes the answer to a search: two searches with equal keys may share one
/// answer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SearchKey {
    variant: Variant,
    rules: GameRules,
    pieces: [u128; 2],
    kings: u128,
    side_to_move: Color,
    /// Hashes of the earlier positions that could still repeat.
    history: Vec<u64>,
    quiet_plies: u32,
    endgame_plies: Option<u32>,
    difficulty: Difficulty,
    budget: Duration,
    max_depth: Depth,
    seed: Option<u64>,
    /// What the search gives.
    kind: AnswerKind,
}

/// What a search gives: a computer move, or an analysis of some lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnswerKind {
    /// A computer move.
    Move,
    /// An analysis of this many lines.
    Analysis {
        /// The lines asked for.
        lines: u8,
    },
}

impl HeapBytes for SearchKey {
    fn heap_bytes(&self) -> usize {
        self.history.heap_bytes()
    }
}

/// A search waiting for a thread: run with the cancel flag and the endgame databases, if any.
type SearchJob = dyn FnOnce(&AtomicBool, Option<&Endgames>) -> ComputerMove + Send;

/// A checked request, ready to search on any thread.
pub struct PreparedSearch {
    key: Option<SearchKey>,
    variant: Variant,
    difficulty: Difficulty,
    budget: Duration,
    job: Box<SearchJob>,
}

impl core::fmt::Debug for PreparedSearch {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PreparedSearch").field("variant", &self.variant).field("key", &self.key).finish()
    }
}

impl PreparedSearch {
    /// A search of `game`'s current position, which must be ongoing, as `settings` ask;
    /// `max_budget` caps the time.
    pub(super) fn new<R: Rules>(game: Game<R>, settings: SearchSettings, max_budget: Duration) -> PreparedSearch {
        let difficulty = settings.difficulty;
        let level = difficulty.level();
        let budget = settings.budget.unwrap_or(level.default_budget).min(max_budget);
        let max_depth = settings.max_depth.unwrap_or(level.max_depth);
        let random = level.noise > 0;
        let key = (!random || settings.seed.is_some())
            .then(|| search_key(&game, difficulty, budget, max_depth, settings.seed, AnswerKind::Move));
        let seed = settings.seed.unwrap_or_else(|| fastrand::u64(..));
        PreparedSearch {
            key,
            variant: R::VARIANT,
            difficulty,
            budget,
            job: Box::new(move |cancel: &AtomicBool, endgames: Option<&Endgames>| {
                let started = Instant::now();
                let limits = Limits {
                    max_depth,
                    deadline: started + budget,
                    cancel,
                    noise: level.noise,
                    seed,
                    table: level.table,
                    endgames,
                    score_matters: false,
                };
                let report = engine::search(&game, &limits);
                answer(game, difficulty, report, started.elapsed())
            }),
        }
    }

    /// The key its answer may be cached under; `None` when the answer is meant to vary (a level
    /// with randomness and no seed).
    pub fn key(&self) -> Option<&SearchKey> {
        self.key.as_ref()
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The level.
    pub fn difficulty(&self) -> Difficulty {
        self.difficulty
    }

    /// The time the search may take.
    pub fn budget(&self) -> Duration {
        self.budget
    }

    /// Searches until the budget is spent, the search is done, or `cancel` is set; without
    /// endgame databases.
    pub fn run(self, cancel: &AtomicBool) -> ComputerMove {
        (self.job)(cancel, None)
    }

    /// As [`PreparedSearch::run`], probing `endgames` where they hold the variant.
    pub fn run_with(self, cancel: &AtomicBool, endgames: &Endgames) -> ComputerMove {
        (self.job)(cancel, Some(endgames))
    }
}

/// The key of a search of `game` at `difficulty` within `budget` and `max_depth`, for an
/// answer of `kind`.
pub(super) fn search_key<R: Rules>(
    game: &Game<R>,
    difficulty: Difficulty,
    budget: Duration,
    max_depth: Depth,
    seed: Option<u64>,
    kind: AnswerKind,
) -> SearchKey {
    let position = game.position();
    let reversible = game.reversible_positions();
    SearchKey {
        variant: R::VARIANT,
        rules: *game.rules(),
        pieces: [position.pieces(Color::White).wide().0, position.pieces(Color::Black).wide().0],
        kings: (position.kings(Color::White) | position.kings(Color::Black)).wide().0,
        side_to_move: position.side_to_move(),
        history: reversible[..reversible.len() - 1].iter().map(zobrist::hash).collect(),
        quiet_plies: game.quiet_plies(),
        endgame_plies: endgame_plies(game),
        difficulty,
        budget,
        max_depth,
        seed,
        kind,
    }
}

/// The answer: the move played in `game`, the game after it, and the search's figures.
fn answer<R: Rules>(
    mut game: Game<R>,
    difficulty: Difficulty,
    report: Option<Report<R::Board>>,
    elapsed: Duration,
) -> ComputerMove {
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
    let mv = table.entry(&report.best).map(|e| MoveView::of::<R>(&table, e));
    let pv = notation_of_line(&before, mandatory, &report.pv);
    let _ = game.play(&report.best);
    let (score, score_kind) = score_view(report.score);
    ComputerMove {
        mv: mv.unwrap_or_else(|| unlisted_move::<R>(&report.best)),
        fen: game.position().to_fen(),
        side_to_move: game.position().side_to_move().name(),
        status: game.status().into(),
        difficulty,
        score,
        score_kind,
        depth: report.depth.get(),
        nodes: report.nodes,
        pv,
        elapsed,
        cached: false,
    }
}

/// A score as the API writes it: hundredths of a man, or with its kind, moves to a forced
/// result (negative for a loss).
pub(super) fn score_view(score: engine::Score) -> (i32, Option<ScoreKind>) {
    match score.outcome() {
        Outcome::Value(v) => (v, None),
        Outcome::WinIn(n) => (n as i32, Some(ScoreKind::WinIn)),
        Outcome::LossIn(n) => (-(n as i32), Some(ScoreKind::LossIn)),
    }
}

/// The view of a move that is not in its position's move table: cannot happen, since the
/// search only plays legal moves; shown from its squares rather than panicking.
pub(super) fn unlisted_move<R: Rules>(mv: &Move<R::Board>) -> MoveView {
    let name = |s: u8| super::views::Square(R::NAMING.name(s));
    MoveView {
        notation: compact_str::format_compact!("{}-{}", R::NAMING.name(mv.from), R::NAMING.name(mv.to)),
        from: name(mv.from),
        to: name(mv.to),
        path: [name(mv.from), name(mv.to)].into_iter().collect(),
        captures: mv.captures.map(name).collect(),
        promotes: mv.promotes,
    }
}

/// The notation of each move of `line`, played from `start`.
pub(super) fn notation_of_line<R: Rules>(start: &Position<R>, mandatory: bool, line: &[Move<R::Board>]) -> Vec<String> {
    let mut position = *start;
    let mut out = Vec::with_capacity(line.len());
    for mv in line {
        let table = MoveTable::new(&position, mandatory);
        let Some(entry) = table.entry(mv) else { break };
        out.push(table.notation(entry).into());
        position.play_unchecked(mv);
    }
    out
}
