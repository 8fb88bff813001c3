//! [`optional_whole_number`]: an optional whole number read with its range in the error
//! (`expected a whole number from 0 to 255`), where serde alone says `expected u8`. As in JSON
//! Schema, a number with a zero fraction (`7.0`, `1e3`) is a whole number.

use core::marker::PhantomData;

use serde::de::{Error, Unexpected, Visitor};
use serde::Deserializer;

/// An unsigned integer type and the largest value it holds.
pub trait Unsigned: TryFrom<u64> {
    /// The largest value.
    const MAX: u64;
}

impl Unsigned for u8 {
    const MAX: u64 = u8::MAX as u64;
}

impl Unsigned for u16 {
    const MAX: u64 = u16::MAX as u64;
}

impl Unsigned for u32 {
    const MAX: u64 = u32::MAX as u64;
}

/// Reads a field that must be a whole number from 0 to `T::MAX`: for
/// `#[serde(deserialize_with)]`.
pub fn whole_number<'de, D: Deserializer<'de>, T: Unsigned>(deserializer: D) -> Result<T, D::Error> {
    optional_whole_number(deserializer)?.ok_or_else(|| D::Error::invalid_type(Unexpected::Unit, &"a whole number"))
}

/// Reads an optional field that must be a whole number from 0 to `T::MAX` (or `null`): for
/// `#[serde(default, deserialize_with)]`.
pub fn optional_whole_number<'de, D: Deserializer<'de>, T: Unsigned>(deserializer: D) -> Result<Option<T>, D::Error> {
    struct InRange<T>(PhantomData<T>);
    impl<'de, T: Unsigned> Visitor<'de> for InRange<T> {
        type Value = Option<T>;
        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            write!(f, "a whole number from 0 to {}", T::MAX)
        }
        fn visit_none<E: Error>(self) -> Result<Option<T>, E> {
            Ok(None)
        }
        fn visit_unit<E: Error>(self) -> Result<Option<T>, E> {
            Ok(None)
        }
        fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<T>, D::Error> {
            deserializer.deserialize_u64(self)
        }
        fn visit_u64<E: Error>(self, value: u64) -> Result<Option<T>, E> {
            T::try_from(value).map(Some).map_err(|_| E::invalid_value(Unexpected::Unsigned(value), &self))
        }
        fn visit_i64<E: Error>(self, value: i64) -> Result<Option<T>, E> {
            match u64::try_from(value) {
                Ok(value) => self.visit_u64(value),
                Err(_) => Err(E::invalid_value(Unexpected::Signed(value), &self)),
            }
        }
        fn visit_f64<E: Error>(self, value: f64) -> Result<Option<T>, E> {
            // Every whole number up to `T::MAX` (at most u32's) is exact in an f64.
            if value.fract() == 0.0 && (0.0..=T::MAX as f64).contains(&value) {
                self.visit_u64(value as u64)
            } else {
                Err(E::invalid_value(Unexpected::Float(value), &self))
            }
        }
    }
    deserializer.deserialize_option(InRange(PhantomData))
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    use super::*;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Count {
        #[serde(default, deserialize_with = "optional_whole_number")]
        n: Option<u8>,
    }

    fn read(json: &str) -> Result<Option<u8>, String> {
        serde_json::from_str::<Count>(json).map(|c| c.n).map_err(|e| e.to_string())
    }

    #[test]
    fn whole_numbers_in_range_are_read_and_others_refused_naming_the_range() {
        assert_eq!(read(r#"{}"#), Ok(None));
        assert_eq!(read(r#"{"n": null}"#), Ok(None));
        assert_eq!(read(r#"{"n": 0}"#), Ok(Some(0)));
        assert_eq!(read(r#"{"n": 255}"#), Ok(Some(255)));
        assert_eq!(read(r#"{"n": 7.0}"#), Ok(Some(7)));
        assert_eq!(read(r#"{"n": 2e2}"#), Ok(Some(200)));
        assert_eq!(read(r#"{"n": -0.0}"#), Ok(Some(0)));
        for (json, found) in [
            (r#"{"n": 256}"#, "integer `256`"),
            (r#"{"n": 2147483646}"#, "integer `2147483646`"),
            (r#"{"n": -1}"#, "integer `-1`"),
            (r#"{"n": 1.5}"#, "floating point `1.5`"),
            (r#"{"n": 256.0}"#, "floating point `256.0`"),
            (r#"{"n": 1e300}"#, "floating point `1e+300`"),
            (r#"{"n": "3"}"#, "string \"3\""),
        ] {
            let error = read(json).unwrap_err();
            assert!(error.contains(found) && error.contains("expected a whole number from 0 to 255"), "{error}");
        }
    }
}
