//! `ReplayCache`: the rules core's [`ReplayMemo`] on moka, bounded by `REPLAY_CACHE_MB` of
//! replayed games (TinyLFU eviction). A game's requests then replay only their new moves.

use std::sync::Arc;

use foldhash::fast::RandomState;
use moka::sync::Cache;
use prometheus::IntCounter;

use crate::rules::replay_memo::{ReplayMemo, Replayed};

/// Moka's own bookkeeping per entry, added to each game's weight.
const ENTRY_OVERHEAD_BYTES: usize = 128;

/// Recently replayed games; a size of 0 keeps nothing.
#[derive(Clone)]
pub struct ReplayCache {
    cache: Option<Cache<u64, Arc<Replayed>, RandomState>>,
    hits: IntCounter,
    misses: IntCounter,
}

impl ReplayCache {
    /// A cache of at most `mib` MiB of games, counting its lookups in `hits` and `misses`.
    pub fn new(mib: u64, hits: IntCounter, misses: IntCounter) -> ReplayCache {
        let cache = (mib > 0).then(|| {
            Cache::builder()
                .max_capacity(mib.saturating_mul(1 << 20))
                .weigher(|_, game: &Arc<Replayed>| {
                    u32::try_from(game.bytes() + ENTRY_OVERHEAD_BYTES).unwrap_or(u32::MAX)
                })
                .build_with_hasher(RandomState::default())
        });
        ReplayCache { cache, hits, misses }
    }

    /// The memo to replay with, if the cache is on.
    pub fn memo(&self) -> Option<&dyn ReplayMemo> {
        self.cache.as_ref().map(|_| self as &dyn ReplayMemo)
    }
}

impl ReplayMemo for ReplayCache {
    fn recall(&self, key: u64) -> Option<Arc<Replayed>> {
        let found = self.cache.as_ref()?.get(&key);
        if found.is_some() { &self.hits } else { &self.misses }.inc();
        found
    }

    fn keep(&self, key: u64, game: Arc<Replayed>) {
        if let Some(cache) = &self.cache {
            cache.insert(key, game);
        }
    }
}
