//! `problem_for_bare_error`: error answers made by a library rather than by a handler (an
//! unknown Swagger UI file, a method a fixed resource does not take, a CORS preflight that
//! actix-cors refuses) become problem documents like every other error.

use actix_web::dev::ServiceResponse;
use actix_web::http::header;
use actix_web::http::StatusCode;
use actix_web::middleware::ErrorHandlerResponse;
use actix_web::ResponseError;

use super::clip::clip;
use super::error::ApiError;

/// The `ErrorHandlers` default: leaves the service's own JSON answers alone (problems, and
/// `/readyz`'s `not_ready`), and answers any other error with a problem of the same status
/// (keeping its `Allow` header).
pub fn problem_for_bare_error<B>(response: ServiceResponse<B>) -> actix_web::Result<ErrorHandlerResponse<B>> {
    let is_json = response.headers().get(header::CONTENT_TYPE).is_some_and(|value| {
        let value = value.as_bytes();
        value.starts_with(b"application/problem+json") || value.starts_with(b"application/json")
    });
    if is_json {
        return Ok(ErrorHandlerResponse::Response(response.map_into_left_body()));
    }
    // actix-cors answers a refused preflight itself, as plain text, with its error attached.
    let cors = response.response().error().and_then(|e| e.as_error::<actix_cors::CorsError>()).map(|e| e.to_string());
    let (request, bare) = response.into_parts();
    let (method, path) = (clip(request.method().as_str()), clip(request.path()));
    let error = match (cors, bare.status()) {
        (Some(cors), _) => ApiError::CorsRejected(cors),
        (None, StatusCode::NOT_FOUND) => ApiError::NotFound(format!("nothing at {path}")),
        (None, StatusCode::METHOD_NOT_ALLOWED) => {
            ApiError::MethodNotAllowed(format!("{method} {path} is not supported"))
        }
        (None, status) => ApiError::Http { status, detail: format!("{method} {path} could not be answered") },
    };
    let mut answer = error.error_response();
    if let Some(allow) = bare.headers().get(header::ALLOW) {
        answer.headers_mut().insert(header::ALLOW, allow.clone());
    }
    let answer = ServiceResponse::new(request, answer).map_into_right_body();
    Ok(ErrorHandlerResponse::Response(answer))
}
