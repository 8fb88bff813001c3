//! Pool checkers (docs/rules.md §10.1): Black moves first on the English board and numbering;
//! men move forward and capture forward and backward; kings fly; free choice among captures; a
//! man passing the far row in a capture goes on as a man and is crowned only if it ends there;
//! draws by threefold repetition and by 15 moves each without a man move or capture.

use super::{assert_draw, assert_legal, find, moves, notations, quiet_moves_only, repetition_only, DrawCase};
use draughts_api::rules::notation::move_text::MoveTable;
use draughts_api::rules::ruleset::Pool;
use draughts_api::rules::{Color, DrawReason, Position};

#[test]
fn black_moves_first_from_the_english_start() {
    // docs/rules.md §10.1, §12: Black's men on 1-12 move first, each one square towards 32.
    let start = Position::<Pool>::start();
    assert_eq!(start.side_to_move(), Color::Black);
    assert_eq!(start.to_fen(), "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    let expected = ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"];
    assert_eq!(notations(&MoveTable::new(&start, true)), moves(&expected));
}

#[test]
fn men_capture_backward() {
    // docs/rules.md §10.1: White's man on 18 takes the man behind it on 22 (in English it could
    // not, and would step forward instead).
    assert_legal::<Pool>("W:W18:B22", &["18x25"]);
}

#[test]
fn kings_fly_and_land_on_any_free_square_behind_the_piece() {
    // docs/rules.md §10.1: the king on 29 takes 22 from a distance and lands on 18, 15, 11, 8
    // or 4.
    assert_legal::<Pool>("W:WK29:B22", &["29x18", "29x15", "29x11", "29x8", "29x4"]);
}

#[test]
fn captures_are_free_choice() {
    // docs/rules.md §10.1: 10 can take two men (7 and 8), 27 one (23); either may be played.
    assert_legal::<Pool>("W:W10,27:B7,8,23,20", &["10x12", "27x18"]);
}

#[test]
fn a_man_passing_the_far_row_goes_on_as_a_man_and_is_not_crowned() {
    // docs/rules.md §10.1: 10 takes 7 and reaches 3 on the far row; it can take 8 from there, so
    // it goes on, as a man, and ends on 12 uncrowned.
    assert_legal::<Pool>("W:W10:B7,8,20", &["10x12"]);
    let mv = find::<Pool>("W:W10:B7,8,20", "10x3x12").unwrap();
    assert!(!mv.promotes);
}

#[test]
fn a_man_whose_capture_ends_on_the_far_row_is_crowned() {
    // docs/rules.md §10.1: 10 takes 7 and stops on 3: crowned.
    let mv = find::<Pool>("W:W10:B7,20", "10x3").unwrap();
    assert!(mv.promotes);
}

#[test]
fn fifteen_moves_each_without_a_man_move_or_capture_draw() {
    // docs/rules.md §10.1: 30 reversible plies.
    assert_draw::<Pool>(DrawCase {
        fen: "W:WK30:BK1",
        shuttles: [("30", "26"), ("1", "5")],
        rules: quiet_moves_only::<Pool>(),
        drawn_after: 30,
        reason: DrawReason::QuietMoves,
    });
}

#[test]
fn the_third_occurrence_of_a_position_draws() {
    // docs/rules.md §10.1.
    assert_draw::<Pool>(DrawCase {
        fen: "W:WK30:BK1",
        shuttles: [("30", "26"), ("1", "5")],
        rules: repetition_only::<Pool>(),
        drawn_after: 8,
        reason: DrawReason::Repetition,
    });
}
