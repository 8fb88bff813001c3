//! `self_play`: games of the engine against itself from random openings, each quiet position
//! recorded with the game's result and its static value: training data for the evaluation.

use core::sync::atomic::AtomicBool;
use core::time::Duration;
use std::time::Instant;

use super::depth::Depth;
use super::eval::evaluate;
use super::search::{search, Limits, TableUse};
use crate::rules::{movegen, Color, Game, GameRules, Position, Rules, Status};

/// How the games are played.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    /// How many games.
    pub games: u32,
    /// The depth each move is searched to.
    pub depth: u32,
    /// Random plies that open each game (drawn again until the pieces are even and no capture
    /// is due).
    pub opening_plies: u32,
    /// Each root move's score is shifted by up to this much at random, so that games vary.
    pub noise: i32,
    /// The seed of every random choice.
    pub seed: u64,
}

/// One recorded position.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The position, as PDN FEN.
    pub fen: String,
    /// Its static value for White, in hundredths of a man.
    pub eval: i32,
    /// White's score in the game it came from: 1, ½ or 0.
    pub result: f32,
}

/// Plies after which a game is scored a draw, should the draw rules not have ended it.
const MAX_PLIES: usize = 400;

/// Plays `settings.games` games of `R` and hands each game's records to `sink`.
pub fn self_play<R: Rules>(settings: &SelfPlay, mut sink: impl FnMut(&[Record])) {
    let mut rng = fastrand::Rng::with_seed(settings.seed);
    let cancel = AtomicBool::new(false);
    let far = Instant::now() + Duration::from_secs(365 * 24 * 3600);
    let mut records = Vec::new();
    for _ in 0..settings.games {
        let mut game = opening::<R>(settings.opening_plies, &mut rng);
        records.clear();
        while !game.status().is_over() && game.moves().len() < MAX_PLIES {
            let position = *game.position();
            if !movegen::any_capture(&position) {
                let eval = evaluate(&position);
                let eval = if position.side_to_move() == Color::White { eval } else { -eval };
                records.push(Record { fen: position.to_fen(), eval, result: 0.5 });
            }
            let limits = Limits {
                max_depth: Depth::plies(settings.depth),
                deadline: far,
                cancel: &cancel,
                noise: settings.noise,
                seed: rng.u64(..),
                table: TableUse::Kept,
                endgames: None,
                score_matters: false,
            };
            let Some(found) = search(&game, &limits) else { break };
            if game.play(&found.best).is_err() {
                break;
            }
        }
        let result = match game.status() {
            Status::Win { winner: Color::White, .. } => 1.0,
            Status::Win { winner: Color::Black, .. } => 0.0,
            _ => 0.5,
        };
        for record in &mut records {
            record.result = result;
        }
        sink(&records);
    }
}

/// A game after `plies` random moves from the start that leave the pieces even, no capture due
/// and the game going on.
fn opening<R: Rules>(plies: u32, rng: &mut fastrand::Rng) -> Game<R> {
    let start = Position::<R>::start();
    loop {
        let mut game = Game::new(start, GameRules::of::<R>());
        for _ in 0..plies {
            let moves = game.legal_moves();
            let Some(mv) = moves.as_slice().get(rng.usize(..moves.len().max(1))).copied() else { break };
            if game.play(&mv).is_err() {
                break;
            }
        }
        let position = game.position();
        let even = position.pieces(Color::White).count() == position.pieces(Color::Black).count();
        if even && !movegen::any_capture(position) && !game.status().is_over() {
            return game;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ruleset::English;

    #[test]
    fn games_end_and_every_record_is_a_quiet_position_with_the_games_result() {
        let settings = SelfPlay { games: 3, depth: 3, opening_plies: 4, noise: 10, seed: 7 };
        let mut games = 0;
        self_play::<English>(&settings, |records| {
            games += 1;
            assert!(!records.is_empty());
            let result = records[0].result;
            assert!([0.0, 0.5, 1.0].contains(&result));
            for record in records {
                assert_eq!(record.result, result);
                let position = Position::<English>::from_fen(&record.fen).expect("a FEN it wrote");
                assert!(!movegen::any_capture(&position));
                let eval = evaluate(&position);
                let white = if position.side_to_move() == Color::White { eval } else { -eval };
                assert_eq!(record.eval, white);
            }
        });
        assert_eq!(games, 3);
    }
}
