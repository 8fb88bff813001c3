//! `GET /`: the demo page (plain HTML, CSS and JavaScript built into the binary), which plays
//! a game against the computer through the public `/v1` endpoints only.
//!
//! The files live in `src/http/demo/`; a strict Content-Security-Policy keeps the page from
//! reaching anything but this service. `client.js` is the typed client's ES module, built from
//! `clients/typescript/` (its `build.sh`) and committed: the page imports it, and so may others.

use actix_web::http::header;
use actix_web::{get, HttpResponse};

const INDEX_HTML: &str = include_str!("../demo/index.html");
const DEMO_JS: &str = include_str!("../demo/demo.js");
const DEMO_CSS: &str = include_str!("../demo/demo.css");
const CLIENT_JS: &str = include_str!("../demo/client.js");

/// Same-origin only: the page's own script and style, the API, and `data:` images.
const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
    img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The demo page: a game against the computer in the browser, through the public endpoints.
#[utoipa::path(tag = "demo",
    responses((status = 200, description = "The page", body = String, content_type = "text/html")))]
#[get("/")]
pub async fn index() -> HttpResponse {
    asset(INDEX_HTML, "text/html; charset=utf-8")
}

/// The demo page's script (also example code for the API).
#[utoipa::path(tag = "demo",
    responses((status = 200, description = "The script", body = String, content_type = "text/javascript")))]
#[get("/demo/demo.js")]
pub async fn script() -> HttpResponse {
    asset(DEMO_JS, "text/javascript; charset=utf-8")
}

/// The typed client of the API, as one ES module.
///
/// Import it with `import { DraughtsClient, Game } from '/demo/client.js'`. Built from `clients/typescript/`: types generated from this document by openapi-typescript,
/// calls made by openapi-fetch, and helpers that keep a game (variant, start FEN, moves), play,
/// undo, ask the computer, raise problems with their `code` and honour `Retry-After`.
#[utoipa::path(tag = "demo",
    responses((status = 200, description = "The ES module", body = String, content_type = "text/javascript")))]
#[get("/demo/client.js")]
pub async fn client() -> HttpResponse {
    asset(CLIENT_JS, "text/javascript; charset=utf-8")
}

/// The demo page's style sheet.
#[utoipa::path(tag = "demo",
    responses((status = 200, description = "The style sheet", body = String, content_type = "text/css")))]
#[get("/demo/demo.css")]
pub async fn style() -> HttpResponse {
    asset(DEMO_CSS, "text/css; charset=utf-8")
}

/// A built-in file; clients revalidate it (`no-cache`) with the `ETag` that
/// [`crate::http::middleware::conditional_get`] adds, so a new release shows at once.
fn asset(body: &'static str, content_type: &'static str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(content_type)
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header((header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::REFERRER_POLICY, "no-referrer"))
        .body(body)
}
