//! Russian draughts (shashki, docs/rules.md §4): men capture backward too, flying kings that
//! must land where they can go on capturing, free choice among captures, a man crowned in the
//! middle of a capture goes on capturing as a king, captured pieces stay on the board until the
//! move ends; the FMJD-64 draw rules (7.2.3-7.2.8); algebraic notation (§12).

use super::{assert_draw, assert_legal, endgame_only, find, notations, quiet_moves_only, repetition_only, DrawCase};
use draughts_api::rules::notation::move_text::{MoveTable, MoveTextError};
use draughts_api::rules::ruleset::Russian;
use draughts_api::rules::{Color, DrawReason, Position};

#[test]
fn white_moves_first_and_squares_are_algebraic() {
    // docs/rules.md §4, §12: White's men on ranks 1-3 move first; squares are written
    // algebraically, and Russian has no standard numbering (§12).
    let start = Position::<Russian>::start();
    assert_eq!(start.side_to_move(), Color::White);
    assert_eq!(start.to_fen(), "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8");
    let expected = ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"];
    assert_eq!(notations(&MoveTable::new(&start, true)), super::moves(&expected));
    assert!(Position::<Russian>::from_fen("W:W21-32:B1-12").is_err(), "russian has no standard numbering");
}

#[test]
fn men_capture_backward() {
    // docs/rules.md §4: the man on e3 takes the man on d2 behind it.
    assert_legal::<Russian>("W:We3:Bd2,h8", &["e3xc1"]);
}

#[test]
fn captures_are_free_choice_even_against_a_longer_one_by_a_man() {
    // docs/rules.md §4: no quantity rule and no king priority: the king on a3 takes one piece
    // (b2), the man on e3 two (f4, f6); either may be played.
    assert_legal::<Russian>("W:WKa3,e3:Bb2,f4,f6,h8", &["a3xc1", "e3xe7"]);
}

#[test]
fn capturing_a_king_or_two_men_is_free_choice() {
    // docs/rules.md §4: a3 takes the king on b4, e3 takes the men on f4 and f6: free choice.
    assert_legal::<Russian>("W:Wa3,e3:BKb4,f4,f6", &["a3xc5", "e3xe7"]);
}

#[test]
fn a_king_must_land_where_it_can_go_on_capturing() {
    // docs/rules.md §4, §13.2: past c3 the king could land on d4-h8, but only from e5 can it go
    // on (over d6): it must land there and finish on c7 or b8.
    assert_legal::<Russian>("W:WKa1:Bc3,d6", &["a1xc7", "a1xb8"]);
}

#[test]
fn a_man_crowned_in_a_capture_goes_on_capturing_as_a_king() {
    // docs/rules.md §4: f6 takes e7 and is crowned on d8, then takes c7 as a flying king,
    // landing on b6 or a5.
    let fen = "W:Wf6:Be7,c7";
    assert_legal::<Russian>(fen, &["f6xb6", "f6xa5"]);
    for text in ["f6xd8xb6", "f6xd8xa5"] {
        let mv = find::<Russian>(fen, text).unwrap();
        assert!(mv.promotes && mv.captures.count() == 2, "{text}");
    }
}

#[test]
fn a_full_route_that_lies_inside_a_longer_route_names_the_shorter_move() {
    // docs/rules.md §4, §12. Regression (found by tests/properties.rs): b4xd6xb8 takes c5 and c7
    // (crowned on b8, where the captured c7 blocks any further capture); its route is also a
    // subsequence of b4xd6xf8xh6xf4xb8 (five pieces, also legal: free choice). The exact route
    // names the short one; the short form "b4xb8" fits both.
    let fen = "W:Wb4:Bc5,c7,e7,g7,g5";
    let table = super::move_table::<Russian>(fen);
    let short = table.find("b4xd6xb8").unwrap();
    assert_eq!(short.captures.count(), 2);
    assert_eq!(super::notation(&table, &short), "b4xd6xb8");
    let long = table.find("b4xd6xf8xh6xf4xb8").unwrap();
    assert_eq!(long.captures.count(), 5);
    assert!(matches!(table.find("b4xb8"), Err(MoveTextError::Ambiguous(found)) if found.len() == 2));
    assert_eq!(table.entries().len(), 2);
}

#[test]
fn captures_may_be_written_with_a_colon() {
    // docs/rules.md §4, §12: the PDN capture separator for Russian is ':'; 'x' is accepted too.
    assert_eq!(find::<Russian>("W:Wc3:Bd4", "c3:e5"), find::<Russian>("W:Wc3:Bd4", "c3xe5"));
    assert!(find::<Russian>("W:Wc3:Bd4", "c3:e5").is_ok());
}

#[test]
fn two_kings_against_one_draw_at_the_stronger_sides_fifth_move() {
    // docs/rules.md §4, FMJD-64 7.2.8: two kings against a lone king.
    assert_draw::<Russian>(DrawCase {
        fen: "W:WKa1,Kc1:BKh2",
        shuttles: [("c1", "d2"), ("h2", "g1")],
        rules: endgame_only::<Russian>(),
        drawn_after: 9,
        reason: DrawReason::Endgame,
    });
}

#[test]
fn three_kings_against_a_lone_king_off_the_long_diagonal_draw_at_the_fifteenth_move() {
    // docs/rules.md §4, FMJD-64 7.2.4.
    assert_draw::<Russian>(DrawCase {
        fen: "W:WKa1,Kc1,Ke1:BKh2",
        shuttles: [("c1", "d2"), ("h2", "g1")],
        rules: endgame_only::<Russian>(),
        drawn_after: 29,
        reason: DrawReason::Endgame,
    });
}

#[test]
fn three_pieces_against_a_lone_king_on_the_long_diagonal_draw_at_the_fifth_move() {
    // docs/rules.md §4, FMJD-64 7.2.7: the lone king stays on a1-h8 (h8, g7).
    assert_draw::<Russian>(DrawCase {
        fen: "W:WKa3,Kc1,Ke1:BKh8",
        shuttles: [("c1", "d2"), ("h8", "g7")],
        rules: endgame_only::<Russian>(),
        drawn_after: 9,
        reason: DrawReason::Endgame,
    });
}

#[test]
fn two_kings_against_two_kings_draw_after_thirty_moves() {
    // docs/rules.md §4, FMJD-64 7.2.6: kings on both sides, 4 pieces, no capture or promotion.
    assert_draw::<Russian>(DrawCase {
        fen: "W:WKa3,Kc1:BKf8,Kh8",
        shuttles: [("c1", "d2"), ("h8", "g7")],
        rules: endgame_only::<Russian>(),
        drawn_after: 60,
        reason: DrawReason::Endgame,
    });
}

#[test]
fn fifteen_moves_each_of_kings_only_draw() {
    // docs/rules.md §4, FMJD-64 7.2.5.
    assert_draw::<Russian>(DrawCase {
        fen: "W:WKa3,Kc1:BKf8,Kh8",
        shuttles: [("c1", "d2"), ("h8", "g7")],
        rules: quiet_moves_only::<Russian>(),
        drawn_after: 30,
        reason: DrawReason::QuietMoves,
    });
}

#[test]
fn the_third_occurrence_of_a_position_draws() {
    // docs/rules.md §4, FMJD-64 7.2.3.
    assert_draw::<Russian>(DrawCase {
        fen: "W:WKa3,Kc1:BKf8,Kh8",
        shuttles: [("c1", "d2"), ("h8", "g7")],
        rules: repetition_only::<Russian>(),
        drawn_after: 8,
        reason: DrawReason::Repetition,
    });
}
