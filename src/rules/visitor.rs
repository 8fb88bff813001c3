//! `VariantVisitor`: the one place a runtime [`Variant`] becomes the compile-time [`Rules`] of
//! that variant ([`Variant::visit`]).
//!
//! This depends on the rule sets, which depend on the variant ids: the registry
//! ([`crate::rules::variant`]) knows no rules.

use super::ruleset::{
    Antidraughts, Brazilian, Breakthrough, Canadian, Czech, English, Frisian, Frysk, International, Italian, Pool,
    Rules, Russian, Spanish, Thai, Turkish,
};
use super::variant::Variant;

/// Code that runs with a variant's rules known at compile time. See [`Variant::visit`].
pub trait VariantVisitor {
    /// What the visit returns.
    type Output;
    /// Runs with the variant's rules as the type `R`.
    fn visit<R: Rules>(self) -> Self::Output;
}

impl Variant {
    /// The variant PDN's `GameType` number `number` names: the first in [`Variant::ALL`] whose
    /// `PDN_GAME_TYPE` it is (so 20, shared by International, Antidraughts and Breakthrough,
    /// names International).
    pub fn from_pdn_game_type(number: u8) -> Option<Variant> {
        struct GameType;
        impl VariantVisitor for GameType {
            type Output = u8;
            fn visit<R: Rules>(self) -> u8 {
                R::PDN_GAME_TYPE
            }
        }
        Variant::ALL.into_iter().find(|v| v.visit(GameType) == number)
    }

    /// Runs `visitor` with this variant's rules as a compile-time type.
    pub fn visit<V: VariantVisitor>(self, visitor: V) -> V::Output {
        match self {
            Variant::English => visitor.visit::<English>(),
            Variant::Russian => visitor.visit::<Russian>(),
            Variant::Brazilian => visitor.visit::<Brazilian>(),
            Variant::International => visitor.visit::<International>(),
            Variant::Spanish => visitor.visit::<Spanish>(),
            Variant::Italian => visitor.visit::<Italian>(),
            Variant::Czech => visitor.visit::<Czech>(),
            Variant::Turkish => visitor.visit::<Turkish>(),
            Variant::Frisian => visitor.visit::<Frisian>(),
            Variant::Frysk => visitor.visit::<Frysk>(),
            Variant::Pool => visitor.visit::<Pool>(),
            Variant::Thai => visitor.visit::<Thai>(),
            Variant::Antidraughts => visitor.visit::<Antidraughts>(),
            Variant::Breakthrough => visitor.visit::<Breakthrough>(),
            Variant::Canadian => visitor.visit::<Canadian>(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pdn_game_types_name_the_first_variant_with_that_number() {
        assert_eq!(Variant::from_pdn_game_type(20), Some(Variant::International));
        assert_eq!(Variant::from_pdn_game_type(21), Some(Variant::English));
        assert_eq!(Variant::from_pdn_game_type(25), Some(Variant::Russian));
        assert_eq!(Variant::from_pdn_game_type(97), Some(Variant::Frysk));
        assert_eq!(Variant::from_pdn_game_type(0), None);
    }

    #[test]
    fn visiting_reaches_the_variants_own_rules() {
        struct Id;
        impl VariantVisitor for Id {
            type Output = Variant;
            fn visit<R: Rules>(self) -> Variant {
                R::VARIANT
            }
        }
        for v in Variant::ALL {
            assert_eq!(v.visit(Id), v);
        }
    }
}
