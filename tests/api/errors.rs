//! Every error code of docs/api.md, each produced by a real bad request: status, problem+json,
//! `code`, a `detail` that names the problem, and the extra fields. Never a 500.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{assert_problem, detail, header, sorted_notations, spawn_app, spawn_app_with};

const LEGAL: &str = "/v1/legal-moves";
const APPLY: &str = "/v1/apply-move";

// ---- 400 invalid_json ----

#[tokio::test]
async fn malformed_json_is_invalid_json() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.post_raw(LEGAL, r#"{"variant":"english","#, "application/json").await;

    // Assert
    let problem = assert_problem(response, 400, "invalid_json").await;
    assert!(detail(&problem).contains("EOF"), "{problem}");
}

#[tokio::test]
async fn text_that_is_not_json_says_so_without_a_field_path() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.post_raw(LEGAL, "{bad", "application/json").await;

    // Assert
    let problem = assert_problem(response, 400, "invalid_json").await;
    assert_eq!(detail(&problem), "the body is not valid JSON: key must be a string at line 1 column 2");
}

#[tokio::test]
async fn a_field_of_the_wrong_type_is_invalid_json() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.post_json(LEGAL, &json!({"variant": "english", "moves": 5})).await;

    // Assert
    let problem = assert_problem(response, 400, "invalid_json").await;
    assert!(detail(&problem).contains("invalid type"), "{problem}");
}

#[tokio::test]
async fn an_unknown_field_is_invalid_json_naming_the_field() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.post_json(LEGAL, &json!({"variant": "english", "colour": "white"})).await;

    // Assert
    let problem = assert_problem(response, 400, "invalid_json").await;
    assert!(detail(&problem).contains("colour"), "{problem}");
}

#[tokio::test]
async fn an_empty_body_is_invalid_json() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.post_raw(LEGAL, "", "application/json").await;

    // Assert
    let problem = assert_problem(response, 400, "invalid_json").await;
    let text = detail(&problem).to_lowercase();
    assert!(text.contains("eof") || text.contains("empty"), "{problem}");
}

#[tokio::test]
async fn apply_move_without_a_move_is_invalid_json_naming_the_field() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.post_json(APPLY, &json!({"variant": "english"})).await;

    // Assert
    let problem = assert_problem(response, 400, "invalid_json").await;
    assert!(detail(&problem).contains("move"), "{problem}");
}

#[tokio::test]
async fn bodies_of_every_wrong_shape_are_invalid_json_never_a_500() {
    // Arrange
    let app = spawn_app().await;
    let bodies: [&[u8]; 11] = [
        b"[]",
        b"null",
        b"\"english\"",
        b"42",
        br#"{"variant":5}"#,
        br#"{"variant":"english","fen":5}"#,
        br#"{"variant":"english","moves":[1]}"#,
        br#"{"variant":"english"} trailing"#,
        b"\xff\xfe\x00",
        br#"{"fen":"B:W21-32:B1-12"}"#,
        b"{\"variant\":\"english\",\"moves\":[\"\xc3\",\"\xa9\"]}",
    ];

    for body in bodies {
        // Act
        let response = app.post_raw(LEGAL, body, "application/json").await;

        // Assert
        assert_problem(response, 400, "invalid_json").await;
    }
}

// ---- 400 invalid_fen ----

#[tokio::test]
async fn an_unreadable_fen_is_invalid_fen() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.post_json(LEGAL, &json!({"variant": "english", "fen": "X:W21:B1"})).await;

    // Assert
    let problem = assert_problem(response, 400, "invalid_fen").await;
    assert!(detail(&problem).contains("FEN"), "{problem}");
    assert!(detail(&problem).contains("\"X\""), "{problem}");
}

#[tokio::test]
async fn a_fen_item_that_is_no_square_is_invalid_fen_naming_it() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.post_json(LEGAL, &json!({"variant": "english", "fen": "W:W3z:B1"})).await;

    // Assert
    let problem = assert_problem(response, 400, "invalid_fen").await;
    assert!(detail(&problem).contains("\"3z\""), "{problem}");
}

#[tokio::test]
async fn an_empty_fen_is_invalid_fen() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.post_json(LEGAL, &json!({"variant": "english", "fen": ""})).await;

    // Assert
    assert_problem(response, 400, "invalid_fen").await;
}

