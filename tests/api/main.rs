//! Black-box tests of the HTTP service: each test starts the real server on a free port
//! (`helpers::spawn_app`) and talks to it over HTTP, checking the contract of
//! `docs/api.md`: shapes, error codes, headers, metrics and the OpenAPI document.

mod ai_move;
mod analysis;
mod board;
mod bodies;
mod contract;
mod cors;
mod demo;
mod deploy;
mod endgame;
mod errors;
mod games;
mod headers;
mod helpers;
mod hostile;
mod levels;
mod limits;
mod logs;
mod metrics;
mod openapi;
mod operations;
mod pdn;
mod play;
mod shutdown;
mod variants;
