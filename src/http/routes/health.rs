//! `GET /healthz` (alive) and `GET /readyz` (ready to serve).

use actix_web::{get, web, HttpResponse};
use serde_json::json;

use crate::http::state::AppState;

/// Liveness: the process answers. Cheap: no work, no locks.
#[utoipa::path(tag = "operations",
    responses((status = 200, description = "Alive", body = Object, example = json!({"status": "ok"}))))]
#[get("/healthz")]
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(json!({"status": "ok"}))
}

/// Readiness: the server has started and is not shutting down.
#[utoipa::path(tag = "operations",
    responses(
        (status = 200, description = "Ready", body = Object, example = json!({"status": "ready"})),
        (status = 503, description = "Starting or stopping", body = Object, example = json!({"status": "not_ready"}))
    ))]
#[get("/readyz")]
pub async fn readyz(state: web::Data<AppState>) -> HttpResponse {
    let mut response = if state.is_ready() { HttpResponse::Ok() } else { HttpResponse::ServiceUnavailable() };
    let status = if state.is_ready() { "ready" } else { "not_ready" };
    response.insert_header(("Cache-Control", "no-store")).json(json!({ "status": status }))
}
