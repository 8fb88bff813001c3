//! `Score`: what a search thinks of a position for the side to move, either a value in
//! hundredths of a man or a forced result counted in plies. The search works on the raw
//! numbers ([`WIN`] counted down by the plies to the end); everything outside the search
//! reads a score through [`Score::outcome`].

/// A score beyond every evaluation: a win `n` plies away scores `WIN - n`.
pub(crate) const WIN: i32 = 30_000;

/// Raw scores beyond this are forced wins or losses.
pub(crate) const WIN_THRESHOLD: i32 = WIN - 1_000;

/// A search's score for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(i32);

/// What a [`Score`] says, in the units a player counts in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A judgement in hundredths of a man (positive: the side to move is better).
    Value(i32),
    /// The side to move wins in this many of its own moves.
    WinIn(u32),
    /// The side to move loses in this many of its own moves.
    LossIn(u32),
}

impl Score {
    /// An even position.
    pub const ZERO: Score = Score(0);

    /// The score a search returned (raw: values, or [`WIN`] counted down by plies).
    pub(crate) const fn from_raw(raw: i32) -> Score {
        Score(raw)
    }

    /// The raw number, for tests that compare scores.
    #[cfg(test)]
    pub(crate) const fn raw(self) -> i32 {
        self.0
    }

    /// A value in hundredths of a man (clamped short of the forced results).
    pub const fn value(hundredths: i32) -> Score {
        Score(if hundredths > WIN_THRESHOLD {
            WIN_THRESHOLD
        } else if hundredths < -WIN_THRESHOLD {
            -WIN_THRESHOLD
        } else {
            hundredths
        })
    }

    /// A win for the side to move `plies` plies from now.
    pub const fn win_in_plies(plies: u32) -> Score {
        Score(WIN - plies as i32)
    }

    /// Whether this is a forced win or loss.
    pub const fn is_forced(self) -> bool {
        self.0 > WIN_THRESHOLD || self.0 < -WIN_THRESHOLD
    }

    /// Plies to the forced result, if this is one.
    pub const fn plies_to_end(self) -> Option<u32> {
        if self.is_forced() {
            Some((WIN - self.0.abs()) as u32)
        } else {
            None
        }
    }

    /// The score as a player reads it: a value, or moves (of the side to move) to a forced
    /// result. A win in 1 ply is a win in 1 move; a loss in 2 plies, a loss in 1 move.
    pub const fn outcome(self) -> Outcome {
        match self.plies_to_end() {
            None => Outcome::Value(self.0),
            Some(plies) if self.0 > 0 => Outcome::WinIn(plies.div_ceil(2)),
            Some(plies) => Outcome::LossIn(plies.div_ceil(2)),
        }
    }
}

impl core::ops::Neg for Score {
    type Output = Score;

    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl core::fmt::Display for Score {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.outcome() {
            Outcome::Value(v) => write!(f, "{v}"),
            Outcome::WinIn(n) => write!(f, "win in {n}"),
            Outcome::LossIn(n) => write!(f, "loss in {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forced_results_are_counted_in_the_movers_moves() {
        assert_eq!(Score::win_in_plies(1).outcome(), Outcome::WinIn(1));
        assert_eq!(Score::win_in_plies(3).outcome(), Outcome::WinIn(2));
        assert_eq!((-Score::win_in_plies(2)).outcome(), Outcome::LossIn(1));
        assert_eq!((-Score::win_in_plies(4)).outcome(), Outcome::LossIn(2));
        assert_eq!(Score::value(35).outcome(), Outcome::Value(35));
        assert!(!Score::value(i32::MAX).is_forced());
        assert_eq!(Score::win_in_plies(7).plies_to_end(), Some(7));
    }

    #[test]
    fn wins_sort_above_values_and_sooner_wins_above_later_ones() {
        assert!(Score::win_in_plies(3) > Score::win_in_plies(5));
        assert!(Score::win_in_plies(99) > Score::value(5_000));
        assert!(-Score::win_in_plies(3) < -Score::win_in_plies(5));
    }
}
