//! The service: requests turned into games, and games into answers. It sits between the HTTP
//! layer and the core: `http/` parses and maps, this layer replays, plays, searches and builds
//! the views; `rules/` and `engine/` know nothing of it.
//!
//! - [`GameRequest`] and [`RuleOverrides`]: a game as a client describes it.
//! - [`games`]: the one path from a request to a typed game ([`games::legal_moves`],
//!   [`games::apply_move`], [`games::prepare_search`], [`games::prepare_analysis`]), with
//!   [`ReplayError`]s that name the move at fault.
//! - [`views`]: the answers, written by serde.
//! - [`records`]: game records (PDN) read into replayed games, and games written as PDN, with
//!   their [`tags`].
//! - [`Difficulty`]: the computer's levels; [`computer`]: its searches and their cache keys;
//!   [`analysis`]: a position's best moves with their scores; [`review`]: a whole game's moves
//!   judged;
//!   [`SearchPool`] and [`SearchCache`]: the threads that run them and their recent answers;
//!   [`load_endgames`]: the endgame databases they probe.
//! - [`VariantView`]: a variant's rules as plain values.
//! - [`object_only`] and [`whole_number`]: fields read strictly, with errors that say what
//!   was expected.

pub mod analysis;
pub mod budget;
pub mod computer;
pub mod endgames;
pub mod games;
pub mod levels;
pub mod object_only;
pub mod records;
pub mod replay;
pub mod request;
pub mod review;
pub mod search_cache;
pub mod search_pool;
pub mod tags;
pub mod variants;
pub mod views;
pub mod whole_number;

pub use analysis::{Analysis, AnalysisSettings, LineView, PreparedAnalysis};
pub use budget::Budget;
pub use computer::{ComputerMove, ComputerMoveError, PreparedSearch, ScoreKind, SearchKey, SearchSettings};
pub use endgames::load_endgames;
pub use games::{apply_move, legal_moves, prepare_analysis, prepare_review, prepare_search};
pub use levels::Difficulty;
pub use records::{read_records, write_record, RecordText, RecordView, Records, RecordsError};
pub use replay::ReplayError;
pub use request::{DrawOverrides, GameRequest, RuleOverrides};
pub use review::{
    MoveClass, PlyReview, PreparedReview, Review, ReviewError, ReviewLimits, ReviewSummary, ReviewTooLong, SideReview,
};
pub use search_cache::{CachedAnswer, SearchCache};
pub use search_pool::{Overloaded, PoolGauges, SearchPool, SearchTicket};
pub use tags::{RequestedTags, Tags};
pub use variants::VariantView;
pub use views::{AppliedMove, LegalMoves, MoveView, PositionView, Square, StatusView};
