//! `Variant`: the registry of variants: ids, names and aliases.
//!
//! A variant's rules depend on its id ([`crate::rules::Rules::VARIANT`]) and never the
//! reverse: turning a runtime variant into the compile-time rules of that variant
//! ([`Variant::visit`]) lives in [`crate::rules::visitor`].

use super::notation::Quoted;

/// One of the variants the service plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// English draughts / American checkers.
    English,
    /// Russian draughts.
    Russian,
    /// Brazilian draughts.
    Brazilian,
    /// International draughts (10x10).
    International,
    /// Spanish draughts.
    Spanish,
    /// Italian draughts.
    Italian,
    /// Czech draughts.
    Czech,
    /// Turkish draughts.
    Turkish,
    /// Frisian draughts.
    Frisian,
    /// Frysk! (Frisian with five men each).
    Frysk,
    /// Pool checkers (American pool).
    Pool,
    /// Thai draughts.
    Thai,
    /// Antidraughts (giveaway on the International board).
    Antidraughts,
    /// Breakthrough (first king wins, on the International board).
    Breakthrough,
    /// Canadian draughts (12x12).
    Canadian,
}

impl Variant {
    /// Every variant, in the order the API lists them.
    pub const ALL: [Variant; 15] = [
        Variant::English,
        Variant::Russian,
        Variant::Brazilian,
        Variant::International,
        Variant::Spanish,
        Variant::Italian,
        Variant::Czech,
        Variant::Turkish,
        Variant::Frisian,
        Variant::Frysk,
        Variant::Pool,
        Variant::Thai,
        Variant::Antidraughts,
        Variant::Breakthrough,
        Variant::Canadian,
    ];

    /// The id used in the API (`english`, `international`, …).
    pub const fn id(self) -> &'static str {
        match self {
            Variant::English => "english",
            Variant::Russian => "russian",
            Variant::Brazilian => "brazilian",
            Variant::International => "international",
            Variant::Spanish => "spanish",
            Variant::Italian => "italian",
            Variant::Czech => "czech",
            Variant::Turkish => "turkish",
            Variant::Frisian => "frisian",
            Variant::Frysk => "frysk",
            Variant::Pool => "pool",
            Variant::Thai => "thai",
            Variant::Antidraughts => "antidraughts",
            Variant::Breakthrough => "breakthrough",
            Variant::Canadian => "canadian",
        }
    }

    /// A human-readable name.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::English => "English draughts (American checkers)",
            Variant::Russian => "Russian draughts",
            Variant::Brazilian => "Brazilian draughts",
            Variant::International => "International draughts",
            Variant::Spanish => "Spanish draughts",
            Variant::Italian => "Italian draughts",
            Variant::Czech => "Czech draughts",
            Variant::Turkish => "Turkish draughts",
            Variant::Frisian => "Frisian draughts",
            Variant::Frysk => "Frysk!",
            Variant::Pool => "Pool checkers (American pool)",
            Variant::Thai => "Thai draughts",
            Variant::Antidraughts => "Antidraughts",
            Variant::Breakthrough => "Breakthrough draughts",
            Variant::Canadian => "Canadian draughts",
        }
    }

    /// Other ids accepted for this variant.
    pub const fn aliases(self) -> &'static [&'static str] {
        match self {
            Variant::English => &["american", "checkers"],
            Variant::International => &["polish"],
            Variant::Frysk => &["frysk!"],
            Variant::Pool => &["american-pool"],
            Variant::Antidraughts => &["giveaway"],
            _ => &[],
        }
    }

    /// The variant with this id or alias (case-insensitive).
    pub fn from_id(id: &str) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.id().eq_ignore_ascii_case(id) || v.aliases().iter().any(|a| a.eq_ignore_ascii_case(id)))
    }
}

impl core::fmt::Display for Variant {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.id())
    }
}

impl core::str::FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::from_id(s).ok_or_else(|| UnknownVariant(s.to_owned()))
    }
}

/// A variant id that names no variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl core::fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let ids: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
        write!(f, "unknown variant {}; known variants: {}", Quoted(&self.0), ids.join(", "))
    }
}

impl std::error::Error for UnknownVariant {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_aliases_resolve() {
        for v in Variant::ALL {
            assert_eq!(Variant::from_id(v.id()), Some(v));
        }
        assert_eq!(Variant::from_id("checkers"), Some(Variant::English));
        assert_eq!(Variant::from_id("Polish"), Some(Variant::International));
        assert_eq!(Variant::from_id("chess"), None);
    }
}
