//! `verify`: the packed files of a variant checked against the build's one-byte working files,
//! through the probes the service uses (capture positions resolved by their captures).
//!
//! Every position's result is checked by the result probe. Distances are checked by the
//! distance probe, which inflates a block per position, on every `distance_every`-th index
//! (1: all of them).

use std::path::Path;
use std::time::{Duration, Instant};

use super::file::{self, variant_dir, Kind};
use super::index::Indexer;
use super::material::Material;
use super::tables::VariantTables;
use super::value::Value;
use crate::rules::movegen::any_capture;
use crate::rules::Rules;

/// Positions probed together, between two readings of the clock.
const BATCH: usize = 4096;

/// What a verification looked at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Verified {
    /// Positions whose result was checked.
    pub results: u64,
    /// Of those, positions whose side to move has a capture (not stored, resolved).
    pub captures: u64,
    /// Positions whose distance was checked.
    pub distances: u64,
    /// Time spent in the result probes, all together.
    pub result_time: Duration,
    /// Time spent in the distance probes, all together.
    pub distance_time: Duration,
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
    let (tables, refused) = VariantTables::load::<R>(dir, max_pieces, false);
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
        let mut batch = Vec::with_capacity(BATCH);
        for (chunk, codes) in codes.chunks(BATCH).enumerate() {
            batch.clear();
            batch.extend(codes.iter().enumerate().filter_map(|(place, &code)| {
                let index = (chunk * BATCH + place) as u64;
                let pieces = indexer.pieces_at(index, material)?;
                Some((index, pieces.position::<R>(), Value::decode(code)?))
            }));
            let at = |index: u64| format!("{} slice {material} index {index}", R::VARIANT);
            let started = Instant::now();
            let results: Vec<_> = batch.iter().map(|(_, position, _)| tables.probe_wdl(position)).collect();
            verified.result_time += started.elapsed();
            for ((index, position, expected), result) in batch.iter().zip(results) {
                if result != Some(expected.wdl()) {
                    return Err(format!("{}: {result:?} packed, {expected:?} in the working file", at(*index)));
                }
                verified.results += 1;
                verified.captures += any_capture(position) as u64;
            }
            let sampled: Vec<_> = batch.iter().filter(|(index, _, _)| index.is_multiple_of(distance_every)).collect();
            let started = Instant::now();
            let values: Vec<_> = sampled.iter().map(|(_, position, _)| tables.probe(position)).collect();
            verified.distance_time += started.elapsed();
            for ((index, _, expected), value) in sampled.iter().zip(values) {
                if value != Some(*expected) {
                    return Err(format!("{}: {value:?} packed, {expected:?} in the working file", at(*index)));
                }
                verified.distances += 1;
            }
        }
        progress(size);
    }
    Ok(verified)
}
