//! Whole games through `apply-move`: wins and draws as the API reports them.

use serde_json::{json, Value};

use crate::helpers::spawn_app;

#[tokio::test]
async fn taking_the_last_piece_wins_by_no_pieces() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let body = app.apply_move(&json!({"variant": "english", "fen": "B:W22:B18", "move": "18x25"})).await;

    // Assert
    assert_eq!(body["move"]["captures"], json!([22]));
    assert_eq!(body["status"], json!({"state": "win", "winner": "black", "reason": "no_pieces"}));
    assert_eq!(body["moves"], json!([]));
}

#[tokio::test]
async fn a_short_scripted_game_ends_in_a_win_by_no_pieces() {
    // Arrange
    let app = spawn_app().await;
    let fen = "W:W22,30:B10,14";
    let script = ["30-26", "14-18", "22x15x6"];
    let mut history: Vec<&str> = Vec::new();
    let mut last = Value::Null;

    // Act
    for (ply, mv) in script.into_iter().enumerate() {
        last = app.apply_move(&json!({"variant": "english", "fen": fen, "moves": history, "move": mv})).await;
        history.push(mv);
        if ply + 1 < script.len() {
            assert_eq!(last["status"], json!({"state": "ongoing"}), "after {mv}");
            assert!(!last["moves"].as_array().unwrap().is_empty(), "after {mv}");
        }
    }

    // Assert
    assert_eq!(last["status"], json!({"state": "win", "winner": "white", "reason": "no_pieces"}));
    assert_eq!(last["moves"], json!([]));
    assert_eq!(last["move"]["captures"], json!([18, 10]));
    let after = app.legal_moves(&json!({"variant": "english", "fen": fen, "moves": history})).await;
    assert_eq!(after["status"], last["status"]);
    assert_eq!(after["moves"], json!([]));
}

#[tokio::test]
async fn a_side_that_cannot_move_has_lost_by_no_moves() {
    // Arrange: black's only man on 28 is blocked by white's man on 32.
    let app = spawn_app().await;

    // Act
    let body = app.legal_moves(&json!({"variant": "english", "fen": "B:W32:B28"})).await;

    // Assert
    assert_eq!(body["status"], json!({"state": "win", "winner": "white", "reason": "no_moves"}));
    assert_eq!(body["moves"], json!([]));
}

#[tokio::test]
async fn a_whole_game_from_the_start_played_by_first_replies_ends() {
    // Arrange
    let app = spawn_app().await;
    let start = app.legal_moves(&json!({"variant": "english"})).await;
    let mut next = start["moves"][0]["notation"].as_str().unwrap().to_owned();
    let mut history: Vec<String> = Vec::new();
    let mut last = Value::Null;

    // Act
    for _ in 0..300 {
        last = app.apply_move(&json!({"variant": "english", "moves": history, "move": next})).await;
        assert_eq!(last["move"]["notation"], next.as_str());
        history.push(next.clone());
        if last["status"]["state"] != "ongoing" {
            break;
        }
        let moves = last["moves"].as_array().unwrap();
        assert!(!moves.is_empty(), "an ongoing game has moves: {last}");
        next = moves[0]["notation"].as_str().unwrap().to_owned();
    }

    // Assert
    let state = last["status"]["state"].as_str().unwrap();
    assert!(state == "win" || state == "draw", "the game ended within 300 plies: {} plies, {last}", history.len());
    assert_eq!(last["moves"], json!([]), "a finished game has no moves");
    let replayed = app.legal_moves(&json!({"variant": "english", "moves": history})).await;
    assert_eq!(replayed["status"], last["status"]);
    assert_eq!(replayed["fen"], last["fen"]);
    assert_eq!(replayed["moves"], json!([]));
}

const SHUFFLE: [&str; 4] = ["29-25", "4-8", "25-29", "8-4"];

fn shuffles(plies: usize) -> Vec<&'static str> {
    SHUFFLE.iter().copied().cycle().take(plies).collect()
}

#[tokio::test]
async fn the_third_repetition_is_a_draw_by_repetition() {
    // Arrange
    let app = spawn_app().await;
    let fen = "W:WK29,21:BK4,12";

    // Act
    let after_seven = app.legal_moves(&json!({"variant": "english", "fen": fen, "moves": shuffles(7)})).await;
    let after_eight = app.legal_moves(&json!({"variant": "english", "fen": fen, "moves": shuffles(8)})).await;

    // Assert
    assert_eq!(after_seven["status"], json!({"state": "ongoing"}));
    assert!(!after_seven["moves"].as_array().unwrap().is_empty());
    assert_eq!(after_eight["status"], json!({"state": "draw", "reason": "repetition"}));
    assert_eq!(after_eight["moves"], json!([]));
}

#[tokio::test]
async fn the_move_that_repeats_a_third_time_reports_the_draw() {
    // Arrange
    let app = spawn_app().await;
    let fen = "W:WK29,21:BK4,12";

    // Act
    let body = app.apply_move(&json!({"variant": "english", "fen": fen, "moves": shuffles(7), "move": "8-4"})).await;

    // Assert
    assert_eq!(body["status"], json!({"state": "draw", "reason": "repetition"}));
    assert_eq!(body["moves"], json!([]));
}

#[tokio::test]
async fn repetition_draws_can_be_switched_off() {
    // Arrange
    let app = spawn_app().await;
    let fen = "W:WK29,21:BK4,12";

    // Act
    let body = app
        .legal_moves(&json!({
            "variant": "english", "fen": fen, "moves": shuffles(8),
            "rules": {"draw": {"repetitions": 0}}
        }))
        .await;

    // Assert
    assert_eq!(body["status"], json!({"state": "ongoing"}));
}

#[tokio::test]
async fn a_quiet_move_limit_from_the_rules_is_a_draw_by_quiet_moves() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let body = app
        .apply_move(&json!({
            "variant": "english", "fen": "W:WK29:BK4", "moves": ["29-25"], "move": "4-8",
            "rules": {"draw": {"quiet_moves": 1}}
        }))
        .await;

    // Assert
    assert_eq!(body["status"], json!({"state": "draw", "reason": "quiet_moves"}));
    assert_eq!(body["moves"], json!([]));
}
