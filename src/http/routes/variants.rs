//! `GET /v1/variants` and `GET /v1/variants/{variant}`.

use actix_web::{get, web, HttpResponse};

use super::cacheable_json;
use crate::http::error::{ApiError, GetAnswers, Problem};
use crate::service::VariantView;

/// Variant descriptions change only with a new release: clients may keep them an hour.
const MAX_AGE_SECONDS: u32 = 3600;

/// Every variant: id, name, board, start position, rules summary and default draw rules.
#[utoipa::path(tag = "variants",
    responses((status = 200, description = "Every variant", body = Vec<VariantView>,
        headers(("ETag" = String), ("Cache-Control" = String))), GetAnswers))]
#[get("/v1/variants")]
pub async fn list_variants() -> HttpResponse {
    cacheable_json(&VariantView::all(), MAX_AGE_SECONDS)
}

/// One variant, by id or alias.
#[utoipa::path(tag = "variants",
    params(("variant" = String, Path, max_length = 32, example = "international",
        description = "Variant id or alias, in any case. Any other name is `404 unknown_variant`")),
    responses(
        (status = 200, description = "The variant", body = VariantView,
            headers(("ETag" = String), ("Cache-Control" = String))),
        (status = 404, description = "No such variant", body = Problem, content_type = "application/problem+json",
            example = json!({"type": "about:blank", "title": "Unknown variant", "status": 404, "code": "unknown_variant",
            "detail": "unknown variant \"chess\"; known variants: english, russian, brazilian, international, spanish, italian, czech, turkish, frisian, frysk, pool, thai, antidraughts, breakthrough, canadian"})),
        GetAnswers
    )
)]
#[get("/v1/variants/{variant}")]
pub async fn get_variant(path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let view = VariantView::named(&path).map_err(|e| ApiError::UnknownVariant(e.to_string()))?;
    Ok(cacheable_json(&view, MAX_AGE_SECONDS))
}
