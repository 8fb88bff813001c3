//! `expected_score`: what a score is worth in games, as the share of the points the side to
//! move can expect (0 to 1, a draw counting one half), by a logistic curve fitted per board
//! family on the engine's own games (`bench/fit_expected_score.sh`, data and fits in
//! `bench/expected_score/`).

use super::eval::Family;
use super::score::{Outcome, Score};
use crate::rules::Rules;

/// The scale of the logistic curve of `family`, in hundredths of a man: a score of one scale
/// is worth 1 / (1 + e^-1) ≈ 0.73 of the points. Fitted by `bench/fit_expected_score.py`.
pub const fn scale(family: Family) -> f64 {
    match family {
        Family::ShortKings8 => 240.0,
        Family::FlyingKings8 => 240.0,
        Family::FlyingKings10 => 240.0,
        Family::FlyingKings12 => 240.0,
        Family::Turkish => 240.0,
        Family::GiveAway => 240.0,
        Family::Breakthrough => 240.0,
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
        assert!(expected_score::<International>(Score::value(5_000)) < 1.0);
        assert_eq!(expected_score::<International>(Score::win_in_plies(3)), 1.0);
        assert_eq!(expected_score::<International>(-Score::win_in_plies(4)), 0.0);
    }
}
