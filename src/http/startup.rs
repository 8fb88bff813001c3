//! `Application`: binds the listener and builds the server with every endpoint, middleware
//! and limit. Tests build it on port 0.

use std::net::TcpListener;

use actix_cors::Cors;
use actix_web::dev::{ResourceDef, Server};
use actix_web::middleware::from_fn;
use actix_web::{web, App, HttpServer};
use utoipa_actix_web::service_config::ServiceConfig;
use utoipa_swagger_ui::SwaggerUi;

use super::client_gone;
use super::config::Config;
use super::metrics::Metrics;
use super::middleware::{conditional_get, head_as_get, observe, rate_limit};
use super::openapi;
use super::routes;
use super::state::AppState;
use crate::service::SearchPool;

/// A bound, not yet running, server.
pub struct Application {
    port: u16,
    server: Server,
    state: web::Data<AppState>,
}

impl Application {
    /// Binds `config.bind_addr:config.port` and builds the server.
    pub fn build(config: Config) -> std::io::Result<Application> {
        let listener = TcpListener::bind((config.bind_addr, config.port))?;
        let port = listener.local_addr()?.port();
        let metrics = Metrics::new();
        let search_pool = SearchPool::new(config.search_threads, config.search_queue, metrics.pool_gauges())?;
        let api = openapi::api();
        let state = web::Data::new(AppState::new(config.clone(), metrics, search_pool, route_methods(&api)));
        let workers = config.workers;
        let server_state = state.clone();
        let server = HttpServer::new(move || {
            let state = server_state.clone();
            App::new()
                .app_data(state.clone())
                .app_data(web::PayloadConfig::new(state.config.max_body_bytes))
                .wrap(from_fn(head_as_get))
                .wrap(from_fn(conditional_get))
                .wrap(from_fn(rate_limit))
                .wrap(cors(&state.config.cors_allowed_origins))
                .wrap(from_fn(observe))
                .configure(|cfg| routes::configure(&mut ServiceConfig::new(cfg)))
                .service(SwaggerUi::new("/swagger-ui/{_:.*}").url("/api-docs/openapi.json", api.clone()))
                .default_service(web::to(routes::unmatched))
        })
        .on_connect(client_gone::on_connect)
        .listen(listener)?
        .workers(workers)
        .shutdown_timeout(30)
        .disable_signals()
        .run();
        state.set_ready(true);
        Ok(Application { port, server, state })
    }

    /// The port the server listens on.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Serves until SIGINT or SIGTERM; then `/readyz` turns unready, the server stops
    /// accepting, and in-flight requests finish (up to 30 s).
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.run_until(wait_for_stop_signal()).await
    }

    /// Serves until `stop` resolves, then shuts down gracefully as on a signal.
    pub async fn run_until(self, stop: impl std::future::Future<Output = ()> + Send + 'static) -> std::io::Result<()> {
        let handle = self.server.handle();
        let state = self.state.clone();
        tokio::spawn(async move {
            stop.await;
            state.set_ready(false);
            tracing::info!("stop signal received: finishing in-flight requests");
            handle.stop(true).await;
        });
        self.server.await
    }
}

/// Resolves on SIGINT or SIGTERM (SIGINT only where there is no SIGTERM).
async fn wait_for_stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                tokio::select! {
                    _ = terminate.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
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
