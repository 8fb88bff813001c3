//! `Table`: the transposition table, a fixed-size array of search results by Zobrist key.

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

impl Entry {
    /// Packed into one word; bit 40 marks a used slot.
    fn pack(self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        (self.score as u16 as u64) | (self.depth as u8 as u64) << 16 | bound << 24 | (self.best as u64) << 32 | 1 << 40
    }

    fn unpack(word: u64) -> Option<Entry> {
        if word >> 40 & 1 == 0 {
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

/// A transposition table of `2^n` slots (key, packed entry), replaced when deeper or
/// different. Built zeroed, so a large table costs nothing until it is used.
pub struct Table {
    slots: Vec<[u64; 2]>,
    mask: usize,
}

impl Table {
    /// A table with at least `slots` slots (rounded up to a power of two, at least 1024).
    pub fn new(slots: usize) -> Table {
        let size = slots.max(1024).next_power_of_two();
        Table { slots: vec![[0; 2]; size], mask: size - 1 }
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let [stored, word] = self.slots[key as usize & self.mask];
        if stored == key {
            Entry::unpack(word)
        } else {
            None
        }
    }

    /// Stores `entry` for `key`, unless the slot holds a deeper result for the same key; a
    /// result without a best move keeps the one stored.
    #[inline]
    pub fn store(&mut self, key: u64, entry: Entry) {
        let slot = &mut self.slots[key as usize & self.mask];
        let old = if slot[0] == key { Entry::unpack(slot[1]) } else { None };
        match old {
            Some(old) if entry.depth < old.depth && entry.bound != Bound::Exact => {}
            _ => {
                let best = match old {
                    Some(old) if entry.best == u8::MAX => old.best,
                    _ => entry.best,
                };
                *slot = [key, Entry { best, ..entry }.pack()];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_pack_and_unpack() {
        for entry in [
            Entry { score: -29_990, depth: -1, bound: Bound::Upper, best: 0 },
            Entry { score: 123, depth: 127, bound: Bound::Lower, best: u8::MAX },
            Entry { score: 0, depth: 0, bound: Bound::Exact, best: 7 },
        ] {
            assert_eq!(Entry::unpack(entry.pack()), Some(entry));
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
        assert_eq!(table.probe(42 + 1024), None, "same slot, other key");
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
}
