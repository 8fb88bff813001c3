//! [`WriteJson`]: the game answers written as JSON by hand, byte for byte as serde_json writes
//! their derived `Serialize` (compact, fields in declaration order, strings escaped alike).
//! serde_json pays a call and a scan per key and string; an answer of a few moves cost more to
//! write than the position to list them. The derived `Serialize` stays the reference: the
//! tests below hold the two to the same bytes.

use core::convert::Infallible;

use super::game::{ApplyMoveResponse, LegalMovesResponse, MoveDto, SquareDto, StatusDto};
use crate::http::json_escape::escape;
use crate::rules::naming::SquareName;

/// A value written as compact JSON onto the end of a buffer.
pub trait WriteJson {
    /// Appends the value's JSON to `out`.
    fn write_json(&self, out: &mut Vec<u8>);
}

/// Appends `text` as a JSON string, escaped as serde_json escapes it ([`escape`]).
pub fn write_str(out: &mut Vec<u8>, text: &str) {
    out.reserve(text.len() + 2);
    out.push(b'"');
    let pushed = escape(text, |piece| {
        out.extend_from_slice(piece.as_bytes());
        Ok::<(), Infallible>(())
    });
    match pushed {
        Ok(()) => {}
        Err(never) => match never {},
    }
    out.push(b'"');
}

/// A square: its number, or its name as a string (a name is a letter and digits: no escape).
/// Its one to four bytes are pushed one by one: cheaper than copying a slice that short.
impl WriteJson for SquareDto {
    fn write_json(&self, out: &mut Vec<u8>) {
        let quoted = matches!(self.0, SquareName::Algebraic(..));
        if quoted {
            out.push(b'"');
        }
        for &byte in self.0.text().as_bytes() {
            out.push(byte);
        }
        if quoted {
            out.push(b'"');
        }
    }
}

/// Appends a list of squares.
fn write_squares(out: &mut Vec<u8>, squares: &[SquareName]) {
    out.push(b'[');
    for (i, &name) in squares.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        SquareDto(name).write_json(out);
    }
    out.push(b']');
}

impl WriteJson for MoveDto {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"notation\":");
        write_str(out, &self.notation);
        out.extend_from_slice(b",\"from\":");
        self.from.write_json(out);
        out.extend_from_slice(b",\"to\":");
        self.to.write_json(out);
        out.extend_from_slice(b",\"path\":");
        write_squares(out, &self.path);
        out.extend_from_slice(b",\"captures\":");
        write_squares(out, &self.captures);
        out.extend_from_slice(if self.promotes { b",\"promotes\":true}" } else { b",\"promotes\":false}" });
    }
}

impl WriteJson for StatusDto {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"state\":");
        write_str(out, self.state);
        if let Some(winner) = self.winner {
            out.extend_from_slice(b",\"winner\":");
            write_str(out, winner);
        }
        if let Some(reason) = self.reason {
            out.extend_from_slice(b",\"reason\":");
            write_str(out, reason);
        }
        out.push(b'}');
    }
}

/// Appends the fields the game answers end with: position, side to move, status, moves.
fn write_position(out: &mut Vec<u8>, fen: &str, side_to_move: &str, status: &StatusDto, moves: &[MoveDto]) {
    out.extend_from_slice(b"\"fen\":");
    write_str(out, fen);
    out.extend_from_slice(b",\"side_to_move\":");
    write_str(out, side_to_move);
    out.extend_from_slice(b",\"status\":");
    status.write_json(out);
    out.extend_from_slice(b",\"moves\":[");
    for (i, mv) in moves.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        mv.write_json(out);
    }
    out.extend_from_slice(b"]}");
}

impl WriteJson for LegalMovesResponse {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"variant\":");
        write_str(out, self.variant);
        out.push(b',');
        write_position(out, &self.fen, self.side_to_move, &self.status, &self.moves);
    }
}

impl WriteJson for ApplyMoveResponse {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"move\":");
        self.mv.write_json(out);
        out.push(b',');
        write_position(out, &self.fen, self.side_to_move, &self.status, &self.moves);
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde::Serialize;

    use super::*;
    use crate::rules::view::{GameRequest, RuleOverrides};
    use crate::rules::{Status, Variant};

    /// The value written by hand, and by serde_json.
    fn both<T: WriteJson + Serialize>(value: &T) -> (String, String) {
        let mut ours = Vec::new();
        value.write_json(&mut ours);
        let serde = serde_json::to_string(value).expect("serialises");
        (String::from_utf8(ours).expect("UTF-8"), serde)
    }

    #[test]
    fn answers_are_written_as_serde_writes_them_in_every_variant() {
        let histories: [&[&str]; 3] = [&[], &["11-15", "23-19", "8-11", "22-17"], &["9-13", "21-17", "13x22"]];
        for variant in Variant::ALL {
            for moves in histories {
                let request = GameRequest { variant, fen: None, moves, rules: RuleOverrides::default() };
                let Ok(view) = request.view(None) else { continue };
                let answer = LegalMovesResponse::from(view);
                let (ours, serde) = both(&answer);
                assert_eq!(ours, serde, "{variant} {moves:?}");
                for mv in &answer.moves {
                    let (ours, serde) = both(mv);
                    assert_eq!(ours, serde);
                    let apply = ApplyMoveResponse {
                        mv: mv.clone(),
                        fen: answer.fen.clone(),
                        side_to_move: answer.side_to_move,
                        status: answer.status.clone(),
                        moves: answer.moves.clone(),
                    };
                    let (ours, serde) = both(&apply);
                    assert_eq!(ours, serde);
                }
            }
        }
    }

    #[test]
    fn captures_promotions_and_every_status_are_written_as_serde_writes_them() {
        for (variant, fen) in [
            (Variant::English, "W:W18,K27:B14,23,K31"),
            (Variant::English, "B:W5:B20"),
            (Variant::Russian, "W:Wa1,c3:Bd4,f6,h8"),
            (Variant::International, "W:W28,K46:B23,33,19"),
        ] {
            let request = GameRequest { variant, fen: Some(fen), moves: &[], rules: RuleOverrides::default() };
            let view = request.view(None).expect("a position");
            let (ours, serde) = both(&LegalMovesResponse::from(view));
            assert_eq!(ours, serde, "{fen}");
        }
        for status in [
            Status::Ongoing,
            Status::Win { winner: crate::rules::Color::Black, reason: crate::rules::WinReason::NoMoves },
            Status::Draw(crate::rules::DrawReason::QuietMoves),
        ] {
            let (ours, serde) = both(&StatusDto::from(status));
            assert_eq!(ours, serde);
        }
    }

    /// A string written by hand.
    fn written(text: &str) -> String {
        let mut out = Vec::new();
        write_str(&mut out, text);
        String::from_utf8(out).expect("UTF-8")
    }

    #[test]
    fn strings_are_escaped_as_serde_escapes_them() {
        for text in ["", "11-15", "a\"b\\c", "\n\r\t\u{8}\u{c}\u{0}\u{1f}\u{7f}", "é×😀", "/"] {
            assert_eq!(written(text), serde_json::to_string(text).expect("serialises"), "{text:?}");
        }
    }

    proptest! {
        #[test]
        fn any_string_is_escaped_as_serde_escapes_it(text in any::<String>()) {
            prop_assert_eq!(written(&text), serde_json::to_string(&text).expect("serialises"));
        }
    }
}
