//! `POST /v1/analyze` and `POST /v1/review`.

use core::time::Duration;

use serde_json::{json, Value};

use crate::helpers::{
    assert_problem, detail, header, metrics_text, ok_json, sorted_notations, spawn_app, spawn_app_with,
    wait_for_metric, TestApp,
};

async fn analyze(app: &TestApp, body: &Value) -> Value {
    ok_json(app.post_json("/v1/analyze", body).await).await
}

async fn review(app: &TestApp, body: &Value) -> Value {
    ok_json(app.post_json("/v1/review", body).await).await
}

/// Black to move wins with 1-6 (or 1-5); 14-18 lets White take two men, 22x15x6, and lose
/// nothing back: from a win to a loss.
const BLUNDER_FEN: &str = "B:W22,30:B1,10,14";

#[tokio::test]
async fn analyze_gives_the_best_moves_best_first_each_legal_with_its_line() {
    // Arrange
    let app = spawn_app().await;
    let game = json!({"variant": "english", "moves": ["11-15", "23-19"]});
    let legal = sorted_notations(&app.legal_moves(&game).await["moves"]);

    // Act: three lines (the default), to a fixed depth.
    let mut body = game.clone();
    body["depth"] = json!(6);
    let answer = analyze(&app, &body).await;

    // Assert
    let lines = answer["lines"].as_array().expect("lines");
    assert_eq!(lines.len(), 3, "{answer}");
    assert_eq!(answer["side_to_move"], "black");
    assert_eq!(answer["depth"], 6);
    assert!(answer["nodes"].as_u64().unwrap() > 0 && answer["time_ms"].is_u64());
    let notations: Vec<&str> = lines.iter().map(|l| l["move"]["notation"].as_str().unwrap()).collect();
    for (i, line) in lines.iter().enumerate() {
        assert!(legal.contains(&notations[i].to_owned()), "{} is legal", notations[i]);
        assert!(!notations[..i].contains(&notations[i]), "{} listed twice", notations[i]);
        assert_eq!(line["pv"][0], line["move"]["notation"]);
        let expected = line["expected_score"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&expected), "{line}");
        if i > 0 {
            assert!(line["score"].as_i64() <= lines[i - 1]["score"].as_i64(), "best first: {answer}");
            assert!(expected <= lines[i - 1]["expected_score"].as_f64().unwrap(), "{answer}");
        }
    }
}

#[tokio::test]
async fn analyze_gives_every_move_when_there_are_fewer_than_asked_and_scores_forced_results() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let answer = analyze(&app, &json!({"variant": "english", "fen": BLUNDER_FEN, "lines": 10, "depth": 30})).await;

    // Assert: every legal move once; the best wins by force, 14-18 loses by force.
    let lines = answer["lines"].as_array().expect("lines");
    let legal = sorted_notations(&app.legal_moves(&json!({"variant": "english", "fen": BLUNDER_FEN})).await["moves"]);
    let mut listed: Vec<String> = lines.iter().map(|l| l["move"]["notation"].as_str().unwrap().to_owned()).collect();
    listed.sort();
    assert_eq!(listed, legal);
    assert_eq!(lines[0]["score_kind"], "win_in", "{answer}");
    assert_eq!(lines[0]["expected_score"], 1.0);
    let blunder = lines.iter().find(|l| l["move"]["notation"] == "14-18").expect("14-18 is listed");
    assert_eq!((&blunder["score_kind"], &blunder["expected_score"]), (&json!("loss_in"), &json!(0.0)), "{answer}");
    assert!(blunder["score"].as_i64().unwrap() < 0);
}

