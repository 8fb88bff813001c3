//! `POST /v1/legal-moves` and `POST /v1/apply-move`: the success shapes of docs/api.md.

use serde_json::{json, Value};

use crate::helpers::{assert_problem, keys, sorted_notations, spawn_app};

const ENGLISH_START_FEN: &str = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

fn quiet(from: u8, to: u8) -> Value {
    json!({
        "notation": format!("{from}-{to}"), "from": from, "to": to,
        "path": [from, to], "captures": [], "promotes": false
    })
}

#[tokio::test]
async fn legal_moves_of_the_english_start_are_the_api_md_example() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let body = app.legal_moves(&json!({"variant": "english"})).await;

    // Assert
    assert_eq!(keys(&body), ["fen", "moves", "side_to_move", "status", "variant"]);
    assert_eq!(body["variant"], "english");
    assert_eq!(body["fen"], ENGLISH_START_FEN);
    assert_eq!(body["side_to_move"], "black");
    assert_eq!(body["status"], json!({"state": "ongoing"}));
    let moves = body["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 7, "{body}");
    // The first two exactly as docs/api.md shows them.
    assert_eq!(moves[0], quiet(9, 13));
    assert_eq!(moves[1], quiet(9, 14));
    let mut expected: Vec<Value> = [(9, 13), (9, 14), (10, 14), (10, 15), (11, 15), (11, 16), (12, 16)]
        .into_iter()
        .map(|(f, t)| quiet(f, t))
        .collect();
    let mut actual = moves.clone();
    let by_notation = |v: &Value| v["notation"].as_str().unwrap().to_owned();
    expected.sort_by_key(by_notation);
    actual.sort_by_key(by_notation);
    assert_eq!(actual, expected);
}

#[tokio::test]
async fn legal_moves_accepts_an_alias_and_answers_with_the_canonical_id() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let body = app.legal_moves(&json!({"variant": "checkers"})).await;

    // Assert
    assert_eq!(body["variant"], "english");
    assert_eq!(body["moves"].as_array().unwrap().len(), 7);
}

#[tokio::test]
async fn legal_moves_show_a_capture_with_its_captured_square() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let body = app.legal_moves(&json!({"variant": "english", "fen": "W:W22:B18,1"})).await;

    // Assert
    assert_eq!(
        body["moves"],
        json!([{ "notation": "22x15", "from": 22, "to": 15, "path": [22, 15],
                 "captures": [18], "promotes": false }])
    );
}

#[tokio::test]
async fn legal_moves_show_a_multi_capture_path_and_captures_in_order() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let body = app.legal_moves(&json!({"variant": "english", "fen": "W:W22,26:B10,18"})).await;

    // Assert
    assert_eq!(
        body["moves"],
        json!([{ "notation": "22x6", "from": 22, "to": 6, "path": [22, 15, 6],
                 "captures": [18, 10], "promotes": false }])
    );
}

#[tokio::test]
async fn legal_moves_mark_a_crowning_move_as_promoting() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let body = app.legal_moves(&json!({"variant": "english", "fen": "B:W5:B27"})).await;

    // Assert
    assert_eq!(sorted_notations(&body["moves"]), ["27-31", "27-32"]);
    for mv in body["moves"].as_array().unwrap() {
        assert_eq!(mv["promotes"], true, "{mv}");
    }
}

#[tokio::test]
async fn legal_moves_on_an_algebraic_board_name_squares_as_strings() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let body = app.legal_moves(&json!({"variant": "russian"})).await;

    // Assert
    assert_eq!(body["variant"], "russian");
    assert_eq!(body["side_to_move"], "white");
    let moves = body["moves"].as_array().unwrap();
    assert!(
        moves.contains(&json!({
            "notation": "c3-d4", "from": "c3", "to": "d4", "path": ["c3", "d4"],
            "captures": [], "promotes": false
        })),
        "{body}"
    );
    let is_square = |v: &Value| {
        v.as_str().is_some_and(|s| {
            let b = s.as_bytes();
            b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1])
        })
    };
    for mv in moves {
        assert!(is_square(&mv["from"]) && is_square(&mv["to"]), "{mv}");
        assert!(mv["path"].as_array().unwrap().iter().all(is_square), "{mv}");
    }
}

