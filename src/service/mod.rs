//! The service: requests turned into games, and games into answers. It sits between the HTTP
//! layer and the core: `http/` parses and maps, this layer replays, plays, searches and builds
//! the views; `rules/` and `engine/` know nothing of it.
//!
//! - [`GameRequest`] and [`RuleOverrides`]: a game as a client describes it.
//! - [`games`]: the one path from a request to a typed game ([`legal_moves`], [`apply_move`],
//!   and the searches' preparation), with [`ReplayError`]s that name the move at fault.
//! - [`views`]: the answers, written by serde.
//! - [`records`]: game records (PDN) read into replayed games, and games written as PDN, with
//!   their [`tags`].
//! - [`Searches`]: the one door to the computer, for every kind of search ([`SearchKind`]): a
//!   computer move ([`AiMoveAsk`] at a [`Level`], named or not ([`Difficulty`]), on a [`Clock`] or not), an analysis ([`AnalysisAsk`]), a review
//!   ([`ReviewAsk`], [`ReviewStreamAsk`]). It owns the search threads ([`search_pool`]), the
//!   cache of recent answers ([`search_cache`], by [`SearchKey`]), the endgame databases
//!   ([`endgames`], and their answers about a position: [`EndgameAnswer`]) and the searches'
//!   metrics ([`search_metrics`]); every search's limits come from its [`SearchPlan`], and run
//!   on a [`search_thread::SearchThread`].
//! - [`VariantView`]: a variant's rules as plain values.

pub mod ai_move;
pub mod analysis;
pub mod clock;
pub mod delivery;
pub mod endgame_answer;
pub mod endgames;
pub mod games;
pub mod heap_bytes;
pub mod levels;
pub mod records;
pub mod replay;
pub mod request;
pub mod review;
pub mod search_cache;
pub mod search_error;
pub mod search_key;
pub mod search_kind;
pub mod search_metrics;
pub mod search_plan;
pub mod search_pool;
pub mod search_thread;
pub mod search_views;
pub mod searches;
pub mod tags;
pub mod variants;
pub mod views;

pub use ai_move::{AiMove, AiMoveAsk};
pub use analysis::{Analysis, AnalysisAsk, AnalysisSettings, LineView};
pub use clock::Clock;
pub use endgame_answer::{EndgameAnswer, EndgameMove, EndgameResult};
pub use endgames::InstalledEndgames;
pub use games::{apply_move, legal_moves};
pub use levels::{Difficulty, Level};
pub use records::{read_records, write_record, RecordText, RecordView, Records, RecordsError};
pub use replay::ReplayError;
pub use request::{DrawOverrides, GameRequest, RuleOverrides};
pub use review::{
    MoveClass, PlyReview, Review, ReviewAsk, ReviewLine, ReviewStream, ReviewStreamAsk, ReviewSummary, SideReview,
};
pub use search_error::SearchError;
pub use search_key::SearchKey;
pub use search_kind::SearchKind;
pub use search_plan::{AiMoveSettings, Budget, ReviewTooLong, SearchLimits, SearchPlan};
pub use search_views::ScoreKind;
pub use searches::{AnswerTo, SearchConfig, Searches};
pub use tags::Tags;
pub use variants::VariantView;
pub use views::{AppliedMove, LegalMoves, MoveView, PositionView, Square, StatusView};
