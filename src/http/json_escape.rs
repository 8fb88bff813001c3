//! The inside of a JSON string, escaped as serde_json escapes it, for the hand-written JSON
//! writers (the game answers and the log lines).

/// The escape of each byte below 0x20: serde_json's short forms where JSON has one, `\u00xx`
/// for the others.
const CONTROL: [&str; 32] = [
    "\\u0000", "\\u0001", "\\u0002", "\\u0003", "\\u0004", "\\u0005", "\\u0006", "\\u0007", "\\b", "\\t", "\\n",
    "\\u000b", "\\f", "\\r", "\\u000e", "\\u000f", "\\u0010", "\\u0011", "\\u0012", "\\u0013", "\\u0014", "\\u0015",
    "\\u0016", "\\u0017", "\\u0018", "\\u0019", "\\u001a", "\\u001b", "\\u001c", "\\u001d", "\\u001e", "\\u001f",
];

/// Hands `push`, in order, the pieces of `text` escaped for the inside of a JSON string: runs
/// of text as they are, and the escapes of `"`, `\` and the control characters. Stops at the
/// first error `push` returns.
pub fn escape<E>(mut text: &str, mut push: impl FnMut(&str) -> Result<(), E>) -> Result<(), E> {
    while let Some(at) = text.bytes().position(|byte| byte < 0x20 || byte == b'"' || byte == b'\\') {
        // An ASCII byte: `at` and `at + 1` are character boundaries.
        if at > 0 {
            push(&text[..at])?;
        }
        push(match text.as_bytes()[at] {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            control => CONTROL[usize::from(control & 0x1f)],
        })?;
        text = &text[at + 1..];
    }
    push(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ascii_character_is_escaped_as_serde_json_escapes_it() {
        let every_ascii: String = (0..=0x7f_u8).map(char::from).collect();
        for text in [every_ascii.as_str(), "", "plain", "é \u{2028} 🦀 \"x\"\\"] {
            let mut ours = String::from("\"");
            escape(text, |piece| {
                ours.push_str(piece);
                Ok::<(), ()>(())
            })
            .expect("pushing into a String never fails");
            ours.push('"');
            assert_eq!(ours, serde_json::to_string(text).expect("a str serializes"), "{text:?}");
        }
    }
}
