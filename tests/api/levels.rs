//! `POST /v1/ai-move` at a level of the ladder and on a clock: every level in every variant, the
//! named difficulties as they were, bad levels and clocks refused, and whole games on a clock
//! never lost on time by the server's own account.

use serde_json::{json, Value};

use crate::helpers::{assert_problem, metrics_text, ok_json, spawn_app, spawn_app_with, TestApp, VARIANT_IDS};

async fn ai_move(app: &TestApp, body: &Value) -> Value {
    ok_json(app.post_json("/v1/ai-move", body).await).await
}

#[tokio::test]
async fn every_level_answers_a_legal_move_in_every_variant_and_is_counted_by_level() {
    let app = spawn_app().await;
    for variant in VARIANT_IDS {
        let legal = app.legal_moves(&json!({"variant": variant})).await;
        let notations: Vec<&Value> = legal["moves"].as_array().expect("moves").iter().map(|m| &m["notation"]).collect();
        for level in 1..=10 {
            let body = json!({"variant": variant, "level": level, "time_ms": 30, "seed": 5});
            let answer = ai_move(&app, &body).await;
            assert!(notations.contains(&&answer["move"]["notation"]), "{variant} level {level}: {answer}");
            assert_eq!(answer["level"], level);
            let name = match level {
                3 => json!("easy"),
                6 => json!("normal"),
                10 => json!("hard"),
                _ => Value::Null,
            };
            assert_eq!(answer["difficulty"], name, "{variant} level {level}");
        }
    }
    let text = metrics_text(&app).await;
    for level in 1..=10 {
        let series = format!(r#"draughts_searches_total{{kind="ai_move",level="{level}",variant="english"}} 1"#);
        assert!(text.contains(&series), "{series} in\n{text}");
    }
}

#[tokio::test]
async fn the_named_difficulties_play_as_before_the_ladder_and_as_their_levels() {
    // Answers of the server before the ladder (at d44aec8), for these seeds.
    let app = spawn_app().await;
    let opening = ["11-15", "23-19", "8-11", "22-17"];
    let expected = [
        ("easy", 1, &[][..], "11-15", 6, "11-15 21-17"),
        ("easy", 2, &[][..], "9-14", -14, "9-14 22-18"),
        ("easy", 3, &[][..], "9-13", -7, "9-13 22-18"),
        ("easy", 1, &opening[..], "9-14", 43, "9-14 17-13"),
        ("easy", 3, &opening[..], "4-8", 45, "4-8 26-23"),
        ("normal", 1, &[][..], "11-15", 6, "11-15 22-18 15x22 25x18 8-11 29-25 12-16"),
        ("normal", 1, &opening[..], "4-8", 33, "4-8 25-22 9-13 17-14 10x17 19x10 7x14"),
        ("normal", 2, &opening[..], "9-14", 26, "9-14 27-23 11-16 24-20 15x24 20x11 7x16 28x19 4-8"),
    ];
    for (difficulty, seed, moves, mv, score, pv) in expected {
        let named =
            json!({"variant": "english", "moves": moves, "difficulty": difficulty, "seed": seed, "time_ms": 5000});
        let answer = ai_move(&app, &named).await;
        let line =
            answer["pv"].as_array().expect("a line").iter().map(|m| m.as_str().expect("a move")).collect::<Vec<_>>();
        assert_eq!(
            (answer["move"]["notation"].as_str(), answer["score"].as_i64(), line.join(" ")),
            (Some(mv), Some(score), pv.to_owned()),
            "{named}"
        );
        let level = if difficulty == "easy" { 3 } else { 6 };
        let numbered = json!({"variant": "english", "moves": moves, "level": level, "seed": seed, "time_ms": 5000});
        let again = ai_move(&app, &numbered).await;
        let both = ai_move(&app, &json!({"variant": "english", "moves": moves, "level": level, "difficulty": "hard", "seed": seed, "time_ms": 5000})).await;
        assert_eq!((&both["move"], both["level"].as_u64()), (&answer["move"], Some(level)), "the level wins");
        assert_eq!(
            (&again["move"], &again["pv"], again["level"].as_u64()),
            (&answer["move"], &answer["pv"], Some(level))
        );
    }
}

#[tokio::test]
async fn a_seed_repeats_the_choices_of_every_level_with_randomness_and_other_seeds_vary_them() {
    let app = spawn_app_with(|config| config.cache_max_mib = 0).await;
    let game = json!(["11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10x17", "21x14"]);
    for level in 1..=8 {
        let mut moves = std::collections::BTreeSet::new();
        for seed in 0..6 {
            let body = json!({"variant": "english", "moves": game, "level": level, "seed": seed, "time_ms": 5000});
            let (first, again) = (ai_move(&app, &body).await, ai_move(&app, &body).await);
            assert_eq!(
                (&first["move"], &first["pv"], first["cached"].as_bool()),
                (&again["move"], &again["pv"], Some(false)),
                "level {level}, seed {seed}"
            );
            moves.insert(first["move"]["notation"].as_str().expect("a move").to_owned());
        }
        if level <= 4 {
            assert!(moves.len() > 1, "level {level} always played {moves:?}");
        }
    }
}

#[tokio::test]
async fn the_levels_held_back_by_positions_search_more_of_them_in_a_game_of_more_men() {
    let app = spawn_app().await;
    for level in [7, 8] {
        let nodes = |answer: Value| answer["nodes"].as_u64().expect("nodes");
        let body = |variant| json!({"variant": variant, "level": level, "time_ms": 5000, "seed": 1});
        let english = nodes(ai_move(&app, &body("english")).await);
        let international = nodes(ai_move(&app, &body("international")).await);
        // Twelve men a side against twenty: (20 / 12)^3 = 4.6 times the positions, give or take
        // the few hundred the search visits between two looks at its count.
        assert!(
            4 * english < international && international < 5 * english,
            "level {level}: {english} against {international}"
        );
    }
}

#[tokio::test]
async fn bad_levels_and_clocks_are_refused_naming_the_field() {
    let app = spawn_app().await;
    let cases = [
        (json!({"level": 0}), "level"),
        (json!({"level": 11}), "level"),
        (json!({"level": "5"}), "level"),
        (json!({"level": 5.5}), "level"),
        (json!({"clock": {}}), "time_left_ms"),
        (json!({"clock": {"time_left_ms": -1}}), "time_left_ms"),
        (json!({"clock": {"time_left_ms": null}}), "time_left_ms"),
        (json!({"clock": {"time_left_ms": 1000, "increment_ms": 0.5}}), "increment_ms"),
        (json!({"clock": {"time_left_ms": 1000, "moves_to_go": 0}}), "clock.moves_to_go"),
        (json!({"clock": {"time_left_ms": 1000, "byoyomi": 5}}), "byoyomi"),
        (json!({"clock": 60000}), "clock"),
    ];
    for (mut body, field) in cases {
        body["variant"] = json!("english");
        let problem = assert_problem(app.post_json("/v1/ai-move", &body).await, 400, "invalid_json").await;
        let detail = problem["detail"].as_str().expect("a detail");
        assert!(detail.contains(field), "{body}: {detail}");
    }
}

#[tokio::test]
async fn a_clock_with_100_ms_left_is_answered_in_well_under_100_ms_at_every_level() {
    let app = spawn_app().await;
    for level in [1, 6, 9, 10] {
        let body = json!({"variant": "international", "level": level, "clock": {"time_left_ms": 100}});
        let answer = ai_move(&app, &body).await;
        // The server keeps a margin of 50 ms for the network (CLOCK_MARGIN_MS).
        assert!(answer["time_ms"].as_u64().expect("a time") <= 50, "level {level}: {answer}");
    }
    let asked = json!({"variant": "english", "level": 10, "time_ms": 20, "clock": {"time_left_ms": 600_000}});
    assert!(ai_move(&app, &asked).await["time_ms"].as_u64().expect("a time") < 600, "the smaller time wins");
}

/// Plays a whole english game: the computer at level 10 on a clock of `start_ms` + `increment_ms`
/// against level 1 (which answers in about a millisecond), charging the computer the time each
/// answer reports. Returns the least time it had left after a move, and the moves it played.
async fn clock_game(app: &TestApp, start_ms: u64, increment_ms: u64, computer_white: bool) -> (i64, usize) {
    let mut moves: Vec<Value> = Vec::new();
    let mut left = start_ms as i64;
    let mut least = left;
    let mut played = 0;
    for ply in 0..300 {
        let computer = (ply % 2 == 0) == computer_white;
        let mut body = json!({"variant": "english", "moves": moves});
        if computer {
            body["level"] = json!(10);
            body["clock"] = json!({"time_left_ms": left, "increment_ms": increment_ms});
        } else {
            body["level"] = json!(1);
            body["seed"] = json!(ply);
        }
        let answer = ai_move(app, &body).await;
        if computer {
            left -= answer["time_ms"].as_i64().expect("a time");
            least = least.min(left);
            assert!(left >= 0, "out of time at ply {ply}: {answer}");
            left += increment_ms as i64;
            played += 1;
        }
        moves.push(answer["move"]["notation"].clone());
        if answer["status"]["state"] != "ongoing" {
            break;
        }
    }
    (least, played)
}

#[tokio::test]
async fn whole_games_on_a_clock_are_never_lost_on_time() {
    let app = spawn_app().await;
    let (sudden_death, with_increment) =
        tokio::join!(clock_game(&app, 60_000, 0, true), clock_game(&app, 10_000, 100, false));
    for (least, played) in [sudden_death, with_increment] {
        assert!(least >= 0 && played >= 10, "{least} ms left at the least, {played} moves");
    }
}
