//! `POST /v1/ai-move`: legal answers at every level in every variant, forced shots found at
//! hard, the cache, the bounded search pool and cancellation.

use std::time::Duration;

use serde_json::{json, Value};

use crate::helpers::{
    assert_problem, header, metrics_text, ok_json, sorted_notations, spawn_app, spawn_app_with, wait_for_metric,
    TestApp, VARIANT_IDS,
};

async fn ai_move(app: &TestApp, body: &Value) -> Value {
    ok_json(app.post_json("/v1/ai-move", body).await).await
}

/// Asserts that `answer` is a legal move of `game` and that its position is `apply-move`'s.
async fn assert_legal_answer(app: &TestApp, game: &Value, answer: &Value) {
    let legal = app.legal_moves(game).await;
    let notation = answer["move"]["notation"].as_str().expect("a move notation");
    assert!(sorted_notations(&legal["moves"]).contains(&notation.to_owned()), "{notation} in {game}");
    let mut apply = game.clone();
    apply["move"] = json!(notation);
    let applied = app.apply_move(&apply).await;
    assert_eq!(answer["fen"], applied["fen"], "{game}");
    assert_eq!(answer["status"], applied["status"]);
    assert_eq!(answer["side_to_move"], applied["side_to_move"]);
}

#[tokio::test]
async fn every_variant_at_every_level_answers_a_legal_move() {
    let app = spawn_app().await;
    for variant in VARIANT_IDS {
        for (difficulty, time_ms) in [("easy", 10), ("normal", 50), ("hard", 100)] {
            // Act
            let game = json!({"variant": variant, "moves": []});
            let mut body = game.clone();
            body["difficulty"] = json!(difficulty);
            body["time_ms"] = json!(time_ms);
            body["seed"] = json!(7);
            let answer = ai_move(&app, &body).await;

            // Assert
            assert_legal_answer(&app, &game, &answer).await;
            assert_eq!(answer["difficulty"], difficulty);
            assert_eq!(answer["cached"], false);
            assert!(answer["depth"].as_u64().is_some() && answer["nodes"].as_u64().unwrap() > 0);
            assert_eq!(answer["pv"][0], answer["move"]["notation"], "{variant} {difficulty}");
            assert!(answer["score"].is_i64() && answer["time_ms"].is_u64());
        }
    }
}

#[tokio::test]
async fn the_default_level_is_normal_and_a_game_in_progress_is_answered() {
    let app = spawn_app().await;
    let game = json!({"variant": "english", "moves": ["11-15", "23-19", "8-11", "22-17"]});
    let mut body = game.clone();
    body["seed"] = json!(1);

    let answer = ai_move(&app, &body).await;

    assert_eq!(answer["difficulty"], "normal");
    assert_legal_answer(&app, &game, &answer).await;
}

#[tokio::test]
async fn an_optional_capture_game_is_searched_under_its_own_rules() {
    // Black may decline the capture 15x24 under the house rule.
    let app = spawn_app().await;
    let game = json!({"variant": "english", "fen": "B:W24,28:B15,1", "rules": {"mandatory_capture": false}});
    let mut body = game.clone();
    body["difficulty"] = json!("hard");
    body["time_ms"] = json!(100);

    let answer = ai_move(&app, &body).await;

    assert_legal_answer(&app, &game, &answer).await;
}

#[tokio::test]
async fn a_finished_game_is_game_over() {
    let app = spawn_app().await;
    for body in [
        json!({"variant": "english", "fen": "B:W21:B"}),
        json!({"variant": "english", "fen": "W:W21:B1,5", "moves": ["21-17", "1-6", "17-13", "6-10", "13-9", "5x14"]}),
    ] {
        let problem = assert_problem(app.post_json("/v1/ai-move", &body).await, 422, "game_over").await;
        assert!(problem["detail"].as_str().unwrap().contains("over"), "{problem}");
    }
}

