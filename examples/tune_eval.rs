//! Tunes one board family's evaluation weights on self-play games (Texel's method).
//!
//! 1. Plays `<games>` games of the variant against itself at a fixed depth, each from the
//!    start position after a few random plies, and keeps every quiet position (no capture for
//!    either side) with the game's result.
//! 2. Fits the scale `k` that maps an evaluation to an expected result,
//!    `1 / (1 + 10^(-k * eval / 400))`, with the weights `evaluate` uses now.
//! 3. Changes one weight at a time by a step up or down while that lowers the mean squared
//!    error between expected and actual results, then halves the steps, until no step helps.
//!
//! It prints the error before and after and the weights found, to be copied into
//! `src/engine/eval.rs` by hand and then checked in matches (bench/match.sh):
//! a lower error on self-play positions is a hint, not proof of a stronger engine.
//!
//!     cargo run --release --example tune_eval -- <variant> <games> <depth> [fixed weights] [samples file]
//!     cargo run --release --example tune_eval -- international 3000 6 king,sole_king /tmp/international.txt
//!
//! Weights named in the comma-separated fourth argument keep their values. With a fifth
//! argument, the samples are read from that file if it exists (one `result FEN` per line),
//! and written to it otherwise.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use draughts_api::engine::eval::{evaluate_with, Family, Weights};
use draughts_api::engine::search::{search, Limits};
use draughts_api::engine::tt::Table;
use draughts_api::rules::movegen::captures_noting_quiet;
use draughts_api::rules::ruleset::{English, International, Russian};
use draughts_api::rules::{Color, Game, GameRules, MoveList, Position, Rules, Status};

/// Plies played at random before the engine takes over, so that games differ.
const RANDOM_PLIES: usize = 6;
/// Games still going after this many plies count as draws.
const MAX_PLIES: usize = 250;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant = args.first().map_or("international", String::as_str);
    let games = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let depth = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(5);
    let fixed: Vec<&str> = args.get(3).map_or(Vec::new(), |a| a.split(',').collect());
    let file = args.get(4).map(String::as_str);
    match variant {
        "international" => tune::<International>(games, depth, &fixed, file),
        "russian" => tune::<Russian>(games, depth, &fixed, file),
        "english" => tune::<English>(games, depth, &fixed, file),
        other => eprintln!("unknown variant {other:?}: international, russian or english"),
    }
}

/// A quiet position and the result of its game for White (1, 0.5 or 0).
type Sample<R> = (Position<R>, f64);

fn tune<R: Rules>(games: usize, depth: u32, fixed: &[&str], file: Option<&str>) {
    let samples = match file.and_then(|f| std::fs::read_to_string(f).ok()) {
        Some(text) => read_samples::<R>(&text),
        None => {
            let samples = play_samples::<R>(games, depth);
            if let Some(file) = file {
                let text: String = samples.iter().map(|(p, r)| format!("{r} {}\n", p.to_fen())).collect();
                std::fs::write(file, text).expect("the samples file can be written");
            }
            samples
        }
    };

    println!("{} quiet positions", samples.len());

    let family = Family::of::<R>();
    let start = Weights::of(family).to_array();
    let k = fit_scale::<R>(&samples, &Weights::of(family));
    let before = error::<R>(&samples, &Weights::of(family), k);
    println!("scale k = {k:.3}, error {before:.6}");
    let mut best = start;
    let mut best_error = before;
    let mut steps: Vec<i32> = start
        .iter()
        .zip(Weights::NAMES)
        .map(|(w, name)| if fixed.contains(&name) { 0 } else { (w.abs() / 4).max(2) })
        .collect();
    while steps.iter().any(|&s| s > 0) {
        let mut improved = false;
        for i in 0..best.len() {
            if steps[i] == 0 {
                continue;
            }
            for sign in [1, -1] {
                let mut trial = best;
                trial[i] = (trial[i] + sign * steps[i]).max(0);
                let e = error::<R>(&samples, &Weights::from_array(trial), k);
                if e < best_error {
                    best = trial;
                    best_error = e;
                    improved = true;
                    break;
                }
            }
        }
        if !improved {
            for s in &mut steps {
                *s /= 2;
            }
        }
    }
    println!("error {before:.6} -> {best_error:.6}");
    for (name, (old, new)) in Weights::NAMES.iter().zip(start.iter().zip(best)) {
        println!("{name:>16}: {old:>5} -> {new:>5}");
    }
}

