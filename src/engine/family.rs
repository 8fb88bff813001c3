//! `Family`: the board families whose variants share the engine's evaluation weights,
//! patterns and score scale.
//!
//! The evaluation ([`crate::engine::eval`]), its patterns ([`crate::engine::patterns`]) and the
//! expected score ([`crate::engine::expected`]) each depend on this, and it only on the rules.

use crate::rules::geometry::BoardKind;
use crate::rules::ruleset::{Goal, Rules};

/// The board families, which share weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// 8x8 diagonal board, kings move one step (English, Italian).
    ShortKings8,
    /// 8x8 diagonal board, flying kings (Russian, Brazilian, Spanish, Czech).
    FlyingKings8,
    /// 10x10 diagonal board, flying kings (International).
    FlyingKings10,
    /// 12x12 diagonal board, flying kings (Canadian): the 10x10 weights, without patterns.
    FlyingKings12,
    /// 8x8 orthogonal board (Turkish).
    Turkish,
    /// Each side tries to lose its pieces (antidraughts): valued by its own evaluation.
    GiveAway,
    /// The first king wins (breakthrough): men's advance is nearly everything.
    Breakthrough,
}

impl Family {
    /// The family of the rules `R`.
    pub const fn of<R: Rules>() -> Family {
        match (R::GOAL, R::GEOMETRY.kind, R::FLYING_KINGS) {
            (Goal::GiveAway, ..) => Family::GiveAway,
            (Goal::FirstKing, ..) => Family::Breakthrough,
            (Goal::Standard, BoardKind::Orthogonal8, _) => Family::Turkish,
            (Goal::Standard, BoardKind::Diagonal10, _) => Family::FlyingKings10,
            (Goal::Standard, BoardKind::Diagonal12, _) => Family::FlyingKings12,
            (Goal::Standard, BoardKind::Diagonal8, true) => Family::FlyingKings8,
            (Goal::Standard, BoardKind::Diagonal8, false) => Family::ShortKings8,
        }
    }
}
