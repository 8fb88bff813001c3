//! Czech draughts (docs/rules.md §8): men capture forward only, flying kings, capture
//! compulsory and, if a king can capture, a king must (no quantity rule, §13.11), otherwise free
//! choice; a man reaching the far row ends his move; draws by threefold repetition and 15 moves
//! without capture or man move; algebraic notation (§12).

use super::{assert_draw, assert_legal, find, notations, quiet_moves_only, repetition_only, DrawCase};
use draughts_api::rules::notation::move_text::MoveTable;
use draughts_api::rules::ruleset::Czech;
use draughts_api::rules::{Color, DrawReason, Position};

#[test]
fn white_moves_first_from_the_russian_start_position() {
    // docs/rules.md §8, §12.
    let start = Position::<Czech>::start();
    assert_eq!(start.side_to_move(), Color::White);
    let expected = ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"];
    assert_eq!(notations(&MoveTable::new(&start, true)), super::moves(&expected));
}

/// A king on a3 can take b2 (one piece); a man on e3 can take f4 and f6 (two pieces).
const KING_OR_LONGER_MAN_CAPTURE: &str = "W:WKa3,e3:Bb2,f4,f6,h8";

#[test]
fn king_must_capture_even_when_a_man_takes_more() {
    // docs/rules.md §8 and §13.11: if a king can capture, a king must capture; no quantity rule
    // (Russian has free choice here, Brazilian the man's longer capture: §4, §3).
    assert_legal::<Czech>(KING_OR_LONGER_MAN_CAPTURE, &["a3xc1"]);
}

#[test]
fn men_capture_forward_only() {
    // docs/rules.md §8: men capture forward only (Russian men would take d2, §4).
    assert_legal::<Czech>("W:We3:Bd2,h8", &["e3-d4", "e3-f4"]);
}

#[test]
fn free_choice_between_men_captures() {
    // docs/rules.md §8: without a king capture, any capture may be chosen: a3 takes one piece,
    // g3 two.
    assert_legal::<Czech>("W:Wa3,g3:Bb4,f4,f6,h8", &["a3xc5", "g3xg7"]);
}

#[test]
fn kings_fly_and_must_capture() {
    // docs/rules.md §8: flying kings, capture compulsory.
    assert_legal::<Czech>("W:WKa1:Bd4,h8", &["a1xe5", "a1xf6", "a1xg7"]);
}

#[test]
fn a_man_reaching_the_far_row_in_a_capture_is_crowned_and_the_move_ends() {
    // docs/rules.md §8: f6 takes e7 and is crowned on d8; a king there could take c7 as well,
    // but the move ends.
    assert_legal::<Czech>("W:Wf6:Be7,c7", &["f6xd8"]);
    assert!(find::<Czech>("W:Wf6:Be7,c7", "f6xd8").unwrap().promotes);
}

#[test]
fn fifteen_moves_without_capture_or_man_move_draw() {
    // docs/rules.md §8.
    assert_draw::<Czech>(DrawCase {
        fen: "W:WKc1:BKh8",
        shuttles: [("c1", "d2"), ("h8", "g7")],
        rules: quiet_moves_only::<Czech>(),
        drawn_after: 30,
        reason: DrawReason::QuietMoves,
    });
}

#[test]
fn the_third_occurrence_of_a_position_draws() {
    // docs/rules.md §8.
    assert_draw::<Czech>(DrawCase {
        fen: "W:WKc1:BKh8",
        shuttles: [("c1", "d2"), ("h8", "g7")],
        rules: repetition_only::<Czech>(),
        drawn_after: 8,
        reason: DrawReason::Repetition,
    });
}
