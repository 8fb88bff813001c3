//! Endgame databases and the service: it starts and plays without them, probes them where
//! present (a won ending is answered as a win counted in moves), and starts and plays when a
//! file is damaged, without that variant's databases.

use std::path::PathBuf;

use draughts_api::engine::endgame::{build, Endgames, Indexer, Material, Value};
use draughts_api::rules::ruleset::English;
use serde_json::{json, Value as Json};

use crate::helpers::{ok_json, spawn_app, spawn_app_with, TestApp};

/// English databases up to 3 pieces in a fresh directory of their own.
fn english_databases(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("draughts-api-egtb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    build::<English>(&dir, 3, &mut |_| {}).expect("built");
    dir
}

/// The English two kings against one king that the databases win the slowest: its FEN and
/// the moves (of the winner) to the end.
fn longest_win(dir: &std::path::Path) -> (String, u32) {
    let (endgames, _) = Endgames::load(dir);
    let tables = endgames.variant(draughts_api::rules::Variant::English).expect("loaded");
    let indexer = Indexer::of::<English>();
    let material = Material::new(0, 2, 0, 1);
    let (position, plies) = (0..indexer.size(material))
        .filter_map(|index| indexer.pieces_at(index, material))
        .map(|pieces| pieces.position::<English>())
        .filter_map(|position| match tables.probe(&position) {
            Some(Value::Win(plies)) => Some((position, plies)),
            _ => None,
        })
        .max_by_key(|&(_, plies)| plies)
        .expect("a win");
    (position.to_fen(), plies.div_ceil(2))
}

async fn computer_move(app: &TestApp, fen: &str) -> Json {
    let body = json!({"variant": "english", "fen": fen, "moves": [], "difficulty": "hard", "time_ms": 300});
    ok_json(app.post_json("/v1/ai-move", &body).await).await
}

#[tokio::test]
async fn without_databases_the_service_still_plays_the_ending() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let answer = computer_move(&app, "W:WK1,K3:BK32").await;

    // Assert
    assert!(answer["move"]["notation"].is_string(), "{answer}");
}

#[tokio::test]
async fn with_databases_a_won_ending_is_answered_as_a_win_in_moves() {
    // Arrange
    let dir = english_databases("served");
    let (fen, moves) = longest_win(&dir);
    let app = spawn_app_with(|config| config.endgame_dir = Some(dir.clone())).await;

    // Act
    let answer = computer_move(&app, &fen).await;

    // Assert
    assert_eq!(answer["score_kind"], "win_in", "{fen}: {answer}");
    assert_eq!(answer["score"], moves, "{fen}: {answer}");
    std::fs::remove_dir_all(dir).expect("removed");
}

#[tokio::test]
async fn a_damaged_database_file_leaves_the_service_playing_without_it() {
    // Arrange: the two-kings slice cut short.
    let dir = english_databases("damaged");
    let file = dir.join("english").join(Material::new(0, 1, 0, 1).file_name());
    let bytes = std::fs::read(&file).expect("read");
    std::fs::write(&file, &bytes[..bytes.len() / 2]).expect("written");
    let app = spawn_app_with(|config| config.endgame_dir = Some(dir.clone())).await;

    // Act
    let answer = computer_move(&app, "W:WK1,K3:BK32").await;

    // Assert
    assert!(answer["move"]["notation"].is_string(), "{answer}");
    std::fs::remove_dir_all(dir).expect("removed");
}
