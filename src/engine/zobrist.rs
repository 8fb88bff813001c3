//! Zobrist keys: a 64-bit hash of a position, updated move by move.

use std::hash::{Hash, Hasher};

use crate::rules::bitboard::Word;
use crate::rules::geometry::INDEXES;
use crate::rules::{Bitboard, Color, GameRules, Move, Position, Rules, Variant};

/// One random key per (colour, man or king, square), from a fixed seed: the squares below 64
/// first, then the rest, so that the keys of the smaller boards do not depend on the larger.
const KEYS: [[[u64; INDEXES]; 2]; 2] = {
    let mut keys = [[[0u64; INDEXES]; 2]; 2];
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut i = 0;
    while i < 4 * INDEXES {
        // SplitMix64.
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        let j = i % 256;
        keys[j / 128][(j / 64) % 2][i / 256 * 64 + j % 64] = z ^ (z >> 31);
        i += 1;
    }
    keys
};

/// The key toggled when the side to move changes.
const BLACK_TO_MOVE: u64 = 0xF1E2_D3C4_B5A6_9788;

/// The key of a piece; `square` is a bit index of a bitboard (below [`INDEXES`]), which the
/// mask tells the compiler so that the lookup needs no bounds check.
#[inline(always)]
fn piece(color: Color, king: bool, square: u8) -> u64 {
    KEYS[color.index()][king as usize][square as usize & (INDEXES - 1)]
}

fn set<W: Word>(color: Color, king: bool, squares: Bitboard<W>) -> u64 {
    squares.into_iter().fold(0, |hash, s| hash ^ piece(color, king, s))
}

/// The hash of `position`, computed from scratch.
pub fn hash<R: Rules>(position: &Position<R>) -> u64 {
    let side = if position.side_to_move() == Color::Black { BLACK_TO_MOVE } else { 0 };
    [Color::White, Color::Black].into_iter().fold(side, |hash, color| {
        hash ^ set(color, false, position.men(color)) ^ set(color, true, position.kings(color))
    })
}

/// A key for the rules a game is played by, which keeps the stored results of different
/// rules apart in one transposition table.
pub fn salt(variant: Variant, rules: &GameRules) -> u64 {
    let mut hasher = std::hash::DefaultHasher::new();
    (variant, rules).hash(&mut hasher);
    hasher.finish()
}

/// The hash after `mv` is played in `before`, whose hash is `hash`.
#[inline]
pub fn after<R: Rules>(hash: u64, before: &Position<R>, mv: &Move<R::Board>) -> u64 {
    let mover = before.side_to_move();
    let opponent = mover.opponent();
    let was_king = before.kings(mover).contains(mv.from);
    let mut next =
        hash ^ BLACK_TO_MOVE ^ piece(mover, was_king, mv.from) ^ piece(mover, was_king || mv.promotes, mv.to);
    let opponent_kings = before.kings(opponent);
    for square in mv.captures {
        next ^= piece(opponent, opponent_kings.contains(square), square);
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ruleset::{English, International, Russian};

    fn incremental_matches_scratch<R: Rules>(plies: usize) {
        let mut position = Position::<R>::start();
        let mut key = hash(&position);
        let mut rng = fastrand::Rng::with_seed(7);
        for _ in 0..plies {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves.as_slice()[rng.usize(..moves.len())];
            key = after(key, &position, &mv);
            position.play_unchecked(&mv);
            assert_eq!(key, hash(&position), "{position}");
        }
    }

    #[test]
    fn incremental_hash_equals_hash_from_scratch() {
        incremental_matches_scratch::<English>(300);
        incremental_matches_scratch::<Russian>(300);
        incremental_matches_scratch::<International>(300);
    }

    #[test]
    fn side_to_move_changes_the_hash() {
        let white = Position::<English>::from_fen("W:W21:B1").expect("valid");
        let black = Position::<English>::from_fen("B:W21:B1").expect("valid");
        assert_ne!(hash(&white), hash(&black));
    }
}
