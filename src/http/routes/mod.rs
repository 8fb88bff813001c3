//! The endpoints, each a thin handler: extract, call the rules core, map the answer.

pub mod game;
pub mod health;
pub mod metrics;
pub mod variants;

use std::hash::{DefaultHasher, Hash, Hasher};

use actix_web::http::header::{self, ETag, EntityTag};
use actix_web::http::Method;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Serialize;

use super::error::ApiError;

/// Registers every endpoint of this module.
pub fn configure(cfg: &mut web::ServiceConfig) {
    resource(
        cfg,
        "/v1/variants",
        Method::GET,
        web::get().to(variants::list_variants),
    );
    resource(
        cfg,
        "/v1/variants/{variant}",
        Method::GET,
        web::get().to(variants::get_variant),
    );
    resource(
        cfg,
        "/v1/legal-moves",
        Method::POST,
        web::post().to(game::legal_moves),
    );
    resource(
        cfg,
        "/v1/apply-move",
        Method::POST,
        web::post().to(game::apply_move),
    );
    resource(cfg, "/healthz", Method::GET, web::get().to(health::healthz));
    resource(cfg, "/readyz", Method::GET, web::get().to(health::readyz));
    resource(
        cfg,
        "/metrics",
        Method::GET,
        web::get().to(metrics::metrics),
    );
}

/// One path with its method; any other method answers `405 method_not_allowed`.
fn resource(
    cfg: &mut web::ServiceConfig,
    path: &'static str,
    method: Method,
    route: actix_web::Route,
) {
    let allowed = method.to_string();
    cfg.service(web::resource(path).route(route).default_service(web::to(
        move |req: HttpRequest| {
            let allowed = allowed.clone();
            async move {
                let mut response =
                    actix_web::ResponseError::error_response(&ApiError::MethodNotAllowed(format!(
                        "{} {} is not supported; use {allowed}",
                        req.method(),
                        req.path()
                    )));
                if let Ok(value) = header::HeaderValue::from_str(&allowed) {
                    response.headers_mut().insert(header::ALLOW, value);
                }
                response
            }
        },
    )));
}

/// Any path no endpoint serves.
pub async fn not_found(req: HttpRequest) -> HttpResponse {
    actix_web::ResponseError::error_response(&ApiError::NotFound(format!(
        "no endpoint at {} {}",
        req.method(),
        req.path()
    )))
}

/// A JSON answer to a GET: with an `ETag` of its bytes and `Cache-Control`; `304` when the
/// client already has it.
pub fn cacheable_json<T: Serialize>(
    req: &HttpRequest,
    body: &T,
    max_age_seconds: u32,
) -> HttpResponse {
    let bytes = serde_json::to_vec(body).unwrap_or_default();
    let mut hasher = DefaultHasher::new();
    bytes.hash(&mut hasher);
    let tag = EntityTag::new_strong(format!("{:016x}", hasher.finish()));
    let cache_control = format!("public, max-age={max_age_seconds}");
    let fresh = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .any(|t| t.trim() == tag.to_string() || t.trim() == "*")
        });
    let mut response = if fresh {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    response
        .insert_header(ETag(tag))
        .insert_header((header::CACHE_CONTROL, cache_control));
    if fresh {
        response.finish()
    } else {
        response.content_type("application/json").body(bytes)
    }
}
