//! `POST /v1/endgame`: what the endgame databases know of a position, through the service's one
//! door (a lookup, answered at once); `GET /v1/endgame-databases`: which databases are loaded.

use actix_web::{get, post, web, HttpResponse};

use super::cacheable_json;
use crate::http::dto::EndgameBody;
use crate::http::error::{ApiError, BodyErrors, EndgameErrors, GetAnswers};
use crate::http::extract::GameInput;
use crate::http::state::AppState;
use crate::service::{EndgameAnswer, InstalledEndgames};

/// The databases change only with a restart: clients may keep the list a minute.
const MAX_AGE_SECONDS: u32 = 60;

/// The endgame databases this server has loaded: per variant, the most pieces they hold.
///
/// A page asks `POST /v1/endgame` only about positions with at most that many pieces.
#[utoipa::path(tag = "games",
    responses((status = 200, description = "A line per variant with databases", body = Vec<InstalledEndgames>,
        headers(("ETag" = String), ("Cache-Control" = String))), GetAnswers))]
#[get("/v1/endgame-databases")]
pub async fn endgame_databases(state: web::Data<AppState>) -> HttpResponse {
    cacheable_json(&state.searches.installed_endgames(), MAX_AGE_SECONDS)
}

/// The result of the position a game reaches under perfect play, and of each legal move, best
/// first, from the endgame databases installed on the server.
///
/// Distances are plies to the end of the game, the winner taking the shortest way; the
/// databases ignore draws by repetition and by count (see `draw_count_plies`).
#[utoipa::path(tag = "games", request_body = EndgameBody,
    responses(
        (status = 200, description = "The position's result and every move's, best first", body = EndgameAnswer),
        EndgameErrors,
        BodyErrors
    )
)]
#[post("/v1/endgame")]
pub async fn endgame(
    input: GameInput<EndgameBody>,
    state: web::Data<AppState>,
) -> Result<web::Json<EndgameAnswer>, ApiError> {
    state.metrics.game_request(input.game.variant, "endgame", input.game.moves.len());
    Ok(web::Json(state.searches.endgame(&input.game)?))
}
