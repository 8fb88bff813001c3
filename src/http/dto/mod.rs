//! The JSON shapes of requests and answers, with their OpenAPI schemas.

mod game;
mod variant;

pub use game::*;
pub use variant::*;
