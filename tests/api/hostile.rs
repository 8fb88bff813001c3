//! Clients that are broken or malicious: made-up methods, stalled bodies, connection floods,
//! requests through proxies. Each test is a fault the service once had.

use std::time::Duration;

use reqwest::Method;
use serde_json::json;

use crate::helpers::{assert_problem, raw_until_closed, spawn_app, spawn_app_with};

/// A legal-moves request whose body never arrives in full.
const STALLED_BODY: &[u8] = b"POST /v1/legal-moves HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n\
    Content-Length: 1000\r\n\r\n{\"variant\"";

#[tokio::test]
async fn made_up_methods_and_paths_do_not_grow_the_metrics() {
    // Arrange: the metrics after a first odd request of each kind.
    let app = spawn_app().await;
    let odd = |i: usize| Method::from_bytes(format!("M{i:06}QQQQQQQQ").as_bytes()).unwrap();
    let _ = app.request(odd(0), "/healthz").send().await.unwrap();
    let _ = app.get("/no/such/path/0").await;
    let _ = app.get("/metrics").await;
    let before = app.get("/metrics").await.text().await.unwrap();

    // Act
    for i in 1..300 {
        assert_eq!(app.request(odd(i), "/healthz").send().await.unwrap().status().as_u16(), 405);
        assert_eq!(app.get(&format!("/no/such/path/{i}")).await.status().as_u16(), 404);
    }
    let after = app.get("/metrics").await.text().await.unwrap();

    // Assert: only counts changed (a few more digits), no label was added (each would add
    // a counter and sixteen histogram lines).
    assert!(after.len() < before.len() + 400, "/metrics grew from {} to {} bytes", before.len(), after.len());
    assert!(after.contains(r#"method="other""#), "{after}");
    assert!(!after.contains("QQQQ") && !after.contains("/no/such"), "request text leaked into labels");
}

#[tokio::test]
async fn a_stalled_body_is_answered_408_and_its_connection_closed() {
    // Arrange
    let app = spawn_app_with(|c| c.timeouts.body = Duration::from_millis(200)).await;

    // Act
    let answer = raw_until_closed(app.port, STALLED_BODY, 30).await;

    // Assert
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("application/problem+json") && answer.contains(r#""code":"request_timeout""#), "{answer}");
}

#[tokio::test]
async fn a_flood_of_stalled_connections_never_keeps_health_from_answering() {
    // Arrange: a main port that holds 4 connections, all taken by stalled bodies.
    let app = spawn_app_with(|c| {
        c.workers = 1;
        c.max_connections = 4;
        c.timeouts.body = Duration::from_millis(300);
    })
    .await;
    let stalled: Vec<_> = (0..4).map(|_| tokio::spawn(raw_until_closed(app.port, STALLED_BODY, 30))).collect();

    // Act: the ops port answers whatever the main port is doing; the main port answers again
    // once the stalled bodies are timed out.
    let ops = format!("http://127.0.0.1:{}", app.ops_port.expect("the ops port is on"));
    let health = app.client.get(format!("{ops}/healthz")).send().await.unwrap();
    let ready = app.client.get(format!("{ops}/readyz")).send().await.unwrap();
    let main = app.get("/healthz").await;

    // Assert
    assert_eq!((health.status().as_u16(), ready.status().as_u16()), (200, 200));
    assert_eq!(main.status().as_u16(), 200);
    for connection in stalled {
        assert!(connection.await.unwrap().starts_with("HTTP/1.1 408"));
    }
}

#[tokio::test]
async fn an_answer_not_ready_in_time_is_answer_timeout_and_the_search_stops() {
    // Arrange: a hard search would take a second; answers may take 50 ms.
    let app = spawn_app_with(|c| c.timeouts.answer = Duration::from_millis(50)).await;

    // Act
    let body = json!({"variant": "international", "difficulty": "hard"});
    let response = app.post_json("/v1/ai-move", &body).await;

    // Assert
    assert_eq!(response.headers()["retry-after"], "1");
    assert_problem(response, 503, "answer_timeout").await;
    let metrics = app.get("/metrics").await.text().await.unwrap();
    assert!(metrics.contains(r#"http_requests_total{method="POST",route="unmatched",status="503"} 1"#), "{metrics}");
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_budget() {
    // Arrange: the test client is the proxy (127.0.0.1), allowed one request per client.
    let app = spawn_app_with(|c| {
        c.rate_limit_per_minute = Some(1);
        c.trusted_proxies = vec!["127.0.0.0/8".parse().unwrap()];
    })
    .await;
    let from = |client: &'static str| app.request(Method::GET, "/v1/variants").header("x-forwarded-for", client);

    // Act
    let first = from("203.0.113.1").send().await.unwrap();
    let second = from("203.0.113.2").send().await.unwrap();
    let again = from("203.0.113.1").send().await.unwrap();

    // Assert
    assert_eq!((first.status().as_u16(), second.status().as_u16()), (200, 200));
    assert_problem(again, 429, "rate_limited").await;
}

#[tokio::test]
async fn without_trusted_proxies_forwarded_headers_are_ignored() {
    // Arrange
    let app = spawn_app_with(|c| c.rate_limit_per_minute = Some(1)).await;
    let from = |client: &'static str| app.request(Method::GET, "/v1/variants").header("x-forwarded-for", client);

    // Act
    let first = from("203.0.113.1").send().await.unwrap();
    let spoofed = from("203.0.113.2").send().await.unwrap();

    // Assert
    assert_eq!(first.status().as_u16(), 200);
    assert_problem(spoofed, 429, "rate_limited").await;
}

#[tokio::test]
async fn library_errors_and_long_paths_are_short_problems() {
    // Arrange
    let app = spawn_app().await;
    let long_path = format!("/{}", "x".repeat(65_000));

    // Act
    let unknown_file = app.get("/swagger-ui/no-such-file.js").await;
    let long = app.get(&long_path).await;

    // Assert
    assert_problem(unknown_file, 404, "not_found").await;
    let problem = assert_problem(long, 404, "not_found").await;
    assert!(problem["detail"].as_str().unwrap().len() < 200, "{problem}");
}

#[tokio::test]
async fn swagger_ui_loads_nothing_from_outside_and_has_a_policy() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let bare = app.get("/swagger-ui").await;
    let page = app.get("/swagger-ui/").await;
    let initializer = app.get("/swagger-ui/swagger-initializer.js").await.text().await.unwrap();

    // Assert
    assert_eq!(bare.status().as_u16(), 308);
    assert_eq!(bare.headers()["location"], "/swagger-ui/");
    let policy = page.headers()["content-security-policy"].to_str().unwrap().to_owned();
    assert!(policy.contains("default-src 'none'") && policy.contains("connect-src 'self'"), "{policy}");
    assert!(initializer.contains(r#""validatorUrl": "none""#), "{initializer}");
}
