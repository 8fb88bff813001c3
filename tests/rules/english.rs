//! English draughts / American checkers (docs/rules.md §5): Black moves first, men move and
//! capture forward only, kings move and capture one square in any direction, free choice among
//! captures, a man reaching the far row ends his move; draws by threefold repetition and by 40
//! moves each without a man move or capture; numeric notation with the reading of move text
//! (§12, §13.1) and the optional-capture house rule (§11).

use super::{
    assert_draw, assert_legal, find, legal, legal_with, move_table, moves, notation, notations, play, quiet_moves_only,
    repetition_only, shuttle, status_after, with_draw, DrawCase,
};
use draughts_api::rules::notation::move_text::{MoveTable, MoveTextError};
use draughts_api::rules::ruleset::English;
use draughts_api::rules::{Color, DrawReason, DrawRules, Game, GameRules, Position, QuietReset, Status};

#[test]
fn black_moves_first_from_the_start_position() {
    // docs/rules.md §5, §12: Black's men on 1-12 move first, each one square towards 32.
    let start = Position::<English>::start();
    assert_eq!(start.side_to_move(), Color::Black);
    assert_eq!(start.to_fen(), "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    let expected = ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"];
    assert_eq!(notations(&MoveTable::new(&start, true)), moves(&expected));
}

#[test]
fn men_move_and_capture_forward_only() {
    // docs/rules.md §5: the black man on 26 is behind White's man on 22, which may not take it.
    assert_legal::<English>("W:W22:B26", &["22-17", "22-18"]);
}

#[test]
fn kings_move_one_square_and_do_not_capture_from_a_distance() {
    // docs/rules.md §5: a king on 29 with a black man two squares away on 22 only steps to 25.
    assert_legal::<English>("W:WK29:B22", &["29-25"]);
}

#[test]
fn kings_capture_backward_by_a_short_jump() {
    // docs/rules.md §5: the king on 18 jumps the man on 22 behind it, landing on 25.
    assert_legal::<English>("W:WK18:B22", &["18x25"]);
}

#[test]
fn captures_are_free_choice_not_the_longest() {
    // docs/rules.md §5: 21 takes one piece (17), 23 takes two (19 and 11); either may be played.
    assert_legal::<English>("W:W21,23:B17,19,11", &["21x14", "23x7"]);
}

#[test]
fn a_chosen_multi_jump_must_be_completed() {
    // docs/rules.md §5: after 30x23 the man must go on over 18; stopping on 23 is not a move,
    // and is read as a capture stopped halfway.
    assert_legal::<English>("W:W30:B26,18", &["30x14"]);
    assert_eq!(find::<English>("W:W30:B26,18", "30x23"), Err(MoveTextError::Unfinished));
}

#[test]
fn a_man_reaching_the_far_row_in_a_capture_is_crowned_and_the_move_ends() {
    // docs/rules.md §5: 11 takes 7 and is crowned on 2; a king there could take 6 as well, but
    // the move ends on promotion.
    assert_legal::<English>("W:W11:B7,6", &["11x2"]);
    assert!(find::<English>("W:W11:B7,6", "11x2").unwrap().promotes);
}

