//! `clip`: client text shortened before it is echoed in an answer or written to a log, so
//! that a long path or method costs neither bandwidth nor log space.

use std::borrow::Cow;

/// The most characters of client text an answer or a log line repeats.
pub const ECHO_CHARS: usize = 100;

/// `text` when it has at most [`ECHO_CHARS`] characters; else its first ones and `…`.
pub fn clip(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(ECHO_CHARS) {
        None => Cow::Borrowed(text),
        Some((end, _)) => Cow::Owned(format!("{}…", &text[..end])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_kept_and_long_text_cut_at_a_character() {
        assert_eq!(clip("/v1/variants"), "/v1/variants");
        let long = "é".repeat(ECHO_CHARS + 1);
        assert_eq!(clip(&long), format!("{}…", "é".repeat(ECHO_CHARS)));
        assert_eq!(clip(&"a".repeat(ECHO_CHARS)).len(), ECHO_CHARS);
    }
}
