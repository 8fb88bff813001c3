//! The game endpoints' work, all through one path: [`with_game`] turns the request's variant
//! into its typed rules (the service's one dispatch), replays the game, and hands it to the
//! work asked for: listing its moves, playing one more, reading a record, or preparing a search
//! ([`super::Searches`]).

use super::replay::{play_text, replay, ReplayError};
use super::request::GameRequest;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    fn english(moves: &[&str]) -> GameRequest {
        GameRequest::start(Variant::English).with_moves(moves)
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
