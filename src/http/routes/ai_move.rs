//! `POST /v1/ai-move`: the computer's move, through the service's one door to the computer.

use actix_web::{post, web};

use crate::http::dto::AiMoveBody;
use crate::http::error::{ApiError, BodyErrors, GameErrors, OverloadedError};
use crate::http::extract::GameInput;
use crate::http::state::AppState;
use crate::service::{AiMove, AiMoveAsk};

/// The move the computer plays at a level, on a clock or not, and the position after it.
#[utoipa::path(tag = "games", request_body = AiMoveBody,
    responses(
        (status = 200, description = "The computer's move and the position after it", body = AiMove),
        GameErrors,
        BodyErrors,
        OverloadedError
    )
)]
#[post("/v1/ai-move")]
pub async fn ai_move(input: GameInput<AiMoveBody>, state: web::Data<AppState>) -> Result<web::Json<AiMove>, ApiError> {
    state.metrics.game_request(input.game.variant, "ai_move", input.game.moves.len());
    let answer = state.searches.run(&input.game, AiMoveAsk(input.extra?)).await?;
    state.metrics.game_finished(&answer.status);
    Ok(web::Json(answer))
}
