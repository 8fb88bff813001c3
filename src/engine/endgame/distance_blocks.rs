//! A block of one-byte codes ([`super::value`]: result and distance) compressed with zlib:
//! what the endgame answers and the search's first ply read, a few bits per position.
//!
//! Indexes whose code is not stored ("don't care": no position, or the side to move has a
//! capture, resolved at probe time) repeat the code before them (or the block's first stored
//! code), which compresses best. Each thread keeps the last blocks it inflated (64 of them,
//! 256 KiB), since a search probes positions that differ by a move, whose indexes are often in
//! the same block.

use std::cell::RefCell;
use std::io::Write;

use super::blocks::BLOCK;

/// Writes one block's codes (`None`: don't care), compressed, to `out`.
pub fn encode(codes: &[Option<u8>], out: &mut Vec<u8>) {
    let mut previous = codes.iter().flatten().next().copied().unwrap_or(0);
    let filled: Vec<u8> = codes
        .iter()
        .map(|code| {
            previous = code.unwrap_or(previous);
            previous
        })
        .collect();
    let mut encoder = flate2::write::ZlibEncoder::new(out, flate2::Compression::best());
    encoder.write_all(&filled).expect("writing to memory");
    encoder.finish().expect("writing to memory");
}

/// A block inflated, and which it is: (file, block number).
struct Inflated {
    key: (u64, u64),
    codes: [u8; BLOCK as usize],
    length: usize,
}

/// Blocks a thread keeps inflated.
const KEPT: usize = 64;

thread_local! {
    static KEPT_BLOCKS: RefCell<Vec<Option<Box<Inflated>>>> = RefCell::new((0..KEPT).map(|_| None).collect());
}

/// The code stored at `place` in the compressed block number `number` of the file `file` (a
/// number no other file mapped in the process has), inflating `block` unless the thread kept it;
/// `None` if the block does not inflate to hold it (a damaged block).
pub fn lookup(file: u64, number: u64, block: &[u8], place: usize) -> Option<u8> {
    KEPT_BLOCKS.with(|kept| {
        let mut kept = kept.borrow_mut();
        let slot = ((file << 40 ^ number).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 58) as usize % KEPT;
        let slot = &mut kept[slot];
        if let Some(inflated) = slot.as_ref().filter(|b| b.key == (file, number)) {
            return (place < inflated.length).then(|| inflated.codes[place]);
        }
        let mut inflated =
            slot.take().unwrap_or_else(|| Box::new(Inflated { key: (0, 0), codes: [0; BLOCK as usize], length: 0 }));
        let mut inflater = flate2::Decompress::new(true);
        inflater.decompress(block, &mut inflated.codes, flate2::FlushDecompress::Finish).ok()?;
        inflated.length = inflater.total_out() as usize;
        inflated.key = (file, number);
        let code = (place < inflated.length).then(|| inflated.codes[place]);
        *slot = Some(inflated);
        code
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_gives_back_every_stored_code() {
        let codes: Vec<Option<u8>> =
            (0..BLOCK as usize).map(|i| if i % 3 == 0 { None } else { Some((i % 11) as u8) }).collect();
        let mut block = Vec::new();
        encode(&codes, &mut block);
        assert!(block.len() < codes.len() / 4, "{} bytes", block.len());
        for (place, code) in codes.iter().enumerate() {
            if let Some(c) = code {
                assert_eq!(lookup(1, 0, &block, place), Some(*c), "place {place}");
            }
        }
        assert_eq!(lookup(2, 0, &block[..block.len() / 2], BLOCK as usize - 1), None, "a cut block");
        assert_eq!(lookup(1, 0, &[], 5), codes[5], "kept inflated: the block is not read again");
    }
}
