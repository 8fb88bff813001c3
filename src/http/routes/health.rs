//! `GET /healthz` (alive) and `GET /readyz` (ready to serve).

use actix_web::{web, HttpResponse};
use serde_json::json;

use crate::http::startup::AppState;

/// Liveness: the process answers. Cheap: no work, no locks.
#[utoipa::path(get, path = "/healthz", tag = "operations",
    responses((status = 200, description = "Alive", body = Object, example = json!({"status": "ok"}))))]
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(json!({"status": "ok"}))
}

/// Readiness: the server has started and is not shutting down.
#[utoipa::path(get, path = "/readyz", tag = "operations",
    responses(
        (status = 200, description = "Ready", body = Object, example = json!({"status": "ready"})),
        (status = 503, description = "Starting or stopping", body = Object, example = json!({"status": "not_ready"}))
    ))]
pub async fn readyz(state: web::Data<AppState>) -> HttpResponse {
    let mut response = if state.is_ready() { HttpResponse::Ok() } else { HttpResponse::ServiceUnavailable() };
    let status = if state.is_ready() { "ready" } else { "not_ready" };
    response.insert_header(("Cache-Control", "no-store")).json(json!({ "status": status }))
}
