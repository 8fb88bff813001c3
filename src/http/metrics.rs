//! `Metrics`: the Prometheus registry and every metric the service exports.

use prometheus::{
    Encoder, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge, Opts, Registry, TextEncoder,
};

use actix_web::http::Method;

use crate::rules::Variant;
use crate::service::{Difficulty, PoolGauges, StatusView};

/// Request latency buckets (seconds): most answers take microseconds.
const LATENCY_BUCKETS: [f64; 14] =
    [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5];

/// Search time buckets (seconds): from the easy level's milliseconds to the longest budget.
const SEARCH_BUCKETS: [f64; 12] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0];

/// Depth buckets (plies).
const DEPTH_BUCKETS: [f64; 12] = [1.0, 2.0, 4.0, 6.0, 8.0, 10.0, 12.0, 15.0, 18.0, 21.0, 25.0, 30.0];

/// The metrics of one server.
#[derive(Clone)]
pub struct Metrics {
    registry: Registry,
    requests: IntCounterVec,
    duration: HistogramVec,
    games: IntCounterVec,
    moves_replayed: IntCounterVec,
    games_finished: IntCounterVec,
    searches: IntCounterVec,
    search_duration: HistogramVec,
    search_nodes: IntCounterVec,
    search_depth: HistogramVec,
    cache_hits: IntCounter,
    cache_misses: IntCounter,
    cache_bytes: IntGauge,
    cache_entries: IntGauge,
    queued: IntGauge,
    running: IntGauge,
    rejections: IntCounter,
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
        let searches = IntCounterVec::new(
            Opts::new("draughts_searches_total", "Computer-move searches run, by variant and difficulty"),
            &["variant", "difficulty"],
        )
        .expect("valid metric");
        let search_duration = HistogramVec::new(
            HistogramOpts::new("draughts_search_duration_seconds", "Time a search took, by difficulty")
                .buckets(SEARCH_BUCKETS.to_vec()),
            &["difficulty"],
        )
        .expect("valid metric");
        let search_nodes = IntCounterVec::new(
            Opts::new("draughts_search_nodes_total", "Positions searched, by variant"),
            &["variant"],
        )
        .expect("valid metric");
        let search_depth = HistogramVec::new(
            HistogramOpts::new("draughts_search_depth", "Depth a search completed, by difficulty")
                .buckets(DEPTH_BUCKETS.to_vec()),
            &["difficulty"],
        )
        .expect("valid metric");
        let cache_hits = IntCounter::new("draughts_search_cache_hits_total", "Computer moves answered from the cache")
            .expect("valid metric");
        let cache_misses =
            IntCounter::new("draughts_search_cache_misses_total", "Computer moves not in the cache, so searched")
                .expect("valid metric");
        let cache_bytes = IntGauge::new(
            "draughts_search_cache_bytes",
            "Bytes the search cache's entries hold (keys, answers and overhead), at most CACHE_MAX_MIB",
        )
        .expect("valid metric");
        let cache_entries =
            IntGauge::new("draughts_search_cache_entries", "Answers in the search cache").expect("valid metric");
        let queued =
            IntGauge::new("draughts_search_queue_depth", "Searches waiting for a search thread").expect("valid metric");
        let running = IntGauge::new("draughts_searches_in_flight", "Searches running").expect("valid metric");
        let rejections = IntCounter::new(
            "draughts_search_rejections_total",
            "Computer-move requests refused with 503 overloaded (pool and queue full)",
        )
        .expect("valid metric");
        for collector in [
            Box::new(requests.clone()) as Box<dyn prometheus::core::Collector>,
            Box::new(duration.clone()),
            Box::new(games.clone()),
            Box::new(moves_replayed.clone()),
            Box::new(games_finished.clone()),
            Box::new(searches.clone()),
            Box::new(search_duration.clone()),
            Box::new(search_nodes.clone()),
            Box::new(search_depth.clone()),
            Box::new(cache_hits.clone()),
            Box::new(cache_misses.clone()),
            Box::new(cache_bytes.clone()),
            Box::new(cache_entries.clone()),
            Box::new(queued.clone()),
            Box::new(running.clone()),
            Box::new(rejections.clone()),
        ] {
            registry.register(collector).expect("metric names are unique");
        }
        #[cfg(target_os = "linux")]
        registry
            .register(Box::new(prometheus::process_collector::ProcessCollector::for_self()))
            .expect("process metrics register once");
        Metrics {
            registry,
            requests,
            duration,
            games,
            moves_replayed,
            games_finished,
            searches,
            search_duration,
            search_nodes,
            search_depth,
            cache_hits,
            cache_misses,
            cache_bytes,
            cache_entries,
            queued,
            running,
            rejections,
        }
    }

    /// The gauges the search pool keeps up to date.
    pub fn pool_gauges(&self) -> PoolGauges {
        PoolGauges { queued: self.queued.clone(), running: self.running.clone() }
    }

    /// Records a cache lookup.
    pub fn search_cache(&self, hit: bool) {
        if hit { &self.cache_hits } else { &self.cache_misses }.inc();
    }

    /// Records the bytes the search cache holds and its number of entries.
    pub fn search_cache_usage(&self, (bytes, entries): (u64, u64)) {
        self.cache_bytes.set(i64::try_from(bytes).unwrap_or(i64::MAX));
        self.cache_entries.set(i64::try_from(entries).unwrap_or(i64::MAX));
    }

    /// Records a search refused because the pool was full.
    pub fn search_rejected(&self) {
        self.rejections.inc();
    }

    /// Records a finished search.
    pub fn search_done(&self, variant: Variant, difficulty: Difficulty, nodes: u64, depth: u32, seconds: f64) {
        self.searches.with_label_values(&[variant.id(), difficulty.id()]).inc();
        self.search_duration.with_label_values(&[difficulty.id()]).observe(seconds);
        self.search_nodes.with_label_values(&[variant.id()]).inc_by(nodes);
        self.search_depth.with_label_values(&[difficulty.id()]).observe(depth as f64);
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
