//! The computer player: a search over the rules, and nothing else (no clock reading beyond
//! the deadline it is given, no answer format).
//!
//! One call: [`search`] takes a typed [`crate::rules::Game`] and [`Limits`] and gives a
//! [`Report`] whose [`Score`] knows forced wins; [`selfplay`] plays the engine against itself
//! for training data.

pub mod book;
pub mod depth;
pub mod draws;
pub mod endgame;
pub mod eval;
pub mod expected;
pub mod family;
pub mod patterns;
pub mod score;
pub mod search;
pub mod selfplay;
pub mod tt;
pub mod zobrist;

pub use depth::Depth;
pub use expected::expected_score;
pub use score::{Outcome, Score};
pub use search::{analyze, search, AnalysisReport, Limits, Line, Report, TableUse};
