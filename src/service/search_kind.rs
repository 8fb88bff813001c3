//! `SearchKind`: the kinds of search the service runs (and the endgame lookup, answered beside
//! them through the same door), as metrics and cache keys name them.

/// A kind of search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SearchKind {
    /// The computer's move (`POST /v1/ai-move`).
    AiMove,
    /// A position's best moves with their scores (`POST /v1/analyze`).
    Analysis,
    /// Every move of a game judged (`POST /v1/review`): one search per position.
    Review,
    /// A lookup in the endgame databases (`POST /v1/endgame`): no search thread, answered at
    /// once.
    Endgame,
}

impl SearchKind {
    /// Every kind.
    pub const ALL: [SearchKind; 4] =
        [SearchKind::AiMove, SearchKind::Analysis, SearchKind::Review, SearchKind::Endgame];

    /// The name metrics label it with.
    pub const fn id(self) -> &'static str {
        match self {
            SearchKind::AiMove => "ai_move",
            SearchKind::Analysis => "analysis",
            SearchKind::Review => "review",
            SearchKind::Endgame => "endgame",
        }
    }
}
