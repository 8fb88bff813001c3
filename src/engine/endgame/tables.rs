//! `Endgames`: the databases a process has loaded, one [`VariantTables`] per variant found,
//! and the probe the search asks.
//!
//! A directory holds one subdirectory per variant (`english/`, `russian/`, …), each with one
//! file per slice as `draughts-api endgame` writes them. A variant's tables are used up to the
//! largest number of pieces whose every slice loads and checks out; a refused file is
//! reported and leaves that variant at fewer pieces.

use std::path::Path;

use super::builder::variant_dir;
use super::file::{self, FileError, MappedCodes};
use super::index::Indexer;
use super::material::{Material, MAX_PIECES};
use super::value::Value;
use crate::rules::{Position, Rules, Variant, VariantVisitor};

/// The loaded databases of one variant.
pub struct VariantTables {
    variant: Variant,
    max_pieces: u32,
    indexer: Indexer,
    slices: Vec<Option<MappedCodes>>,
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

    /// What the databases know of `position` for its side to move, if it has few enough
    /// pieces (captures mandatory; no draw by repetition or move counts).
    #[inline]
    pub fn probe<R: Rules>(&self, position: &Position<R>) -> Option<Value> {
        debug_assert_eq!(R::VARIANT, self.variant);
        if position.occupied().count() > self.max_pieces || R::VARIANT != self.variant {
            return None;
        }
        let side = position.side_to_move();
        if position.pieces(side).is_empty() {
            return Some(Value::Loss(0));
        }
        if position.pieces(side.opponent()).is_empty() {
            return None;
        }
        let pieces = self.indexer.pieces(position);
        let material = pieces.material();
        let codes = self.slices[material.code()].as_deref()?;
        Value::decode(codes[self.indexer.index(&pieces, material) as usize])
    }

    /// Loads the slices of `R` under `dir/<variant>/`, up to `max_pieces` pieces: the tables
    /// (none if not even the 2-piece slices are complete) and every file refused.
    pub fn load<R: Rules>(dir: &Path, max_pieces: u32) -> (Option<VariantTables>, Vec<FileError>) {
        let dir = variant_dir(dir, R::VARIANT);
        let indexer = Indexer::of::<R>();
        let mut slices: Vec<Option<MappedCodes>> = (0..Material::CODES).map(|_| None).collect();
        let mut refused = Vec::new();
        let mut complete = 1;
        let mut bytes = 0;
        'pieces: for pieces in 2..=max_pieces.min(MAX_PIECES) {
            let order = Material::solving_order(pieces);
            for material in order.into_iter().filter(|m| m.pieces() == pieces) {
                let path = dir.join(material.file_name());
                if !path.exists() {
                    break 'pieces;
                }
                match file::map(&path, R::VARIANT, material, indexer.size(material)) {
                    Ok(codes) => {
                        bytes += codes.len() as u64;
                        slices[material.code()] = Some(codes);
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
                    bytes -= s.len() as u64;
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
        VariantTables::load::<R>(self.dir, self.max_pieces)
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
