//! Middleware: request ids and access logs, metrics by route template, the answer's deadline,
//! conditional GETs, Swagger UI's security headers, and the per-client rate limit (counted by
//! [`super::rate_limiter::RateLimiter`]).

use std::time::Instant;

use std::hash::{DefaultHasher, Hash, Hasher};

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::http::{ConnectionType, Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::{web, Error, HttpResponse, ResponseError};

use super::client_address::client_address;
use super::clip::clip;
use super::error::ApiError;
use super::state::AppState;

/// Routes a HEAD request as the GET of the same path (RFC 9110 §9.3.2): the answer's head is
/// the GET's, and the server sends no body, as the request was HEAD when it was read.
pub async fn head_as_get(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    if req.method() == Method::HEAD {
        req.head_mut().method = Method::GET;
    }
    next.call(req).await
}

/// The request id header, echoed or made up.
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Gives every request an id (the caller's `X-Request-Id` if it sent a sane one), logs its
/// outcome in one line carrying that id, records its metrics and returns the id. A request
/// dropped before its answer (its client closed the connection) is logged and counted as
/// `499`, as nginx counts it; no client receives that status.
///
/// The line carries the id as a field; nothing else logs while a request is handled.
pub async fn observe(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let request_id = req
        .headers()
        .get(&REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .filter(|v| !v.is_empty() && v.len() <= 128 && v.bytes().all(|b| b.is_ascii_graphic()))
        .map(str::to_owned)
        .unwrap_or_else(|| uuid::Uuid::new_v4().to_string());
    let mut outcome = Outcome {
        started: Instant::now(),
        method: req.method().clone(),
        path: clip(req.path()).into_owned(),
        route: req.match_pattern().unwrap_or_else(|| "unmatched".to_owned()),
        state: req.app_data::<web::Data<AppState>>().cloned(),
        request_id,
        recorded: false,
    };
    let result = next.call(req).await;
    let mut response = match result {
        // A preflight actix-cors refuses is made a problem by `problem_for_bare_error`.
        Ok(response) => response.map_into_boxed_body(),
        Err(error) => {
            // Errors raised by middleware never reach a handler: answer them as problems too.
            let error = match error.as_error::<actix_cors::CorsError>() {
                Some(cors) => ApiError::CorsRejected(cors.to_string()).into(),
                None => error,
            };
            outcome.route = "unmatched".to_owned();
            outcome.record(error.as_response_error().status_code().as_u16(), "refused");
            return Err(error);
        }
    };
    outcome.record(response.status().as_u16(), "answered");
    if let Ok(value) = HeaderValue::from_str(&outcome.request_id) {
        response.headers_mut().insert(REQUEST_ID, value);
    }
    if outcome.state.as_ref().is_some_and(|s| s.is_draining()) {
        // Keep-alive clients are told to reconnect: to another pod, as this one stops.
        response.response_mut().head_mut().set_connection_type(ConnectionType::Close);
    }
    Ok(response)
}

/// Status logged and counted for a request dropped before its answer: nginx's "client closed
/// request".
const CLIENT_CLOSED_REQUEST: u16 = 499;

/// A request's log line and metrics, written once: when it is answered or refused, or when it is
/// dropped unanswered.
struct Outcome {
    started: Instant,
    method: Method,
    path: String,
    route: String,
    state: Option<web::Data<AppState>>,
    request_id: String,
    recorded: bool,
}

impl Outcome {
    /// Logs the request's line and records its metrics, with `status`.
    fn record(&mut self, status: u16, message: &'static str) {
        self.recorded = true;
        let seconds = self.started.elapsed().as_secs_f64();
        if let Some(state) = &self.state {
            state.metrics.observe(&self.method, &self.route, status, seconds);
        }
        let (request_id, path, route, micros) = (&self.request_id, &self.path, &self.route, (seconds * 1e6) as u64);
        let method = clip(self.method.as_str());
        tracing::info!(request_id, %method, path, status, route, micros, "{message}");
    }
}

impl Drop for Outcome {
    fn drop(&mut self) {
        if !self.recorded {
            self.record(CLIENT_CLOSED_REQUEST, "client closed the connection before the answer");
        }
    }
}

/// Answers `503 answer_timeout` when the answer is not ready within `ANSWER_TIMEOUT_MS` of
/// the request's headers (dropping the handler stops its search).
pub async fn answer_deadline(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let Some(limit) = req.app_data::<web::Data<AppState>>().map(|s| s.config.timeouts.answer) else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    // An error, not an answer: the request cannot be kept aside while it is routed.
    match actix_web::rt::time::timeout(limit, next.call(req)).await {
        Ok(response) => Ok(response?.map_into_boxed_body()),
        Err(_) => Err(ApiError::AnswerTimeout { retry_after: 1 }.into()),
    }
}

/// What Swagger UI's page may load: its own files and the OpenAPI document, with the inline
/// styles its scripts set (the demo page has a stricter policy of its own).
const SWAGGER_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
    img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// Gives Swagger UI's files a Content-Security-Policy, `nosniff` and `no-referrer`.
pub async fn swagger_policy(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let swagger = req.path().starts_with("/swagger-ui/");
    let mut response = next.call(req).await?.map_into_boxed_body();
    if swagger {
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(SWAGGER_POLICY));
        headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
        headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    }
    Ok(response)
}

/// Successful GET and HEAD answers: an `ETag` of the body (unless the answer is `no-store`),
/// a default `Cache-Control` where a route set none, and `304 Not Modified` when the caller's
/// `If-None-Match` holds that tag (weak comparison, RFC 9110 §13.1.2).
pub async fn conditional_get(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let cacheable = matches!(*req.method(), Method::GET | Method::HEAD);
    let response = next.call(req).await?;
    if !cacheable || response.status() != StatusCode::OK {
        return Ok(response.map_into_boxed_body());
    }
    let no_store = response
        .headers()
        .get(header::CACHE_CONTROL)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("no-store"));
    if no_store {
        return Ok(response.map_into_boxed_body());
    }
    let (request, response) = response.into_parts();
    let (mut response, body) = response.into_parts();
    let body = actix_web::body::to_bytes(body)
        .await
        .map_err(|_| actix_web::error::ErrorInternalServerError("the answer could not be read back"))?;
    let mut hasher = DefaultHasher::new();
    body.hash(&mut hasher);
    let tag = format!("\"{:016x}\"", hasher.finish());
    let headers = response.headers_mut();
    if !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=300"));
    }
    if let Ok(value) = HeaderValue::from_str(&tag) {
        headers.insert(header::ETAG, value);
    }
    let known = request
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').map(str::trim).any(|t| t == "*" || t.trim_start_matches("W/") == tag));
    let response = if known {
        let mut not_modified = HttpResponse::NotModified().finish();
        for name in [header::ETAG, header::CACHE_CONTROL] {
            if let Some(value) = response.headers().get(&name) {
                not_modified.headers_mut().insert(name, value.clone());
            }
        }
        not_modified
    } else {
        response.set_body(BoxBody::new(body))
    };
    Ok(ServiceResponse::new(request, response))
}

/// Answers `429 rate_limited` once a client address ([`client_address`]: the peer, or whom
/// a trusted proxy forwards for) is over `RATE_LIMIT_PER_MINUTE`. Health, readiness and metrics are never limited.
pub async fn rate_limit(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<actix_web::body::BoxBody>, Error> {
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let limiter = state.as_ref().and_then(|s| s.rate_limiter.clone());
    let exempt = matches!(req.path(), "/healthz" | "/readyz" | "/metrics");
    if let (Some(state), Some(limiter), false, Some(peer)) = (state, limiter, exempt, req.peer_addr()) {
        let client = client_address(peer.ip(), req.headers(), &state.config.trusted_proxies);
        if let Err(retry_after) = limiter.check(client, Instant::now()) {
            let response = ApiError::RateLimited { retry_after }.error_response();
            return Ok(req.into_response(response));
        }
    }
    Ok(next.call(req).await?.map_into_boxed_body())
}