// ---- 400 invalid_move_syntax ----

#[tokio::test]
async fn an_unreadable_move_in_the_history_is_invalid_move_syntax_with_its_index() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.post_json(LEGAL, &json!({"variant": "english", "moves": ["11-15", "zz"]})).await;

    // Assert
    let problem = assert_problem(response, 400, "invalid_move_syntax").await;
    assert_eq!(problem["move_index"], 1, "{problem}");
    assert!(detail(&problem).contains("zz"), "{problem}");
}

#[tokio::test]
async fn an_unreadable_move_to_apply_is_invalid_move_syntax_without_an_index() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.post_json(APPLY, &json!({"variant": "english", "move": "9-1000"})).await;

    // Assert
    let problem = assert_problem(response, 400, "invalid_move_syntax").await;
    assert!(problem.get("move_index").is_none(), "{problem}");
    assert!(detail(&problem).contains("1000"), "{problem}");
}

#[tokio::test]
async fn an_empty_move_is_invalid_move_syntax() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.post_json(LEGAL, &json!({"variant": "english", "moves": [""]})).await;

    // Assert
    let problem = assert_problem(response, 400, "invalid_move_syntax").await;
    assert_eq!(problem["move_index"], 0, "{problem}");
}

// ---- 400 invalid_rules ----

#[tokio::test]
async fn a_negative_repetition_count_is_invalid_rules() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.post_json(LEGAL, &json!({"variant": "english", "rules": {"draw": {"repetitions": -1}}})).await;

    // Assert
    let problem = assert_problem(response, 400, "invalid_rules").await;
    assert!(detail(&problem).contains("-1"), "{problem}");
}

#[tokio::test]
async fn an_unknown_rules_field_is_invalid_rules_naming_the_field() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.post_json(LEGAL, &json!({"variant": "english", "rules": {"flying": true}})).await;

    // Assert
    let problem = assert_problem(response, 400, "invalid_rules").await;
    assert!(detail(&problem).contains("flying"), "{problem}");
}

#[tokio::test]
async fn rules_that_are_not_an_object_are_invalid_rules() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.post_json(LEGAL, &json!({"variant": "english", "rules": 5})).await;

    // Assert
    assert_problem(response, 400, "invalid_rules").await;
}

// ---- 404 unknown_variant, not_found; 405 method_not_allowed ----

#[tokio::test]
async fn an_unknown_variant_in_a_game_request_is_unknown_variant() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.post_json(LEGAL, &json!({"variant": "chess"})).await;

    // Assert
    let problem = assert_problem(response, 404, "unknown_variant").await;
    assert!(detail(&problem).contains("chess"), "{problem}");
}

#[tokio::test]
async fn an_unknown_path_is_not_found() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.get("/v1/no-such-endpoint").await;

    // Assert
    let problem = assert_problem(response, 404, "not_found").await;
    assert!(detail(&problem).contains("/v1/no-such-endpoint"), "{problem}");
}

#[tokio::test]
async fn get_on_a_post_endpoint_is_method_not_allowed_with_allow() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.get(LEGAL).await;

    // Assert
    assert_eq!(header(response.headers(), "allow"), "POST");
    let problem = assert_problem(response, 405, "method_not_allowed").await;
    assert!(detail(&problem).contains("GET"), "{problem}");
}

#[tokio::test]
async fn post_on_a_get_endpoint_is_method_not_allowed_with_allow() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.post_json("/v1/variants", &json!({})).await;

    // Assert
    assert_eq!(header(response.headers(), "allow"), "GET, HEAD");
    assert_problem(response, 405, "method_not_allowed").await;
}

// ---- 413 payload_too_large ----

#[tokio::test]
async fn a_body_over_64_kib_is_payload_too_large() {
    // Arrange
    let app = spawn_app().await;
    let body = serde_json::to_vec(&json!({"variant": "english", "fen": "x".repeat(70_000)})).unwrap();
    assert!(body.len() > 64 * 1024);

    // Act
    let response = app.post_raw(LEGAL, body, "application/json").await;

    // Assert
    let problem = assert_problem(response, 413, "payload_too_large").await;
    assert!(detail(&problem).contains("65536"), "{problem}");
}

