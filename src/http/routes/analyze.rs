//! `POST /v1/analyze`: the best moves of a position with their scores. The game is replayed
//! here; the analysis runs on the search pool, or comes from the cache.

use std::sync::Arc;

use actix_web::{post, web};

use crate::http::dto::AnalyzeBody;
use crate::http::error::{ApiError, GameErrors, Problem};
use crate::http::extract::GameInput;
use crate::http::pool;
use crate::http::state::AppState;
use crate::service::{self, Analysis, CachedAnswer, Difficulty};

/// The best moves of the position a game reaches, each with its score, the share of the points
/// it promises and its expected line.
#[utoipa::path(tag = "games", request_body = AnalyzeBody,
    responses(
        (status = 200, description = "The best moves, best first", body = Analysis),
        GameErrors,
        (status = 503, description = "`overloaded`: every search thread is busy and the queue is full; see `Retry-After`",
            body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait before retrying")))
    )
)]
#[post("/v1/analyze")]
pub async fn analyze(
    input: GameInput<AnalyzeBody>,
    state: web::Data<AppState>,
) -> Result<web::Json<Analysis>, ApiError> {
    state.metrics.game_request(input.game.variant, "analyze", input.game.moves.len());
    let analysis = service::prepare_analysis(&input.game, input.extra?, state.config.max_search)?;
    let key = analysis.key().clone();
    let hit = state.search_cache.get(&key);
    state.metrics.search_cache(hit.is_some());
    if let Some(CachedAnswer::Analysis(answer)) = hit {
        return Ok(web::Json(Analysis { cached: true, ..Analysis::clone(&answer) }));
    }
    // Dropping the ticket, when the client is gone, stops the analysis.
    let ticket = pool::submit(&state, move |cancel, endgames| analysis.run_with(cancel, endgames))?;
    let answer = pool::answer(ticket, "analysis").await?;
    state.metrics.search_done(
        input.game.variant,
        Difficulty::Hard,
        answer.nodes,
        answer.depth,
        answer.time_ms as f64 / 1000.0,
    );
    state.search_cache.insert(key, CachedAnswer::Analysis(Arc::new(answer.clone())));
    Ok(web::Json(answer))
}
