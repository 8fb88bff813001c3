//! `POST /v1/pdn/parse` and `POST /v1/pdn/export`: game records in PDN (docs/api.md, "Game
//! records (PDN)").

use reqwest::header::{ACCEPT, CONTENT_TYPE};
use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{assert_problem, detail, header, ok_json, spawn_app, TestApp};

const PARSE: &str = "/v1/pdn/parse";
const EXPORT: &str = "/v1/pdn/export";

/// `POST /v1/pdn/parse` with `body`, expecting 200; the games.
async fn parse(app: &TestApp, body: &Value) -> Vec<Value> {
    let answer = ok_json(app.post_json(PARSE, body).await).await;
    answer["games"].as_array().expect("a list of games").clone()
}

/// `POST /v1/pdn/export` with `body`, expecting 200 JSON; the text.
async fn export(app: &TestApp, body: &Value) -> String {
    let answer = ok_json(app.post_json(EXPORT, body).await).await;
    answer["pdn"].as_str().expect("the text").to_owned()
}

#[tokio::test]
async fn one_game_is_replayed_with_its_tags_moves_position_and_result() {
    // Arrange
    let app = spawn_app().await;
    let text = "[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"0-1\"]\n[GameType \"21\"]\n\n\
                1. 11-15 22-18 2. 15x22 25x18 0-1\n";

    // Act
    let raw = app.post_json(PARSE, &json!({"pdn": text})).await.text().await.expect("a body");

    // Assert
    let games: Value = serde_json::from_str(&raw).expect("JSON");
    let games = games["games"].as_array().expect("games");
    assert_eq!(games.len(), 1);
    let game = &games[0];
    assert_eq!(
        game["tags"],
        json!({"Event": "Club", "White": "Ann", "Black": "Bob", "Result": "0-1", "GameType": "21"})
    );
    let places: Vec<usize> = ["\"Event\"", "\"White\"", "\"Black\"", "\"Result\"", "\"GameType\""]
        .iter()
        .map(|name| raw.find(name).expect("the tag is there"))
        .collect();
    assert!(places.is_sorted(), "tags in the order written: {raw}");
    assert_eq!(game["variant"], "english");
    assert_eq!(game["start_fen"], "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    assert_eq!(game["moves"], json!(["11-15", "22-18", "15x22", "25x18"]));
    let legal = app.legal_moves(&json!({"variant": "english", "moves": game["moves"]})).await;
    assert_eq!(game["fen"], legal["fen"]);
    assert_eq!(game["side_to_move"], "black");
    assert_eq!(game["status"], json!({"state": "ongoing"}));
    assert_eq!(game["result"], "0-1");
}

#[tokio::test]
async fn several_games_come_back_in_order_each_in_its_own_variant() {
    // Arrange: a game of each of three variants, the last with neither result nor moves after
    // its tags' game.
    let app = spawn_app().await;
    let text = "[GameType \"21\"] 1. 11-15 1-0\n\
                [GameType \"25\"] 1. c3-d4 f6-g5 2-0\n\
                [GameType \"20,W,10,10,N2,0\"] 1. 32-28 19-23";

    // Act
    let games = parse(&app, &json!({"pdn": text})).await;

    // Assert
    let variants: Vec<&Value> = games.iter().map(|g| &g["variant"]).collect();
    assert_eq!(variants, [&json!("english"), &json!("russian"), &json!("international")]);
    assert_eq!(games[1]["moves"], json!(["c3-d4", "f6-g5"]));
    assert_eq!(games[1]["result"], "2-0");
    assert_eq!(games[2]["moves"], json!(["32-28", "19-23"]));
    assert_eq!(games[2]["result"], Value::Null);
}

#[tokio::test]
async fn comments_variations_nags_and_marks_are_skipped_and_moves_written_as_legal_moves_does() {
    // Arrange: move numbers glued to moves, a capture written with its whole path and `:`.
    let app = spawn_app().await;
    let text = "[GameType \"21\"] {a comment (with a parenthesis} 1.11-15! 22-18?! \
                (1... 23-19 (2. 8-11 {nested)}) 9-14) $1 2. 15:22 ; to the end of the line\n\
                25x18 *";

    // Act
    let games = parse(&app, &json!({"pdn": text})).await;

    // Assert
    assert_eq!(games[0]["moves"], json!(["11-15", "22-18", "15x22", "25x18"]));
    assert_eq!(games[0]["result"], "*");
}

#[tokio::test]
async fn game_type_20_is_international_unless_the_request_names_the_variant() {
    // Arrange
    let app = spawn_app().await;
    let text = "[GameType \"20\"] 1. 32-28 19-23 *";

    // Act
    let by_tag = parse(&app, &json!({"pdn": text})).await;
    let by_request = parse(&app, &json!({"pdn": text, "variant": "antidraughts"})).await;
    let untagged = parse(&app, &json!({"pdn": "1. 11-15 23-19 *", "variant": "checkers"})).await;
    let unknown = app.post_json(PARSE, &json!({"pdn": text, "variant": "chess"})).await;

    // Assert
    assert_eq!(by_tag[0]["variant"], "international");
    assert_eq!(by_request[0]["variant"], "antidraughts");
    assert_eq!(untagged[0]["variant"], "english");
    assert_problem(unknown, 404, "unknown_variant").await;
}

#[tokio::test]
async fn a_game_type_naming_no_variant_is_invalid_pdn_naming_the_game() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.post_json(PARSE, &json!({"pdn": "1. 32-28 * [GameType \"99\"] 1. 32-28 *"})).await;

    // Assert
    let problem = assert_problem(response, 422, "invalid_pdn").await;
    assert_eq!(problem["game_index"], 1, "{problem}");
    assert!(detail(&problem).starts_with("games[1]: the GameType \"99\""), "{problem}");
}

