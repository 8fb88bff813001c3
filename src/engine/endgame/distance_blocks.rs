//! A block of one-byte codes ([`super::value`]: result and distance) compressed with zlib:
//! what the endgame answers and the search's first ply read, a few bits per position.
//!
//! Indexes whose code is not stored ("don't care": no position, or the side to move has a
//! capture, resolved at probe time) repeat the code before them (or the block's first stored
//! code), which compresses best.

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

/// The code stored at `place` in a compressed block; `None` if the block does not inflate to
/// hold it (a damaged block).
pub fn lookup(block: &[u8], place: usize) -> Option<u8> {
    let mut codes = [0u8; BLOCK as usize];
    let mut inflater = flate2::Decompress::new(true);
    inflater.decompress(block, &mut codes, flate2::FlushDecompress::Finish).ok()?;
    (place < inflater.total_out() as usize).then(|| codes[place])
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
                assert_eq!(lookup(&block, place), Some(*c), "place {place}");
            }
        }
        assert_eq!(lookup(&block[..block.len() / 2], BLOCK as usize - 1), None, "a cut block");
    }
}
