//! `self_play`: games of the engine against itself from random openings, each kept as a
//! [`GameRecord`], with its quiet positions labelled by a deeper search when asked.

use core::sync::atomic::AtomicBool;
use core::time::Duration;
use std::time::Instant;

use super::record::{final_check, GameRecord, GameResult};
use crate::engine::depth::Depth;
use crate::engine::score::Outcome;
use crate::engine::search::{search, Limits, TableUse};
use crate::rules::{movegen, Color, Game, GameRules, Position, Rules};

/// How the games are played.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    /// How many games.
    pub games: u32,
    /// The depth each move is searched to.
    pub depth: u32,
    /// The depth each quiet position after the opening is searched to for its label; 0 for
    /// no labels.
    pub label_depth: u32,
    /// Random plies that open each game (drawn again until the pieces are even and no capture
    /// is due).
    pub opening_plies: u32,
    /// Each root move's score is shifted by up to this much at random, so that games vary.
    pub noise: i32,
    /// The seed of every random choice.
    pub seed: u64,
}

/// Plies after which a game is scored a draw, should the draw rules not have ended it.
pub const MAX_PLIES: usize = 400;

/// The label of a forced win (a loss is its negation): beyond every evaluation.
pub const WIN_LABEL: i16 = 10_000;

/// Plays `settings.games` games of `R` and hands each one's record to `sink`.
pub fn self_play<R: Rules>(settings: &SelfPlay, mut sink: impl FnMut(GameRecord)) {
    let mut rng = fastrand::Rng::with_seed(settings.seed);
    let cancel = AtomicBool::new(false);
    let far = Instant::now() + Duration::from_secs(365 * 24 * 3600);
    // A label is a score, so a forced move is searched as deep as any other; a move is a move.
    let limits = |depth: u32, seed: u64, noise: i32, score_matters: bool| Limits {
        max_depth: Depth::plies(depth),
        max_nodes: u64::MAX,
        deadline: far,
        target: None,
        cancel: &cancel,
        noise,
        seed,
        table: TableUse::Kept,
        endgames: None,
        score_matters,
    };
    for _ in 0..settings.games {
        let (mut game, mut moves) = opening::<R>(settings.opening_plies, &mut rng);
        let opening_plies = moves.len() as u8;
        let mut labels = Vec::new();
        while !game.status().is_over() && game.moves().len() < MAX_PLIES {
            let position = *game.position();
            if settings.label_depth > 0 && !movegen::any_capture(&position) {
                let Some(scored) = search(&game, &limits(settings.label_depth, 0, 0, true)) else { break };
                labels.push(white_label(scored.score.outcome(), position.side_to_move()));
            }
            let Some(found) = search(&game, &limits(settings.depth, rng.u64(..), settings.noise, false)) else { break };
            let legal = game.legal_moves();
            let index =
                legal.as_slice().iter().position(|mv| *mv == found.best).expect("the search plays a legal move");
            if game.play(&found.best).is_err() {
                break;
            }
            moves.push(index as u16);
        }
        let result = GameResult::of(game.status());
        let check = final_check(&game.position().to_fen());
        sink(GameRecord { opening_plies, result, moves, labels, check });
    }
}

/// A search's outcome as White's label, in hundredths of a man.
fn white_label(outcome: Outcome, mover: Color) -> i16 {
    let label = match outcome {
        Outcome::Value(value) => value.clamp(i32::from(-WIN_LABEL) + 1, i32::from(WIN_LABEL) - 1) as i16,
        Outcome::WinIn(_) => WIN_LABEL,
        Outcome::LossIn(_) => -WIN_LABEL,
    };
    if mover == Color::White {
        label
    } else {
        -label
    }
}

/// A game after `plies` random moves from the start that leave the pieces even, no capture due
/// and the game going on, with the index of each move played.
fn opening<R: Rules>(plies: u32, rng: &mut fastrand::Rng) -> (Game<R>, Vec<u16>) {
    let start = Position::<R>::start();
    loop {
        let mut game = Game::new(start, GameRules::of::<R>());
        let mut indexes = Vec::new();
        for _ in 0..plies {
            let moves = game.legal_moves();
            let index = rng.usize(..moves.len().max(1));
            let Some(mv) = moves.as_slice().get(index).copied() else { break };
            if game.play(&mv).is_err() {
                break;
            }
            indexes.push(index as u16);
        }
        let position = game.position();
        let even = position.pieces(Color::White).count() == position.pieces(Color::Black).count();
        if even && !movegen::any_capture(position) && !game.status().is_over() {
            return (game, indexes);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::selfplay::replay::replay;
    use crate::rules::ruleset::English;

    #[test]
    fn games_replay_to_their_recorded_end_with_a_label_for_each_quiet_position() {
        let settings = SelfPlay { games: 3, depth: 3, label_depth: 4, opening_plies: 4, noise: 10, seed: 7 };
        let mut games = 0;
        self_play::<English>(&settings, |record| {
            games += 1;
            assert_eq!(record.opening_plies, 4);
            assert!(!record.labels.is_empty());
            let positions = replay::<English>(&record).expect("a record it wrote replays");
            assert_eq!(positions.len(), record.labels.len());
            for replayed in &positions {
                assert!(!movegen::any_capture(&replayed.position));
                assert!(replayed.label.is_some_and(|label| label.abs() <= WIN_LABEL));
            }
        });
        assert_eq!(games, 3);
    }

    #[test]
    fn the_same_seed_plays_the_same_games() {
        let settings = SelfPlay { games: 2, depth: 2, label_depth: 0, opening_plies: 6, noise: 10, seed: 11 };
        // Each run on a new thread, so each starts from an empty kept table, as a process does.
        let play = || {
            std::thread::spawn(move || {
                let mut records = Vec::new();
                self_play::<English>(&settings, |record| records.push(record));
                records
            })
            .join()
            .expect("self-play ran")
        };
        let first = play();
        assert!(first.iter().all(|record| record.labels.is_empty()));
        assert_eq!(first, play());
    }
}
