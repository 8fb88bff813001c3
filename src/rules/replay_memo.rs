//! [`ReplayMemo`]: games already replayed, found again by the request they were replayed for.
//!
//! The service keeps no state, so a client sends a game's whole history with every request, and
//! its requests follow the game: the same history several times (its legal moves, then a move
//! played, then the computer's reply), or a history one or two moves longer than the last. With
//! a memo, such a request replays only the moves it has not seen: a game's state is a pure
//! function of its request, so a kept game is as good as a new replay.

use core::any::Any;
use core::hash::{BuildHasher, Hash, Hasher};
use std::sync::Arc;

use foldhash::fast::FixedState;

use super::game::Game;
use super::ruleset::Rules;
use super::variant::Variant;
use super::view::{GameRequest, RuleOverrides};

/// Where replayed games are kept (the service's cache). A key is a hash of a request's variant,
/// FEN, rules and moves; a game found under it is used only if its request matches exactly, so
/// a collision costs a replay, never a wrong answer.
pub trait ReplayMemo: Sync {
    /// The game kept under `key`, if any.
    fn recall(&self, key: u64) -> Option<Arc<Replayed>>;

    /// Keeps `game` under `key`.
    fn keep(&self, key: u64, game: Arc<Replayed>);
}

/// The shortest history worth keeping: replaying fewer moves costs less than a memo's lookup.
pub const MIN_MOVES: usize = 8;

/// How many moves shorter than a request's history a kept game may be and still be found:
/// between two requests of one game, each side has usually moved once.
const LOOK_BACK: usize = 2;

/// A game replayed for a request, with the request it was replayed for.
pub struct Replayed {
    variant: Variant,
    fen: Option<Box<str>>,
    rules: RuleOverrides,
    /// The move texts, one after another; move `i`'s text ends at `ends[i]`.
    texts: Box<str>,
    ends: Box<[u32]>,
    /// A `Game<R>` of the variant's rules `R`.
    game: Box<dyn Any + Send + Sync>,
    /// About how much memory this takes.
    bytes: usize,
}

impl Replayed {
    /// `game`, replayed from `request`'s first `game.moves().len()` moves (the game is this
    /// request's own replay, so the request has at least that many).
    pub fn new<R: Rules>(request: &GameRequest<'_>, game: Game<R>) -> Replayed {
        let moves = &request.moves[..game.moves().len()];
        let mut texts = String::with_capacity(moves.iter().map(|m| m.len()).sum());
        let mut ends = Vec::with_capacity(moves.len());
        for text in moves {
            texts.push_str(text);
            ends.push(u32::try_from(texts.len()).unwrap_or(u32::MAX));
        }
        let fen = request.fen.map(Box::from);
        let bytes = core::mem::size_of::<Replayed>()
            + core::mem::size_of::<Game<R>>()
            + game.heap_bytes()
            + texts.len()
            + 4 * ends.len()
            + request.fen.map_or(0, str::len);
        Replayed {
            variant: request.variant,
            fen,
            rules: request.rules,
            texts: texts.into_boxed_str(),
            ends: ends.into_boxed_slice(),
            game: Box::new(game),
            bytes,
        }
    }

    /// About how many bytes of memory this takes (for a memo bounded in bytes).
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// The game kept, if it is a `Game<R>`.
    pub fn game<R: Rules>(&self) -> Option<&Game<R>> {
        self.game.downcast_ref::<Game<R>>()
    }

    /// Whether this game was replayed from exactly `request`'s variant, FEN, rules and first
    /// `plies` moves.
    fn replays(&self, request: &GameRequest<'_>, plies: usize) -> bool {
        self.variant == request.variant
            && self.fen.as_deref() == request.fen
            && self.rules == request.rules
            && self.ends.len() == plies
            && self.texts_match(&request.moves[..plies])
    }

    fn texts_match(&self, moves: &[&str]) -> bool {
        let texts = self.texts.as_bytes();
        let mut start = 0;
        moves.iter().zip(self.ends.iter()).all(|(text, &end)| {
            let kept = texts.get(start..end as usize);
            start = end as usize;
            kept == Some(text.as_bytes())
        })
    }
}

/// The keys of a request's whole history and of its last few prefixes.
pub(super) struct PrefixKeys {
    /// `(plies, key)`, the whole history first.
    keys: [(usize, u64); LOOK_BACK + 1],
}

/// The moves a key hashes, the last of its history: enough to tell one game's requests from
/// another's (a game kept is checked against the whole request anyway), at a fixed cost
/// whatever the history's length.
const KEYED_MOVES: usize = 4;

impl PrefixKeys {
    /// The keys of `request`, which has at least [`MIN_MOVES`] moves.
    pub(super) fn of(request: &GameRequest<'_>) -> PrefixKeys {
        let mut base = FixedState::default().build_hasher();
        request.variant.hash(&mut base);
        request.fen.hash(&mut base);
        request.rules.hash(&mut base);
        let n = request.moves.len();
        PrefixKeys {
            keys: core::array::from_fn(|back| {
                let plies = n.saturating_sub(back);
                let mut hasher = base.clone();
                hasher.write_usize(plies);
                for text in &request.moves[plies.saturating_sub(KEYED_MOVES)..plies] {
                    text.hash(&mut hasher);
                }
                (plies, hasher.finish())
            }),
        }
    }

    /// The key of the whole history.
    pub(super) fn whole(&self) -> u64 {
        self.keys[0].1
    }

