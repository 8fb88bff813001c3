//! `GET /metrics`: Prometheus text format.

use actix_web::{get, web, HttpResponse};

use crate::http::state::AppState;

/// Every metric of the service and the process, in Prometheus text format.
#[utoipa::path(tag = "operations",
    responses((status = 200, description = "Prometheus text exposition format", body = String,
        content_type = "text/plain; version=0.0.4")))]
#[get("/metrics")]
pub async fn metrics(state: web::Data<AppState>) -> HttpResponse {
    state.searches.update_metrics();
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .insert_header(("Cache-Control", "no-store"))
        .body(state.metrics.render())
}
