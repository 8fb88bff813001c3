//! `ApiError`: every error the API answers with, as `application/problem+json` (RFC 9457) with
//! the codes of `docs/api.md`. One place maps the service's errors to HTTP; [`GameErrors`] is
//! the one documented set of error answers the game endpoints share.

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use utoipa::{IntoResponses, ToSchema};

use crate::rules::notation::move_text::MoveTextError;
use crate::rules::notation::record::{RecordError, MAX_GAMES};
use crate::rules::notation::Quoted;
use crate::rules::Status;
use crate::service::{RecordsError, ReplayError, ReviewTooLong, SearchError};

/// Seconds a client refused for want of a search thread is asked to wait.
const RETRY_AFTER_SECONDS: u64 = 1;

/// The problem document every error answers with. The schema has no example of its own: each
/// error answer of the OpenAPI document gives one of its own status.
#[derive(Clone, Debug, Serialize, ToSchema, PartialEq, Eq)]
pub struct Problem {
    /// Always `about:blank`: `code` tells the kind of problem.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// A short, fixed summary of the kind of problem.
    pub title: &'static str,
    /// The HTTP status.
    pub status: u16,
    /// A stable machine-readable code (see the API's error table).
    pub code: &'static str,
    /// What exactly is wrong with this request.
    pub detail: String,
    /// For `illegal_move` and `ambiguous_move`: the legal moves (or the candidates), in notation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal_moves: Option<Vec<String>>,
    /// For errors in the history: the index of the offending entry of `moves` (for a PDN
    /// game: of its moves, from 0).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_index: Option<usize>,
    /// For errors in a game of a PDN text: the game's place in the text, from 0 (its index in
    /// the answer's `games`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_index: Option<usize>,
}

/// An error answer of the API. Fields mean what the same names mean in [`Problem`].
#[allow(missing_docs)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApiError {
    /// 400 `invalid_json`: the body is not the JSON this endpoint takes.
    InvalidJson(String),
    /// 400 `invalid_fen`: the FEN is not of the form of a FEN.
    InvalidFen(String),
    /// 400 `invalid_move_syntax`: move text not of the form of move text.
    InvalidMoveSyntax { detail: String, move_index: Option<usize> },
    /// 400 `invalid_rules`: `rules` is not of the form the schema gives.
    InvalidRules(String),
    /// 400 `invalid_query`: a query parameter of a GET endpoint.
    InvalidQuery(String),
    /// 404 `unknown_variant`.
    UnknownVariant(String),
    /// 404 `not_found`: no such endpoint.
    NotFound(String),
    /// 405 `method_not_allowed`.
    MethodNotAllowed(String),
    /// 413 `payload_too_large`.
    PayloadTooLarge(usize),
    /// 422 `invalid_position`: a FEN of the right form that is not a position of the variant.
    InvalidPosition(String),
    /// 422 `unsupported_rules`: rule overrides of the right form that the variant does not
    /// allow.
    UnsupportedRules(String),
    /// 422 `unknown_square`: move text of the right form that names a square the board does
    /// not have, where no move is looked for (`last_move` of the picture).
    UnknownSquare(String),
    /// 422 `illegal_move`.
    IllegalMove { detail: String, legal_moves: Vec<String>, move_index: Option<usize> },
    /// 422 `ambiguous_move`.
    AmbiguousMove { detail: String, candidates: Vec<String>, move_index: Option<usize> },
    /// 422 `game_over`.
    GameOver { detail: String, move_index: Option<usize> },
    /// 422 `too_many_moves`.
    TooManyMoves { count: usize, max: usize },
    /// 422 `invalid_pdn`: a PDN text that is not of PDN's form, holds no game, or a game whose
    /// `GameType` names no variant.
    InvalidPdn(String),
    /// 422 `too_many_games`: a PDN text with more games than `max`.
    TooManyGames { max: usize },
    /// 422 `invalid_tags`: export tags the record cannot carry.
    InvalidTags(String),
    /// The error `error` in game `game` (from 0) of a PDN text: its status and code, with
    /// `game_index`.
    InGame { game: usize, error: Box<ApiError> },
    /// 429 `rate_limited`, with the seconds to wait.
    RateLimited { retry_after: u64 },
    /// 400 `cors_rejected`: a cross-origin request or preflight from an origin not allowed.
    CorsRejected(String),
    /// 503 `overloaded`: every search thread is busy and the queue is full; retry after the
    /// given seconds.
    Overloaded { retry_after: u64 },
    /// 500 `internal_error`: a bug (a search thread failed); never expected.
    Internal(String),
    /// 415 `unsupported_encoding`: a body whose `Content-Encoding` is not one coding the
    /// service reads.
    UnsupportedEncoding(String),
    /// 422 `review_too_long`: a review whose positions, each searched for the time asked,
    /// would take longer than its limit.
    ReviewTooLong(ReviewTooLong),
    /// 408 `request_timeout`: the body did not arrive in time; the connection is closed.
    RequestTimeout(String),
    /// 404 `endgame_not_covered`: the endgame databases do not know the position (a variant
    /// without databases, none installed, or too many pieces).
    EndgameNotCovered(String),
    /// 503 `answer_timeout`: the answer was not ready in time; retry after the given seconds.
    AnswerTimeout { retry_after: u64 },
    /// Any other error status a library answered with, as `http_error`.
    Http { status: StatusCode, detail: String },
}

