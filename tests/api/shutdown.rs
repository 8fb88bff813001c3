//! Graceful shutdown: on a stop signal the server finishes and stops accepting connections.

use draughts_api::http::config::Config;
use draughts_api::http::startup::Application;

#[tokio::test]
async fn a_stop_signal_ends_the_server_and_closes_the_port() {
    // Arrange: a server whose stop signal is a channel we control.
    let config = Config { port: 0, ops_port: None, bind_addr: [127, 0, 0, 1].into(), workers: 1, ..Config::default() };
    let app = Application::build(config).expect("the server binds");
    let url = format!("http://127.0.0.1:{}/readyz", app.port());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(app.run_until(async move {
        let _ = stopped.await;
    }));
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    assert_eq!(client.get(&url).send().await.unwrap().status(), 200);

    // Act
    stop.send(()).unwrap();
    let result = server.await.expect("the server task does not panic");

    // Assert
    assert!(result.is_ok(), "{result:?}");
    assert!(client.get(&url).send().await.is_err(), "the port no longer accepts connections");
}

#[tokio::test]
async fn on_stop_the_server_drains_unready_closing_connections_then_stops() {
    // Arrange: a server with a 3 s drain and a client that keeps connections alive.
    let config = Config {
        port: 0,
        ops_port: Some(0),
        bind_addr: [127, 0, 0, 1].into(),
        workers: 1,
        drain: std::time::Duration::from_secs(3),
        ..Config::default()
    };
    let app = Application::build(config).expect("the server binds");
    let (main, ops) = (app.port(), app.ops_port().expect("the ops port is on"));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(app.run_until(async move {
        let _ = stopped.await;
    }));
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    let healthz = format!("http://127.0.0.1:{main}/healthz");
    let before = client.get(&healthz).send().await.unwrap();
    assert!(before.headers().get("connection").is_none(), "kept alive while serving");

    // Act: stop, then ask while the drain lasts (the state flips as the stop is taken).
    stop.send(()).unwrap();
    let ready = loop {
        let answer = client.get(format!("http://127.0.0.1:{ops}/readyz")).send().await.unwrap();
        if answer.status() != 200 {
            break answer;
        }
        tokio::task::yield_now().await;
    };
    let during = client.get(&healthz).send().await.expect("still served while draining");
    let result = server.await.expect("the server task does not panic");

    // Assert
    assert_eq!(ready.status().as_u16(), 503);
    assert_eq!(ready.json::<serde_json::Value>().await.unwrap()["status"], "not_ready");
    assert_eq!(during.status().as_u16(), 200);
    assert_eq!(during.headers()["connection"], "close", "keep-alive clients are told to reconnect");
    assert!(result.is_ok(), "{result:?}");
    assert!(client.get(&healthz).send().await.is_err(), "the port no longer accepts connections");
}

#[test]
fn sigterm_to_the_binary_drains_and_exits_cleanly() {
    use std::io::{BufRead, BufReader};
    // Arrange: the real binary on free ports, with a drain of 1 s.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_draughts-api"))
        .env("PORT", "0")
        .env("OPS_PORT", "off")
        .env("BIND_ADDR", "127.0.0.1")
        .env("DRAIN_SECONDS", "1")
        .env("LOG_FORMAT", "json")
        .env("RUST_LOG", "info")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    lines.by_ref().map_while(Result::ok).find(|line| line.contains("serving")).expect("it logs that it serves");

    // Act
    let killed = std::process::Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
    let status = child.wait().expect("it exits");
    let rest: Vec<String> = lines.map_while(Result::ok).collect();

    // Assert
    assert!(killed.unwrap().success());
    assert!(status.success(), "exit status {status}");
    assert!(rest.iter().any(|line| line.contains("draining")), "{rest:?}");
}
