//! `Position::start`: each variant's start position, read once per process from its start FEN
//! ([`crate::rules::Rules::START_FEN`]).
//!
//! This depends on the position, its FEN reading and the variant registry; none of them
//! depends on it.

use std::sync::OnceLock;

use super::notation::fen;
use super::position::{Position, Setup};
use super::ruleset::Rules;
use super::variant::Variant;

impl<R: Rules> Position<R> {
    /// The variant's start position (its FEN is read once per process; every game
    /// without a FEN starts here).
    pub fn start() -> Position<R> {
        static STARTS: [OnceLock<Setup>; Variant::ALL.len()] = [const { OnceLock::new() }; Variant::ALL.len()];
        let setup = *STARTS[R::VARIANT as usize]
            .get_or_init(|| fen::parse(R::START_FEN, &R::NAMING).expect("every variant's start FEN reads"));
        Position::new(setup).expect("every variant's start FEN is a position of the variant")
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::position::Position;
    use crate::rules::ruleset::Rules;
    use crate::rules::variant::Variant;
    use crate::rules::visitor::VariantVisitor;

    struct StartIsTheStartFen;

    impl VariantVisitor for StartIsTheStartFen {
        type Output = ();

        fn visit<R: Rules>(self) {
            let from_fen = Position::<R>::from_fen(R::START_FEN);
            assert_eq!(Ok(Position::<R>::start()), from_fen, "{}", R::VARIANT);
            assert_eq!(Ok(Position::<R>::start()), from_fen, "{}, asked again", R::VARIANT);
        }
    }

    #[test]
    fn every_variant_starts_from_its_start_fen() {
        for variant in Variant::ALL {
            variant.visit(StartIsTheStartFen);
        }
    }
}
