//! Request ids, and the same request always answered the same way.

use reqwest::Method;
use serde_json::json;

use crate::helpers::{header, spawn_app};

#[tokio::test]
async fn every_answer_carries_a_request_id() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let answers = [
        app.get("/v1/variants").await,
        app.get("/healthz").await,
        app.get("/no-such-path").await,
        app.get("/v1/legal-moves").await,
        app.post_json("/v1/legal-moves", &json!({"variant": "english"})).await,
        app.post_json("/v1/legal-moves", &json!({"variant": "chess"})).await,
        app.post_raw("/v1/apply-move", "{", "application/json").await,
    ];

    // Assert
    let mut ids = Vec::new();
    for response in answers {
        let id = header(response.headers(), "x-request-id");
        assert!(!id.is_empty(), "{} {:?}", response.status(), response.url().path());
        ids.push(id);
    }
    let mut distinct = ids.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), ids.len(), "fresh ids differ: {ids:?}");
}

#[tokio::test]
async fn the_callers_request_id_is_echoed() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app
        .request(Method::POST, "/v1/legal-moves")
        .header("X-Request-Id", "abc-123")
        .json(&json!({"variant": "english"}))
        .send()
        .await
        .unwrap();

    // Assert
    assert_eq!(header(response.headers(), "x-request-id"), "abc-123");
}

#[tokio::test]
async fn the_callers_request_id_is_echoed_on_errors_too() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app
        .request(Method::POST, "/v1/legal-moves")
        .header("X-Request-Id", "abc-123")
        .json(&json!({"variant": "chess"}))
        .send()
        .await
        .unwrap();

    // Assert
    assert_eq!(response.status().as_u16(), 404);
    assert_eq!(header(response.headers(), "x-request-id"), "abc-123");
}

#[tokio::test]
async fn the_same_legal_moves_request_gives_byte_identical_answers() {
    // Arrange
    let app = spawn_app().await;
    let request = json!({
        "variant": "international",
        "moves": ["32-28", "19-23", "28x19", "14x23"],
    });

    // Act
    let first = app.post_json("/v1/legal-moves", &request).await;
    let second = app.post_json("/v1/legal-moves", &request).await;

    // Assert
    assert_eq!(first.status().as_u16(), 200);
    assert_eq!(second.status().as_u16(), 200);
    let (first, second) = (first.bytes().await.unwrap(), second.bytes().await.unwrap());
    assert!(!first.is_empty());
    assert_eq!(first, second);
}

#[tokio::test]
async fn the_same_apply_move_request_gives_byte_identical_answers() {
    // Arrange
    let app = spawn_app().await;
    let request = json!({"variant": "russian", "moves": ["c3-d4", "f6-g5"], "move": "d4-c5"});

    // Act
    let first = app.post_json("/v1/apply-move", &request).await;
    let second = app.post_json("/v1/apply-move", &request).await;

    // Assert
    assert_eq!(first.status().as_u16(), 200);
    let (first, second) = (first.bytes().await.unwrap(), second.bytes().await.unwrap());
    assert_eq!(first, second);
}

#[tokio::test]
async fn the_variants_etag_is_stable_across_requests() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let first = header(app.get("/v1/variants").await.headers(), "etag");
    let second = header(app.get("/v1/variants").await.headers(), "etag");

    // Assert
    assert!(!first.is_empty());
    assert_eq!(first, second);
}

#[tokio::test]
async fn every_successful_get_carries_cache_control() {
    // Arrange: docs/api.md, "Successful answers to GET requests carry Cache-Control and an ETag".
    let app = spawn_app().await;
    let paths = [
        "/v1/variants",
        "/v1/variants/english",
        "/healthz",
        "/readyz",
        "/metrics",
        "/api-docs/openapi.json",
        "/swagger-ui/",
    ];
    let mut missing = Vec::new();

    for path in paths {
        // Act
        let response = app.get(path).await;

        // Assert
        assert_eq!(response.status().as_u16(), 200, "{path}");
        if header(response.headers(), "cache-control").is_empty() {
            missing.push(path);
        }
    }
    assert!(missing.is_empty(), "no Cache-Control on {missing:?}");
}

#[tokio::test]
async fn the_openapi_document_carries_an_etag_and_answers_304_to_it() {
    // Arrange
    let app = spawn_app().await;
    let first = app.get("/api-docs/openapi.json").await;
    let etag = header(first.headers(), "etag");
    assert!(!etag.is_empty(), "no ETag on /api-docs/openapi.json");

    // Act
    let second =
        app.request(Method::GET, "/api-docs/openapi.json").header("If-None-Match", &etag).send().await.unwrap();

    // Assert
    assert_eq!(second.status().as_u16(), 304);
}
