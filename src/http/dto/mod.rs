//! The JSON shapes of requests and answers, with their OpenAPI schemas.

mod ai;
mod game;
mod moves;
mod scan;
mod variant;
mod write;

pub use ai::*;
pub use game::*;
pub use moves::*;
pub use scan::*;
pub use variant::*;
pub use write::*;
