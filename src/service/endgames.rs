//! `load_endgames`: the endgame databases the service starts with, read once from the
//! configured directory and logged; a service without them plays on without them.

use std::path::Path;

use crate::engine::endgame::Endgames;

/// The databases under `dir` (none when `dir` is `None` or absent), each variant's loaded
/// size and every refused file logged.
pub fn load_endgames(dir: Option<&Path>) -> Endgames {
    let Some(dir) = dir else {
        tracing::info!("endgame databases off");
        return Endgames::none();
    };
    if !dir.is_dir() {
        tracing::info!(dir = %dir.display(), "no endgame databases");
        return Endgames::none();
    }
    let (endgames, refused) = Endgames::load(dir);
    for error in &refused {
        tracing::warn!(dir = %dir.display(), "endgame file refused: {error}");
    }
    for tables in endgames.all() {
        tracing::info!(
            variant = %tables.variant(),
            pieces = tables.max_pieces(),
            bytes = tables.bytes(),
            "endgame databases loaded"
        );
    }
    if endgames.all().is_empty() {
        tracing::info!(dir = %dir.display(), "no endgame databases");
    }
    endgames
}
