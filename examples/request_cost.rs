//! Runs one game request of the rules core (no HTTP) a given number of times, for counting its
//! instructions with callgrind, which unlike timings do not depend on the machine's load:
//! `bench/instructions.sh` runs it with 0 and with N repetitions and prints the difference / N.
//!
//!     cargo run --release --example request_cost -- <start|midgame|replay> <repetitions>

use draughts_api::rules::ruleset::English;
use draughts_api::rules::view::{GameRequest, RuleOverrides};
use draughts_api::rules::Variant;

include!("../benches/data/english_history.rs");

fn main() {
    let mut args = std::env::args().skip(1);
    let which = args.next().unwrap_or_default();
    let repetitions: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let start = GameRequest { variant: Variant::English, fen: None, moves: &[], rules: RuleOverrides::default() };
    let midgame = GameRequest { moves: &HISTORY, ..start };
    let mut moves = 0;
    for _ in 0..repetitions {
        moves += match which.as_str() {
            "start" => start.view(None).map(|view| view.moves.len()),
            "midgame" => midgame.view(None).map(|view| view.moves.len()),
            "replay" => midgame.replay::<English>().map(|game| game.moves().len()),
            other => {
                eprintln!("unknown request {other:?}: start, midgame or replay");
                std::process::exit(2);
            }
        }
        .expect("the request replays");
    }
    println!("{which}: {repetitions} repetitions, {moves} moves");
}
