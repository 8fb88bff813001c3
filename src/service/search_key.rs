//! `SearchKey`: everything that changes the answer of a search, so that two searches with equal
//! keys may share one cached answer.

use core::time::Duration;

use super::heap_bytes::HeapBytes;
use super::levels::Level;
use super::search_kind::SearchKind;
use super::search_plan::SearchPlan;
use crate::engine::draws::endgame_plies;
use crate::engine::{zobrist, Depth};
use crate::rules::{Color, Game, GameRules, Rules, Variant};

/// Everything that changes the answer to a search.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SearchKey {
    variant: Variant,
    rules: GameRules,
    pieces: [u128; 2],
    kings: u128,
    side_to_move: Color,
    /// Hashes of the earlier positions that could still repeat.
    history: Vec<u64>,
    quiet_plies: u32,
    endgame_plies: Option<u32>,
    kind: SearchKind,
    level: Option<Level>,
    time: Duration,
    target: Option<Duration>,
    max_depth: Depth,
    max_nodes: u64,
    seed: Option<u64>,
    /// The lines asked for (1 for a computer move).
    lines: u8,
}

impl SearchKey {
    /// The key of a search of `game` as `plan` says, for `lines` lines; `None` when the answer
    /// is meant to vary ([`SearchPlan::varies`]).
    pub fn of<R: Rules>(game: &Game<R>, plan: &SearchPlan, lines: u8) -> Option<SearchKey> {
        if plan.varies() {
            return None;
        }
        Some(SearchKey {
            level: plan.level,
            time: plan.time,
            target: plan.target,
            max_depth: plan.max_depth,
            max_nodes: plan.max_nodes,
            seed: plan.seed,
            lines,
            ..SearchKey::of_game(game, plan.kind)
        })
    }

    /// The key of the endgame databases' answer about the current position of `game`.
    pub fn endgame<R: Rules>(game: &Game<R>) -> SearchKey {
        SearchKey::of_game(game, SearchKind::Endgame)
    }

    /// The key of an answer of `kind` about `game` that depends on nothing else.
    fn of_game<R: Rules>(game: &Game<R>, kind: SearchKind) -> SearchKey {
        let position = game.position();
        let reversible = game.reversible_positions();
        SearchKey {
            variant: R::VARIANT,
            rules: *game.rules(),
            pieces: [position.pieces(Color::White).wide().0, position.pieces(Color::Black).wide().0],
            kings: (position.kings(Color::White) | position.kings(Color::Black)).wide().0,
            side_to_move: position.side_to_move(),
            history: reversible[..reversible.len() - 1].iter().map(zobrist::hash).collect(),
            quiet_plies: game.quiet_plies(),
            endgame_plies: endgame_plies(game),
            kind,
            level: None,
            target: None,
            max_nodes: 0,
            time: Duration::ZERO,
            max_depth: Depth::default(),
            seed: None,
            lines: 0,
        }
    }
}

impl HeapBytes for SearchKey {
    fn heap_bytes(&self) -> usize {
        self.history.heap_bytes()
    }
}

#[cfg(test)]
mod tests {
    use core::time::Duration;

    use super::*;
    use crate::rules::ruleset::{English, Russian};
    use crate::rules::Variant;
    use crate::service::replay::replay;
    use crate::service::{AiMoveSettings, Budget, Difficulty, GameRequest, SearchLimits};

    const LIMITS: SearchLimits = SearchLimits {
        max_search: Duration::from_secs(5),
        clock_margin: core::time::Duration::from_millis(50),
        max_review: Duration::from_secs(120),
        max_review_document: Duration::from_secs(27),
    };

    fn english(moves: &[&str]) -> Game<English> {
        replay(&GameRequest::start(Variant::English).with_moves(moves)).expect("a game")
    }

    fn ai_move(difficulty: Difficulty, seed: Option<u64>) -> SearchPlan {
        SearchPlan::ai_move(AiMoveSettings { level: difficulty.level(), seed, ..AiMoveSettings::default() }, &LIMITS)
    }

    #[test]
    fn only_answers_meant_to_be_repeatable_have_a_key() {
        let game = english(&[]);
        assert!(SearchKey::of(&game, &ai_move(Difficulty::Easy, None), 1).is_none());
        assert!(SearchKey::of(&game, &ai_move(Difficulty::Easy, Some(3)), 1).is_some());
        assert!(SearchKey::of(&game, &ai_move(Difficulty::Hard, None), 1).is_some());
    }

    #[test]
    fn the_key_is_the_position_and_the_history_that_matters_not_the_move_order() {
        let key = |moves: &[&str], d| SearchKey::of(&english(moves), &ai_move(d, Some(1)), 1);
        // The same position by two move orders (every move a man move: nothing can repeat).
        let a = key(&["9-13", "24-20", "10-14"], Difficulty::Hard);
        assert_eq!(a, key(&["10-14", "24-20", "9-13"], Difficulty::Hard));
        assert_ne!(a, key(&["9-13", "24-20", "10-14"], Difficulty::Normal));
        assert_ne!(a, key(&["9-13", "24-19", "10-14"], Difficulty::Hard));
    }

    #[test]
    fn kinds_lines_depths_and_variants_have_keys_of_their_own() {
        let game = english(&[]);
        let hard = ai_move(Difficulty::Hard, None);
        let analysis = SearchPlan::analysis(Budget::default(), &LIMITS);
        let keys = [
            SearchKey::of(&game, &hard, 1),
            SearchKey::of(&game, &analysis, 1),
            SearchKey::of(&game, &analysis, 2),
            SearchKey::of(&game, &SearchPlan { max_depth: Depth::plies(3), ..hard }, 1),
        ];
        for (i, a) in keys.iter().enumerate() {
            assert!(a.is_some());
            assert!(keys[i + 1..].iter().all(|b| a != b), "key {i} is shared");
        }
        let russian: Game<Russian> = replay(&GameRequest::start(Variant::Russian)).expect("a game");
        assert_ne!(SearchKey::of(&russian, &hard, 1), keys[0]);
    }
}
