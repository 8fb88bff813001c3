//! The game endpoints' work, all through one path: [`with_game`] turns the request's variant
//! into its typed rules (the service's one dispatch), replays the game, and hands it to the
//! work asked for: listing its moves, playing one more, or preparing the computer's search.

use core::time::Duration;

use super::analysis::{AnalysisSettings, PreparedAnalysis};
use super::budget::Budget;
use super::computer::{ComputerMoveError, PreparedSearch, SearchSettings};
use super::replay::{play_text, replay, ReplayError};
use super::request::GameRequest;
use super::review::{PreparedReview, ReviewError, ReviewLimits, ReviewTooLong};
use super::views::{AppliedMove, LegalMoves, MoveView, PositionView};
use crate::rules::notation::move_text::MoveTable;
use crate::rules::{Game, Rules, VariantVisitor};

/// Work on a replayed game of any variant.
pub(super) trait OnGame {
    /// What the work gives.
    type Output;
    /// Does the work on `game`, whose rules are `R`.
    fn run<R: Rules>(self, game: Game<R>) -> Self::Output;
}

/// Replays `request` with its variant's rules and does `work` on the game.
pub(super) fn with_game<W: OnGame>(request: &GameRequest, work: W) -> Result<W::Output, ReplayError> {
    struct Typed<'a, W> {
        request: &'a GameRequest,
        work: W,
    }
    impl<W: OnGame> VariantVisitor for Typed<'_, W> {
        type Output = Result<W::Output, ReplayError>;
        fn visit<R: Rules>(self) -> Self::Output {
            Ok(self.work.run(replay::<R>(self.request)?))
        }
    }
    request.variant.visit(Typed { request, work })
}

/// The position `request` reaches, its status and its legal moves.
pub fn legal_moves(request: &GameRequest) -> Result<LegalMoves, ReplayError> {
    struct List;
    impl OnGame for List {
        type Output = LegalMoves;
        fn run<R: Rules>(self, game: Game<R>) -> LegalMoves {
            LegalMoves { variant: R::VARIANT.id(), position: PositionView::of(&game) }
        }
    }
    with_game(request, List)
}

/// Plays `text` after the history of `request`: the move, the new position, its status and the
/// legal replies.
pub fn apply_move(request: &GameRequest, text: &str) -> Result<AppliedMove, ReplayError> {
    struct Play<'a>(&'a str);
    impl OnGame for Play<'_> {
        type Output = Result<AppliedMove, ReplayError>;
        fn run<R: Rules>(self, mut game: Game<R>) -> Self::Output {
            let before = *game.position();
            let mv = play_text(&mut game, self.0, None)?;
            let table = MoveTable::new(&before, game.rules().mandatory_capture);
            let entry = table.entry(&mv).ok_or_else(|| ReplayError::Illegal {
                index: None,
                text: self.0.trim().to_owned(),
                error: crate::rules::notation::move_text::MoveTextError::Illegal,
                side_to_move: before.side_to_move(),
                capture_required: false,
                candidates: Vec::new(),
            })?;
            Ok(AppliedMove { mv: MoveView::of::<R>(&table, entry), position: PositionView::of(&game) })
        }
    }
    with_game(request, Play(text))?
}

/// The computer's search of the position `request` reaches, ready to run; `max_budget` caps
/// the time it may take.
pub fn prepare_search(
    request: &GameRequest,
    settings: SearchSettings,
    max_budget: Duration,
) -> Result<PreparedSearch, ComputerMoveError> {
    struct Prepare(SearchSettings, Duration);
    impl OnGame for Prepare {
        type Output = Result<PreparedSearch, ComputerMoveError>;
        fn run<R: Rules>(self, game: Game<R>) -> Self::Output {
            let status = game.status();
            if status.is_over() {
                return Err(ComputerMoveError::GameOver(status));
            }
            Ok(PreparedSearch::new(game, self.0, self.1))
        }
    }
    with_game(request, Prepare(settings, max_budget))?
}

/// The analysis of the position `request` reaches, ready to run; `max_budget` caps the time
/// it may take.
pub fn prepare_analysis(
    request: &GameRequest,
    settings: AnalysisSettings,
    max_budget: Duration,
) -> Result<PreparedAnalysis, ComputerMoveError> {
    struct Prepare(AnalysisSettings, Duration);
    impl OnGame for Prepare {
        type Output = Result<PreparedAnalysis, ComputerMoveError>;
        fn run<R: Rules>(self, game: Game<R>) -> Self::Output {
            let status = game.status();
            if status.is_over() {
                return Err(ComputerMoveError::GameOver(status));
            }
            Ok(PreparedAnalysis::new(game, self.0, self.1))
        }
    }
    with_game(request, Prepare(settings, max_budget))?
}

