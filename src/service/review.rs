//! The review of a whole game (`POST /v1/review`): for every ply, the move played against the
//! engine's best, the scores before and after, the share of the points the move gave away and
//! its class; then a summary per side. [`ReviewAsk`] asks for it as one document,
//! [`ReviewStreamAsk`] as a stream of its lines ([`ReviewStream`]); through the one door
//! ([`super::Searches`]) it runs on one search thread, searching each position once, within the
//! budget its plan checked before it started ([`SearchPlan::review`]). Reviews are not cached.

use core::pin::Pin;
use core::task::{Context, Poll};
use core::time::Duration;
use std::time::Instant;

use serde::Serialize;
use tokio::sync::mpsc;
use utoipa::ToSchema;

use super::analysis::thousandths;
use super::delivery::{Delivery, WholeAnswer};
use super::search_error::SearchError;
use super::search_kind::SearchKind;
use super::search_plan::{Budget, SearchLimits, SearchPlan};
use super::search_pool::SearchTicket;
use super::search_thread::SearchThread;
use super::search_views::{score_view, ScoreKind};
use super::searches::{Ask, Prepared};
use super::views::StatusView;
use crate::engine::{expected_score, Score};
use crate::rules::notation::move_text::MoveTable;
use crate::rules::{Color, Game, Move, Rules, Status};

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

/// Plies a streamed review may have sent and the client not yet read before the search waits.
const STREAM_ROOM: usize = 16;

/// One line of a streamed review: a ply, or (last) the summary.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ReviewLine {
    /// A ply, as soon as it is known.
    Ply(PlyReview),
    /// Each side's moves and the game's status, after the last ply.
    Summary(ReviewSummary),
}

/// A review, streamed: its lines as they are known. Dropping it stops the review.
pub struct ReviewStream {
    lines: mpsc::Receiver<ReviewLine>,
    _ticket: SearchTicket<()>,
}

impl futures_core::Stream for ReviewStream {
    type Item = ReviewLine;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<ReviewLine>> {
        self.lines.poll_recv(cx)
    }
}

/// A review answered as one document, once every ply is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewAsk(pub Budget);

/// A review streamed ply by ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewStreamAsk(pub Budget);

/// The plan of each search of a review of `game` within `budget`, the whole within `max_total`.
fn plan<R: Rules>(
    game: &Game<R>,
    budget: Budget,
    max_total: Duration,
    limits: &SearchLimits,
) -> Result<SearchPlan, SearchError> {
    SearchPlan::review(budget, game.moves().len() + 1, max_total, limits).map_err(SearchError::ReviewTooLong)
}

impl Ask for ReviewAsk {
    type Delivery = WholeAnswer<Review>;

    fn prepare<R: Rules>(self, game: Game<R>, limits: &SearchLimits) -> Result<Prepared<Self::Delivery>, SearchError> {
        let plan = plan(&game, self.0, limits.max_review_document, limits)?;
        Ok(Prepared {
            kind: SearchKind::Review,
            key: None,
            job: Box::new(move |thread| review(&game, &plan, thread, &mut |_| true)),
            waiting: (),
        })
    }
}

impl Delivery for ReviewStream {
    type Output = ();
    type Waiting = mpsc::Receiver<ReviewLine>;
    type Answer = ReviewStream;

    async fn receive(
        _: SearchKind,
        lines: mpsc::Receiver<ReviewLine>,
        ticket: SearchTicket<()>,
    ) -> Result<ReviewStream, SearchError> {
        Ok(ReviewStream { lines, _ticket: ticket })
    }
}

impl Ask for ReviewStreamAsk {
    type Delivery = ReviewStream;

    fn prepare<R: Rules>(self, game: Game<R>, limits: &SearchLimits) -> Result<Prepared<Self::Delivery>, SearchError> {
        let plan = plan(&game, self.0, limits.max_review, limits)?;
        let (sender, receiver) = mpsc::channel(STREAM_ROOM);
        Ok(Prepared {
            kind: SearchKind::Review,
            key: None,
            job: Box::new(move |thread| {
                let mut each = |ply: &PlyReview| sender.blocking_send(ReviewLine::Ply(ply.clone())).is_ok();
                let review = review(&game, &plan, thread, &mut each);
                let _ = sender.blocking_send(ReviewLine::Summary(review.summary));
            }),
            waiting: receiver,
        })
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
fn judge<R: Rules>(game: &Game<R>, plan: &SearchPlan, thread: &SearchThread) -> Judged<R::Board> {
    match game.status() {
        Status::Ongoing => match thread.search(game, plan) {
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

/// Walks `game` from its start, searching each position once as `plan` says, and reviews
/// every ply, handing each to `each` as soon as it is known (`false` back stops the review).
fn review<R: Rules>(
    game: &Game<R>,
    plan: &SearchPlan,
    thread: &SearchThread,
    each: &mut dyn FnMut(&PlyReview) -> bool,
) -> Review {
    let started = Instant::now();
    let mut walk = Game::with_room(*game.start(), *game.rules(), game.moves().len());
    let (mut white, mut black) = (SideReview::default(), SideReview::default());
    let mut plies = Vec::with_capacity(game.moves().len());
    let mut before = judge(&walk, plan, thread);
    for (ply, played) in game.moves().iter().enumerate() {
        if thread.cancelled() {
            break;
        }
        let mover = walk.position().side_to_move();
        let table = MoveTable::of_game(&walk);
        let notation = |mv: &Move<R::Board>| table.entry(mv).map_or_else(String::new, |e| table.notation(e).into());
        let (played_text, best_text) = (notation(played), before.best.as_ref().map_or_else(String::new, notation));
        if walk.play(played).is_err() {
            break;
        }
        let after = judge(&walk, plan, thread);
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
