//! The HTTP service: a thin layer that parses requests, calls the service layer
//! ([`crate::service`]) and maps its answers and errors. Nothing here branches on the variant
//! or reads or writes JSON by hand.
//!
//! [`startup::Application`] builds the server; [`config::Config`] reads the environment;
//! [`state::AppState`] is what handlers share; [`extract::JsonBody`] reads any JSON body and
//! [`extract::GameInput`] turns any game body into a checked request.

pub mod client_address;
pub mod clip;
pub mod config;
pub mod connection;
pub mod dto;
pub mod error;
pub mod extract;
pub mod metrics;
pub mod middleware;
pub mod object_only;
pub mod openapi;
pub mod problems;
pub mod rate_limiter;
pub mod requested_tags;
pub mod routes;
pub mod startup;
pub mod state;
pub mod telemetry;
pub mod whole_number;
