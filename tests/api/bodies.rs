//! How a body arrives: after the head (`Expect: 100-continue`), in chunks, compressed,
//! pipelined. The game routes read their body with an extractor of the service's own
//! (`src/http/body.rs`), whose first look at an uncompressed body does not ask to be woken.
//! Most bodies here arrive after that first look and must still be read whole. The last, a
//! compressed body pipelined behind another request, is already there at the first look, and
//! only a wake-up brings back its decoder's work from another thread.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use flate2::write::GzEncoder;
use flate2::Compression;
use reqwest::header::{CONTENT_ENCODING, CONTENT_TYPE};
use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{assert_problem, ok_json, spawn_app};

/// The English start position's request.
const START: &str = r#"{"variant":"english"}"#;

/// How long a test waits for an answer before calling the request lost: a body the handler
/// never heard of is answered only when some timer wakes the connection, if ever.
const PATIENCE: Duration = Duration::from_secs(20);

/// Sends `first` on a new connection; with `after_continue`, waits for the server's
/// `100 Continue` and then sends each of those parts. Returns each answer's status line and
/// JSON, in order, read until the server closes the connection. Runs on a blocking thread: the
/// server shares the test's runtime.
async fn converse(address: &str, first: Vec<u8>, after_continue: Option<Vec<Vec<u8>>>) -> Vec<(String, Value)> {
    let address = address.trim_start_matches("http://").to_owned();
    tokio::task::spawn_blocking(move || {
        let mut stream = TcpStream::connect(address).expect("the server accepts");
        stream.set_read_timeout(Some(PATIENCE)).expect("a read timeout");
        stream.write_all(&first).expect("the request is sent");
        if let Some(parts) = after_continue {
            let mut interim = Vec::new();
            let mut byte = [0u8];
            while !interim.ends_with(b"\r\n\r\n") {
                stream.read_exact(&mut byte).expect("the server answers the head");
                interim.push(byte[0]);
            }
            assert!(interim.starts_with(b"HTTP/1.1 100 Continue"), "{}", String::from_utf8_lossy(&interim));
            for part in parts {
                stream.write_all(&part).expect("a part of the body is sent");
            }
        }
        let mut answers = String::new();
        stream.read_to_string(&mut answers).expect("the answers are read to the end");
        let mut rest = answers.as_str();
        let mut parsed = Vec::new();
        while !rest.is_empty() {
            let (head, after) = rest.split_once("\r\n\r\n").expect("an answer's head");
            let length = head
                .lines()
                .find_map(|line| line.to_ascii_lowercase().strip_prefix("content-length: ").map(str::to_owned))
                .and_then(|length| length.parse::<usize>().ok())
                .expect("a content length");
            let (body, after) = after.split_at(length);
            let status = head.lines().next().unwrap_or_default().to_owned();
            parsed.push((status, serde_json::from_str(body).expect("a JSON answer")));
            rest = after;
        }
        parsed
    })
    .await
    .expect("the exchange completes")
}

/// The head of a `POST /v1/legal-moves` with these extra header lines.
fn head(headers: &str) -> String {
    format!("POST /v1/legal-moves HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n{headers}\r\n")
}

#[tokio::test]
async fn a_body_sent_after_100_continue_is_read() {
    let app = spawn_app().await;
    let head = head(&format!("Content-Length: {}\r\nExpect: 100-continue\r\nConnection: close\r\n", START.len()));
    let answers = converse(&app.address, head.into_bytes(), Some(vec![START.as_bytes().to_vec()])).await;
    assert_eq!(answers.len(), 1);
    let (status, answer) = &answers[0];
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert_eq!(answer["moves"].as_array().map(Vec::len), Some(7), "{answer}");
}

#[tokio::test]
async fn a_chunked_body_sent_in_pieces_is_read_whole() {
    let app = spawn_app().await;
    let body = json!({"variant": "english", "moves": ["11-15", "23-19", "8-11"]});
    let text = body.to_string();
    let (first, second) = text.split_at(text.len() / 2);
    let chunk = |text: &str| format!("{:x}\r\n{text}\r\n", text.len()).into_bytes();
    let head = head("Transfer-Encoding: chunked\r\nExpect: 100-continue\r\nConnection: close\r\n");
    let parts = vec![chunk(first), chunk(second), b"0\r\n\r\n".to_vec()];
    let answers = converse(&app.address, head.into_bytes(), Some(parts)).await;
    assert_eq!(answers.len(), 1);
    assert_eq!(answers[0].0, "HTTP/1.1 200 OK");
    assert_eq!(answers[0].1["side_to_move"], "white", "{}", answers[0].1);
    assert_eq!(answers[0].1, app.legal_moves(&body).await);
}

/// `bytes` compressed with gzip.
fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::default());
    encoder.write_all(bytes).expect("gzip writes to memory");
    encoder.finish().expect("gzip finishes")
}

/// A gzip body whose move texts do not compress, so that it arrives as one chunk large enough
/// for actix to decompress it on another thread (whose answer only a wake-up brings back); its
/// first move text is not a move.
fn large_gzip_body() -> Vec<u8> {
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let texts: Vec<String> = (0..600)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            format!("{state:x}")
        })
        .collect();
    let body = gzip(json!({"variant": "english", "moves": texts}).to_string().as_bytes());
    assert!(body.len() > 4096, "{}", body.len());
    body
}

#[tokio::test]
async fn gzip_bodies_are_read_small_and_large() {
    let app = spawn_app().await;
    let post = |body: Vec<u8>| {
        app.request(Method::POST, "/v1/legal-moves")
            .header(CONTENT_TYPE, "application/json")
            .header(CONTENT_ENCODING, "gzip")
            .body(body)
            .timeout(PATIENCE)
            .send()
    };
    let answer = ok_json(post(gzip(START.as_bytes())).await.expect("answered")).await;
    assert_eq!(answer["moves"].as_array().map(Vec::len), Some(7), "{answer}");
    let large = large_gzip_body();
    let problem = assert_problem(post(large).await.expect("answered"), 400, "invalid_move_syntax").await;
    assert_eq!(problem["move_index"], 0, "{problem}");
}

#[tokio::test]
async fn a_pipelined_gzip_body_is_read() {
    // The second request's body is already in hand when its handler first looks at it.
    let app = spawn_app().await;
    let large = large_gzip_body();
    let mut bytes = head(&format!("Content-Length: {}\r\n", START.len())).into_bytes();
    bytes.extend_from_slice(START.as_bytes());
    bytes.extend_from_slice(
        head(&format!("Content-Encoding: gzip\r\nContent-Length: {}\r\nConnection: close\r\n", large.len())).as_bytes(),
    );
    bytes.extend_from_slice(&large);
    let answers = converse(&app.address, bytes, None).await;
    let statuses: Vec<&str> = answers.iter().map(|(status, _)| status.as_str()).collect();
    assert_eq!(statuses, ["HTTP/1.1 200 OK", "HTTP/1.1 400 Bad Request"]);
    assert_eq!(answers[1].1["code"], "invalid_move_syntax", "{}", answers[1].1);
    assert_eq!(answers[1].1["move_index"], 0);
}
