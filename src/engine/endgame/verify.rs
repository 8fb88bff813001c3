//! `verify`: the packed files of a variant checked against the build's one-byte working files,
//! through the probes the service uses (capture positions resolved by their captures).
//!
//! Every position's result is checked by the result probe. Distances are checked by the
//! distance probe, which inflates a block per position, on every `distance_every`-th index
//! (1: all of them).

use std::path::Path;

use super::builder::variant_dir;
use super::file::{self, Kind};
use super::index::Indexer;
use super::material::Material;
use super::tables::VariantTables;
use super::value::Value;
use crate::rules::Rules;

/// What a verification looked at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Verified {
    /// Positions whose result was checked.
    pub results: u64,
    /// Of those, positions whose side to move has a capture (not stored, resolved).
    pub captures: u64,
    /// Positions whose distance was checked.
    pub distances: u64,
}

/// Checks every slice of up to `max_pieces` pieces of `R` packed under `dir` against its
/// working file there; the first disagreement, or what was checked. `progress` is told of
/// indexes looked at, a slice at a time.
pub fn verify<R: Rules>(
    dir: &Path,
    max_pieces: u32,
    distance_every: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<Verified, String> {
    let (tables, refused) = VariantTables::load::<R>(dir, max_pieces);
    if let Some(e) = refused.first() {
        return Err(e.to_string());
    }
    let tables = tables.filter(|t| t.max_pieces() == max_pieces).ok_or("the packed files are incomplete")?;
    let indexer = Indexer::of::<R>();
    let variant_dir = variant_dir(dir, R::VARIANT);
    let mut verified = Verified::default();
    for material in Material::solving_order(max_pieces) {
        let size = indexer.size(material);
        let codes = file::read(&Kind::Codes.path(&variant_dir, material), R::VARIANT, material, size)
            .map_err(|e| e.to_string())?;
        for (index, &code) in codes.iter().enumerate() {
            let (Some(expected), Some(pieces)) = (Value::decode(code), indexer.pieces_at(index as u64, material))
            else {
                continue;
            };
            let position = pieces.position::<R>();
            let at = || format!("{} slice {material} index {index}", R::VARIANT);
            let result = tables.probe_wdl(&position);
            if result != Some(expected.wdl()) {
                return Err(format!("{}: {result:?} packed, {expected:?} in the working file", at()));
            }
            verified.results += 1;
            verified.captures += crate::rules::movegen::any_capture(&position) as u64;
            if (index as u64).is_multiple_of(distance_every) {
                let value = tables.probe(&position);
                if value != Some(expected) {
                    return Err(format!("{}: {value:?} packed, {expected:?} in the working file", at()));
                }
                verified.distances += 1;
            }
        }
        progress(size);
    }
    Ok(verified)
}
