//! The review of a whole game: for every ply, the move played against the engine's best, the
//! scores before and after, the share of the points the move gave away and its class; then a
//! summary per side. A [`PreparedReview`] runs on one search thread, searching each position
//! of the game once, and hands each ply over as soon as it is known.

use core::sync::atomic::{AtomicBool, Ordering};
use core::time::Duration;
use std::time::Instant;

use serde::Serialize;
use utoipa::ToSchema;

use super::analysis::thousandths;
use super::budget::Budget;
use super::computer::{score_view, ScoreKind};
use super::levels::Difficulty;
use super::replay::ReplayError;
use super::views::StatusView;
use crate::engine::endgame::Endgames;
use crate::engine::{self, expected_score, Depth, Limits, Score};
use crate::rules::notation::move_text::MoveTable;
use crate::rules::{Color, Game, Move, Rules, Status};

/// The time each position of a review is searched when the request does not say, in
/// milliseconds.
pub const DEFAULT_MOVE_MS: u64 = 100;

/// The most time one review may take, and one search of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewLimits {
    /// The longest one position may be searched (`MAX_SEARCH_MS`).
    pub max_search: Duration,
    /// The longest the whole review may take: every position's time added up.
    pub max_total: Duration,
}

/// A review whose positions, each searched for the time asked, would take longer than its
/// limit allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewTooLong {
    /// The positions the review would search: one more than the moves.
    pub positions: usize,
    /// The time asked for each.
    pub per_position: Duration,
    /// The longest the review may take.
    pub max_total: Duration,
}

/// Why a game cannot be reviewed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewError {
    /// The game cannot be replayed.
    Replay(ReplayError),
    /// The review would take longer than its limit allows.
    TooLong(ReviewTooLong),
}

impl From<ReplayError> for ReviewError {
    fn from(error: ReplayError) -> ReviewError {
        ReviewError::Replay(error)
    }
}

impl From<ReviewTooLong> for ReviewError {
    fn from(error: ReviewTooLong) -> ReviewError {
        ReviewError::TooLong(error)
    }
}

/// The time each of `positions` positions is searched: the request's time (capped by
/// `max_search`), refused when all of them would take longer than `max_total`; else the
/// default ([`DEFAULT_MOVE_MS`], or `max_search` when a depth is asked), shortened so that all
/// of them fit in `max_total` (at least a millisecond).
pub fn time_per_position(budget: Budget, positions: usize, limits: ReviewLimits) -> Result<Duration, ReviewTooLong> {
    let positions_u32 = u32::try_from(positions.max(1)).unwrap_or(u32::MAX);
    match budget.time {
        Some(asked) => {
            let per_position = asked.min(limits.max_search);
            if per_position.saturating_mul(positions_u32) > limits.max_total {
                return Err(ReviewTooLong { positions, per_position, max_total: limits.max_total });
            }
            Ok(per_position)
        }
        None => {
            let default = budget.time_within(Duration::from_millis(DEFAULT_MOVE_MS), limits.max_search);
            Ok(default.min(limits.max_total / positions_u32).max(Duration::from_millis(1)))
        }
    }
}

/// The expected-score loss below which a move is `best`, `good`, an `inaccuracy` and a
/// `mistake`; from this last one on it is a `blunder` (docs/api.md, "Review").
pub const CLASS_LIMITS: [f64; 4] = [0.01, 0.05, 0.10, 0.20];

/// How good a move was, by the share of the points it gave away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MoveClass {
    /// The engine's move, or within 0.01 of it.
    Best,
    /// Gave away less than 0.05.
    Good,
    /// Gave away from 0.05 to 0.10.
    Inaccuracy,
    /// Gave away from 0.10 to 0.20.
    Mistake,
    /// Gave away 0.20 or more.
    Blunder,
}

impl MoveClass {
    /// The class of a move that gave away `loss` of the points; the engine's own move is
    /// always `best`.
    pub fn of(loss: f64, engines_move: bool) -> MoveClass {
        let classes = [MoveClass::Best, MoveClass::Good, MoveClass::Inaccuracy, MoveClass::Mistake];
        if engines_move {
            return MoveClass::Best;
        }
        CLASS_LIMITS.iter().zip(classes).find(|(limit, _)| loss < **limit).map_or(MoveClass::Blunder, |(_, c)| c)
    }
}

/// One ply of a reviewed game.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct PlyReview {
    /// The ply's place in `moves`, from 0.
    pub ply: usize,
    /// `white` or `black`: who played it.
    pub side: &'static str,
    /// The move played, in notation.
    #[serde(rename = "move")]
    pub played: String,
    /// The engine's best move there, in notation.
    pub best: String,
    /// The position's score for the side that played, before the move (the engine's best):
    /// hundredths of a man, or with `score_before_kind`, moves to a forced result.
    pub score_before: i32,
    /// Present when `score_before` is a forced result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score_before_kind: Option<ScoreKind>,
    /// The score for the same side after the move played.
    pub score_after: i32,
    /// Present when `score_after` is a forced result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score_after_kind: Option<ScoreKind>,
    /// The share of the points the side could expect before the move (0 to 1).
    pub expected_before: f64,
    /// The share it can expect after the move played.
    pub expected_after: f64,
    /// What the move gave away: `expected_before - expected_after`, at least 0.
    pub expected_loss: f64,
    /// The move's class.
    pub class: MoveClass,
    /// The depth the position before the move was searched to.
    pub depth: u32,
}

