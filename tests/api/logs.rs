//! The access log of the real binary: one JSON line per request on stdout, carrying the
//! request id the caller sent, the route template and the status.

use crate::helpers::BinaryServer;

#[tokio::test]
async fn every_request_is_logged_as_one_json_line_with_its_request_id() {
    // Arrange
    let server = BinaryServer::start(&[], None);
    let listening = server.line_where(|v| v["fields"]["message"] == "listening");
    let port = listening["fields"]["port"].as_u64().expect("the line names the port");
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    let url = format!("http://127.0.0.1:{port}/v1/legal-moves");

    // Act
    let answer = client
        .post(&url)
        .header("x-request-id", "log-check-1")
        .header("content-type", "application/json")
        .body(r#"{"variant": "english", "moves": ["9-14", "9-14"]}"#)
        .send()
        .await
        .expect("the server answers");

    // Assert
    assert_eq!(answer.status(), 422);
    let line = server.line_where(|v| v["fields"]["request_id"] == "log-check-1");
    let fields = &line["fields"];
    assert_eq!(fields["message"], "answered");
    assert_eq!(fields["method"], "POST");
    assert_eq!(fields["path"], "/v1/legal-moves");
    assert_eq!(fields["route"], "/v1/legal-moves");
    assert_eq!(fields["status"], 422);
    assert!(fields["micros"].is_u64(), "{line}");
    assert_eq!(line["level"], "INFO");
}
