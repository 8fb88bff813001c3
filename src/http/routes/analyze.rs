//! `POST /v1/analyze`: the best moves of a position with their scores, through the service's
//! one door to the computer.

use actix_web::{post, web};

use crate::http::dto::AnalyzeBody;
use crate::http::error::{ApiError, BodyErrors, GameErrors, OverloadedError};
use crate::http::extract::GameInput;
use crate::http::state::AppState;
use crate::service::{Analysis, AnalysisAsk};

/// The best moves of the position a game reaches, each with its score, the share of the points
/// it promises and its expected line.
#[utoipa::path(tag = "games", request_body = AnalyzeBody,
    responses(
        (status = 200, description = "The best moves, best first", body = Analysis),
        GameErrors,
        BodyErrors,
        OverloadedError
    )
)]
#[post("/v1/analyze")]
pub async fn analyze(
    input: GameInput<AnalyzeBody>,
    state: web::Data<AppState>,
) -> Result<web::Json<Analysis>, ApiError> {
    state.metrics.game_request(input.game.variant, "analyze", input.game.moves.len());
    Ok(web::Json(state.searches.run(&input.game, AnalysisAsk(input.extra?)).await?))
}