/// The review of one side's moves.
#[derive(Clone, Debug, Default, PartialEq, Serialize, ToSchema)]
pub struct SideReview {
    /// Moves reviewed.
    pub moves: usize,
    /// Moves of each class.
    pub best: usize,
    /// `good` moves.
    pub good: usize,
    /// `inaccuracy` moves.
    pub inaccuracies: usize,
    /// `mistake` moves.
    pub mistakes: usize,
    /// `blunder` moves.
    pub blunders: usize,
    /// The mean expected-score loss per move (0 when there is none).
    pub average_loss: f64,
}

impl SideReview {
    fn add(&mut self, ply: &PlyReview) {
        let count = match ply.class {
            MoveClass::Best => &mut self.best,
            MoveClass::Good => &mut self.good,
            MoveClass::Inaccuracy => &mut self.inaccuracies,
            MoveClass::Mistake => &mut self.mistakes,
            MoveClass::Blunder => &mut self.blunders,
        };
        *count += 1;
        self.average_loss = (self.average_loss * self.moves as f64 + ply.expected_loss) / (self.moves + 1) as f64;
        self.moves += 1;
    }
}

/// The summary of a review: each side's moves, and where the game stands.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct ReviewSummary {
    /// White's moves.
    pub white: SideReview,
    /// Black's moves.
    pub black: SideReview,
    /// Where the game stands after the last move.
    pub status: StatusView,
    /// Whether every ply was reviewed (false when the review was stopped early).
    pub complete: bool,
    /// Time the review took, in milliseconds.
    pub time_ms: u64,
}

/// `review`: the game, ply by ply, and the summary.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct Review {
    /// Every ply, in order.
    pub plies: Vec<PlyReview>,
    /// Each side's moves and the game's status.
    pub summary: ReviewSummary,
}

/// A review waiting for a thread: run with the cancel flag, the endgame databases, and where
/// each ply goes as soon as it is known (`false` back from it stops the review).
type ReviewJob = dyn FnOnce(&AtomicBool, &Endgames, &mut dyn FnMut(&PlyReview) -> bool) -> Review + Send;

/// A checked review request, ready to run on any thread.
pub struct PreparedReview {
    job: Box<ReviewJob>,
}

impl PreparedReview {
    /// A review of every move of `game`, each position searched within `budget` and the
    /// whole within `limits` ([`time_per_position`]).
    pub(super) fn new<R: Rules>(
        game: Game<R>,
        budget: Budget,
        limits: ReviewLimits,
    ) -> Result<PreparedReview, ReviewTooLong> {
        let max_depth = budget.depth.unwrap_or(Difficulty::Hard.level().max_depth);
        let per_position = time_per_position(budget, game.moves().len() + 1, limits)?;
        Ok(PreparedReview {
            job: Box::new(move |cancel, endgames, each| review(&game, per_position, max_depth, cancel, endgames, each)),
        })
    }

    /// Runs the review, handing each ply to `each` as soon as it is known; stops early when
    /// `cancel` is set or `each` answers `false`.
    pub fn run_with(
        self,
        cancel: &AtomicBool,
        endgames: &Endgames,
        each: &mut dyn FnMut(&PlyReview) -> bool,
    ) -> Review {
        (self.job)(cancel, endgames, each)
    }
}

/// The engine's view of one position of the game: its best move and score for the side to
/// move, and the depth reached.
struct Judged<W: crate::rules::bitboard::Word> {
    best: Option<Move<W>>,
    score: Score,
    depth: u32,
}

/// Searches the position `game` has reached, or scores it by its status when it is over.
fn judge<R: Rules>(game: &Game<R>, limits: &Limits) -> Judged<R::Board> {
    match game.status() {
        Status::Ongoing => match engine::search(game, limits) {
            Some(report) => Judged { best: Some(report.best), score: report.score, depth: report.depth.get() },
            None => Judged { best: None, score: Score::ZERO, depth: 0 },
        },
        Status::Win { winner, .. } if winner == game.position().side_to_move() => {
            Judged { best: None, score: Score::win_in_plies(0), depth: 0 }
        }
        Status::Win { .. } => Judged { best: None, score: -Score::win_in_plies(0), depth: 0 },
        Status::Draw(_) => Judged { best: None, score: Score::ZERO, depth: 0 },
    }
}

