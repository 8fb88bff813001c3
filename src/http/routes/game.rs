//! `POST /v1/legal-moves` and `POST /v1/apply-move`: replay the game a request describes,
//! then list the legal moves or play one more.

use actix_web::web;

use crate::http::body::GameJson;
use crate::http::dto::{ApplyMoveBody, ApplyMoveResponse, CheckedGame, GameBody, LegalMovesResponse};
use crate::http::error::{ApiError, Problem};
use crate::http::json::JsonAnswer;
use crate::http::startup::AppState;

/// The legal moves and the status of the position reached by `fen` and `moves`.
#[utoipa::path(
    post, path = "/v1/legal-moves", tag = "games", request_body = GameBody,
    responses(
        (status = 200, description = "The position reached and its legal moves", body = LegalMovesResponse),
        (status = 400, description = "`invalid_json`, `invalid_fen`, `invalid_move_syntax` or `invalid_rules`",
            body = Problem, content_type = "application/problem+json",
            example = json!({"type": "about:blank", "title": "Invalid FEN", "status": 400, "code": "invalid_fen",
                "detail": "invalid FEN: \"51\" in the white pieces is not a playable square of this board"})),
        (status = 404, description = "`unknown_variant`", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "`payload_too_large`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_position`, `illegal_move`, `ambiguous_move`, `game_over` or `too_many_moves`",
            body = Problem, content_type = "application/problem+json",
            example = json!({"type": "about:blank", "title": "Illegal move", "status": 422, "code": "illegal_move",
                "detail": "moves[2]: 15-19 is not a legal move for black here; captures are mandatory",
                "legal_moves": ["15x22"], "move_index": 2})),
        (status = 429, description = "`rate_limited`", body = Problem, content_type = "application/problem+json")
    )
)]
pub async fn legal_moves(
    body: GameJson<GameBody>,
    state: web::Data<AppState>,
) -> Result<JsonAnswer<LegalMovesResponse>, ApiError> {
    let game =
        CheckedGame::new(&body.variant, body.fen.as_deref(), &body.moves, body.rules.as_ref(), state.config.max_moves)?;
    let request = game.request();
    state.metrics.game_request(request.variant, "legal_moves", body.moves.len());
    Ok(JsonAnswer(request.view_with(state.replay_cache.memo(), None)?.into()))
}

/// Plays `move` after the history; the new position, its status and the legal replies.
#[utoipa::path(
    post, path = "/v1/apply-move", tag = "games", request_body = ApplyMoveBody,
    responses(
        (status = 200, description = "The move played and the position after it", body = ApplyMoveResponse),
        (status = 400, description = "`invalid_json`, `invalid_fen`, `invalid_move_syntax` or `invalid_rules`",
            body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`unknown_variant`", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "`payload_too_large`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_position`, `illegal_move`, `ambiguous_move`, `game_over` or `too_many_moves`",
            body = Problem, content_type = "application/problem+json",
            example = json!({"type": "about:blank", "title": "Ambiguous move", "status": 422, "code": "ambiguous_move",
                "detail": "move: 22x6 is ambiguous; write the whole path to choose",
                "legal_moves": ["22x13x6", "22x15x6"]})),
        (status = 429, description = "`rate_limited`", body = Problem, content_type = "application/problem+json")
    )
)]
pub async fn apply_move(
    body: GameJson<ApplyMoveBody>,
    state: web::Data<AppState>,
) -> Result<JsonAnswer<ApplyMoveResponse>, ApiError> {
    let game =
        CheckedGame::new(&body.variant, body.fen.as_deref(), &body.moves, body.rules.as_ref(), state.config.max_moves)?;
    let request = game.request();
    state.metrics.game_request(request.variant, "apply_move", body.moves.len() + 1);
    let view = request.view_with(state.replay_cache.memo(), Some(&body.mv))?;
    let Some(played) = view.last_move.clone() else {
        return Err(ApiError::IllegalMove {
            detail: format!("move: {} could not be played", body.mv),
            legal_moves: Vec::new(),
            move_index: None,
        });
    };
    let answer = LegalMovesResponse::from(view);
    state.metrics.game_finished(&answer.status);
    Ok(JsonAnswer(ApplyMoveResponse {
        mv: played.into(),
        fen: answer.fen,
        side_to_move: answer.side_to_move,
        status: answer.status,
        moves: answer.moves,
    }))
}
