//! The HTTP service: a thin layer that parses requests, calls the rules core and maps the
//! answers. Nothing here branches on the variant.
//!
//! [`startup::Application`] builds the server; [`config::Config`] reads the environment.

pub mod config;
pub mod dto;
pub mod error;
pub mod metrics;
pub mod middleware;
pub mod openapi;
pub mod routes;
pub mod startup;
pub mod telemetry;
