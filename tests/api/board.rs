//! `GET /v1/board.svg`: the picture parses as SVG with the right pieces on every board, is
//! cacheable, and bad parameters are problems like everywhere else.

use reqwest::header::IF_NONE_MATCH;
use reqwest::{Method, StatusCode};

use crate::helpers::{assert_problem, detail, header, spawn_app, TestApp};

const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// What a picture shows, read with an XML parser.
#[derive(Debug, Default, PartialEq, Eq)]
struct Drawn {
    squares: usize,
    white_men: usize,
    white_kings: usize,
    black_men: usize,
    black_kings: usize,
    highlighted: Vec<String>,
}

fn classes<'a>(node: &roxmltree::Node<'a, '_>) -> Vec<&'a str> {
    node.attribute("class").map(|c| c.split_whitespace().collect()).unwrap_or_default()
}

/// Parses `text` as an SVG document and counts its squares, pieces and highlighted squares.
fn read_svg(text: &str) -> Drawn {
    let document = roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("not XML: {e}\n{text}"));
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.tag_name().namespace(), Some(SVG_NS), "the SVG namespace");
    assert!(root.attribute("viewBox").is_some(), "a viewBox");
    let mut drawn = Drawn::default();
    for node in root.descendants().filter(|n| n.is_element()) {
        assert_eq!(node.tag_name().namespace(), Some(SVG_NS), "every element is SVG: {:?}", node.tag_name());
        let class = classes(&node);
        let square = node.attribute("data-square").map(str::to_owned);
        match (node.tag_name().name(), class.first().copied()) {
            ("rect", Some("square")) => drawn.squares += 1,
            ("rect", Some("highlight")) => drawn.highlighted.push(square.expect("a highlighted square's name")),
            ("g", Some("piece")) => {
                assert!(square.is_some(), "a piece names its square");
                match (class.get(1).copied(), class.get(2).copied()) {
                    (Some("white"), Some("man")) => drawn.white_men += 1,
                    (Some("white"), Some("king")) => drawn.white_kings += 1,
                    (Some("black"), Some("man")) => drawn.black_men += 1,
                    (Some("black"), Some("king")) => drawn.black_kings += 1,
                    other => panic!("a piece of an unknown kind: {other:?}"),
                }
            }
            _ => {}
        }
    }
    drawn
}

async fn get_svg(app: &TestApp, query: &str) -> String {
    let response = app.get(&format!("/v1/board.svg?{query}")).await;
    let status = response.status();
    let content_type = header(response.headers(), "content-type");
    let text = response.text().await.expect("a body");
    assert_eq!(status, StatusCode::OK, "{query}: {text}");
    assert_eq!(content_type, "image/svg+xml", "{query}");
    text
}

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' => char::from(b).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[tokio::test]
async fn board_svg_draws_the_right_pieces_on_all_four_boards() {
    // Arrange
    let app = spawn_app().await;
    // (variant, fen, squares, white men, white kings, black men, black kings)
    let cases: [(&str, Option<&str>, usize, [usize; 4]); 11] = [
        ("english", None, 32, [12, 0, 12, 0]),
        ("english", Some("W:W18,24,27,K10:B12,16,K22,K25,K29"), 32, [3, 1, 2, 3]),
        ("italian", Some("W:W9,K5:B25,K21"), 32, [1, 1, 1, 1]),
        ("russian", Some("W:Wa1,c3,Kh6:Bb8,Kd4"), 32, [2, 1, 1, 1]),
        ("international", None, 50, [20, 0, 20, 0]),
        ("international", Some("W:WK46,28,33:B7,K12,13"), 50, [2, 1, 2, 1]),
        ("turkish", None, 64, [16, 0, 16, 0]),
        ("turkish", Some("W:Wa2,b2,Kd4:Bh7,b7,Kc6,Ke5"), 64, [2, 1, 2, 2]),
        ("turkish", Some("B:W:Bh7"), 64, [0, 0, 1, 0]),
        ("canadian", None, 72, [30, 0, 30, 0]),
        ("canadian", Some("W:WK67,72:B1,K6"), 72, [1, 1, 1, 1]),
    ];

    for (variant, fen, squares, [white_men, white_kings, black_men, black_kings]) in cases {
        // Act
        let query = match fen {
            Some(fen) => format!("variant={variant}&fen={}", encode(fen)),
            None => format!("variant={variant}"),
        };
        let drawn = read_svg(&get_svg(&app, &query).await);

        // Assert
        let expected = Drawn { squares, white_men, white_kings, black_men, black_kings, highlighted: Vec::new() };
        assert_eq!(drawn, expected, "{variant} {fen:?}");
    }
}

