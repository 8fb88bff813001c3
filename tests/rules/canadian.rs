//! Canadian draughts (docs/rules.md §10.6): International rules on the 12x12 board, thirty men
//! each on the five nearest rows, squares numbered 1–72 from Black's side.

use super::{assert_draw, assert_legal, endgame_only, find, moves, notations, position, quiet_moves_only, DrawCase};
use draughts_api::rules::notation::move_text::MoveTable;
use draughts_api::rules::ruleset::Canadian;
use draughts_api::rules::{Color, DrawReason, ParsePositionError, Position, PositionError};

#[test]
fn white_moves_first_from_thirty_men_each() {
    // docs/rules.md §10.6: Black on 1-30, White on 43-72; White's front row (43-48) has eleven
    // steps forward, the corner man on 43 one.
    let start = Position::<Canadian>::start();
    assert_eq!(start.side_to_move(), Color::White);
    assert_eq!((start.pieces(Color::White).count(), start.pieces(Color::Black).count()), (30, 30));
    let expected = ["43-37", "44-37", "44-38", "45-38", "45-39", "46-39", "46-40", "47-40", "47-41", "48-41", "48-42"];
    assert_eq!(notations(&MoveTable::new(&start, true)), moves(&expected));
}

#[test]
fn squares_are_numbered_up_to_72_and_no_further() {
    // docs/rules.md §10.6, §12: 72 is the far-right square of White's back row; a man there
    // steps to 65 or 66. 73 is no square of the board.
    assert_legal::<Canadian>("W:W72:B1", &["72-65", "72-66"]);
    assert_eq!(position::<Canadian>("W:W72:B1").to_fen(), "W:W72:B1");
    assert!(Position::<Canadian>::from_fen("W:W73:B1").is_err());
    assert!(find::<Canadian>("W:W72:B1", "72-78").is_err());
}

#[test]
fn the_near_left_corner_is_playable() {
    // docs/rules.md §10.6: 67 is White's near-left corner, the end of the long diagonal; a man
    // there has one step.
    assert_legal::<Canadian>("W:W67:B1", &["67-61"]);
}

#[test]
fn a_king_flies_the_whole_long_diagonal() {
    // docs/rules.md §10.6: the king on 67 takes the man on 12, eleven squares away, and lands
    // on 6, the far corner.
    assert_legal::<Canadian>("W:WK67:B12", &["67x6"]);
}

#[test]
fn the_most_pieces_must_be_taken() {
    // docs/rules.md §10.6, §2: 56 can take two men (50, then 39), 60 one (53): only the
    // capture of two is legal.
    assert_legal::<Canadian>("W:W56,60:B39,50,53", &["56x34"]);
}

#[test]
fn a_man_reaching_the_far_row_is_crowned() {
    // docs/rules.md §10.6: White crowns on 1-6.
    assert!(find::<Canadian>("W:W7:B60", "7-1").unwrap().promotes);
}

#[test]
fn a_black_man_may_not_stand_on_whites_back_row() {
    // docs/rules.md §10.6: Black crowns on 67-72, so a black man there would be a king.
    assert!(matches!(
        Position::<Canadian>::from_fen("W:W30:B72"),
        Err(ParsePositionError::Position(PositionError::ManOnCrowningRow(Color::Black, _)))
    ));
}

#[test]
fn twenty_five_moves_each_of_kings_only_draw_as_in_international() {
    // docs/rules.md §10.6, §2: 50 plies of king moves without capture.
    assert_draw::<Canadian>(DrawCase {
        fen: "W:WK70,K72:BK1,K3",
        shuttles: [("72", "66"), ("1", "7")],
        rules: quiet_moves_only::<Canadian>(),
        drawn_after: 50,
        reason: DrawReason::QuietMoves,
    });
}

#[test]
fn three_kings_against_one_draw_after_sixteen_moves_each_as_in_international() {
    // docs/rules.md §10.6, §2 (FMJD 6.3): 32 plies once three kings face a lone king.
    assert_draw::<Canadian>(DrawCase {
        fen: "W:WK67,K68,K69:BK1",
        shuttles: [("67", "61"), ("1", "7")],
        rules: endgame_only::<Canadian>(),
        drawn_after: 32,
        reason: DrawReason::Endgame,
    });
}
