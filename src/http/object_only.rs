//! [`ObjectOnly`]: a value read only from a JSON object. serde's derived structs also read an
//! array of their fields in order, which the API's schema does not allow.

use core::marker::PhantomData;

use serde::de::value::MapAccessDeserializer;
use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer};

/// A `T` that was written as an object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ObjectOnly<T>(pub T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for ObjectOnly<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ObjectOnly<T>, D::Error> {
        struct Fields<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for Fields<T> {
            type Value = ObjectOnly<T>;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<ObjectOnly<T>, A::Error> {
                T::deserialize(MapAccessDeserializer::new(map)).map(ObjectOnly)
            }
        }
        deserializer.deserialize_map(Fields(PhantomData))
    }
}

/// Reads an optional field that must be an object (or `null`): for `#[serde(deserialize_with)]`.
pub fn optional_object<'de, D: Deserializer<'de>, T: Deserialize<'de>>(deserializer: D) -> Result<Option<T>, D::Error> {
    Option::<ObjectOnly<T>>::deserialize(deserializer).map(|found| found.map(|ObjectOnly(value)| value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Pair {
        a: u8,
        b: u8,
    }

    #[test]
    fn objects_are_read_and_arrays_refused() {
        let read = |json| serde_json::from_str::<ObjectOnly<Pair>>(json).map(|o| o.0).map_err(|e| e.to_string());
        assert_eq!(read(r#"{"a": 1, "b": 2}"#), Ok(Pair { a: 1, b: 2 }));
        assert!(serde_json::from_str::<Pair>("[1, 2]").is_ok(), "serde alone takes the array");
        assert!(read("[1, 2]").unwrap_err().contains("expected an object"));
    }
}
