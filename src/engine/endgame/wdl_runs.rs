//! A block of win/draw/loss results as runs: what the search probes, a fraction of a bit per
//! position.
//!
//! A run is one byte: the result in the two high bits (0 a draw, 1 a win, 2 a loss), the length
//! less one in the six low bits up to 62; 63 there says the length follows in two bytes (u16).
//! Indexes whose result is not stored ("don't care": no position, or the side to move has a
//! capture, resolved at probe time) take the result of the run before them, or of the first
//! run of the block, so that they lengthen runs rather than break them.

use super::value::Wdl;

const LONG: u8 = 63;

const fn symbol(result: Wdl) -> u8 {
    match result {
        Wdl::Draw => 0,
        Wdl::Win => 1,
        Wdl::Loss => 2,
    }
}

fn push_run(out: &mut Vec<u8>, result: Wdl, length: usize) {
    let high = symbol(result) << 6;
    if length <= LONG as usize {
        out.push(high | (length - 1) as u8);
    } else {
        out.push(high | LONG);
        out.extend_from_slice(&(length as u16).to_le_bytes());
    }
}

/// Writes the runs of one block's results (`None`: don't care) to `out`.
pub fn encode(results: &[Option<Wdl>], out: &mut Vec<u8>) {
    debug_assert!(results.len() <= u16::MAX as usize);
    let first = results.iter().flatten().next().copied().unwrap_or(Wdl::Draw);
    let (mut current, mut length) = (first, 0);
    for result in results {
        match result {
            Some(r) if *r != current => {
                push_run(out, current, length);
                (current, length) = (*r, 1);
            }
            _ => length += 1,
        }
    }
    if length > 0 {
        push_run(out, current, length);
    }
}

/// The result stored at `place` in the runs of a block; `None` if the runs end before it (a
/// damaged block).
#[inline]
pub fn lookup(runs: &[u8], place: usize) -> Option<Wdl> {
    let (mut at, mut i) = (0usize, 0usize);
    loop {
        let byte = *runs.get(i)?;
        let length = if byte & LONG == LONG {
            i += 3;
            u16::from_le_bytes([*runs.get(i - 2)?, *runs.get(i - 1)?]) as usize
        } else {
            i += 1;
            (byte & LONG) as usize + 1
        };
        at += length;
        if place < at {
            return match byte >> 6 {
                0 => Some(Wdl::Draw),
                1 => Some(Wdl::Win),
                2 => Some(Wdl::Loss),
                _ => None,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_give_back_every_stored_result_and_dont_cares_lengthen_runs() {
        let mut results = vec![None, Some(Wdl::Win), None];
        results.extend(core::iter::repeat_n(Some(Wdl::Win), 100));
        results.extend([Some(Wdl::Loss), None, Some(Wdl::Draw), Some(Wdl::Draw)]);
        results.extend(core::iter::repeat_n(Some(Wdl::Loss), 5000));
        let mut runs = Vec::new();
        encode(&results, &mut runs);
        for (place, result) in results.iter().enumerate() {
            if let Some(r) = result {
                assert_eq!(lookup(&runs, place), Some(*r), "place {place}");
            }
        }
        // 103 wins (the don't cares joined them), a loss and a don't care, two draws, 5000 losses.
        assert_eq!(runs.len(), 3 + 1 + 1 + 3);
        assert_eq!(lookup(&runs, results.len()), None, "past the block");
        assert_eq!(lookup(&runs[..runs.len() - 1], results.len() - 1), None, "a cut run");
    }
}
