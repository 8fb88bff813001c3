//! `POST /v1/review`: every move of a game judged against the engine's, through the service's
//! one door to the computer; when `Accept` prefers `application/x-ndjson` to JSON, each ply is
//! sent as soon as it is known.

use std::convert::Infallible;

use actix_web::web::Bytes;
use actix_web::{post, web, HttpRequest, HttpResponse};
use futures_util::StreamExt;

use crate::http::dto::ReviewBody;
use crate::http::error::{ApiError, BodyErrors, GameErrors, OverloadedError};
use crate::http::extract::GameInput;
use crate::http::state::AppState;
use crate::service::{Review, ReviewAsk, ReviewLine, ReviewStreamAsk};

use super::prefers_to_json;

/// The media type of a streamed review: one JSON object a line.
const NDJSON: &str = "application/x-ndjson";

/// Every move of a game judged against the engine's best, and a summary per side.
///
/// Each ply gives the move played against the engine's best, the scores before and after, the
/// share of the points it gave away and its class; then a summary per side. One JSON document,
/// or with `Accept: application/x-ndjson`, one line per ply as soon as it is known
/// (`{"type": "ply", …}`) and the summary last (`{"type": "summary", …}`).
#[utoipa::path(tag = "games", request_body = ReviewBody,
    responses(
        (status = 200, description = "The review: one document, or with `Accept: application/x-ndjson` a line per \
            ply and the summary last",
            content((Review = "application/json"), (String = "application/x-ndjson"))),
        GameErrors,
        BodyErrors,
        OverloadedError
    )
)]
#[post("/v1/review")]
pub async fn review(
    request: HttpRequest,
    input: GameInput<ReviewBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.metrics.game_request(input.game.variant, "review", input.game.moves.len());
    let budget = input.extra?;
    if prefers_to_json(&request, NDJSON) {
        // The stream holds the review: when the client goes away, the connection is dropped
        // with the stream, which stops the review.
        let lines = state.searches.run(&input.game, ReviewStreamAsk(budget)).await?;
        return Ok(HttpResponse::Ok()
            .content_type(NDJSON)
            .streaming(lines.map(|line| Ok::<_, Infallible>(ndjson(&line)))));
    }
    Ok(HttpResponse::Ok().json(state.searches.run(&input.game, ReviewAsk(budget)).await?))
}

/// A line of a streamed review as bytes, ending with a line feed.
fn ndjson(line: &ReviewLine) -> Bytes {
    let mut bytes = serde_json::to_vec(line).unwrap_or_default();
    bytes.push(b'\n');
    Bytes::from(bytes)
}
