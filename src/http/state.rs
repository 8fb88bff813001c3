//! `AppState`: what every handler and middleware can reach.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use actix_web::dev::ResourceDef;

use super::config::Config;
use super::metrics::Metrics;
use super::rate_limiter::RateLimiter;
use crate::service::Searches;

/// The service's shared state.
pub struct AppState {
    /// The configuration.
    pub config: Config,
    /// The metrics.
    pub metrics: Metrics,
    /// The rate limiter, when one is configured.
    pub rate_limiter: Option<Arc<RateLimiter>>,
    /// The one door to the computer: every search (computer moves, analyses, reviews).
    pub searches: Searches,
    /// Every route's path and the methods it answers (its `Allow` header), for the answer to
    /// a method no route takes.
    pub routes: Vec<(ResourceDef, String)>,
    ready: AtomicBool,
    draining: AtomicBool,
}

impl AppState {
    /// The state of a server that is not yet ready.
    pub fn new(config: Config, metrics: Metrics, searches: Searches, routes: Vec<(ResourceDef, String)>) -> AppState {
        AppState {
            rate_limiter: config.rate_limit_per_minute.map(|n| Arc::new(RateLimiter::new(n))),
            searches,
            metrics,
            routes,
            ready: AtomicBool::new(false),
            draining: AtomicBool::new(false),
            config,
        }
    }

    /// Whether the server is ready to serve.
    pub fn is_ready(&self) -> bool {
        self.ready.load(Ordering::Acquire)
    }

    /// Marks the server ready to serve.
    pub fn set_ready(&self) {
        self.ready.store(true, Ordering::Release);
    }

    /// Whether the server is stopping: `/readyz` is unready and every answer closes its
    /// connection.
    pub fn is_draining(&self) -> bool {
        self.draining.load(Ordering::Acquire)
    }

    /// Starts the drain: unready from now on.
    pub fn start_draining(&self) {
        self.draining.store(true, Ordering::Release);
        self.ready.store(false, Ordering::Release);
    }

    /// The methods the route at `path` answers, if a route is there.
    pub fn allowed_methods(&self, path: &str) -> Option<&str> {
        self.routes.iter().find(|(def, _)| def.is_match(path)).map(|(_, allow)| allow.as_str())
    }
}
