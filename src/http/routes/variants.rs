//! `GET /v1/variants` and `GET /v1/variants/{variant}`.

use actix_web::{web, HttpResponse};

use super::cacheable_json;
use crate::http::dto::{parse_variant, VariantDto};
use crate::http::error::{ApiError, Problem};
use crate::rules::Variant;

/// Variant descriptions change only with a new release: clients may keep them an hour.
const MAX_AGE_SECONDS: u32 = 3600;

/// Every variant: id, name, board, start position, rules summary and default draw rules.
#[utoipa::path(
    get, path = "/v1/variants", tag = "variants",
    responses((status = 200, description = "Every variant", body = Vec<VariantDto>,
        headers(("ETag" = String), ("Cache-Control" = String))))
)]
pub async fn list_variants() -> HttpResponse {
    let all: Vec<VariantDto> = Variant::ALL.into_iter().map(|v| v.summary().into()).collect();
    cacheable_json(&all, MAX_AGE_SECONDS)
}

/// One variant, by id or alias.
#[utoipa::path(
    get, path = "/v1/variants/{variant}", tag = "variants",
    params(("variant" = String, Path, description = "Variant id or alias", example = "international")),
    responses(
        (status = 200, description = "The variant", body = VariantDto,
            headers(("ETag" = String), ("Cache-Control" = String))),
        (status = 404, description = "No such variant", body = Problem, content_type = "application/problem+json",
            example = json!({"type": "about:blank", "title": "Unknown variant", "status": 404,
                "code": "unknown_variant", "detail": "unknown variant \"chess\"; known variants: english, russian, brazilian, international, spanish, italian, czech, turkish"}))
    )
)]
pub async fn get_variant(path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let variant = parse_variant(&path)?;
    Ok(cacheable_json(&VariantDto::from(variant.summary()), MAX_AGE_SECONDS))
}
