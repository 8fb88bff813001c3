//! `GET /metrics`: Prometheus text, labelled by route template.

use serde_json::json;

use crate::helpers::{header, spawn_app, TestApp};

async fn metrics_text(app: &TestApp) -> String {
    let response = app.get("/metrics").await;
    assert_eq!(response.status().as_u16(), 200);
    let content_type = header(response.headers(), "content-type");
    assert!(content_type.starts_with("text/plain"), "{content_type:?}");
    response.text().await.unwrap()
}

#[tokio::test]
async fn metrics_count_requests_by_route_template_after_traffic() {
    // Arrange
    let app = spawn_app().await;
    for _ in 0..2 {
        let response = app.post_json("/v1/legal-moves", &json!({"variant": "english"})).await;
        assert_eq!(response.status().as_u16(), 200);
    }
    for id in ["english", "russian"] {
        assert_eq!(app.get(&format!("/v1/variants/{id}")).await.status().as_u16(), 200);
    }

    // Act
    let text = metrics_text(&app).await;

    // Assert
    assert!(text.contains(r#"http_requests_total{method="POST",route="/v1/legal-moves",status="200"} 2"#), "{text}");
    assert!(
        text.contains(r#"http_request_duration_seconds_bucket{method="GET",route="/v1/variants/{variant}""#),
        "{text}"
    );
    assert!(
        text.contains(r#"http_requests_total{method="GET",route="/v1/variants/{variant}",status="200"} 2"#),
        "{text}"
    );
    assert!(!text.contains("/v1/variants/english"), "raw paths leak into labels");
    assert!(!text.contains("/v1/variants/russian"), "raw paths leak into labels");
    assert!(text.contains("process_resident_memory_bytes"), "{text}");
    assert!(text.contains("draughts_game_requests_total"), "{text}");
}

#[tokio::test]
async fn metrics_never_label_by_an_unknown_raw_path() {
    // Arrange
    let app = spawn_app().await;
    let _ = app.get("/some/random/path/12345").await;

    // Act
    let text = metrics_text(&app).await;

    // Assert
    assert!(text.contains(r#"status="404""#), "{text}");
    assert!(!text.contains("12345"), "{text}");
}

#[tokio::test]
async fn metrics_count_errors_by_status() {
    // Arrange
    let app = spawn_app().await;
    let _ = app.post_json("/v1/apply-move", &json!({"variant": "english", "move": "1-2"})).await;

    // Act
    let text = metrics_text(&app).await;

    // Assert
    assert!(text.contains(r#"http_requests_total{method="POST",route="/v1/apply-move",status="422"} 1"#), "{text}");
}

#[tokio::test]
async fn each_kind_of_search_is_counted_under_its_kind_and_a_cache_hit_once_under_its_kind() {
    // Arrange: a computer move and an analysis, each asked twice; a review of two moves.
    let app = spawn_app().await;
    let ai_move = json!({"variant": "english", "difficulty": "hard", "time_ms": 50});
    let analysis = json!({"variant": "english", "depth": 2, "lines": 2});
    let review = json!({"variant": "english", "moves": ["11-15", "23-19"], "depth": 2});

    // Act
    for _ in 0..2 {
        assert_eq!(app.post_json("/v1/ai-move", &ai_move).await.status().as_u16(), 200);
        assert_eq!(app.post_json("/v1/analyze", &analysis).await.status().as_u16(), 200);
    }
    assert_eq!(app.post_json("/v1/review", &review).await.status().as_u16(), 200);
    let text = metrics_text(&app).await;

    // Assert: one search of each cached kind (the second answer came from the cache), one
    // search per position of the review (three), each under its own kind; an analysis and a
    // review at no level.
    for line in [
        r#"draughts_searches_total{kind="ai_move",level="10",variant="english"} 1"#,
        r#"draughts_searches_total{kind="analysis",level="none",variant="english"} 1"#,
        r#"draughts_searches_total{kind="review",level="none",variant="english"} 3"#,
        r#"draughts_search_cache_hits_total{kind="ai_move"} 1"#,
        r#"draughts_search_cache_hits_total{kind="analysis"} 1"#,
        r#"draughts_search_cache_misses_total{kind="ai_move"} 1"#,
        r#"draughts_search_cache_misses_total{kind="analysis"} 1"#,
    ] {
        assert!(text.lines().any(|l| l == line), "{line} in\n{text}");
    }
    assert!(!text.contains(r#"kind="analysis",level="10""#), "{text}");
    for line in [
        r#"draughts_search_cache_hits_total{kind="review"} 0"#,
        r#"draughts_search_cache_misses_total{kind="review"} 0"#,
    ] {
        assert!(text.lines().any(|l| l == line), "reviews are not cached: {line} in\n{text}");
    }
}
