//! Spanish draughts (docs/rules.md §6): the board turned so a playing square is at each
//! player's near right, numbered from White's near-right corner (1 = h1); men capture forward
//! only, flying kings, the quantity rule then the quality rule (most kings), a man reaching the
//! far row ends his move; draws by threefold repetition and 20 king moves each.
//!
//! Positions are written algebraically (the playable squares are those with file + rank odd,
//! a = 1: h1 is playable, a1 is not); moves are written as numbers: rank 1 is 1 = h1, 2 = f1,
//! 3 = d1, 4 = b1; rank 2 is 5 = g2 … 8 = a2; and so on up to rank 8, 29 = g8 … 32 = a8.

use super::{assert_draw, assert_legal, find, legal, quiet_moves_only, repetition_only, DrawCase};
use draughts_api::rules::ruleset::Spanish;
use draughts_api::rules::{Color, DrawReason, Position};

#[test]
fn numbering_starts_at_white_near_right_and_white_moves_first() {
    // docs/rules.md §6, PDN N1: 1 = h1, White on 1-12 at the start.
    assert_legal::<Spanish>("W:W1:B32", &["1-5"]);
    let start = Position::<Spanish>::start();
    assert_eq!(start.side_to_move(), Color::White);
    assert_eq!(legal::<Spanish>("W:W1-12:B21-32").len(), 7);
    let expected = ["12-16", "12-15", "11-15", "11-14", "10-14", "10-13", "9-13"];
    assert_legal::<Spanish>("W:W1-12:B21-32", &expected);
    assert_eq!(Position::<Spanish>::from_fen("W:W1-12:B21-32").unwrap(), start);
}

#[test]
fn quality_rule_takes_the_king_among_equal_captures() {
    // docs/rules.md §6: quantity rule, then most kings. e4 (14) can take the man on d5 or the
    // king on f5, landing on g6 (21): it must take the king.
    let fen = "W:We4:Bd5,Kf5,a8";
    assert_eq!(legal::<Spanish>(fen).len(), 1);
    assert_eq!(legal::<Spanish>(fen), legal::<Spanish>("W:We4:Bf5,a8"), "the capture of the king");
    assert_legal::<Spanish>(fen, &["14x21"]);
}

#[test]
fn quantity_rule_comes_before_quality() {
    // docs/rules.md §6: two men outrank one king: e4 takes d5 then b7 (ending on a8 = 32), not
    // the king on f5.
    let two_men = legal::<Spanish>("W:We4:Bd5,b7,Kf5,g8");
    assert_eq!(two_men.len(), 1, "{two_men:?}");
    assert_eq!(legal::<Spanish>("W:We4:Bd5,b7,g8"), two_men);
    assert_legal::<Spanish>("W:We4:Bd5,b7,Kf5,g8", &["14x32"]);
}

#[test]
fn men_capture_forward_only() {
    // docs/rules.md §6: a man captures forward only. Black man d3 behind white e4, c2 empty:
    // e4 (14) only steps to d5 (19) or f5 (18).
    let moves = legal::<Spanish>("W:We4:Bd3,g8");
    assert!(moves.iter().all(|m| !m.contains('x')), "{moves:?}");
    assert_eq!(moves.len(), 2);
    assert_legal::<Spanish>("W:We4:Bd3,g8", &["14-19", "14-18"]);
}

#[test]
fn kings_fly() {
    // docs/rules.md §6: flying kings; a king on b1 (4) takes e4 from a distance, landing on f5,
    // g6 or h7 (18, 21, 25).
    let moves = legal::<Spanish>("W:WKb1:Be4,a8");
    assert_eq!(moves.len(), 3, "landings f5, g6, h7: {moves:?}");
    assert_legal::<Spanish>("W:WKb1:Be4,a8", &["4x18", "4x21", "4x25"]);
}

#[test]
fn a_man_reaching_the_far_row_in_a_capture_is_crowned_and_the_move_ends() {
    // docs/rules.md §6: e6 (22) takes d7 and is crowned on c8 (31); a king there could take b7
    // as well, but the move ends.
    assert_legal::<Spanish>("W:We6:Bd7,b7", &["22x31"]);
    assert!(find::<Spanish>("W:We6:Bd7,b7", "22x31").unwrap().promotes);
}

#[test]
fn twenty_king_moves_each_without_capture_draw() {
    // docs/rules.md §6, §13.8: 40 successive king moves (20 each).
    assert_draw::<Spanish>(DrawCase {
        fen: "W:WKb1:BKg8",
        shuttles: [("b1", "a2"), ("g8", "h7")],
        rules: quiet_moves_only::<Spanish>(),
        drawn_after: 40,
        reason: DrawReason::QuietMoves,
    });
}

#[test]
fn the_third_occurrence_of_a_position_draws() {
    // docs/rules.md §6.
    assert_draw::<Spanish>(DrawCase {
        fen: "W:WKb1:BKg8",
        shuttles: [("b1", "a2"), ("g8", "h7")],
        rules: repetition_only::<Spanish>(),
        drawn_after: 8,
        reason: DrawReason::Repetition,
    });
}
