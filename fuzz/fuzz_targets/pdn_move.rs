//! Fuzz target `pdn_move`: the PDN move-text reader (`MoveTable::find`) and the service's
//! replay built on it (`service::legal_moves`, `service::apply_move`).
//!
//! Input:
//! - byte 0 chooses the variant (`byte % 15` indexes `Variant::ALL`: ASCII `0`..`9` and `:`..`>`
//!   are English, Russian, Brazilian, International, Spanish, Italian, Czech, Turkish, Frisian,
//!   Frysk, Pool, Thai, Antidraughts, Breakthrough, Canadian);
//! - byte 1 chooses the position: `(byte - b'0') % (1 + n)`, so ASCII `0` is the variant's
//!   start position and `1`..`n` are the fixed test positions of [`positions`] (captures,
//!   multi-captures, kings, several routes to one square);
//! - the rest, read as lossy UTF-8, is the move text.
//!
//! Never panics, and:
//! - if `table.find(text)` is `Ok(mv)`, `mv` is a legal move of the position, and the notation
//!   the table writes for it (`table.notation(table.entry(&mv))`) reads back to `mv`;
//! - `service::legal_moves` of the game with `moves: [text]` does not panic; it succeeds exactly when
//!   `find` does (the game at a fixed position is never already over here: every one has
//!   moves), and then shows the position reached by playing `mv`;
//! - if the text has several lines, they are also replayed as a game, one move per line
//!   (must not panic).

#![no_main]

use draughts_api::rules::notation::move_text::{MoveTable, MoveTextError};
use draughts_api::rules::{Position, Rules, Variant, VariantVisitor};
use draughts_api::service::{self, GameRequest, ReplayError};
use libfuzzer_sys::fuzz_target;

/// The fixed test positions of each variant (besides its start position): positions with
/// captures, multi-captures, king captures and moves reachable by several routes, in the
/// variant's own square names. Most come from tests/data/movegen-samples.
fn positions(variant: Variant) -> &'static [&'static str] {
    match variant {
        Variant::English => &[
            "W:W22:B17,18,9,10",
            "B:W5,9,17:B1,6,25",
            "B:W19,21,28,K8:B3,6,9,K29",
            "B:WK23:B4,21,25,K26",
            "W:WK22:B17,18,9,10,25,26",
            "W:WK7:B22,18,15,26,11,19,10",
        ],
        Variant::Russian => &[
            "W:Wa1,c1,e1,g1,b2,h2,a3,e3,b4,h4:Be5,g5,d6,a7,c7,e7,g7,b8,f8,h8",
            "W:Wa1,b2,f2,e3,g3,d4,Kf8:Ba5,c5,a7,c7,h8",
            "B:Wa1,g1,h2,e3,g3:Ba5,h6,a7,e7,g7,d8,f8,h8,Ke1,Kg5",
            "W:Wa3,e5,a7:Be7,h8,Kb4",
            "W:WKc5:Bf6,d2,b2,d4,b4,d6",
            "W:WKa5:Be5,b6,f2,e3,b2,f6,b4",
        ],
        Variant::Czech => &[
            "W:Wa1,c1,e1,g1,b2,h2,a3,e3,b4,h4:Be5,g5,d6,a7,c7,e7,g7,b8,f8,h8",
            "W:Wa1,b2,f2,e3,g3,d4,Kf8:Ba5,c5,a7,c7,h8",
            "B:Wa1,g1,h2,e3,g3:Ba5,h6,a7,e7,g7,d8,f8,h8,Ke1,Kg5",
            "W:WKc3:Bd2,f2,e5,b6,b4,e7",
            "W:WKe1:Bd2,f4,f2,h6,b6,c5,g5",
        ],
        Variant::Brazilian => &[
            "B:Wa1,c1,e1,g1,b2,f2,h2,a3,d4,d6:Ba5,g5,h6,a7,c7,e7,g7,b8,d8,h8",
            "W:We1,g1,d2,f2,g3,c5,Kd8:Ba3,h4,g5,b6,g7,b8,h8",
            "B:Wa1,c1,e1,g1,b2,f2,h2,a3,c3,e3,d4,e5:Bb6,d6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
            "W:WKc3:Bg3,e7,d4,c7,a3,d2,b4",
            "W:WKg5:Bc5,e7,f4,a7,b4,c7",
        ],
        Variant::International => &[
            "B:W18,28,30,31,34,36,37,38,39,40,41,42,43,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,11,12,13,14,15,16,17,19,20",
            "W:W14,32,33,35,37,41,42,44,45,46,47,49,50,K23:B2,5,7,20,36",
            "W:W31,35,37,38,39,42,49,50:B1,2,5,9,10,11,15,17,18,29,30,45",
            "B:W30:B5,7,9,10,11,12,19,23,25,K45",
            "W:WK38:B32,13,43,44,11,33,3",
            "W:WK12:B30,13,33,29,20,43,42",
        ],
        Variant::Spanish => &[
            "W:We4:Bd5,Kf5,a8",
            "W:We4:Bd5,b7,Kf5,g8",
            "W:WKb1:Be4,a8",
            "W:We4:Bd3,g8",
            "W:WK3:B6,17,18,8,20,7,19",
            "W:WK6:B23,15,30,28,18,10",
        ],
        Variant::Italian => &[
            "B:W11,18,19,21,25,26,29,30,31,32:B1,2,3,4,5,6,7,8,9",
            "W:W21,23,26,27,29,30,31,32,K4:B1,2,3,7,9,13,14,17",
            "B:W14,17,24,25,28,K4:B2,9,10,12,K11",
            "W:W23,K30:B19,26,1",
            "W:WK27:B21,12,15,23,2,14,22",
        ],
        Variant::Turkish => &[
            "W:Wa2,b2,c2,e2,f2,g2,h2,c3,d3,e3,g3,h3,d4,f4:Bb4,d5,e5,c6,e6,f6,g6,h6,a7,b7,c7,d7,f7,g7,h7",
            "B:Wa2,b2,d2,e2,d3,e3,b4,e7:Ba5,b6,c6,e6,g6,h6,a7,b7,c7,d7,f7,g7,Kb1",
            "W:Wa2,b2,e2,g2,h2,c3,d3,g3,a4,e5,Kf4:Ba6,d6,g6,d7,f7,h7",
            "W:Wd4:Bd5,h7",
            "W:WKd4:Bd6,f6,f4,b6,b4,d2",
            "W:WKh1:Bc2,a3,b8,d5,g4,h2,a6",
            "W:WKd8:Bf8,c4,f7,c2,g6,a3,h6",
        ],
        Variant::Frisian => &[
            "W:W34,35,38,39,42,43,45,47,48,49:B1,2,3,4,5,6,8,9,10,11,12,14,25,26",
            "B:W29,31,32,40,41,42,44,45,46,47,48,49,50:B2,3,4,5,6,7,8,9,10,11,12,26",
            "W:W9,21,23,25,33,47,K50:B11,12,22,32,42,K14,K29,K44",
        ],
        Variant::Frysk => &["B:W22,37:B5,7,19,K17", "B:W23,34,46:B3,6,13,19,43"],
        Variant::Pool => &["W:W10:B7,8,20", "W:WK32:B27,18,9,22", "B:W14,15,22,23:B6,10,K1"],
        Variant::Thai => &["W:W10:B7,8,20", "W:WK32:B27,18,22,14", "B:W14,15,22,23:B6,10,K1"],
        Variant::Antidraughts => &[
            "B:W28,30,32,36,42,44,K25:BK50",
            "B:W28,31,34,36,37,39,40,41,43,45,46,47,48,49,50:B2,3,4,5,8,9,10,15,17,22,23",
        ],
        Variant::Breakthrough => &[
            "B:W21,28,31,32,33,35,37,39,43,46,48:B15,19,29",
            "B:W19,30,31,33,36,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,15,16,18,20",
        ],
        Variant::Canadian => &["W:W56,60:B39,50,53", "W:WK67:B12,23,45", "B:W37,38,K61:B25,26,31,K6"],
    }
}

