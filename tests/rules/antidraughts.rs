//! Antidraughts (docs/rules.md §10.3): International moves and captures, the majority rule
//! included; the side to move with no piece or no legal move has won; only the third
//! repetition draws.

use super::{assert_draw, legal, position, repetition_only, status_after, DrawCase};
use draughts_api::rules::ruleset::{Antidraughts, International};
use draughts_api::rules::{Color, DrawReason, Game, GameRules, Status, WinReason};

/// Positions with quiet moves, captures by men and kings, the majority rule and a man passing
/// the far row (from tests/rules/international.rs and the reference samples).
const POSITIONS: [&str; 5] = [
    "W:W31-50:B1-20",
    "W:W28,K46:B19,23,9,8",
    "B:W28,30,32,36,42,44,K25:BK50",
    "W:W33:B28,19,18,8",
    "B:W22,25,31,32,33,35,36,37,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,17,18,19,21",
];

#[test]
fn moves_and_captures_are_internationals() {
    // docs/rules.md §10.3.
    for fen in POSITIONS {
        assert_eq!(legal::<Antidraughts>(fen), legal::<International>(fen), "{fen}");
    }
}

#[test]
fn the_side_to_move_without_a_legal_move_has_won() {
    // docs/rules.md §10.3: Black's man on 36 is blocked: Black has won.
    let status = status_after::<Antidraughts>("B:W41,47:B36", &[], GameRules::of::<Antidraughts>());
    assert_eq!(status, Status::Win { winner: Color::Black, reason: WinReason::NoMoves });
}

#[test]
fn giving_the_last_piece_away_wins() {
    // docs/rules.md §10.3: White's 32-28 forces 23x32, which leaves White with no piece.
    let status =
        status_after::<Antidraughts>("W:W32:B23", &["32-28".into(), "23x32".into()], GameRules::of::<Antidraughts>());
    assert_eq!(status, Status::Win { winner: Color::White, reason: WinReason::NoPieces });
}

#[test]
fn only_repetition_draws() {
    // docs/rules.md §10.3: the third occurrence draws; there is no quiet-move count and no
    // endgame count (three kings against one would run FMJD 6.3's count in International).
    assert_draw::<Antidraughts>(DrawCase {
        fen: "W:WK47:BK4",
        shuttles: [("47", "42"), ("4", "10")],
        rules: repetition_only::<Antidraughts>(),
        drawn_after: 8,
        reason: DrawReason::Repetition,
    });
    let game = Game::new(position::<Antidraughts>("W:WK46,K47,K48:BK5"), GameRules::of::<Antidraughts>());
    assert!(game.endgame_clocks().is_empty());
    assert_eq!(GameRules::of::<Antidraughts>().draw.quiet_moves, 0);
}
