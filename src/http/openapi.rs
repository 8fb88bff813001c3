//! The OpenAPI 3.1 document: the description, tags and shared schemas declared here, the
//! paths collected from the routes themselves ([`super::routes::configure`]). The committed
//! copy is `openapi/openapi.json` (regenerate: `cargo run --quiet -- openapi > openapi/openapi.json`).

use actix_web::App;
use utoipa::OpenApi;
use utoipa_actix_web::AppExt;

use super::error::Problem;
use super::routes;

/// The parts of the document that are not paths.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "draughts-api",
        description = "Checkers and draughts as a stateless HTTP service: legal moves, applying a move, game \
            outcomes, a computer player at three levels, and game records in PDN (read and written). Games are described in full by every request (`fen` plus `moves`); errors are \
            `application/problem+json` with a stable `code`. Unknown JSON fields are rejected \
            (`invalid_json`) so that typos do not pass silently. The schemas state every bound the server \
            checks (ranges, lengths, the forms of a FEN and of move text as patterns): a request of the \
            schemas' form is never answered 400: it is refused only for what it means (404, 422), or by the \
            limits of size and load (413, 429, 503). Besides the codes listed per endpoint, any \
            endpoint may answer `404 not_found` (no such path), `405 method_not_allowed` (with `Allow`) \
            and `400 cors_rejected` (a cross-origin request from an origin not allowed by \
            `CORS_ALLOWED_ORIGINS`). Every GET endpoint also answers HEAD."
    ),
    components(schemas(Problem)),
    tags(
        (name = "variants", description = "The variants and their rules"),
        (name = "games", description = "Legal moves, playing moves and the computer's moves"),
        (name = "records", description = "Game records in PDN: reading and writing them"),
        (name = "pictures", description = "Pictures of positions, for pages and documentation"),
        (name = "operations", description = "Health, readiness and metrics"),
        (name = "demo", description = "The demo page, built into the binary"),
    )
)]
struct ApiDoc;

/// The service's OpenAPI document.
pub fn api() -> utoipa::openapi::OpenApi {
    let (_, api) =
        App::new().into_utoipa_app().openapi(ApiDoc::openapi()).configure(routes::configure).split_for_parts();
    api
}

/// The document as pretty JSON, as committed in `openapi/openapi.json`.
pub fn document() -> String {
    api().to_pretty_json().unwrap_or_default() + "\n"
}