#[test]
fn moves_are_read_in_every_pdn_form() {
    // docs/rules.md §5, §12: Black's man on 15 takes 19 and 27 and is crowned on 31: short form,
    // full path, and the separators 'x', ':' and '-' all name the same move, written "15x31".
    let fen = "B:W19,27,30:B15";
    let table = move_table::<English>(fen);
    for text in ["15x31", "15x24x31", "15:31", "15-24-31", " 15x31 "] {
        let mv = table.find(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(notation(&table, &mv), "15x31", "{text}");
        assert!(mv.promotes, "{text}");
    }
    // A double jump in full is written in its short form.
    let table = move_table::<English>("W:W30:B26,18");
    let mv = table.find("30x23x14").unwrap();
    assert_eq!(notation(&table, &mv), "30x14");
}

/// The man on 22 reaches 6 over 17 and 9, or over 18 and 10.
const TWO_WAYS_TO_6: &str = "W:W22:B17,18,9,10";

#[test]
fn captures_to_the_same_square_by_different_pieces_are_written_with_a_middle_square() {
    // docs/rules.md §12: two sequences share origin and destination: the landing square in
    // between tells them apart.
    assert_legal::<English>(TWO_WAYS_TO_6, &["22x13x6", "22x15x6"]);
    for text in ["22x13x6", "22x15x6", "22-13-6"] {
        assert!(find::<English>(TWO_WAYS_TO_6, text).is_ok(), "{text}");
    }
}

#[test]
fn an_ambiguous_short_form_names_both_candidates() {
    // docs/rules.md §12: "22x6" fits both sequences, so it names no single move.
    let table = move_table::<English>(TWO_WAYS_TO_6);
    match table.find("22x6") {
        Err(MoveTextError::Ambiguous(found)) => {
            assert_eq!(found.len(), 2);
            let candidates: Vec<String> = found.iter().map(|&i| table.notation(&table.entries()[i]).into()).collect();
            assert_eq!(candidates, vec!["22x13x6".to_owned(), "22x15x6".to_owned()]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_quiet_move_is_illegal_when_a_capture_is_available() {
    // docs/rules.md §5: capturing is compulsory: after 11-15 22-18, Black's 15-19 is illegal and
    // 15x22 is the only move.
    let mut game = Game::new(Position::<English>::start(), GameRules::of::<English>());
    play(&mut game, "11-15");
    play(&mut game, "22-18");
    let table = MoveTable::new(game.position(), true);
    assert_eq!(table.find("15-19"), Err(MoveTextError::Illegal));
    assert_eq!(notations(&table), moves(&["15x22"]));
    assert!(table.entries().iter().all(|e| e.mv.is_capture()));
}

#[test]
fn move_text_errors_name_the_bad_square() {
    // docs/rules.md §5, §12: squares are numbered 1-32; a move names at least two of them.
    let mut game = Game::new(Position::<English>::start(), GameRules::of::<English>());
    assert!(MoveTable::new(game.position(), true).find("11").unwrap_err().is_syntax());
    play(&mut game, "11-15");
    let error = MoveTable::new(game.position(), true).find("22-99").unwrap_err();
    assert!(!error.is_syntax(), "well formed, but no square of this board: {error}");
    assert!(matches!(&error, MoveTextError::Square { item, .. } if item == "99"), "{error:?}");
}

#[test]
fn optional_capture_house_rule_adds_the_quiet_moves_beside_the_captures() {
    // docs/rules.md §11: with captures optional, quiet moves are legal beside the captures.
    assert_eq!(legal_with::<English>("W:W22:B18,1", false), moves(&["22x15", "22-17"]));
    assert_eq!(legal::<English>("W:W22:B18,1"), moves(&["22x15"]));
}

/// Two kings and a man each side: White's king shuttles 29-25, Black's 4-8.
const KINGS_AND_MEN: &str = "W:WK29,21:BK4,12";

#[test]
fn forty_moves_each_without_man_move_or_capture_draw() {
    // docs/rules.md §5, §13.6: 40 moves by each side, 80 plies.
    assert_draw::<English>(DrawCase {
        fen: KINGS_AND_MEN,
        shuttles: [("29", "25"), ("4", "8")],
        rules: quiet_moves_only::<English>(),
        drawn_after: 80,
        reason: DrawReason::QuietMoves,
    });
}

#[test]
fn the_third_occurrence_of_a_position_draws() {
    // docs/rules.md §5, §13.6: the third occurrence with the same side to move.
    assert_draw::<English>(DrawCase {
        fen: KINGS_AND_MEN,
        shuttles: [("29", "25"), ("4", "8")],
        rules: repetition_only::<English>(),
        drawn_after: 8,
        reason: DrawReason::Repetition,
    });
}

#[test]
fn a_man_move_starts_the_forty_move_count_again() {
    // docs/rules.md §5: 40 quiet plies, a man move, then the count starts again: 80 more plies
    // to the draw.
    let rules = quiet_moves_only::<English>();
    let mut moves = shuttle(("29", "25"), ("4", "8"), 40);
    moves.push("21-17".to_owned());
    moves.extend(shuttle(("4", "8"), ("29", "25"), 80));
    assert_eq!(status_after::<English>(KINGS_AND_MEN, &moves[..120], rules), Status::Ongoing);
    assert_eq!(status_after::<English>(KINGS_AND_MEN, &moves, rules), Status::Draw(DrawReason::QuietMoves));
}

#[test]
fn with_the_count_reset_only_by_promotion_a_man_move_does_not_reset_it() {
    // docs/rules.md §5 counts man moves; the count may be set to reset only on promotion.
    let rules = with_draw(DrawRules { quiet_reset: QuietReset::Promotion, ..quiet_moves_only::<English>().draw });
    let mut moves = shuttle(("29", "25"), ("4", "8"), 40);
    moves.push("21-17".to_owned());
    moves.extend(shuttle(("4", "8"), ("29", "25"), 39));
    assert_eq!(status_after::<English>(KINGS_AND_MEN, &moves[..79], rules), Status::Ongoing);
    assert_eq!(status_after::<English>(KINGS_AND_MEN, &moves, rules), Status::Draw(DrawReason::QuietMoves));
}
