//! `SearchPlan`: how one search runs: its kind, its level (for a computer move), how long and
//! how deep it may go, its randomness and its transposition table. Every rule that turns a
//! request's level or budget into those values is here, and nowhere else; the search thread
//! turns a plan into the engine's limits ([`super::search_thread::SearchThread`]).

use core::time::Duration;

use super::levels::Difficulty;
use super::search_kind::SearchKind;
use crate::engine::{Depth, TableUse};

/// The time each position of a review is searched when the request does not say, in
/// milliseconds.
pub const DEFAULT_REVIEW_MS: u64 = 100;

/// The time and depth a request asks a search for (an analysis, or each search of a review).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// The time the search may take, if the request says.
    pub time: Option<Duration>,
    /// The depth to search to in plies, if the request says (the time cap still applies).
    pub depth: Option<u32>,
}

impl Budget {
    /// The time the search may take: the request's; else, when it asks for a depth, `max` (the
    /// depth ends the search); else `default`. Never more than `max`.
    pub fn time_within(self, default: Duration, max: Duration) -> Duration {
        let unasked = if self.depth.is_some() { max } else { default };
        self.time.unwrap_or(unasked).min(max)
    }
}

/// How the computer is asked to play a move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AiMoveSettings {
    /// The level to play at.
    pub difficulty: Difficulty,
    /// The time the search may take, if not the level's default.
    pub budget: Option<Duration>,
    /// The deepest iteration in plies, if not the level's (the time budget still applies).
    pub max_depth: Option<u32>,
    /// Makes the levels' randomness repeatable.
    pub seed: Option<u64>,
}

/// The most time the service lets searches take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// The longest one search may take (`MAX_SEARCH_MS`).
    pub max_search: Duration,
    /// The longest a streamed review may take, every position's search added up
    /// (`MAX_REVIEW_MS`).
    pub max_review: Duration,
    /// The longest a review answered as one document may take: it must be ready within the
    /// answer's deadline.
    pub max_review_document: Duration,
}

/// A review whose positions, each searched for the time asked, would take longer than its
/// limit allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewTooLong {
    /// The positions the review would search: one more than the moves.
    pub positions: usize,
    /// The time asked for each.
    pub per_position: Duration,
    /// The longest the review may take.
    pub max_total: Duration,
}

/// How one search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchPlan {
    /// What it is for.
    pub kind: SearchKind,
    /// The level of a computer move; analyses and reviews search at the hard level's strength
    /// and are counted under no level.
    pub difficulty: Option<Difficulty>,
    /// The time it may take.
    pub time: Duration,
    /// The deepest iteration.
    pub max_depth: Depth,
    /// Each root move's score is shifted by up to this much at random (0: none).
    pub noise: i32,
    /// The seed of that randomness; `None` draws one (the answer then varies).
    pub seed: Option<u64>,
    /// Which transposition table it fills.
    pub table: TableUse,
    /// Whether the score is wanted as much as the move: a position with one legal move is
    /// then searched as deep as any other.
    pub score_matters: bool,
}

impl SearchPlan {
    /// A computer move at the level `settings` ask for: the request's time or the level's
    /// default, within `limits`.
    pub fn ai_move(settings: AiMoveSettings, limits: &SearchLimits) -> SearchPlan {
        let level = settings.difficulty.level();
        SearchPlan {
            kind: SearchKind::AiMove,
            difficulty: Some(settings.difficulty),
            time: settings.budget.unwrap_or(level.default_budget).min(limits.max_search),
            max_depth: settings.max_depth.map_or(level.max_depth, Depth::plies),
            noise: level.noise,
            seed: settings.seed,
            table: level.table,
            score_matters: false,
        }
    }

    /// An analysis within `budget` (the hard level's time by default), within `limits`.
    pub fn analysis(budget: Budget, limits: &SearchLimits) -> SearchPlan {
        let level = Difficulty::Hard.level();
        SearchPlan {
            kind: SearchKind::Analysis,
            time: budget.time_within(level.default_budget, limits.max_search),
            max_depth: budget.depth.map_or(level.max_depth, Depth::plies),
            ..SearchPlan::at_full_strength(SearchKind::Analysis)
        }
    }

    /// Each search of a review of `positions` positions within `budget`, the whole within
    /// `max_total`. The time per position is the request's (capped by `MAX_SEARCH_MS`), and
    /// the review is refused when all of them would take longer than `max_total`; else the
    /// default ([`DEFAULT_REVIEW_MS`], or `MAX_SEARCH_MS` when a depth is asked), shortened so
    /// that all of them fit in `max_total` (at least a millisecond).
    pub fn review(
        budget: Budget,
        positions: usize,
        max_total: Duration,
        limits: &SearchLimits,
    ) -> Result<SearchPlan, ReviewTooLong> {
        let count = u32::try_from(positions.max(1)).unwrap_or(u32::MAX);
        let time = match budget.time {
            Some(asked) => {
                let per_position = asked.min(limits.max_search);
                if per_position.saturating_mul(count) > max_total {
                    return Err(ReviewTooLong { positions, per_position, max_total });
                }
                per_position
            }
            None => {
                let default = budget.time_within(Duration::from_millis(DEFAULT_REVIEW_MS), limits.max_search);
                default.min(max_total / count).max(Duration::from_millis(1))
            }
        };
        Ok(SearchPlan {
            time,
            max_depth: budget.depth.map_or(Difficulty::Hard.level().max_depth, Depth::plies),
            ..SearchPlan::at_full_strength(SearchKind::Review)
        })
    }

