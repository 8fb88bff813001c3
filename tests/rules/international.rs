//! International draughts (FMJD, docs/rules.md §2): the 10x10 board numbered 1-50, men capture
//! backward too, flying kings, the capture taking the most pieces is compulsory (a king counts
//! as one), a man passing the far row in a capture stays a man; the FMJD draw rules 6.1-6.4;
//! FEN reading and validation (§12); no optional-capture house rule on 10x10 (§11).

use super::{
    assert_draw, assert_legal, endgame_only, find, notations, quiet_moves_only, repetition_only, shuttle, status_after,
    with_draw, DrawCase,
};
use draughts_api::rules::notation::move_text::MoveTable;
use draughts_api::rules::ruleset::International;
use draughts_api::rules::{Color, DrawReason, DrawRules, Position, Status, Variant};

#[test]
fn white_moves_first_from_the_start_position() {
    // docs/rules.md §2: Black's men on 1-20, White's on 31-50, White first.
    let start = Position::<International>::start();
    assert_eq!(start.side_to_move(), Color::White);
    let expected = ["31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"];
    assert_eq!(notations(&MoveTable::new(&start, true)), super::moves(&expected));
}

#[test]
fn men_capture_backward() {
    // docs/rules.md §2, FMJD 4.2: the man on 28 takes the man on 33 behind it.
    assert_legal::<International>("W:W28:B33", &["28x39"]);
}

#[test]
fn the_capture_taking_the_most_pieces_is_compulsory_and_a_king_counts_as_one() {
    // docs/rules.md §2, FMJD 4.13: 32 takes the men on 27 and 17, 34 takes the king on 29:
    // two pieces before one, whatever they are.
    assert_legal::<International>("W:W32,34:B27,17,K29", &["32x12"]);
}

#[test]
fn kings_fly_and_choose_their_landing_square() {
    // docs/rules.md §2, FMJD 4.3: the king on 46 takes 23 from a distance and lands on any free
    // square beyond it.
    assert_legal::<International>("W:WK46:B23", &["46x19", "46x14", "46x10", "46x5"]);
}

#[test]
fn a_man_passing_the_far_row_in_a_capture_goes_on_as_a_man_and_is_not_crowned() {
    // docs/rules.md §2, FMJD 4.15: 13 takes 8, reaches 2 and, still a man, takes 7 backward
    // landing on 11 (a king would have had 16 as well); ending on 11 it is not crowned.
    let fen = "W:W13:B8,7";
    assert_legal::<International>(fen, &["13x11"]);
    let mv = find::<International>(fen, "13x2x11").unwrap();
    assert!(!mv.promotes);
    assert_eq!(mv.captures.count(), 2);
    // Ending on the far row, it is crowned (FMJD 3.5).
    assert!(find::<International>("W:W13:B8", "13x2").unwrap().promotes);
}

#[test]
fn optional_capture_house_rule_is_not_offered_on_10x10() {
    // docs/rules.md §11: the house rule is for the 8x8 variants only.
    assert!(!Variant::International.summary().rules.optional_capture_allowed);
    assert!(Variant::English.summary().rules.optional_capture_allowed);
}

#[test]
fn fen_accepts_ranges_kings_either_colour_first_and_trailing_fields() {
    // docs/rules.md §12.
    let canonical = Position::<International>::from_fen("W:W31-50:B1-20").unwrap();
    assert_eq!(canonical, Position::<International>::start());
    assert_eq!(Position::<International>::from_fen("W:B1-20:W31-50:H0:F1").unwrap(), canonical);
    let kings = Position::<International>::from_fen("B:WK31,32-33:BK1-2,3").unwrap();
    assert_eq!(kings.to_fen(), "B:WK31,32,33:BK1,K2,3");
}

#[test]
fn fen_errors_name_the_field_and_square() {
    // docs/rules.md §12.
    let cases = [
        ("", "empty"),
        ("X:W1:B2", "side to move"),
        ("W:W31-50", "black pieces"),
        ("W:W31,51:B1", "\"51\" in the white pieces"),
        ("W:W31:B1,zz", "\"zz\" in the black pieces"),
        ("W:W40-31:B1", "range \"40-31\""),
        ("W:W31:W32:B1", "white pieces twice"),
    ];
    for (fen, needle) in cases {
        let error = Position::<International>::from_fen(fen).unwrap_err().to_string();
        assert!(error.contains(needle), "{fen:?}: {error}");
    }
}

#[test]
fn positions_are_validated() {
    // docs/rules.md §2: no man on its crowning row, at most 20 pieces a side, one piece a square.
    let cases =
        [("W:W1:B20", "crowning row"), ("W:W31-50,21:B1-20", "21 pieces"), ("W:W31:B31", "more than one piece")];
    for (fen, needle) in cases {
        let error = Position::<International>::from_fen(fen).unwrap_err().to_string();
        assert!(error.contains(needle), "{fen:?}: {error}");
    }
    assert!(Position::<International>::from_fen("W:WK1:B20").is_ok(), "a king may stand on the far row");
}

#[test]
fn three_kings_against_one_draw_after_sixteen_moves_each() {
    // docs/rules.md §2, FMJD 6.3: drawn after 16 moves each, not after 15.
    assert_draw::<International>(DrawCase {
        fen: "W:WK46,K47,K48:BK1",
        shuttles: [("46", "41"), ("1", "6")],
        rules: endgame_only::<International>(),
        drawn_after: 32,
        reason: DrawReason::Endgame,
    });
}

#[test]
fn two_kings_against_one_draw_after_five_moves_each() {
    // docs/rules.md §2, FMJD 6.4.
    assert_draw::<International>(DrawCase {
        fen: "W:WK46,K47:BK1",
        shuttles: [("46", "41"), ("1", "6")],
        rules: endgame_only::<International>(),
        drawn_after: 10,
        reason: DrawReason::Endgame,
    });
}

#[test]
fn twenty_five_moves_each_of_kings_only_draw() {
    // docs/rules.md §2, FMJD 6.2.
    assert_draw::<International>(DrawCase {
        fen: "W:WK46,K47,49,50:BK1,2,3",
        shuttles: [("46", "41"), ("1", "6")],
        rules: quiet_moves_only::<International>(),
        drawn_after: 50,
        reason: DrawReason::QuietMoves,
    });
}

#[test]
fn the_third_occurrence_of_a_position_draws() {
    // docs/rules.md §2, FMJD 6.1.
    assert_draw::<International>(DrawCase {
        fen: "W:WK46,K47,49,50:BK1,2,3",
        shuttles: [("46", "41"), ("1", "6")],
        rules: repetition_only::<International>(),
        drawn_after: 8,
        reason: DrawReason::Repetition,
    });
}

#[test]
fn endgame_counts_are_off_when_switched_off() {
    // docs/rules.md §2, §13.5: the counts may be switched off; then 3 kings against 1 play on.
    let rules = with_draw(DrawRules { endgame: false, ..endgame_only::<International>().draw });
    let moves = shuttle(("46", "41"), ("1", "6"), 40);
    assert_eq!(status_after::<International>("W:WK46,K47,K48:BK1", &moves, rules), Status::Ongoing);
}
