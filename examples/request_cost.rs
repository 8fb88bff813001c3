//! Runs one game request a given number of times, for counting its instructions with
//! callgrind, which unlike timings do not depend on the machine's load: `bench/instructions.sh`
//! runs it with 0 and with N repetitions and prints the difference / N.
//!
//!     cargo run --release --example request_cost -- <request> <repetitions>
//!
//! Requests: `start`, `midgame` (the legal-moves answer for the start position and for a
//! 60-ply history, in the service), `replay` (that history replayed alone), and `json-start`,
//! `json-midgame` (the same two legal-moves requests as the HTTP layer handles them without
//! actix: the JSON body read by serde, the answer, the answer written by serde).

use draughts_api::http::dto::{GameBody, LegalMovesBody};
use draughts_api::http::extract::read_json;
use draughts_api::rules::ruleset::English;
use draughts_api::rules::Variant;
use draughts_api::service::{legal_moves, replay::replay, GameRequest};

include!("../benches/data/english_history.rs");

/// The legal-moves request's JSON body, read and answered as the HTTP layer does; the length
/// of the answer.
fn answer_json(body: &[u8]) -> usize {
    let body: LegalMovesBody = read_json(body).expect("the body reads");
    let game = body.into_parts().0.check(10_000).expect("the game is well formed");
    let answer = legal_moves(&game).expect("the request replays");
    serde_json::to_vec(&answer).expect("the answer writes").len()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let which = args.next().unwrap_or_default();
    let repetitions: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let start = GameRequest::start(Variant::English);
    let midgame = start.clone().with_moves(&HISTORY);
    let start_json = br#"{"variant":"english"}"#.to_vec();
    let midgame_json = serde_json::to_vec(&serde_json::json!({"variant": "english", "moves": &HISTORY[..]}))
        .expect("the history writes as JSON");
    let mut total = 0;
    for _ in 0..repetitions {
        total += match which.as_str() {
            "start" => legal_moves(&start).map(|answer| answer.position.moves.len()),
            "midgame" => legal_moves(&midgame).map(|answer| answer.position.moves.len()),
            "replay" => replay::<English>(&midgame).map(|game| game.moves().len()),
            "json-start" => Ok(answer_json(&start_json)),
            "json-midgame" => Ok(answer_json(&midgame_json)),
            other => {
                eprintln!("unknown request {other:?}: start, midgame, replay, json-start or json-midgame");
                std::process::exit(2);
            }
        }
        .expect("the request replays");
    }
    println!("{which}: {repetitions} repetitions, total {total}");
}
