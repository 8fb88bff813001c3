//! `Endgames`: the databases a process has loaded, one [`VariantTables`] per variant found,
//! and their two probes: the result with its distance, and the result alone.
//!
//! A directory holds one subdirectory per variant (`english/`, `russian/`, …), each with two
//! packed files per slice as `draughts-api endgame` writes them (`.wdl` and `.dtw`,
//! [`super::pack`]); the builder's one-byte working files (`.egtb`) are not read. A variant's
//! tables are used up to the largest number of pieces whose every slice loads and checks out;
//! a refused file is reported and leaves that variant at fewer pieces. Positions whose side to
//! move has a capture are not stored: the probes play the captures and probe what they lead to.

use std::path::Path;

use super::blocks::{Blocks, BLOCK};
use super::file::{self, map_packed, variant_dir, FileError, Kind, Mapped};
use super::index::Indexer;
use super::material::{Material, MAX_PIECES};
use super::value::{Value, Wdl};
use super::{distance_blocks, wdl_runs};
use crate::rules::movegen::any_capture;
use crate::rules::{Position, Rules, Variant, VariantVisitor};

/// One slice's two mapped files, their block tables checked.
struct Slice {
    wdl: Mapped,
    distances: Mapped,
    /// The builder's working file, when it is there and checks out: the same codes a byte per
    /// index, read without inflating a block.
    codes: Option<Mapped>,
    /// A number no other slice loaded in the process has: which inflated blocks are its.
    id: u64,
}

/// The next [`Slice::id`].
static NEXT_SLICE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl Slice {
    fn bytes(&self) -> u64 {
        (self.wdl.len() + self.distances.len() + self.codes.as_ref().map_or(0, |c| c.len())) as u64
    }
}

/// The loaded databases of one variant.
pub struct VariantTables {
    variant: Variant,
    max_pieces: u32,
    indexer: Indexer,
    slices: Vec<Option<Slice>>,
    bytes: u64,
}

impl core::fmt::Debug for VariantTables {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("VariantTables")
            .field("variant", &self.variant)
            .field("max_pieces", &self.max_pieces)
            .field("bytes", &self.bytes)
            .finish()
    }
}

impl VariantTables {
    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Positions with at most this many pieces are known.
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// Bytes of the files mapped (shared through the page cache, not held in the heap).
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// What the databases know of `position` for its side to move, with the distance, if it
    /// has few enough pieces (captures mandatory; no draw by repetition or move counts). It
    /// reads the working file's byte where the working file is loaded, else inflates a block
    /// of the `.dtw` file (tens of microseconds, unless the thread has it inflated already).
    pub fn probe<R: Rules>(&self, position: &Position<R>) -> Option<Value> {
        self.probe_with(position, Value::Loss(0), Value::one_ply_before, Value::rank, |slice, index| {
            if let Some(codes) = &slice.codes {
                return Value::decode(*codes.get(index as usize)?);
            }
            let (block, place) = Blocks::of_checked(&slice.distances).block_of(index);
            Value::decode(distance_blocks::lookup(slice.id, index / BLOCK, block, place)?)
        })
    }

    /// What the databases know of `position` for its side to move, without the distance: the
    /// search's probe, a scan of one block of runs of the `.wdl` file.
    #[inline]
    pub fn probe_wdl<R: Rules>(&self, position: &Position<R>) -> Option<Wdl> {
        self.probe_with(
            position,
            Wdl::Loss,
            Wdl::one_ply_before,
            |w| w,
            |slice, index| {
                let (block, place) = Blocks::of_checked(&slice.wdl).block_of(index);
                wdl_runs::lookup(block, place)
            },
        )
    }

    /// The probe both kinds share: `lost` when the side to move has no piece, the best of the
    /// captures' results (by `rank`, each seen one ply before) when it has a capture, and
    /// otherwise what `read` finds stored at the position's index in its slice.
    #[inline]
    fn probe_with<R: Rules, T: Copy, K: Ord>(
        &self,
        position: &Position<R>,
        lost: T,
        one_ply_before: fn(T) -> T,
        rank: fn(T) -> K,
        read: impl Fn(&Slice, u64) -> Option<T> + Copy,
    ) -> Option<T> {
        debug_assert_eq!(R::VARIANT, self.variant);
        if position.occupied().count() > self.max_pieces || R::VARIANT != self.variant {
            return None;
        }
        let side = position.side_to_move();
        if position.pieces(side).is_empty() {
            return Some(lost);
        }
        if position.pieces(side.opponent()).is_empty() {
            return None;
        }
        if any_capture(position) {
            let mut best: Option<T> = None;
            for mv in &position.legal_moves() {
                let mut next = *position;
                next.play_unchecked(mv);
                let result = one_ply_before(self.probe_with(&next, lost, one_ply_before, rank, read)?);
                if best.is_none_or(|b| rank(result) > rank(b)) {
                    best = Some(result);
                }
            }
            return best;
        }
        let pieces = self.indexer.pieces(position);
        let material = pieces.material();
        let slice = self.slices[material.code()].as_ref()?;
        read(slice, self.indexer.index(&pieces, material))
    }