/// The samples of `games` self-play games at `depth`, played on every core.
fn play_samples<R: Rules>(games: usize, depth: u32) -> Vec<Sample<R>> {
    let started = Instant::now();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let samples: Vec<Sample<R>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut table = Table::new(1 << 18);
                    (t..games)
                        .step_by(threads)
                        .flat_map(|g| self_play::<R>(g as u64, depth, &mut table))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().expect("a self-play thread")).collect()
    });
    println!("{games} games at depth {depth} in {:.0?}", started.elapsed());
    samples
}

/// Samples written as `result FEN` lines.
fn read_samples<R: Rules>(text: &str) -> Vec<Sample<R>> {
    text.lines()
        .filter_map(|line| {
            let (result, fen) = line.split_once(' ')?;
            Some((Position::<R>::from_fen(fen).ok()?, result.parse().ok()?))
        })
        .collect()
}

/// One self-play game: its quiet positions after the random opening, with its result.
fn self_play<R: Rules>(seed: u64, depth: u32, table: &mut Table) -> Vec<Sample<R>> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut game = Game::new(Position::<R>::start(), GameRules::of::<R>());
    let cancel = AtomicBool::new(false);
    let mut positions = Vec::new();
    while game.status() == Status::Ongoing && game.moves().len() < MAX_PLIES {
        let legal = game.legal_moves();
        let mv = if game.moves().len() < RANDOM_PLIES {
            legal.as_slice()[rng.usize(..legal.len())]
        } else {
            if quiet(game.position()) {
                positions.push(*game.position());
            }
            let limits = Limits {
                max_depth: depth,
                deadline: Instant::now() + Duration::from_secs(60),
                cancel: &cancel,
                noise: 0,
                seed,
            };
            match search(&game, &limits, table) {
                Some(result) => result.best,
                None => break,
            }
        };
        if game.play(&mv).is_err() {
            break;
        }
    }
    let result = match game.status() {
        Status::Win { winner: Color::White, .. } => 1.0,
        Status::Win { winner: Color::Black, .. } => 0.0,
        _ => 0.5,
    };
    positions.into_iter().map(|p| (p, result)).collect()
}

/// Whether neither side could capture in `position`.
fn quiet<R: Rules>(position: &Position<R>) -> bool {
    let mut captures = MoveList::new();
    captures_noting_quiet(position, true, &mut captures);
    if !captures.is_empty() {
        return false;
    }
    captures_noting_quiet(&position.with_other_side_to_move(), true, &mut captures);
    captures.is_empty()
}

/// The evaluation of `position` for White.
fn white_eval<R: Rules>(position: &Position<R>, weights: &Weights) -> f64 {
    let score = evaluate_with(position, weights) as f64;
    match position.side_to_move() {
        Color::White => score,
        Color::Black => -score,
    }
}

/// The mean squared error between the results and the evaluations' expected results.
fn error<R: Rules>(samples: &[Sample<R>], weights: &Weights, k: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|(position, result)| {
            let expected = 1.0 / (1.0 + 10f64.powf(-k * white_eval(position, weights) / 400.0));
            (result - expected).powi(2)
        })
        .sum();
    sum / samples.len().max(1) as f64
}

/// The scale that fits the current weights best (golden-section search on 0.05..5).
fn fit_scale<R: Rules>(samples: &[Sample<R>], weights: &Weights) -> f64 {
    let (mut low, mut high) = (0.05f64, 5.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if error::<R>(samples, weights, a) < error::<R>(samples, weights, b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}
