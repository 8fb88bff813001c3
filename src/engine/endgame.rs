//! Endgame databases: the result of every position with few pieces, per variant, built by
//! retrograde analysis over the rules' own move generator, packed into two files per slice
//! (results in runs; results with distances compressed), mapped into memory at start and
//! probed by the search and the endgame answers.
//!
//! - [`Material`]: a slice (men and kings of each side) and the order slices are solved in.
//! - [`Indexer`]: positions of a slice as numbers, White always to move.
//! - [`Value`]: a result with its distance in plies, one byte per position; [`Wdl`]: a result.
//! - [`solve`](solve::solve) and [`build`] (in [`builder`]): the retrograde analysis and the
//!   resumable build.
//! - [`file`]: a slice's files, their header and checksum.
//! - [`pack`]: a slice packed, capture positions left out; [`blocks`]: the block table;
//!   [`wdl_runs`] and [`distance_blocks`]: how a block of each file is coded; [`verify`]: the
//!   packed files checked against the working files.
//! - [`Endgames`] and [`VariantTables`]: the loaded databases and the probe;
//!   [`move_values`]: the value of each legal move; [`NotCovered`]: what they do not know;
//!   [`EndgameProbe`]: the probe as the search asks it.
//!
//! Depends on the rules only; docs/endgame.md says how they are built and shipped.

pub mod blocks;
pub mod builder;
pub mod coverage;
pub mod distance_blocks;
pub mod file;
pub mod index;
pub mod material;
pub mod moves;
pub mod pack;
pub mod probe;
pub mod solve;
pub mod tables;
pub mod value;
pub mod verify;
pub mod wdl_runs;

pub use builder::{build, BuildError, BuildSummary, Event};
pub use coverage::NotCovered;
pub use index::Indexer;
pub use material::Material;
pub use moves::{move_values, MoveValue};
pub use probe::EndgameProbe;
pub use tables::{Endgames, VariantTables};
pub use value::{Value, Wdl};
