//! The contract is the schema: the OpenAPI document states every bound the server enforces,
//! a request the schema allows is refused only for what it means (422, or 404 for a name that
//! is no variant), never for its form (400), and a request the schema excludes gets 400 with
//! a detail in the API's words.

use draughts_api::http::config::Config;
use regex::Regex;
use serde_json::{json, Value};

use crate::helpers::{assert_problem, detail, ok_json, spawn_app, TestApp};

const LEGAL: &str = "/v1/legal-moves";
const APPLY: &str = "/v1/apply-move";

/// The served OpenAPI document.
async fn document(app: &TestApp) -> Value {
    ok_json(app.get("/api-docs/openapi.json").await).await
}

/// `schema`, or the component its `$ref` names.
fn resolve<'a>(document: &'a Value, schema: &'a Value) -> &'a Value {
    match schema["$ref"].as_str() {
        Some(reference) => {
            let name = reference.strip_prefix("#/components/schemas/").expect("a reference to a component");
            &document["components"]["schemas"][name]
        }
        None => schema,
    }
}

/// The served pattern of a component, compiled.
fn pattern(document: &Value, component: &str) -> Regex {
    let text = document["components"]["schemas"][component]["pattern"].as_str().expect("a pattern");
    Regex::new(text).expect("the pattern is a regular expression")
}

/// Every place in `schema` (at `path`) where a value the client sends is not bounded: an
/// integer without `minimum` and `maximum`, a string without `maxLength` (or an `enum`), an
/// array without `maxItems`.
fn unbounded(document: &Value, schema: &Value, path: &str, found: &mut Vec<String>) {
    let schema = resolve(document, schema);
    for key in ["oneOf", "anyOf", "allOf"] {
        for part in schema[key].as_array().into_iter().flatten() {
            unbounded(document, part, path, found);
        }
    }
    let types: Vec<&str> = match &schema["type"] {
        Value::String(one) => vec![one.as_str()],
        Value::Array(many) => many.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    if types.contains(&"integer") && (schema["minimum"].is_null() || schema["maximum"].is_null()) {
        found.push(format!("{path}: an integer without minimum and maximum"));
    }
    if types.contains(&"string") && schema["maxLength"].is_null() && schema["enum"].is_null() {
        found.push(format!("{path}: a string without maxLength"));
    }
    if types.contains(&"array") {
        if schema["maxItems"].is_null() {
            found.push(format!("{path}: an array without maxItems"));
        }
        unbounded(document, &schema["items"], &format!("{path}[]"), found);
    }
    for (name, property) in schema["properties"].as_object().into_iter().flatten() {
        unbounded(document, property, &format!("{path}.{name}"), found);
    }
}

#[tokio::test]
async fn every_value_a_request_carries_is_bounded_in_the_schema() {
    // Arrange
    let app = spawn_app().await;
    let document = document(&app).await;
    let mut found = Vec::new();
    let mut looked_at = 0;

    // Act: every request body and every parameter of every operation.
    for (path, item) in document["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("a path item") {
            for (media, content) in operation["requestBody"]["content"].as_object().into_iter().flatten() {
                looked_at += 1;
                unbounded(&document, &content["schema"], &format!("{method} {path} body ({media})"), &mut found);
            }
            for parameter in operation["parameters"].as_array().into_iter().flatten() {
                looked_at += 1;
                let at = format!("{method} {path} {} {}", parameter["in"], parameter["name"]);
                unbounded(&document, &parameter["schema"], &at, &mut found);
            }
        }
    }

    // Assert
    assert!(looked_at >= 9, "three bodies, five query parameters and a path parameter: {looked_at}");
    assert!(found.is_empty(), "unbounded request values:\n{}", found.join("\n"));
}

