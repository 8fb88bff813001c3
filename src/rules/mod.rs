//! The rules of every variant: boards, positions, legal moves, notation and game outcomes.
//!
//! This layer knows nothing of HTTP, async or the engine. The main types: [`Variant`] (the
//! registry), [`Rules`] (a variant's rule constants), [`Position`] (a validated position:
//! legal moves, playing one), [`Game`] (a position plus history: its outcome).
//!
//! The values a client sees (a variant's [`summary::VariantSummary`] and the rule enums in it)
//! derive serde's `Serialize` and utoipa's `ToSchema`, so that the API serves them as they are
//! rather than copying them.

pub mod bitboard;
pub mod color;
pub mod draw;
pub mod endgame_clock;
pub mod game;
pub mod geometry;
pub mod king_limit;
pub mod movegen;
pub mod mv;
pub mod naming;
pub mod notation;
pub mod perft;
pub mod position;
pub mod ruleset;
pub mod start;
pub mod summary;
pub mod variant;
pub mod visitor;

pub use bitboard::Bitboard;
pub use color::Color;
pub use draw::{DrawRules, QuietReset};
pub use game::{DrawReason, Game, GameRules, PlayError, Status, WinReason};
pub use movegen::MoveList;
pub use mv::Move;
pub use notation::fen::ParsePositionError;
pub use position::{Position, PositionError, Setup};
pub use ruleset::Rules;
pub use variant::Variant;
pub use visitor::VariantVisitor;
