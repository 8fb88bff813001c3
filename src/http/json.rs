//! `JsonAnswer`: a `200 OK` JSON answer written by hand ([`WriteJson`]) straight into one
//! buffer sized for the answers of the game endpoints (actix's `web::Json` grows a `String`
//! from empty, through serde).

use actix_web::body::BoxBody;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, Responder};

use super::dto::WriteJson;

/// Room for a typical answer (the English start position's legal moves take about 900 bytes),
/// so that most answers are written without growing the buffer; no more, so that the buffer
/// is a small allocation (glibc serves up to 1,032 bytes from its per-thread cache).
const INITIAL_CAPACITY: usize = 1024;

/// A `200 OK` `application/json` answer.
pub struct JsonAnswer<T>(pub T);

impl<T: WriteJson> Responder for JsonAnswer<T> {
    type Body = BoxBody;

    fn respond_to(self, _req: &HttpRequest) -> HttpResponse {
        let mut body = Vec::with_capacity(INITIAL_CAPACITY);
        self.0.write_json(&mut body);
        HttpResponse::Ok()
            .insert_header((header::CONTENT_TYPE, HeaderValue::from_static("application/json")))
            .body(body)
    }
}
