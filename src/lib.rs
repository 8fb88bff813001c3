//! draughts-api: a stateless HTTP service for checkers and draughts.
//!
//! Layers, each depending only on those before it:
//! - [`rules`]: every variant's rules, positions, legal moves, notation and game outcomes;
//!   no HTTP, no async.
//! - [`engine`]: the computer player, a search over the rules; no HTTP, no async.
//! - [`render`]: pictures of positions (SVG), from the rules alone.
//! - [`http`]: the HTTP service (actix-web), a thin layer over the rules, the engine and the
//!   pictures.
//! - [`cli`]: the command line (serving, `perft`, `think`, `openapi`).

#![deny(missing_docs)]

pub mod cli;
pub mod engine;
pub mod http;
pub mod render;
pub mod rules;
pub mod service;
