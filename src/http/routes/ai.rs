//! `POST /v1/ai-move`: the computer's move. The game is replayed here (microseconds); the
//! search runs on the search pool, or comes from the cache.

use std::sync::Arc;

use actix_web::{post, web};

use crate::http::dto::AiMoveBody;
use crate::http::error::{ApiError, GameErrors, Problem};
use crate::http::extract::GameInput;
use crate::http::pool;
use crate::http::state::AppState;
use crate::service::{self, CachedAnswer, ComputerMove};

/// The move the computer plays at a difficulty, and the position after it.
#[utoipa::path(tag = "games", request_body = AiMoveBody,
    responses(
        (status = 200, description = "The computer's move and the position after it", body = ComputerMove),
        GameErrors,
        (status = 503, description = "`overloaded`: every search thread is busy and the queue is full; see `Retry-After`",
            body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait before retrying")))
    )
)]
#[post("/v1/ai-move")]
pub async fn ai_move(
    input: GameInput<AiMoveBody>,
    state: web::Data<AppState>,
) -> Result<web::Json<ComputerMove>, ApiError> {
    state.metrics.game_request(input.game.variant, "ai_move", input.game.moves.len());
    let search = service::prepare_search(&input.game, input.extra, state.config.max_search)?;
    let key = search.key().cloned();
    if let Some(key) = &key {
        let hit = state.search_cache.get(key);
        state.metrics.search_cache(hit.is_some());
        if let Some(CachedAnswer::Move(answer)) = hit {
            return Ok(web::Json(ComputerMove { cached: true, ..ComputerMove::clone(&answer) }));
        }
    }
    let (variant, difficulty) = (search.variant(), search.difficulty());
    let ticket = pool::submit(&state, move |cancel, endgames| search.run_with(cancel, endgames))?;
    let answer = pool::answer(ticket, "search").await?;
    state.metrics.search_done(variant, difficulty, answer.nodes, answer.depth, answer.elapsed.as_secs_f64());
    state.metrics.game_finished(&answer.status);
    if let Some(key) = key {
        state.search_cache.insert(key, CachedAnswer::Move(Arc::new(answer.clone())));
    }
    Ok(web::Json(answer))
}
