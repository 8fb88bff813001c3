//! `GET /v1/variants` and `GET /v1/variants/{variant}`.

use reqwest::header::IF_NONE_MATCH;
use reqwest::{Method, StatusCode};
use serde_json::Value;

use crate::helpers::{assert_problem, header, ok_json, spawn_app, VARIANT_IDS};

/// The PDN GameType each variant lists (PDN 3.0; for Frysk!, lidraughts' 97; 20 for
/// antidraughts and breakthrough, which PDN does not number).
const GAME_TYPES: [(&str, u64); 15] = [
    ("english", 21),
    ("russian", 25),
    ("brazilian", 26),
    ("international", 20),
    ("spanish", 24),
    ("italian", 22),
    ("czech", 29),
    ("turkish", 30),
    ("frisian", 40),
    ("frysk", 97),
    ("pool", 23),
    ("thai", 31),
    ("antidraughts", 20),
    ("breakthrough", 20),
    ("canadian", 27),
];

#[tokio::test]
async fn variants_lists_every_variant_with_its_fields() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.get("/v1/variants").await;

    // Assert
    let body = ok_json(response).await;
    let variants = body.as_array().expect("a list");
    assert_eq!(variants.len(), VARIANT_IDS.len(), "{body}");
    let mut ids: Vec<&str> = variants.iter().map(|v| v["id"].as_str().expect("an id")).collect();
    ids.sort_unstable();
    let mut expected = VARIANT_IDS.to_vec();
    expected.sort_unstable();
    assert_eq!(ids, expected);
    for variant in variants {
        assert!(variant["name"].as_str().is_some_and(|n| !n.is_empty()), "{variant}");
        let size = variant["board_size"].as_u64().expect("a board size");
        let fen = variant["fen"].as_str().expect("a start fen");
        assert!(fen.starts_with("W:") || fen.starts_with("B:"), "{fen}");
        assert!(variant["rules"].is_object(), "{variant}");
        let draw = &variant["draw"];
        assert!(draw["repetitions"].is_u64(), "{variant}");
        assert!(draw["quiet_moves"].is_u64(), "{variant}");
        assert!(draw["quiet_reset"].is_string(), "{variant}");
        assert!(draw["endgame"].is_boolean(), "{variant}");
        let ten_by_ten = ["international", "frisian", "frysk", "antidraughts", "breakthrough"];
        let expected_size = match variant["id"].as_str() {
            Some("canadian") => 12,
            Some(id) if ten_by_ten.contains(&id) => 10,
            _ => 8,
        };
        assert_eq!(size, expected_size, "{variant}");
        let game_type = GAME_TYPES.iter().find(|(id, _)| variant["id"] == *id).map(|(_, n)| *n);
        assert_eq!(variant["pdn_game_type"].as_u64(), game_type, "{variant}");
    }
    let english = variants.iter().find(|v| v["id"] == "english").unwrap();
    assert_eq!(english["fen"], "B:W21-32:B1-12");
    let rules = |id: &str| variants.iter().find(|v| v["id"] == id).unwrap()["rules"].clone();
    assert_eq!(rules("english")["goal"], "no_piece_or_move_loses");
    assert_eq!(rules("antidraughts")["goal"], "no_piece_or_move_wins");
    assert_eq!(rules("breakthrough")["goal"], "first_king_wins");
    assert_eq!(rules("thai")["king_lands_directly_behind"], true);
    assert_eq!(rules("thai")["captured_pieces_removed"], "immediately_passing");
    assert_eq!(rules("pool")["king_lands_directly_behind"], false);
    assert_eq!(rules("pool")["capture_precedence"], serde_json::json!([]));
    assert_eq!(rules("frisian")["straight_captures"], true);
    assert_eq!(rules("frisian")["king_move_limit"], 3);
    assert_eq!(rules("frisian")["capture_precedence"], serde_json::json!(["most_value", "with_king"]));
    assert_eq!(rules("international")["straight_captures"], false);
    let canadian = variants.iter().find(|v| v["id"] == "canadian").unwrap();
    assert_eq!((canadian["squares"].as_u64(), canadian["fen"].as_str()), (Some(72), Some("W:W43-72:B1-30")));
    let mut canadian_rules = rules("canadian");
    assert_eq!(canadian_rules["men_per_side"], 30);
    canadian_rules["men_per_side"] = 20.into();
    assert_eq!(canadian_rules, rules("international"), "otherwise International's rules");
}