#[tokio::test]
async fn the_fen_tag_is_the_start() {
    // Arrange: White to move with a capture.
    let app = spawn_app().await;
    let text = "[GameType \"21\"] [FEN \"W:W22:B18,K9\"] 1. 22x15 9-14 *";

    // Act
    let games = parse(&app, &json!({"pdn": text})).await;
    let bad = app.post_json(PARSE, &json!({"pdn": "[GameType \"21\"] [FEN \"W:W99:B1\"] *"})).await;
    let malformed = app.post_json(PARSE, &json!({"pdn": "[GameType \"21\"] [FEN \"nonsense\"] *"})).await;

    // Assert
    assert_eq!(games[0]["start_fen"], "W:W22:BK9,18");
    assert_eq!(games[0]["moves"], json!(["22x15", "9-14"]));
    assert_eq!(games[0]["fen"], "W:W15:BK14");
    for response in [bad, malformed] {
        let problem = assert_problem(response, 422, "invalid_position").await;
        assert_eq!(problem["game_index"], 0, "{problem}");
    }
}

#[tokio::test]
async fn an_illegal_move_names_the_game_the_ply_and_the_legal_moves() {
    // Arrange: in the second game, black's 15-19 ignores the capture 15x22.
    let app = spawn_app().await;
    let text = "[GameType \"21\"] 1. 11-15 1-0\n[GameType \"21\"] 1. 11-15 22-18 2. 15-19 *";

    // Act
    let response = app.post_json(PARSE, &json!({"pdn": text})).await;

    // Assert
    let problem = assert_problem(response, 422, "illegal_move").await;
    assert_eq!(problem["game_index"], 1, "{problem}");
    assert_eq!(problem["move_index"], 2, "{problem}");
    assert_eq!(problem["legal_moves"], json!(["15x22"]), "{problem}");
    assert!(detail(&problem).starts_with("games[1]: moves[2]: 15-19 is not a legal move"), "{problem}");
}

