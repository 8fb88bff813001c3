//! Runs one game request a given number of times, for counting its instructions with
//! callgrind, which unlike timings do not depend on the machine's load: `bench/instructions.sh`
//! runs it with 0 and with N repetitions and prints the difference / N.
//!
//!     cargo run --release --example request_cost -- <request> <repetitions>
//!
//! Requests: `start`, `midgame` (the legal-moves view of the start position and of a 60-ply
//! history, in the rules core), `replay` (that history replayed alone), `memo-whole` and
//! `memo-next` (the view of that history with a replay memo holding the whole history, or all
//! but its last move), and `json-start`, `json-midgame` (the same two legal-moves requests as
//! the HTTP layer handles them without actix: the JSON body read, the view, the answer written
//! as JSON).

use draughts_api::http::dto::{read_body, CheckedGame, GameBody, LegalMovesResponse};
use std::sync::Arc;

use draughts_api::rules::replay_memo::{ReplayMemo, Replayed};
use draughts_api::rules::ruleset::English;
use draughts_api::rules::view::{GameRequest, RuleOverrides};
use draughts_api::rules::Variant;

include!("../benches/data/english_history.rs");

/// The legal-moves request's JSON body, read as `http::body::GameJson` reads it and answered
/// as `routes::game::legal_moves` answers it;
/// the length of the answer.
fn answer_json(body: &[u8]) -> usize {
    let body: GameBody = read_body(body).expect("the body reads");
    let game = CheckedGame::new(&body.variant, body.fen.as_deref(), &body.moves, body.rules.as_ref(), 10_000)
        .expect("the game is well formed");
    let answer = LegalMovesResponse::from(game.request().view(None).expect("the request replays"));
    let mut out = Vec::with_capacity(2048);
    serde_json::to_writer(&mut out, &answer).expect("the answer writes");
    out.len()
}

/// A memo holding one game, found under every key, that keeps nothing more: each request
/// starts from the same game.
struct OneGame(Arc<Replayed>);

impl ReplayMemo for OneGame {
    fn recall(&self, _: u64) -> Option<Arc<Replayed>> {
        Some(self.0.clone())
    }

    fn keep(&self, _: u64, _: Arc<Replayed>) {}
}

/// The memo holding `request`'s game after its first `plies` moves.
fn memo_of(request: &GameRequest<'_>, plies: usize) -> OneGame {
    let prefix = GameRequest { moves: &request.moves[..plies], ..*request };
    let game = prefix.replay::<English>().expect("the history replays");
    OneGame(Arc::new(Replayed::new(&prefix, game)))
}

fn main() {
    let mut args = std::env::args().skip(1);
    let which = args.next().unwrap_or_default();
    let repetitions: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let start = GameRequest { variant: Variant::English, fen: None, moves: &[], rules: RuleOverrides::default() };
    let midgame = GameRequest { moves: &HISTORY, ..start };
    let start_json = br#"{"variant":"english"}"#.to_vec();
    let midgame_json = serde_json::to_vec(&serde_json::json!({"variant": "english", "moves": &HISTORY[..]}))
        .expect("the history writes as JSON");
    let whole = memo_of(&midgame, HISTORY.len());
    let all_but_last = memo_of(&midgame, HISTORY.len() - 1);
    let mut total = 0;
    for _ in 0..repetitions {
        total += match which.as_str() {
            "start" => start.view(None).map(|view| view.moves.len()),
            "midgame" => midgame.view(None).map(|view| view.moves.len()),
            "replay" => midgame.replay::<English>().map(|game| game.moves().len()),
            "memo-whole" => midgame.view_with(Some(&whole), None).map(|view| view.moves.len()),
            "memo-next" => midgame.view_with(Some(&all_but_last), None).map(|view| view.moves.len()),
            "json-start" => Ok(answer_json(&start_json)),
            "json-midgame" => Ok(answer_json(&midgame_json)),
            other => {
                eprintln!("unknown request {other:?}: start, midgame, replay, memo-whole, memo-next, json-start or json-midgame");
                std::process::exit(2);
            }
        }
        .expect("the request replays");
    }
    println!("{which}: {repetitions} repetitions, total {total}");
}
