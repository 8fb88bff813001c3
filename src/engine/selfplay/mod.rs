//! Self-play data: games of the engine against itself ([`play`]), kept as compact records
//! ([`record`]) in compressed files ([`file`]) and replayed into the positions an evaluation is
//! fitted to ([`replay`]).

pub mod file;
pub mod play;
pub mod record;
pub mod replay;

pub use file::{read_games, write_games, GamesHeader};
pub use play::{self_play, SelfPlay};
pub use record::{GameRecord, RecordError};
pub use replay::{replay, Replayed};
