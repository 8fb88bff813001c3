//! Perft: the number of move sequences of a given length, the standard check (and benchmark)
//! of a move generator. Counts distinct moves, or capture sequences or routes for tables made
//! that way ([`Counting`]). The last ply is counted, not played: quiet moves and men's captures
//! of one jump are counted by whole-board shifts, other captures generated in full
//! ([`movegen::count`]). Above it, quiet moves are played as they are generated, never stored.

use super::movegen::{self, Counting, MoveList, MoveSink};
use super::mv::Move;
use super::notation::fen::ParsePositionError;
use super::position::Position;
use super::ruleset::Rules;
use super::variant::Variant;
use super::visitor::VariantVisitor;

/// What perft counts and under which capture rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftOptions {
    /// What counts as one move.
    pub counting: Counting,
    /// `false`: the house rule "capturing is optional" (docs/rules.md §11).
    pub mandatory_capture: bool,
}

impl Default for PerftOptions {
    fn default() -> PerftOptions {
        PerftOptions { counting: Counting::Moves, mandatory_capture: true }
    }
}

/// Leaf nodes at exactly `depth` plies from `position` (draw rules ignored).
#[inline(always)]
pub fn perft<R: Rules>(position: &Position<R>, depth: u32, options: PerftOptions) -> u64 {
    match depth {
        0 => 1,
        1 => movegen::count(position, options.mandatory_capture, options.counting) as u64,
        _ => subtrees(position, depth, options),
    }
}

/// [`perft`] at `depth` of at least 2: the sum over the moves of `position`.
#[inline(never)]
fn subtrees<R: Rules>(position: &Position<R>, depth: u32, options: PerftOptions) -> u64 {
    let mut children = Children {
        position,
        depth: depth - 1,
        options,
        captures: MoveList::counting(options.counting),
        quiet_moves: 0,
        nodes: 0,
    };
    movegen::generate(position, options.mandatory_capture, &mut children);
    let captures = children.captures.iter().map(|mv| children.subtree(mv)).sum::<u64>();
    children.nodes + captures
}

/// The sink of [`subtrees`]: keeps the captures (a capture of higher precedence may still
/// drop them) and counts the subtree of each quiet move as it arrives, so quiet moves are
/// never stored.
struct Children<'a, R: Rules> {
    position: &'a Position<R>,
    /// The depth of each subtree.
    depth: u32,
    options: PerftOptions,
    captures: MoveList<R::Board>,
    quiet_moves: usize,
    /// Leaf nodes under the quiet moves so far.
    nodes: u64,
}

impl<R: Rules> Children<'_, R> {
    #[inline(always)]
    fn subtree(&self, mv: &Move<R::Board>) -> u64 {
        let mut next = *self.position;
        next.play_unchecked(mv);
        perft(&next, self.depth, self.options)
    }
}

impl<R: Rules> MoveSink<R::Board> for Children<'_, R> {
    #[inline(always)]
    fn clear(&mut self) {
        self.captures.clear();
    }

    #[inline(always)]
    fn push_capture(&mut self, mv: Move<R::Board>, path: &[u8]) {
        self.captures.push_capture(mv, path);
    }

    #[inline(always)]
    fn push_quiet(&mut self, mv: Move<R::Board>) {
        self.quiet_moves += 1;
        self.nodes += self.subtree(&mv);
    }

    #[inline(always)]
    fn is_empty(&self) -> bool {
        self.captures.is_empty() && self.quiet_moves == 0
    }

    #[inline(always)]
    fn every_route(&self) -> bool {
        self.captures.every_route()
    }
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