impl ApiError {
    /// Status, code and title.
    pub fn kind(&self) -> (StatusCode, &'static str, &'static str) {
        use ApiError::*;
        match self {
            InvalidJson(_) => (StatusCode::BAD_REQUEST, "invalid_json", "Invalid JSON"),
            InvalidFen(_) => (StatusCode::BAD_REQUEST, "invalid_fen", "Invalid FEN"),
            InvalidMoveSyntax { .. } => (StatusCode::BAD_REQUEST, "invalid_move_syntax", "Invalid move syntax"),
            InvalidRules(_) => (StatusCode::BAD_REQUEST, "invalid_rules", "Invalid rules"),
            InvalidQuery(_) => (StatusCode::BAD_REQUEST, "invalid_query", "Invalid query"),
            UnknownVariant(_) => (StatusCode::NOT_FOUND, "unknown_variant", "Unknown variant"),
            NotFound(_) => (StatusCode::NOT_FOUND, "not_found", "Not found"),
            EndgameNotCovered(_) => (StatusCode::NOT_FOUND, "endgame_not_covered", "Not in the endgame databases"),
            MethodNotAllowed(_) => (StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed", "Method not allowed"),
            PayloadTooLarge(_) => (StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large", "Payload too large"),
            InvalidPosition(_) => (StatusCode::UNPROCESSABLE_ENTITY, "invalid_position", "Invalid position"),
            UnsupportedRules(_) => (StatusCode::UNPROCESSABLE_ENTITY, "unsupported_rules", "Unsupported rules"),
            UnknownSquare(_) => (StatusCode::UNPROCESSABLE_ENTITY, "unknown_square", "Unknown square"),
            IllegalMove { .. } => (StatusCode::UNPROCESSABLE_ENTITY, "illegal_move", "Illegal move"),
            AmbiguousMove { .. } => (StatusCode::UNPROCESSABLE_ENTITY, "ambiguous_move", "Ambiguous move"),
            GameOver { .. } => (StatusCode::UNPROCESSABLE_ENTITY, "game_over", "Game over"),
            TooManyMoves { .. } => (StatusCode::UNPROCESSABLE_ENTITY, "too_many_moves", "Too many moves"),
            InvalidPdn(_) => (StatusCode::UNPROCESSABLE_ENTITY, "invalid_pdn", "Invalid PDN"),
            TooManyGames { .. } => (StatusCode::UNPROCESSABLE_ENTITY, "too_many_games", "Too many games"),
            InvalidTags(_) => (StatusCode::UNPROCESSABLE_ENTITY, "invalid_tags", "Invalid tags"),
            InGame { error, .. } => error.kind(),
            RateLimited { .. } => (StatusCode::TOO_MANY_REQUESTS, "rate_limited", "Rate limited"),
            CorsRejected(_) => (StatusCode::BAD_REQUEST, "cors_rejected", "Cross-origin request rejected"),
            Overloaded { .. } => (StatusCode::SERVICE_UNAVAILABLE, "overloaded", "Overloaded"),
            Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal_error", "Internal error"),
            UnsupportedEncoding(_) => {
                (StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_encoding", "Unsupported content encoding")
            }
            ReviewTooLong(_) => (StatusCode::UNPROCESSABLE_ENTITY, "review_too_long", "Review too long"),
            RequestTimeout(_) => (StatusCode::REQUEST_TIMEOUT, "request_timeout", "Request timeout"),
            AnswerTimeout { .. } => (StatusCode::SERVICE_UNAVAILABLE, "answer_timeout", "Answer timeout"),
            Http { status, .. } => (*status, "http_error", status.canonical_reason().unwrap_or("HTTP error")),
        }
    }

    /// The problem document.
    pub fn problem(&self) -> Problem {
        use ApiError::*;
        let (status, code, title) = self.kind();
        let (detail, legal_moves, move_index) = match self {
            InvalidJson(d) | InvalidFen(d) | InvalidRules(d) | InvalidQuery(d) | InvalidPosition(d) => {
                (d.clone(), None, None)
            }
            UnsupportedRules(d) | UnknownSquare(d) | InvalidPdn(d) | InvalidTags(d) => (d.clone(), None, None),
            UnknownVariant(d) | NotFound(d) | EndgameNotCovered(d) | MethodNotAllowed(d) | CorsRejected(d)
            | Internal(d) => (d.clone(), None, None),
            RequestTimeout(d) | UnsupportedEncoding(d) | Http { detail: d, .. } => (d.clone(), None, None),
            ReviewTooLong(too_long) => (
                format!(
                    "the review would search {} positions for {} ms each, {} ms in all; at most {} ms are \
                     allowed (ask for less time per position, or omit time_ms to have it fitted)",
                    too_long.positions,
                    too_long.per_position.as_millis(),
                    too_long.per_position.as_millis() * too_long.positions as u128,
                    too_long.max_total.as_millis()
                ),
                None,
                None,
            ),
            AnswerTimeout { retry_after } => {
                (format!("the answer was not ready in time; retry in {retry_after} s"), None, None)
            }
            InvalidMoveSyntax { detail, move_index } | GameOver { detail, move_index } => {
                (detail.clone(), None, *move_index)
            }
            PayloadTooLarge(limit) => (format!("the request body is larger than {limit} bytes"), None, None),
            IllegalMove { detail, legal_moves, move_index } => (detail.clone(), Some(legal_moves.clone()), *move_index),
            AmbiguousMove { detail, candidates, move_index } => (detail.clone(), Some(candidates.clone()), *move_index),
            TooManyMoves { count, max } => {
                (format!("the history has {count} moves; at most {max} are accepted"), None, None)
            }
            TooManyGames { max } => {
                (format!("the text holds more than {max} games; at most {max} are accepted"), None, None)
            }
            InGame { game, error } => {
                let problem = error.problem();
                let detail = format!("games[{game}]: {}", problem.detail);
                return Problem { detail, game_index: Some(*game), ..problem };
            }
            RateLimited { retry_after } => {
                (format!("too many requests from this client; retry in {retry_after} s"), None, None)
            }
            Overloaded { retry_after } => {
                (format!("every search thread is busy and the queue is full; retry in {retry_after} s"), None, None)
            }
        };
        Problem {
            kind: "about:blank",
            title,
            status: status.as_u16(),
            code,
            detail,
            legal_moves,
            move_index,
            game_index: None,
        }
    }
}

impl core::fmt::Display for ApiError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let problem = self.problem();
        write!(f, "{}: {}", problem.code, problem.detail)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.kind().0
    }

    fn error_response(&self) -> HttpResponse {
        let mut response = HttpResponse::build(self.status_code());
        response.insert_header((header::CONTENT_TYPE, HeaderValue::from_static("application/problem+json")));
        if let ApiError::RateLimited { retry_after }
        | ApiError::Overloaded { retry_after }
        | ApiError::AnswerTimeout { retry_after } = self
        {
            response.insert_header((header::RETRY_AFTER, retry_after.to_string()));
        }
        if let ApiError::RequestTimeout(_) | ApiError::PayloadTooLarge(_) | ApiError::UnsupportedEncoding(_) = self {
            // The rest of the body may still come: the connection cannot carry another request.
            response.force_close();
        }
        response.body(serde_json::to_string(&self.problem()).unwrap_or_default())
    }
}

impl From<ReplayError> for ApiError {
    fn from(error: ReplayError) -> ApiError {
        let detail = error.to_string();
        match error {
            ReplayError::Fen(error) if error.is_syntax() => ApiError::InvalidFen(detail),
            ReplayError::Fen(_) | ReplayError::Position(_) => ApiError::InvalidPosition(detail),
            ReplayError::Rules(_) => ApiError::UnsupportedRules(detail),
            ReplayError::MoveSyntax { index, .. } => ApiError::InvalidMoveSyntax { detail, move_index: index },
            ReplayError::Illegal { index, error: MoveTextError::Ambiguous(_), candidates, .. } => {
                ApiError::AmbiguousMove { detail, candidates, move_index: index }
            }
            ReplayError::Illegal { index, candidates, .. } => {
                ApiError::IllegalMove { detail, legal_moves: candidates, move_index: index }
            }
            ReplayError::GameOver { index, status } => ApiError::GameOver {
                detail: match outcome(status) {
                    Some(outcome) => format!("{detail}: {outcome}"),
                    None => detail,
                },
                move_index: index,
            },
        }
    }
}

impl From<RecordsError> for ApiError {
    fn from(error: RecordsError) -> ApiError {
        let in_game = |game, error| ApiError::InGame { game, error: Box::new(error) };
        match error {
            RecordsError::Text(RecordError::TooManyGames) => ApiError::TooManyGames { max: MAX_GAMES },
            RecordsError::Text(RecordError::Malformed { game, what }) => in_game(game, ApiError::InvalidPdn(what)),
            RecordsError::NoGames => ApiError::InvalidPdn(error.to_string()),
            RecordsError::UnknownGameType { game, ref value } => in_game(
                game,
                ApiError::InvalidPdn(format!("the GameType {} names no variant this service plays", Quoted(value))),
            ),
            // A game's FEN tag is part of the text: of the schema's form whatever it holds.
            RecordsError::Game { game, error: error @ ReplayError::Fen(_) } => {
                in_game(game, ApiError::InvalidPosition(error.to_string()))
            }
            RecordsError::TooManyMoves { game, count, max } => in_game(game, ApiError::TooManyMoves { count, max }),
            RecordsError::Game { game, error } => in_game(game, error.into()),
            RecordsError::Replay(error) => error.into(),
            RecordsError::Tag(message) => ApiError::InvalidTags(message),
        }
    }
}

impl From<SearchError> for ApiError {
    fn from(error: SearchError) -> ApiError {
        match error {
            SearchError::Replay(error) => error.into(),
            SearchError::GameOver(status) => ApiError::GameOver {
                detail: format!(
                    "the game is over: {}; there is no move to make",
                    outcome(status).unwrap_or_else(|| "it has ended".to_owned())
                ),
                move_index: None,
            },
            SearchError::ReviewTooLong(too_long) => ApiError::ReviewTooLong(too_long),
            SearchError::Overloaded(_) => ApiError::Overloaded { retry_after: RETRY_AFTER_SECONDS },
            SearchError::Failed(kind) => ApiError::Internal(format!("the {} search failed", kind.id())),
            SearchError::NotCovered(reason) => ApiError::EndgameNotCovered(reason.to_string()),
        }
    }
}

/// How a finished game ended, in words (`None` while it goes on).
fn outcome(status: Status) -> Option<String> {
    match status {
        Status::Win { winner, .. } => Some(format!("{} has won", winner.name())),
        Status::Draw(_) => Some("it is drawn".to_owned()),
        Status::Ongoing => None,
    }
}

/// The error answers every game endpoint may give besides [`BodyErrors`], documented once.
#[derive(IntoResponses)]
pub enum GameErrors {
    /// The request is not of the form the schema gives (a request of that form is never
    /// answered 400): `invalid_json` (malformed, a wrong type, an unknown field, a number out
    /// of range), `invalid_fen` (a FEN not of the form of `Fen`), `invalid_move_syntax` (move
    /// text not of the form of `MoveText`) or `invalid_rules` (`rules` not of its form).
    #[response(status = 400, content_type = "application/problem+json",
        example = json!({"type": "about:blank", "title": "Invalid rules", "status": 400, "code": "invalid_rules",
            "detail": "rules.draw.repetitions: invalid value: integer `300`, expected a whole number from 0 to 255"}))]
    BadRequest(Problem),
    /// `unknown_variant`.
    #[response(status = 404, content_type = "application/problem+json", example = json!({"type": "about:blank", "title": "Unknown variant", "status": 404, "code": "unknown_variant",
            "detail": "unknown variant \"chess\"; known variants: english, russian, brazilian, international, spanish, italian, czech, turkish, frisian, frysk, pool, thai, antidraughts, breakthrough, canadian"}))]
    UnknownVariant(Problem),
    /// The request has the form the schema gives but cannot be done: `invalid_position` (a
    /// FEN that is no position of the variant, such as one naming a square its board does not
    /// have), `illegal_move` (including a move naming such a square), `ambiguous_move`,
    /// `game_over`, `too_many_moves`, `unsupported_rules` (a rule the variant does not
    /// allow, such as optional captures in `international`) or, for a review,
    /// `review_too_long`.
    #[response(status = 422, content_type = "application/problem+json",
        example = json!({"type": "about:blank", "title": "Illegal move", "status": 422, "code": "illegal_move",
            "detail": "moves[2]: 15-19 is not a legal move for black here; captures are mandatory",
            "legal_moves": ["15x22"], "move_index": 2}))]
    Unprocessable(Problem),
}

