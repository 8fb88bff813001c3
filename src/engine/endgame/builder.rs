//! `build`: every slice of a variant up to a number of pieces, solved in order and written to
//! a directory, resuming where an earlier build stopped.
//!
//! Slices already on disk are read and checked (header and checksum) and kept; one missing,
//! damaged or left partial is solved again. What happens is told to the caller as [`Event`]s
//! (the command line draws a progress bar from them).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::file::{self, FileError, FileErrorKind};
use super::index::Indexer;
use super::material::{Material, MAX_PIECES};
use super::solve::{solve, SolveError, Solved};
use crate::rules::ruleset::Goal;
use crate::rules::{Rules, Variant};

/// What a build is doing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Slices found on disk and checked: they are kept. `positions` still to solve.
    Planned {
        /// Slices kept from disk.
        kept: usize,
        /// Slices to solve.
        to_solve: usize,
        /// Indexes of the slices to solve, all together.
        positions: u64,
    },
    /// A slice found on disk was refused and is solved again.
    Refused(String),
    /// Solving a slice (and its mirror) starts.
    Solving(Material),
    /// This many more indexes looked at.
    Progress(u64),
    /// A slice is written.
    Written {
        /// The slice.
        material: Material,
        /// Its file's payload bytes.
        bytes: u64,
    },
}

/// What a finished build made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildSummary {
    /// Slices on disk at the end.
    pub slices: usize,
    /// Slices solved by this run.
    pub solved: usize,
    /// Bytes of the slices' payloads, all together.
    pub bytes: u64,
    /// The time spent.
    pub elapsed: Duration,
}

/// Why a build failed.
#[derive(Debug)]
pub enum BuildError {
    /// The variant is won otherwise than by leaving the other side without a piece or a move,
    /// which is all the databases solve.
    Goal(Variant),
    /// The variant's board is larger than a database indexes ([`Indexer::indexes`]: 64 bits).
    Board(Variant),
    /// More pieces than a database holds.
    TooManyPieces(u32),
    /// A file could not be written, or the directory made.
    File(FileError),
    /// A slice could not be solved.
    Solve(SolveError),
}

impl core::fmt::Display for BuildError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            BuildError::Goal(variant) => {
                write!(f, "{variant} is not won by taking every piece: endgame databases solve only games that are")
            }
            BuildError::Board(variant) => {
                write!(f, "{variant}'s board has more than 64 squares: endgame databases index no larger board")
            }
            BuildError::TooManyPieces(n) => write!(f, "{n} pieces: at most {MAX_PIECES} are supported"),
            BuildError::File(e) => e.fmt(f),
            BuildError::Solve(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for BuildError {}

/// The directory of `variant`'s slices under `dir`.
pub fn variant_dir(dir: &Path, variant: Variant) -> PathBuf {
    dir.join(variant.id())
}

/// Builds every slice of the variant `R` with up to `max_pieces` pieces into `dir/<variant>/`,
/// keeping the slices already there that check out; `events` hears what happens.
pub fn build<R: Rules>(dir: &Path, max_pieces: u32, events: &mut dyn FnMut(Event)) -> Result<BuildSummary, BuildError> {
    if R::GOAL != Goal::Standard {
        return Err(BuildError::Goal(R::VARIANT));
    }
    if !Indexer::indexes(R::GEOMETRY) {
        return Err(BuildError::Board(R::VARIANT));
    }
    if max_pieces > MAX_PIECES {
        return Err(BuildError::TooManyPieces(max_pieces));
    }
    let started = Instant::now();
    let dir = variant_dir(dir, R::VARIANT);
    std::fs::create_dir_all(&dir)
        .map_err(|e| BuildError::File(FileError { path: dir.clone(), kind: FileErrorKind::Io(e) }))?;
    let indexer = Indexer::of::<R>();
    let order = Material::solving_order(max_pieces);
    let mut solved = Solved::default();
    let mut bytes = 0;
    for &material in &order {
        let path = dir.join(material.file_name());
        if !path.exists() {
            continue;
        }
        match file::read(&path, R::VARIANT, material, indexer.size(material)) {
            Ok(codes) => {
                bytes += codes.len() as u64;
                solved.insert(material, codes.into_boxed_slice());
            }
            Err(e) => events(Event::Refused(e.to_string())),
        }
    }
    // A slice is solved with its mirror: both are kept only if both checked out.
    let pending: Vec<Material> =
        order.iter().copied().filter(|&m| solved.get(m).is_none() || solved.get(m.mirror()).is_none()).collect();
    let positions = pending.iter().map(|&m| indexer.size(m)).sum();
    events(Event::Planned { kept: order.len() - pending.len(), to_solve: pending.len(), positions });
    let mut solved_now = 0;
    for &material in &pending {
        if material.mirror() < material && pending.contains(&material.mirror()) {
            continue; // solved with its mirror
        }
        events(Event::Solving(material));
        let slices =
            solve::<R>(&indexer, &solved, material, &mut |n| events(Event::Progress(n))).map_err(BuildError::Solve)?;
        for (m, codes) in slices {
            let path = dir.join(m.file_name());
            if solved.get(m).is_none() {
                file::write(&path, R::VARIANT, m, &codes).map_err(BuildError::File)?;
                bytes += codes.len() as u64;
                events(Event::Written { material: m, bytes: codes.len() as u64 });
            }
            solved_now += 1;
            solved.insert(m, codes.into_boxed_slice());
        }
    }
    Ok(BuildSummary { slices: order.len(), solved: solved_now, bytes, elapsed: started.elapsed() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ruleset::{Antidraughts, Breakthrough};

    #[test]
    fn variants_won_otherwise_than_by_taking_every_piece_are_refused_before_any_file_is_written() {
        let dir = std::env::temp_dir().join(format!("draughts-endgame-goal-{}", std::process::id()));
        let refused = |result: Result<BuildSummary, BuildError>| matches!(result, Err(BuildError::Goal(_)));
        assert!(refused(build::<Antidraughts>(&dir, 2, &mut |_| {})));
        assert!(refused(build::<Breakthrough>(&dir, 2, &mut |_| {})));
        assert!(!dir.exists());
    }
}