#[tokio::test]
async fn legal_moves_on_an_algebraic_board_name_captured_squares_as_strings() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let body = app.legal_moves(&json!({"variant": "russian", "fen": "W:Wc3:Bd4,h8"})).await;

    // Assert
    assert_eq!(
        body["moves"],
        json!([{ "notation": "c3xe5", "from": "c3", "to": "e5", "path": ["c3", "e5"],
                 "captures": ["d4"], "promotes": false }])
    );
}

#[tokio::test]
async fn legal_moves_replay_the_history_given() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let body = app.legal_moves(&json!({"variant": "english", "moves": ["11-15", "23-19"]})).await;

    // Assert
    assert_eq!(body["side_to_move"], "black");
    assert_eq!(body["fen"], "B:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15");
}

#[tokio::test]
async fn apply_move_answers_the_move_the_new_position_and_the_replies() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let body = app.apply_move(&json!({"variant": "english", "move": "11-15"})).await;

    // Assert
    assert_eq!(keys(&body), ["fen", "move", "moves", "side_to_move", "status"]);
    assert_eq!(body["move"], quiet(11, 15));
    assert_eq!(body["fen"], "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15");
    assert_eq!(body["side_to_move"], "white");
    assert_eq!(body["status"], json!({"state": "ongoing"}));
    assert_eq!(sorted_notations(&body["moves"]), ["21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"]);
    for mv in body["moves"].as_array().unwrap() {
        assert_eq!(keys(mv), ["captures", "from", "notation", "path", "promotes", "to"]);
    }
}

#[tokio::test]
async fn apply_move_accepts_a_full_capture_path_and_answers_the_short_notation() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let body = app.apply_move(&json!({"variant": "english", "fen": "W:W22,26:B10,18", "move": "22x15x6"})).await;

    // Assert
    assert_eq!(body["move"]["notation"], "22x6");
    assert_eq!(body["move"]["path"], json!([22, 15, 6]));
    assert_eq!(body["move"]["captures"], json!([18, 10]));
}

#[tokio::test]
async fn apply_move_accepts_the_colon_capture_form_on_algebraic_boards() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let body = app.apply_move(&json!({"variant": "russian", "fen": "W:Wc3:Bd4,h8", "move": "c3:e5"})).await;

    // Assert
    assert_eq!(body["move"]["notation"], "c3xe5");
    assert_eq!(body["move"]["captures"], json!(["d4"]));
    assert_eq!(body["side_to_move"], "black");
}

#[tokio::test]
async fn apply_move_agrees_with_legal_moves_after_the_same_history() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let applied = app.apply_move(&json!({"variant": "english", "moves": ["11-15"], "move": "23-19"})).await;
    let listed = app.legal_moves(&json!({"variant": "english", "moves": ["11-15", "23-19"]})).await;

    // Assert
    for field in ["fen", "side_to_move", "status", "moves"] {
        assert_eq!(applied[field], listed[field], "{field}");
    }
}

#[tokio::test]
async fn a_json_body_sent_as_text_plain_is_read() {
    // Arrange: browsers send text/plain to skip a CORS preflight.
    let app = spawn_app().await;

    // Act
    let response = app.post_raw("/v1/legal-moves", r#"{"variant":"english"}"#, "text/plain").await;

    // Assert
    let body = crate::helpers::ok_json(response).await;
    assert_eq!(body["moves"].as_array().unwrap().len(), 7);
}

#[tokio::test]
async fn unknown_trailing_fen_fields_are_ignored() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let body = app.legal_moves(&json!({"variant": "english", "fen": "B:W21-32:B1-12:H0:F1"})).await;

    // Assert
    assert_eq!(body["fen"], ENGLISH_START_FEN);
    assert_eq!(body["moves"].as_array().unwrap().len(), 7);
}

#[tokio::test]
async fn optional_capture_adds_the_quiet_moves_to_the_captures() {
    // Arrange
    let app = spawn_app().await;
    let fen = "W:W22:B18,1";

    // Act
    let mandatory = app.legal_moves(&json!({"variant": "english", "fen": fen})).await;
    let optional = app
        .legal_moves(&json!({"variant": "english", "fen": fen,
                             "rules": {"mandatory_capture": false}}))
        .await;

    // Assert
    assert_eq!(sorted_notations(&mandatory["moves"]), ["22x15"]);
    assert_eq!(sorted_notations(&optional["moves"]), ["22-17", "22x15"]);
}