#[tokio::test]
async fn board_svg_highlights_the_last_moves_squares() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let quiet = read_svg(&get_svg(&app, "variant=english&fen=W:W21-32:B1-10,12,15&last_move=11-15").await);
    let capture = read_svg(&get_svg(&app, "variant=russian&fen=B:Wg5:Bh8&last_move=c1:e3:g5").await);

    // Assert
    assert_eq!(quiet.highlighted, ["11", "15"]);
    assert_eq!(capture.highlighted, ["c1", "e3", "g5"]);
}

#[tokio::test]
async fn board_svg_size_and_flip_change_the_picture() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let upright = get_svg(&app, "variant=international").await;
    let flipped = get_svg(&app, "variant=international&flip=true").await;
    let small = get_svg(&app, "variant=international&size=200&flip=false").await;

    // Assert
    assert_ne!(upright, flipped);
    let root = |text: &str| {
        let document = roxmltree::Document::parse(text).expect("XML");
        let root = document.root_element();
        (root.attribute("width").map(str::to_owned), root.attribute("height").map(str::to_owned))
    };
    assert_eq!(root(&upright), (Some("480".to_owned()), Some("480".to_owned())));
    assert_eq!(root(&small), (Some("200".to_owned()), Some("200".to_owned())));
    assert_eq!(read_svg(&flipped), read_svg(&upright), "the same pieces either way up");
}

#[tokio::test]
async fn board_svg_carries_etag_and_cache_control_and_answers_304() {
    // Arrange
    let app = spawn_app().await;
    let path = "/v1/board.svg?variant=english&last_move=9-13";
    let first = app.get(path).await;
    assert_eq!(first.status(), StatusCode::OK);
    let etag = header(first.headers(), "etag");
    let cache_control = header(first.headers(), "cache-control");

    // Act
    let again = app.request(Method::GET, path).header(IF_NONE_MATCH, &etag).send().await.unwrap();
    let other = app.request(Method::GET, "/v1/board.svg?variant=english").header(IF_NONE_MATCH, &etag).send().await;
    let head = app.request(Method::HEAD, path).send().await.unwrap();

    // Assert
    assert!(etag.starts_with('"') && etag.len() > 2, "ETag {etag:?}");
    assert!(cache_control.starts_with("public, max-age="), "Cache-Control {cache_control:?}");
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(header(again.headers(), "etag"), etag);
    assert!(again.bytes().await.unwrap().is_empty());
    assert_eq!(other.unwrap().status(), StatusCode::OK, "another picture has another tag");
    assert_eq!(head.status(), StatusCode::OK);
    assert_eq!(header(head.headers(), "etag"), etag);
}

#[tokio::test]
async fn board_svg_refuses_bad_parameters_as_problems() {
    // Arrange
    let app = spawn_app().await;
    let cases = [
        ("", 400, "invalid_query", "variant"),
        ("fen=W:W1:B2", 400, "invalid_query", "variant"),
        ("variant=english&colour=red", 400, "invalid_query", "colour"),
        ("variant=english&size=10", 400, "invalid_query", "size"),
        ("variant=english&size=5000", 400, "invalid_query", "size"),
        ("variant=english&size=big", 400, "invalid_query", "size"),
        ("variant=english&size=100&size=200", 400, "invalid_query", "size"),
        ("variant=english&flip=yes", 400, "invalid_query", "flip"),
        ("variant=chess", 404, "unknown_variant", "chess"),
        ("variant=english&fen=nonsense", 400, "invalid_fen", "FEN"),
        ("variant=english&fen=W:W3z:B1", 400, "invalid_fen", "3z"),
        ("variant=english&fen=W:W33:B1", 422, "invalid_position", "33"),
        ("variant=english&fen=W:W13-25:B1", 422, "invalid_position", "13 pieces"),
        ("variant=english&fen=W:W1:B20", 422, "invalid_position", "crowning row"),
        ("variant=english&last_move=11-33", 422, "unknown_square", "last_move"),
        ("variant=english&last_move=11", 400, "invalid_move_syntax", "last_move"),
        ("variant=english&last_move=11-3z", 400, "invalid_move_syntax", "3z"),
        ("variant=russian&last_move=11-15", 422, "unknown_square", "algebraically"),
        ("variant=turkish&last_move=a1-i9", 422, "unknown_square", "i9"),
        ("variant=english&last_move=", 400, "invalid_move_syntax", "empty"),
    ];

    for (query, status, code, mentions) in cases {
        // Act
        let response = app.get(&format!("/v1/board.svg?{query}")).await;

        // Assert
        let problem = assert_problem(response, status, code).await;
        assert!(detail(&problem).contains(mentions), "{query}: {problem}");
    }
}

#[tokio::test]
async fn board_svg_is_get_only() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.request(Method::POST, "/v1/board.svg?variant=english").send().await.unwrap();

    // Assert
    let allow = header(response.headers(), "allow");
    assert_problem(response, 405, "method_not_allowed").await;
    assert_eq!(allow, "GET, HEAD");
}
