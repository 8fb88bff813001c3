//! `load_endgames`: the endgame databases the service starts with, read once from the
//! configured directory and logged; a service without them plays on without them.
//! [`InstalledEndgames`]: what they hold, as clients see it.

use std::path::Path;

use serde::Serialize;
use utoipa::ToSchema;

use crate::engine::endgame::Endgames;

/// The endgame databases of one variant that a server has loaded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[schema(example = json!({"variant": "english", "max_pieces": 5, "bytes": 158334976_u64}))]
pub struct InstalledEndgames {
    /// The variant id.
    pub variant: &'static str,
    /// Positions with at most this many pieces are known.
    pub max_pieces: u32,
    /// The bytes the databases take.
    pub bytes: u64,
}

/// What `endgames` hold, a line per variant.
pub fn installed(endgames: &Endgames) -> Vec<InstalledEndgames> {
    endgames
        .all()
        .iter()
        .map(|t| InstalledEndgames { variant: t.variant().id(), max_pieces: t.max_pieces(), bytes: t.bytes() })
        .collect()
}

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
