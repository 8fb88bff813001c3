//! `Blocks`: a slice's indexes cut into blocks of [`BLOCK`], each coded on its own (in runs or
//! compressed), with a table of where each block starts, so that a probe decodes one block.
//!
//! Layout (little-endian): the number of blocks `n` (u32), `n + 1` offsets (u32) of each
//! block's start from the end of the table (the last one is where the data ends), then the
//! blocks' data. [`Blocks::parse`] checks the table against the slice's size and the data's
//! length, so that a probe reading a block stays inside the file.

/// Indexes per block.
pub const BLOCK: u64 = 4096;

/// Builds the payload of a slice block by block.
#[derive(Debug, Default)]
pub struct BlockWriter {
    offsets: Vec<u32>,
    data: Vec<u8>,
}

impl BlockWriter {
    /// The next block's data, written by `code` into the buffer it is given.
    pub fn push(&mut self, code: impl FnOnce(&mut Vec<u8>)) {
        self.offsets.push(self.data.len() as u32);
        code(&mut self.data);
        assert!(self.data.len() <= u32::MAX as usize, "a slice's packed data exceeds 4 GiB");
    }

    /// The payload: table, then data.
    pub fn finish(self) -> Vec<u8> {
        let mut out = Vec::with_capacity(4 + 4 * (self.offsets.len() + 1) + self.data.len());
        out.extend_from_slice(&(self.offsets.len() as u32).to_le_bytes());
        for offset in self.offsets.iter().chain(core::iter::once(&(self.data.len() as u32))) {
            out.extend_from_slice(&offset.to_le_bytes());
        }
        out.extend_from_slice(&self.data);
        out
    }
}

/// A payload of blocks, checked: the table has one block per [`BLOCK`] indexes of the slice,
/// its offsets rise and the last is the data's end.
#[derive(Clone, Copy, Debug)]
pub struct Blocks<'a> {
    table: &'a [u8],
    data: &'a [u8],
}

impl<'a> Blocks<'a> {
    /// The blocks of `payload`, which must cover a slice of `size` indexes; why not otherwise.
    pub fn parse(payload: &'a [u8], size: u64) -> Result<Blocks<'a>, String> {
        let count = size.div_ceil(BLOCK) as usize;
        let stored = payload.get(..4).map(|b| u32::from_le_bytes(b.try_into().expect("4 bytes")) as usize);
        if stored != Some(count) {
            return Err(format!("the block table holds {stored:?} blocks; {size} indexes need {count}"));
        }
        let table_end = 4 + 4 * (count + 1);
        let (table, data) = payload.split_at_checked(table_end).ok_or("the block table is cut short")?;
        let blocks = Blocks { table: &table[4..], data };
        let mut previous = 0;
        for i in 0..=count {
            let offset = blocks.offset(i);
            if offset < previous {
                return Err(format!("block {i} starts before block {}", i.saturating_sub(1)));
            }
            previous = offset;
        }
        if previous != data.len() {
            return Err(format!("the blocks end at byte {previous}; the data has {}", data.len()));
        }
        Ok(blocks)
    }

    /// The blocks of a payload [`Blocks::parse`] has accepted, without checking it again.
    #[inline]
    pub fn of_checked(payload: &'a [u8]) -> Blocks<'a> {
        let count = u32::from_le_bytes(payload[..4].try_into().expect("4 bytes")) as usize;
        let (table, data) = payload.split_at(4 + 4 * (count + 1));
        Blocks { table: &table[4..], data }
    }

    #[inline]
    fn offset(&self, i: usize) -> usize {
        u32::from_le_bytes(self.table[4 * i..4 * i + 4].try_into().expect("4 bytes")) as usize
    }

    /// The data of the block holding `index`, and `index`'s place in it.
    #[inline]
    pub fn block_of(&self, index: u64) -> (&'a [u8], usize) {
        let block = (index / BLOCK) as usize;
        (&self.data[self.offset(block)..self.offset(block + 1)], (index % BLOCK) as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_found_by_index_and_a_bad_table_is_refused() {
        let mut writer = BlockWriter::default();
        for b in 0..3u8 {
            writer.push(|out| out.extend(core::iter::repeat_n(b, b as usize + 1)));
        }
        let payload = writer.finish();
        let blocks = Blocks::parse(&payload, 2 * BLOCK + 1).expect("parsed");
        assert_eq!(blocks.block_of(0), (&[0u8][..], 0));
        assert_eq!(blocks.block_of(BLOCK + 5), (&[1u8, 1][..], 5));
        assert_eq!(blocks.block_of(2 * BLOCK), (&[2u8, 2, 2][..], 0));
        assert!(Blocks::parse(&payload, BLOCK).is_err(), "another size");
        assert!(Blocks::parse(&payload[..payload.len() - 1], 2 * BLOCK + 1).is_err(), "cut short");
        let mut crossed = payload.clone();
        crossed[8] = 9; // block 1 starts after block 2
        assert!(Blocks::parse(&crossed, 2 * BLOCK + 1).is_err(), "offsets out of order");
    }
}
