//! The served OpenAPI document is the committed one.

use serde_json::Value;

use crate::helpers::{ok_json, spawn_app};

#[tokio::test]
async fn the_served_openapi_document_equals_the_committed_file() {
    // Arrange
    let app = spawn_app().await;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/openapi/openapi.json");
    let committed: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("openapi/openapi.json is committed"))
            .expect("openapi/openapi.json is JSON");

    // Act
    let served = ok_json(app.get("/api-docs/openapi.json").await).await;

    // Assert
    assert!(
        served == committed,
        "the served OpenAPI document differs from openapi/openapi.json; regenerate it with \
         `cargo run --quiet -- openapi > openapi/openapi.json` and review the diff"
    );
}

#[tokio::test]
async fn the_openapi_document_is_3_1_and_describes_the_game_endpoints() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let document = ok_json(app.get("/api-docs/openapi.json").await).await;

    // Assert
    assert_eq!(document["openapi"], "3.1.0");
    for path in [
        "/v1/variants",
        "/v1/variants/{variant}",
        "/v1/legal-moves",
        "/v1/apply-move",
        "/v1/pdn/parse",
        "/v1/pdn/export",
    ] {
        assert!(document["paths"][path].is_object(), "{path} is documented");
    }
}
