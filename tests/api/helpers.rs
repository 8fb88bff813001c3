//! `spawn_app`: the real server on a free port, and a client to talk to it.

use std::net::IpAddr;

use draughts_api::http::config::Config;
use draughts_api::http::startup::Application;
use reqwest::header::{HeaderMap, CONTENT_TYPE};
use reqwest::{Method, RequestBuilder, Response, StatusCode};
use serde_json::Value;

/// Every variant id, in the order `GET /v1/variants` lists them.
pub const VARIANT_IDS: [&str; 15] = [
    "english",
    "russian",
    "brazilian",
    "international",
    "spanish",
    "italian",
    "czech",
    "turkish",
    "frisian",
    "frysk",
    "pool",
    "thai",
    "antidraughts",
    "breakthrough",
    "canadian",
];

/// A running server and a client for it.
pub struct TestApp {
    /// `http://127.0.0.1:<port>`.
    pub address: String,
    /// A client that never uses a proxy and never follows redirects.
    pub client: reqwest::Client,
    /// The main port.
    pub port: u16,
    /// The ops port (`/healthz`, `/readyz`, `/metrics`), if on.
    pub ops_port: Option<u16>,
}

/// Starts the server with the default configuration on a free port of 127.0.0.1.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// Starts the server with the default configuration changed by `customise`.
pub async fn spawn_app_with(customise: impl FnOnce(&mut Config)) -> TestApp {
    let mut config = Config {
        port: 0,
        ops_port: Some(0),
        bind_addr: IpAddr::from([127, 0, 0, 1]),
        workers: 2,
        drain: std::time::Duration::ZERO,
        endgame_dir: None,
        ..Config::default()
    };
    customise(&mut config);
    let app = Application::build(config).expect("the server builds and binds");
    let (port, ops_port) = (app.port(), app.ops_port());
    let address = format!("http://127.0.0.1:{port}");
    // The listener is bound before `build` returns: requests may go at once.
    tokio::spawn(app.run_until_stopped());
    let client =
        reqwest::Client::builder().no_proxy().redirect(reqwest::redirect::Policy::none()).build().expect("a client");
    TestApp { address, client, port, ops_port }
}

impl TestApp {
    /// The absolute URL of `path`.
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    /// A request to `path`, to add headers to before sending.
    pub fn request(&self, method: Method, path: &str) -> RequestBuilder {
        self.client.request(method, self.url(path))
    }

    /// `GET path`.
    pub async fn get(&self, path: &str) -> Response {
        self.request(Method::GET, path).send().await.expect("GET is answered")
    }

    /// `POST path` with `value` as a JSON body.
    pub async fn post_json(&self, path: &str, value: &Value) -> Response {
        self.request(Method::POST, path).json(value).send().await.expect("POST is answered")
    }

    /// `POST path` with these bytes and content type.
    pub async fn post_raw(&self, path: &str, body: impl Into<Vec<u8>>, content_type: &str) -> Response {
        self.request(Method::POST, path)
            .header(CONTENT_TYPE, content_type)
            .body(body.into())
            .send()
            .await
            .expect("POST is answered")
    }

    /// `POST /v1/legal-moves`, expecting 200; the JSON answer.
    pub async fn legal_moves(&self, body: &Value) -> Value {
        ok_json(self.post_json("/v1/legal-moves", body).await).await
    }

    /// `POST /v1/apply-move`, expecting 200; the JSON answer.
    pub async fn apply_move(&self, body: &Value) -> Value {
        ok_json(self.post_json("/v1/apply-move", body).await).await
    }
}

/// The value of an unlabelled metric in `/metrics`' text.
pub fn metric(text: &str, name: &str) -> f64 {
    text.lines()
        .find_map(|line| line.strip_prefix(name).and_then(|rest| rest.strip_prefix(' ')))
        .and_then(|value| value.trim().parse().ok())
        .unwrap_or_else(|| panic!("{name} is exported"))
}

/// A header's value as text ("" when absent).
pub fn header(headers: &HeaderMap, name: &str) -> String {
    headers.get(name).map(|v| v.to_str().expect("a text header").to_owned()).unwrap_or_default()
}

/// Asserts a 200 JSON answer and returns its body.
pub async fn ok_json(response: Response) -> Value {
    let status = response.status();
    let content_type = header(response.headers(), "content-type");
    let text = response.text().await.expect("a body");
    assert_eq!(status, StatusCode::OK, "expected 200, got {status}: {text}");
    assert!(content_type.starts_with("application/json"), "content-type {content_type:?}");
    serde_json::from_str(&text).expect("a JSON body")
}