#[tokio::test]
async fn variants_carry_etag_and_cache_control() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.get("/v1/variants").await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let etag = header(response.headers(), "etag");
    let cache_control = header(response.headers(), "cache-control");
    assert!(etag.starts_with('"') && etag.len() > 2, "ETag {etag:?}");
    assert!(cache_control.contains("max-age="), "Cache-Control {cache_control:?}");
}

#[tokio::test]
async fn variants_with_a_matching_if_none_match_answer_304() {
    // Arrange
    let app = spawn_app().await;
    let first = app.get("/v1/variants").await;
    let etag = header(first.headers(), "etag");

    // Act
    let second = app.request(Method::GET, "/v1/variants").header(IF_NONE_MATCH, &etag).send().await.unwrap();

    // Assert
    assert_eq!(second.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(header(second.headers(), "etag"), etag);
    assert!(second.bytes().await.unwrap().is_empty());
}

#[tokio::test]
async fn variants_with_a_stale_if_none_match_answer_200() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response =
        app.request(Method::GET, "/v1/variants").header(IF_NONE_MATCH, "\"not-the-tag\"").send().await.unwrap();

    // Assert
    assert_eq!(ok_json(response).await.as_array().unwrap().len(), VARIANT_IDS.len());
}

#[tokio::test]
async fn one_variant_is_served_by_id_with_caching_headers() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.get("/v1/variants/international").await;

    // Assert
    assert!(!header(response.headers(), "etag").is_empty());
    assert!(header(response.headers(), "cache-control").contains("max-age="));
    let body = ok_json(response).await;
    assert_eq!(body["id"], "international");
    assert_eq!(body["board_size"], 10);
    assert_eq!(body["fen"], "W:W31-50:B1-20");
    for field in ["name", "rules", "draw"] {
        assert!(!body[field].is_null(), "{field} in {body}");
    }
}

#[tokio::test]
async fn one_variant_is_served_by_alias_as_the_canonical_variant() {
    // Arrange
    let app = spawn_app().await;
    let english = ok_json(app.get("/v1/variants/english").await).await;

    for alias in ["checkers", "american"] {
        // Act
        let body = ok_json(app.get(&format!("/v1/variants/{alias}")).await).await;

        // Assert
        assert_eq!(body["id"], "english", "{alias}");
        assert_eq!(body, english, "{alias}");
    }
    let polish = ok_json(app.get("/v1/variants/polish").await).await;
    assert_eq!(polish["id"], "international");
}

#[tokio::test]
async fn one_variant_matches_its_entry_in_the_list() {
    // Arrange
    let app = spawn_app().await;
    let all = ok_json(app.get("/v1/variants").await).await;

    for variant in all.as_array().unwrap() {
        // Act
        let id = variant["id"].as_str().unwrap();
        let one: Value = ok_json(app.get(&format!("/v1/variants/{id}")).await).await;

        // Assert
        assert_eq!(&one, variant, "{id}");
    }
}

#[tokio::test]
async fn an_unknown_variant_id_is_unknown_variant() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.get("/v1/variants/chess").await;

    // Assert
    let problem = assert_problem(response, 404, "unknown_variant").await;
    assert!(problem["detail"].as_str().unwrap().contains("chess"), "{problem}");
}

#[tokio::test]
async fn variants_with_a_weak_form_of_the_etag_answer_304() {
    // Arrange: RFC 9110 13.1.2, If-None-Match uses the weak comparison (proxies that
    // compress a body turn its ETag weak).
    let app = spawn_app().await;
    let etag = header(app.get("/v1/variants").await.headers(), "etag");

    // Act
    let response =
        app.request(Method::GET, "/v1/variants").header(IF_NONE_MATCH, format!("W/{etag}")).send().await.unwrap();

    // Assert
    assert_eq!(response.status(), StatusCode::NOT_MODIFIED);
}

