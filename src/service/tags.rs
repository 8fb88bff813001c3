//! A game record's tag pairs: [`Tags`], as a parsed record answers them (a JSON object, in the
//! order written) and as an export writes them.

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

/// Tag pairs in order, each name once (a name written twice keeps its first place and its
/// last value). Written as a JSON object.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags(Vec<(String, String)>);

impl Tags {
    /// The pairs, in order.
    pub fn pairs(&self) -> &[(String, String)] {
        &self.0
    }
}

impl<N: Into<String>, V: Into<String>> FromIterator<(N, V)> for Tags {
    fn from_iter<I: IntoIterator<Item = (N, V)>>(pairs: I) -> Tags {
        let mut tags: Vec<(String, String)> = Vec::new();
        for (name, value) in pairs {
            let (name, value) = (name.into(), value.into());
            match tags.iter_mut().find(|(n, _)| *n == name) {
                Some(earlier) => earlier.1 = value,
                None => tags.push((name, value)),
            }
        }
        Tags(tags)
    }
}

impl Serialize for Tags {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

/// The schema: an object of texts.
impl PartialSchema for Tags {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Object)
            .description(Some("The tag pairs, in the order the record writes them: name → value."))
            .additional_properties(Some(ObjectBuilder::new().schema_type(Type::String)))
            .examples([serde_json::json!({"Event": "?", "GameType": "21", "Result": "1-0"})])
            .into()
    }
}

impl ToSchema for Tags {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_written_twice_keeps_its_first_place_and_last_value() {
        let tags: Tags = [("A", "1"), ("B", "2"), ("A", "3")].into_iter().collect();
        assert_eq!(serde_json::to_string(&tags).expect("json"), r#"{"A":"3","B":"2"}"#);
    }
}