#[tokio::test]
async fn bad_requests_get_the_same_errors_as_the_other_endpoints() {
    let app = spawn_app().await;
    let cases = [
        (json!({"variant": "english", "difficulty": "expert"}), 400, "invalid_json"),
        (json!({"variant": "english", "time_ms": -5}), 400, "invalid_json"),
        (json!({"variant": "english", "depth": 3}), 400, "invalid_json"),
        (json!({"variant": "klondike"}), 404, "unknown_variant"),
        (json!({"variant": "english", "fen": "W:W9x:B1"}), 400, "invalid_fen"),
        (json!({"variant": "english", "fen": "W:W99:B1"}), 422, "invalid_position"),
        (json!({"variant": "english", "moves": ["9-13", "9-13"]}), 422, "illegal_move"),
    ];
    for (body, status, code) in cases {
        assert_problem(app.post_json("/v1/ai-move", &body).await, status, code).await;
    }
}

/// Positions where one quiet move gives a man away and the forced capture that follows lets
/// the mover take more back: hard must find the shot in each board family.
///
/// Found by playing random games and keeping positions with equal material where exactly one
/// quiet move forces such a sequence; every other move of each was searched at hard and
/// scores at least a man less.
const SHOTS: [(&str, &str, &str); 8] = [
    ("english", "W:W19,21,24,25,28,29,30,32:B3,4,5,7,8,10,12,13", "19-16"),
    ("english", "W:W16,17,20,22,25,26,27,28,29,32:B1,2,3,5,7,9,11,12,13,19", "17-14"),
    ("italian", "B:W17,19,22,24,25,26,27,29,30:B1,2,3,4,5,6,9,10,16", "10-13"),
    ("russian", "B:Wa1,c1,e1,b2,d2,f2,h2,a3,f4,g5,h6:Bb4,d4,c5,b6,d6,c7,e7,g7,d8,f8,h8", "d4-c3"),
    ("brazilian", "W:Wc1,e1,g1,b2,d2,f2,h2,e3:Bc5,g5,d6,h6,e7,d8,f8,h8", "e3-f4"),
    ("czech", "B:Wa1,e1,g1,d2,f2,e3,g3,b4,d4,f4:Bd6,f6,h6,a7,c7,e7,g7,b8,f8,h8", "d6-e5"),
    (
        "turkish",
        "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,e3,g3,c4,e4,h4:Ba5,b5,d5,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,f7,g7,h7",
        "c4-c5",
    ),
    (
        "international",
        "W:W30,31,33,34,35,36,38,39,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,9,10,11,13,14,15,17,19,22,23,24",
        "33-29",
    ),
];

#[tokio::test]
async fn hard_finds_the_winning_shot_in_every_board_family() {
    let app = spawn_app().await;
    for (variant, fen, shot) in SHOTS {
        // Arrange: the shot is a quiet move that the opponent must answer with a capture.
        let game = json!({"variant": variant, "fen": fen});
        let after = app.apply_move(&json!({"variant": variant, "fen": fen, "move": shot})).await;
        assert!(after["moves"].as_array().unwrap().iter().all(|m| !m["captures"].as_array().unwrap().is_empty()));

        // Act
        let mut body = game.clone();
        body["difficulty"] = json!("hard");
        let answer = ai_move(&app, &body).await;

        // Assert: the shot, and a score of at least a man up.
        assert_eq!(answer["move"]["notation"], shot, "{variant} {fen}: {answer}");
        assert!(answer["score"].as_i64().unwrap() >= 90 || answer["score_kind"] == "win_in", "{answer}");
    }
}

#[tokio::test]
async fn a_forced_win_is_reported_as_such() {
    // White's king against Black's last man, far from crowning: the man cannot escape.
    let app = spawn_app().await;
    let answer = ai_move(&app, &json!({"variant": "english", "fen": "W:WK22:B1", "difficulty": "hard"})).await;
    assert_eq!(answer["score_kind"], "win_in", "{answer}");
    assert!(answer["score"].as_i64().unwrap() > 0);
}