#[tokio::test]
async fn the_body_limit_follows_the_configuration() {
    // Arrange
    let app = spawn_app_with(|c| c.max_body_bytes = 100).await;
    let body = serde_json::to_vec(&json!({"variant": "english", "fen": "x".repeat(200)})).unwrap();

    // Act
    let response = app.post_raw(LEGAL, body, "application/json").await;

    // Assert
    assert_problem(response, 413, "payload_too_large").await;
}

// ---- 422 ----

#[tokio::test]
async fn too_many_pieces_is_invalid_position() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.post_json(LEGAL, &json!({"variant": "english", "fen": "W:W13-32:B1-12"})).await;

    // Assert
    let problem = assert_problem(response, 422, "invalid_position").await;
    assert!(detail(&problem).contains("20 pieces"), "{problem}");
}

#[tokio::test]
async fn a_man_on_its_crowning_row_is_invalid_position() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.post_json(LEGAL, &json!({"variant": "english", "fen": "W:W2:B30"})).await;

    // Assert
    assert_problem(response, 422, "invalid_position").await;
}

#[tokio::test]
async fn an_illegal_move_is_illegal_move_listing_the_legal_moves() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.post_json(APPLY, &json!({"variant": "english", "move": "11-14"})).await;

    // Assert
    let problem = assert_problem(response, 422, "illegal_move").await;
    assert!(detail(&problem).contains("11-14"), "{problem}");
    assert!(problem.get("move_index").is_none(), "{problem}");
    assert_eq!(
        sorted_notations(&problem["legal_moves"]),
        ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]
    );
}

#[tokio::test]
async fn half_of_a_longer_capture_says_the_capture_goes_on_not_that_captures_are_mandatory() {
    // Arrange: the man on c3 takes d4 and then f6; c3xe5 stops after the first.
    let app = spawn_app().await;

    // Act
    let response = app.post_json(APPLY, &json!({"variant": "russian", "fen": "W:Wc3:Bd4,f6", "move": "c3xe5"})).await;

    // Assert
    let problem = assert_problem(response, 422, "illegal_move").await;
    assert_eq!(
        detail(&problem),
        "move: c3xe5 is not a legal move: the capture goes on from its last square; a capture must be played to its end"
    );
    assert_eq!(sorted_notations(&problem["legal_moves"]), ["c3xg7"]);
}

#[tokio::test]
async fn a_quiet_move_when_a_capture_is_due_says_captures_are_mandatory() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.post_json(APPLY, &json!({"variant": "english", "fen": "W:W22:B18,1", "move": "22-17"})).await;

    // Assert
    let problem = assert_problem(response, 422, "illegal_move").await;
    assert!(detail(&problem).contains("captures are mandatory"), "{problem}");
    assert_eq!(problem["legal_moves"], json!(["22x15"]));
}

#[tokio::test]
async fn an_illegal_move_in_the_history_is_illegal_move_with_its_index() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response =
        app.post_json(LEGAL, &json!({"variant": "english", "moves": ["11-15", "23-19", "8-11", "19-23"]})).await;

    // Assert
    let problem = assert_problem(response, 422, "illegal_move").await;
    assert_eq!(problem["move_index"], 3, "{problem}");
    assert!(detail(&problem).contains("19-23"), "{problem}");
    assert!(problem["legal_moves"].as_array().is_some_and(|m| m.contains(&json!("19-16"))), "{problem}");
}

#[tokio::test]
async fn a_short_capture_with_two_routes_is_ambiguous_move_listing_both() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response =
        app.post_json(APPLY, &json!({"variant": "english", "fen": "W:W22:B17,18,9,10", "move": "22x6"})).await;

    // Assert
    let problem = assert_problem(response, 422, "ambiguous_move").await;
    assert!(detail(&problem).contains("22x6"), "{problem}");
    assert_eq!(sorted_notations(&problem["legal_moves"]), ["22x13x6", "22x15x6"]);
}

