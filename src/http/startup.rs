//! `Application`: binds the listeners and builds the servers with every endpoint, middleware,
//! limit and timeout; then serves until stopped, draining first. Tests build it on port 0.

use std::future::Future;
use std::net::TcpListener;

use actix_cors::Cors;
use actix_web::dev::{ResourceDef, Server};
use actix_web::middleware::{from_fn, ErrorHandlers};
use actix_web::{web, App, HttpServer};
use utoipa_actix_web::service_config::ServiceConfig;
use utoipa_swagger_ui::SwaggerUi;

use super::config::Config;
use super::connection::{self, close_after_unread_body};
use super::metrics::Metrics;
use super::middleware::{answer_deadline, conditional_get, head_as_get, observe, rate_limit, swagger_policy};
use super::openapi;
use super::problems::problem_for_bare_error;
use super::routes;
use super::state::AppState;
use crate::service::Searches;

/// File descriptors kept out of the main port's connection cap: the listeners, the log, the
/// runtime's own, the endgame files, and the ops port's connections, which no main-port client
/// can take.
const RESERVED_FILES: u64 = 512;

/// File descriptors one open connection holds: its socket.
const FILES_PER_CONNECTION: u64 = 1;

/// Connections the ops port holds at once: probes and scrapes are few.
const OPS_CONNECTIONS: usize = 64;

/// The timeouts and the per-worker connection cap every server shares, and no half-closed
/// connections: a client that closes its side is gone, so its connection is dropped with its
/// request (a macro: the server's builder type names the app's whole service stack).
macro_rules! with_limits {
    ($server:expr, $config:expr, $per_worker:expr) => {{
        let timeouts = $config.timeouts;
        $server
            .client_request_timeout(timeouts.headers)
            .keep_alive(timeouts.keep_alive)
            .on_connect(connection::on_connect(timeouts.send))
            .h1_allow_half_closed(false)
            .max_connections($per_worker)
            .shutdown_timeout(timeouts.answer.as_secs().max(1))
            .disable_signals()
    }};
}

/// Bound, not yet running, servers: the main one and the ops one.
pub struct Application {
    port: u16,
    ops_port: Option<u16>,
    server: Server,
    ops_server: Option<Server>,
    state: web::Data<AppState>,
}

impl Application {
    /// Binds `config.bind_addr:config.port` (and the ops port, if on) and builds the servers.
    pub fn build(config: Config) -> std::io::Result<Application> {
        let listener = bind(&config, config.port, "PORT")?;
        let port = listener.local_addr()?.port();
        let metrics = Metrics::new();
        let searches = Searches::new(&config.searches(), metrics.registry())?;
        let api = openapi::api();
        let state = web::Data::new(AppState::new(config.clone(), metrics, searches, route_methods(&api)));
        let connections = connection_cap(config.max_connections);
        let server_state = state.clone();
        let server = HttpServer::new(move || {
            let state = server_state.clone();
            App::new()
                .app_data(state.clone())
                .app_data(web::PayloadConfig::new(state.config.max_body_bytes))
                .wrap(from_fn(head_as_get))
                .wrap(from_fn(conditional_get))
                .wrap(from_fn(answer_deadline))
                .wrap(from_fn(rate_limit))
                .wrap(cors(&state.config.cors_allowed_origins))
                .wrap(from_fn(swagger_policy))
                .wrap(ErrorHandlers::new().default_handler(problem_for_bare_error))
                .wrap(from_fn(observe))
                .wrap(from_fn(close_after_unread_body))
                .configure(|cfg| routes::configure(&mut ServiceConfig::new(cfg)))
                .service(web::redirect("/swagger-ui", "/swagger-ui/").permanent())
                .service(
                    SwaggerUi::new("/swagger-ui/{_:.*}")
                        .url("/api-docs/openapi.json", api.clone())
                        .config(utoipa_swagger_ui::Config::default().validator_url("none")),
                )
                .default_service(web::to(routes::unmatched))
        });
        let server = with_limits!(server, config, connections.div_ceil(config.workers.max(1)))
            .listen(listener)?
            .workers(config.workers)
            .run();
        let (ops_port, ops_server) = match config.ops_port {
            Some(ops_port) => {
                let (port, server) = ops_server(&config, ops_port, state.clone())?;
                (Some(port), Some(server))
            }
            None => (None, None),
        };
        tracing::info!(port, ops_port, connections, "listening");
        state.set_ready();
        Ok(Application { port, ops_port, server, ops_server, state })
    }

    /// The port the server listens on.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The ops port (`/healthz`, `/readyz`, `/metrics` only), if it is on.
    pub fn ops_port(&self) -> Option<u16> {
        self.ops_port
    }

