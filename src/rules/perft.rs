//! Perft: the number of move sequences of a given length, the standard check (and benchmark)
//! of a move generator. Counts distinct moves, or capture sequences or routes for tables made
//! that way ([`Counting`]). The last ply is counted, not played: captures are generated in
//! full, quiet moves counted by whole-board shifts ([`movegen::count`]).

use super::movegen::{self, Counting, MoveList};
use super::position::{ParsePositionError, Position};
use super::ruleset::Rules;
use super::variant::{Variant, VariantVisitor};

/// What perft counts and under which capture rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftOptions {
    /// What counts as one move.
    pub counting: Counting,
    /// `false`: the house rule "capturing is optional" (RULES.md §11).
    pub mandatory_capture: bool,
}

impl Default for PerftOptions {
    fn default() -> PerftOptions {
        PerftOptions { counting: Counting::Moves, mandatory_capture: true }
    }
}

/// Leaf nodes at exactly `depth` plies from `position` (draw rules ignored).
pub fn perft<R: Rules>(position: &Position<R>, depth: u32, options: PerftOptions) -> u64 {
    match depth {
        0 => return 1,
        1 => return movegen::count(position, options.mandatory_capture, options.counting) as u64,
        _ => {}
    }
    let mut list = MoveList::counting(options.counting);
    movegen::generate(position, options.mandatory_capture, &mut list);
    list.iter()
        .map(|mv| {
            let mut next = *position;
            next.play_unchecked(mv);
            perft(&next, depth - 1, options)
        })
        .sum()
}

/// [`perft`] for a variant chosen at run time, from a FEN.
pub fn perft_fen(variant: Variant, fen: &str, depth: u32, options: PerftOptions) -> Result<u64, ParsePositionError> {
    struct Run<'a>(&'a str, u32, PerftOptions);
    impl VariantVisitor for Run<'_> {
        type Output = Result<u64, ParsePositionError>;
        fn visit<R: Rules>(self) -> Self::Output {
            Ok(perft(&Position::<R>::from_fen(self.0)?, self.1, self.2))
        }
    }
    variant.visit(Run(fen, depth, options))
}