#[tokio::test]
async fn an_unreadable_move_is_illegal_with_the_legal_moves_there() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.post_json(PARSE, &json!({"pdn": "[GameType \"21\"] 1. 11-15 23-19 2. Nf3 *"})).await;

    // Assert
    let problem = assert_problem(response, 422, "illegal_move").await;
    assert_eq!((&problem["game_index"], &problem["move_index"]), (&json!(0), &json!(2)), "{problem}");
    let there = app.legal_moves(&json!({"variant": "english", "moves": ["11-15", "23-19"]})).await;
    assert_eq!(problem["legal_moves"].as_array().map(Vec::len), there["moves"].as_array().map(Vec::len), "{problem}");
    assert!(detail(&problem).starts_with("games[0]: moves[2]: Nf3 is not a move"), "{problem}");
}

#[tokio::test]
async fn a_long_unreadable_move_is_repeated_cut_short() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.post_json(PARSE, &json!({"pdn": format!("1. {} *", "x".repeat(30_000))})).await;

    // Assert
    let problem = assert_problem(response, 422, "illegal_move").await;
    assert!(detail(&problem).contains(&format!("{}…", "x".repeat(100))), "{problem}");
    assert!(detail(&problem).chars().count() < 300, "{problem}");
}

#[tokio::test]
async fn texts_that_are_not_pdn_or_hold_no_game_are_invalid_pdn() {
    // Arrange
    let app = spawn_app().await;

    for (text, game_index) in
        [("", None), ("  {only a comment}  ", None), ("1. 32-28 * {never closed", Some(1)), ("(1. 32-28", Some(0))]
    {
        // Act
        let response = app.post_json(PARSE, &json!({"pdn": text})).await;

        // Assert
        let problem = assert_problem(response, 422, "invalid_pdn").await;
        assert_eq!(problem["game_index"].as_u64(), game_index, "{text:?}: {problem}");
    }
}

#[tokio::test]
async fn more_games_than_the_limit_is_too_many_games() {
    // Arrange: 201 empty games, each only a result.
    let app = spawn_app().await;

    // Act
    let at_limit = parse(&app, &json!({"pdn": "* ".repeat(200)})).await;
    let over = app.post_json(PARSE, &json!({"pdn": "* ".repeat(201)})).await;

    // Assert
    assert_eq!(at_limit.len(), 200);
    let problem = assert_problem(over, 422, "too_many_games").await;
    assert!(detail(&problem).contains("200"), "{problem}");
}

#[tokio::test]
async fn a_game_longer_than_a_history_may_be_is_too_many_moves() {
    // Arrange: the second game has 1001 moves (not even legal ones: the count comes first).
    let app = spawn_app().await;
    let text = format!("1. 32-28 * {}*", "32-28 ".repeat(1001));

    // Act
    let response = app.post_json(PARSE, &json!({"pdn": text})).await;

    // Assert
    let problem = assert_problem(response, 422, "too_many_moves").await;
    assert_eq!(problem["game_index"], 1, "{problem}");
    assert!(detail(&problem).starts_with("games[1]: the history has 1001 moves"), "{problem}");
}

#[tokio::test]
async fn parse_bodies_outside_the_schema_are_invalid_json() {
    // Arrange: the schema's bound, and a text at it refused only for what it means.
    let app = spawn_app().await;
    let document = ok_json(app.get("/api-docs/openapi.json").await).await;
    let bound = &document["components"]["schemas"]["PdnParseBody"]["properties"]["pdn"]["maxLength"];
    assert_eq!(bound, 40_000);
    let at_bound = app.post_json(PARSE, &json!({"pdn": "* ".repeat(20_000)})).await;
    assert_problem(at_bound, 422, "too_many_games").await;
    let long = "*".repeat(40_001);

    for body in [json!({}), json!({"pdn": 5}), json!({"pdn": "*", "extra": 1}), json!({"pdn": long})] {
        // Act
        let response = app.post_json(PARSE, &body).await;

        // Assert
        assert_problem(response, 400, "invalid_json").await;
    }
}

#[tokio::test]
async fn export_writes_the_seven_tags_the_game_type_the_numbered_moves_and_the_result() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let text = export(&app, &json!({"variant": "english", "moves": ["11-15", "23-19", "8-11"]})).await;

    // Assert
    assert_eq!(
        text,
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n\
         [Result \"*\"]\n[GameType \"21\"]\n\n1. 11-15 23-19 2. 8-11 *\n"
    );
}

