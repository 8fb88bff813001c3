//! `Metrics`: the Prometheus registry the service exports, with the HTTP and game metrics; the
//! searches' metrics are registered in it by [`crate::service::Searches`].

use prometheus::{Encoder, HistogramOpts, HistogramVec, IntCounterVec, Opts, Registry, TextEncoder};

use actix_web::http::Method;

use crate::rules::Variant;
use crate::service::StatusView;

/// Request latency buckets (seconds): most answers take microseconds.
const LATENCY_BUCKETS: [f64; 14] =
    [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5];

/// The metrics of one server.
#[derive(Clone)]
pub struct Metrics {
    registry: Registry,
    requests: IntCounterVec,
    duration: HistogramVec,
    games: IntCounterVec,
    moves_replayed: IntCounterVec,
    games_finished: IntCounterVec,
}

impl Metrics {
    /// A fresh registry with the process metrics and the service's own.
    pub fn new() -> Metrics {
        let registry = Registry::new();
        let requests = IntCounterVec::new(
            Opts::new("http_requests_total", "HTTP requests answered, by method, route template and status"),
            &["method", "route", "status"],
        )
        .expect("valid metric");
        let duration = HistogramVec::new(
            HistogramOpts::new("http_request_duration_seconds", "Time to answer an HTTP request, by route template")
                .buckets(LATENCY_BUCKETS.to_vec()),
            &["method", "route"],
        )
        .expect("valid metric");
        let games = IntCounterVec::new(
            Opts::new(
                "draughts_game_requests_total",
                "Game requests (legal-moves, apply-move, ai-move, pdn_parse per game, pdn_export) by variant and endpoint",
            ),
            &["variant", "endpoint"],
        )
        .expect("valid metric");
        let moves_replayed = IntCounterVec::new(
            Opts::new("draughts_moves_replayed_total", "Moves replayed from request histories, by variant"),
            &["variant"],
        )
        .expect("valid metric");
        let games_finished = IntCounterVec::new(
            Opts::new("draughts_games_finished_total", "Moves applied that ended the game, by result and reason"),
            &["state", "reason"],
        )
        .expect("valid metric");
        for collector in [
            Box::new(requests.clone()) as Box<dyn prometheus::core::Collector>,
            Box::new(duration.clone()),
            Box::new(games.clone()),
            Box::new(moves_replayed.clone()),
            Box::new(games_finished.clone()),
        ] {
            registry.register(collector).expect("metric names are unique");
        }
        #[cfg(target_os = "linux")]
        registry
            .register(Box::new(prometheus::process_collector::ProcessCollector::for_self()))
            .expect("process metrics register once");
        Metrics { registry, requests, duration, games, moves_replayed, games_finished }
    }

    /// The registry every metric is exported from.
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// Records one answered request. `route` must be a route template or a fixed word, never
    /// text from the request; the method label is one of the standard methods or `other`.
    pub fn observe(&self, method: &Method, route: &str, status: u16, seconds: f64) {
        let method = method_label(method);
        self.requests.with_label_values(&[method, route, &status.to_string()]).inc();
        self.duration.with_label_values(&[method, route]).observe(seconds);
    }

    /// Records a game request and the moves it replays.
    pub fn game_request(&self, variant: Variant, endpoint: &str, moves: usize) {
        self.games.with_label_values(&[variant.id(), endpoint]).inc();
        self.moves_replayed.with_label_values(&[variant.id()]).inc_by(moves as u64);
    }

    /// Records the result of a move that ended a game, with the API's state and reason.
    pub fn game_finished(&self, status: &StatusView) {
        if let Some(reason) = status.reason {
            self.games_finished.with_label_values(&[status.state, reason]).inc();
        }
    }

    /// Every metric in Prometheus text format.
    pub fn render(&self) -> String {
        let mut out = Vec::new();
        // Encoding into a Vec cannot fail for well-formed metric families.
        let _ = TextEncoder::new().encode(&self.registry.gather(), &mut out);
        String::from_utf8(out).unwrap_or_default()
    }
}

/// The `method` label of a request: its method when it is one of RFC 9110's and PATCH,
/// `other` for any method a client makes up, so that no client can add label values.
pub fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        Method::PATCH => "PATCH",
        Method::CONNECT => "CONNECT",
        Method::TRACE => "TRACE",
        _ => "other",
    }
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}
