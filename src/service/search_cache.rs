//! `SearchCache`: recent answers of searches, by everything that changes the answer
//! ([`SearchKey`]), bounded by the memory its entries hold (`CACHE_MAX_MIB`; moka, TinyLFU
//! eviction). Each entry is weighed when it is filed by what it really holds: its key (whose
//! history of positions grows with the game), its answer (whose lines grow with the search), what
//! the allocator spends on them beyond their bytes ([`ALLOCATOR_SHARE`]), and what the cache
//! spends around each entry ([`ENTRY_OVERHEAD`]).

use core::any::Any;
use core::mem::size_of;
use std::sync::Arc;

use moka::sync::Cache;

use super::heap_bytes::HeapBytes;
use super::search_key::SearchKey;

/// Bytes an entry costs beyond its key and its answer: moka's node, its place in the hash table
/// and the eviction lists, the `Arc` counts and the small allocations' headers.
pub const ENTRY_OVERHEAD: usize = 3072;

/// What the allocator spends beyond the bytes an entry holds (size classes, and memory freed by
/// evicted entries that the next ones cannot reuse exactly), as a share of them: a quarter.
/// With [`ENTRY_OVERHEAD`], calibrated so that the process's memory grows by no more than what
/// the cache counts: for typical computer moves (`bench/resources.sh`: 12,000 easy answers took
/// 3.8 KiB each beyond the same searches without a cache) and for the largest entries a client
/// can make (`bench/cache_flood.py`: 11-14 KiB each); BENCHMARKS.md, "Resources".
pub const ALLOCATOR_SHARE: (usize, usize) = (1, 4);

/// A cached answer, of any kind, with the bytes its entry holds.
#[derive(Clone)]
struct Entry {
    answer: Arc<dyn Any + Send + Sync>,
    bytes: u32,
}

/// Recent searches' answers, their entries holding at most a budget of bytes; a budget of 0
/// keeps nothing.
#[derive(Clone)]
pub struct SearchCache {
    cache: Option<Cache<SearchKey, Entry>>,
}

impl SearchCache {
    /// A cache whose entries hold at most `max_bytes` bytes.
    pub fn new(max_bytes: u64) -> SearchCache {
        let cache = (max_bytes > 0).then(|| {
            Cache::builder().max_capacity(max_bytes).weigher(|_: &SearchKey, entry: &Entry| entry.bytes).build()
        });
        SearchCache { cache }
    }

    /// The answer of type `A` filed under `key`, if any.
    pub fn get<A: Any + Send + Sync>(&self, key: &SearchKey) -> Option<Arc<A>> {
        self.cache.as_ref()?.get(key)?.answer.downcast().ok()
    }

    /// Files `answer` under `key`.
    pub fn insert<A: HeapBytes + Any + Send + Sync>(&self, key: SearchKey, answer: Arc<A>) {
        if let Some(cache) = &self.cache {
            let bytes = weight(&key, &*answer);
            cache.insert(key, Entry { answer, bytes: u32::try_from(bytes).unwrap_or(u32::MAX) });
        }
    }

    /// The bytes the entries hold and their number, once the cache has done its pending work
    /// (evictions are applied in batches).
    pub fn usage(&self) -> (u64, u64) {
        match &self.cache {
            Some(cache) => {
                cache.run_pending_tasks();
                (cache.weighted_size(), cache.entry_count())
            }
            None => (0, 0),
        }
    }
}

/// The bytes an entry of `key` and `answer` takes: both, with what they hold on the heap and the
/// allocator's share of that, and [`ENTRY_OVERHEAD`].
pub fn weight<A: HeapBytes>(key: &SearchKey, answer: &A) -> usize {
    let held = size_of::<SearchKey>() + key.heap_bytes() + size_of::<A>() + answer.heap_bytes();
    let (part, whole) = ALLOCATOR_SHARE;
    ENTRY_OVERHEAD + held + held * part / whole
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ruleset::English;
    use crate::rules::{Game, Variant};
    use crate::service::replay::replay;
    use crate::service::{
        AiMoveSettings, Difficulty, DrawOverrides, GameRequest, RuleOverrides, SearchLimits, SearchPlan,
    };

    /// A king shuffle of `plies` plies: every position of it stays in the history of its key.
    fn shuffle(plies: usize) -> Game<English> {
        let moves: Vec<&str> = ["29-25", "4-8", "25-29", "8-4"].iter().copied().cycle().take(plies).collect();
        let draw = DrawOverrides { repetitions: Some(255), quiet_moves: Some(0), ..DrawOverrides::default() };
        let rules = RuleOverrides { draw: Some(draw), ..RuleOverrides::default() };
        let request = GameRequest::start(Variant::English).with_fen("W:WK29,21:BK4,12").with_moves(&moves);
        replay(&request.with_rules(rules)).expect("a game that never ends")
    }

    /// The key of a hard search of `game` seeded with `seed` (a key of its own for each seed).
    fn key(game: &Game<English>, seed: u64) -> SearchKey {
        let limits = SearchLimits {
            max_search: core::time::Duration::from_secs(1),
            clock_margin: core::time::Duration::from_millis(50),
            max_review: core::time::Duration::from_secs(1),
            max_review_document: core::time::Duration::from_secs(1),
        };
        let settings =
            AiMoveSettings { level: Difficulty::Hard.level(), seed: Some(seed), ..AiMoveSettings::default() };
        SearchKey::of(game, &SearchPlan::ai_move(settings, &limits), 1).expect("a hard search has a key")
    }

    /// An answer of ten lines of ten moves.
    fn answer() -> Arc<Vec<String>> {
        Arc::new(vec!["29-25 4-8 25-29 8-4 29-25 4-8 25-29 8-4 29-25 4-8".to_owned(); 10])
    }

    #[test]
    fn an_entry_weighs_its_keys_history_and_its_answer() {
        let (light, heavy) = (weight(&key(&shuffle(4), 0), &*answer()), weight(&key(&shuffle(1000), 0), &*answer()));
        let history = 8 * (1000 - 4) * 5 / 4;
        assert!((heavy - light).abs_diff(history) <= 1, "8 bytes for each position of the history, and a quarter more");
        assert!(light > ENTRY_OVERHEAD + 10 * 49, "{light}");
    }

    #[test]
    fn the_largest_entries_never_take_the_cache_past_its_budget() {
        let budget = 1 << 20;
        let cache = SearchCache::new(budget);
        let game = shuffle(1000);
        for seed in 0..1000 {
            cache.insert(key(&game, seed), answer());
        }
        let (bytes, entries) = cache.usage();
        assert!(bytes <= budget, "{bytes} bytes");
        assert!(entries > 50 && entries < 1000, "{entries} entries");
        assert!(cache.get::<String>(&key(&game, 999)).is_none(), "an answer of another type is not found");
    }
}