    /// A search of `kind` at the hard level's strength, scores wanted, with the hard level's
    /// time and depth.
    fn at_full_strength(kind: SearchKind) -> SearchPlan {
        let level = Difficulty::Hard.level();
        SearchPlan {
            kind,
            difficulty: None,
            time: level.default_budget,
            max_depth: level.max_depth,
            noise: level.noise,
            seed: None,
            table: level.table,
            score_matters: true,
        }
    }

    /// Whether its answer is meant to vary from one call to the next (randomness and no seed),
    /// so that no cache may keep it.
    pub fn varies(&self) -> bool {
        self.noise > 0 && self.seed.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: SearchLimits = SearchLimits {
        max_search: Duration::from_millis(5000),
        max_review: Duration::from_secs(120),
        max_review_document: Duration::from_secs(30),
    };

    #[test]
    fn a_budgets_time_is_the_requests_or_the_default_or_the_cap_for_a_depth_and_never_above_the_cap() {
        let (default, max) = (Duration::from_millis(100), Duration::from_millis(5000));
        let ms = |n| Some(Duration::from_millis(n));
        assert_eq!(Budget::default().time_within(default, max), default);
        assert_eq!(Budget { time: ms(40), depth: None }.time_within(default, max), Duration::from_millis(40));
        assert_eq!(Budget { time: ms(9000), depth: None }.time_within(default, max), max);
        assert_eq!(Budget { time: None, depth: Some(8) }.time_within(default, max), max);
        let both = Budget { time: ms(300), depth: Some(8) };
        assert_eq!(both.time_within(default, max), Duration::from_millis(300));
        assert_eq!(Budget::default().time_within(Duration::from_secs(9), max), max);
    }

    #[test]
    fn a_computer_moves_plan_is_its_levels_within_the_cap() {
        let hard = AiMoveSettings { difficulty: Difficulty::Hard, ..AiMoveSettings::default() };
        let plan = SearchPlan::ai_move(hard, &LIMITS);
        assert_eq!((plan.time, plan.noise, plan.difficulty), (Duration::from_secs(1), 0, Some(Difficulty::Hard)));
        let long = AiMoveSettings { budget: Some(Duration::from_secs(60)), ..hard };
        assert_eq!(SearchPlan::ai_move(long, &LIMITS).time, LIMITS.max_search);
        let easy = AiMoveSettings { difficulty: Difficulty::Easy, ..AiMoveSettings::default() };
        assert!(SearchPlan::ai_move(easy, &LIMITS).varies());
        assert!(!SearchPlan::ai_move(AiMoveSettings { seed: Some(1), ..easy }, &LIMITS).varies());
    }

    #[test]
    fn an_analysis_searches_at_full_strength_and_under_no_level() {
        let plan = SearchPlan::analysis(Budget::default(), &LIMITS);
        assert_eq!((plan.kind, plan.difficulty, plan.noise), (SearchKind::Analysis, None, 0));
        assert!(plan.score_matters && !plan.varies());
    }

    #[test]
    fn a_reviews_time_is_asked_and_refused_over_the_limit_or_defaulted_and_shortened_to_fit() {
        let ms = Duration::from_millis;
        let total = ms(30_000);
        let time = |budget, positions, total| SearchPlan::review(budget, positions, total, &LIMITS).map(|p| p.time);
        let asked = |time| Budget { time: Some(ms(time)), depth: None };
        assert_eq!(time(asked(200), 101, total), Ok(ms(200)));
        assert_eq!(
            time(asked(5000), 1001, total),
            Err(ReviewTooLong { positions: 1001, per_position: ms(5000), max_total: total })
        );
        assert_eq!(time(asked(9000), 6, total), Ok(ms(5000)), "capped by the search's limit");
        assert!(time(asked(9000), 7, total).is_err());
        assert_eq!(time(Budget::default(), 101, total), Ok(ms(DEFAULT_REVIEW_MS)));
        assert_eq!(time(Budget::default(), 1001, total), Ok(total / 1001), "shortened to fit 30 s");
        let depth = Budget { time: None, depth: Some(12) };
        assert_eq!(time(depth, 3, total), Ok(ms(5000)));
        assert_eq!(time(depth, 60, total), Ok(ms(500)));
        assert_eq!(time(Budget::default(), 1001, ms(10)), Ok(ms(1)), "at least a millisecond");
    }
}