/// The error answers of `endgame` besides [`BodyErrors`].
#[derive(IntoResponses)]
pub enum EndgameErrors {
    /// The request is not of the form the schema gives, as for `legal-moves`.
    #[response(status = 400, content_type = "application/problem+json",
        example = json!({"type": "about:blank", "title": "Invalid FEN", "status": 400, "code": "invalid_fen",
            "detail": "the FEN has no side to move"}))]
    BadRequest(Problem),
    /// `endgame_not_covered`: the databases do not know the position (a variant without
    /// databases, none installed on this server, captures made optional, or more pieces than
    /// they hold), the reason in `detail`; or `unknown_variant`.
    #[response(status = 404, content_type = "application/problem+json",
        example = json!({"type": "about:blank", "title": "Not in the endgame databases", "status": 404,
            "code": "endgame_not_covered",
            "detail": "the position has 24 pieces; the english endgame databases on this server hold at most 5"}))]
    NotCovered(Problem),
    /// As for `legal-moves` (`invalid_position`, `illegal_move`, …), and `game_over` when the
    /// game has ended.
    #[response(status = 422, content_type = "application/problem+json",
        example = json!({"type": "about:blank", "title": "Game over", "status": 422, "code": "game_over",
            "detail": "the game is over: white has won; there is no move to make"}))]
    Unprocessable(Problem),
}

