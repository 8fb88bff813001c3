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