#[tokio::test]
async fn a_game_reads_the_same_however_its_json_is_spelled() {
    // Arrange: the first two bodies are read by the hand-written reader, the others by serde
    // (an escape, `rules`).
    let app = spawn_app().await;
    let bodies = [
        r#"{"variant":"english","moves":["11-15","23-19","8-11"]}"#,
        " {\n\t\"moves\" : [ \"11-15\" ,\"23-19\", \"8-11\" ] ,\"fen\":null, \"variant\" : \"english\" }\r\n",
        r#"{"variant":"english","moves":["11\u002d15","23-19","8-11"]}"#,
        r#"{"variant":"english","moves":["11-15","23-19","8-11"],"rules":null}"#,
        r#"{"variant":"\u0065nglish","moves":["11-15","23-19","8-11"]}"#,
    ];

    // Act
    let mut answers = Vec::new();
    for body in bodies {
        let response = app.post_raw("/v1/legal-moves", body, "application/json").await;
        answers.push(crate::helpers::ok_json(response).await);
    }

    // Assert
    assert!(!answers[0]["moves"].as_array().unwrap().is_empty());
    for (body, answer) in bodies.iter().zip(&answers) {
        assert_eq!(answer, &answers[0], "{body}");
    }
}

#[tokio::test]
async fn a_frisian_king_held_by_the_king_move_limit_is_not_offered_and_the_limit_can_be_lifted() {
    // Arrange: three moves in a row of White's king, 46-41-46-41, while White has a man.
    let app = spawn_app().await;
    let moves = ["46-41", "1-6", "41-46", "6-1", "46-41", "1-6"];
    let game = json!({"variant": "frisian", "fen": "W:W45,K46:BK1", "moves": moves});
    let lifted = json!({"variant": "frisian", "fen": "W:W45,K46:BK1", "moves": moves, "rules": {"king_move_limit": 0}});

    // Act
    let held = app.legal_moves(&game).await;
    let free = app.legal_moves(&lifted).await;

    // Assert
    assert_eq!(sorted_notations(&held["moves"]), ["45-40"], "{held}");
    assert!(sorted_notations(&free["moves"]).contains(&"41-36".to_owned()), "{free}");
    let refused = app
        .post_json(
            "/v1/apply-move",
            &json!({"variant": "frisian", "fen": "W:W45,K46:BK1", "moves": moves, "move": "41-36"}),
        )
        .await;
    assert_eq!(refused.status().as_u16(), 422);
}

#[tokio::test]
async fn antidraughts_and_breakthrough_report_their_own_wins() {
    // Arrange
    let app = spawn_app().await;

    // Act: White gives its last man away; White crowns the first king.
    let given = app
        .apply_move(&json!({"variant": "antidraughts", "fen": "W:W32:B23", "moves": ["32-28"], "move": "23x32"}))
        .await;
    let crowned = app.apply_move(&json!({"variant": "breakthrough", "fen": "W:W6,40:B45", "move": "6-1"})).await;

    // Assert
    assert_eq!(given["status"], json!({"state": "win", "winner": "white", "reason": "no_pieces"}));
    assert_eq!(crowned["status"], json!({"state": "win", "winner": "white", "reason": "first_king"}));
}

#[tokio::test]
async fn canadian_names_its_squares_up_to_72_and_plays_across_the_12x12_board() {
    // Arrange
    let app = spawn_app().await;

    // Act: the start's moves; a king taking a man from one corner of the long diagonal to the
    // other; a square beyond the board.
    let start = app.legal_moves(&json!({"variant": "canadian"})).await;
    let across = app.legal_moves(&json!({"variant": "canadian", "fen": "W:WK67:B12"})).await;
    let beyond = app.post_json("/v1/legal-moves", &json!({"variant": "canadian", "fen": "W:W73:B1"})).await;

    // Assert
    let notations = |body: &Value| -> Vec<String> {
        body["moves"].as_array().expect("moves").iter().map(|m| m["notation"].as_str().unwrap().to_owned()).collect()
    };
    assert_eq!(notations(&start).len(), 11, "{start}");
    assert!(notations(&start).contains(&"43-37".to_owned()), "{start}");
    assert_eq!(notations(&across), ["67x6"], "{across}");
    assert_eq!(across["moves"][0]["captures"], json!([12]));
    let problem = assert_problem(beyond, 422, "invalid_position").await;
    assert!(problem["detail"].as_str().is_some_and(|d| d.contains("73")), "{problem}");
}
