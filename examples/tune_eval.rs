//! Tunes one board family's evaluation weights on self-play games (Texel's method).
//!
//! 1. Reads the quiet positions of self-play games with their results, as
//!    `draughts-api replay` prints them from games files (`game result value FEN [label]` a line).
//! 2. Fits the scale `k` that maps an evaluation to an expected result,
//!    `1 / (1 + 10^(-k * eval / 400))`, with the weights `evaluate` uses now.
//! 3. Changes one weight at a time by a step up or down while that lowers the mean squared
//!    error between expected and actual results, then halves the steps, until no step helps.
//!
//! It prints the error before and after and the weights found, to be copied into
//! `src/engine/eval.rs` by hand and then checked in matches (bench/match.sh):
//! a lower error on self-play positions is a hint, not proof of a stronger engine.
//!
//!     draughts-api replay data/selfplay/international/*.games.gz > /tmp/international.txt
//!     cargo run --release --example tune_eval -- international /tmp/international.txt king,sole_king
//!
//! Weights named in the comma-separated third argument keep their values.

use draughts_api::engine::eval::{evaluate_with, Weights};
use draughts_api::engine::family::Family;
use draughts_api::rules::ruleset::{English, International, Russian};
use draughts_api::rules::{Color, Position, Rules};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(variant), Some(file)) = (args.first(), args.get(1)) else {
        eprintln!("usage: tune_eval <international|russian|english> <selfplay file> [fixed weights]");
        return;
    };
    let fixed: Vec<&str> = args.get(2).map_or(Vec::new(), |a| a.split(',').collect());
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("cannot read {file}: {e}");
            return;
        }
    };
    match variant.as_str() {
        "international" => tune::<International>(&read_samples(&text), &fixed),
        "russian" => tune::<Russian>(&read_samples(&text), &fixed),
        "english" => tune::<English>(&read_samples(&text), &fixed),
        other => eprintln!("unknown variant {other:?}: international, russian or english"),
    }
}

/// A quiet position and the result of its game for White (1, 0.5 or 0).
type Sample<R> = (Position<R>, f64);

fn tune<R: Rules>(samples: &[Sample<R>], fixed: &[&str]) {
    println!("{} quiet positions", samples.len());

    let family = Family::of::<R>();
    let start = Weights::of(family).to_array();
    let k = fit_scale::<R>(samples, &Weights::of(family));
    let before = error::<R>(samples, &Weights::of(family), k);
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
                let e = error::<R>(samples, &Weights::from_array(trial), k);
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

/// The samples of `draughts-api replay` lines (`game result value FEN [label]`).
fn read_samples<R: Rules>(text: &str) -> Vec<Sample<R>> {
    text.lines()
        .filter_map(|line| {
            let mut fields = line.split_whitespace();
            let result = fields.nth(1)?.parse().ok()?;
            Some((Position::<R>::from_fen(fields.nth(1)?).ok()?, result))
        })
        .collect()
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
