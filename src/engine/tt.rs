//! `Table`: the transposition table, a fixed-size array of search results by Zobrist key.
//!
//! Each bucket holds two slots: one kept for the deepest result of the current search, one
//! always replaced. Results carry the generation (search) that stored them, so a table kept
//! from one search to the next serves the old results while the new ones push them out. Each
//! search salts its keys with its variant and rules, so searches of different games' rules
//! never read each other's results.

/// How a stored score bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value.
    Exact,
    /// At least the score (the search failed high).
    Lower,
    /// At most the score (the search failed low).
    Upper,
}

/// A stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The score, mate scores relative to the stored position.
    pub score: i16,
    /// The remaining depth it was searched to.
    pub depth: i8,
    /// How `score` bounds the value.
    pub bound: Bound,
    /// The index of the best move in the position's move list (`u8::MAX`: none).
    pub best: u8,
}

/// Bit 40 of a packed word marks a used slot; bits 48.. hold the generation.
const USED: u64 = 1 << 40;
const GENERATION_SHIFT: u32 = 48;

impl Entry {
    /// Packed into one word with the generation that stores it.
    fn pack(self, generation: u16) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        (self.score as u16 as u64)
            | (self.depth as u8 as u64) << 16
            | bound << 24
            | (self.best as u64) << 32
            | USED
            | (generation as u64) << GENERATION_SHIFT
    }

    fn unpack(word: u64) -> Option<Entry> {
        if word & USED == 0 {
            return None;
        }
        let bound = match word >> 24 & 0xFF {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry { score: word as u16 as i16, depth: (word >> 16) as u8 as i8, bound, best: (word >> 32) as u8 })
    }
}

/// The generation a packed word was stored in.
fn generation_of(word: u64) -> u16 {
    (word >> GENERATION_SHIFT) as u16
}

/// Two (key, packed entry) slots, aligned so that a bucket never straddles two cache lines (one
/// prefetch loads all of it).
#[derive(Clone, Copy)]
#[repr(C, align(32))]
struct Bucket([u64; 4]);

/// A transposition table of `2^n` buckets of two (key, packed entry) slots. Built zeroed, so
/// a large table costs nothing until it is used.
pub struct Table {
    buckets: Box<[Bucket]>,
    mask: usize,
    generation: u16,
    salt: u64,
}

impl Table {
    /// A table with room for at least `slots` results (rounded up to a power of two, at least
    /// 1024).
    pub fn new(slots: usize) -> Table {
        let size = (slots.max(1024).next_power_of_two() / 2).max(1);
        // SAFETY: a bucket is four integers, for which all-zero bits are a valid value.
        let buckets = unsafe { Box::<[Bucket]>::new_zeroed_slice(size).assume_init() };
        Table { buckets, mask: size - 1, generation: 0, salt: 0 }
    }

    /// Room for this many results.
    pub fn capacity(&self) -> usize {
        self.buckets.len() * 2
    }