#[tokio::test]
async fn head_on_variants_is_answered_like_get_without_a_body() {
    // Arrange
    let app = spawn_app().await;
    let etag = header(app.get("/v1/variants").await.headers(), "etag");

    // Act
    let response = app.request(Method::HEAD, "/v1/variants").send().await.unwrap();

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header(response.headers(), "etag"), etag);
    assert!(response.bytes().await.unwrap().is_empty());
}

/// Where `square` is drawn in `variant`'s layout: `(row, column)`.
fn drawn_at(variants: &[Value], variant: &str, square: Value) -> (u64, u64) {
    let layout = variants.iter().find(|v| v["id"] == variant).expect("the variant")["layout"].as_array().unwrap();
    let place = layout.iter().find(|p| p["square"] == square).unwrap_or_else(|| panic!("{variant} has {square}"));
    (place["row"].as_u64().unwrap(), place["column"].as_u64().unwrap())
}

#[tokio::test]
async fn every_variant_gives_each_square_its_row_and_column_as_docs_rules_md_draws_them() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let body = ok_json(app.get("/v1/variants").await).await;

    // Assert: every playable square once, on the board, in the dark-square pattern of its kind.
    let variants = body.as_array().expect("a list");
    for variant in variants {
        let (size, squares) = (variant["board_size"].as_u64().unwrap(), variant["squares"].as_u64().unwrap());
        let layout = variant["layout"].as_array().expect("a layout");
        assert_eq!(layout.len() as u64, squares, "{}", variant["id"]);
        let mut places: Vec<(u64, u64)> =
            layout.iter().map(|p| (p["row"].as_u64().unwrap(), p["column"].as_u64().unwrap())).collect();
        assert!(places.iter().all(|&(row, column)| row < size && column < size), "{}", variant["id"]);
        places.sort_unstable();
        places.dedup();
        assert_eq!(places.len() as u64, squares, "{}: each square in its own place", variant["id"]);
        let numeric = variant["notation"] == "numeric";
        assert!(layout.iter().all(|p| p["square"].is_u64() == numeric), "{}", variant["id"]);
    }
    // docs/rules.md: English 1 = b8, 4 = h8, 5 = a7, 29 = a1.
    for (square, place) in [(1, (0, 1)), (4, (0, 7)), (5, (1, 0)), (29, (7, 0))] {
        assert_eq!(drawn_at(variants, "english", square.into()), place, "english {square}");
    }
    // Spanish 1 = h1, 4 = b1, 5 = g2, 32 = a8.
    for (square, place) in [(1, (7, 7)), (4, (7, 1)), (5, (6, 6)), (32, (0, 0))] {
        assert_eq!(drawn_at(variants, "spanish", square.into()), place, "spanish {square}");
    }
    // Italian 1 = a8, 4 = g8, 5 = b7, 29 = b1, 32 = h1.
    for (square, place) in [(1, (0, 0)), (4, (0, 6)), (5, (1, 1)), (29, (7, 1)), (32, (7, 7))] {
        assert_eq!(drawn_at(variants, "italian", square.into()), place, "italian {square}");
    }
    // International 1 = b10, 5 = j10, 46 = a1, 50 = i1; squares 1..50 in order.
    for (square, place) in [(1, (0, 1)), (5, (0, 9)), (46, (9, 0)), (50, (9, 8))] {
        assert_eq!(drawn_at(variants, "international", square.into()), place, "international {square}");
    }
    let international = variants.iter().find(|v| v["id"] == "international").unwrap();
    let numbers: Vec<u64> =
        international["layout"].as_array().unwrap().iter().map(|p| p["square"].as_u64().unwrap()).collect();
    assert_eq!(numbers, (1..=50).collect::<Vec<u64>>());
    // Algebraic boards: a1 at the bottom left; Turkish plays on every square.
    assert_eq!(drawn_at(variants, "russian", "a1".into()), (7, 0));
    assert_eq!(drawn_at(variants, "russian", "h8".into()), (0, 7));
    assert_eq!(drawn_at(variants, "turkish", "h1".into()), (7, 7));
}
