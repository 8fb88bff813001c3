//! [`read_body`]: a game request's JSON body read by hand in the common case, by serde
//! otherwise. The common case is an object whose values are plain strings (`variant`, `fen`,
//! `move`; `fen` may be `null`) and a list of plain strings (`moves`); a plain string has only
//! printable ASCII and no escape. Any other body, valid or not (escapes, other bytes, `rules`,
//! an unknown or repeated field, a value of another type), is left to serde, so that answers
//! and error messages are serde's: the hand-written reader only has to agree with serde on the
//! bodies it accepts. It exists because serde_json pays about 240 instructions to read each
//! short move text; here the texts of `moves` stay where they stand in the list (one copy of
//! the list, one UTF-8 check).

use serde::de::DeserializeOwned;

use super::moves::room_for_spans;
use super::{ApplyMoveBody, GameBody, MoveTexts};

/// A body with a hand-written reader for its common shape.
pub trait ScanBody: DeserializeOwned {
    /// The body, if `bytes` have the common shape (then serde reads the same value); `None`
    /// for anything else.
    fn scan(bytes: &[u8]) -> Option<Self>;
}

/// Reads a body as `serde_json::from_slice` does, by hand when it has the common shape.
pub fn read_body<T: ScanBody>(bytes: &[u8]) -> Result<T, serde_json::Error> {
    match T::scan(bytes) {
        Some(body) => Ok(body),
        None => serde_json::from_slice(bytes),
    }
}

impl ScanBody for GameBody {
    fn scan(bytes: &[u8]) -> Option<GameBody> {
        let fields = Fields::scan(bytes, false)?;
        Some(GameBody {
            variant: fields.variant?.to_owned(),
            fen: fields.fen.flatten().map(str::to_owned),
            moves: fields.moves.unwrap_or_default(),
            rules: None,
        })
    }
}

impl ScanBody for ApplyMoveBody {
    fn scan(bytes: &[u8]) -> Option<ApplyMoveBody> {
        let fields = Fields::scan(bytes, true)?;
        Some(ApplyMoveBody {
            variant: fields.variant?.to_owned(),
            fen: fields.fen.flatten().map(str::to_owned),
            moves: fields.moves.unwrap_or_default(),
            rules: None,
            mv: fields.mv?.to_owned(),
        })
    }
}

/// The fields of a body of the common shape, each `Some` once read.
#[derive(Default)]
struct Fields<'a> {
    variant: Option<&'a str>,
    fen: Option<Option<&'a str>>,
    moves: Option<MoveTexts>,
    mv: Option<&'a str>,
}

impl<'a> Fields<'a> {
    /// The fields of `bytes`, if they are one object of the common shape with nothing but
    /// whitespace around it; `move` is a field only where `with_move`.
    fn scan(bytes: &'a [u8], with_move: bool) -> Option<Fields<'a>> {
        let mut input = Cursor { bytes, at: 0 };
        let mut fields = Fields::default();
        input.expect(b'{')?;
        loop {
            let key = input.plain_bytes()?; // `{}` has no `variant`: serde says so
            input.expect(b':')?;
            match key {
                b"variant" if fields.variant.is_none() => fields.variant = Some(input.plain_str()?),
                b"fen" if fields.fen.is_none() => fields.fen = Some(input.null_or_plain_str()?),
                b"moves" if fields.moves.is_none() => fields.moves = Some(input.plain_strs()?),
                b"move" if with_move && fields.mv.is_none() => fields.mv = Some(input.plain_str()?),
                _ => return None,
            }
            match input.next()? {
                b',' => {}
                b'}' => break,
                _ => return None,
            }
        }
        input.skip_whitespace();
        (input.at == bytes.len()).then_some(fields)
    }
}

/// The bytes that may stand in a plain string: printable ASCII but `"` and `\`.
const PLAIN: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0x20;
    while byte < 0x80 {
        table[byte] = byte != b'"' as usize && byte != b'\\' as usize;
        byte += 1;
    }
    table
};