    /// Loads the slices of `R` under `dir/<variant>/`, up to `max_pieces` pieces, and with
    /// `working_files` the builder's working files found beside them (their distances are read
    /// a hundred times faster than inflated; a refused one is reported and left out): the
    /// tables (none if not even the 2-piece slices are complete) and every file refused.
    pub fn load<R: Rules>(dir: &Path, max_pieces: u32, working_files: bool) -> (Option<VariantTables>, Vec<FileError>) {
        let dir = variant_dir(dir, R::VARIANT);
        let indexer = Indexer::of::<R>();
        let mut slices: Vec<Option<Slice>> = (0..Material::CODES).map(|_| None).collect();
        let mut refused = Vec::new();
        let mut complete = 1;
        let mut bytes = 0;
        'pieces: for pieces in 2..=max_pieces.min(MAX_PIECES) {
            let order = Material::solving_order(pieces);
            for material in order.into_iter().filter(|m| m.pieces() == pieces) {
                if !Kind::Wdl.path(&dir, material).exists() || !Kind::Distances.path(&dir, material).exists() {
                    break 'pieces;
                }
                let size = indexer.size(material);
                let mapped = map_packed(&dir, Kind::Wdl, R::VARIANT, material, size).and_then(|wdl| {
                    let distances = map_packed(&dir, Kind::Distances, R::VARIANT, material, size)?;
                    let id = NEXT_SLICE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    Ok(Slice { wdl, distances, codes: None, id })
                });
                let working = Kind::Codes.path(&dir, material);
                let mapped = mapped.map(|mut slice| {
                    if working_files && working.exists() {
                        match file::map(&working, Kind::Codes, R::VARIANT, material, size) {
                            Ok(codes) => slice.codes = Some(codes),
                            Err(e) => refused.push(e),
                        }
                    }
                    slice
                });
                match mapped {
                    Ok(slice) => {
                        bytes += slice.bytes();
                        slices[material.code()] = Some(slice);
                    }
                    Err(e) => {
                        refused.push(e);
                        break 'pieces;
                    }
                }
            }
            complete = pieces;
        }
        if complete < 2 {
            return (None, refused);
        }
        // Slices beyond the complete piece count are dropped.
        for (code, slice) in slices.iter_mut().enumerate() {
            let base = MAX_PIECES as usize + 1;
            let counts = [code / base.pow(3), code / base.pow(2) % base, code / base % base, code % base];
            if counts.iter().sum::<usize>() as u32 > complete {
                if let Some(s) = slice.take() {
                    bytes -= s.bytes();
                }
            }
        }
        (Some(VariantTables { variant: R::VARIANT, max_pieces: complete, indexer, slices, bytes }), refused)
    }
}

/// Every variant's loaded databases.
#[derive(Debug, Default)]
pub struct Endgames {
    tables: Vec<VariantTables>,
}

/// Loads one variant's tables (the visitor that gives them their rules).
struct Load<'a> {
    dir: &'a Path,
    max_pieces: u32,
}

impl VariantVisitor for Load<'_> {
    type Output = (Option<VariantTables>, Vec<FileError>);

    fn visit<R: Rules>(self) -> Self::Output {
        VariantTables::load::<R>(self.dir, self.max_pieces, true)
    }
}

impl Endgames {
    /// No databases.
    pub fn none() -> Endgames {
        Endgames::default()
    }

    /// Loads every variant's databases found under `dir` (a missing directory holds none):
    /// the databases and every file refused.
    pub fn load(dir: &Path) -> (Endgames, Vec<FileError>) {
        let mut tables = Vec::new();
        let mut refused = Vec::new();
        for variant in Variant::ALL {
            if !variant_dir(dir, variant).is_dir() {
                continue;
            }
            let (loaded, errors) = variant.visit(Load { dir, max_pieces: MAX_PIECES });
            tables.extend(loaded);
            refused.extend(errors);
        }
        (Endgames { tables }, refused)
    }

    /// The databases of `variant`, if loaded.
    #[inline]
    pub fn variant(&self, variant: Variant) -> Option<&VariantTables> {
        self.tables.iter().find(|t| t.variant == variant)
    }

    /// Every variant's loaded tables.
    pub fn all(&self) -> &[VariantTables] {
        &self.tables
    }

    /// Bytes of the files mapped, all variants together.
    pub fn bytes(&self) -> u64 {
        self.tables.iter().map(|t| t.bytes).sum()
    }
}
