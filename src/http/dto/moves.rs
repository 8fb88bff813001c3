//! `MoveTexts`: a request's `moves`, read into one buffer rather than one string each (a long
//! history would otherwise cost an allocation per move).

use core::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, SeqAccess, Visitor};
use serde::Deserialize;

/// The PDN texts of a request's `moves`, oldest first: one buffer, and where each text ends.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveTexts {
    text: String,
    ends: Vec<usize>,
}

impl MoveTexts {
    /// The number of moves.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there is no move.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The texts, oldest first.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        let starts = core::iter::once(0).chain(self.ends.iter().copied());
        starts.zip(&self.ends).map(|(start, &end)| &self.text[start..end])
    }
}

impl<'de> Deserialize<'de> for MoveTexts {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<MoveTexts, D::Error> {
        deserializer.deserialize_seq(TextsVisitor)
    }
}

/// Reads the array; its messages are those of a `Vec<String>` ("expected a sequence").
struct TextsVisitor;

impl<'de> Visitor<'de> for TextsVisitor {
    type Value = MoveTexts;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<MoveTexts, A::Error> {
        let mut bytes = Vec::with_capacity(512);
        let mut ends = Vec::with_capacity(64);
        while seq.next_element_seed(AppendText { bytes: &mut bytes, ends: &mut ends })?.is_some() {}
        let text = String::from_utf8(bytes).map_err(|_| de::Error::custom("a move is not valid UTF-8"))?;
        Ok(MoveTexts { text, ends })
    }
}

/// Reads one entry of the array onto the end of the buffer; its messages are those of a
/// `String` ("expected a string"). Each entry is read as bytes and the whole buffer checked as
/// UTF-8 once, rather than each entry on its own (a long history has hundreds).
struct AppendText<'a> {
    bytes: &'a mut Vec<u8>,
    ends: &'a mut Vec<usize>,
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
        self.bytes.extend_from_slice(bytes);
        self.ends.push(self.bytes.len());
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
}