#[tokio::test]
async fn export_answers_the_text_itself_for_accept_x_pdn() {
    // Arrange
    let app = spawn_app().await;
    let body = json!({"variant": "international", "moves": ["32-28"]});

    // Act
    let as_text = app.request(Method::POST, EXPORT).header(ACCEPT, "application/x-pdn").json(&body).send().await;
    let preferred = app
        .request(Method::POST, EXPORT)
        .header(ACCEPT, "application/json;q=0.5, application/x-pdn")
        .json(&body)
        .send()
        .await;
    let json_first = app
        .request(Method::POST, EXPORT)
        .header(ACCEPT, "application/json, application/x-pdn;q=0.5")
        .json(&body)
        .send()
        .await;

    // Assert
    let json_text = export(&app, &body).await;
    for response in [as_text.expect("answered"), preferred.expect("answered")] {
        assert_eq!(response.status(), 200);
        assert_eq!(header(response.headers(), CONTENT_TYPE.as_str()), "application/x-pdn");
        assert_eq!(response.text().await.expect("a body"), json_text);
    }
    assert_eq!(ok_json(json_first.expect("answered")).await["pdn"], json_text);
    assert!(json_text.contains("[GameType \"20\"]\n\n1. 32-28 *\n"), "{json_text}");
}

#[tokio::test]
async fn export_writes_a_fen_tag_only_when_the_game_does_not_start_from_the_variants_start() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let from_start = export(&app, &json!({"variant": "english", "fen": "B:W21-32:B1-12"})).await;
    let from_fen = export(&app, &json!({"variant": "english", "fen": "W:W22:B18,K9", "moves": ["22x15"]})).await;

    // Assert
    assert!(!from_start.contains("[FEN"), "{from_start}");
    assert!(from_fen.contains("[FEN \"W:W22:BK9,18\"]"), "{from_fen}");
    assert!(from_fen.ends_with("\n1... 22x15 *\n"), "black moves first in English: {from_fen}");
    let from_black = export(&app, &json!({"variant": "international", "fen": "B:W32:B19", "moves": ["19-23"]})).await;
    assert!(from_black.ends_with("\n1... 19-23 *\n"), "black's move first is numbered 1...: {from_black}");
}

#[tokio::test]
async fn export_results_are_the_boards_one_win_one_loss_a_draw_or_unfinished() {
    // Arrange: White takes Black's last piece; Black takes White's; a repetition draw; a game
    // that goes on; an International win.
    let app = spawn_app().await;
    let kings = ["29-25", "1-6", "25-29", "6-1", "29-25", "1-6", "25-29", "6-1"];
    let cases = [
        (json!({"variant": "english", "fen": "W:W22:B18", "moves": ["22x15"]}), "1-0"),
        (json!({"variant": "english", "fen": "B:W22:B18", "moves": ["18x25"]}), "0-1"),
        (json!({"variant": "english", "fen": "W:WK29,K32:BK1,K4", "moves": kings}), "1/2-1/2"),
        (json!({"variant": "english"}), "*"),
        // International's results count two points, as PDN 3.0 writes them for GameType 20.
        (json!({"variant": "international", "fen": "W:W28:B23", "moves": ["28x19"]}), "2-0"),
    ];

    for (body, result) in cases {
        // Act
        let text = export(&app, &body).await;

        // Assert
        assert!(text.contains(&format!("[Result \"{result}\"]")), "{text}");
        assert!(text.ends_with(&format!(" {result}\n")) || text.ends_with(&format!("\n{result}\n")), "{text}");
    }
}

