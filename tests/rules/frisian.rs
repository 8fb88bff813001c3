//! Frisian draughts and Frysk! (docs/rules.md §10.5): the International board and moves; men and
//! kings also capture along ranks and files, over the next playable square of the same row or
//! column; kings move diagonally only; the capture of the highest value is compulsory (a king
//! worth more than one man and less than two), and at equal value a king must capture; at most
//! three king moves in a row with the same king while its side has men; draws by repetition,
//! two kings against one after seven moves each and one king each after two moves each. Frysk!
//! is Frisian with five men each on the back rows.

use super::{assert_draw, assert_legal, endgame_only, legal, moves, notations, play, position, DrawCase};
use draughts_api::rules::notation::move_text::MoveTable;
use draughts_api::rules::ruleset::{Frisian, Frysk, International};
use draughts_api::rules::{Color, DrawReason, DrawRules, Game, GameRules, Position, Rules, Status};

#[test]
fn the_start_and_the_men_moves_are_internationals() {
    // docs/rules.md §10.5.
    let start = Position::<Frisian>::start();
    assert_eq!(start.side_to_move(), Color::White);
    assert_eq!(notations(&MoveTable::new(&start, true)), legal::<International>("W:W31-50:B1-20"));
}

#[test]
fn men_capture_along_rows_and_columns_forward_and_backward() {
    // docs/rules.md §10.5: over the next playable square of the same row (27 over 28 to 29) or
    // of the same column (32 over 22 to 12), and backward (22 over 32 to 42).
    assert_legal::<Frisian>("W:W27:B28", &["27x29"]);
    assert_legal::<Frisian>("W:W32:B22", &["32x12"]);
    assert_legal::<Frisian>("W:W22:B32", &["22x42"]);
    // In International none of these is a capture.
    assert_eq!(legal::<International>("W:W27:B28"), moves(&["27-21", "27-22"]));
}

#[test]
fn kings_capture_along_columns_from_a_distance_and_move_diagonally_only() {
    // docs/rules.md §10.5: the king on 46 takes 26 up the column, landing on 16 or 6.
    assert_legal::<Frisian>("W:WK46:B26", &["46x16", "46x6"]);
    // Without a capture, the king on 28 steps only along its diagonals.
    let steps = legal::<Frisian>("W:WK28:B1");
    assert!(steps.contains("28-23") && steps.contains("28-33"));
    for straight in ["28-27", "28-29", "28-18", "28-38"] {
        assert!(!steps.contains(straight), "{straight}");
    }
}

#[test]
fn a_king_is_worth_more_than_one_man() {
    // docs/rules.md §10.5, FRIS art. 11: 32 can take the king on 27 or the man on 28: it must
    // take the king. In International either capture may be played.
    assert_legal::<Frisian>("W:W32:B28,K27", &["32x21"]);
    assert_eq!(legal::<International>("W:W32:B28,K27"), moves(&["32x21", "32x23"]));
}

#[test]
fn two_men_are_worth_more_than_one_king() {
    // docs/rules.md §10.5, FRIS art. 11: 32 can take the king on 27 (one piece) or the men on
    // 28 and 19 (two): it must take the two men.
    assert_legal::<Frisian>("W:W32:B28,19,K27", &["32x14"]);
}

#[test]
fn three_kings_are_worth_more_than_five_men() {
    // docs/rules.md §13.10: n kings rank above 2n - 1 men; the king on 50 takes the three kings,
    // not 47 the five men.
    let fen = "W:W9,21,23,25,33,47,K50:B11,12,22,32,42,K14,K29,K44";
    let table = MoveTable::new(&position::<Frisian>(fen), true);
    assert!(!table.entries().is_empty());
    for entry in table.entries() {
        assert_eq!(entry.mv.from, Frisian::NAMING.parse("50").unwrap(), "{:?}", notations(&table));
        assert_eq!(entry.mv.captures.count(), 3);
    }
}

#[test]
fn at_equal_value_the_king_must_capture() {
    // docs/rules.md §10.5, FRIS art. 12: the man on 32 and the king on 46 can each take one man;
    // only the king may.
    let fen = "W:W32,K46:B28,41";
    let table = MoveTable::new(&position::<Frisian>(fen), true);
    assert!(!table.entries().is_empty());
    assert!(
        table.entries().iter().all(|e| e.mv.from == Frisian::NAMING.parse("46").unwrap()),
        "{:?}",
        notations(&table)
    );
}

