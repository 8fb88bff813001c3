//! `SearchCache`: recent computer moves, by everything that changes the answer
//! ([`SearchKey`]), bounded by `CACHE_CAPACITY` entries (moka, TinyLFU eviction).

use std::sync::Arc;

use moka::sync::Cache;

use super::computer::{ComputerMove, SearchKey};

/// Recent searches' answers; capacity 0 keeps nothing.
#[derive(Clone)]
pub struct SearchCache {
    cache: Option<Cache<SearchKey, Arc<ComputerMove>>>,
}

impl SearchCache {
    /// A cache of at most `capacity` answers.
    pub fn new(capacity: u64) -> SearchCache {
        SearchCache { cache: (capacity > 0).then(|| Cache::new(capacity)) }
    }

    /// The answer filed under `key`, if any.
    pub fn get(&self, key: &SearchKey) -> Option<Arc<ComputerMove>> {
        self.cache.as_ref()?.get(key)
    }

    /// Files `answer` under `key`.
    pub fn insert(&self, key: SearchKey, answer: Arc<ComputerMove>) {
        if let Some(cache) = &self.cache {
            cache.insert(key, answer);
        }
    }
}