#[tokio::test]
async fn a_repeated_request_is_answered_from_the_cache() {
    // Arrange
    let app = spawn_app().await;
    let body = json!({"variant": "russian", "moves": ["c3-d4"], "difficulty": "hard", "time_ms": 50});
    let first = ai_move(&app, &body).await;

    // Act
    let second = ai_move(&app, &body).await;

    // Assert
    assert_eq!((first["cached"].clone(), second["cached"].clone()), (json!(false), json!(true)));
    for field in ["move", "fen", "score", "depth", "nodes", "pv"] {
        assert_eq!(first[field], second[field], "{field}");
    }
    let text = metrics_text(&app).await;
    assert!(text.contains(r#"draughts_search_cache_hits_total{kind="ai_move"} 1"#), "{text}");
    assert!(text.contains(r#"draughts_search_cache_misses_total{kind="ai_move"} 1"#), "{text}");
    assert!(text.contains(r#"draughts_searches_total{kind="ai_move",level="10",variant="russian"} 1"#), "{text}");
}

#[tokio::test]
async fn a_seed_makes_the_easy_level_repeatable_and_without_one_it_is_not_cached() {
    let app = spawn_app_with(|c| c.cache_max_mib = 0).await;
    let line = ["32-28", "18-23", "37-32", "12-18"];
    let mut moves_by_seed: Vec<Vec<Value>> = Vec::new();
    for seed in [1, 1, 2] {
        let mut played = Vec::new();
        for plies in 0..=line.len() {
            // A long budget: easy's depth limit, not the clock, ends every search, so the
            // answer depends on the seed alone however loaded the machine is.
            let body = json!({
                "variant": "international", "moves": &line[..plies], "difficulty": "easy", "seed": seed,
                "time_ms": 5000
            });
            played.push(ai_move(&app, &body).await["move"]["notation"].clone());
        }
        moves_by_seed.push(played);
    }
    assert_eq!(moves_by_seed[0], moves_by_seed[1], "same seed, same moves");
    assert_ne!(moves_by_seed[0], moves_by_seed[2], "another seed, other moves");

    let cached = spawn_app().await;
    for _ in 0..2 {
        let answer = ai_move(&cached, &json!({"variant": "english", "difficulty": "easy"})).await;
        assert_eq!(answer["cached"], false, "unseeded easy answers vary, so they are not cached");
    }
}

#[tokio::test]
async fn a_full_pool_answers_503_at_once_and_a_dropped_client_stops_its_search() {
    // Arrange: one search thread, no queue, and a search that would run for a minute.
    let app = spawn_app_with(|c| {
        c.search_threads = 1;
        c.search_queue = 0;
        c.max_search = Duration::from_secs(60);
    })
    .await;
    let long = json!({"variant": "international", "difficulty": "hard", "time_ms": 60_000});
    let request = app.request(reqwest::Method::POST, "/v1/ai-move").json(&long).send();
    let first = tokio::spawn(request);
    wait_for_metric(&app, "draughts_searches_in_flight", 1.0).await;

    // Act
    let refused = app.post_json("/v1/ai-move", &json!({"variant": "english", "difficulty": "hard"})).await;

    // Assert: refused at once, with Retry-After.
    assert_eq!(header(refused.headers(), "retry-after"), "1");
    assert_problem(refused, 503, "overloaded").await;
    let text = metrics_text(&app).await;
    assert!(text.contains(r#"draughts_search_rejections_total{kind="ai_move"} 1"#), "{text}");

    // Act: the first client goes away.
    first.abort();
    let _ = first.await;

    // Assert: its search stops long before its minute, and the thread serves again.
    wait_for_metric(&app, "draughts_searches_in_flight", 0.0).await;
    let answer = ai_move(&app, &json!({"variant": "english", "difficulty": "easy", "seed": 3})).await;
    assert_eq!(answer["cached"], false);
}
