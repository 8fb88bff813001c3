//! Perft: the number of move sequences of a given length, the standard check (and benchmark)
//! of a move generator. Counts distinct moves, or every capture route with `paths`.

use super::movegen::{self, MoveList};
use super::position::Position;
use super::ruleset::Rules;

/// Leaf nodes at exactly `depth` plies from `position` (captures mandatory, draws ignored).
/// With `paths`, every capture route counts separately (tables made "keep duplicates").
pub fn perft<R: Rules>(position: &Position<R>, depth: u32, paths: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = if paths {
        MoveList::keeping_duplicates()
    } else {
        MoveList::new()
    };
    movegen::generate(position, true, &mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    list.iter()
        .map(|mv| {
            let mut next = *position;
            next.play_unchecked(mv);
            perft(&next, depth - 1, paths)
        })
        .sum()
}
