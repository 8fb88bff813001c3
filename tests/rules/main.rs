//! Rules tests: one file per variant, each case citing the rules document (`docs/rules.md §n`),
//! plus `common.rs` for the rules every variant shares. The tests use the rules layer only:
//! positions, move tables, games and their draw rules; helpers for them are here.

mod antidraughts;
mod brazilian;
mod breakthrough;
mod canadian;
mod common;
mod czech;
mod english;
mod frisian;
mod international;
mod italian;
mod pool;
mod russian;
mod spanish;
mod thai;
mod turkish;

use std::collections::BTreeSet;

use draughts_api::rules::bitboard::Word;
use draughts_api::rules::notation::move_text::{MoveTable, MoveTextError};
use draughts_api::rules::{DrawReason, DrawRules, Game, GameRules, Move, Position, Rules, Status};

/// The position of `fen`, which the test knows to be valid.
pub fn position<R: Rules>(fen: &str) -> Position<R> {
    Position::<R>::from_fen(fen).unwrap_or_else(|e| panic!("{:?} {fen}: {e}", R::VARIANT))
}

/// The legal moves of `fen` with their routes (captures mandatory).
pub fn move_table<R: Rules>(fen: &str) -> MoveTable<R::Board> {
    MoveTable::new(&position::<R>(fen), true)
}

/// The text a move table writes for one of its moves.
pub fn notation<W: Word>(table: &MoveTable<W>, mv: &Move<W>) -> String {
    let entry = table.entry(mv).unwrap_or_else(|| panic!("{mv:?} is not in the table"));
    table.notation(entry).into()
}

/// Every move of a table, in its notation.
pub fn notations<W: Word>(table: &MoveTable<W>) -> BTreeSet<String> {
    table.entries().iter().map(|e| table.notation(e).into()).collect()
}

/// The legal moves of `fen` in our notation; `mandatory_capture: false` is the house rule.
pub fn legal_with<R: Rules>(fen: &str, mandatory_capture: bool) -> BTreeSet<String> {
    notations(&MoveTable::new(&position::<R>(fen), mandatory_capture))
}

/// The legal moves of `fen` in our notation.
pub fn legal<R: Rules>(fen: &str) -> BTreeSet<String> {
    legal_with::<R>(fen, true)
}

/// A set of move texts.
pub fn moves(texts: &[&str]) -> BTreeSet<String> {
    texts.iter().map(|s| s.to_string()).collect()
}

/// Asserts that the legal moves of `fen` are exactly `expected`.
pub fn assert_legal<R: Rules>(fen: &str, expected: &[&str]) {
    assert_eq!(legal::<R>(fen), moves(expected), "{:?} {fen}", R::VARIANT);
}

/// The legal move of `fen` that `text` names, or why there is none.
pub fn find<R: Rules>(fen: &str, text: &str) -> Result<Move<R::Board>, MoveTextError> {
    move_table::<R>(fen).find(text)
}

/// Finds `text` among the legal moves of the game and plays it.
pub fn play<R: Rules>(game: &mut Game<R>, text: &str) -> Move<R::Board> {
    let table = MoveTable::new(game.position(), game.rules().mandatory_capture);
    let mv = table.find(text).unwrap_or_else(|e| panic!("{:?} {}: {text}: {e}", R::VARIANT, game.position()));
    game.play(&mv).unwrap_or_else(|e| panic!("{:?} {}: {text}: {e:?}", R::VARIANT, game.position()));
    mv
}

/// The status after playing `moves` from `fen` under `rules`.
pub fn status_after<R: Rules>(fen: &str, moves: &[String], rules: GameRules) -> Status {
    let mut game = Game::new(position::<R>(fen), rules);
    for text in moves {
        play(&mut game, text);
    }
    game.status()
}

/// The variant's own rules with its draw rules replaced by `draw`.
pub fn with_draw(draw: DrawRules) -> GameRules {
    GameRules { mandatory_capture: true, draw, king_move_limit: 0 }
}

/// Only the variant's endgame counts: no repetition, no quiet-move count.
pub fn endgame_only<R: Rules>() -> GameRules {
    with_draw(DrawRules { repetitions: 0, quiet_moves: 0, ..R::DRAW })
}

/// Only the variant's quiet-move count.
pub fn quiet_moves_only<R: Rules>() -> GameRules {
    with_draw(DrawRules { repetitions: 0, endgame: false, ..R::DRAW })
}

/// Only the variant's repetition count.
pub fn repetition_only<R: Rules>() -> GameRules {
    with_draw(DrawRules { quiet_moves: 0, endgame: false, ..R::DRAW })
}

/// No draw rule at all.
pub fn no_draw_rules<R: Rules>() -> GameRules {
    with_draw(DrawRules { repetitions: 0, quiet_moves: 0, endgame: false, ..R::DRAW })
}

/// `plies` moves alternating between two shuttles, `a-b, c-d, b-a, d-c, a-b, …`.
pub fn shuttle(first: (&str, &str), second: (&str, &str), plies: usize) -> Vec<String> {
    let cycle = [
        format!("{}-{}", first.0, first.1),
        format!("{}-{}", second.0, second.1),
        format!("{}-{}", first.1, first.0),
        format!("{}-{}", second.1, second.0),
    ];
    cycle.iter().cycle().take(plies).cloned().collect()
}

/// A draw rule at work: two shuttles played from `fen` under `rules` draw the game.
pub struct DrawCase {
    /// The start position.
    pub fen: &'static str,
    /// Shuttles of the side to move and of the other side.
    pub shuttles: [(&'static str, &'static str); 2],
    /// The rules played under (usually only the rule the case is about).
    pub rules: GameRules,
    /// The ply after which the game is drawn (and not one ply earlier).
    pub drawn_after: usize,
    /// Why.
    pub reason: DrawReason,
}

/// Asserts that the case's game is ongoing one ply before `drawn_after`, drawn for the case's
/// reason at `drawn_after`, and still ongoing at `drawn_after` with every draw rule off.
pub fn assert_draw<R: Rules>(case: DrawCase) {
    let name = format!("{:?} {}", R::VARIANT, case.fen);
    let moves = shuttle(case.shuttles[0], case.shuttles[1], case.drawn_after);
    let before = status_after::<R>(case.fen, &moves[..case.drawn_after - 1], case.rules);
    assert_eq!(before, Status::Ongoing, "{name}: one ply early");
    assert_eq!(status_after::<R>(case.fen, &moves, case.rules), Status::Draw(case.reason), "{name}");
    assert_eq!(status_after::<R>(case.fen, &moves, no_draw_rules::<R>()), Status::Ongoing, "{name}: rules off");
}
