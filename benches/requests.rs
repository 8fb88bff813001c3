//! What one game request costs in the rules core (no HTTP): replaying a 60-move English
//! history, and listing the legal moves with their notation. `cargo bench --bench requests`.

use criterion::{criterion_group, criterion_main, Criterion};
use draughts_api::rules::view::{GameRequest, RuleOverrides};
use draughts_api::rules::Variant;

include!("data/english_history.rs");

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
