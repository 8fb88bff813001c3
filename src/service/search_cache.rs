//! `SearchCache`: recent answers of searches (computer moves and analyses), by everything that
//! changes the answer ([`SearchKey`]), bounded by the memory its entries hold (`CACHE_MAX_MIB`;
//! moka, TinyLFU eviction). Each entry is weighed by what it really holds: its key (whose
//! history of positions grows with the game), its answer (whose lines grow with the search),
//! and what the cache and the allocator spend around them ([`ENTRY_OVERHEAD`]).

use core::mem::size_of;
use std::sync::Arc;

use moka::sync::Cache;

use super::analysis::{Analysis, LineView};
use super::computer::{ComputerMove, SearchKey};
use super::views::{MoveView, Squares};

/// Bytes an entry costs beyond its key and its answer: moka's node, its place in the hash table
/// and the eviction lists, the two `Arc` counts, and the allocator's rounding (calibrated with
/// `bench/resources.sh`, BENCHMARKS.md "Resources").
pub const ENTRY_OVERHEAD: usize = 512;

/// A cached answer.
#[derive(Clone, Debug)]
pub enum CachedAnswer {
    /// A computer move.
    Move(Arc<ComputerMove>),
    /// An analysis.
    Analysis(Arc<Analysis>),
}

/// Recent searches' answers, at most `max_bytes` of them; a budget of 0 keeps nothing.
#[derive(Clone)]
pub struct SearchCache {
    cache: Option<Cache<SearchKey, CachedAnswer>>,
}

impl SearchCache {
    /// A cache whose entries hold at most `max_bytes` bytes.
    pub fn new(max_bytes: u64) -> SearchCache {
        let cache = (max_bytes > 0).then(|| {
            Cache::builder()
                .max_capacity(max_bytes)
                .weigher(|key: &SearchKey, answer: &CachedAnswer| {
                    u32::try_from(weight(key, answer)).unwrap_or(u32::MAX)
                })
                .build()
        });
        SearchCache { cache }
    }

    /// The answer filed under `key`, if any.
    pub fn get(&self, key: &SearchKey) -> Option<CachedAnswer> {
        self.cache.as_ref()?.get(key)
    }

    /// Files `answer` under `key`.
    pub fn insert(&self, key: SearchKey, answer: CachedAnswer) {
        if let Some(cache) = &self.cache {
            cache.insert(key, answer);
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

/// The bytes an entry holds: its key, its answer and [`ENTRY_OVERHEAD`].
pub fn weight(key: &SearchKey, answer: &CachedAnswer) -> usize {
    let answer = match answer {
        CachedAnswer::Move(answer) => size_of::<ComputerMove>() + answer.heap_bytes(),
        CachedAnswer::Analysis(answer) => size_of::<Analysis>() + answer.heap_bytes(),
    };
    ENTRY_OVERHEAD + size_of::<SearchKey>() + key.heap_bytes() + answer
}

/// What a value holds on the heap, beyond its own size.
pub trait HeapBytes {
    /// Bytes held on the heap.
    fn heap_bytes(&self) -> usize;
}

impl HeapBytes for String {
    fn heap_bytes(&self) -> usize {
        self.capacity()
    }
}

impl<T: HeapBytes> HeapBytes for Vec<T> {
    fn heap_bytes(&self) -> usize {
        self.capacity() * size_of::<T>() + self.iter().map(HeapBytes::heap_bytes).sum::<usize>()
    }
}

impl HeapBytes for u64 {
    fn heap_bytes(&self) -> usize {
        0
    }
}

impl HeapBytes for Squares {
    fn heap_bytes(&self) -> usize {
        if self.spilled() {
            self.capacity() * size_of::<super::views::Square>()
        } else {
            0
        }
    }
}

impl HeapBytes for MoveView {
    fn heap_bytes(&self) -> usize {
        let notation = if self.notation.is_heap_allocated() { self.notation.capacity() } else { 0 };
        notation + self.path.heap_bytes() + self.captures.heap_bytes()
    }
}

impl HeapBytes for ComputerMove {
    fn heap_bytes(&self) -> usize {
        self.mv.heap_bytes() + self.fen.heap_bytes() + self.pv.heap_bytes()
    }
}

impl HeapBytes for LineView {
    fn heap_bytes(&self) -> usize {
        self.mv.heap_bytes() + self.pv.heap_bytes()
    }
}

impl HeapBytes for Analysis {
    fn heap_bytes(&self) -> usize {
        self.lines.heap_bytes()
    }
}

#[cfg(test)]
mod tests {
    use core::time::Duration;

    use super::*;
    use crate::engine::Depth;
    use crate::rules::ruleset::English;
    use crate::rules::{Game, Variant};
    use crate::service::computer::{search_key, AnswerKind};
    use crate::service::replay::replay;
    use crate::service::{Difficulty, DrawOverrides, GameRequest, RuleOverrides};

    /// A king shuffle of `plies` plies: every position of it stays in the history of its key.
    fn shuffle(plies: usize) -> Game<English> {
        let moves: Vec<&str> = ["29-25", "4-8", "25-29", "8-4"].iter().copied().cycle().take(plies).collect();
        let draw = DrawOverrides { repetitions: Some(255), quiet_moves: Some(0), ..DrawOverrides::default() };
        let rules = RuleOverrides { draw: Some(draw), ..RuleOverrides::default() };
        let request = GameRequest::start(Variant::English).with_fen("W:WK29,21:BK4,12").with_moves(&moves);
        replay(&request.with_rules(rules)).expect("a game that never ends")
    }

    fn key(game: &Game<English>, time_ms: u64) -> SearchKey {
        let budget = Duration::from_millis(time_ms);
        search_key(game, Difficulty::Hard, budget, Depth::plies(1), None, AnswerKind::Analysis { lines: 10 })
    }

    fn answer() -> CachedAnswer {
        let line = |n: usize| LineView {
            mv: MoveView {
                notation: "29-25".into(),
                from: super::super::views::Square(crate::rules::naming::SquareName::Number(29)),
                to: super::super::views::Square(crate::rules::naming::SquareName::Number(25)),
                path: Squares::new(),
                captures: Squares::new(),
                promotes: false,
            },
            score: 0,
            score_kind: None,
            expected_score: 0.5,
            pv: vec!["29-25".to_owned(); n],
        };
        CachedAnswer::Analysis(Arc::new(Analysis {
            side_to_move: "white",
            lines: (0..10).map(line).collect(),
            depth: 1,
            nodes: 1,
            time_ms: 1,
            cached: false,
        }))
    }

    #[test]
    fn an_entry_weighs_its_keys_history_and_its_answers_lines() {
        let (short, long) = (shuffle(4), shuffle(1000));
        let (light, heavy) = (weight(&key(&short, 1), &answer()), weight(&key(&long, 1), &answer()));
        assert_eq!(heavy - light, 8 * (1000 - 4), "8 bytes for each position of the history");
        assert!(light > ENTRY_OVERHEAD + 10 * size_of::<LineView>(), "{light}");
    }

    #[test]
    fn the_largest_entries_never_take_the_cache_past_its_budget() {
        let budget = 1 << 20;
        let cache = SearchCache::new(budget);
        let game = shuffle(1000);
        for time_ms in 0..1000 {
            cache.insert(key(&game, time_ms), answer());
        }
        let (bytes, entries) = cache.usage();
        assert!(bytes <= budget, "{bytes} bytes");
        assert!(entries > 50 && entries < 1000, "{entries} entries");
        assert!(cache.get(&key(&game, 999)).is_some() || cache.get(&key(&game, 0)).is_some());
    }
}
