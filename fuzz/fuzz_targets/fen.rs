//! Fuzz target `fen`: the PDN FEN reader (`Position::<R>::from_fen`) of every variant.
//!
//! Input: the first byte chooses the variant (`byte % 15` indexes `Variant::ALL`, so the ASCII
//! characters `0`..`9` and `:`..`>` are English, Russian, Brazilian, International, Spanish,
//! Italian, Czech, Turkish, Frisian, Frysk, Pool, Thai, Antidraughts, Breakthrough, Canadian);
//! the rest, read as lossy UTF-8, is the FEN.
//!
//! Never panics, and whenever the FEN is accepted:
//! - the two sides' pieces are disjoint and kings are pieces;
//! - `to_fen` round-trips: `from_fen(pos.to_fen()) == pos`, and writing it again gives the
//!   same text (the written form is canonical);
//! - the legal moves can be generated, and each move starts on a piece of the side to move,
//!   captures only opposing pieces, lands on an empty square (or where it started: a king's
//!   loop; or, with Turkish immediate removal, where it took a piece), and plays
//!   (`pos.play(&mv)` is `Ok`); the position it leads to is again a valid position of the
//!   variant (it round-trips through its FEN too);
//! - the PDN move table of the position holds exactly the legal moves, and the notation of
//!   each one reads back (`MoveTable::find`) to that same move.

#![no_main]

use draughts_api::rules::notation::move_text::MoveTable;
use draughts_api::rules::ruleset::Removal;
use draughts_api::rules::{Color, Position, Rules, Variant, VariantVisitor};
use libfuzzer_sys::fuzz_target;

struct CheckFen<'a> {
    text: &'a str,
}

impl VariantVisitor for CheckFen<'_> {
    type Output = ();

    fn visit<R: Rules>(self) {
        let Ok(pos) = Position::<R>::from_fen(self.text) else {
            return;
        };
        let variant = R::VARIANT;
        let own = pos.side_to_move();
        let (white, black) = (pos.pieces(Color::White), pos.pieces(Color::Black));
        assert!(
            (white & black).is_empty(),
            "{variant}: {:?} accepted with a square of both colours",
            self.text
        );

        let fen = pos.to_fen();
        let again = Position::<R>::from_fen(&fen).unwrap_or_else(|e| {
            panic!(
                "{variant}: input {:?} gave FEN {fen:?}, which does not parse: {e}",
                self.text
            )
        });
        assert_eq!(
            again, pos,
            "{variant}: input {:?} -> {fen:?} round trip",
            self.text
        );
        assert_eq!(again.to_fen(), fen, "{variant}: to_fen is not canonical");

        let moves = pos.legal_moves();
        for mv in &moves {
            assert!(
                pos.pieces(own).contains(mv.from),
                "{variant} {fen}: {mv:?} starts on no piece of the side to move"
            );
            assert!(
                mv.captures.minus(pos.pieces(own.opponent())).is_empty(),
                "{variant} {fen}: {mv:?} captures a square without an opposing piece"
            );
            // Where captured pieces leave at once (Turkish, Thai) a king may end where it took a
            // piece earlier in the same move; elsewhere they stay on the board until the move
            // ends.
            let blocked = match R::REMOVAL {
                Removal::Immediate | Removal::Passing => pos.occupied().minus(mv.captures),
                Removal::EndOfMove => pos.occupied(),
            };
            assert!(
                mv.to == mv.from || !blocked.contains(mv.to),
                "{variant} {fen}: {mv:?} lands on an occupied square"
            );
            let next = pos.play(mv).unwrap_or_else(|e| {
                panic!("{variant} {fen}: legal move {mv:?} does not play: {e:?}")
            });
            let next_fen = next.to_fen();
            match Position::<R>::from_fen(&next_fen) {
                Ok(back) => assert_eq!(
                    back, next,
                    "{variant} {fen}: after {mv:?}, {next_fen:?} does not round-trip"
                ),
                Err(e) => panic!(
                    "{variant} {fen}: {mv:?} leads to {next_fen:?}, not a valid position: {e}"
                ),
            }
        }

        let table = MoveTable::new(&pos, true);
        assert_eq!(
            table.entries().len(),
            moves.len(),
            "{variant} {fen}: move table and legal moves differ in number"
        );
        for entry in table.entries() {
            assert!(
                moves.contains(&entry.mv),
                "{variant} {fen}: move table holds {:?}, not a legal move",
                entry.mv
            );
            let text = table.notation(entry);
            match table.find(&text) {
                Ok(found) => assert_eq!(
                    found, entry.mv,
                    "{variant} {fen}: notation {text:?} reads back as another move"
                ),
                Err(e) => panic!("{variant} {fen}: notation {text:?} does not read back: {e}"),
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    let variant = Variant::ALL[choice as usize % Variant::ALL.len()];
    let text = String::from_utf8_lossy(rest);
    variant.visit(CheckFen { text: &text });
});
