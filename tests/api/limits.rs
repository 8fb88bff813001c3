//! What one client may take, whatever it sends: the cache's memory, a body's time, the
//! process's files, a search thread's time; and what a client that half-closes its connection
//! or sends a body in an unknown coding gets back. Each test is a fault the service once had.

use std::time::Duration;

use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::{assert_problem, metric, metrics_text, spawn_app_with, wait_for_metric, BinaryServer};

/// A bound on a wait for the server to close a connection (not a timing check).
const CLOSE_GUARD: Duration = Duration::from_secs(30);

/// Every byte the server sends until it closes the connection (an end of stream, or a reset
/// once it has stopped reading); fails if it is still open after [`CLOSE_GUARD`].
async fn read_until_closed(mut read: impl AsyncReadExt + Unpin) -> String {
    let mut answer = Vec::new();
    let mut buffer = [0u8; 4096];
    let reading = async {
        loop {
            match read.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => answer.extend_from_slice(&buffer[..n]),
            }
        }
    };
    tokio::time::timeout(CLOSE_GUARD, reading).await.expect("the server closes the connection");
    String::from_utf8_lossy(&answer).into_owned()
}

/// A king shuffle of `plies` plies in English from `W:WK29,21:BK4,12`, with repetition and
/// quiet-move draws set so that it never ends: every position of it stays in the history a
/// search's cache key holds.
fn endless_shuffle(plies: usize) -> Value {
    let moves: Vec<&str> = ["29-25", "4-8", "25-29", "8-4"].iter().copied().cycle().take(plies).collect();
    json!({"variant": "english", "fen": "W:WK29,21:BK4,12", "moves": moves,
           "rules": {"draw": {"repetitions": 255, "quiet_moves": 0}}})
}

#[tokio::test]
async fn the_search_cache_holds_its_byte_budget_against_the_largest_keys_a_client_can_make() {
    // Arrange: a cache of 1 MiB, and analyses of a 1000-ply game (the longest history a request
    // may carry), each under another key (its time), so that every one is kept.
    let app = spawn_app_with(|c| c.cache_max_mib = 1).await;
    let game = endless_shuffle(1000);

    // Act
    for time_ms in 1000..1300 {
        let mut body = game.clone();
        body["depth"] = json!(1);
        body["time_ms"] = json!(time_ms);
        body["lines"] = json!(10);
        let response = app.post_json("/v1/analyze", &body).await;
        assert_eq!(response.status().as_u16(), 200, "{}", response.text().await.unwrap());
    }

    // Assert: the entries are large (a key holds 1000 hashes of 8 bytes), and their bytes stay
    // within the budget, so only some of the 300 are kept.
    let metrics = metrics_text(&app).await;
    let (bytes, entries) =
        (metric(&metrics, "draughts_search_cache_bytes"), metric(&metrics, "draughts_search_cache_entries"));
    assert!(bytes <= (1 << 20) as f64, "{bytes} bytes cached");
    assert!(entries > 0.0 && entries < 300.0, "{entries} entries");
    assert!(bytes / entries > 8000.0, "an entry weighs {} bytes", bytes / entries);
}

/// The head of a chunked legal-moves request and its first chunk.
const CHUNKED_HEAD: &[u8] = b"POST /v1/legal-moves HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n\
    Transfer-Encoding: chunked\r\n\r\n1\r\n{\r\n";

#[tokio::test]
async fn a_trickled_chunked_body_is_cut_at_its_deadline_and_its_connection_closed() {
    // Arrange: a body deadline of 200 ms, and a client that sends a one-byte chunk every 20 ms
    // for as long as the server takes them (a minute at most).
    let app = spawn_app_with(|c| c.timeouts.body = Duration::from_millis(200)).await;
    let stream = TcpStream::connect(("127.0.0.1", app.port)).await.unwrap();
    let (read, mut write) = stream.into_split();
    write.write_all(CHUNKED_HEAD).await.unwrap();
    let trickle = tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_millis(20));
        for _ in 0..3000 {
            tick.tick().await;
            if write.write_all(b"1\r\n \r\n").await.is_err() {
                return true;
            }
        }
        false
    });

    // Act
    let answer = read_until_closed(read).await;

    // Assert: 408, and the connection closed while the client still trickles.
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains(r#""code":"request_timeout""#), "{answer}");
    trickle.abort();
}

