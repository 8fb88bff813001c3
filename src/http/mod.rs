//! The HTTP service: a thin layer that parses requests, calls the rules core or the engine
//! and maps the answers. Nothing here branches on the variant. Searches run on
//! [`search_pool::SearchPool`]'s threads, never on the async runtime's.
//!
//! [`startup::Application`] builds the server; [`config::Config`] reads the environment.

pub mod body;
pub mod client_gone;
pub mod config;
pub mod dto;
pub mod error;
pub mod json;
pub mod json_escape;
pub mod log_line;
pub mod metrics;
pub mod middleware;
pub mod openapi;
pub mod replay_cache;
pub mod routes;
pub mod search_cache;
pub mod search_pool;
pub mod startup;
pub mod telemetry;
