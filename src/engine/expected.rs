//! `expected_score`: what a score is worth in games, as the share of the points the side to
//! move can expect (0 to 1, a draw counting one half), by a logistic curve fitted per board
//! family on the engine's own games (`bench/fit_expected_score.sh`, data and fits in
//! `bench/expected_score/`).

use super::family::Family;
use super::score::{Outcome, Score};
use crate::rules::Rules;

/// The scale of the logistic curve of `family`, in hundredths of a man: a score of one scale
/// is worth 1 / (1 + e^-1) ≈ 0.73 of the points. Fitted by maximum likelihood on the static
/// values of the quiet positions of the engine's selfplay games (`bench/expected_score/fits.json`:
/// 300 to 2,000 games and 47,000 to 265,000 positions a family). Flying kings hold more
/// endings a few pieces down on 8x8, hence Russian's flatter curve; in antidraughts the value
/// barely predicts the result, so its curve is nearly flat.
pub const fn scale(family: Family) -> f64 {
    match family {
        Family::ShortKings8 => 134.0,
        Family::FlyingKings8 => 249.4,
        Family::FlyingKings10 => 116.4,
        Family::FlyingKings12 => 136.2,
        Family::Turkish => 182.5,
        Family::GiveAway => 1089.4,
        Family::Breakthrough => 264.8,
    }
}

/// The share of the points `score` promises the side to move under the rules `R`: 1 for a
/// forced win, 0 for a forced loss, else the family's logistic curve.
pub fn expected_score<R: Rules>(score: Score) -> f64 {
    match score.outcome() {
        Outcome::WinIn(_) => 1.0,
        Outcome::LossIn(_) => 0.0,
        Outcome::Value(value) => 1.0 / (1.0 + (-f64::from(value) / scale(Family::of::<R>())).exp()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ruleset::{English, International};

    #[test]
    fn an_even_score_is_half_the_points_and_the_curve_rises_to_forced_results() {
        assert_eq!(expected_score::<English>(Score::ZERO), 0.5);
        let (ahead, behind) =
            (expected_score::<English>(Score::value(150)), expected_score::<English>(Score::value(-150)));
        assert!((ahead + behind - 1.0).abs() < 1e-12, "{ahead} {behind}");
        assert!(0.5 < ahead && ahead < expected_score::<English>(Score::value(400)));
        assert!(expected_score::<International>(Score::value(500)) < 1.0);
        assert_eq!(expected_score::<International>(Score::win_in_plies(3)), 1.0);
        assert_eq!(expected_score::<International>(-Score::win_in_plies(4)), 0.0);
    }
}