#[tokio::test]
async fn the_schema_states_the_bounds_the_server_enforces() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let document = document(&app).await;

    // Assert
    let schemas = &document["components"]["schemas"];
    let draw = &schemas["DrawOverrides"]["properties"];
    assert_eq!((&draw["repetitions"]["minimum"], &draw["repetitions"]["maximum"]), (&json!(0), &json!(255)));
    assert_eq!((&draw["quiet_moves"]["minimum"], &draw["quiet_moves"]["maximum"]), (&json!(0), &json!(65535)));
    for body in ["LegalMovesBody", "ApplyMoveBody", "AiMoveBody"] {
        let moves = &schemas[body]["properties"]["moves"];
        assert_eq!(moves["maxItems"], json!(Config::default().max_moves), "{body}");
        assert_eq!(moves["items"]["$ref"], "#/components/schemas/MoveText", "{body}");
        assert_eq!(schemas[body]["properties"]["fen"]["oneOf"][1]["$ref"], "#/components/schemas/Fen", "{body}");
    }
    assert_eq!(schemas["ApplyMoveBody"]["properties"]["move"]["$ref"], "#/components/schemas/MoveText");
    assert_eq!(schemas["Fen"]["maxLength"], 256);
    assert_eq!(schemas["MoveText"]["maxLength"], 60);
    let fen = pattern(&document, "Fen");
    for text in ["W:W31-50:B1-20", "B:WK30,32:BK1,5", "W:Wa1,c1,Kd6:Bb8", "B:W21-32:B1-12:H0:F1."] {
        assert!(fen.is_match(text), "{text}");
    }
    for text in ["", "X:W1:B2", "W:W1", "W:W1,,2:B3", "W:Wa1-c3:B"] {
        assert!(!fen.is_match(text), "{text:?}");
    }
    let move_text = pattern(&document, "MoveText");
    for text in ["32-28", "15x24x33", "c3-d4", "c3:e5", "22×15", " 22 x 15 "] {
        assert!(move_text.is_match(text), "{text}");
    }
    for text in ["", "11", "11-", "11_15", "1111-15", "c3-d"] {
        assert!(!move_text.is_match(text), "{text:?}");
    }
}

#[tokio::test]
async fn a_fen_of_the_schemas_form_naming_a_square_off_the_board_is_invalid_position() {
    // Arrange
    let app = spawn_app().await;
    let fen = "W:W51:B1";
    assert!(pattern(&document(&app).await, "Fen").is_match(fen));

    for variant in ["international", "russian"] {
        // Act
        let response = app.post_json(LEGAL, &json!({"variant": variant, "fen": fen})).await;

        // Assert: 51 is no square of 10x10 board; Russian names its squares algebraically.
        let problem = assert_problem(response, 422, "invalid_position").await;
        assert!(detail(&problem).contains("\"51\""), "{problem}");
    }
    let backwards = app.post_json(LEGAL, &json!({"variant": "english", "fen": "W:W9-5:B1"})).await;
    let problem = assert_problem(backwards, 422, "invalid_position").await;
    assert!(detail(&problem).contains("backwards"), "{problem}");
}

#[tokio::test]
async fn a_move_of_the_schemas_form_naming_a_square_off_the_board_is_illegal_move() {
    // Arrange
    let app = spawn_app().await;
    let texts = ["11-99", "c3-d9", "a1-i9"];
    let move_text = pattern(&document(&app).await, "MoveText");
    assert!(texts.iter().all(|text| move_text.is_match(text)));

    for (variant, text, square) in [("english", "11-99", "99"), ("english", "c3-d9", "d9"), ("turkish", "a1-i9", "i9")]
    {
        // Act
        let in_history = app.post_json(LEGAL, &json!({"variant": variant, "moves": [text]})).await;
        let to_apply = app.post_json(APPLY, &json!({"variant": variant, "move": text})).await;

        // Assert
        let problem = assert_problem(in_history, 422, "illegal_move").await;
        assert_eq!(problem["move_index"], 0, "{problem}");
        assert!(detail(&problem).contains(&format!("\"{square}\"")), "{problem}");
        assert!(!problem["legal_moves"].as_array().expect("the legal moves").is_empty(), "{problem}");
        let problem = assert_problem(to_apply, 422, "illegal_move").await;
        assert!(detail(&problem).starts_with(&format!("move: {text} ")), "{problem}");
    }
}