/// The error answers every endpoint that reads a body may give, documented once.
#[derive(IntoResponses)]
pub enum BodyErrors {
    /// `payload_too_large`.
    #[response(status = 413, content_type = "application/problem+json",
        example = json!({"type": "about:blank", "title": "Payload too large", "status": 413,
            "code": "payload_too_large", "detail": "the request body is larger than 65536 bytes"}))]
    PayloadTooLarge(Problem),
    /// `unsupported_encoding`: a `Content-Encoding` that is not one of `gzip`, `deflate`, `br`,
    /// `zstd` or `identity`.
    #[response(status = 415, content_type = "application/problem+json",
        example = json!({"type": "about:blank", "title": "Unsupported content encoding", "status": 415,
            "code": "unsupported_encoding",
            "detail": "Content-Encoding \"compress\" is not one coding this service reads (gzip, deflate, br, zstd or identity)"}))]
    UnsupportedEncoding(Problem),
    /// `rate_limited`.
    #[response(status = 429, content_type = "application/problem+json",
        headers(("Retry-After" = u64, description = "Seconds until the client's minute ends")),
        example = json!({"type": "about:blank", "title": "Rate limited", "status": 429, "code": "rate_limited",
            "detail": "too many requests from this client; retry in 42 s"}))]
    RateLimited(Problem),
}

