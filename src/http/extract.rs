//! `JsonBody<B>`: the one reader of JSON bodies. It checks the body's coding, takes the body
//! with actix's own extractor (its size limit and decompression) within `BODY_TIMEOUT_MS`,
//! whatever its framing, and reads it with serde; every failure is the API's problem. `GameInput<B>`, the game endpoints' extractor, checks such a body into the service's
//! [`GameRequest`]. [`read_query`] reads a GET endpoint's query the same way.

use actix_web::error::PayloadError;
use actix_web::http::header::{self, ContentEncoding};
use actix_web::{web, FromRequest, HttpRequest};
use futures_core::future::LocalBoxFuture;
use serde::de::DeserializeOwned;
use utoipa::openapi::path::ParameterIn;
use utoipa::openapi::Required;
use utoipa::IntoParams;

use super::dto::GameBody;
use super::error::ApiError;
use super::object_only::ObjectOnly;
use super::state::AppState;
use crate::rules::notation::Quoted;
use crate::service::GameRequest;

/// The most characters of a library's message a detail repeats (such a message may quote a
/// whole field of the request).
const MAX_MESSAGE_CHARS: usize = 200;

/// A JSON body, read.
pub struct JsonBody<B>(pub B);

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
        let max_moves = req.app_data::<web::Data<AppState>>().map(|state| state.config.max_moves);
        let body = JsonBody::<B>::from_request(req, payload);
        Box::pin(async move {
            let JsonBody(body) = body.await?;
            let max_moves =
                max_moves.ok_or_else(|| ApiError::Internal("the application state is not configured".into()))?;
            let (fields, extra) = body.into_parts();
            Ok(GameInput { game: fields.check(max_moves)?, extra })
        })
    }
}

impl<B: DeserializeOwned + 'static> FromRequest for JsonBody<B> {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<JsonBody<B>, ApiError>>;

    fn from_request(req: &HttpRequest, payload: &mut actix_web::dev::Payload) -> Self::Future {
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let coding = content_coding(req);
        let body = web::Bytes::from_request(req, payload);
        Box::pin(async move {
            let state = state.ok_or_else(|| ApiError::Internal("the application state is not configured".into()))?;
            coding?;
            let limit = state.config.max_body_bytes;
            let wait = state.config.timeouts.body;
            let body = actix_web::rt::time::timeout(wait, body).await.map_err(|_| {
                ApiError::RequestTimeout(format!("the body did not arrive within {} ms", wait.as_millis()))
            })?;
            let bytes = body.map_err(|e| match e.as_error::<PayloadError>() {
                Some(PayloadError::Overflow) => ApiError::PayloadTooLarge(limit),
                _ => ApiError::InvalidJson(format!("the body could not be read: {e}")),
            })?;
            Ok(JsonBody(read_json::<B>(&bytes)?))
        })
    }
}

/// Checks the body's `Content-Encoding`: none, or one coding actix decompresses (`gzip`,
/// `deflate`, `br`, `zstd`, `identity`). Anything else (an unknown coding, a list of codings,
/// the header twice) is `415 unsupported_encoding`: the body could not be read as it was sent.
fn content_coding(req: &HttpRequest) -> Result<(), ApiError> {
    let mut values = req.headers().get_all(header::CONTENT_ENCODING);
    let Some(value) = values.next() else { return Ok(()) };
    let one_known = value.to_str().is_ok_and(|text| text.parse::<ContentEncoding>().is_ok());
    if one_known && values.next().is_none() {
        return Ok(());
    }
    Err(ApiError::UnsupportedEncoding(format!(
        "Content-Encoding {} is not one coding this service reads (gzip, deflate, br, zstd or identity)",
        Quoted(&String::from_utf8_lossy(value.as_bytes()))
    )))
}

/// Reads `bytes` as the body `B`. Text that is not JSON is `invalid_json` saying so, with the
/// line and column; an error inside `rules` is `invalid_rules`, naming the field; any other is
/// `invalid_json`, naming the field where there is one.
pub fn read_json<B: DeserializeOwned>(bytes: &[u8]) -> Result<B, ApiError> {
    use serde_json::error::Category;
    let mut reader = serde_json::Deserializer::from_slice(bytes);
    let ObjectOnly(body) = serde_path_to_error::deserialize(&mut reader).map_err(|e| {
        let path = e.path().to_string();
        let message = message(e.inner());
        if matches!(e.inner().classify(), Category::Syntax | Category::Eof | Category::Io) {
            ApiError::InvalidJson(format!("the body is not valid JSON: {message}"))
        } else if path == "rules" || path.starts_with("rules.") {
            ApiError::InvalidRules(format!("{path}: {message}"))
        } else if path == "." {
            ApiError::InvalidJson(format!("the body is not valid here: {message}"))
        } else {
            ApiError::InvalidJson(format!("{path}: {message}"))
        }
    })?;
    reader.end().map_err(|e| ApiError::InvalidJson(format!("the body is not valid here: {}", message(&e))))?;
    Ok(body)
}

