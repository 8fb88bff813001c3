//! `pack`: a solved slice's one-byte codes turned into the two files the service maps: the
//! win/draw/loss runs ([`super::wdl_runs`]) and the compressed codes with their distances
//! ([`super::distance_blocks`]), block by block ([`super::blocks`]).
//!
//! Only positions whose side to move has no capture are stored; the others (a quarter of them
//! in english up to 5 pieces) are "don't care" and the probe resolves them by playing their
//! captures into smaller slices ([`super::tables`]), as Scan and Kingsrow do.

use super::blocks::{BlockWriter, BLOCK};
use super::index::Indexer;
use super::material::Material;
use super::value::{Value, Wdl, NO_POSITION};
use super::{distance_blocks, wdl_runs};
use crate::rules::movegen::any_capture;
use crate::rules::Rules;

/// A slice's two packed payloads.
#[derive(Debug)]
pub struct Packed {
    /// Win, draw or loss, in runs.
    pub wdl: Vec<u8>,
    /// The codes with their distances, compressed.
    pub distances: Vec<u8>,
}

/// Packs the codes of the slice `material` of the variant `R`; `progress` is told of indexes
/// packed, a block at a time.
pub fn pack<R: Rules>(indexer: &Indexer, material: Material, codes: &[u8], progress: &mut dyn FnMut(u64)) -> Packed {
    let (mut wdl, mut distances) = (BlockWriter::default(), BlockWriter::default());
    let mut stored: Vec<Option<u8>> = Vec::with_capacity(BLOCK as usize);
    let mut results: Vec<Option<Wdl>> = Vec::with_capacity(BLOCK as usize);
    for (block, chunk) in codes.chunks(BLOCK as usize).enumerate() {
        stored.clear();
        for (place, &code) in chunk.iter().enumerate() {
            let index = block as u64 * BLOCK + place as u64;
            stored.push(is_stored::<R>(indexer, material, index, code).then_some(code));
        }
        results.clear();
        results.extend(stored.iter().map(|code| code.and_then(Value::decode).map(Value::wdl)));
        wdl.push(|out| wdl_runs::encode(&results, out));
        distances.push(|out| distance_blocks::encode(&stored, out));
        progress(chunk.len() as u64);
    }
    Packed { wdl: wdl.finish(), distances: distances.finish() }
}

/// Whether the files hold the code of `index`: it stands for a position whose side to move
/// has no capture.
fn is_stored<R: Rules>(indexer: &Indexer, material: Material, index: u64, code: u8) -> bool {
    code != NO_POSITION && indexer.pieces_at(index, material).is_some_and(|p| !any_capture(&p.position::<R>()))
}