#[tokio::test]
async fn a_move_of_the_wrong_form_is_invalid_move_syntax_even_after_the_game_ended() {
    // Arrange: black takes white's last piece, then a text that is no move text.
    let app = spawn_app().await;

    // Act
    let response =
        app.post_json(LEGAL, &json!({"variant": "english", "fen": "B:W22:B18", "moves": ["18x25", "25-"]})).await;

    // Assert
    let problem = assert_problem(response, 400, "invalid_move_syntax").await;
    assert_eq!(problem["move_index"], 1, "{problem}");
}

#[tokio::test]
async fn a_number_out_of_its_stated_range_is_refused_naming_the_field_and_the_range() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let rules = app
        .post_json(LEGAL, &json!({"variant": "english", "rules": {"draw": {"repetitions": 2_147_483_646_u32}}}))
        .await;
    let seed = app.post_json("/v1/ai-move", &json!({"variant": "english", "seed": 4_294_967_296_u64})).await;

    // Assert
    let problem = assert_problem(rules, 400, "invalid_rules").await;
    assert_eq!(
        detail(&problem),
        "rules.draw.repetitions: invalid value: integer `2147483646`, expected a whole number from 0 to 255"
    );
    let problem = assert_problem(seed, 400, "invalid_json").await;
    assert!(detail(&problem).starts_with("seed: "), "{problem}");
    assert!(detail(&problem).ends_with("expected a whole number from 0 to 4294967295"), "{problem}");
}

#[tokio::test]
async fn texts_longer_than_the_schema_allows_are_refused_for_their_form() {
    // Arrange: of the right form but for their length.
    let app = spawn_app().await;
    let fen = format!("W:W1:B2:{}", "H".repeat(300));
    let text = format!("1-{}2", " ".repeat(60));

    // Act
    let long_fen = app.post_json(LEGAL, &json!({"variant": "english", "fen": fen})).await;
    let long_move = app.post_json(APPLY, &json!({"variant": "english", "move": text})).await;

    // Assert
    let problem = assert_problem(long_fen, 400, "invalid_fen").await;
    assert!(detail(&problem).contains("at most 256"), "{problem}");
    let problem = assert_problem(long_move, 400, "invalid_move_syntax").await;
    assert!(detail(&problem).contains("at most 60"), "{problem}");
}

#[tokio::test]
async fn board_svg_query_errors_are_problems_in_the_apis_own_words() {
    // Arrange
    let app = spawn_app().await;
    let cases = [
        ("size=abc", "variant is required"),
        (
            "variant=english&colour=red",
            "\"colour\" is not a parameter of this endpoint; its parameters are variant, fen, last_move, flip, size",
        ),
        ("variant=english&fen=W:W1:B2&fen=W:W1:B3", "fen is given more than once"),
        ("variant=english&size=abc", "size: \"abc\" is not a whole number from 64 to 2048"),
    ];

    for (query, expected) in cases {
        // Act
        let response = app.get(&format!("/v1/board.svg?{query}")).await;

        // Assert
        let problem = assert_problem(response, 400, "invalid_query").await;
        assert_eq!(detail(&problem), expected, "{query}");
    }
}

#[tokio::test]
async fn echoed_client_input_is_cut_short() {
    // Arrange
    let app = spawn_app().await;
    let name = "x".repeat(5000);

    // Act
    let body = app.post_json(LEGAL, &json!({"variant": name})).await;
    let path = app.get(&format!("/v1/variants/{name}")).await;
    let query = app.get(&format!("/v1/board.svg?variant=english&{name}=1")).await;

    // Assert
    for (response, status, code) in
        [(body, 404, "unknown_variant"), (path, 404, "unknown_variant"), (query, 400, "invalid_query")]
    {
        let problem = assert_problem(response, status, code).await;
        let text = detail(&problem);
        assert!(text.contains(&format!("\"{}\"…", "x".repeat(100))), "{text}");
        assert!(text.chars().count() < 300, "{} characters", text.chars().count());
    }
}
