//! What one game request costs in the rules core (no HTTP): replaying a 60-move English
//! history, and listing the legal moves with their notation. `cargo bench --bench requests`.

use criterion::{criterion_group, criterion_main, Criterion};
use draughts_api::rules::view::{GameRequest, RuleOverrides};
use draughts_api::rules::Variant;

/// A 60-ply English game (bench/load.sh plays the same kind of history over HTTP).
const HISTORY: [&str; 60] = [
    "10-15", "23-18", "9-14", "18x9", "6x13", "24-19", "15x24", "28x19", "11-15", "19x10", "7x14", "26-23", "8-11",
    "23-19", "5-9", "27-23", "4-8", "23-18", "14x23", "30-26", "23x30", "22-18", "9-14", "18x9", "11-15", "19x10",
    "3-7", "10x3", "8-11", "25-22", "11-16", "22-18", "13-17", "21x14", "16-19", "18-15", "12-16", "15-11", "16-20",
    "14-10", "19-23", "11-7", "2x11", "10-7", "20-24", "29-25", "30x21", "31-26", "23x30", "9-6", "1x10", "32-27",
    "24x31", "7-2", "21-25", "3-7", "25-22", "7x16", "22-26", "16-12",
];

fn requests(c: &mut Criterion) {
    let start = GameRequest { variant: Variant::English, fen: None, moves: &[], rules: RuleOverrides::default() };
    let midgame = GameRequest { moves: &HISTORY, ..start };
    c.bench_function("legal-moves view, start position", |b| b.iter(|| start.view(None).unwrap()));
    c.bench_function("legal-moves view, 60-move history", |b| b.iter(|| midgame.view(None).unwrap()));
    c.bench_function("replay only, 60-move history", |b| {
        b.iter(|| midgame.replay::<draughts_api::rules::ruleset::English>().unwrap())
    });
}

criterion_group!(benches, requests);
criterion_main!(benches);
