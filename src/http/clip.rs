//! `clip`: client text shortened before it is echoed in an answer or written to a log, so
//! that a long path or method costs neither bandwidth nor log space.

use std::borrow::Cow;

use crate::rules::notation::echoed;

/// `text` when it has at most 100 characters; else its first 100 and `…`.
pub fn clip(text: &str) -> Cow<'_, str> {
    match echoed(text) {
        (start, true) => Cow::Owned(format!("{start}…")),
        (whole, false) => Cow::Borrowed(whole),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_kept_and_long_text_cut_at_a_character() {
        assert_eq!(clip("/v1/variants"), "/v1/variants");
        assert_eq!(clip(&"é".repeat(101)), format!("{}…", "é".repeat(100)));
        assert_eq!(clip(&"a".repeat(100)).len(), 100);
    }
}