/// The review of every move of the game `request` describes, ready to run within `limits`.
pub fn prepare_review(
    request: &GameRequest,
    budget: Budget,
    limits: ReviewLimits,
) -> Result<PreparedReview, ReviewError> {
    struct Prepare(Budget, ReviewLimits);
    impl OnGame for Prepare {
        type Output = Result<PreparedReview, ReviewTooLong>;
        fn run<R: Rules>(self, game: Game<R>) -> Self::Output {
            PreparedReview::new(game, self.0, self.1)
        }
    }
    Ok(with_game(request, Prepare(budget, limits))??)
}

#[cfg(test)]
mod tests {
    use core::sync::atomic::AtomicBool;

    use super::*;
    use crate::rules::{Status, Variant};
    use crate::service::Difficulty;

    fn settings(difficulty: Difficulty, budget_ms: Option<u64>, seed: Option<u64>) -> SearchSettings {
        SearchSettings { difficulty, budget: budget_ms.map(Duration::from_millis), max_depth: None, seed }
    }

    fn english(moves: &[&str]) -> GameRequest {
        GameRequest::start(Variant::English).with_moves(moves)
    }

    #[test]
    fn the_budget_is_the_levels_or_the_requests_within_the_maximum() {
        let max = Duration::from_millis(500);
        for d in Difficulty::ALL {
            let prepared = prepare_search(&english(&[]), settings(d, None, Some(1)), max).expect("a game in progress");
            assert_eq!(prepared.budget(), d.level().default_budget.min(max));
        }
        let asked = prepare_search(&english(&[]), settings(Difficulty::Hard, Some(80), None), max).expect("ok");
        assert_eq!(asked.budget(), Duration::from_millis(80));
        let capped = prepare_search(&english(&[]), settings(Difficulty::Hard, Some(10_000), None), max).expect("ok");
        assert_eq!(capped.budget(), max);
    }

    #[test]
    fn only_answers_meant_to_be_repeatable_have_a_cache_key() {
        let max = Duration::from_secs(5);
        let key = |d, seed| prepare_search(&english(&[]), settings(d, None, seed), max).expect("ok").key().is_some();
        assert!(!key(Difficulty::Easy, None));
        assert!(key(Difficulty::Easy, Some(3)));
        assert!(key(Difficulty::Hard, None));
    }

    #[test]
    fn the_key_is_the_position_and_the_history_that_matters_not_the_move_order() {
        let max = Duration::from_secs(5);
        let key = |moves: &[&str], d| {
            prepare_search(&english(moves), settings(d, None, Some(1)), max).expect("ok").key().cloned()
        };
        // The same position by two move orders (every move a man move: nothing can repeat).
        let a = key(&["9-13", "24-20", "10-14"], Difficulty::Hard);
        let b = key(&["10-14", "24-20", "9-13"], Difficulty::Hard);
        assert_eq!(a, b);
        assert_ne!(a, key(&["9-13", "24-20", "10-14"], Difficulty::Normal));
        assert_ne!(a, key(&["9-13", "24-19", "10-14"], Difficulty::Hard));
    }

    #[test]
    fn a_requested_depth_replaces_the_levels_and_is_part_of_the_key() {
        let max = Duration::from_secs(3600);
        let level = settings(Difficulty::Hard, Some(3_600_000), Some(1));
        let deep = SearchSettings { max_depth: Some(crate::engine::Depth::plies(3)), ..level };
        let prepare = |s| prepare_search(&english(&[]), s, max).expect("ok");
        assert_ne!(prepare(level).key(), prepare(deep).key());
        let answer = prepare(deep).run(&AtomicBool::new(false));
        assert_eq!(answer.depth, 3);
    }

    #[test]
    fn a_finished_game_has_no_move_to_search() {
        let over = GameRequest::start(Variant::English).with_fen("B:W21:B");
        let prepared = prepare_search(&over, settings(Difficulty::Hard, None, None), Duration::from_secs(1));
        assert!(matches!(prepared, Err(ComputerMoveError::GameOver(Status::Win { .. }))));
    }

    #[test]
    fn a_move_played_is_shown_as_the_legal_moves_show_it() {
        let before = legal_moves(&english(&["11-15", "23-19"])).expect("a game");
        for mv in &before.position.moves {
            let applied = apply_move(&english(&["11-15", "23-19"]), &mv.notation).expect("a legal move");
            assert_eq!(&applied.mv, mv);
            assert_eq!(applied.position.side_to_move, "white");
        }
    }
}
