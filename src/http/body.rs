//! `GameJson<T>`: a game request's JSON body, extracted as `web::Json` extracts one (the
//! configured size limit, any content type, decompression, the same errors) but read by
//! [`read_body`], which reads the common shape by hand before asking serde.

use core::future::Future;
use core::marker::PhantomData;
use core::ops::Deref;
use core::pin::Pin;
use core::task::{Context, Poll, Waker};

use actix_web::dev::{Decompress, Payload};
use actix_web::error::{ErrorInternalServerError, JsonPayloadError};
use actix_web::http::header::{ContentLength, Header, CONTENT_ENCODING};
use actix_web::{web, FromRequest, HttpRequest};
use futures_core::Stream;

use super::dto::{read_body, ScanBody};
use super::error::ApiError;
use super::startup::AppState;

/// The problem a body that cannot be read as JSON answers with: `web::Json`'s errors as the
/// service reports them.
pub fn json_error(error: JsonPayloadError, limit: usize) -> ApiError {
    match error {
        JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
            ApiError::PayloadTooLarge(limit)
        }
        JsonPayloadError::Deserialize(e) => ApiError::InvalidJson(format!("the body is not valid here: {e}")),
        other => ApiError::InvalidJson(format!("the body could not be read as JSON: {other}")),
    }
}

/// A game request's body.
pub struct GameJson<T>(pub T);

impl<T> Deref for GameJson<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: ScanBody> FromRequest for GameJson<T> {
    type Error = actix_web::Error;
    type Future = ReadGameJson<T>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> ReadGameJson<T> {
        let reading = match req.app_data::<web::Data<AppState>>() {
            None => Reading::Failed(Some(ErrorInternalServerError("the application state is not configured"))),
            Some(state) => {
                let limit = state.config.max_body_bytes;
                match ContentLength::parse(req) {
                    Ok(ContentLength(length)) if length > limit => {
                        Reading::Failed(Some(ApiError::PayloadTooLarge(limit).into()))
                    }
                    length => Reading::Body {
                        payload: Decompress::from_headers(payload.take(), req.headers()),
                        buf: Vec::with_capacity(length.map_or(INITIAL_CAPACITY, |ContentLength(length)| length)),
                        limit,
                        peek_first: !req.headers().contains_key(CONTENT_ENCODING),
                    },
                }
            }
        };
        ReadGameJson { reading, _body: PhantomData }
    }
}

/// Room for a body of unknown length (`web::Json` starts with as much); a body whose length is
/// given gets room for that length, which for a typical game is a small allocation rather
/// than a large one.
const INITIAL_CAPACITY: usize = 8192;

/// Reads the body, then the JSON in it.
pub struct ReadGameJson<T> {
    reading: Reading,
    _body: PhantomData<fn() -> T>,
}

/// Where the reading of a body stands.
enum Reading {
    /// Refused before reading (taken when reported).
    Failed(Option<actix_web::Error>),
    /// Reading the body into `buf`, up to `limit` bytes.
    Body {
        payload: Decompress<Payload>,
        buf: Vec<u8>,
        limit: usize,
        /// Whether the next poll is the first and may look at the body without asking to be
        /// woken (see [`ReadGameJson::poll`]); never for a compressed body, whose decoder may
        /// hand a chunk to another thread and needs the wake-up to hear back.
        peek_first: bool,
    },
}

impl<T: ScanBody> Future for ReadGameJson<T> {
    type Output = Result<GameJson<T>, actix_web::Error>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let (payload, buf, limit, mut peek) = match &mut self.get_mut().reading {
            Reading::Failed(error) => {
                let error = error.take().unwrap_or_else(|| ErrorInternalServerError("the body was already read"));
                return Poll::Ready(Err(error));
            }
            Reading::Body { payload, buf, limit, peek_first } => {
                (payload, buf, *limit, core::mem::replace(peek_first, false))
            }
        };
        // actix-http's HTTP/1 dispatcher polls a handler as soon as it has read the request's
        // head, before it hands over the body bytes it read with it, then polls it again in the
        // same turn once it has. A wake-up asked for on that first poll would fire when the body
        // is handed over and only make the dispatcher run a second, empty turn for the request
        // (a read that finds nothing and about 4,500 instructions), so the first look at the
        // body does not ask for one; every later poll does. Body bytes the dispatcher reads
        // later reach the handler as before: each turn that hands some over polls it again.
        // (The server speaks HTTP/1 only, `HttpServer::listen`; `tests/api/bodies.rs` sends
        // bodies that arrive after the first look.)
        loop {
            let next = if core::mem::take(&mut peek) {
                Pin::new(&mut *payload).poll_next(&mut Context::from_waker(Waker::noop()))
            } else {
                Pin::new(&mut *payload).poll_next(cx)
            };
            match next {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(Some(Ok(chunk))) if buf.len() + chunk.len() > limit => {
                    return Poll::Ready(Err(ApiError::PayloadTooLarge(limit).into()));
                }
                Poll::Ready(Some(Ok(chunk))) => buf.extend_from_slice(&chunk),
                Poll::Ready(Some(Err(e))) => {
                    return Poll::Ready(Err(json_error(JsonPayloadError::Payload(e), limit).into()));
                }
                Poll::Ready(None) => {
                    let body = read_body(buf).map_err(|e| json_error(JsonPayloadError::Deserialize(e), limit));
                    return Poll::Ready(body.map(GameJson).map_err(Into::into));
                }
            }
        }
    }
}
