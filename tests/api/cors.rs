//! CORS: preflights answered; the allowed origins follow the configuration.

use reqwest::{Method, Response};

use crate::helpers::{assert_problem, header, spawn_app, spawn_app_with, TestApp};

const ALLOWED: &str = "https://allowed.example";
const OTHER: &str = "https://other.example";

async fn preflight(app: &TestApp, origin: &str) -> Response {
    app.request(Method::OPTIONS, "/v1/legal-moves")
        .header("Origin", origin)
        .header("Access-Control-Request-Method", "POST")
        .header("Access-Control-Request-Headers", "content-type")
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn a_preflight_is_answered_for_any_origin_by_default() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = preflight(&app, OTHER).await;

    // Assert
    assert!(response.status().is_success(), "{}", response.status());
    let allow_origin = header(response.headers(), "access-control-allow-origin");
    assert!(allow_origin == "*" || allow_origin == OTHER, "{allow_origin:?}");
    let methods = header(response.headers(), "access-control-allow-methods");
    assert!(methods.contains("POST"), "{methods:?}");
}

#[tokio::test]
async fn a_cross_origin_answer_exposes_the_request_id() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.request(Method::GET, "/v1/variants").header("Origin", OTHER).send().await.unwrap();

    // Assert
    assert!(!header(response.headers(), "access-control-allow-origin").is_empty());
    let exposed = header(response.headers(), "access-control-expose-headers").to_lowercase();
    assert!(exposed.contains("x-request-id"), "{exposed:?}");
}

#[tokio::test]
async fn a_configured_origin_is_allowed() {
    // Arrange
    let app = spawn_app_with(|c| c.cors_allowed_origins = vec![ALLOWED.to_owned()]).await;

    // Act
    let response = preflight(&app, ALLOWED).await;

    // Assert
    assert!(response.status().is_success(), "{}", response.status());
    assert_eq!(header(response.headers(), "access-control-allow-origin"), ALLOWED);
}

#[tokio::test]
async fn an_origin_not_configured_is_not_allowed() {
    // Arrange
    let app = spawn_app_with(|c| c.cors_allowed_origins = vec![ALLOWED.to_owned()]).await;

    // Act
    let response = preflight(&app, OTHER).await;

    // Assert
    assert_ne!(response.status().as_u16(), 500);
    let allow_origin = header(response.headers(), "access-control-allow-origin");
    assert!(allow_origin != OTHER && allow_origin != "*", "{OTHER} must not be allowed: {allow_origin:?}");
}

#[tokio::test]
async fn a_simple_request_from_a_configured_origin_gets_allow_origin() {
    // Arrange
    let app = spawn_app_with(|c| c.cors_allowed_origins = vec![ALLOWED.to_owned()]).await;

    // Act
    let response = app.request(Method::GET, "/v1/variants").header("Origin", ALLOWED).send().await.unwrap();

    // Assert
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(header(response.headers(), "access-control-allow-origin"), ALLOWED);
}

#[tokio::test]
async fn a_refused_origin_is_answered_as_problem_json() {
    // Arrange: docs/api.md, "Every error is application/problem+json".
    let app = spawn_app_with(|c| c.cors_allowed_origins = vec![ALLOWED.to_owned()]).await;

    for response in [
        preflight(&app, OTHER).await,
        app.request(Method::GET, "/v1/variants").header("Origin", OTHER).send().await.unwrap(),
    ] {
        // Assert: either served without CORS headers, or refused as a problem document.
        let status = response.status();
        let content_type = header(response.headers(), "content-type");
        let allow_origin = header(response.headers(), "access-control-allow-origin");
        assert_ne!(allow_origin, OTHER);
        if status.is_client_error() || status.is_server_error() {
            assert_eq!(content_type, "application/problem+json", "status {status}: {:?}", response.text().await);
        }
    }
}

#[tokio::test]
async fn a_refused_preflight_is_the_cors_rejected_problem() {
    // Arrange: docs/api.md, "Headers": a preflight from another origin gets `400 cors_rejected`.
    let app = spawn_app_with(|c| c.cors_allowed_origins = vec!["https://ok.example".to_owned()]).await;

    // Act
    let response = app
        .request(Method::OPTIONS, "/v1/legal-moves")
        .header("Origin", "https://evil.example")
        .header("Access-Control-Request-Method", "POST")
        .send()
        .await
        .unwrap();

    // Assert
    assert_eq!(header(response.headers(), "access-control-allow-origin"), "");
    let problem = assert_problem(response, 400, "cors_rejected").await;
    assert_eq!(problem["title"], "Cross-origin request rejected");
}
