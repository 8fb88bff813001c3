//! `Application`: binds the listener and builds the server with every endpoint, middleware
//! and limit. Tests build it on port 0.

use std::net::TcpListener;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use actix_cors::Cors;
use actix_web::dev::Server;
use actix_web::middleware::from_fn;
use actix_web::{web, App, HttpServer};
use utoipa::OpenApi;
use utoipa_swagger_ui::SwaggerUi;

use super::body::json_error;
use super::client_gone;
use super::config::Config;
use super::metrics::Metrics;
use super::middleware::{conditional_get, observe, rate_limit, RateLimiter};
use super::openapi::ApiDoc;
use super::replay_cache::ReplayCache;
use super::routes;
use super::search_cache::SearchCache;
use super::search_pool::SearchPool;

/// What every handler can reach.
pub struct AppState {
    /// The configuration.
    pub config: Config,
    /// The metrics.
    pub metrics: Metrics,
    /// The rate limiter, when one is configured.
    pub rate_limiter: Option<Arc<RateLimiter>>,
    /// The threads that search computer moves.
    pub search_pool: SearchPool,
    /// Recent computer moves.
    pub search_cache: SearchCache,
    /// Recently replayed games.
    pub replay_cache: ReplayCache,
    ready: AtomicBool,
}

impl AppState {
    /// Whether the server is ready to serve.
    pub fn is_ready(&self) -> bool {
        self.ready.load(Ordering::Acquire)
    }
}

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
        let (replay_hits, replay_misses) = metrics.replay_cache_counters();
        let state = web::Data::new(AppState {
            rate_limiter: config.rate_limit_per_minute.map(|n| Arc::new(RateLimiter::new(n))),
            search_pool: SearchPool::new(config.search_threads, config.search_queue, metrics.pool_gauges())?,
            search_cache: SearchCache::new(config.cache_capacity),
            replay_cache: ReplayCache::new(config.replay_cache_mb, replay_hits, replay_misses),
            metrics,
            ready: AtomicBool::new(false),
            config: config.clone(),
        });
        let openapi = ApiDoc::openapi();
        let workers = config.workers;
        let server_state = state.clone();
        let server = HttpServer::new(move || {
            let state = server_state.clone();
            let json = json_config(state.config.max_body_bytes);
            App::new()
                .app_data(state.clone())
                .app_data(json)
                .wrap(from_fn(conditional_get))
                .wrap(from_fn(rate_limit))
                .wrap(cors(&state.config.cors_allowed_origins))
                .wrap(from_fn(observe))
                .configure(routes::configure)
                .service(SwaggerUi::new("/swagger-ui/{_:.*}").url("/api-docs/openapi.json", openapi.clone()))
                .default_service(web::to(routes::not_found))
        })
        .on_connect(client_gone::on_connect)
        .listen(listener)?
        .workers(workers)
        .shutdown_timeout(30)
        .disable_signals()
        .run();
        state.ready.store(true, Ordering::Release);
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
            state.ready.store(false, Ordering::Release);
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

/// JSON bodies: size limit, any content type (browsers may send `text/plain` to skip a
/// preflight), and problem+json errors.
fn json_config(limit: usize) -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(limit)
        .content_type_required(false)
        .error_handler(move |error, _req| json_error(error, limit).into())
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
