//! Breakthrough (docs/rules.md §10.4): International rules, but the first side to crown a king
//! wins.

use super::{legal, play, position, status_after};
use draughts_api::rules::ruleset::{Breakthrough, International};
use draughts_api::rules::{Color, Game, GameRules, Status, WinReason};

#[test]
fn moves_and_captures_are_internationals() {
    // docs/rules.md §10.4.
    for fen in ["W:W31-50:B1-20", "W:W33:B28,19,18,8", "B:W21,28,31,32,33,35,37,39,43,46,48:B15,19,29"] {
        assert_eq!(legal::<Breakthrough>(fen), legal::<International>(fen), "{fen}");
    }
}

#[test]
fn crowning_the_first_king_wins_at_once() {
    // docs/rules.md §10.4: 6-1 crowns White's man; White has won though Black still has men.
    let mut game = Game::new(position::<Breakthrough>("W:W6,40:B45,15"), GameRules::of::<Breakthrough>());
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "6-1");
    assert_eq!(game.status(), Status::Win { winner: Color::White, reason: WinReason::FirstKing });
    assert!(game.legal_moves().is_empty());
}

#[test]
fn a_position_with_a_king_is_already_won() {
    // docs/rules.md §10.4: a FEN with a king is a game its owner has won.
    let status = status_after::<Breakthrough>("B:WK1,40:B45", &[], GameRules::of::<Breakthrough>());
    assert_eq!(status, Status::Win { winner: Color::White, reason: WinReason::FirstKing });
}

#[test]
fn a_man_passing_the_far_row_in_a_capture_is_not_a_king() {
    // docs/rules.md §10.4, §2: 13 takes 8, reaches 2 on the far row, takes 7 and ends on 11,
    // uncrowned: no win.
    let status = status_after::<Breakthrough>("W:W13,40:B8,7,45", &["13x2x11".into()], GameRules::of::<Breakthrough>());
    assert_eq!(status, Status::Ongoing);
}
