//! The endpoints, each a thin handler: extract, call the service, map the answer. Each is
//! declared once, by its route macro and its `#[utoipa::path]`; [`configure`] registers them
//! and collects the OpenAPI paths in the same step.

pub mod ai_move;
pub mod analyze;
pub mod board;
pub mod demo;
pub mod endgame;
pub mod game;
pub mod health;
pub mod metrics;
pub mod pdn;
pub mod review;
pub mod variants;

use actix_web::http::header::{self, Accept, Header};
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Serialize;
use utoipa_actix_web::service_config::ServiceConfig;

use super::clip::clip;
use super::error::ApiError;
use super::state::AppState;

/// Registers every endpoint. The game endpoints, the busiest, come first: paths are matched
/// in this order.
pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(game::legal_moves)
        .service(game::apply_move)
        .service(ai_move::ai_move)
        .service(analyze::analyze)
        .service(review::review)
        .service(endgame::endgame)
        .service(endgame::endgame_databases)
        .service(pdn::parse)
        .service(pdn::export)
        .service(variants::list_variants)
        .service(variants::get_variant)
        .service(board::board_svg_picture)
        .service(demo::index)
        .service(demo::script)
        .service(demo::client)
        .service(demo::style)
        .service(health::healthz)
        .service(health::readyz)
        .service(metrics::metrics);
}

/// Registers the ops port's endpoints: health, readiness and metrics.
pub fn configure_ops(cfg: &mut web::ServiceConfig) {
    cfg.service(health::healthz).service(health::readyz).service(metrics::metrics);
}

/// Any request the ops port does not take.
pub async fn ops_unmatched(req: HttpRequest) -> HttpResponse {
    actix_web::ResponseError::error_response(&ApiError::NotFound(format!(
        "the ops port serves only GET /healthz, /readyz and /metrics, not {} {}",
        clip(req.method().as_str()),
        clip(req.path())
    )))
}

/// Any request no endpoint takes: `405 method_not_allowed` with `Allow` where the path has an
/// endpoint, `404 not_found` otherwise.
pub async fn unmatched(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let (method, path) = (clip(req.method().as_str()), clip(req.path()));
    let Some(allowed) = state.allowed_methods(req.path()) else {
        return actix_web::ResponseError::error_response(&ApiError::NotFound(format!(
            "no endpoint at {method} {path}"
        )));
    };
    let error = ApiError::MethodNotAllowed(format!("{method} {path} is not supported; use {allowed}"));
    let mut response = actix_web::ResponseError::error_response(&error);
    if let Ok(value) = header::HeaderValue::from_str(allowed) {
        response.headers_mut().insert(header::ALLOW, value);
    }
    response
}

/// A JSON answer to a GET that clients may keep `max_age_seconds`; the `ETag` and `304` are
/// added by [`crate::http::middleware::conditional_get`].
pub fn cacheable_json<T: Serialize>(body: &T, max_age_seconds: u32) -> HttpResponse {
    HttpResponse::Ok().insert_header((header::CACHE_CONTROL, format!("public, max-age={max_age_seconds}"))).json(body)
}

/// Whether the request's `Accept` prefers `media` to JSON: the first of its media types, by
/// preference, that names either (or any) is `media`.
pub fn prefers_to_json(request: &HttpRequest, media: &str) -> bool {
    let Ok(accept) = Accept::parse(request) else { return false };
    accept
        .ranked()
        .into_iter()
        .find(|m| [media, "application/json", "application/*", "*/*"].contains(&m.essence_str()))
        .is_some_and(|m| m.essence_str() == media)
}