#[tokio::test]
async fn after_a_413_the_connection_is_closed_instead_of_reading_the_rest() {
    // Arrange: bodies of 1 KiB at most, and a chunked body of 64 MiB sent as fast as the server
    // reads it.
    let app = spawn_app_with(|c| c.max_body_bytes = 1024).await;
    let stream = TcpStream::connect(("127.0.0.1", app.port)).await.unwrap();
    let (read, mut write) = stream.into_split();
    write.write_all(CHUNKED_HEAD).await.unwrap();
    let chunk = format!("10000\r\n{}\r\n", " ".repeat(0x10000));
    let flood = tokio::spawn(async move {
        for _ in 0..1024 {
            if write.write_all(chunk.as_bytes()).await.is_err() {
                return;
            }
        }
        // Then stall, the connection left open: only the server can end it.
        std::future::pending::<()>().await;
    });

    // Act
    let answer = read_until_closed(read).await;

    // Assert
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains(r#""code":"payload_too_large""#), "{answer}");
    flood.abort();
}

#[tokio::test]
async fn under_a_low_open_file_limit_stalled_clients_fill_the_cap_and_the_ops_port_still_answers() {
    // Arrange: the binary with 1024 open files at most, and 600 clients that open a connection
    // and send half a request head.
    let server = BinaryServer::start(&[("HEADERS_TIMEOUT_MS", "60000")], Some(1024));
    let listening = server.line_where(|v| v["fields"]["message"] == "listening");
    let fields = &listening["fields"];
    let (port, ops_port) = (fields["port"].as_u64().unwrap() as u16, fields["ops_port"].as_u64().unwrap());
    let cap = fields["connections"].as_u64().unwrap();
    assert_eq!(cap, 512, "1024 files, less the 512 kept for the rest, at one file a connection");
    let mut stalled = Vec::new();
    for _ in 0..600 {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).await.expect("the listen backlog takes it");
        stream.write_all(b"POST /v1/legal-moves HTTP/1.1\r\nHost: test\r\n").await.unwrap();
        stalled.push(stream);
    }
    let client = reqwest::Client::builder().no_proxy().timeout(Duration::from_secs(10)).build().unwrap();
    let ops = |path: &str| client.get(format!("http://127.0.0.1:{ops_port}{path}")).send();

    // Act: wait until the server has taken every connection its cap allows.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    let open_files = loop {
        let metrics = ops("/metrics").await.expect("the ops port answers").text().await.unwrap();
        let open = metric(&metrics, "process_open_fds");
        if open >= cap as f64 || tokio::time::Instant::now() > deadline {
            break open;
        }
        tokio::task::yield_now().await;
    };
    let health = ops("/healthz").await.expect("the ops port answers");

    // Assert: the cap is reached within the limit, and nothing ran out of files.
    assert!(open_files >= cap as f64 && open_files < 1024.0, "{open_files} files open");
    assert_eq!(health.status().as_u16(), 200);
    let out_of_files: Vec<String> =
        server.lines_so_far().into_iter().filter(|line| line.contains("Too many open files")).collect();
    assert!(out_of_files.is_empty(), "{out_of_files:?}");
    drop(stalled);
}

#[tokio::test]
async fn a_half_closed_client_gets_a_closed_connection_and_its_search_stops() {
    // Arrange: a hard search of a minute, asked for on a raw connection.
    let app = spawn_app_with(|c| c.max_search = Duration::from_secs(60)).await;
    let body = r#"{"variant": "international", "difficulty": "hard", "time_ms": 60000}"#;
    let request = format!(
        "POST /v1/ai-move HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut stream = TcpStream::connect(("127.0.0.1", app.port)).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    wait_for_metric(&app, "draughts_searches_in_flight", 1.0).await;

    // Act: the client closes its sending side, and reads.
    stream.shutdown().await.unwrap();
    let answer = read_until_closed(stream).await;

    // Assert: no answer (never a made-up status line); the search stops; the request is
    // counted as closed by its client.
    assert_eq!(answer, "", "a half-closed client gets the connection closed");
    wait_for_metric(&app, "draughts_searches_in_flight", 0.0).await;
    let metrics = metrics_text(&app).await;
    assert!(metrics.contains(r#"http_requests_total{method="POST",route="/v1/ai-move",status="499"} 1"#), "{metrics}");
}

#[tokio::test]
async fn a_review_over_its_time_budget_is_refused_before_it_starts() {
    // Arrange: 61 positions at 5 s each, 305 s: over a document's 27 s (nine tenths of the
    // 30 s answer timeout) and a stream's 120 s.
    let app = spawn_app_with(|_| {}).await;
    let mut body = endless_shuffle(60);
    body["time_ms"] = json!(5000);

    // Act
    let document = app.post_json("/v1/review", &body).await;
    let stream = app
        .request(reqwest::Method::POST, "/v1/review")
        .header("accept", "application/x-ndjson")
        .json(&body)
        .send()
        .await
        .unwrap();

    // Assert
    let problem = assert_problem(document, 422, "review_too_long").await;
    let detail = problem["detail"].as_str().unwrap();
    assert!(detail.contains("61 positions") && detail.contains("at most 27000 ms"), "{detail}");
    let problem = assert_problem(stream, 422, "review_too_long").await;
    assert!(problem["detail"].as_str().unwrap().contains("at most 120000 ms"), "{problem}");
    assert_eq!(metric(&metrics_text(&app).await, "draughts_searches_in_flight"), 0.0);
}

#[tokio::test]
async fn a_body_in_an_unknown_or_repeated_coding_is_415() {
    // Arrange
    let app = spawn_app_with(|_| {}).await;
    let body = r#"{"variant": "english"}"#;
    let send = |coding: &'static str| {
        app.request(reqwest::Method::POST, "/v1/legal-moves")
            .header("content-type", "application/json")
            .header("content-encoding", coding)
            .body(body)
            .send()
    };

    // Act
    let twice = send("gzip, gzip").await.unwrap();
    let unknown = send("x-made-up").await.unwrap();
    let identity = send("identity").await.unwrap();

    // Assert
    let problem = assert_problem(twice, 415, "unsupported_encoding").await;
    assert!(problem["detail"].as_str().unwrap().contains(r#""gzip, gzip""#), "{problem}");
    assert_problem(unknown, 415, "unsupported_encoding").await;
    assert_eq!(identity.status().as_u16(), 200);
}
