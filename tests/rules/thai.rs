//! Thai draughts (docs/rules.md §10.2): eight men each on the two nearest rows, Black first, the
//! English numbering; men move and capture forward only; a king flies but lands on the square
//! directly behind the piece it takes; captured pieces leave the board at once, so a king may
//! cross their squares again and even turn back; free choice among captures; a man reaching the
//! far row is crowned and the move ends; draws by threefold repetition.

use super::{assert_draw, assert_legal, find, moves, notations, repetition_only, DrawCase};
use draughts_api::rules::notation::move_text::MoveTable;
use draughts_api::rules::ruleset::Thai;
use draughts_api::rules::{Color, DrawReason, Position};

#[test]
fn black_moves_first_with_eight_men_each() {
    // docs/rules.md §10.2, §12: Black on 1-8, White on 25-32; the men on 5-8 can move.
    let start = Position::<Thai>::start();
    assert_eq!(start.side_to_move(), Color::Black);
    assert_eq!(start.to_fen(), "B:W25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8");
    let expected = ["5-9", "6-9", "6-10", "7-10", "7-11", "8-11", "8-12"];
    assert_eq!(notations(&MoveTable::new(&start, true)), moves(&expected));
}

#[test]
fn men_capture_forward_only() {
    // docs/rules.md §10.2: the man on 22 behind White's man on 18 is safe from it.
    assert_legal::<Thai>("W:W18:B22", &["18-14", "18-15"]);
}

#[test]
fn a_king_lands_directly_behind_the_piece_it_takes() {
    // docs/rules.md §10.2: the king on 29 takes 22 from a distance and must stop on 18 (a pool
    // king could stop on 18, 15, 11, 8 or 4).
    assert_legal::<Thai>("W:WK29:B22", &["29x18"]);
}

#[test]
fn a_king_may_turn_back_over_the_square_of_a_piece_it_took() {
    // docs/rules.md §10.2: the king on 18 takes 11 landing on 8, then turns back down the same
    // line, crossing the emptied 11 and its own start, and takes 22 landing on 25; or the other
    // way round. Each capture takes both men.
    assert_legal::<Thai>("W:WK18:B11,22", &["18x25", "18x8"]);
    assert_eq!(find::<Thai>("W:WK18:B11,22", "18x8x25").unwrap().captures.count(), 2);
    assert_eq!(find::<Thai>("W:WK18:B11,22", "18x25x8").unwrap().captures.count(), 2);
}

#[test]
fn captures_are_free_choice() {
    // docs/rules.md §10.2: 22 can take two men (18 and 11), 27 one (24); either may be played.
    assert_legal::<Thai>("W:W22,27:B18,11,24,1", &["22x8", "27x20"]);
}

#[test]
fn a_man_reaching_the_far_row_is_crowned_and_stops() {
    // docs/rules.md §10.2: 10 takes 7 and reaches 3; crowned there, it may not go on over 8
    // (in pool it would, as a man).
    assert_legal::<Thai>("W:W10:B7,8,20", &["10x3"]);
    assert!(find::<Thai>("W:W10:B7,8,20", "10x3").unwrap().promotes);
}

#[test]
fn the_third_occurrence_of_a_position_draws() {
    // docs/rules.md §10.2.
    assert_draw::<Thai>(DrawCase {
        fen: "W:WK30:BK1",
        shuttles: [("30", "26"), ("1", "5")],
        rules: repetition_only::<Thai>(),
        drawn_after: 8,
        reason: DrawReason::Repetition,
    });
}