/// The answers every cacheable GET endpoint may give besides its own, documented once.
#[derive(IntoResponses)]
pub enum GetAnswers {
    /// Not modified: the caller's `If-None-Match` holds the answer's `ETag`.
    #[response(status = 304, headers(("ETag" = String), ("Cache-Control" = String)))]
    NotModified,
    /// `rate_limited`.
    #[response(status = 429, content_type = "application/problem+json",
        headers(("Retry-After" = u64, description = "Seconds until the client's minute ends")),
        example = json!({"type": "about:blank", "title": "Rate limited", "status": 429, "code": "rate_limited",
            "detail": "too many requests from this client; retry in 42 s"}))]
    RateLimited(Problem),
}

/// The error answer of the endpoints that search, when every search thread is busy.
#[derive(IntoResponses)]
pub enum OverloadedError {
    /// `overloaded`: every search thread is busy and the queue is full; see `Retry-After`
    #[response(status = 503, content_type = "application/problem+json",
        headers(("Retry-After" = u64, description = "Seconds to wait before retrying")),
        example = json!({"type": "about:blank", "title": "Overloaded", "status": 503, "code": "overloaded",
            "detail": "every search thread is busy and the queue is full; retry in 1 s"}))]
    Overloaded(Problem),
}

/// The error answers of the PDN endpoints besides [`BodyErrors`], documented once.
#[derive(IntoResponses)]
pub enum PdnErrors {
    /// The body is not of the form the schema gives (a request of that form is never answered
    /// 400): `invalid_json` (malformed, a wrong type, an unknown field, a text over its length,
    /// a tag name not of its form), or for `export` the game fields' `invalid_fen`,
    /// `invalid_move_syntax` or `invalid_rules`.
    #[response(status = 400, content_type = "application/problem+json",
        example = json!({"type": "about:blank", "title": "Invalid JSON", "status": 400, "code": "invalid_json",
            "detail": "pdn: the text is longer than 40000 characters"}))]
    BadRequest(Problem),
    /// `unknown_variant`.
    #[response(status = 404, content_type = "application/problem+json",
        example = json!({"type": "about:blank", "title": "Unknown variant", "status": 404, "code": "unknown_variant",
            "detail": "unknown variant \"chess\"; known variants: english, russian, brazilian, international, spanish, italian, czech, turkish, frisian, frysk, pool, thai, antidraughts, breakthrough, canadian"}))]
    UnknownVariant(Problem),
    /// The body has the schema's form but cannot be done. `parse`: `invalid_pdn` (a text not of
    /// PDN's form, with no game, or a `GameType` naming no variant), `too_many_games`, and for a
    /// game of the text (with `game_index`, and `move_index` for a move): `too_many_moves`,
    /// `illegal_move` (also a move that cannot be read), `ambiguous_move`, `game_over`,
    /// `invalid_position` (its `FEN` tag). `export`: as `legal-moves`, and `invalid_tags`.
    #[response(status = 422, content_type = "application/problem+json",
        example = json!({"type": "about:blank", "title": "Illegal move", "status": 422, "code": "illegal_move",
            "detail": "games[1]: moves[2]: 15-19 is not a legal move for black here; captures are mandatory",
            "legal_moves": ["15x22"], "move_index": 2, "game_index": 1}))]
    Unprocessable(Problem),
}
