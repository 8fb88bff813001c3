//! `GET /`: the demo page and its two files, built into the binary, served with their content
//! types, and reaching nothing but the service's own `/v1` endpoints.

use reqwest::StatusCode;

use crate::helpers::{header, spawn_app};

#[tokio::test]
async fn the_demo_page_and_its_files_are_served_with_their_content_types() {
    // Arrange
    let app = spawn_app().await;
    let files = [
        ("/", "text/html; charset=utf-8", "<script src=\"/demo/demo.js\""),
        ("/demo/demo.js", "text/javascript; charset=utf-8", "/v1/ai-move"),
        ("/demo/demo.css", "text/css; charset=utf-8", ".board"),
    ];

    for (path, content_type, contains) in files {
        // Act
        let response = app.get(path).await;

        // Assert
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(header(response.headers(), "content-type"), content_type, "{path}");
        assert!(header(response.headers(), "etag").starts_with('"'), "{path}");
        assert_eq!(header(response.headers(), "cache-control"), "no-cache", "{path}");
        let policy = header(response.headers(), "content-security-policy");
        assert!(policy.contains("default-src 'none'") && policy.contains("connect-src 'self'"), "{path}: {policy}");
        let body = response.text().await.unwrap();
        assert!(body.contains(contains), "{path}");
    }
}

#[tokio::test]
async fn the_demo_page_asks_nothing_of_other_hosts_and_calls_only_v1_endpoints() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let html = app.get("/").await.text().await.unwrap();
    let script = app.get("/demo/demo.js").await.text().await.unwrap();
    let style = app.get("/demo/demo.css").await.text().await.unwrap();

    // Assert
    for (name, text) in [("index.html", &html), ("demo.js", &script), ("demo.css", &style)] {
        for external in ["http://", "https://", "//fonts.", "@import"] {
            assert!(!text.contains(external), "{name} mentions {external}");
        }
    }
    // Every call goes through `api(path, ...)`; every path it is given is a /v1 endpoint.
    let calls: Vec<&str> = script.split("api(").skip(1).filter_map(|rest| rest.split([',', ')']).next()).collect();
    assert!(calls.len() >= 5, "{calls:?}");
    for call in &calls {
        let path = call.trim_matches(|c| c == '\'' || c == '`');
        assert!(path.starts_with("/v1/") || *call == "path", "demo.js calls {call}");
    }
    let endpoints = ["/v1/variants", "/v1/legal-moves", "/v1/apply-move", "/v1/ai-move", "/v1/analyze", "/v1/review"];
    for endpoint in endpoints.into_iter().chain(["/v1/board.svg"]) {
        assert!(script.contains(endpoint), "demo.js uses {endpoint}");
    }
    // Two fetches: api()'s, and the review's, which reads its answer as a stream.
    let fetched: Vec<&str> = script.split("fetch(").skip(1).filter_map(|rest| rest.split(',').next()).collect();
    assert_eq!(fetched, ["path", "'/v1/review'"], "demo.js fetches only through api() and the review");
}