/// Asserts an RFC 9457 problem answer with this status and `code`; returns the document.
pub async fn assert_problem(response: Response, status: u16, code: &str) -> Value {
    let actual = response.status();
    let content_type = header(response.headers(), "content-type");
    let text = response.text().await.expect("a body");
    assert_ne!(actual.as_u16(), 500, "a 500 is never acceptable: {text}");
    assert_eq!(actual.as_u16(), status, "expected {status} {code}, got {actual}: {text}");
    assert_eq!(content_type, "application/problem+json", "every error is problem+json: {text}");
    let problem: Value = serde_json::from_str(&text).expect("a JSON problem document");
    assert_eq!(problem["code"], code, "{problem}");
    assert_eq!(problem["status"], status, "{problem}");
    assert_eq!(problem["type"], "about:blank", "{problem}");
    assert!(problem["title"].as_str().is_some_and(|t| !t.is_empty()), "a title: {problem}");
    assert!(problem["detail"].as_str().is_some_and(|d| !d.is_empty()), "a detail: {problem}");
    problem
}

/// The `detail` of a problem document.
pub fn detail(problem: &Value) -> &str {
    problem["detail"].as_str().expect("a detail")
}

/// The notations of a list of move objects (or of strings), sorted.
pub fn sorted_notations(moves: &Value) -> Vec<String> {
    let mut out: Vec<String> = moves
        .as_array()
        .expect("a list of moves")
        .iter()
        .map(|m| m.get("notation").unwrap_or(m).as_str().expect("a notation").to_owned())
        .collect();
    out.sort();
    out
}

/// The keys of a JSON object, sorted.
pub fn keys(value: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = value.as_object().expect("an object").keys().map(String::as_str).collect();
    keys.sort_unstable();
    keys
}

/// Sends `bytes` on a new connection to `port` and reads until the server closes it; panics
/// if it is still open after `guard_seconds` (a bound on a hang, not a timing check).
pub async fn raw_until_closed(port: u16, bytes: &[u8], guard_seconds: u64) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port)).await.expect("the server accepts");
    stream.write_all(bytes).await.expect("the request is sent");
    let mut answer = Vec::new();
    let read = tokio::time::timeout(std::time::Duration::from_secs(guard_seconds), stream.read_to_end(&mut answer));
    read.await.expect("the server closes the connection").expect("the answer is read");
    String::from_utf8_lossy(&answer).into_owned()
}

/// The text of `/metrics`.
pub async fn metrics_text(app: &TestApp) -> String {
    app.get("/metrics").await.text().await.expect("metrics are text")
}

/// Polls `/metrics` until `name` has `value` (or fails after ten seconds): waits for an event
/// in another task, without guessing how long it takes.
pub async fn wait_for_metric(app: &TestApp, name: &str, value: f64) {
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        if metric(&metrics_text(app).await, name) == value {
            return;
        }
        assert!(tokio::time::Instant::now() < deadline, "{name} never reached {value}");
        tokio::task::yield_now().await;
    }
}

/// How long to wait for a line the binary should write at once (a bound, not a pause).
const LINE_WAIT: std::time::Duration = std::time::Duration::from_secs(30);

/// The release binary of this build, serving on free ports (main and ops) with JSON logs; its
/// stdout lines arrive on a channel.
pub struct BinaryServer {
    child: std::process::Child,
    lines: std::sync::mpsc::Receiver<String>,
}

impl BinaryServer {
    /// Starts the binary with `env` on top of free ports and JSON logs, and at most
    /// `open_files` open files (soft and hard limit) if given.
    pub fn start(env: &[(&str, &str)], open_files: Option<u64>) -> BinaryServer {
        use std::io::BufRead;
        use std::process::{Command, Stdio};
        let mut command = Command::new(env!("CARGO_BIN_EXE_draughts-api"));
        command
            .env("PORT", "0")
            .env("OPS_PORT", "0")
            .env("BIND_ADDR", "127.0.0.1")
            .env("LOG_FORMAT", "json")
            .env("RUST_LOG", "info")
            .env("ENDGAME_DIR", "off")
            .envs(env.iter().copied())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(limit) = open_files {
            use std::os::unix::process::CommandExt;
            // SAFETY: setrlimit is async-signal-safe, and the closure touches nothing else.
            unsafe {
                command.pre_exec(move || rlimit::setrlimit(rlimit::Resource::NOFILE, limit, limit));
            }
        }
        let mut child = command.spawn().expect("the binary starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (send, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        BinaryServer { child, lines }
    }

    /// The first JSON line from now on for which `wanted` holds.
    pub fn line_where(&self, wanted: impl Fn(&Value) -> bool) -> Value {
        loop {
            let line = self.lines.recv_timeout(LINE_WAIT).expect("the server writes the line");
            let value: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{line:?} is not JSON: {e}"));
            if wanted(&value) {
                return value;
            }
        }
    }

    /// The lines written since the last read, without waiting.
    pub fn lines_so_far(&self) -> Vec<String> {
        self.lines.try_iter().collect()
    }
}

impl Drop for BinaryServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
