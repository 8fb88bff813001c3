//! `SearchError`: why a search gives no answer.

use super::replay::ReplayError;
use super::search_kind::SearchKind;
use super::search_plan::ReviewTooLong;
use crate::engine::endgame::NotCovered;
use crate::rules::{Game, Rules, Status};

/// Why a search gives no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// The game cannot be replayed.
    Replay(ReplayError),
    /// The game is already over: there is no move to search for.
    GameOver(Status),
    /// A review would take longer than its limit allows.
    ReviewTooLong(ReviewTooLong),
    /// Every search thread is busy and the queue is full.
    Overloaded(SearchKind),
    /// The search failed (a bug): never expected.
    Failed(SearchKind),
    /// The endgame databases do not know the position.
    NotCovered(NotCovered),
}

impl From<ReplayError> for SearchError {
    fn from(error: ReplayError) -> SearchError {
        SearchError::Replay(error)
    }
}

impl SearchError {
    /// `GameOver` when `game` is over, so that there is no move to search for.
    pub fn if_over<R: Rules>(game: &Game<R>) -> Result<(), SearchError> {
        let status = game.status();
        if status.is_over() {
            return Err(SearchError::GameOver(status));
        }
        Ok(())
    }
}
