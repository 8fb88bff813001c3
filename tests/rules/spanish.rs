//! Spanish draughts: what sets it apart from its neighbours. docs/rules.md §6.
//! Squares are written algebraically here (the board's playable squares are those with file
//! + rank even: h1 is playable, a1 is not); the service writes Spanish moves as numbers.

use super::{assert_legal, legal};
use draughts_api::rules::Variant;

#[test]
fn spanish_quality_rule_takes_the_king_among_equal_captures() {
    // docs/rules.md §6: quantity rule, then most kings. e4 can take the man on d5 or the king on f5.
    let fen = "W:We4:Bd5,Kf5,a8";
    assert_eq!(legal(Variant::Spanish, fen).len(), 1);
    let only = legal(Variant::Spanish, fen).into_iter().next().unwrap();
    let expected = legal(Variant::Spanish, "W:We4:Bf5,a8").into_iter().next().unwrap();
    assert_eq!(only, expected, "the capture of the king");
}

#[test]
fn spanish_quantity_rule_comes_before_quality() {
    // docs/rules.md §6: two men outrank one king: e4 takes d5 then b7, or the king on f5.
    let two_men = legal(Variant::Spanish, "W:We4:Bd5,b7,Kf5,g8");
    assert_eq!(two_men.len(), 1, "{two_men:?}");
    assert_eq!(legal(Variant::Spanish, "W:We4:Bd5,b7,g8"), two_men);
}

#[test]
fn spanish_men_capture_forward_only() {
    // docs/rules.md §6: a man captures forward only. Black man d3 behind white e4, c2 empty.
    let moves = legal(Variant::Spanish, "W:We4:Bd3,g8");
    assert!(moves.iter().all(|m| !m.contains('x')), "{moves:?}");
    assert_eq!(moves.len(), 2);
}

#[test]
fn spanish_kings_fly() {
    // docs/rules.md §6: flying kings; a king on b1 takes e4 from a distance.
    let moves = legal(Variant::Spanish, "W:WKb1:Be4,a8");
    assert_eq!(moves.len(), 3, "landings f5, g6, h7: {moves:?}");
}

#[test]
fn spanish_numbering_starts_at_white_near_right() {
    // docs/rules.md §6, PDN N1: 1 = h1, White on 1-12 at the start.
    assert_legal(Variant::Spanish, "W:W1:B32", &["1-5"]);
    assert_eq!(legal(Variant::Spanish, "W:W1-12:B21-32").len(), 7);
}
