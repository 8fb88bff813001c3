//! draughts-api: a stateless HTTP service for checkers and draughts.
//!
//! Layers, each depending only on those before it:
//! - [`rules`]: every variant's rules, positions, legal moves, notation and game outcomes;
//!   no HTTP, no async.
//! - [`cli`]: the command line (serving, `perft`).

#![deny(missing_docs)]

pub mod cli;
pub mod rules;