/// The game from `fen` under Frisian's own rules but `king_move_limit`, after `moves`.
fn frisian_after(fen: &str, moves: &[&str], king_move_limit: u8) -> Game<Frisian> {
    let rules = GameRules { king_move_limit, ..GameRules::of::<Frisian>() };
    let mut game = Game::new(position::<Frisian>(fen), rules);
    for text in moves {
        play(&mut game, text);
    }
    game
}

/// The legal moves of `game` in our notation.
fn game_moves(game: &Game<Frisian>) -> std::collections::BTreeSet<String> {
    notations(&MoveTable::of_game(game))
}

#[test]
fn a_king_may_make_at_most_three_moves_in_a_row_while_its_side_has_men() {
    // docs/rules.md §10.5, FRIS art. 17: after 46-41, 41-46, 46-41 the king on 41 may not move
    // again; the man on 45 may.
    let fen = "W:W45,K46:BK1";
    let shuffle = ["46-41", "1-6", "41-46", "6-1", "46-41", "1-6"];
    let game = frisian_after(fen, &shuffle, 3);
    assert_eq!(game.held_king(), Some(Frisian::NAMING.parse("41").unwrap()));
    assert_eq!(game_moves(&game), moves(&["45-40"]));
    assert_eq!(Game::legal_moves(&game).len(), 1);
    // A man move ends the run.
    let game = frisian_after(fen, &[&shuffle[..], &["45-40", "6-1"]].concat(), 3);
    assert!(game_moves(&game).contains("41-36"));
    // Two moves in a row are not three.
    let game = frisian_after(fen, &shuffle[..4], 3);
    assert!(game_moves(&game).contains("46-41"));
    // The limit can be lifted per game.
    let game = frisian_after(fen, &shuffle, 0);
    assert!(game_moves(&game).contains("41-36"));
}

#[test]
fn a_side_with_kings_only_may_move_the_same_king_on() {
    // docs/rules.md §10.5: the limit holds only while the side also has men (the one-king-each
    // count is off here: it would end the game first).
    let draw = DrawRules { endgame: false, ..Frisian::DRAW };
    let mut game = Game::new(position::<Frisian>("W:WK46:BK1"), GameRules { draw, ..GameRules::of::<Frisian>() });
    for text in ["46-41", "1-6", "41-46", "6-1", "46-41", "1-6"] {
        play(&mut game, text);
    }
    assert_eq!(game.held_king(), None);
    assert!(game_moves(&game).contains("41-36"));
}

#[test]
fn two_kings_against_one_draw_after_seven_moves_each() {
    // docs/rules.md §10.5, FRIS art. 18 as lidraughts applies it.
    assert_draw::<Frisian>(DrawCase {
        fen: "W:WK46,K47:BK1",
        shuttles: [("47", "42"), ("1", "6")],
        rules: endgame_only::<Frisian>(),
        drawn_after: 14,
        reason: DrawReason::Endgame,
    });
}

#[test]
fn one_king_each_draws_after_two_moves_each() {
    // docs/rules.md §10.5, FRIS art. 21 as lidraughts applies it.
    assert_draw::<Frisian>(DrawCase {
        fen: "W:WK47:BK1",
        shuttles: [("47", "42"), ("1", "6")],
        rules: endgame_only::<Frisian>(),
        drawn_after: 4,
        reason: DrawReason::Endgame,
    });
}

#[test]
fn frysk_starts_with_five_men_each_on_the_back_rows() {
    // docs/rules.md §10.5.
    let start = Position::<Frysk>::start();
    assert_eq!(start.to_fen(), "W:W46,47,48,49,50:B1,2,3,4,5");
    let expected = ["46-41", "47-41", "47-42", "48-42", "48-43", "49-43", "49-44", "50-44", "50-45"];
    assert_eq!(notations(&MoveTable::new(&start, true)), moves(&expected));
    // Frisian's rules otherwise: a capture along a row.
    assert_legal::<Frysk>("W:W27:B28", &["27x29"]);
    assert_eq!(Game::new(start, GameRules::of::<Frysk>()).status(), Status::Ongoing);
}
