//! `SearchPlan`: how one search runs: its kind, its level (for a computer move), how long and
//! how deep it may go, its randomness and its transposition table. Every rule that turns a
//! request's level, budget or clock into those values is here (the clock's share in
//! [`super::clock`]), and nowhere else; the search thread turns a plan into the engine's limits
//! ([`super::search_thread::SearchThread`]).

use core::time::Duration;

use super::clock::Clock;
use super::levels::{Difficulty, Level};
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiMoveSettings {
    /// The level to play at.
    pub level: Level,
    /// The time the search may take, if not the level's default.
    pub budget: Option<Duration>,
    /// The mover's clock, in a timed game.
    pub clock: Option<Clock>,
    /// The deepest iteration in plies, if not the level's (the time budget still applies).
    pub max_depth: Option<u32>,
    /// Makes the levels' randomness repeatable.
    pub seed: Option<u64>,
}

impl Default for AiMoveSettings {
    /// `normal`, at its own time and depth, with no clock and no seed.
    fn default() -> AiMoveSettings {
        AiMoveSettings { level: Difficulty::default().level(), budget: None, clock: None, max_depth: None, seed: None }
    }
}

/// The most time the service lets searches take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// The longest one search may take (`MAX_SEARCH_MS`).
    pub max_search: Duration,
    /// The time a computer move on a clock leaves for the network (`CLOCK_MARGIN_MS`): it
    /// never takes more than the time left minus this.
    pub clock_margin: Duration,
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
    /// The level of a computer move; analyses and reviews search at the top level's strength
    /// and are counted under no level.
    pub level: Option<Level>,
    /// The time it may take.
    pub time: Duration,
    /// The time it aims at, when it plays on a clock (it may think longer, within `time`).
    pub target: Option<Duration>,
    /// The deepest iteration.
    pub max_depth: Depth,
    /// The most positions it may visit in a game of twelve men a side (`u64::MAX`: no limit;
    /// [`super::levels::nodes_for_men`] scales it to the game).
    pub max_nodes: u64,
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
    /// A computer move at the level `settings` ask for, within `limits`. Its time is the
    /// request's or the level's default; on a clock, the top level plans its time from the
    /// clock instead ([`Clock::plan`]) and the others keep theirs, and either way the clock's
    /// most and the request's time cap it (the smaller wins).
    pub fn ai_move(settings: AiMoveSettings, limits: &SearchLimits) -> SearchPlan {
        let strength = settings.level.strength();
        let plan = settings.clock.map(|clock| clock.plan(limits.clock_margin));
        let (time, target) = match plan {
            Some(plan) if settings.level == Level::TOP => {
                let time = settings.budget.map_or(plan.most, |asked| asked.min(plan.most));
                (time, Some(plan.target.min(time)))
            }
            Some(plan) => (settings.budget.unwrap_or(strength.default_budget).min(plan.most), None),
            None => (settings.budget.unwrap_or(strength.default_budget), None),
        };
        SearchPlan {
            kind: SearchKind::AiMove,
            level: Some(settings.level),
            time: time.min(limits.max_search),
            target: target.map(|target| target.min(limits.max_search)),
            max_depth: settings.max_depth.map_or(strength.max_depth, Depth::plies),
            max_nodes: strength.max_nodes,
            noise: strength.noise,
            seed: settings.seed,
            table: strength.table,
            score_matters: false,
        }
    }

    /// An analysis within `budget` (the top level's time by default), within `limits`.
    pub fn analysis(budget: Budget, limits: &SearchLimits) -> SearchPlan {
        let top = Level::TOP.strength();
        SearchPlan {
            kind: SearchKind::Analysis,
            time: budget.time_within(top.default_budget, limits.max_search),
            max_depth: budget.depth.map_or(top.max_depth, Depth::plies),
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
            max_depth: budget.depth.map_or(Level::TOP.strength().max_depth, Depth::plies),
            ..SearchPlan::at_full_strength(SearchKind::Review)
        })
    }

    /// A search of `kind` at the top level's strength, scores wanted, with the top level's
    /// time and depth.
    fn at_full_strength(kind: SearchKind) -> SearchPlan {
        let top = Level::TOP.strength();
        SearchPlan {
            kind,
            level: None,
            time: top.default_budget,
            target: None,
            max_depth: top.max_depth,
            max_nodes: top.max_nodes,
            noise: top.noise,
            seed: None,
            table: top.table,
            score_matters: true,
        }
    }

    /// The plan with `waited` less time (a search on a clock that waited for a thread).
    pub fn shortened_by(self, waited: Duration) -> SearchPlan {
        let time = self.time.saturating_sub(waited);
        SearchPlan { time, target: self.target.map(|target| target.min(time)), ..self }
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
        clock_margin: Duration::from_millis(50),
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
        let hard = AiMoveSettings { level: Level::TOP, ..AiMoveSettings::default() };
        let plan = SearchPlan::ai_move(hard, &LIMITS);
        assert_eq!((plan.time, plan.target, plan.noise), (Duration::from_secs(1), None, 0));
        assert_eq!(plan.level, Some(Level::TOP));
        let long = AiMoveSettings { budget: Some(Duration::from_secs(60)), ..hard };
        assert_eq!(SearchPlan::ai_move(long, &LIMITS).time, LIMITS.max_search);
        let easy = AiMoveSettings { level: Difficulty::Easy.level(), ..AiMoveSettings::default() };
        assert!(SearchPlan::ai_move(easy, &LIMITS).varies());
        assert!(!SearchPlan::ai_move(AiMoveSettings { seed: Some(1), ..easy }, &LIMITS).varies());
    }

    #[test]
    fn on_a_clock_the_top_level_plans_its_time_and_the_others_keep_theirs_and_the_smaller_time_wins() {
        let ms = Duration::from_millis;
        let clock = |left| Some(Clock { left: ms(left), increment: ms(0), moves_to_go: None });
        let top = AiMoveSettings { level: Level::TOP, clock: clock(60_050), ..AiMoveSettings::default() };
        let plan = SearchPlan::ai_move(top, &LIMITS);
        assert_eq!((plan.target, plan.time), (Some(ms(2400)), ms(5000)), "the most is capped by MAX_SEARCH_MS");
        let asked = SearchPlan::ai_move(AiMoveSettings { budget: Some(ms(300)), ..top }, &LIMITS);
        assert_eq!((asked.target, asked.time), (Some(ms(300)), ms(300)));
        let short = SearchPlan::ai_move(AiMoveSettings { clock: clock(150), ..top }, &LIMITS);
        assert_eq!((short.target, short.time), (Some(ms(4)), ms(12)));
        let normal = AiMoveSettings { level: Difficulty::Normal.level(), clock: clock(60_050), ..top };
        assert_eq!(
            (SearchPlan::ai_move(normal, &LIMITS).time, SearchPlan::ai_move(normal, &LIMITS).target),
            (ms(200), None)
        );
        let pressed = SearchPlan::ai_move(AiMoveSettings { clock: clock(150), ..normal }, &LIMITS);
        assert_eq!((pressed.time, pressed.target), (ms(12), None));
    }

    #[test]
    fn an_analysis_searches_at_full_strength_and_under_no_level() {
        let plan = SearchPlan::analysis(Budget::default(), &LIMITS);
        assert_eq!((plan.kind, plan.level, plan.noise), (SearchKind::Analysis, None, 0));
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
