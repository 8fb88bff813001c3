//! `ApiDoc`: the OpenAPI 3.1 document, generated from the handlers and DTOs. The committed copy
//! is `openapi/openapi.json` (regenerate: `cargo run --quiet -- openapi > openapi/openapi.json`).

use utoipa::OpenApi;

use super::dto;
use super::error::Problem;
use super::routes;

/// The service's OpenAPI document.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "draughts-api",
        description = "Checkers and draughts as a stateless HTTP service: legal moves, applying a move, game \
            outcomes, and a computer player at three levels. Games are described in full by every request (`fen` plus `moves`); errors are \
            `application/problem+json` with a stable `code`. Unknown JSON fields are rejected \
            (`invalid_json`) so that typos do not pass silently. Besides the codes listed per endpoint, any \
            endpoint may answer `404 not_found` (no such path), `405 method_not_allowed` (with `Allow`) \
            and `400 cors_rejected` (a cross-origin request from an origin not allowed by \
            `CORS_ALLOWED_ORIGINS`)."
    ),
    paths(
        routes::variants::list_variants,
        routes::variants::get_variant,
        routes::game::legal_moves,
        routes::game::apply_move,
        routes::ai::ai_move,
        routes::health::healthz,
        routes::health::readyz,
        routes::metrics::metrics,
    ),
    components(schemas(Problem, dto::GameBody, dto::ApplyMoveBody, dto::AiMoveBody, dto::RulesBody, dto::DrawBody)),
    tags(
        (name = "variants", description = "The variants and their rules"),
        (name = "games", description = "Legal moves, playing moves and the computer's moves"),
        (name = "operations", description = "Health, readiness and metrics"),
    )
)]
pub struct ApiDoc;

/// The document as pretty JSON, as committed in `openapi/openapi.json`.
pub fn document() -> String {
    ApiDoc::openapi().to_pretty_json().unwrap_or_default() + "\n"
}