/// A position in the body.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    /// Skips JSON whitespace.
    fn skip_whitespace(&mut self) {
        if let Some(rest) = self.bytes.get(self.at..) {
            self.at = self.bytes.len() - trim_whitespace(rest).len();
        }
    }

    /// The next byte after whitespace, left unread.
    fn peek(&mut self) -> Option<u8> {
        self.skip_whitespace();
        self.bytes.get(self.at).copied()
    }

    /// The next byte after whitespace, read.
    fn next(&mut self) -> Option<u8> {
        let byte = self.peek()?;
        self.at += 1;
        Some(byte)
    }

    /// Reads `byte` after whitespace.
    fn expect(&mut self, byte: u8) -> Option<()> {
        (self.next()? == byte).then_some(())
    }

    /// The text of a plain string after whitespace: its bytes are all [`PLAIN`].
    fn plain_bytes(&mut self) -> Option<&'a [u8]> {
        self.expect(b'"')?;
        let rest = self.bytes.get(self.at..)?;
        let len = plain_len(rest);
        if *rest.get(len)? != b'"' {
            return None;
        }
        self.at += len + 1;
        rest.get(..len)
    }

    /// A plain string, after whitespace.
    fn plain_str(&mut self) -> Option<&'a str> {
        core::str::from_utf8(self.plain_bytes()?).ok()
    }

    /// `null` (`None`) or a plain string, after whitespace.
    fn null_or_plain_str(&mut self) -> Option<Option<&'a str>> {
        if self.peek()? != b'n' {
            return self.plain_str().map(Some);
        }
        let end = self.at + 4;
        (self.bytes.get(self.at..end)? == b"null").then(|| self.at = end)?;
        Some(None)
    }

    /// A list of plain strings, after whitespace, read in one pass over its bytes (as slices,
    /// so that each step checks only the length it needs).
    fn plain_strs(&mut self) -> Option<MoveTexts> {
        self.expect(b'[')?;
        let list = self.bytes.get(self.at..)?;
        let mut spans = room_for_spans();
        let mut rest = trim_whitespace(list);
        if let [b']', after @ ..] = rest {
            rest = after;
        } else {
            loop {
                let [b'"', text @ ..] = rest else {
                    return None;
                };
                let len = plain_len(text);
                let [b'"', after @ ..] = text.get(len..)? else {
                    return None;
                };
                let start = list.len() - text.len();
                spans.push((start, start + len));
                match trim_whitespace(after) {
                    [b',', after @ ..] => rest = trim_whitespace(after),
                    [b']', after @ ..] => {
                        rest = after;
                        break;
                    }
                    _ => return None,
                }
            }
        }
        let at = list.len() - rest.len();
        self.at += at;
        MoveTexts::from_parts(list.get(..at)?.to_vec(), spans)
    }
}

/// `bytes` without the JSON whitespace they start with.
fn trim_whitespace(mut bytes: &[u8]) -> &[u8] {
    while let [b' ' | b'\t' | b'\n' | b'\r', rest @ ..] = bytes {
        bytes = rest;
    }
    bytes
}

/// How many bytes `bytes` start with that are all [`PLAIN`], read eight at a time: a move
/// text is mostly one word.
fn plain_len(bytes: &[u8]) -> usize {
    let mut rest = bytes;
    while let Some((chunk, after)) = rest.split_first_chunk::<8>() {
        let stops = not_plain(u64::from_le_bytes(*chunk));
        if stops != 0 {
            return bytes.len() - rest.len() + (stops.trailing_zeros() / 8) as usize;
        }
        rest = after;
    }
    bytes.len() - rest.len() + rest.iter().position(|&byte| !PLAIN[usize::from(byte)]).unwrap_or(rest.len())
}

