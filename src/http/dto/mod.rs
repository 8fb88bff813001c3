//! The JSON shapes of requests and answers, with their OpenAPI schemas.

mod ai;
mod game;
mod moves;
mod variant;

pub use ai::*;
pub use game::*;
pub use moves::*;
pub use variant::*;
