//! Brazilian draughts (docs/rules.md §3): International rules on the 8x8 board: men capture
//! backward too, flying kings, the capture taking the most pieces is compulsory (a king counts
//! as one piece), a man passing the far row in a capture stays a man; the FMJD-64 draw rules of
//! §4; algebraic notation, as Russian (§12).

use super::{assert_draw, assert_legal, endgame_only, find, notations, quiet_moves_only, repetition_only, DrawCase};
use draughts_api::rules::notation::move_text::MoveTable;
use draughts_api::rules::ruleset::Brazilian;
use draughts_api::rules::{Color, DrawReason, Position};

#[test]
fn white_moves_first_from_the_russian_start_position() {
    // docs/rules.md §3, §12: the Russian start position, White first.
    let start = Position::<Brazilian>::start();
    assert_eq!(start.side_to_move(), Color::White);
    assert_eq!(start.to_fen(), "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8");
    let expected = ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"];
    assert_eq!(notations(&MoveTable::new(&start, true)), super::moves(&expected));
}

#[test]
fn men_capture_backward() {
    // docs/rules.md §3: the man on e3 takes the man on d2 behind it.
    assert_legal::<Brazilian>("W:We3:Bd2,h8", &["e3xc1"]);
}

#[test]
fn the_capture_taking_the_most_pieces_is_compulsory_whatever_captures() {
    // docs/rules.md §3: the king on a3 takes one piece (b2), the man on e3 two (f4, f6): the
    // man must capture; a king has no priority.
    assert_legal::<Brazilian>("W:WKa3,e3:Bb2,f4,f6,h8", &["e3xe7"]);
}

#[test]
fn a_captured_king_counts_as_one_piece() {
    // docs/rules.md §3: a3 can take the king on b4, e3 the men on f4 and f6: two men are more
    // pieces than one king.
    assert_legal::<Brazilian>("W:Wa3,e3:BKb4,f4,f6", &["e3xe7"]);
}

#[test]
fn kings_fly_and_choose_their_landing_square() {
    // docs/rules.md §3: the king on a1 takes d4 from a distance and lands on any free square
    // beyond it.
    assert_legal::<Brazilian>("W:WKa1:Bd4,h8", &["a1xe5", "a1xf6", "a1xg7"]);
}

#[test]
fn a_man_passing_the_far_row_in_a_capture_goes_on_as_a_man_and_is_not_crowned() {
    // docs/rules.md §3: f6 takes e7, reaches d8 and, still a man, takes c7 backward landing on
    // b6 (a king would have had a5 as well); ending on b6 it is not crowned.
    let fen = "W:Wf6:Be7,c7";
    assert_legal::<Brazilian>(fen, &["f6xb6"]);
    let mv = find::<Brazilian>(fen, "f6xd8xb6").unwrap();
    assert!(!mv.promotes);
    assert_eq!(mv.captures.count(), 2);
}

#[test]
fn a_man_ending_a_capture_on_the_far_row_is_crowned() {
    // docs/rules.md §3: crowned when the move ends there.
    assert!(find::<Brazilian>("W:Wf6:Be7", "f6xd8").unwrap().promotes);
}

#[test]
fn two_kings_against_one_draw_at_the_stronger_sides_fifth_move() {
    // docs/rules.md §3, §13.3: the FMJD-64 rules of §4, here 7.2.8.
    assert_draw::<Brazilian>(DrawCase {
        fen: "W:WKa1,Kc1:BKh2",
        shuttles: [("c1", "d2"), ("h2", "g1")],
        rules: endgame_only::<Brazilian>(),
        drawn_after: 9,
        reason: DrawReason::Endgame,
    });
}

#[test]
fn fifteen_moves_each_of_kings_only_draw() {
    // docs/rules.md §3, §13.3: FMJD-64 7.2.5.
    assert_draw::<Brazilian>(DrawCase {
        fen: "W:WKa3,Kc1:BKf8,Kh8",
        shuttles: [("c1", "d2"), ("h8", "g7")],
        rules: quiet_moves_only::<Brazilian>(),
        drawn_after: 30,
        reason: DrawReason::QuietMoves,
    });
}

#[test]
fn the_third_occurrence_of_a_position_draws() {
    // docs/rules.md §3, §13.3: FMJD-64 7.2.3.
    assert_draw::<Brazilian>(DrawCase {
        fen: "W:WKa3,Kc1:BKf8,Kh8",
        shuttles: [("c1", "d2"), ("h8", "g7")],
        rules: repetition_only::<Brazilian>(),
        drawn_after: 8,
        reason: DrawReason::Repetition,
    });
}
