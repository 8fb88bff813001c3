//! draughts-api: a stateless HTTP service for checkers and draughts.
//!
//! Layers, each depending only on those before it:
//! - [`rules`]: every variant's rules, positions, legal moves, notation and game outcomes;
//!   no HTTP, no async.
//! - [`engine`]: the computer player, a search over the rules; no HTTP, no async.
//! - [`render`]: pictures of positions (SVG), from the rules alone.
//! - [`service`]: requests turned into games and answers (replay, views, game records), and
//!   the one door to the computer ([`service::Searches`]) for every search; over the rules and
//!   the engine.
//! - [`http`]: the HTTP service (actix-web), a thin layer over the service and the pictures:
//!   it extracts, calls and maps, and names nothing of the engine.
//! - [`cli`]: the command line (serving, `perft`, `think`, `openapi`).

#![deny(missing_docs)]

pub mod cli;
pub mod engine;
pub mod http;
pub mod render;
pub mod rules;
pub mod service;
