//! `SearchCache`: recent answers of searches (computer moves, analyses), by everything that
//! changes the answer ([`SearchKey`]), bounded by `CACHE_CAPACITY` entries (moka, TinyLFU
//! eviction).

use std::sync::Arc;

use moka::sync::Cache;

use super::computer::{ComputerMove, SearchKey};

/// Recent searches' answers of the kind `A`; capacity 0 keeps nothing.
#[derive(Clone)]
pub struct SearchCache<A = ComputerMove> {
    cache: Option<Cache<SearchKey, Arc<A>>>,
}

impl<A: Send + Sync + 'static> SearchCache<A> {
    /// A cache of at most `capacity` answers.
    pub fn new(capacity: u64) -> SearchCache<A> {
        SearchCache { cache: (capacity > 0).then(|| Cache::new(capacity)) }
    }

    /// The answer filed under `key`, if any.
    pub fn get(&self, key: &SearchKey) -> Option<Arc<A>> {
        self.cache.as_ref()?.get(key)
    }

    /// Files `answer` under `key`.
    pub fn insert(&self, key: SearchKey, answer: Arc<A>) {
        if let Some(cache) = &self.cache {
            cache.insert(key, answer);
        }
    }
}
