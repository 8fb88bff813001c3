//! `GET /v1/board.svg`: a picture of a position, drawn by [`crate::render::board_svg`].

use actix_web::http::header;
use actix_web::{get, HttpRequest, HttpResponse};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::http::dto::{FenSchema, MoveTextSchema};
use crate::http::error::{ApiError, GetAnswers, Problem};
use crate::http::extract::read_query;
use crate::render::board_svg::{board_svg, Picture, RenderError, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};
use crate::rules::notation::Quoted;
use crate::rules::variant::UnknownVariant;

/// A picture depends only on its query: clients and proxies may keep it a day.
const MAX_AGE_SECONDS: u32 = 86_400;

/// The query of `GET /v1/board.svg`. Unknown parameters are refused (`invalid_query`).
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct BoardQuery {
    /// The variant id or alias, in any case. Any other name is `404 unknown_variant`.
    #[param(example = "english", max_length = 32)]
    pub variant: String,
    /// The position as PDN FEN, in the variant's square names; the start position if omitted.
    #[param(value_type = Option<FenSchema>, example = "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29")]
    pub fen: Option<String>,
    /// Squares to highlight as the last move, written as move text in the variant's square
    /// names, origin first: `11-15`, a capture's whole route `22x15x8`, `c3-d4`. Only the
    /// squares are read (the move before `fen` cannot be checked); each must be a playable
    /// square of the board (`422 unknown_square` otherwise).
    #[param(value_type = Option<MoveTextSchema>, example = "22x15")]
    pub last_move: Option<String>,
    /// `true` turns the board half a turn (Black's side at the bottom). Default `false`.
    #[param(value_type = Option<bool>, default = false)]
    pub flip: Option<String>,
    /// Width and height in pixels (the drawing scales; its `viewBox` is fixed). Default 480.
    #[param(value_type = Option<u32>, minimum = 64, maximum = 2048, default = 480)]
    pub size: Option<String>,
}

/// A picture of a position (SVG), to drop into a page.
///
/// Men and kings of both colours, square numbers (numbered boards) or files and ranks
/// (algebraic boards), the last move highlighted. The same query always gives the same
/// picture (`ETag`, `304` on `If-None-Match`). Every playable
/// square is a `rect` with `class="square"` and `data-square` (its name as the API writes it),
/// every piece a `g` with `class="piece <white|black> <man|king>"` and `data-square`, so a page
/// may inline the picture and make it clickable.
#[utoipa::path(
    tag = "pictures", params(BoardQuery),
    responses(
        (status = 200, description = "The picture", body = String, content_type = "image/svg+xml",
            headers(("ETag" = String), ("Cache-Control" = String)),
            example = json!("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"480\" height=\"480\" viewBox=\"0 0 432 432\" role=\"img\" class=\"board-picture\" data-variant=\"english\">…<rect class=\"square\" data-square=\"1\" …/>…<g class=\"piece black man\" data-square=\"1\">…</g>…</svg>")),
        (status = 400, description = "The query is not of the form the parameters give (a query of that form \
            is never answered 400): `invalid_query` (missing `variant`, an unknown or repeated parameter, bad \
            `flip` or `size`), `invalid_fen` (`fen` not of the form of `Fen`) or `invalid_move_syntax` \
            (`last_move` not of the form of `MoveText`)",
            body = Problem, content_type = "application/problem+json",
            example = json!({"type": "about:blank", "title": "Invalid query", "status": 400, "code": "invalid_query",
                "detail": "size: \"5000\" is not a whole number from 64 to 2048"})),
        (status = 404, description = "`unknown_variant`", body = Problem, content_type = "application/problem+json",
            example = json!({"type": "about:blank", "title": "Unknown variant", "status": 404, "code": "unknown_variant",
            "detail": "unknown variant \"chess\"; known variants: english, russian, brazilian, international, spanish, italian, czech, turkish, frisian, frysk, pool, thai, antidraughts, breakthrough, canadian"})),
        (status = 422, description = "The query has the form the parameters give, but `fen` is no position of \
            the variant (`invalid_position`), or `last_move` names a square its board does not have \
            (`unknown_square`)", body = Problem, content_type = "application/problem+json",
            example = json!({"type": "about:blank", "title": "Unknown square", "status": 422, "code": "unknown_square",
                "detail": "last_move: \"33\" is not a playable square of this board"})),
        GetAnswers
    )
)]
#[get("/v1/board.svg")]
pub async fn board_svg_picture(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let query: BoardQuery = read_query(req.query_string())?;
    let variant = query.variant.parse().map_err(|e: UnknownVariant| ApiError::UnknownVariant(e.to_string()))?;
    let picture = Picture {
        fen: query.fen.as_deref(),
        last_move: query.last_move.as_deref(),
        flip: parse_flip(query.flip.as_deref())?,
        size: parse_size(query.size.as_deref())?,
    };
    let svg = board_svg(variant, &picture).map_err(|e| {
        let detail = e.to_string();
        match e {
            RenderError::Fen(error) if error.is_syntax() => ApiError::InvalidFen(detail),
            RenderError::Fen(_) | RenderError::Position(_) => ApiError::InvalidPosition(detail),
            RenderError::LastMove(error) if error.is_syntax() => {
                ApiError::InvalidMoveSyntax { detail, move_index: None }
            }
            RenderError::LastMove(_) => ApiError::UnknownSquare(detail),
        }
    })?;
    Ok(HttpResponse::Ok()
        .content_type("image/svg+xml")
        .insert_header((header::CACHE_CONTROL, format!("public, max-age={MAX_AGE_SECONDS}")))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .body(svg))
}

fn parse_flip(text: Option<&str>) -> Result<bool, ApiError> {
    match text {
        None | Some("false") => Ok(false),
        Some("true") => Ok(true),
        Some(other) => Err(ApiError::InvalidQuery(format!("flip: {} is not true or false", Quoted(other)))),
    }
}

fn parse_size(text: Option<&str>) -> Result<u32, ApiError> {
    let Some(text) = text else {
        return Ok(DEFAULT_SIZE);
    };
    let digits = !text.is_empty() && text.len() <= 5 && text.bytes().all(|b| b.is_ascii_digit());
    match text.parse::<u32>() {
        Ok(size) if digits && (MIN_SIZE..=MAX_SIZE).contains(&size) => Ok(size),
        _ => Err(ApiError::InvalidQuery(format!(
            "size: {} is not a whole number from {MIN_SIZE} to {MAX_SIZE}",
            Quoted(text)
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flip_is_true_or_false() {
        assert_eq!(parse_flip(None), Ok(false));
        assert_eq!(parse_flip(Some("true")), Ok(true));
        assert_eq!(parse_flip(Some("false")), Ok(false));
        for bad in ["", "1", "yes", "TRUE"] {
            assert!(matches!(parse_flip(Some(bad)), Err(ApiError::InvalidQuery(_))), "{bad:?}");
        }
    }

    #[test]
    fn size_is_bounded() {
        assert_eq!(parse_size(None), Ok(DEFAULT_SIZE));
        assert_eq!(parse_size(Some("64")), Ok(64));
        assert_eq!(parse_size(Some("2048")), Ok(2048));
        for bad in ["", "63", "2049", "-100", "+100", "1e3", "99999999999", "480.0"] {
            assert!(matches!(parse_size(Some(bad)), Err(ApiError::InvalidQuery(_))), "{bad:?}");
        }
    }
}
