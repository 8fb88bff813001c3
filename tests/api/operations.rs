//! Health, readiness and the documentation pages.

use crate::helpers::{header, ok_json, spawn_app};

#[tokio::test]
async fn healthz_answers_200() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.get("/healthz").await;

    // Assert
    assert_eq!(ok_json(response).await["status"], "ok");
}

#[tokio::test]
async fn readyz_answers_200_once_started() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.get("/readyz").await;

    // Assert
    assert_eq!(ok_json(response).await["status"], "ready");
}

#[tokio::test]
async fn swagger_ui_is_served_as_html() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.get("/swagger-ui/").await;

    // Assert
    assert_eq!(response.status().as_u16(), 200);
    let content_type = header(response.headers(), "content-type");
    assert!(content_type.starts_with("text/html"), "{content_type:?}");
    let page = response.text().await.unwrap().to_lowercase();
    assert!(page.contains("<html") && page.contains("swagger"), "{page}");
}

#[tokio::test]
async fn openapi_json_is_served_as_openapi_3_1() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.get("/api-docs/openapi.json").await;

    // Assert
    assert_eq!(ok_json(response).await["openapi"], "3.1.0");
}

#[test]
fn a_taken_ops_port_stops_the_binary_with_a_message_naming_ops_port() {
    // Arrange: a port already taken, given as the ops port.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = taken.local_addr().unwrap().port();

    // Act
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_draughts-api"))
        .env("PORT", "0")
        .env("OPS_PORT", port.to_string())
        .env("BIND_ADDR", "127.0.0.1")
        .env("ENDGAME_DIR", "off")
        .output()
        .expect("the binary runs");

    // Assert
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(stderr.contains(&format!("127.0.0.1:{port} (OPS_PORT)")), "{stderr}");
}
