//! `POST /v1/ai-move`: the computer's move. The game is replayed here (microseconds); the
//! search runs on the search pool, or comes from the cache.

use std::sync::Arc;

use actix_web::{web, HttpRequest};

use crate::engine::request::AiRequest;
use crate::http::client_gone::PeerSocket;
use crate::http::dto::{AiMoveBody, AiMoveResponse, CheckedGame};
use crate::http::error::{ApiError, Problem};
use crate::http::startup::AppState;

/// Seconds a refused client is asked to wait.
const RETRY_AFTER_SECONDS: u64 = 1;

/// The move the computer plays at a difficulty, and the position after it.
#[utoipa::path(
    post, path = "/v1/ai-move", tag = "games", request_body = AiMoveBody,
    responses(
        (status = 200, description = "The computer's move and the position after it", body = AiMoveResponse),
        (status = 400, description = "`invalid_json`, `invalid_fen`, `invalid_move_syntax` or `invalid_rules`",
            body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`unknown_variant`", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "`payload_too_large`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_position`, `illegal_move`, `ambiguous_move`, `game_over` or `too_many_moves`",
            body = Problem, content_type = "application/problem+json",
            example = json!({"type": "about:blank", "title": "Game over", "status": 422, "code": "game_over",
                "detail": "the game is over: white has won; there is no move to make"})),
        (status = 429, description = "`rate_limited`", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`overloaded`: every search thread is busy and the queue is full; see `Retry-After`",
            body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait before retrying")))
    )
)]
pub async fn ai_move(
    request: HttpRequest,
    body: web::Json<AiMoveBody>,
    state: web::Data<AppState>,
) -> Result<web::Json<AiMoveResponse>, ApiError> {
    let game =
        CheckedGame::new(&body.variant, body.fen.as_deref(), &body.moves, body.rules.as_ref(), state.config.max_moves)?;
    state.metrics.game_request(game.request().variant, "ai_move", body.moves.len());
    let ai = AiRequest {
        game: game.request(),
        difficulty: body.difficulty.into(),
        time_ms: body.time_ms.map(u64::from),
        max_depth: None,
        seed: body.seed.map(u64::from),
    };
    let search = ai.prepare(state.config.max_search)?;
    let key = search.key().cloned();
    if let Some(key) = &key {
        let hit = state.search_cache.get(key);
        state.metrics.search_cache(hit.is_some());
        if let Some(answer) = hit {
            return Ok(web::Json(AiMoveResponse::new(&answer, true)));
        }
    }
    let (variant, difficulty) = (search.variant(), search.difficulty());
    let ticket = state.search_pool.submit(search).map_err(|_| {
        state.metrics.search_rejected();
        ApiError::Overloaded { retry_after: RETRY_AFTER_SECONDS }
    })?;
    // Dropping the ticket, when the client is gone, stops the search.
    let answer = match request.conn_data::<PeerSocket>() {
        Some(peer) => tokio::select! {
            answer = ticket.answer() => answer,
            () = peer.closed() => return Err(ApiError::ClientGone),
        },
        None => ticket.answer().await,
    };
    let answer = answer.ok_or_else(|| ApiError::Internal("the search failed".to_owned()))?;
    state.metrics.search_done(variant, difficulty, answer.nodes, answer.depth, answer.elapsed.as_secs_f64());
    let response = AiMoveResponse::new(&answer, false);
    state.metrics.game_finished(&response.status);
    if let Some(key) = key {
        state.search_cache.insert(key, Arc::new(answer));
    }
    Ok(web::Json(response))
}
