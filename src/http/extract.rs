//! `GameInput<B>`: the one extractor of the game endpoints. It takes the body with actix's own
//! extractor (its size limit and decompression), reads it with serde, and checks the game into
//! the service's [`GameRequest`]; every failure is the API's problem.

use actix_web::error::PayloadError;
use actix_web::{web, FromRequest, HttpRequest};
use futures_core::future::LocalBoxFuture;

use super::dto::GameBody;
use super::error::ApiError;
use super::state::AppState;
use crate::service::object_only::ObjectOnly;
use crate::service::GameRequest;

/// A game body, read and checked.
pub struct GameInput<B: GameBody> {
    /// The game.
    pub game: GameRequest,
    /// The rest of the body.
    pub extra: B::Extra,
}

impl<B: GameBody> FromRequest for GameInput<B> {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<GameInput<B>, ApiError>>;

    fn from_request(req: &HttpRequest, payload: &mut actix_web::dev::Payload) -> Self::Future {
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let body = web::Bytes::from_request(req, payload);
        Box::pin(async move {
            let state = state.ok_or_else(|| ApiError::Internal("the application state is not configured".into()))?;
            let limit = state.config.max_body_bytes;
            let wait = state.config.timeouts.body;
            let body = actix_web::rt::time::timeout(wait, body).await.map_err(|_| {
                ApiError::RequestTimeout(format!("the body did not arrive within {} ms", wait.as_millis()))
            })?;
            let bytes = body.map_err(|e| match e.as_error::<PayloadError>() {
                Some(PayloadError::Overflow) => ApiError::PayloadTooLarge(limit),
                _ => ApiError::InvalidJson(format!("the body could not be read: {e}")),
            })?;
            let (fields, extra) = read_json::<B>(&bytes)?.into_parts();
            Ok(GameInput { game: fields.check(state.config.max_moves)?, extra })
        })
    }
}

/// Reads `bytes` as the body `B`. An error inside `rules` is `invalid_rules`, naming the
/// field; any other is `invalid_json`.
pub fn read_json<B: GameBody>(bytes: &[u8]) -> Result<B, ApiError> {
    let invalid = |e: serde_json::Error| ApiError::InvalidJson(format!("the body is not valid here: {e}"));
    let mut reader = serde_json::Deserializer::from_slice(bytes);
    let ObjectOnly(body) = serde_path_to_error::deserialize(&mut reader).map_err(|e| {
        let path = e.path().to_string();
        if path == "rules" || path.starts_with("rules.") {
            ApiError::InvalidRules(format!("{path}: {}", e.inner()))
        } else {
            invalid(e.into_inner())
        }
    })?;
    reader.end().map_err(invalid)?;
    Ok(body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::dto::{ApplyMoveBody, LegalMovesBody};

    #[test]
    fn errors_inside_rules_are_invalid_rules_naming_the_field() {
        let error = read_json::<LegalMovesBody>(br#"{"variant": "english", "rules": {"draw": {"repetitions": -1}}}"#);
        match error {
            Err(ApiError::InvalidRules(detail)) => assert!(detail.starts_with("rules.draw.repetitions: "), "{detail}"),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            read_json::<LegalMovesBody>(br#"{"variant": "english", "rules": 5}"#),
            Err(ApiError::InvalidRules(_))
        ));
    }

    #[test]
    fn other_errors_are_invalid_json() {
        for body in [&b""[..], b"{}", br#"{"variant": "english"} x"#, br#"{"variant": "english", "colour": 1}"#] {
            assert!(matches!(read_json::<LegalMovesBody>(body), Err(ApiError::InvalidJson(_))), "{body:?}");
        }
        assert!(matches!(read_json::<ApplyMoveBody>(br#"{"variant": "english"}"#), Err(ApiError::InvalidJson(_))));
    }
}
