//! `POST /v1/legal-moves` and `POST /v1/apply-move`: the position a game reaches and its legal
//! moves, or one more move played.

use actix_web::post;
use actix_web::web::{Data, Json};

use crate::http::dto::{ApplyMoveBody, LegalMovesBody};
use crate::http::error::{ApiError, BodyErrors, GameErrors};
use crate::http::extract::GameInput;
use crate::http::state::AppState;
use crate::service::{self, AppliedMove, LegalMoves};

/// The legal moves and the status of the position a game reaches.
///
/// The game is its start (`fen`, or the variant's start position) and the moves played from it
/// (`moves`).
#[utoipa::path(tag = "games", request_body = LegalMovesBody,
    responses((status = 200, description = "The position reached and its legal moves", body = LegalMoves), GameErrors, BodyErrors))]
#[post("/v1/legal-moves")]
pub async fn legal_moves(
    input: GameInput<LegalMovesBody>,
    state: Data<AppState>,
) -> Result<Json<LegalMoves>, ApiError> {
    state.metrics.game_request(input.game.variant, "legal_moves", input.game.moves.len());
    Ok(Json(service::legal_moves(&input.game)?))
}

/// Plays one more move: the move, the new position, its status and the legal replies.
///
/// The move is `move`, played after the history (`fen` and `moves`).
#[utoipa::path(tag = "games", request_body = ApplyMoveBody,
    responses((status = 200, description = "The move played and the position after it", body = AppliedMove), GameErrors, BodyErrors))]
#[post("/v1/apply-move")]
pub async fn apply_move(input: GameInput<ApplyMoveBody>, state: Data<AppState>) -> Result<Json<AppliedMove>, ApiError> {
    state.metrics.game_request(input.game.variant, "apply_move", input.game.moves.len() + 1);
    let applied = service::apply_move(&input.game, &input.extra)?;
    state.metrics.game_finished(&applied.position.status);
    Ok(Json(applied))
}
