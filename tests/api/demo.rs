//! `GET /`: the demo page, its two files and the typed client's module, built into the binary,
//! served with their content types, and reaching nothing but the service's own `/v1` endpoints.

use reqwest::StatusCode;

use crate::helpers::{header, spawn_app};

#[tokio::test]
async fn the_demo_page_and_its_files_are_served_with_their_content_types() {
    // Arrange
    let app = spawn_app().await;
    let files = [
        ("/", "text/html; charset=utf-8", "<script type=\"module\" src=\"/demo/demo.js\""),
        ("/demo/demo.js", "text/javascript; charset=utf-8", "from '/demo/client.js'"),
        ("/demo/client.js", "text/javascript; charset=utf-8", "DraughtsClient"),
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
async fn the_demo_page_asks_nothing_of_other_hosts_and_calls_only_v1_endpoints_through_the_client() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let html = app.get("/").await.text().await.unwrap();
    let script = app.get("/demo/demo.js").await.text().await.unwrap();
    let client = app.get("/demo/client.js").await.text().await.unwrap();
    let style = app.get("/demo/demo.css").await.text().await.unwrap();

    // Assert
    for (name, text) in [("index.html", &html), ("demo.js", &script), ("client.js", &client), ("demo.css", &style)] {
        for external in ["http://", "https://", "//fonts.", "@import"] {
            assert!(!text.contains(external), "{name} mentions {external}");
        }
    }
    // The page imports the client only, and makes no request of its own.
    let imports: Vec<&str> = script.lines().filter(|line| line.starts_with("import ")).collect();
    assert_eq!(imports, ["import { ApiProblem, DraughtsClient } from '/demo/client.js';"]);
    assert!(!script.contains("fetch("), "demo.js calls the service through the client only");
    let calls = [
        "variants(",
        "legalMoves(",
        "applyMove(",
        "aiMove(",
        "analyze(",
        "review(",
        "exportPdn(",
        "parsePdn(",
        "boardSvg(",
    ];
    for call in calls {
        assert!(script.contains(&format!("client.{call}")), "demo.js calls client.{call}");
    }
    let endpoints = ["/v1/variants", "/v1/legal-moves", "/v1/apply-move", "/v1/ai-move", "/v1/analyze", "/v1/review"];
    for endpoint in endpoints.into_iter().chain(["/v1/pdn/export", "/v1/pdn/parse", "/v1/board.svg"]) {
        assert!(client.contains(&format!("\"{endpoint}\"")), "client.js calls {endpoint}");
    }
}
