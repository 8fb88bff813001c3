//! The computer player: a search engine over the rules core, and nothing else.
//!
//! [`search::search`] finds a move in a typed [`crate::rules::Game`] within [`search::Limits`];
//! [`Difficulty`] says how deep, how long and how carefully each level looks;
//! [`request`] is the variant-free entry point the HTTP layer calls; [`selfplay`] plays the
//! engine against itself for training data.

pub mod difficulty;
pub mod draws;
pub mod eval;
pub mod patterns;
pub mod request;
pub mod search;
pub mod selfplay;
pub mod tt;
pub mod zobrist;

pub use difficulty::Difficulty;
