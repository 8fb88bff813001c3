//! `MoveTexts`: a request's `moves`, read into one buffer rather than one string each (a long
//! history would otherwise cost an allocation per move).

use core::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, SeqAccess, Visitor};
use serde::Deserialize;

/// Room for a long history's texts (bytes) without growing the buffer.
const TEXT_CAPACITY: usize = 512;

/// Room for a long history's moves without growing the list of spans.
const MOVES_CAPACITY: usize = 64;

/// The PDN texts of a request's `moves`, oldest first: one buffer, and where in it each text
/// starts and ends (what lies between two texts is no text's).
#[derive(Clone, Default)]
pub struct MoveTexts {
    text: String,
    spans: Vec<(usize, usize)>,
}

impl MoveTexts {
    /// The texts of `spans` in `bytes`, if `bytes` are UTF-8.
    pub(super) fn from_parts(bytes: Vec<u8>, spans: Vec<(usize, usize)>) -> Option<MoveTexts> {
        Some(MoveTexts { text: String::from_utf8(bytes).ok()?, spans })
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether there is no move.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// The texts, oldest first.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.spans.iter().map(|&(start, end)| &self.text[start..end])
    }
}

/// Texts are equal when they are the same texts, however the buffer holds them.
impl PartialEq for MoveTexts {
    fn eq(&self, other: &MoveTexts) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for MoveTexts {}

/// Shows the texts as a list.
impl fmt::Debug for MoveTexts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'de> Deserialize<'de> for MoveTexts {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<MoveTexts, D::Error> {
        deserializer.deserialize_seq(TextsVisitor)
    }
}

/// An empty buffer and list of spans, with room for a long history's moves.
pub(super) fn room_for_history() -> (Vec<u8>, Vec<(usize, usize)>) {
    (Vec::with_capacity(TEXT_CAPACITY), room_for_spans())
}

/// An empty list of spans, with room for a long history's moves.
pub(super) fn room_for_spans() -> Vec<(usize, usize)> {
    Vec::with_capacity(MOVES_CAPACITY)
}

/// Reads the array; its messages are those of a `Vec<String>` ("expected a sequence").
struct TextsVisitor;

impl<'de> Visitor<'de> for TextsVisitor {
    type Value = MoveTexts;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<MoveTexts, A::Error> {
        let (mut bytes, mut spans) = room_for_history();
        while seq.next_element_seed(AppendText { bytes: &mut bytes, spans: &mut spans })?.is_some() {}
        MoveTexts::from_parts(bytes, spans).ok_or_else(|| de::Error::custom("a move is not valid UTF-8"))
    }
}

/// Reads one entry of the array onto the end of the buffer; its messages are those of a
/// `String` ("expected a string"). Each entry is checked as UTF-8 on its own: two entries that
/// each hold half of one character would make a valid buffer but no valid text.
struct AppendText<'a> {
    bytes: &'a mut Vec<u8>,
    spans: &'a mut Vec<(usize, usize)>,
}

impl<'de> DeserializeSeed<'de> for AppendText<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_bytes(self)
    }
}

impl<'de> Visitor<'de> for AppendText<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string")
    }

    /// The string as it stands in the input (it has no escapes): read as bytes, a JSON string
    /// is not checked for raw control characters, so this checks.
    fn visit_borrowed_bytes<E: de::Error>(self, bytes: &'de [u8]) -> Result<(), E> {
        if bytes.iter().any(|&b| b < 0x20) {
            return Err(E::custom("control character (\\u0000-\\u001F) found while parsing a string"));
        }
        self.visit_bytes(bytes)
    }

    /// The string with its escapes resolved (an escaped `\n` is a legal control character).
    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<(), E> {
        if core::str::from_utf8(bytes).is_err() {
            return Err(E::custom("a move is not valid UTF-8"));
        }
        let start = self.bytes.len();
        self.bytes.extend_from_slice(bytes);
        self.spans.push((start, self.bytes.len()));
        Ok(())
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<(), E> {
        self.visit_bytes(text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(json: &str) -> Result<Vec<String>, String> {
        let texts: MoveTexts = serde_json::from_str(json).map_err(|e| e.to_string())?;
        assert_eq!(texts.len(), texts.iter().count());
        Ok(texts.iter().map(str::to_owned).collect())
    }

    #[test]
    fn moves_read_as_a_list_of_strings_would_be() {
        for json in [
            r#"[]"#,
            r#"["11-15", "23-19", ""]"#,
            r#"["11\u002d15", "c3:e5", "22×15"]"#,
            r#""11-15""#,
            "[1]",
            "null",
            r#"["\n", "\ud83d\ude00", "a\"b"]"#,
        ] {
            let as_strings = serde_json::from_str::<Vec<String>>(json).map_err(|e| e.to_string());
            assert_eq!(read(json), as_strings, "{json}");
        }
    }

    #[test]
    fn raw_control_characters_are_refused_as_in_any_string() {
        let json = "[\"11-\n15\"]";
        let (Err(ours), Err(theirs)) = (read(json), serde_json::from_str::<Vec<String>>(json)) else {
            panic!("a raw newline in a string is not JSON");
        };
        let message = |e: &str| e.split(" at line").next().unwrap_or_default().to_owned();
        assert_eq!(message(&ours), message(&theirs.to_string()));
    }

    #[test]
    fn bytes_that_are_not_utf8_are_refused() {
        let json = b"[\"11-15\", \"23-\xff19\"]";
        assert!(serde_json::from_slice::<Vec<String>>(json).is_err());
        let error = serde_json::from_slice::<MoveTexts>(json).expect_err("not UTF-8");
        assert!(error.to_string().contains("not valid UTF-8"), "{error}");
    }

    #[test]
    fn halves_of_one_character_in_two_entries_are_refused() {
        // "é" is C3 A9: each half alone is not UTF-8, though the two joined would be.
        let json = b"[\"\xc3\", \"\xa9\"]";
        let error = serde_json::from_slice::<MoveTexts>(json).expect_err("not UTF-8");
        assert!(error.to_string().contains("not valid UTF-8"), "{error}");
    }
}
