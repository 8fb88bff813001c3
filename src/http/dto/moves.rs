//! `MoveTexts`: a request's `moves`, read into one buffer rather than one string each (a long
//! history would otherwise cost an allocation per move).

use core::fmt;

use serde::de::{DeserializeSeed, Deserializer, SeqAccess, Visitor};
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
        let mut texts = MoveTexts { text: String::with_capacity(512), ends: Vec::with_capacity(64) };
        while seq.next_element_seed(AppendText(&mut texts))?.is_some() {}
        Ok(texts)
    }
}

/// Reads one entry of the array onto the end of the buffer; its messages are those of a
/// `String` ("expected a string").
struct AppendText<'a>(&'a mut MoveTexts);

impl<'de> DeserializeSeed<'de> for AppendText<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for AppendText<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string")
    }

    fn visit_str<E>(self, text: &str) -> Result<(), E> {
        self.0.text.push_str(text);
        self.0.ends.push(self.0.text.len());
        Ok(())
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
        for json in
            [r#"[]"#, r#"["11-15", "23-19", ""]"#, r#"["11\u002d15", "c3:e5", "22×15"]"#, r#""11-15""#, "[1]", "null"]
        {
            let as_strings = serde_json::from_str::<Vec<String>>(json).map_err(|e| e.to_string());
            assert_eq!(read(json), as_strings, "{json}");
        }
    }
}
