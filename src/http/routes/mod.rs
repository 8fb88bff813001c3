//! The endpoints, each a thin handler: extract, call the rules core, map the answer.

pub mod ai;
pub mod board;
pub mod demo;
pub mod game;
pub mod health;
pub mod metrics;
pub mod variants;

use actix_web::guard;
use actix_web::http::header;
use actix_web::http::Method;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Serialize;

use super::error::ApiError;

/// Registers every endpoint of this module. Paths are matched in this order, and a path with
/// a parameter by a regular expression: the game endpoints, the busiest, come first.
pub fn configure(cfg: &mut web::ServiceConfig) {
    resource(cfg, "/v1/legal-moves", Method::POST, web::post().to(game::legal_moves));
    resource(cfg, "/v1/apply-move", Method::POST, web::post().to(game::apply_move));
    resource(cfg, "/v1/ai-move", Method::POST, web::post().to(ai::ai_move));
    resource(cfg, "/v1/variants", Method::GET, get().to(variants::list_variants));
    resource(cfg, "/v1/variants/{variant}", Method::GET, get().to(variants::get_variant));
    resource(cfg, "/v1/board.svg", Method::GET, get().to(board::board_svg_picture));
    resource(cfg, "/", Method::GET, get().to(demo::index));
    resource(cfg, "/demo/demo.js", Method::GET, get().to(demo::script));
    resource(cfg, "/demo/demo.css", Method::GET, get().to(demo::style));
    resource(cfg, "/healthz", Method::GET, get().to(health::healthz));
    resource(cfg, "/readyz", Method::GET, get().to(health::readyz));
    resource(cfg, "/metrics", Method::GET, get().to(metrics::metrics));
}

/// GET, and HEAD (answered like GET, without the body).
fn get() -> actix_web::Route {
    web::route().guard(guard::Any(guard::Get()).or(guard::Head()))
}

/// One path with its method; any other method answers `405 method_not_allowed`.
fn resource(cfg: &mut web::ServiceConfig, path: &'static str, method: Method, route: actix_web::Route) {
    let allowed = if method == Method::GET { "GET, HEAD".to_owned() } else { method.to_string() };
    cfg.service(web::resource(path).route(route).default_service(web::to(move |req: HttpRequest| {
        let allowed = allowed.clone();
        async move {
            let mut response = actix_web::ResponseError::error_response(&ApiError::MethodNotAllowed(format!(
                "{} {} is not supported; use {allowed}",
                req.method(),
                req.path()
            )));
            if let Ok(value) = header::HeaderValue::from_str(&allowed) {
                response.headers_mut().insert(header::ALLOW, value);
            }
            response
        }
    })));
}

/// Any path no endpoint serves.
pub async fn not_found(req: HttpRequest) -> HttpResponse {
    actix_web::ResponseError::error_response(&ApiError::NotFound(format!(
        "no endpoint at {} {}",
        req.method(),
        req.path()
    )))
}

/// A JSON answer to a GET that clients may keep `max_age_seconds`; the `ETag` and `304` are
/// added by [`crate::http::middleware::conditional_get`].
pub fn cacheable_json<T: Serialize>(body: &T, max_age_seconds: u32) -> HttpResponse {
    HttpResponse::Ok().insert_header((header::CACHE_CONTROL, format!("public, max-age={max_age_seconds}"))).json(body)
}
