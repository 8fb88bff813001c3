//! The replay cache (`REPLAY_CACHE_MB`): a game asked about request by request gets the same
//! answers, errors included, with the cache as without it, and its later requests find the games
//! kept for the earlier ones.

use serde_json::{json, Value};

use crate::helpers::{metric, spawn_app, spawn_app_with, TestApp};

/// The value of an unlabelled counter in `/metrics`.
async fn counter(app: &TestApp, name: &str) -> f64 {
    metric(&app.get("/metrics").await.text().await.expect("a body"), name)
}

/// `POST path` on both servers; the status and JSON body, checked to be the same.
async fn same_answer(cached: &TestApp, uncached: &TestApp, path: &str, body: &Value) -> (u16, Value) {
    let mut answers = Vec::new();
    for app in [cached, uncached] {
        let response = app.post_json(path, body).await;
        let status = response.status().as_u16();
        answers.push((status, response.json::<Value>().await.expect("a JSON body")));
    }
    assert_eq!(answers[0], answers[1], "{path} {body}");
    answers.swap_remove(0)
}

#[tokio::test]
async fn a_game_asked_about_move_by_move_answers_the_same_with_and_without_the_replay_cache() {
    // Arrange
    let cached = spawn_app().await;
    let uncached = spawn_app_with(|config| config.replay_cache_mb = 0).await;
    let mut moves: Vec<String> = Vec::new();

    // Act: each ply, the legal moves, then one of them applied, as a front end asks.
    for ply in 0..40 {
        let game = json!({"variant": "english", "moves": moves});
        let (status, answer) = same_answer(&cached, &uncached, "/v1/legal-moves", &game).await;
        assert_eq!(status, 200, "{answer}");
        let legal = answer["moves"].as_array().expect("a list of moves");
        if legal.is_empty() {
            break;
        }
        let choice = legal[ply * 7 % legal.len()]["notation"].as_str().expect("a notation").to_owned();
        let apply = json!({"variant": "english", "moves": moves, "move": choice});
        let (status, answer) = same_answer(&cached, &uncached, "/v1/apply-move", &apply).await;
        assert_eq!(status, 200, "{answer}");
        moves.push(choice);
    }
    // A bad move after a kept history, and a history changed in the middle.
    let mut bad = moves.clone();
    bad.push("1-2".to_owned());
    let (status, answer) =
        same_answer(&cached, &uncached, "/v1/legal-moves", &json!({"variant": "english", "moves": bad})).await;
    assert_eq!((status, answer["code"].as_str()), (422, Some("illegal_move")), "{answer}");
    let mut changed = moves.clone();
    changed[moves.len() / 2] = "9-13".to_owned();
    same_answer(&cached, &uncached, "/v1/legal-moves", &json!({"variant": "english", "moves": changed})).await;

    // Assert
    assert!(moves.len() >= 20, "the game went on: {moves:?}");
    assert!(counter(&cached, "draughts_replay_cache_hits_total").await >= moves.len() as f64);
    assert!(counter(&cached, "draughts_replay_cache_misses_total").await > 0.0);
    assert_eq!(counter(&uncached, "draughts_replay_cache_hits_total").await, 0.0);
    assert_eq!(counter(&uncached, "draughts_replay_cache_misses_total").await, 0.0);
}
