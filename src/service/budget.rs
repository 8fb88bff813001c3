//! `Budget`: how long and how deep a request lets a search go (an analysis, or each search of
//! a review).

use core::time::Duration;

use crate::engine::Depth;

/// The time and depth a request asks a search for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// The time the search may take, if the request says.
    pub time: Option<Duration>,
    /// The depth to search to, if the request says (the time cap still applies).
    pub depth: Option<Depth>,
}

impl Budget {
    /// The time the search may take: the request's; else, when it asks for a depth, `max` (the
    /// depth ends the search); else `default`. Never more than `max`.
    pub fn time_within(self, default: Duration, max: Duration) -> Duration {
        let unasked = if self.depth.is_some() { max } else { default };
        self.time.unwrap_or(unasked).min(max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_is_the_requests_or_the_default_or_the_cap_for_a_depth_and_never_above_the_cap() {
        let (default, max) = (Duration::from_millis(100), Duration::from_millis(5000));
        let ms = |n| Some(Duration::from_millis(n));
        assert_eq!(Budget::default().time_within(default, max), default);
        assert_eq!(Budget { time: ms(40), depth: None }.time_within(default, max), Duration::from_millis(40));
        assert_eq!(Budget { time: ms(9000), depth: None }.time_within(default, max), max);
        assert_eq!(Budget { time: None, depth: Some(Depth::plies(8)) }.time_within(default, max), max);
        let both = Budget { time: ms(300), depth: Some(Depth::plies(8)) };
        assert_eq!(both.time_within(default, max), Duration::from_millis(300));
        assert_eq!(Budget::default().time_within(Duration::from_secs(9), max), max);
    }
}
