//! Turkish draughts (dama, docs/rules.md §9): all 64 squares; men move and capture one square
//! forward or sideways, never backward or diagonally; kings fly along ranks and files; the
//! capture taking the most pieces is compulsory; captured pieces leave the board at once, and a
//! capture may not turn back 180°; a man reaching the far rank in a capture goes on as a man and
//! is crowned at the end; draws by threefold repetition and by one piece each; algebraic
//! notation (§12).

use super::{assert_draw, assert_legal, find, notations, repetition_only, status_after, DrawCase};
use draughts_api::rules::notation::move_text::MoveTable;
use draughts_api::rules::ruleset::Turkish;
use draughts_api::rules::{Color, DrawReason, GameRules, Position, Status};

#[test]
fn white_moves_first_and_only_the_third_rank_can_move() {
    // docs/rules.md §9, §12: White's men on ranks 2 and 3; only those on rank 3 can step
    // forward, and no man can step sideways.
    let start = Position::<Turkish>::start();
    assert_eq!(start.side_to_move(), Color::White);
    let expected = ["a3-a4", "b3-b4", "c3-c4", "d3-d4", "e3-e4", "f3-f4", "g3-g4", "h3-h4"];
    assert_eq!(notations(&MoveTable::new(&start, true)), super::moves(&expected));
}

#[test]
fn men_move_forward_or_sideways_never_backward_or_diagonally() {
    // docs/rules.md §9.
    assert_legal::<Turkish>("W:Wd4:Bh8", &["d4-d5", "d4-c4", "d4-e4"]);
}

#[test]
fn men_capture_forward_or_sideways_never_backward() {
    // docs/rules.md §9: d4 takes c4 beside it; the man on d3 behind it is safe.
    assert_legal::<Turkish>("W:Wd4:Bd3,c4,h8", &["d4xb4"]);
}

#[test]
fn the_capture_taking_the_most_pieces_is_compulsory() {
    // docs/rules.md §9: d4 takes d5 then c6 (two pieces), or c4 (one): it must take two.
    assert_legal::<Turkish>("W:Wd4:Bd5,c4,c6,h8", &["d4xb6"]);
}

#[test]
fn kings_fly_along_files_and_ranks_and_choose_their_landing_square() {
    // docs/rules.md §9: the king on a1 takes a4 from a distance, landing anywhere beyond it.
    assert_legal::<Turkish>("W:WKa1:Ba4,h8", &["a1xa5", "a1xa6", "a1xa7", "a1xa8"]);
}

#[test]
fn a_capture_may_not_turn_back_180_degrees() {
    // docs/rules.md §9: after taking a6 the king may not come back down the file over a2 (nor
    // after taking a2 go back up over a6), so each capture takes one piece.
    assert_legal::<Turkish>("W:WKa4:Ba6,a2", &["a4xa7", "a4xa8", "a4xa1"]);
}

#[test]
fn captured_pieces_leave_at_once_so_their_squares_can_be_crossed_and_landed_on() {
    // docs/rules.md §9: the king on c1 takes c3, e5, f4 and d3 by c1-c5-f5-f3, then over d3
    // lands on c3 (the square of the first piece it took, already empty), b3 or a3.
    assert_legal::<Turkish>("W:WKc1:Bc3,e5,f4,d3", &["c1xc3", "c1xb3", "c1xa3"]);
    let mv = find::<Turkish>("W:WKc1:Bc3,e5,f4,d3", "c1xc5xf5xf3xc3").unwrap();
    assert_eq!(mv.captures.count(), 4);
}

#[test]
fn a_man_reaching_the_far_rank_in_a_capture_goes_on_as_a_man_and_is_crowned_at_the_end() {
    // docs/rules.md §9, §13.9: d6 takes d7 and reaches d8; as a man it goes on sideways over e8
    // to f8 only (a king would have had g8 and h8 as well), and is crowned there.
    let fen = "W:Wd6:Bd7,e8";
    assert_legal::<Turkish>(fen, &["d6xf8"]);
    let mv = find::<Turkish>(fen, "d6xd8xf8").unwrap();
    assert!(mv.promotes);
    assert_eq!(mv.captures.count(), 2);
}

#[test]
fn one_piece_each_is_a_draw_at_once_and_after_a_capture() {
    // docs/rules.md §9: one piece each (any kind) is a draw.
    let rules = GameRules::of::<Turkish>();
    assert_eq!(status_after::<Turkish>("W:Wa2:Bh7", &[], rules), Status::Draw(DrawReason::Endgame));
    let capture = ["d4xd6".to_owned()];
    assert_eq!(status_after::<Turkish>("W:Wd4:Bd5,h7", &[], rules), Status::Ongoing);
    assert_eq!(status_after::<Turkish>("W:Wd4,a2:Bd5,h7", &capture, rules), Status::Ongoing);
    assert_eq!(status_after::<Turkish>("W:Wd4:Bd5,h7", &capture, rules), Status::Draw(DrawReason::Endgame));
}

#[test]
fn the_third_occurrence_of_a_position_draws() {
    // docs/rules.md §9.
    assert_draw::<Turkish>(DrawCase {
        fen: "W:WKa1,Kb1:BKh8,Kg8",
        shuttles: [("a1", "a2"), ("h8", "h7")],
        rules: repetition_only::<Turkish>(),
        drawn_after: 8,
        reason: DrawReason::Repetition,
    });
}
