//! `build`: every slice of a variant up to a number of pieces, solved in order and written to
//! a directory, then packed into the files the service maps, resuming where an earlier build
//! stopped.
//!
//! The solver keeps every slice as one byte per index, and so does the build's working file of
//! each slice (`.egtb`); once every slice is solved, each is packed ([`super::pack`]) into its
//! `.wdl` and `.dtw` files. Files already on disk are checked (header, checksum, block table)
//! and kept; one missing, damaged or left partial is made again. What happens is told to the
//! caller as [`Event`]s (the command line draws a progress bar from them).

use std::path::Path;
use std::time::{Duration, Instant};

use super::coverage::{solvable, NotCovered};
use super::file::{self, variant_dir, FileError, FileErrorKind, Kind};
use super::index::Indexer;
use super::material::{Material, MAX_PIECES};
use super::pack::pack;
use super::solve::{solve, SolveError, Solved};
use crate::rules::Rules;

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
    /// A slice's working file is written.
    Written {
        /// The slice.
        material: Material,
        /// Its file's payload bytes.
        bytes: u64,
    },
    /// Packed files found on disk and checked are kept; `positions` of the others are packed.
    PackPlanned {
        /// Slices whose packed files are kept.
        kept: usize,
        /// Slices to pack.
        to_pack: usize,
        /// Indexes of the slices to pack, all together.
        positions: u64,
    },
    /// Packing a slice starts.
    Packing(Material),
    /// A slice's packed files are written.
    Packed {
        /// The slice.
        material: Material,
        /// Payload bytes of its win/draw/loss file.
        wdl_bytes: u64,
        /// Payload bytes of its distance file.
        distance_bytes: u64,
    },
}

/// What a finished build made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildSummary {
    /// Slices on disk at the end.
    pub slices: usize,
    /// Slices solved by this run.
    pub solved: usize,
    /// Indexes of every slice, all together.
    pub positions: u64,
    /// Bytes of the slices' working files' payloads (one per index), all together.
    pub bytes: u64,
    /// Bytes of the packed files' payloads, all together.
    pub packed_bytes: u64,
    /// The time spent.
    pub elapsed: Duration,
}

/// Why a build failed.
#[derive(Debug)]
pub enum BuildError {
    /// The variant has no databases ([`solvable`] says why).
    NoDatabases(NotCovered),
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
            BuildError::NoDatabases(why) => why.fmt(f),
            BuildError::TooManyPieces(n) => write!(f, "{n} pieces: at most {MAX_PIECES} are supported"),
            BuildError::File(e) => e.fmt(f),
            BuildError::Solve(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for BuildError {}

/// Builds every slice of the variant `R` with up to `max_pieces` pieces into `dir/<variant>/`,
/// keeping the slices already there that check out; `events` hears what happens.
pub fn build<R: Rules>(dir: &Path, max_pieces: u32, events: &mut dyn FnMut(Event)) -> Result<BuildSummary, BuildError> {
    solvable::<R>().map_err(BuildError::NoDatabases)?;
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
        let path = Kind::Codes.path(&dir, material);
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
            let path = Kind::Codes.path(&dir, m);
            if solved.get(m).is_none() {
                file::write(&path, Kind::Codes, R::VARIANT, m, indexer.size(m), &codes).map_err(BuildError::File)?;
                bytes += codes.len() as u64;
                events(Event::Written { material: m, bytes: codes.len() as u64 });
            }
            solved_now += 1;
            solved.insert(m, codes.into_boxed_slice());
        }
    }
    let packed_bytes = pack_every_slice::<R>(&dir, &indexer, &order, &solved, events)?;
    Ok(BuildSummary {
        slices: order.len(),
        solved: solved_now,
        positions: order.iter().map(|&m| indexer.size(m)).sum(),
        bytes,
        packed_bytes,
        elapsed: started.elapsed(),
    })
}

/// Packs every slice of `order` (all in `solved`) whose packed files are missing or refused;
/// the bytes of every packed file's payload.
fn pack_every_slice<R: Rules>(
    dir: &Path,
    indexer: &Indexer,
    order: &[Material],
    solved: &Solved,
    events: &mut dyn FnMut(Event),
) -> Result<u64, BuildError> {
    let mut bytes = 0;
    let mut to_pack = Vec::new();
    for &material in order {
        let size = indexer.size(material);
        let kept = [Kind::Wdl, Kind::Distances].map(|kind| {
            let path = kind.path(dir, material);
            match path.exists().then(|| file::map_packed(dir, kind, R::VARIANT, material, size)) {
                Some(Ok(mapped)) => Some(mapped.len() as u64),
                Some(Err(e)) => {
                    events(Event::Refused(e.to_string()));
                    None
                }
                None => None,
            }
        });
        match kept {
            [Some(wdl), Some(distances)] => bytes += wdl + distances,
            _ => to_pack.push(material),
        }
    }
    let positions = to_pack.iter().map(|&m| indexer.size(m)).sum();
    events(Event::PackPlanned { kept: order.len() - to_pack.len(), to_pack: to_pack.len(), positions });
    for material in to_pack {
        events(Event::Packing(material));
        let codes = solved.get(material).expect("every slice is solved before packing");
        let packed = pack::<R>(indexer, material, codes, &mut |n| events(Event::Progress(n)));
        let size = indexer.size(material);
        for (kind, payload) in [(Kind::Wdl, &packed.wdl), (Kind::Distances, &packed.distances)] {
            file::write(&kind.path(dir, material), kind, R::VARIANT, material, size, payload)
                .map_err(BuildError::File)?;
        }
        bytes += (packed.wdl.len() + packed.distances.len()) as u64;
        events(Event::Packed {
            material,
            wdl_bytes: packed.wdl.len() as u64,
            distance_bytes: packed.distances.len() as u64,
        });
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ruleset::{Antidraughts, Breakthrough, Frisian};

    #[test]
    fn variants_won_otherwise_than_by_taking_every_piece_are_refused_before_any_file_is_written() {
        let dir = std::env::temp_dir().join(format!("draughts-endgame-goal-{}", std::process::id()));
        let refused = |result: Result<BuildSummary, BuildError>| {
            matches!(result, Err(BuildError::NoDatabases(NotCovered::Goal(_))))
        };
        assert!(refused(build::<Antidraughts>(&dir, 2, &mut |_| {})));
        assert!(refused(build::<Breakthrough>(&dir, 2, &mut |_| {})));
        assert!(matches!(
            build::<Frisian>(&dir, 2, &mut |_| {}),
            Err(BuildError::NoDatabases(NotCovered::History(crate::rules::Variant::Frisian)))
        ));
        assert!(!dir.exists());
    }
}