struct CheckMove<'a> {
    fen: Option<&'static str>,
    text: &'a str,
}

impl VariantVisitor for CheckMove<'_> {
    type Output = ();

    fn visit<R: Rules>(self) {
        let variant = R::VARIANT;
        let position = match self.fen {
            None => Position::<R>::start(),
            Some(fen) => Position::<R>::from_fen(fen)
                .unwrap_or_else(|e| panic!("{variant}: fixed test position {fen:?}: {e}")),
        };
        let table = MoveTable::new(&position, true);
        let found = table.find(self.text);
        if let Ok(mv) = found {
            assert!(
                position.legal_moves().contains(&mv),
                "{variant} {position:?}: {:?} read as {mv:?}, not a legal move",
                self.text
            );
            let entry = table.entry(&mv).unwrap_or_else(|| {
                panic!("{variant} {position:?}: {mv:?} has no entry in its own table")
            });
            let notation = table.notation(entry);
            assert_eq!(
                table.find(&notation),
                Ok(mv),
                "{variant} {position:?}: {:?} is {mv:?}, but its notation {notation:?} is read otherwise",
                self.text
            );
        }

        let mut start = GameRequest::start(variant);
        start.fen = self.fen.map(str::to_owned);
        let request = start.clone().with_moves(&[self.text]);
        let view = service::legal_moves(&request);
        match (&found, &view) {
            (Ok(mv), Ok(view)) => {
                let after = position.play(mv).expect("checked legal above");
                assert_eq!(
                    view.position.fen,
                    after.to_fen(),
                    "{variant} {position:?}: the view of {:?} is not the position after {mv:?}",
                    self.text
                );
            }
            (Ok(mv), Err(e)) => panic!(
                "{variant} {position:?}: {:?} reads as {mv:?}, but the request fails: {e:?}",
                self.text
            ),
            (Err(e), Ok(view)) => panic!(
                "{variant} {position:?}: {:?} does not read ({e:?}), but the request gives {}",
                self.text, view.position.fen
            ),
            (Err(find_error), Err(view_error)) => {
                let same = match view_error {
                    ReplayError::MoveSyntax {
                        index: Some(0),
                        error,
                    } => error == find_error,
                    ReplayError::Illegal {
                        index: Some(0),
                        error,
                        ..
                    } => error == find_error,
                    _ => false,
                };
                assert!(
                    same,
                    "{variant} {position:?}: {:?}: find says {find_error:?}, the request {view_error:?}",
                    self.text
                );
                assert!(
                    !matches!(find_error, MoveTextError::Ambiguous(found) if found.len() < 2),
                    "{variant}: an ambiguity with fewer than two candidates"
                );
            }
        }

        if self.text.contains('\n') {
            let lines: Vec<&str> = self.text.lines().collect();
            let _ = service::legal_moves(&start.clone().with_moves(&lines));
            if let Some((last, history)) = lines.split_last() {
                let _ = service::apply_move(&start.with_moves(history), last);
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let [variant_byte, position_byte, rest @ ..] = data else {
        return;
    };
    let variant = Variant::ALL[*variant_byte as usize % Variant::ALL.len()];
    let fixed = positions(variant);
    let choice = position_byte.wrapping_sub(b'0') as usize % (fixed.len() + 1);
    let fen = choice.checked_sub(1).map(|i| fixed[i]);
    let text = String::from_utf8_lossy(rest);
    variant.visit(CheckMove { fen, text: &text });
});