#[tokio::test]
async fn export_writes_the_requested_tags_and_refuses_the_games_own() {
    // Arrange
    let app = spawn_app().await;
    let tags = json!({"White": "Ann \"the bold\"", "Annotator": "me", "Result": "2-0", "Event": "Club"});

    // Act
    let text = export(&app, &json!({"variant": "russian", "moves": ["c3-d4"], "tags": tags})).await;
    let own = app.post_json(EXPORT, &json!({"variant": "russian", "tags": {"GameType": "20"}})).await;
    let result = app.post_json(EXPORT, &json!({"variant": "russian", "tags": {"Result": "won"}})).await;
    let name = app.post_json(EXPORT, &json!({"variant": "russian", "tags": {"a b": "x"}})).await;

    // Assert
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "[Event \"Club\"]");
    assert_eq!(lines[4], "[White \"Ann \\\"the bold\\\"\"]");
    assert_eq!(lines[6], "[Result \"1-0\"]", "a result token is written in PDN's own form");
    assert_eq!(lines[7], "[GameType \"25\"]");
    assert_eq!(lines[8], "[Annotator \"me\"]");
    assert!(text.ends_with("\n1. c3-d4 1-0\n"), "{text}");
    let back = parse(&app, &json!({"pdn": text})).await;
    assert_eq!(back[0]["tags"]["White"], "Ann \"the bold\"");
    for response in [own, result] {
        assert_problem(response, 422, "invalid_tags").await;
    }
    let problem = assert_problem(name, 400, "invalid_json").await;
    assert!(detail(&problem).starts_with("tags"), "{problem}");
}

#[tokio::test]
async fn export_refuses_a_game_as_legal_moves_does() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let illegal = app.post_json(EXPORT, &json!({"variant": "english", "moves": ["22-18"]})).await;

    // Assert
    let problem = assert_problem(illegal, 422, "illegal_move").await;
    assert_eq!(problem["move_index"], 0, "{problem}");
    assert!(problem.get("game_index").is_none(), "{problem}");
}

#[tokio::test]
async fn exported_records_parse_back_to_the_same_game_in_every_variant() {
    // Arrange
    let app = spawn_app().await;

    for variant in crate::helpers::VARIANT_IDS {
        // A few plies: each time the first legal move.
        let mut moves: Vec<Value> = Vec::new();
        for _ in 0..6 {
            let position = app.legal_moves(&json!({"variant": variant, "moves": moves})).await;
            let Some(first) = position["moves"].as_array().and_then(|m| m.first()) else { break };
            moves.push(first["notation"].clone());
        }
        let game = json!({"variant": variant, "moves": moves});

        // Act: International's GameType 20 is shared with Antidraughts and Breakthrough, whose
        // records need the request's variant.
        let text = export(&app, &game).await;
        let shared = ["antidraughts", "breakthrough"].contains(&variant);
        let request = if shared { json!({"pdn": text, "variant": variant}) } else { json!({"pdn": text}) };
        let back = parse(&app, &request).await;

        // Assert
        let position = app.legal_moves(&game).await;
        assert_eq!(back[0]["variant"], variant);
        assert_eq!(back[0]["moves"], json!(moves), "{variant}");
        assert_eq!(back[0]["fen"], position["fen"], "{variant}");
    }
}

#[tokio::test]
async fn parse_and_export_count_as_game_requests_in_the_metrics() {
    // Arrange
    let app = spawn_app().await;

    // Act
    parse(&app, &json!({"pdn": "[GameType \"21\"] 1. 11-15 * [GameType \"21\"] *"})).await;
    export(&app, &json!({"variant": "russian"})).await;
    let text = app.get("/metrics").await.text().await.expect("metrics");

    // Assert
    let english = r#"draughts_game_requests_total{endpoint="pdn_parse",variant="english"} 2"#;
    let russian = r#"draughts_game_requests_total{endpoint="pdn_export",variant="russian"} 1"#;
    assert!(text.contains(english) && text.contains(russian), "{text}");
}

#[tokio::test]
async fn the_pdn_endpoints_take_only_post_and_a_body_within_the_limit() {
    // Arrange
    let app = spawn_app().await;

    for path in [PARSE, EXPORT] {
        // Act
        let get = app.get(path).await;
        let huge = app.post_raw(path, vec![b' '; 70_000], "application/json").await;

        // Assert
        assert_eq!(header(get.headers(), "allow"), "POST", "{path}");
        assert_problem(get, 405, "method_not_allowed").await;
        assert_problem(huge, 413, "payload_too_large").await;
    }
}
