//! `SearchMetrics`: the Prometheus metrics of the service's searches, labelled by kind
//! ([`SearchKind`]), registered in the registry the caller exports.

use prometheus::{HistogramOpts, HistogramVec, IntCounterVec, IntGauge, Opts, Registry};

use super::levels::Level;
use super::search_kind::SearchKind;
use crate::rules::Variant;

/// Search time buckets (seconds): from the low levels' milliseconds to the longest budget.
const SEARCH_BUCKETS: [f64; 12] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0];

/// Depth buckets (plies).
const DEPTH_BUCKETS: [f64; 12] = [1.0, 2.0, 4.0, 6.0, 8.0, 10.0, 12.0, 15.0, 18.0, 21.0, 25.0, 30.0];

/// The `level` label of a search at no level (an analysis, a review).
const NO_LEVEL: &str = "none";

/// What one search did.
#[derive(Clone, Copy, Debug)]
pub struct SearchFigures {
    /// The variant searched.
    pub variant: Variant,
    /// The kind of search.
    pub kind: SearchKind,
    /// The level of a computer move.
    pub level: Option<Level>,
    /// Positions searched.
    pub nodes: u64,
    /// The last complete iteration, in plies.
    pub depth: u32,
    /// The time it took, in seconds.
    pub seconds: f64,
}

/// The searches' metrics.
#[derive(Clone)]
pub struct SearchMetrics {
    searches: IntCounterVec,
    duration: HistogramVec,
    nodes: IntCounterVec,
    depth: HistogramVec,
    cache_hits: IntCounterVec,
    cache_misses: IntCounterVec,
    cache_bytes: IntGauge,
    cache_entries: IntGauge,
    /// Searches waiting for a search thread.
    pub queued: IntGauge,
    /// Searches running.
    pub running: IntGauge,
    rejections: IntCounterVec,
}

impl SearchMetrics {
    /// The metrics, registered in `registry`.
    pub fn register(registry: &Registry) -> prometheus::Result<SearchMetrics> {
        let counter = |name: &str, help: &str, labels: &[&str]| IntCounterVec::new(Opts::new(name, help), labels);
        let histogram = |name: &str, help: &str, buckets: &[f64]| {
            HistogramVec::new(HistogramOpts::new(name, help).buckets(buckets.to_vec()), &["kind", "level"])
        };
        let metrics = SearchMetrics {
            searches: counter(
                "draughts_searches_total",
                "Searches run, by variant, kind (ai_move, analysis, review: one per position) and level \
                 (1 to 10; none for analyses and reviews)",
                &["variant", "kind", "level"],
            )?,
            duration: histogram(
                "draughts_search_duration_seconds",
                "Time a search took, by kind and level",
                &SEARCH_BUCKETS,
            )?,
            nodes: counter("draughts_search_nodes_total", "Positions searched, by variant", &["variant"])?,
            depth: histogram("draughts_search_depth", "Depth a search completed, by kind and level", &DEPTH_BUCKETS)?,
            cache_hits: counter(
                "draughts_search_cache_hits_total",
                "Answers taken from the search cache, by kind",
                &["kind"],
            )?,
            cache_misses: counter(
                "draughts_search_cache_misses_total",
                "Cacheable answers not in the search cache, so searched, by kind",
                &["kind"],
            )?,
            cache_bytes: IntGauge::new(
                "draughts_search_cache_bytes",
                "Bytes the search cache's entries hold (keys, answers and overhead), at most CACHE_MAX_MIB",
            )?,
            cache_entries: IntGauge::new("draughts_search_cache_entries", "Answers in the search cache")?,
            queued: IntGauge::new("draughts_search_queue_depth", "Searches waiting for a search thread")?,
            running: IntGauge::new("draughts_searches_in_flight", "Searches running (a review counts once, whole)")?,
            rejections: counter(
                "draughts_search_rejections_total",
                "Searches refused with 503 overloaded (pool and queue full), by kind",
                &["kind"],
            )?,
        };
        for collector in [
            Box::new(metrics.searches.clone()) as Box<dyn prometheus::core::Collector>,
            Box::new(metrics.duration.clone()),
            Box::new(metrics.nodes.clone()),
            Box::new(metrics.depth.clone()),
            Box::new(metrics.cache_hits.clone()),
            Box::new(metrics.cache_misses.clone()),
            Box::new(metrics.cache_bytes.clone()),
            Box::new(metrics.cache_entries.clone()),
            Box::new(metrics.queued.clone()),
            Box::new(metrics.running.clone()),
            Box::new(metrics.rejections.clone()),
        ] {
            registry.register(collector)?;
        }
        // Every kind's counters from the start, at 0, so that dashboards and alerts see them.
        for kind in SearchKind::ALL {
            for counter in [&metrics.cache_hits, &metrics.cache_misses, &metrics.rejections] {
                counter.with_label_values(&[kind.id()]);
            }
        }
        Ok(metrics)
    }

    /// Records a finished search.
    pub fn searched(&self, figures: SearchFigures) {
        let (kind, level) = (figures.kind.id(), figures.level.map_or(NO_LEVEL, Level::id));
        self.searches.with_label_values(&[figures.variant.id(), kind, level]).inc();
        self.duration.with_label_values(&[kind, level]).observe(figures.seconds);
        self.nodes.with_label_values(&[figures.variant.id()]).inc_by(figures.nodes);
        self.depth.with_label_values(&[kind, level]).observe(f64::from(figures.depth));
    }

    /// Records a cache lookup for a search of `kind`.
    pub fn cache_lookup(&self, kind: SearchKind, hit: bool) {
        if hit { &self.cache_hits } else { &self.cache_misses }.with_label_values(&[kind.id()]).inc();
    }

    /// Records the bytes the search cache holds and its number of entries.
    pub fn cache_usage(&self, (bytes, entries): (u64, u64)) {
        self.cache_bytes.set(i64::try_from(bytes).unwrap_or(i64::MAX));
        self.cache_entries.set(i64::try_from(entries).unwrap_or(i64::MAX));
    }

    /// Records a search of `kind` refused because the pool was full.
    pub fn rejected(&self, kind: SearchKind) {
        self.rejections.with_label_values(&[kind.id()]).inc();
    }
}
