//! Italian draughts (FID, docs/rules.md §7): the near-right corner dark, squares 1-32 from
//! a8 (1 = a8, 4 = g8, 5 = b7 … 29 = b1, 32 = h1); men capture forward only and never a king,
//! kings move and capture one square; capture precedence (FID rules 5-9): most pieces, then
//! with a king, then most kings, then the king met earliest; draws by the fourth repetition and
//! 40 moves each (dctl, §13.7).

use super::{assert_draw, assert_legal, notations, quiet_moves_only, repetition_only, DrawCase};
use draughts_api::rules::notation::move_text::MoveTable;
use draughts_api::rules::ruleset::Italian;
use draughts_api::rules::{Color, DrawReason, Position};

#[test]
fn white_moves_first_from_the_start_position() {
    // docs/rules.md §7, §12: Black on 1-12, White on 21-32, White first.
    let start = Position::<Italian>::start();
    assert_eq!(start.side_to_move(), Color::White);
    let expected = ["21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"];
    assert_eq!(notations(&MoveTable::new(&start, true)), super::moves(&expected));
}

#[test]
fn men_may_not_capture_kings() {
    // docs/rules.md §7: a man may not capture a king. White man 22 faces a black king on 18.
    assert_legal::<Italian>("W:W22:BK18,1", &["22-19"]);
}

#[test]
fn men_capture_forward_only() {
    // docs/rules.md §7: the black man on 26 is behind White's man on 22, which may not take it.
    assert_legal::<Italian>("W:W22:B26", &["22-18", "22-19"]);
}

#[test]
fn kings_move_one_square_and_do_not_capture_from_a_distance() {
    // docs/rules.md §7: a king on 29 with a black man two squares away on 22 only steps.
    assert_legal::<Italian>("W:WK29:B22", &["29-25", "29-26"]);
}

#[test]
fn kings_capture_backward_by_a_short_jump() {
    // docs/rules.md §7: the king on 19 takes the man on 23 behind it, landing on 28.
    assert_legal::<Italian>("W:WK19:B23", &["19x28"]);
}

#[test]
fn the_capture_taking_the_most_pieces_comes_first() {
    // docs/rules.md §7 rule 1: the man on 22 takes two (19, 12), the king on 30 one (26): the
    // man must capture even though a king could.
    assert_legal::<Italian>("W:W22,K30:B19,12,26", &["22x8"]);
}

#[test]
fn king_must_capture_when_a_man_takes_as_many() {
    // docs/rules.md §7 rule 2: with equal counts, the king captures.
    assert_legal::<Italian>("W:W23,K30:B19,26,1", &["30x21"]);
}

#[test]
fn among_equal_captures_the_one_taking_more_kings_comes_first() {
    // docs/rules.md §7 rule 3: the king on 19 can take the man on 14 or the king on 15.
    assert_legal::<Italian>("W:WK19:B14,K15", &["19x12"]);
}

#[test]
fn among_equal_captures_the_one_meeting_a_king_earliest_comes_first() {
    // docs/rules.md §7 rule 4: the king on 19 takes a man and a king either way: 14 then the
    // king on 5 (ending on 1), or the king on 15 then 7 (ending on 3): the king first.
    assert_legal::<Italian>("W:WK19:B7,14,K5,K15", &["19x3"]);
}

#[test]
fn forty_moves_each_without_man_move_or_capture_draw() {
    // docs/rules.md §7, §13.7: 80 reversible plies (dctl).
    assert_draw::<Italian>(DrawCase {
        fen: "W:WK29:BK4",
        shuttles: [("29", "25"), ("4", "8")],
        rules: quiet_moves_only::<Italian>(),
        drawn_after: 80,
        reason: DrawReason::QuietMoves,
    });
}

#[test]
fn the_fourth_occurrence_of_a_position_draws() {
    // docs/rules.md §7, §13.7: four repetitions (dctl).
    assert_draw::<Italian>(DrawCase {
        fen: "W:WK29:BK4",
        shuttles: [("29", "25"), ("4", "8")],
        rules: repetition_only::<Italian>(),
        drawn_after: 12,
        reason: DrawReason::Repetition,
    });
}
