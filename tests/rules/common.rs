//! The rules every variant shares: a side with no pieces, or with pieces and no legal move,
//! loses (docs/rules.md §1.5; in antidraughts it wins, §10.3), and a game so ended takes no
//! further move. Each case is run in
//! every variant; the variant files hold what sets each variant apart.

use super::{play, position, status_after};
use draughts_api::rules::ruleset::{
    Antidraughts, Brazilian, Breakthrough, Canadian, Czech, English, Frisian, Frysk, International, Italian, Pool,
    Russian, Spanish, Thai, Turkish,
};
use draughts_api::rules::{Color, Game, GameRules, Move, PlayError, Rules, Status, Variant, WinReason};

/// Plays `capture`, which takes the last piece of the side to move's opponent, from `fen`:
/// the game was ongoing and is now won by `winner`. Returns the variant checked.
fn last_piece_taken<R: Rules>(fen: &str, capture: &str, winner: Color) -> Variant {
    assert_eq!(status_after::<R>(fen, &[], GameRules::of::<R>()), Status::Ongoing, "{:?}", R::VARIANT);
    let status = status_after::<R>(fen, &[capture.to_owned()], GameRules::of::<R>());
    assert_eq!(status, Status::Win { winner, reason: WinReason::NoPieces }, "{:?}", R::VARIANT);
    R::VARIANT
}

/// In `fen` the side to move has pieces but no legal move: `winner` has won. Returns the
/// variant checked.
fn blocked<R: Rules>(fen: &str, winner: Color) -> Variant {
    let status = status_after::<R>(fen, &[], GameRules::of::<R>());
    assert_eq!(status, Status::Win { winner, reason: WinReason::NoMoves }, "{:?} {fen}", R::VARIANT);
    R::VARIANT
}

#[test]
fn taking_the_last_piece_wins_in_every_variant() {
    // docs/rules.md §1.5: a player with no pieces on his turn loses (wins in antidraughts).
    let covered = [
        last_piece_taken::<English>("B:W22:B18", "18x25", Color::Black),
        last_piece_taken::<Russian>("W:Wc3:Bd4", "c3xe5", Color::White),
        last_piece_taken::<Brazilian>("W:Wc3:Bd4", "c3:e5", Color::White),
        last_piece_taken::<Czech>("W:Wc3:Bd4", "c3xe5", Color::White),
        last_piece_taken::<International>("W:W32:B27", "32x21", Color::White),
        last_piece_taken::<Spanish>("W:Wc4:Bd5", "c4xe6", Color::White),
        last_piece_taken::<Italian>("W:Wc4:Bd5", "c4xe6", Color::White),
        last_piece_taken::<Turkish>("W:Wd4,a2:Bd5", "d4xd6", Color::White),
        last_piece_taken::<Frisian>("W:W32:B27", "32x21", Color::White),
        last_piece_taken::<Frysk>("W:W32:B27", "32x21", Color::White),
        last_piece_taken::<Pool>("B:W22:B18", "18x25", Color::Black),
        last_piece_taken::<Thai>("B:W22:B18", "18x25", Color::Black),
        last_piece_taken::<Breakthrough>("W:W32:B27", "32x21", Color::White),
        last_piece_taken::<Canadian>("W:W56:B50", "56x45", Color::White),
        // §10.3: the side left without a piece has won.
        last_piece_taken::<Antidraughts>("W:W32:B27", "32x21", Color::Black),
    ];
    assert!(Variant::ALL.iter().all(|v| covered.contains(v)));
}

#[test]
fn a_side_with_pieces_but_no_legal_move_loses_in_every_variant() {
    // docs/rules.md §1.5: a player whose pieces are all blocked on his turn loses (wins in
    // antidraughts).
    let covered = [
        blocked::<English>("W:W29:B25,22", Color::Black),
        blocked::<Russian>("B:Wb2,c1:Ba3", Color::White),
        blocked::<Brazilian>("B:Wb2,c1:Ba3", Color::White),
        blocked::<Czech>("B:Wb2,c1:Ba3", Color::White),
        blocked::<International>("B:W41,47:B36", Color::White),
        blocked::<Spanish>("B:Wg2,f1:Bh3", Color::White),
        blocked::<Italian>("B:Wg2,f1:Bh3", Color::White),
        blocked::<Turkish>("B:Wa1,b2,c2:Ba2", Color::White),
        blocked::<Frisian>("B:W41,47:B36", Color::White),
        blocked::<Frysk>("B:W41,47:B36", Color::White),
        blocked::<Pool>("W:W29:B25,22", Color::Black),
        blocked::<Thai>("W:W29:B25,22", Color::Black),
        blocked::<Breakthrough>("B:W41,47:B36", Color::White),
        blocked::<Canadian>("B:W61,68:B55", Color::White),
        // §10.3: the blocked side has won.
        blocked::<Antidraughts>("B:W41,47:B36", Color::Black),
    ];
    assert!(Variant::ALL.iter().all(|v| covered.contains(v)));
}

/// In blocked `fen`, the blocked side's piece on `from` stepping to the (occupied) square `to`
/// next to it is refused because the game is over, whichever way it is asked for.
fn refused_as_over<R: Rules>(fen: &str, from: &str, to: &str) {
    let square = |name: &str| R::NAMING.parse(name).unwrap();
    let mut game = Game::new(position::<R>(fen), GameRules::of::<R>());
    let lost = Status::Win { winner: game.position().side_to_move().opponent(), reason: WinReason::NoMoves };
    assert!(game.legal_moves().is_empty(), "{:?} {fen}", R::VARIANT);
    let mv = Move::quiet(square(from), square(to), false);
    assert_eq!(game.play(&mv), Err(PlayError::GameOver(lost)), "{:?} {fen}", R::VARIANT);
    assert_eq!(game.play_from_to(square(from), square(to)), None, "{:?} {fen}", R::VARIANT);
    assert!(game.moves().is_empty() && game.status() == lost, "{:?} {fen}: the game is unchanged", R::VARIANT);
}

#[test]
fn a_move_after_a_side_is_blocked_is_refused_as_the_game_being_over() {
    // docs/rules.md §1.5: the blocked side has lost; nothing more is played.
    refused_as_over::<English>("W:W29:B25,22", "29", "25");
    refused_as_over::<Russian>("B:Wb2,c1:Ba3", "a3", "b2");
    refused_as_over::<International>("B:W41,47:B36", "36", "41");
}

#[test]
fn a_won_game_takes_no_further_move() {
    // docs/rules.md §1.5: after the last piece is taken the game is over.
    let mut game = Game::new(position::<English>("B:W22:B18"), GameRules::of::<English>());
    play(&mut game, "18x25");
    assert!(game.legal_moves().is_empty());
    let status = Status::Win { winner: Color::Black, reason: WinReason::NoPieces };
    assert_eq!(game.status(), status);
}
