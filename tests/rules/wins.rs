//! Wins, per variant: the side to move has no pieces, or has pieces and no legal move.
//! docs/rules.md §1.5.

use super::status_after;
use draughts_api::rules::view::{GameRequest, ReplayError, RuleOverrides};
use draughts_api::rules::{Color, Status, Variant, WinReason};

/// (variant, FEN, the capture of the last piece, the capturing side).
const LAST_PIECE_TAKEN: &[(Variant, &str, &str, Color)] = &[
    (Variant::English, "B:W22:B18", "18x25", Color::Black),
    (Variant::Russian, "W:Wc3:Bd4", "c3xe5", Color::White),
    (Variant::Brazilian, "W:Wc3:Bd4", "c3:e5", Color::White),
    (Variant::Czech, "W:Wc3:Bd4", "c3xe5", Color::White),
    (Variant::International, "W:W32:B27", "32x21", Color::White),
    (Variant::Spanish, "W:Wc4:Bd5", "c4xe6", Color::White),
    (Variant::Italian, "W:Wc4:Bd5", "c4xe6", Color::White),
    (Variant::Turkish, "W:Wd4,a2:Bd5", "d4xd6", Color::White),
];

/// (variant, FEN where the side to move is blocked, the winner).
const BLOCKED: &[(Variant, &str, Color)] = &[
    (Variant::English, "W:W29:B25,22", Color::Black),
    (Variant::Russian, "B:Wb2,c1:Ba3", Color::White),
    (Variant::Brazilian, "B:Wb2,c1:Ba3", Color::White),
    (Variant::Czech, "B:Wb2,c1:Ba3", Color::White),
    (Variant::International, "B:W41,47:B36", Color::White),
    (Variant::Spanish, "B:Wg2,f1:Bh3", Color::White),
    (Variant::Italian, "B:Wg2,f1:Bh3", Color::White),
    (Variant::Turkish, "B:Wa1,b2,c2:Ba2", Color::White),
];

#[test]
fn taking_the_last_piece_wins_in_every_variant() {
    for &(variant, fen, capture, winner) in LAST_PIECE_TAKEN {
        assert_eq!(status_after(variant, fen, &[], RuleOverrides::default()), Status::Ongoing, "{variant}");
        let status = status_after(variant, fen, &[capture.to_owned()], RuleOverrides::default());
        assert_eq!(status, Status::Win { winner, reason: WinReason::NoPieces }, "{variant}");
    }
    let covered: Vec<Variant> = LAST_PIECE_TAKEN.iter().map(|c| c.0).collect();
    assert!(Variant::ALL.iter().all(|v| covered.contains(v)));
}

#[test]
fn a_side_with_no_legal_move_loses_in_every_variant() {
    for &(variant, fen, winner) in BLOCKED {
        let status = status_after(variant, fen, &[], RuleOverrides::default());
        assert_eq!(status, Status::Win { winner, reason: WinReason::NoMoves }, "{variant} {fen}");
    }
    let covered: Vec<Variant> = BLOCKED.iter().map(|c| c.0).collect();
    assert!(Variant::ALL.iter().all(|v| covered.contains(v)));
}

#[test]
fn a_move_after_a_side_is_blocked_is_refused_as_the_game_being_over() {
    // A blocked side's own piece, to a square next to it: read by the `from-to` fast path.
    for (variant, fen, text) in [
        (Variant::English, "W:W29:B25,22", "29-25"),
        (Variant::Russian, "B:Wb2,c1:Ba3", "a3-b2"),
        (Variant::International, "B:W41,47:B36", "36-41"),
    ] {
        let request = GameRequest { variant, fen: Some(fen), moves: &[text], rules: RuleOverrides::default() };
        match request.view(None) {
            Err(ReplayError::GameOver { index: Some(0), status: Status::Win { reason: WinReason::NoMoves, .. } }) => {}
            other => panic!("{variant} {fen} {text}: {other:?}"),
        }
    }
}