    /// Serves until SIGTERM or SIGINT, then drains (see [`Application::run_until`]); a second
    /// signal during the drain cuts it short.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let first = stop_signal();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let (cut, cut_short) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(async move {
            first.await;
            let second = stop_signal();
            let _ = stop.send(());
            second.await;
            tracing::info!("second stop signal: the drain is cut short");
            let _ = cut.send(());
        });
        tracing::info!("serving; SIGTERM drains, then stops");
        let stopped = async move {
            let _ = stopped.await;
        };
        let cut_short = async move {
            let _ = cut_short.await;
        };
        self.serve(stopped, cut_short).await
    }

    /// Serves until `stop` resolves, then drains: `/readyz` answers 503 and every answer
    /// closes its connection for `DRAIN_SECONDS`, so that load balancers stop sending and
    /// keep-alive clients reconnect elsewhere; then both servers stop accepting, close idle
    /// connections and finish the requests in flight (up to `ANSWER_TIMEOUT_MS`).
    pub async fn run_until(self, stop: impl Future<Output = ()> + Send + 'static) -> std::io::Result<()> {
        self.serve(stop, std::future::pending()).await
    }

    async fn serve(
        self,
        stop: impl Future<Output = ()> + Send + 'static,
        cut_short: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        let handles: Vec<_> = std::iter::once(&self.server).chain(&self.ops_server).map(Server::handle).collect();
        let state = self.state.clone();
        tokio::spawn(async move {
            stop.await;
            state.start_draining();
            let drain = state.config.drain;
            tracing::info!(drain_seconds = drain.as_secs(), "stop signal: draining, then finishing requests in flight");
            tokio::select! {
                () = tokio::time::sleep(drain) => {}
                () = cut_short => {}
            }
            for handle in handles {
                handle.stop(true).await;
            }
        });
        match self.ops_server {
            Some(ops_server) => {
                let (main, ops) = tokio::join!(self.server, ops_server);
                main.and(ops)
            }
            None => self.server.await,
        }
    }
}

/// A listener on `config.bind_addr:port`; a failure names the address and the setting that
/// chose the port.
fn bind(config: &Config, port: u16, setting: &str) -> std::io::Result<TcpListener> {
    TcpListener::bind((config.bind_addr, port)).map_err(|error| {
        std::io::Error::new(error.kind(), format!("cannot listen on {}:{port} ({setting}): {error}", config.bind_addr))
    })
}

/// The ops server: `/healthz`, `/readyz` and `/metrics` on a port of their own.
fn ops_server(config: &Config, port: u16, state: web::Data<AppState>) -> std::io::Result<(u16, Server)> {
    let listener = bind(config, port, "OPS_PORT")?;
    let port = listener.local_addr()?.port();
    let server = HttpServer::new(move || {
        App::new()
            .app_data(state.clone())
            .wrap(ErrorHandlers::new().default_handler(problem_for_bare_error))
            .wrap(from_fn(observe))
            .wrap(from_fn(close_after_unread_body))
            .configure(routes::configure_ops)
            .default_service(web::to(routes::ops_unmatched))
    });
    let server = with_limits!(server, config, OPS_CONNECTIONS).listen(listener)?.workers(1).run();
    Ok((port, server))
}

/// The main port's connection cap: `MAX_CONNECTIONS`, lowered where the process's file limit
/// would not hold that many open connections beside the files the service needs.
fn connection_cap(wanted: usize) -> usize {
    let Ok((soft, _)) = rlimit::Resource::NOFILE.get() else { return wanted };
    let room = soft.saturating_sub(RESERVED_FILES) / FILES_PER_CONNECTION;
    let room = usize::try_from(room).unwrap_or(usize::MAX).max(1);
    if room < wanted {
        tracing::warn!(wanted, room, "MAX_CONNECTIONS lowered to what the file limit allows");
    }
    wanted.min(room)
}

/// Raises the process's open-file limit to its hard limit (done once, at start).
pub fn raise_file_limit() {
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(limit) => tracing::info!(limit, "open-file limit"),
        Err(error) => tracing::warn!(%error, "the open-file limit could not be raised"),
    }
}

/// Resolves on SIGTERM or SIGINT. The handlers are installed when this is called, not when
/// it is first awaited, so a signal that comes in between is not lost.
fn stop_signal() -> impl Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let streams = signal(SignalKind::terminate()).and_then(|t| Ok((t, signal(SignalKind::interrupt())?)));
        async move {
            match streams {
                Ok((mut terminate, mut interrupt)) => {
                    tokio::select! {
                        _ = terminate.recv() => {}
                        _ = interrupt.recv() => {}
                    }
                }
                Err(error) => {
                    tracing::warn!(%error, "no signal handler: the server stops only when killed");
                    std::future::pending::<()>().await;
                }
            }
        }
    }
    #[cfg(not(unix))]
    async {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Every documented path with the methods it answers, as an `Allow` header's value (a GET
/// path also answers HEAD).
fn route_methods(api: &utoipa::openapi::OpenApi) -> Vec<(ResourceDef, String)> {
    api.paths
        .paths
        .iter()
        .map(|(path, item)| {
            let mut methods = Vec::new();
            if item.get.is_some() {
                methods.extend(["GET", "HEAD"]);
            }
            if item.post.is_some() {
                methods.push("POST");
            }
            (ResourceDef::new(path.as_str()), methods.join(", "))
        })
        .collect()
}

/// CORS: any origin by default, or the configured list; preflight answered.
fn cors(origins: &[String]) -> Cors {
    // A request from an origin not allowed is served without CORS headers (the browser then
    // refuses it) rather than answered with a non-JSON error.
    let cors = Cors::default()
        .block_on_origin_mismatch(false)
        .allowed_methods(["GET", "HEAD", "POST", "OPTIONS"])
        .allow_any_header()
        .expose_headers(["x-request-id", "retry-after", "etag"])
        .max_age(3600);
    if origins.iter().any(|o| o == "*") {
        cors.allow_any_origin().send_wildcard()
    } else {
        origins.iter().fold(cors, |cors, origin| cors.allowed_origin(origin))
    }
}
