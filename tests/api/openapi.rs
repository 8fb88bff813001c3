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

/// Every answer of every operation in the served document: path, method, status and answer.
fn answers(document: &Value) -> Vec<(String, String, String, Value)> {
    let mut out = Vec::new();
    for (path, operations) in document["paths"].as_object().expect("paths") {
        for (method, operation) in operations.as_object().expect("operations") {
            for (status, answer) in operation["responses"].as_object().expect("responses") {
                out.push((path.clone(), method.clone(), status.clone(), answer.clone()));
            }
        }
    }
    out
}

#[tokio::test]
async fn every_error_answer_has_an_example_of_its_own_status() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let document = ok_json(app.get("/api-docs/openapi.json").await).await;

    // Assert: Swagger UI shows a response's example, else the schema's; Problem has none, so
    // an error answer without its own example would show nothing of its kind.
    assert!(document["components"]["schemas"]["Problem"].get("example").is_none());
    let mut errors = 0;
    for (path, method, status, answer) in answers(&document) {
        let Some(content) = answer["content"].as_object() else { continue };
        for (media, body) in content {
            let example = &body["example"];
            if let Some(code) = example["status"].as_u64() {
                assert_eq!(code.to_string(), status, "{method} {path} {status} {media}: its example is a {code}");
            }
            if media == "application/problem+json" {
                errors += 1;
                assert!(example.is_object(), "{method} {path} {status}: the error answer has no example");
                assert_eq!(example["status"].as_u64().map(|s| s.to_string()), Some(status.clone()));
            }
        }
    }
    assert!(errors > 50, "{errors} error answers");
}

#[tokio::test]
async fn the_variants_document_their_304_and_429() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let document = ok_json(app.get("/api-docs/openapi.json").await).await;

    // Assert
    for path in ["/v1/variants", "/v1/variants/{variant}", "/v1/board.svg"] {
        let responses = &document["paths"][path]["get"]["responses"];
        assert!(responses["304"].is_object(), "{path} documents 304");
        assert_eq!(
            responses["429"]["content"]["application/problem+json"]["example"]["code"], "rate_limited",
            "{path}"
        );
    }
}

#[tokio::test]
async fn the_picture_has_an_svg_text_example_and_summaries_are_plain_text() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let document = ok_json(app.get("/api-docs/openapi.json").await).await;

    // Assert: Swagger UI cannot make up an XML example of a bare string schema.
    let svg = &document["paths"]["/v1/board.svg"]["get"]["responses"]["200"]["content"]["image/svg+xml"]["example"];
    assert!(svg.as_str().is_some_and(|text| text.starts_with("<svg ")), "{svg}");
    // Swagger UI shows summaries as plain text: markdown belongs in descriptions.
    for (path, operations) in document["paths"].as_object().expect("paths") {
        for (method, operation) in operations.as_object().expect("operations") {
            let summary = operation["summary"].as_str().unwrap_or_default();
            assert!(!summary.contains('`'), "{method} {path}: {summary:?}");
        }
    }
}
