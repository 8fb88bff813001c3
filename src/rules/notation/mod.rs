//! Notation: PDN FEN for positions ([`fen`]), PDN move text ([`move_text`]), PDN game records
//! ([`record`]) and the order a capture takes its pieces along its route ([`route`]); [`Quoted`]
//! echoes a text in a message.

/// The whitespace notation allows around squares and fields, as a regular-expression class:
/// ASCII's, exactly what [`str::trim_ascii`] removes (space, tab, line feed, form feed and
/// carriage return).
macro_rules! whitespace {
    () => {
        concat!("[", whitespace_chars!(), "]")
    };
}

/// The characters of [`whitespace!`], to put in a class.
macro_rules! whitespace_chars {
    () => {
        r"\t\n\f\r "
    };
}

pub mod fen;
#[cfg(test)]
mod form_check;
pub mod move_text;
pub mod record;
pub mod route;

/// The most characters of a text a message repeats.
const MAX_ECHOED_CHARS: usize = 100;

/// The part of `text` a message repeats (its first 100 characters), and whether that is
/// less than the whole.
pub fn echoed(text: &str) -> (&str, bool) {
    match text.char_indices().nth(MAX_ECHOED_CHARS) {
        Some((cut, _)) => (&text[..cut], true),
        None => (text, false),
    }
}

/// A text as a message repeats it: quoted and escaped (as `{:?}` writes a string), and cut
/// after 100 characters with `…`.
#[derive(Clone, Copy, Debug)]
pub struct Quoted<'a>(pub &'a str);

impl core::fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match echoed(self.0) {
            (start, true) => write!(f, "{start:?}…"),
            (whole, false) => write!(f, "{whole:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_texts_are_cut_after_a_hundred_characters() {
        assert_eq!(Quoted("c3").to_string(), r#""c3""#);
        assert_eq!(Quoted("a\"b").to_string(), r#""a\"b""#);
        let exact = "é".repeat(100);
        assert_eq!(Quoted(&exact).to_string(), format!("{exact:?}"));
        assert_eq!(Quoted(&"é".repeat(101)).to_string(), format!("{exact:?}…"));
    }

    #[test]
    fn the_whitespace_class_is_what_trim_ascii_removes() {
        let class = regex::Regex::new(&format!("^{}$", whitespace!())).expect("a regular expression");
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let text = format!("{c}x");
            assert_eq!(class.is_match(&text[..c.len_utf8()]), text.trim_ascii() == "x", "U+{:04X}", c as u32);
        }
    }
}