/// Replays `game` from its start, searching each position once, and reviews every ply.
fn review<R: Rules>(
    game: &Game<R>,
    budget: Duration,
    max_depth: Depth,
    cancel: &AtomicBool,
    endgames: &Endgames,
    each: &mut dyn FnMut(&PlyReview) -> bool,
) -> Review {
    let started = Instant::now();
    let mut replay = Game::with_room(*game.start(), *game.rules(), game.moves().len());
    let limits = |now: Instant| Limits {
        max_depth,
        deadline: now + budget,
        cancel,
        noise: 0,
        seed: 0,
        table: Difficulty::Hard.level().table,
        endgames: Some(endgames),
        score_matters: true,
    };
    let (mut white, mut black) = (SideReview::default(), SideReview::default());
    let mut plies = Vec::with_capacity(game.moves().len());
    let mut before = judge(&replay, &limits(Instant::now()));
    for (ply, played) in game.moves().iter().enumerate() {
        if cancel.load(Ordering::Relaxed) {
            break;
        }
        let mover = replay.position().side_to_move();
        let table = MoveTable::of_game(&replay);
        let notation = |mv: &Move<R::Board>| table.entry(mv).map_or_else(String::new, |e| table.notation(e).into());
        let (played_text, best_text) = (notation(played), before.best.as_ref().map_or_else(String::new, notation));
        if replay.play(played).is_err() {
            break;
        }
        let after = judge(&replay, &limits(Instant::now()));
        let engines_move = before.best.as_ref() == Some(played);
        // The engine's own move keeps its score; any other is scored by the search after it.
        let score_after = if engines_move { before.score } else { -after.score };
        let expected_before = expected_score::<R>(before.score);
        let expected_after = expected_score::<R>(score_after);
        let loss = (expected_before - expected_after).max(0.0);
        let (score_before, score_before_kind) = score_view(before.score);
        let (score_after, score_after_kind) = score_view(score_after);
        let reviewed = PlyReview {
            ply,
            side: mover.name(),
            played: played_text,
            best: best_text,
            score_before,
            score_before_kind,
            score_after,
            score_after_kind,
            expected_before: thousandths(expected_before),
            expected_after: thousandths(expected_after),
            expected_loss: thousandths(loss),
            class: MoveClass::of(loss, engines_move),
            depth: before.depth,
        };
        match mover {
            Color::White => white.add(&reviewed),
            Color::Black => black.add(&reviewed),
        }
        let go_on = each(&reviewed);
        plies.push(reviewed);
        if !go_on {
            break;
        }
        before = after;
    }
    white.average_loss = thousandths(white.average_loss);
    black.average_loss = thousandths(black.average_loss);
    let summary = ReviewSummary {
        white,
        black,
        status: game.status().into(),
        complete: plies.len() == game.moves().len(),
        time_ms: started.elapsed().as_millis() as u64,
    };
    Review { plies, summary }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reviews_time_is_asked_and_refused_over_the_limit_or_defaulted_and_shortened_to_fit() {
        let ms = Duration::from_millis;
        let limits = ReviewLimits { max_search: ms(5000), max_total: ms(30_000) };
        let asked = |time, depth| Budget { time: Some(ms(time)), depth };
        assert_eq!(time_per_position(asked(200, None), 101, limits), Ok(ms(200)));
        assert_eq!(
            time_per_position(asked(5000, None), 1001, limits),
            Err(ReviewTooLong { positions: 1001, per_position: ms(5000), max_total: ms(30_000) })
        );
        assert_eq!(time_per_position(asked(9000, None), 6, limits), Ok(ms(5000)), "capped by the search's limit");
        assert!(time_per_position(asked(9000, None), 7, limits).is_err());
        assert_eq!(time_per_position(Budget::default(), 101, limits), Ok(ms(DEFAULT_MOVE_MS)));
        assert_eq!(time_per_position(Budget::default(), 1001, limits), Ok(ms(30_000) / 1001), "shortened to fit 30 s");
        let depth = Budget { time: None, depth: Some(Depth::plies(12)) };
        assert_eq!(time_per_position(depth, 3, limits), Ok(ms(5000)));
        assert_eq!(time_per_position(depth, 60, limits), Ok(ms(500)));
        let tiny = ReviewLimits { max_search: ms(5000), max_total: ms(10) };
        assert_eq!(time_per_position(Budget::default(), 1001, tiny), Ok(ms(1)), "at least a millisecond");
    }

    #[test]
    fn classes_follow_the_documented_limits() {
        assert_eq!(MoveClass::of(0.0, false), MoveClass::Best);
        assert_eq!(MoveClass::of(0.3, true), MoveClass::Best);
        assert_eq!(MoveClass::of(0.01, false), MoveClass::Good);
        assert_eq!(MoveClass::of(0.05, false), MoveClass::Inaccuracy);
        assert_eq!(MoveClass::of(0.10, false), MoveClass::Mistake);
        assert_eq!(MoveClass::of(0.1999, false), MoveClass::Mistake);
        assert_eq!(MoveClass::of(0.20, false), MoveClass::Blunder);
    }
}
