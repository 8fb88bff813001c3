//! [`Clock`]: the mover's clock in a timed game, and the time plan the computer makes from it
//! ([`Clock::plan`]): how long it aims to think, and the most it may take.

use core::time::Duration;

/// The moves a game is assumed to have left when the clock does not say how many moves remain
/// to the next time control: the computer spends about this share of what is left on a move.
pub const EXPECTED_MOVES: u32 = 25;

/// The mover's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Clock {
    /// The time left on it.
    pub left: Duration,
    /// The time added after each move.
    pub increment: Duration,
    /// The moves to the next time control, if the game has one (the time left must last that
    /// many moves).
    pub moves_to_go: Option<u32>,
}

/// How long a move on a clock may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimePlan {
    /// The time to aim at: a share of what is left, plus most of the increment. The search
    /// thinks up to three times as long while the best move keeps changing or the score falls.
    pub target: Duration,
    /// The most it may take: never more than half the time left after the network margin
    /// (all of it for the last move before the time control).
    pub most: Duration,
}

impl Clock {
    /// The plan for a move with this clock, keeping `margin` for the network: of the time left
    /// after the margin, a share (`1 / moves to go`, at most [`EXPECTED_MOVES`] moves) plus
    /// three quarters of the increment, and at most three times that; never more than half of
    /// that time (a reserve for the moves after, whatever the increment), except on the last
    /// move before the time control.
    pub fn plan(self, margin: Duration) -> TimePlan {
        let available = self.left.saturating_sub(margin);
        let moves = self.moves_to_go.unwrap_or(EXPECTED_MOVES).clamp(1, EXPECTED_MOVES);
        let ceiling = if moves == 1 { available } else { available / 2 };
        let target = available / moves + self.increment * 3 / 4;
        let most = (target * 3).min(ceiling);
        TimePlan { target: target.min(most), most }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn clock(left_ms: u64, increment_ms: u64, moves_to_go: Option<u32>) -> Clock {
        Clock { left: Duration::from_millis(left_ms), increment: Duration::from_millis(increment_ms), moves_to_go }
    }

    #[test]
    fn a_plan_takes_a_share_of_the_time_left_and_most_of_the_increment() {
        let margin = Duration::from_millis(50);
        let ms = Duration::from_millis;
        assert_eq!(clock(60_000, 0, None).plan(margin), TimePlan { target: ms(2398), most: ms(7194) });
        assert_eq!(clock(10_000, 100, None).plan(margin), TimePlan { target: ms(473), most: ms(1419) });
        assert_eq!(clock(20_050, 0, Some(10)).plan(margin).target, ms(2000));
        assert_eq!(clock(1_050, 2_000, None).plan(margin), TimePlan { target: ms(500), most: ms(500) });
        assert_eq!(clock(5_050, 0, Some(1)).plan(margin), TimePlan { target: ms(5000), most: ms(5000) });
    }

    #[test]
    fn a_plan_keeps_half_the_time_left_after_the_margin_but_on_the_last_move_before_the_control() {
        let margin = Duration::from_millis(50);
        for left in [0, 1, 49, 50, 51, 100, 1_000, 60_000] {
            for increment in [0, 100, 2_000, 60_000] {
                for moves_to_go in [None, Some(0), Some(1), Some(40)] {
                    let plan = clock(left, increment, moves_to_go).plan(margin);
                    let available = Duration::from_millis(left).saturating_sub(margin);
                    let ceiling = if moves_to_go.is_some_and(|m| m <= 1) { available } else { available / 2 };
                    assert!(plan.target <= plan.most && plan.most <= ceiling, "{left} {increment} {moves_to_go:?}");
                }
            }
        }
    }
}
