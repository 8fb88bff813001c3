//! `POST /v1/review`: every move of a game judged against the engine's. The review runs on one
//! search thread; when `Accept` prefers `application/x-ndjson` to JSON, each ply is sent as soon
//! as it is known.

use std::convert::Infallible;

use actix_web::web::Bytes;
use actix_web::{post, web, HttpRequest, HttpResponse};
use serde::Serialize;

use crate::http::dto::ReviewBody;
use crate::http::error::{ApiError, GameErrors, Problem};
use crate::http::extract::GameInput;
use crate::http::pool;
use crate::http::state::AppState;
use crate::service::{self, PlyReview, Review, ReviewLimits, ReviewSummary};

use super::prefers_to_json;

/// The media type of a streamed review: one JSON object a line.
const NDJSON: &str = "application/x-ndjson";

/// Plies a streamed review may have sent and the client not yet read before the search waits.
const STREAM_ROOM: usize = 16;

/// One line of a streamed review: a ply, or (last) the summary.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum ReviewLine<'a> {
    /// A ply, as soon as it is known.
    Ply(&'a PlyReview),
    /// Each side's moves and the game's status, after the last ply.
    Summary(&'a ReviewSummary),
}

impl ReviewLine<'_> {
    /// The line as bytes, ending with a line feed.
    fn to_bytes(&self) -> Bytes {
        let mut line = serde_json::to_vec(self).unwrap_or_default();
        line.push(b'\n');
        Bytes::from(line)
    }
}

/// Every move of a game judged: the move played against the engine's best, the scores before
/// and after, the share of the points it gave away and its class; then a summary per side. One
/// JSON document, or with `Accept: application/x-ndjson`, one line per ply as soon as it is
/// known (`{"type": "ply", …}`) and the summary last (`{"type": "summary", …}`).
#[utoipa::path(tag = "games", request_body = ReviewBody,
    responses(
        (status = 200, description = "The review: one document, or with `Accept: application/x-ndjson` a line per \
            ply and the summary last",
            content((Review = "application/json"), (String = "application/x-ndjson"))),
        GameErrors,
        (status = 503, description = "`overloaded`: every search thread is busy and the queue is full; see `Retry-After`",
            body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait before retrying")))
    )
)]
#[post("/v1/review")]
pub async fn review(
    request: HttpRequest,
    input: GameInput<ReviewBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.metrics.game_request(input.game.variant, "review", input.game.moves.len());
    let stream = prefers_to_json(&request, NDJSON);
    let prepared = service::prepare_review(&input.game, input.extra?, review_limits(&state, stream))?;
    if stream {
        let (sender, receiver) = tokio::sync::mpsc::channel::<Bytes>(STREAM_ROOM);
        let ticket = pool::submit(&state, move |cancel, endgames| {
            let mut each = |ply: &PlyReview| sender.blocking_send(ReviewLine::Ply(ply).to_bytes()).is_ok();
            let review = prepared.run_with(cancel, endgames, &mut each);
            let _ = sender.blocking_send(ReviewLine::Summary(&review.summary).to_bytes());
        })?;
        // The stream holds the ticket; when the client goes away, the connection is dropped
        // with the stream, and with it the ticket, which stops the review.
        let lines = futures_util::stream::unfold((receiver, ticket), |(mut receiver, ticket)| async move {
            let line = receiver.recv().await;
            line.map(|line| (Ok::<_, Infallible>(line), (receiver, ticket)))
        });
        return Ok(HttpResponse::Ok().content_type(NDJSON).streaming(lines));
    }
    let ticket = pool::submit(&state, move |cancel, endgames| prepared.run_with(cancel, endgames, &mut |_| true))?;
    let review: Review = pool::answer(ticket, "review").await?;
    Ok(HttpResponse::Ok().json(review))
}

/// The most a review may take: `MAX_REVIEW_MS`; answered as one document, also nine tenths of
/// `ANSWER_TIMEOUT_MS`, the rest left for the wait for a thread and the last search's overrun.
fn review_limits(state: &AppState, stream: bool) -> ReviewLimits {
    let config = &state.config;
    let max_total = if stream { config.max_review } else { config.max_review.min(config.timeouts.answer * 9 / 10) };
    ReviewLimits { max_search: config.max_search, max_total }
}