    /// The longest game kept that `request`'s history starts with.
    pub(super) fn recall(&self, memo: &dyn ReplayMemo, request: &GameRequest<'_>) -> Option<Arc<Replayed>> {
        self.keys
            .iter()
            .filter(|(plies, _)| *plies >= MIN_MOVES)
            .find_map(|&(plies, key)| memo.recall(key).filter(|kept| kept.replays(request, plies)))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::sync::Mutex;

    use super::*;
    use crate::rules::ruleset::English;
    use crate::rules::view::ReplayError;

    include!("../../benches/data/english_history.rs");

    /// Keeps every game, and logs each recall: its key and whether a game was there.
    #[derive(Default)]
    struct KeepAll {
        games: Mutex<HashMap<u64, Arc<Replayed>>>,
        recalls: Mutex<Vec<(u64, bool)>>,
    }

    impl ReplayMemo for KeepAll {
        fn recall(&self, key: u64) -> Option<Arc<Replayed>> {
            let found = self.games.lock().unwrap().get(&key).cloned();
            self.recalls.lock().unwrap().push((key, found.is_some()));
            found
        }

        fn keep(&self, key: u64, game: Arc<Replayed>) {
            self.games.lock().unwrap().insert(key, game);
        }
    }

    /// Answers every key with one game, as if every key collided.
    struct Collides(Arc<Replayed>);

    impl ReplayMemo for Collides {
        fn recall(&self, _: u64) -> Option<Arc<Replayed>> {
            Some(self.0.clone())
        }

        fn keep(&self, _: u64, _: Arc<Replayed>) {}
    }

    fn request<'a>(moves: &'a [&'a str]) -> GameRequest<'a> {
        GameRequest { variant: Variant::English, fen: None, moves, rules: RuleOverrides::default() }
    }

    /// Replays `request` with `memo` and without, and checks that both games are the same.
    fn replay_both(request: &GameRequest<'_>, memo: &dyn ReplayMemo) -> Game<English> {
        let plain = request.replay::<English>().unwrap();
        let memoized = request.replay_with::<English>(Some(memo)).unwrap();
        assert_eq!(memoized.position(), plain.position());
        assert_eq!(memoized.moves(), plain.moves());
        assert_eq!(memoized.status(), plain.status());
        assert_eq!(memoized.quiet_plies(), plain.quiet_plies());
        assert_eq!(memoized.reversible_positions(), plain.reversible_positions());
        assert_eq!(memoized.endgame_clocks(), plain.endgame_clocks());
        memoized
    }

    #[test]
    fn a_longer_history_starts_from_the_game_kept_for_its_prefix() {
        let memo = KeepAll::default();
        replay_both(&request(&HISTORY[..40]), &memo);
        assert_eq!(memo.games.lock().unwrap().len(), 1);
        memo.recalls.lock().unwrap().clear();
        replay_both(&request(&HISTORY[..42]), &memo);
        // The whole history and one move less are not kept; two moves less is.
        let found: Vec<bool> = memo.recalls.lock().unwrap().iter().map(|r| r.1).collect();
        assert_eq!(found, [false, false, true]);
        assert_eq!(memo.games.lock().unwrap().len(), 2);
        // The same history again is found at once and keeps nothing new, whether the game is
        // copied out (to play on) or only read (its view).
        memo.recalls.lock().unwrap().clear();
        replay_both(&request(&HISTORY[..42]), &memo);
        let view = request(&HISTORY[..42]).view_with(Some(&memo), None);
        assert_eq!(view, request(&HISTORY[..42]).view(None));
        let recalls = memo.recalls.lock().unwrap().clone();
        assert_eq!(recalls, [(recalls[0].0, true); 2]);
        assert_eq!(memo.games.lock().unwrap().len(), 2);
    }

    #[test]
    fn short_histories_are_not_kept() {
        let memo = KeepAll::default();
        replay_both(&request(&HISTORY[..MIN_MOVES - 1]), &memo);
        assert!(memo.games.lock().unwrap().is_empty());
        assert!(memo.recalls.lock().unwrap().is_empty());
    }

    #[test]
    fn a_kept_game_serves_only_the_request_it_was_replayed_for() {
        let kept = request(&HISTORY[..20]);
        let game = kept.replay::<English>().unwrap();
        let memo = Collides(Arc::new(Replayed::new(&kept, game)));
        let mut other_move = HISTORY;
        other_move[19] = "11-16";
        let start_fen = English::START_FEN;
        let no_repetition = RuleOverrides { repetitions: Some(0), ..RuleOverrides::default() };
        for other in [
            request(&other_move[..20]),
            GameRequest { fen: Some(start_fen), ..request(&HISTORY[..20]) },
            GameRequest { rules: no_repetition, ..request(&HISTORY[..20]) },
            GameRequest { variant: Variant::Russian, ..request(&HISTORY[..20]) },
            request(&HISTORY[..30]),
        ] {
            let plain = other.view(None);
            assert_eq!(other.view_with(Some(&memo), None), plain, "{other:?}");
        }
        // The request it was replayed for does use it.
        assert!(memo.0.replays(&request(&HISTORY[..20]), 20));
    }

    #[test]
    fn errors_after_a_kept_prefix_are_the_same_as_without_a_memo() {
        let memo = KeepAll::default();
        replay_both(&request(&HISTORY[..30]), &memo);
        for bad in ["1-5", "32x", "over"] {
            let mut moves = HISTORY[..32].to_vec();
            moves[31] = bad;
            let plain = request(&moves).view(None);
            assert!(matches!(
                plain,
                Err(ReplayError::Illegal { index: Some(31), .. } | ReplayError::MoveSyntax { .. })
            ));
            assert_eq!(request(&moves).view_with(Some(&memo), None), plain, "{bad}");
        }
        assert_eq!(memo.games.lock().unwrap().len(), 1, "a history that does not replay is not kept");
    }
}