#[tokio::test]
async fn an_ambiguous_move_in_the_history_gives_its_index() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response =
        app.post_json(LEGAL, &json!({"variant": "english", "fen": "W:W22:B17,18,9,10", "moves": ["22x6"]})).await;

    // Assert
    let problem = assert_problem(response, 422, "ambiguous_move").await;
    assert_eq!(problem["move_index"], 0, "{problem}");
}

#[tokio::test]
async fn a_move_after_the_game_ended_is_game_over() {
    // Arrange: black takes white's last piece.
    let app = spawn_app().await;

    // Act
    let response = app
        .post_json(APPLY, &json!({"variant": "english", "fen": "B:W22:B18", "moves": ["18x25"], "move": "25-29"}))
        .await;

    // Assert
    let problem = assert_problem(response, 422, "game_over").await;
    assert!(detail(&problem).contains("over"), "{problem}");
    assert!(problem.get("move_index").is_none(), "{problem}");
}

#[tokio::test]
async fn a_history_going_on_after_the_end_is_game_over_with_its_index() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response =
        app.post_json(LEGAL, &json!({"variant": "english", "fen": "B:W22:B18", "moves": ["18x25", "25-29"]})).await;

    // Assert
    let problem = assert_problem(response, 422, "game_over").await;
    assert_eq!(problem["move_index"], 1, "{problem}");
}

#[tokio::test]
async fn a_ten_thousand_move_history_is_too_many_moves_not_too_large() {
    // Arrange
    let app = spawn_app().await;
    let moves = vec!["1-5"; 10_000];
    let body = serde_json::to_vec(&json!({"variant": "english", "moves": moves})).unwrap();
    assert!(body.len() < 64 * 1024, "{} bytes", body.len());

    // Act
    let response = app.post_raw(LEGAL, body, "application/json").await;

    // Assert
    let problem = assert_problem(response, 422, "too_many_moves").await;
    assert!(detail(&problem).contains("10000"), "{problem}");
}

#[tokio::test]
async fn optional_capture_in_international_is_unsupported_rules() {
    // Arrange: the rules are of the schema's form; the variant does not allow them.
    let app = spawn_app().await;

    // Act
    let response =
        app.post_json(LEGAL, &json!({"variant": "international", "rules": {"mandatory_capture": false}})).await;

    // Assert
    let problem = assert_problem(response, 422, "unsupported_rules").await;
    assert!(detail(&problem).contains("mandatory_capture"), "{problem}");
}

// ---- 429 rate_limited ----

#[tokio::test]
async fn requests_over_the_rate_limit_are_rate_limited_with_retry_after() {
    // Arrange
    let app = spawn_app_with(|c| c.rate_limit_per_minute = Some(2)).await;
    let body = json!({"variant": "english"});
    for _ in 0..2 {
        assert_eq!(app.post_json(LEGAL, &body).await.status(), StatusCode::OK);
    }

    // Act
    let response = app.post_json(LEGAL, &body).await;

    // Assert
    let retry_after = header(response.headers(), "retry-after");
    let seconds: u64 = retry_after.parse().unwrap_or_else(|_| panic!("Retry-After is seconds: {retry_after:?}"));
    assert!((1..=60).contains(&seconds), "{seconds}");
    assert!(!header(response.headers(), "x-request-id").is_empty());
    let problem = assert_problem(response, 429, "rate_limited").await;
    assert!(detail(&problem).contains("retry"), "{problem}");
}

#[tokio::test]
async fn health_stays_reachable_when_rate_limited() {
    // Arrange
    let app = spawn_app_with(|c| c.rate_limit_per_minute = Some(1)).await;
    let _ = app.get("/v1/variants").await;
    assert_eq!(app.get("/v1/variants").await.status(), StatusCode::TOO_MANY_REQUESTS);

    // Act
    let health = app.get("/healthz").await;
    let ready = app.get("/readyz").await;

    // Assert
    assert_eq!(health.status(), StatusCode::OK);
    assert_eq!(ready.status(), StatusCode::OK);
}

#[tokio::test]
async fn without_a_configured_limit_nothing_is_rate_limited() {
    // Arrange
    let app = spawn_app().await;
    let body: Value = json!({"variant": "english"});

    for _ in 0..20 {
        // Act
        let response = app.post_json(LEGAL, &body).await;

        // Assert
        assert_eq!(response.status(), StatusCode::OK);
    }
}
