//! Endgame databases and the service: it starts and plays without them, probes them where
//! present (a won ending is answered as a win counted in moves), and starts and plays when a
//! file is damaged, without that variant's databases; `POST /v1/endgame` answers known endings
//! exactly, best move first, and names why it cannot answer.

use std::path::PathBuf;

use draughts_api::engine::endgame::file::Kind;
use draughts_api::engine::endgame::{build, Endgames, Indexer, Material, Value};
use draughts_api::rules::ruleset::{English, Russian};
use serde_json::{json, Value as Json};

use crate::helpers::{assert_problem, detail, ok_json, spawn_app, spawn_app_with, TestApp};

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
    let file = Kind::Wdl.path(&dir.join("english"), Material::new(0, 1, 0, 1));
    let bytes = std::fs::read(&file).expect("read");
    std::fs::write(&file, &bytes[..bytes.len() / 2]).expect("written");
    let app = spawn_app_with(|config| config.endgame_dir = Some(dir.clone())).await;

    // Act
    let answer = computer_move(&app, "W:WK1,K3:BK32").await;

    // Assert
    assert!(answer["move"]["notation"].is_string(), "{answer}");
    std::fs::remove_dir_all(dir).expect("removed");
}

/// Russian databases up to 4 pieces in a fresh directory of their own.
fn russian_databases(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("draughts-api-egtb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    build::<Russian>(&dir, 4, &mut |_| {}).expect("built");
    dir
}

async fn endgame(app: &TestApp, variant: &str, fen: &str) -> Json {
    ok_json(app.post_json("/v1/endgame", &json!({"variant": variant, "fen": fen})).await).await
}

/// The answer's moves are ordered best first and the position's result is its best move's.
fn assert_best_first(answer: &Json) {
    let rank = |m: &Json| match (m["result"].as_str(), m["plies"].as_i64()) {
        (Some("win"), Some(p)) => 1000 - p,
        (Some("draw"), None) => 0,
        (Some("loss"), Some(p)) => -1000 + p,
        _ => panic!("a result with its plies: {m}"),
    };
    let moves = answer["moves"].as_array().expect("moves");
    assert!(!moves.is_empty(), "{answer}");
    assert!(moves.windows(2).all(|w| rank(&w[0]) >= rank(&w[1])), "best first: {answer}");
    assert_eq!((&moves[0]["result"], &moves[0]["plies"]), (&answer["result"], &answer["plies"]), "{answer}");
}

#[tokio::test]
async fn russian_three_kings_holding_the_long_diagonal_win_and_against_its_holder_only_draw() {
    // Arrange
    let dir = russian_databases("russian-answers");
    let app = spawn_app_with(|config| config.endgame_dir = Some(dir.clone())).await;

    // Act: White's kings hold a1-h8 (a1); then Black's lone king holds it (a1) against three.
    let holding = endgame(&app, "russian", "W:WKa1,Kc1,Ke1:BKh2").await;
    let held = endgame(&app, "russian", "W:WKc1,Ke1,Kh2:BKa1").await;

    // Assert
    assert_eq!((holding["result"].as_str(), holding["pieces"].as_u64()), (Some("win"), Some(4)), "{holding}");
    assert!(holding["plies"].as_u64().is_some_and(|p| p % 2 == 1), "a win ends on the winner's move: {holding}");
    assert_best_first(&holding);
    assert_eq!(held["result"], "draw", "{held}");
    assert!(held.get("plies").is_none(), "{held}");
    assert!(held["moves"].as_array().expect("moves").iter().all(|m| m["result"] != "win"), "{held}");
    // Fifteen moves of the stronger side for three kings against one, the first of them now.
    assert_eq!(holding["draw_count_plies"], 29, "{holding}");
    std::fs::remove_dir_all(dir).expect("removed");
}

#[tokio::test]
async fn english_two_kings_against_one_win_and_the_answer_is_cached() {
    // Arrange
    let dir = english_databases("answers");
    let (fen, moves) = longest_win(&dir);
    let app = spawn_app_with(|config| config.endgame_dir = Some(dir.clone())).await;

    // Act
    let first = endgame(&app, "english", &fen).await;
    let second = endgame(&app, "english", &fen).await;

    // Assert
    assert_eq!(first["result"], "win", "{first}");
    assert_eq!(first["plies"].as_u64().map(|p| p.div_ceil(2)), Some(u64::from(moves)), "{first}");
    assert_eq!((first["max_pieces"].as_u64(), first["cached"].as_bool()), (Some(3), Some(false)), "{first}");
    assert_best_first(&first);
    assert_eq!(second["cached"], true, "{second}");
    assert_eq!(second["moves"], first["moves"]);
    std::fs::remove_dir_all(dir).expect("removed");
}

#[tokio::test]
async fn a_position_the_databases_do_not_know_is_404_naming_the_reason() {
    // Arrange
    let dir = english_databases("not-covered");
    let with = spawn_app_with(|config| config.endgame_dir = Some(dir.clone())).await;
    let without = spawn_app().await;
    let ask = |variant: &str, fen: Option<&str>| match fen {
        Some(fen) => json!({"variant": variant, "fen": fen}),
        None => json!({"variant": variant}),
    };

    // Act
    let crowded =
        assert_problem(with.post_json("/v1/endgame", &ask("english", None)).await, 404, "endgame_not_covered").await;
    let absent = assert_problem(
        without.post_json("/v1/endgame", &ask("english", Some("W:WK1,K3:BK32"))).await,
        404,
        "endgame_not_covered",
    )
    .await;
    let no_tables = assert_problem(
        with.post_json("/v1/endgame", &ask("antidraughts", Some("W:W31:B20"))).await,
        404,
        "endgame_not_covered",
    )
    .await;
    let history = assert_problem(
        with.post_json("/v1/endgame", &ask("frisian", Some("W:WK46:BK5"))).await,
        404,
        "endgame_not_covered",
    )
    .await;
    let over =
        assert_problem(with.post_json("/v1/endgame", &ask("english", Some("B:W21:B"))).await, 422, "game_over").await;

    // Assert
    assert!(detail(&crowded).contains("24 pieces") && detail(&crowded).contains("at most 3"), "{crowded}");
    assert!(detail(&absent).contains("no endgame databases of english are installed"), "{absent}");
    assert!(detail(&no_tables).contains("no endgame databases"), "{no_tables}");
    assert!(detail(&history).contains("history"), "{history}");
    assert!(detail(&over).contains("over"), "{over}");
    std::fs::remove_dir_all(dir).expect("removed");
}

#[tokio::test]
async fn a_position_whose_opponent_has_no_piece_left_is_won_in_one_ply() {
    // Arrange
    let dir = english_databases("bare");
    let app = spawn_app_with(|config| config.endgame_dir = Some(dir.clone())).await;

    // Act
    let answer = endgame(&app, "english", "W:W21:B").await;

    // Assert
    assert_eq!((answer["result"].as_str(), answer["plies"].as_u64()), (Some("win"), Some(1)), "{answer}");
    std::fs::remove_dir_all(dir).expect("removed");
}

#[tokio::test]
async fn the_loaded_databases_are_listed_per_variant() {
    // Arrange
    let dir = english_databases("listed");
    let with = spawn_app_with(|config| config.endgame_dir = Some(dir.clone())).await;
    let without = spawn_app().await;

    // Act
    let listed = ok_json(with.get("/v1/endgame-databases").await).await;
    let none = ok_json(without.get("/v1/endgame-databases").await).await;

    // Assert
    assert_eq!(
        (listed[0]["variant"].as_str(), listed[0]["max_pieces"].as_u64()),
        (Some("english"), Some(3)),
        "{listed}"
    );
    assert!(listed[0]["bytes"].as_u64().is_some_and(|b| b > 0), "{listed}");
    assert_eq!(listed.as_array().map(Vec::len), Some(1), "{listed}");
    assert_eq!(none, json!([]));
    std::fs::remove_dir_all(dir).expect("removed");
}
