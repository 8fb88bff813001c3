//! draughts-api: a stateless HTTP service for checkers and draughts.
//!
//! Layers, each depending only on those before it:
//! - [`rules`]: every variant's rules, positions, legal moves, notation and game outcomes;
//!   no HTTP, no async.
//! - [`render`]: pictures of positions (SVG), from the rules alone.
//! - [`http`]: the HTTP service (actix-web), a thin layer over the rules.
//! - [`cli`]: the command line (serving, `perft`, `openapi`).

#![deny(missing_docs)]

pub mod cli;
pub mod http;
pub mod render;
pub mod rules;