/// serde_json's message, cut short; without the place in the text where the field is named
/// instead (only an error of JSON syntax keeps it).
fn message(error: &serde_json::Error) -> String {
    let full = error.to_string();
    let text = match error.classify() {
        serde_json::error::Category::Data => {
            let place = format!(" at line {} column {}", error.line(), error.column());
            full.strip_suffix(&place).unwrap_or(&full)
        }
        _ => &full,
    };
    match text.char_indices().nth(MAX_MESSAGE_CHARS) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

/// Reads `query` as the parameters `Q` of a GET endpoint, with errors in the API's words: a
/// parameter the endpoint does not take, one given twice, a required one missing
/// (`invalid_query`). The names come from `Q`'s OpenAPI parameters, so they are the ones the
/// document lists.
pub fn read_query<Q: DeserializeOwned + IntoParams>(query: &str) -> Result<Q, ApiError> {
    let parameters = Q::into_params(|| Some(ParameterIn::Query));
    let names = || parameters.iter().map(|p| p.name.as_str());
    let list = names().collect::<Vec<_>>().join(", ");
    // Decoding pairs of text cannot fail: bad escapes are read as they are written.
    let pairs = web::Query::<Vec<(String, String)>>::from_query(query).map(web::Query::into_inner).unwrap_or_default();
    for (i, (name, _)) in pairs.iter().enumerate() {
        if !names().any(|known| known == name) {
            return Err(ApiError::InvalidQuery(format!(
                "{} is not a parameter of this endpoint; its parameters are {list}",
                Quoted(name)
            )));
        }
        if pairs[..i].iter().any(|(earlier, _)| earlier == name) {
            return Err(ApiError::InvalidQuery(format!("{name} is given more than once")));
        }
    }
    if let Some(missing) =
        parameters.iter().find(|p| p.required == Required::True && !pairs.iter().any(|(name, _)| *name == p.name))
    {
        return Err(ApiError::InvalidQuery(format!("{} is required", missing.name)));
    }
    web::Query::<Q>::from_query(query).map(web::Query::into_inner).map_err(|e| {
        let reason = match &e {
            actix_web::error::QueryPayloadError::Deserialize(inner) => inner.to_string(),
            other => other.to_string(),
        };
        ApiError::InvalidQuery(format!("the query cannot be read: {}", Quoted(&reason)))
    })
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
    fn out_of_range_numbers_name_the_field_and_the_range() {
        let error =
            read_json::<LegalMovesBody>(br#"{"variant": "english", "rules": {"draw": {"repetitions": 2147483646}}}"#);
        assert_eq!(
            error.unwrap_err(),
            ApiError::InvalidRules(
                "rules.draw.repetitions: invalid value: integer `2147483646`, expected a whole number from 0 to 255"
                    .to_owned()
            )
        );
        let error = read_json::<crate::http::dto::AiMoveBody>(br#"{"variant": "english", "time_ms": -1}"#);
        assert_eq!(
            error.unwrap_err(),
            ApiError::InvalidJson(
                "time_ms: invalid value: integer `-1`, expected a whole number from 0 to 4294967295".to_owned()
            )
        );
    }

    #[test]
    fn a_message_quoting_a_long_field_is_cut_short() {
        let body = format!(r#"{{"variant": "english", "moves": "{}"}}"#, "x".repeat(10_000));
        let Err(ApiError::InvalidJson(detail)) = read_json::<LegalMovesBody>(body.as_bytes()) else {
            panic!("invalid_json");
        };
        assert!(detail.starts_with("moves: invalid type: string"), "{detail}");
        assert!(detail.chars().count() < MAX_MESSAGE_CHARS + 20 && detail.ends_with('…'), "{detail}");
    }

    #[derive(Debug, serde::Deserialize, IntoParams)]
    #[into_params(parameter_in = Query)]
    struct Picture {
        /// Required.
        name: String,
        /// Optional.
        size: Option<String>,
    }

    #[test]
    fn query_errors_are_in_the_apis_words() {
        let read = |query| read_query::<Picture>(query).map(|p| (p.name, p.size));
        assert_eq!(read("name=a&size=2"), Ok(("a".to_owned(), Some("2".to_owned()))));
        assert_eq!(read("size=2&name=%FF"), Ok(("\u{FFFD}".to_owned(), Some("2".to_owned()))));
        for (query, detail) in [
            ("", "name is required"),
            ("size=2", "name is required"),
            ("name=a&colour=red", r#""colour" is not a parameter of this endpoint; its parameters are name, size"#),
            ("name=a&name=b", "name is given more than once"),
        ] {
            assert_eq!(read(query), Err(ApiError::InvalidQuery(detail.to_owned())), "{query}");
        }
    }

    #[test]
    fn text_that_is_not_json_is_said_to_be_so_with_its_place_and_no_field() {
        for (body, place) in
            [(&b"{bad"[..], "line 1 column 2"), (b"{\"variant\": \"english\",\n  \"rules\": {x}}", "line 2 column 13")]
        {
            let Err(ApiError::InvalidJson(detail)) = read_json::<LegalMovesBody>(body) else {
                panic!("invalid_json: {body:?}");
            };
            assert!(detail.starts_with("the body is not valid JSON: "), "{detail}");
            assert!(detail.ends_with(place), "{detail}");
            assert!(!detail.contains('?'), "{detail}");
        }
    }

    #[test]
    fn other_errors_are_invalid_json() {
        for body in [&b""[..], b"{}", br#"{"variant": "english"} x"#, br#"{"variant": "english", "colour": 1}"#] {
            assert!(matches!(read_json::<LegalMovesBody>(body), Err(ApiError::InvalidJson(_))), "{body:?}");
        }
        assert!(matches!(read_json::<ApplyMoveBody>(br#"{"variant": "english"}"#), Err(ApiError::InvalidJson(_))));
    }
}
