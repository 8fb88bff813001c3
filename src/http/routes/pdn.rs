//! `POST /v1/pdn/parse` and `POST /v1/pdn/export`: game records in PDN, read into replayed
//! games, and a game written as a record.

use actix_web::http::header;
use actix_web::{post, web, HttpRequest, HttpResponse};

use crate::http::dto::{PdnExportBody, PdnParseBody, MAX_PDN_CHARS};
use crate::http::error::{ApiError, BodyErrors, PdnErrors};
use crate::http::extract::{GameInput, JsonBody};
use crate::http::state::AppState;

use super::prefers_to_json;
use crate::rules::Variant;
use crate::service::{self, RecordText, Records};

/// The media type of a PDN text.
const PDN_MEDIA_TYPE: &str = "application/x-pdn";

/// Replays every game of a PDN text: its tags, variant, start, moves, final position, status
/// and recorded result.
#[utoipa::path(tag = "records", request_body = PdnParseBody,
    responses((status = 200, description = "Every game of the text, replayed", body = Records), PdnErrors, BodyErrors))]
#[post("/v1/pdn/parse")]
pub async fn parse(body: JsonBody<PdnParseBody>, state: web::Data<AppState>) -> Result<web::Json<Records>, ApiError> {
    let JsonBody(body) = body;
    if body.pdn.chars().count() > MAX_PDN_CHARS {
        return Err(ApiError::InvalidJson(format!("pdn: the text is longer than {MAX_PDN_CHARS} characters")));
    }
    let variant = match &body.variant {
        Some(name) => Some(
            name.parse().map_err(|e: crate::rules::variant::UnknownVariant| ApiError::UnknownVariant(e.to_string()))?,
        ),
        None => None,
    };
    let games = service::read_records(&body.pdn, variant, state.config.max_moves)?;
    for game in &games {
        if let Some(variant) = Variant::from_id(game.variant) {
            state.metrics.game_request(variant, "pdn_parse", game.moves.len());
        }
    }
    Ok(web::Json(Records { games }))
}

/// Writes a game as a PDN record.
///
/// The record has the seven standard tags, `GameType`, `FEN` where the game does not start
/// from the variant's start, the numbered moves and the result. JSON `{"pdn": …}`, or the text
/// itself for `Accept: application/x-pdn`.
#[utoipa::path(tag = "records", request_body = PdnExportBody,
    responses((status = 200, description = "The game as a PDN record",
        content((RecordText = "application/json"), (String = "application/x-pdn"))), PdnErrors, BodyErrors))]
#[post("/v1/pdn/export")]
pub async fn export(
    input: GameInput<PdnExportBody>,
    request: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.metrics.game_request(input.game.variant, "pdn_export", input.game.moves.len());
    let pdn = service::write_record(&input.game, &input.extra)?;
    Ok(if prefers_to_json(&request, PDN_MEDIA_TYPE) {
        HttpResponse::Ok().insert_header((header::CONTENT_TYPE, PDN_MEDIA_TYPE)).body(pdn)
    } else {
        HttpResponse::Ok().json(RecordText { pdn })
    })
}
