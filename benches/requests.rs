//! What one game request costs in the service, without HTTP: replaying a 60-move English
//! history, and listing the legal moves with their notation. `cargo bench --bench requests`.

use criterion::{criterion_group, criterion_main, Criterion};
use draughts_api::rules::ruleset::English;
use draughts_api::rules::Variant;
use draughts_api::service::{legal_moves, replay::replay, GameRequest};

include!("data/english_history.rs");

fn requests(c: &mut Criterion) {
    let start = GameRequest::start(Variant::English);
    let midgame = start.clone().with_moves(&HISTORY);
    c.bench_function("legal-moves answer, start position", |b| b.iter(|| legal_moves(&start).unwrap()));
    c.bench_function("legal-moves answer, 60-move history", |b| b.iter(|| legal_moves(&midgame).unwrap()));
    c.bench_function("replay only, 60-move history", |b| b.iter(|| replay::<English>(&midgame).unwrap()));
}

criterion_group!(benches, requests);
criterion_main!(benches);
