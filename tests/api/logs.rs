//! The access log of the real binary: one JSON line per request on stdout, carrying the
//! request id the caller sent, the route template and the status.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use serde_json::Value;

/// How long to wait for a line the server should write at once (a bound, not a pause).
const LINE_WAIT: Duration = Duration::from_secs(30);

/// The binary, serving on a free port with JSON logs; its stdout lines arrive on the channel.
struct Server {
    child: Child,
    lines: Receiver<String>,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_draughts-api"))
            .env("PORT", "0")
            .env("OPS_PORT", "0")
            .env("BIND_ADDR", "127.0.0.1")
            .env("LOG_FORMAT", "json")
            .env("RUST_LOG", "info")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Server { child, lines }
    }

    /// The first JSON line from now on for which `wanted` holds.
    fn line_where(&self, wanted: impl Fn(&Value) -> bool) -> Value {
        loop {
            let line = self.lines.recv_timeout(LINE_WAIT).expect("the server writes the line");
            let value: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{line:?} is not JSON: {e}"));
            if wanted(&value) {
                return value;
            }
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[tokio::test]
async fn every_request_is_logged_as_one_json_line_with_its_request_id() {
    // Arrange
    let server = Server::start();
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