    /// Starts a new search whose keys are salted with `salt`: results stored from now on
    /// outrank the older ones, which stay readable (under the same salt) until replaced.
    pub fn new_search(&mut self, salt: u64) {
        self.generation = self.generation.wrapping_add(1);
        self.salt = salt;
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> usize {
        key as usize & self.mask
    }

    /// Asks the processor to start loading `key`'s bucket, which a probe will soon read.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let key = key ^ self.salt;
            let bucket: *const Bucket = &self.buckets[self.bucket(key)];
            // SAFETY: a prefetch is only a hint: it reads nothing and cannot fault, and SSE (its
            // target feature) is part of every x86_64 processor.
            unsafe { core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let key = key ^ self.salt;
        let Bucket([k0, w0, k1, w1]) = self.buckets[self.bucket(key)];
        if k0 == key {
            Entry::unpack(w0)
        } else if k1 == key {
            Entry::unpack(w1)
        } else {
            None
        }
    }

    /// Stores `entry` for `key`. A slot holding `key` is updated unless it holds a deeper
    /// result of this search (a result without a best move keeps the one stored); otherwise
    /// the first slot takes results at least as deep as its own or replaces an older
    /// search's, and the second slot takes the rest.
    #[inline(always)]
    pub fn store(&mut self, key: u64, entry: Entry) {
        let key = key ^ self.salt;
        let generation = self.generation;
        let index = self.bucket(key);
        let Bucket(bucket) = &mut self.buckets[index];
        let slot = if bucket[0] == key {
            0
        } else if bucket[2] == key {
            2
        } else {
            let first = Entry::unpack(bucket[1]);
            let replace_first = match first {
                None => true,
                Some(old) => generation_of(bucket[1]) != generation || entry.depth >= old.depth,
            };
            let slot = if replace_first { 0 } else { 2 };
            bucket[slot] = key;
            bucket[slot + 1] = entry.pack(generation);
            return;
        };
        let word = bucket[slot + 1];
        let current = generation_of(word) == generation;
        match Entry::unpack(word) {
            Some(old) if current && entry.depth < old.depth && entry.bound != Bound::Exact => {}
            old => {
                let best = match old {
                    Some(old) if entry.best == u8::MAX => old.best,
                    _ => entry.best,
                };
                bucket[slot + 1] = Entry { best, ..entry }.pack(generation);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_bucket_straddles_two_cache_lines() {
        for slots in [1024, 1 << 16, 1 << 20] {
            let table = Table::new(slots);
            assert_eq!(table.buckets.as_ptr() as usize % 32, 0, "{slots} slots");
            assert_eq!(core::mem::size_of::<Bucket>(), 32);
        }
    }

    #[test]
    fn entries_pack_and_unpack() {
        for entry in [
            Entry { score: -29_990, depth: -1, bound: Bound::Upper, best: 0 },
            Entry { score: 123, depth: 127, bound: Bound::Lower, best: u8::MAX },
            Entry { score: 0, depth: 0, bound: Bound::Exact, best: 7 },
        ] {
            assert_eq!(Entry::unpack(entry.pack(0xABCD)), Some(entry));
            assert_eq!(generation_of(entry.pack(0xABCD)), 0xABCD);
        }
        assert_eq!(Entry::unpack(0), None);
    }

    #[test]
    fn stores_and_finds_by_key() {
        let mut table = Table::new(1024);
        assert_eq!(table.probe(42), None);
        let entry = Entry { score: 17, depth: 3, bound: Bound::Exact, best: 2 };
        table.store(42, entry);
        assert_eq!(table.probe(42), Some(entry));
        assert_eq!(table.probe(42 + 512), None, "same bucket, other key");
    }

    #[test]
    fn a_shallower_bound_does_not_replace_a_deeper_result_but_keeps_its_move() {
        let mut table = Table::new(1024);
        table.store(5, Entry { score: 10, depth: 6, bound: Bound::Lower, best: 1 });
        table.store(5, Entry { score: -3, depth: 2, bound: Bound::Upper, best: u8::MAX });
        assert_eq!(table.probe(5).map(|e| (e.depth, e.best)), Some((6, 1)));
        table.store(5, Entry { score: 0, depth: 7, bound: Bound::Upper, best: u8::MAX });
        assert_eq!(table.probe(5).map(|e| (e.depth, e.best)), Some((7, 1)));
    }

    #[test]
    fn a_bucket_keeps_the_deeper_result_and_the_latest_one() {
        let mut table = Table::new(1024);
        let buckets = table.capacity() as u64 / 2;
        let deep = Entry { score: 1, depth: 9, bound: Bound::Exact, best: 0 };
        let shallow = |score| Entry { score, depth: 2, bound: Bound::Lower, best: 0 };
        table.store(7, deep);
        table.store(7 + buckets, shallow(2));
        table.store(7 + 2 * buckets, shallow(3));
        assert_eq!(table.probe(7), Some(deep), "the deep result stays");
        assert_eq!(table.probe(7 + buckets), None, "the always-replaced slot moved on");
        assert_eq!(table.probe(7 + 2 * buckets), Some(shallow(3)));
    }

    #[test]
    fn a_search_with_another_salt_sees_nothing_of_the_others() {
        let mut table = Table::new(1024);
        table.new_search(1);
        let entry = Entry { score: 1, depth: 3, bound: Bound::Exact, best: 0 };
        table.store(7, entry);
        table.new_search(2);
        assert_eq!(table.probe(7), None);
        table.new_search(1);
        assert_eq!(table.probe(7), Some(entry));
    }

    #[test]
    fn a_new_search_reads_old_results_and_replaces_them() {
        let mut table = Table::new(1024);
        let buckets = table.capacity() as u64 / 2;
        let old = Entry { score: 1, depth: 9, bound: Bound::Exact, best: 4 };
        table.store(7, old);
        table.new_search(0);
        assert_eq!(table.probe(7), Some(old), "kept for the next search");
        let new = Entry { score: 5, depth: 1, bound: Bound::Lower, best: 0 };
        table.store(7 + buckets, new);
        assert_eq!(table.probe(7 + buckets), Some(new));
        assert_eq!(table.probe(7), None, "the older search's result made room");
        table.store(7 + buckets, Entry { depth: 0, best: u8::MAX, ..new });
        assert_eq!(table.probe(7 + buckets).map(|e| (e.depth, e.best)), Some((1, 0)));
    }
}
