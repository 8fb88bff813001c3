//! [`RequestedTags`]: the tags an export request gives, read with the bounds its schema states
//! into the service's [`Tags`].

use std::borrow::Cow;

use serde::de::{Error, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};
use utoipa::openapi::schema::{AdditionalProperties, ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

use crate::rules::notation::Quoted;
use crate::service::Tags;

/// The most tags an export request may give.
pub const MAX_TAGS: usize = 32;
/// The longest tag name an export request may give, in characters.
pub const MAX_TAG_NAME_CHARS: usize = 32;
/// The longest tag value an export request may give, in characters.
pub const MAX_TAG_VALUE_CHARS: usize = 255;
/// The form of a tag name an export request may give (ECMA-262 and Rust's `regex` alike).
pub const TAG_NAME_PATTERN: &str = "^[A-Za-z][A-Za-z0-9_]{0,31}$";

/// The tags an export request gives: at most [`MAX_TAGS`], each name of the form
/// [`TAG_NAME_PATTERN`] and given once, each value at most [`MAX_TAG_VALUE_CHARS`] characters.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RequestedTags(pub Tags);

impl<'de> Deserialize<'de> for RequestedTags {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RequestedTags, D::Error> {
        struct Pairs;
        impl<'de> Visitor<'de> for Pairs {
            type Value = RequestedTags;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "an object of at most {MAX_TAGS} tags, each a text")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RequestedTags, A::Error> {
                let mut pairs: Vec<(String, String)> = Vec::new();
                while let Some((name, value)) = map.next_entry::<String, String>()? {
                    if pairs.len() == MAX_TAGS {
                        return Err(A::Error::custom(format!("at most {MAX_TAGS} tags are accepted")));
                    }
                    if !is_tag_name(&name) {
                        return Err(A::Error::custom(format!(
                            "{} is not a tag name: a letter, then up to {} letters, digits or `_`",
                            Quoted(&name),
                            MAX_TAG_NAME_CHARS - 1
                        )));
                    }
                    if pairs.iter().any(|(n, _)| *n == name) {
                        return Err(A::Error::custom(format!("the tag {name} is given twice")));
                    }
                    if value.chars().count() > MAX_TAG_VALUE_CHARS {
                        return Err(A::Error::custom(format!(
                            "the tag {name} is longer than {MAX_TAG_VALUE_CHARS} characters"
                        )));
                    }
                    pairs.push((name, value));
                }
                Ok(RequestedTags(pairs.into_iter().collect()))
            }
        }
        deserializer.deserialize_map(Pairs)
    }
}

/// Whether `name` is of the form [`TAG_NAME_PATTERN`].
fn is_tag_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && name.len() <= MAX_TAG_NAME_CHARS
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The schema `RequestedTags`: the bounds the reader checks.
impl PartialSchema for RequestedTags {
    fn schema() -> RefOr<Schema> {
        let name = ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some(TAG_NAME_PATTERN))
            .max_length(Some(MAX_TAG_NAME_CHARS));
        let value = ObjectBuilder::new().schema_type(Type::String).max_length(Some(MAX_TAG_VALUE_CHARS));
        ObjectBuilder::new()
            .schema_type(Type::Object)
            .description(Some(
                "Tags to write, name → value, after the seven standard tags (a standard tag given here \
                 replaces its default `?`). `Result` must be a result token (`1-0`, `0-1`, `1/2-1/2`, `2-0`, \
                 `0-2`, `1-1`, `0-0`, `*`) and replaces the result the board gives (for a resignation, say), \
                 written in the variant's result type; \
                 `GameType` and `FEN` are the game's own and cannot be given (`422 invalid_tags`).",
            ))
            .max_properties(Some(MAX_TAGS))
            .property_names(Some(name))
            .additional_properties(Some(AdditionalProperties::from(value)))
            .examples([serde_json::json!({"Event": "Club match", "White": "Ann", "Black": "Bob"})])
            .into()
    }
}

impl ToSchema for RequestedTags {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("RequestedTags")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requested_tags_are_read_within_their_bounds() {
        let read = |json: &str| serde_json::from_str::<RequestedTags>(json).map_err(|e| e.to_string());
        let tags = read(r#"{"White": "Ann", "Black": "Bob"}"#).expect("tags");
        assert_eq!(tags.0.pairs()[1], ("Black".to_owned(), "Bob".to_owned()));
        let pattern = regex::Regex::new(TAG_NAME_PATTERN).expect("a pattern");
        for name in ["A", "Event", "a_1", &"x".repeat(32), "", "1a", "a b", "é", &"x".repeat(33)] {
            assert_eq!(is_tag_name(name), pattern.is_match(name), "{name:?}");
        }
        assert!(read(r#"{"1a": "x"}"#).unwrap_err().contains("is not a tag name"));
        assert!(read(r#"{"A": "x", "A": "y"}"#).unwrap_err().contains("given twice"));
        assert!(read(&format!(r#"{{"A": "{}"}}"#, "x".repeat(256))).unwrap_err().contains("longer than 255"));
        let many: Vec<String> = (0..=MAX_TAGS).map(|i| format!(r#""T{i}": "x""#)).collect();
        assert!(read(&format!("{{{}}}", many.join(","))).unwrap_err().contains("at most 32 tags"));
        assert!(read("5").unwrap_err().contains("expected an object"));
    }
}