/// The high bit of each byte of `word` (little-endian) that is not [`PLAIN`], exact up to
/// the first one: the usual "has a zero byte" tricks, whose borrows can mark bytes above the
/// first match but never below it.
fn not_plain(word: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let below = |n: u8, x: u64| x.wrapping_sub(ONES * u64::from(n)) & !x & HIGH;
    let control = below(0x20, word);
    let quote = below(1, word ^ (ONES * u64::from(b'"')));
    let backslash = below(1, word ^ (ONES * u64::from(b'\\')));
    (word & HIGH) | control | quote | backslash
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// What serde reads, and what `read_body` reads, as comparable text.
    fn both<T: ScanBody + core::fmt::Debug>(bytes: &[u8]) -> (String, String) {
        let show = |r: Result<T, serde_json::Error>| match r {
            Ok(body) => format!("ok {body:?}"),
            Err(e) => format!("error {e}"),
        };
        (show(serde_json::from_slice::<T>(bytes)), show(read_body::<T>(bytes)))
    }

    /// Checks that both bodies read `bytes` as serde does, and that the hand-written reader
    /// accepts only what serde accepts. Returns whether it accepted the game body.
    fn agree(bytes: &[u8]) -> bool {
        let (serde, ours) = both::<GameBody>(bytes);
        assert_eq!(ours, serde, "{:?}", String::from_utf8_lossy(bytes));
        let (serde, ours) = both::<ApplyMoveBody>(bytes);
        assert_eq!(ours, serde, "{:?}", String::from_utf8_lossy(bytes));
        if ApplyMoveBody::scan(bytes).is_some() {
            assert!(serde.starts_with("ok"));
        }
        let scanned = GameBody::scan(bytes);
        if let Some(body) = &scanned {
            let serde = serde_json::from_slice::<GameBody>(bytes).expect("serde reads what the scan read");
            assert_eq!(format!("{body:?}"), format!("{serde:?}"));
        }
        scanned.is_some()
    }

    #[test]
    fn common_bodies_are_read_by_hand_as_serde_reads_them() {
        for json in [
            r#"{"variant":"english"}"#,
            r#"{"variant": "english", "moves": ["11-15", "23-19"]}"#,
            " \n{ \"moves\" : [ ] , \"variant\":\"russian\",\"fen\":null }\r\n\t",
            "{\"fen\": \"W:W21-32:B1-12\", \"variant\": \"english\", \"moves\": [\"\", \"c3:e5\", \"~\u{7f}\"]}",
        ] {
            assert!(agree(json.as_bytes()), "{json}");
        }
        assert!(ApplyMoveBody::scan(br#"{"variant":"english","move":"11-15","moves":[]}"#).is_some());
    }

    #[test]
    fn every_other_body_is_left_to_serde_with_its_messages() {
        for json in [
            "",
            "{}",
            "[]",
            r#"["english"]"#,
            r#"{"variant":"english",}"#,
            r#"{"variant":"english"} x"#,
            r#"{"variant":"english"}{}"#,
            r#"{"variant":"english","variant":"russian"}"#,
            r#"{"variant":"english","moves":[],"moves":[]}"#,
            r#"{"variant":"english","fen":null,"fen":null}"#,
            r#"{"variant":"english","moves":["11-15",]}"#,
            r#"{"variant":"english","moves":["11-15" "23-19"]}"#,
            r#"{"variant":"english","moves":[1]}"#,
            r#"{"variant":"english","moves":null}"#,
            r#"{"variant":"english","moves":"11-15"}"#,
            r#"{"variant":"english","moves":[["11-15"]]}"#,
            r#"{"variant":"english","moves":["11\u002d15", "a\"b", "\n"]}"#,
            r#"{"variant":"english","moves":["22×15", "😀"]}"#,
            "{\"variant\":\"english\",\"moves\":[\"11-\n15\"]}",
            "{\"variant\":\"english\",\"moves\":[\"11-\t15\"]}",
            "{\"variant\":\"english\",\"moves\":[\"11-\u{0}15\"]}",
            r#"{"variant":"english","fen":nul}"#,
            r#"{"variant":"english","fen":nullx}"#,
            r#"{"variant":"english","fen":1}"#,
            r#"{"variant":null}"#,
            r#"{"variant":"english","rules":null}"#,
            r#"{"variant":"english","rules":{"draw":{"repetitions":0}}}"#,
            r#"{"variant":"english","move":"11-15"}"#,
            r#"{"variant":"english","extra":1}"#,
            r#"{"varian\u0074":"english"}"#,
            r#"{"moves":[]}"#,
            r#"{"variant":"english""#,
            r#"{"variant":"english"#,
            r#"{"variant":"english","moves":["11-15""#,
            r#"{"variant" "english"}"#,
            "\u{feff}{\"variant\":\"english\"}",
        ] {
            agree(json.as_bytes());
        }
        agree(b"{\"variant\":\"english\",\"moves\":[\"11-15\",\"23-\xff19\"]}");
        agree(b"{\"variant\":\"engl\xc3\xa9sh\"}");
    }

    /// Pieces that bodies are made of, well-formed or not.
    fn token() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            "{",
            "}",
            "[",
            "]",
            ",",
            ":",
            " ",
            "\n",
            "\t",
            "\"variant\"",
            "\"english\"",
            "\"russian\"",
            "\"fen\"",
            "\"moves\"",
            "\"move\"",
            "\"rules\"",
            "\"other\"",
            "null",
            "nul",
            "true",
            "1",
            "-0.5",
            "\"11-15\"",
            "\"c3:e5\"",
            "\"\"",
            "\"a\\\"b\"",
            "\"\\u0041\"",
            "\"\\n\"",
            "\"\n\"",
            "\"\u{7f}\"",
            "\"é\"",
            "\"×\"",
            "\"\\ud83d\\ude00\"",
            "\"unterminated",
            "\\",
            "\"W:W21-32:B1-12\"",
            "{}",
            "[]",
        ])
    }

    /// A string's text in JSON, with characters the hand-written reader refuses among others.
    fn string_text() -> impl Strategy<Value = String> {
        prop::collection::vec(
            prop::sample::select(vec![
                "1", "5", "11", "-", "x", ":", "c", " ", "~", "\u{7f}", "\\\"", "\\\\", "\\n", "\\u00e9", "\\/", "é",
                "\u{1}", "\n", "😀", "\\x",
            ]),
            0..6,
        )
        .prop_map(|parts| parts.concat())
    }

    proptest! {
        #[test]
        fn plain_len_stops_at_the_first_byte_that_is_not_plain(
            bytes in prop::collection::vec(prop::sample::select(vec![b'a', b'1', b'-', b' ', b'~', 0x7f, b'"', b'\\', b'\n', 0x1f, 0x80, 0xc3, 0xff, 0]), 0..40),
        ) {
            let expected = bytes.iter().position(|&b| !PLAIN[usize::from(b)]).unwrap_or(bytes.len());
            prop_assert_eq!(plain_len(&bytes), expected);
        }

        #[test]
        fn token_soup_reads_as_serde_reads_it(tokens in prop::collection::vec(token(), 0..24)) {
            agree(tokens.concat().as_bytes());
        }

        #[test]
        fn bodies_of_plain_strings_are_read_by_hand(
            variant in "[ -!#-\\[\\]-\u{7f}]{0,8}",
            moves in prop::collection::vec("[ -!#-\\[\\]-\u{7f}]{0,8}", 0..70),
            space in prop::sample::select(vec!["", " ", "\n", "\t", "\r\n  "]),
        ) {
            let list = moves.iter().map(|m| format!("{space}\"{m}\"{space}")).collect::<Vec<_>>().join(",");
            let body = format!("{space}{{\"moves\":{space}[{list}{space}],{space}\"variant\":\"{variant}\"}}{space}");
            prop_assert!(agree(body.as_bytes()), "{}", body);
        }

        #[test]
        fn well_formed_bodies_read_as_serde_reads_them(
            variant in string_text(),
            fen in prop::option::of(string_text()),
            moves in prop::collection::vec(string_text(), 0..8),
            mv in prop::option::of(string_text()),
            fen_first in any::<bool>(),
        ) {
            let list = moves.iter().map(|m| format!("\"{m}\"")).collect::<Vec<_>>().join(", ");
            let fen = match fen {
                Some(fen) => format!("\"fen\": \"{fen}\""),
                None => "\"fen\": null".to_owned(),
            };
            let mut fields = vec![format!("\"variant\": \"{variant}\""), format!("\"moves\": [{list}]")];
            if fen_first { fields.insert(0, fen) } else { fields.push(fen) }
            fields.extend(mv.map(|mv| format!("\"move\": \"{mv}\"")));
            agree(format!("{{{}}}", fields.join(",")).as_bytes());
        }
    }
}