#[tokio::test]
async fn analyze_marks_the_book_moves() {
    let app = spawn_app().await;
    // Ballot 001 (9-13 21-17 5-9) is in the english book; every move is listed, so its book
    // moves are among them.
    let ballot = json!({"variant": "english", "moves": ["9-13", "21-17", "5-9"], "lines": 10, "depth": 6});
    let answer = analyze(&app, &ballot).await;
    let lines = answer["lines"].as_array().expect("lines");
    assert!(lines.iter().all(|l| l["book"].is_boolean()), "{answer}");
    assert!(lines.iter().any(|l| l["book"] == true), "{answer}");

    let endgame = json!({"variant": "english", "fen": "W:W18,24,27,28:B12,16,20,K22", "lines": 3, "depth": 4});
    let answer = analyze(&app, &endgame).await;
    assert!(answer["lines"].as_array().expect("lines").iter().all(|l| l["book"] == false), "{answer}");
}

#[tokio::test]
async fn a_repeated_analysis_comes_from_the_cache() {
    // Arrange
    let app = spawn_app().await;
    let body = json!({"variant": "russian", "lines": 2, "depth": 5});

    // Act
    let first = analyze(&app, &body).await;
    let second = analyze(&app, &body).await;
    let other_lines = analyze(&app, &json!({"variant": "russian", "lines": 3, "depth": 5})).await;

    // Assert
    assert_eq!((&first["cached"], &second["cached"]), (&json!(false), &json!(true)));
    assert_eq!(first["lines"], second["lines"]);
    assert_eq!(other_lines["cached"], false, "the number of lines is part of the key");
    assert_eq!(other_lines["lines"].as_array().map(Vec::len), Some(3));
}

#[tokio::test]
async fn analyze_refuses_bad_numbers_and_finished_games() {
    // Arrange
    let app = spawn_app().await;

    // Act and assert
    for (body, field) in [
        (json!({"variant": "english", "lines": 0}), "lines"),
        (json!({"variant": "english", "lines": 11}), "lines"),
        (json!({"variant": "english", "depth": 0}), "depth"),
        (json!({"variant": "english", "depth": 65}), "depth"),
        (json!({"variant": "english", "time_ms": -1}), "time_ms"),
    ] {
        let problem = assert_problem(app.post_json("/v1/analyze", &body).await, 400, "invalid_json").await;
        assert!(detail(&problem).starts_with(field), "{body}: {problem}");
    }
    for (body, status, code) in [
        (json!({"variant": "english", "fen": "W:W:B1"}), 422, "game_over"),
        (json!({"variant": "chess"}), 404, "unknown_variant"),
        (json!({"variant": "english", "moves": ["11-16x"]}), 400, "invalid_move_syntax"),
    ] {
        assert_problem(app.post_json("/v1/analyze", &body).await, status, code).await;
    }
}

#[tokio::test]
async fn a_review_marks_a_blunder_and_sums_each_side_up() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let answer =
        review(&app, &json!({"variant": "english", "fen": BLUNDER_FEN, "moves": ["14-18", "22x15x6"], "depth": 30}))
            .await;

    // Assert
    let plies = answer["plies"].as_array().expect("plies");
    assert_eq!(plies.len(), 2, "{answer}");
    let blunder = &plies[0];
    assert_eq!((&blunder["ply"], &blunder["side"], &blunder["move"]), (&json!(0), &json!("black"), &json!("14-18")));
    assert_eq!(blunder["class"], "blunder", "{answer}");
    assert_ne!(blunder["best"], "14-18");
    assert_eq!((&blunder["score_before_kind"], &blunder["score_after_kind"]), (&json!("win_in"), &json!("loss_in")));
    assert_eq!(blunder["expected_loss"], 1.0);
    let reply = &plies[1];
    assert_eq!((&reply["side"], &reply["move"], &reply["best"]), (&json!("white"), &json!("22x6"), &json!("22x6")));
    assert_eq!(reply["class"], "best");
    let summary = &answer["summary"];
    assert_eq!((&summary["black"]["blunders"], &summary["black"]["moves"]), (&json!(1), &json!(1)));
    assert_eq!((&summary["white"]["best"], &summary["white"]["average_loss"]), (&json!(1), &json!(0.0)));
    assert_eq!(summary["complete"], true);
    assert_eq!(summary["status"], json!({"state": "ongoing"}));
}

