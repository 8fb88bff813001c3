//! draughts-api: a stateless HTTP service for checkers and draughts.
//!
//! Layers, each depending only on those before it:
//! - [`rules`]: every variant's rules, positions, legal moves, notation and game outcomes;
//!   no HTTP, no async.
//! - [`engine`]: the computer player, a search over the rules; no HTTP, no async.
//! - [`http`]: the HTTP service (actix-web), a thin layer over the rules and the engine.
//! - [`cli`]: the command line (serving, `perft`, `openapi`).

#![deny(missing_docs)]

pub mod cli;
pub mod engine;
pub mod http;
pub mod rules;