#[tokio::test]
async fn a_review_streams_a_line_per_ply_and_the_summary_last_when_asked() {
    // Arrange
    let app = spawn_app().await;
    let body = json!({"variant": "english", "moves": ["11-15", "23-19", "8-11", "22-17"], "depth": 4});

    // Act
    let response = app
        .request(reqwest::Method::POST, "/v1/review")
        .header("accept", "application/x-ndjson")
        .json(&body)
        .send()
        .await
        .expect("an answer");
    let content_type = header(response.headers(), "content-type");
    let text = response.text().await.expect("a body");
    let whole = review(&app, &body).await;
    let json_first = app
        .request(reqwest::Method::POST, "/v1/review")
        .header("accept", "application/json, application/x-ndjson;q=0.5")
        .json(&body)
        .send()
        .await
        .expect("an answer");

    // Assert: the same plies as the whole document, one a line, then the summary.
    assert_eq!(content_type, "application/x-ndjson");
    assert_eq!(header(json_first.headers(), "content-type"), "application/json", "JSON preferred: one document");
    let lines: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    assert_eq!(lines.len(), 5, "{text}");
    for (i, line) in lines[..4].iter().enumerate() {
        assert_eq!(line["type"], "ply");
        assert_eq!(line["ply"], i);
        assert_eq!(line["move"], whole["plies"][i]["move"]);
    }
    assert_eq!(lines[4]["type"], "summary");
    assert_eq!(lines[4]["white"]["moves"], 2);
    assert_eq!(lines[4]["complete"], true);
}

#[tokio::test]
async fn a_review_holds_one_search_thread_and_stops_when_its_client_goes_away() {
    // Arrange: two search threads, no queue; a review that would search each of its 9 positions
    // for 10 s (90 s, within a stream's 120 s).
    let app = spawn_app_with(|c| {
        c.search_threads = 2;
        c.search_queue = 0;
        c.max_search = Duration::from_secs(60);
    })
    .await;
    let moves = json!(["32-28", "18-23", "37-32", "12-18", "41-37", "7-12", "46-41", "1-7"]);
    let long = json!({"variant": "international", "moves": moves, "time_ms": 10_000});
    let request = app.request(reqwest::Method::POST, "/v1/review").header("accept", "application/x-ndjson").json(&long);
    let first = tokio::spawn(async move { request.send().await });
    wait_for_metric(&app, "draughts_searches_in_flight", 1.0).await;

    // Act: a computer move still finds the other thread; a second long job does not.
    let move_meanwhile = app.post_json("/v1/ai-move", &json!({"variant": "english", "difficulty": "easy"})).await;
    let held = app
        .request(reqwest::Method::POST, "/v1/ai-move")
        .json(&json!({"variant": "english", "difficulty": "hard", "time_ms": 60_000}))
        .send();
    let second = tokio::spawn(held);
    wait_for_metric(&app, "draughts_searches_in_flight", 2.0).await;
    let refused = app.post_json("/v1/review", &json!({"variant": "english", "moves": ["11-15"]})).await;

    // Assert
    assert_eq!(move_meanwhile.status().as_u16(), 200, "the review holds one thread, not all");
    assert_eq!(header(refused.headers(), "retry-after"), "1");
    assert_problem(refused, 503, "overloaded").await;

    // Act: both clients go away.
    first.abort();
    second.abort();
    let _ = (first.await, second.await);

    // Assert: the review and the search stop long before their time is up.
    wait_for_metric(&app, "draughts_searches_in_flight", 0.0).await;
    let text = metrics_text(&app).await;
    assert!(text.contains(r#"draughts_search_rejections_total{kind="review"} 1"#), "{text}");
}
