//! The computer's strength: the ladder of [`Level`]s from 1 to 10, the three named
//! [`Difficulty`]s that stand on it, and what makes each level play as it does
//! ([`Strength`]), in one place.

use core::time::Duration;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::engine::{Depth, TableUse};

/// How strongly the computer plays, by name: each name is a level of the ladder
/// ([`Difficulty::level`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Difficulty {
    /// Level 3: a beginner can beat it: two plies deep, and often picks a worse move.
    Easy,
    /// Level 6: a club player's opponent: six plies deep, with a little variety.
    #[default]
    Normal,
    /// Level 10: full strength within the time budget.
    Hard,
}

impl Difficulty {
    /// Every name, weakest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard];

    /// The name the API uses.
    pub const fn id(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
        }
    }

    /// The difficulty by its API name.
    pub fn from_id(id: &str) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.id() == id)
    }

    /// The level this name stands for.
    pub const fn level(self) -> Level {
        match self {
            Difficulty::Easy => Level(3),
            Difficulty::Normal => Level(6),
            Difficulty::Hard => Level::TOP,
        }
    }
}

/// A level of the ladder, from 1 (weakest) to 10 (full strength, `hard`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

/// What a level does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    /// The time it may take when the request sets none.
    pub default_budget: Duration,
    /// The deepest iteration it searches to (plies, before extensions and captures).
    pub max_depth: Depth,
    /// The most positions it visits in a game of twelve men a side (`u64::MAX`: no limit):
    /// what holds the levels between `normal` and the top back, alike on any machine. A game
    /// with more men visits more ([`nodes_for_men`]).
    pub max_nodes: u64,
    /// Each root move's score is shifted by a random amount up to this (hundredths of a man),
    /// so that the level does not always play the best move it sees.
    pub noise: i32,
    /// Which transposition table it fills. The top level keeps one per search thread, so that
    /// a search starts from what the earlier ones found (the next move of a game gains a ply or
    /// two); its answers then depend on earlier searches, so the levels whose answers must
    /// repeat for a seed start afresh.
    pub table: TableUse,
}

/// A level limited by depth and noise alone, searched afresh.
const fn by_depth(default_ms: u64, depth: u32, noise: i32) -> Strength {
    Strength {
        default_budget: Duration::from_millis(default_ms),
        max_depth: Depth::plies(depth),
        max_nodes: u64::MAX,
        noise,
        table: TableUse::Fresh,
    }
}

/// A level limited by the positions it visits (in a game of twelve men a side), searched
/// afresh.
const fn by_nodes(default_ms: u64, nodes: u64, noise: i32) -> Strength {
    Strength { max_nodes: nodes, ..by_depth(default_ms, 64, noise) }
}

/// The ladder, level 1 first. Levels 1 to 8 repeat their answers for a seed (depth and node
/// limits, a fresh table); 9 and 10 play by time and have no randomness. The ratings these
/// give are in BENCHMARKS.md ("Strength").
const LADDER: [Strength; 10] = [
    by_depth(10, 1, 200),
    by_depth(10, 1, 120),
    by_depth(10, 2, 120),
    by_depth(50, 3, 80),
    by_depth(100, 5, 40),
    by_depth(200, 6, 15),
    by_nodes(300, 15_000, 12),
    by_nodes(500, 50_000, 4),
    by_depth(80, 64, 0),
    Strength { table: TableUse::Kept, ..by_depth(1000, 64, 0) },
];

/// The men a side the node limits of the ladder are set for.
const NODES_SET_FOR_MEN: u128 = 12;

/// A node limit set for twelve men a side, in a game of `men_per_side`: a search to the same
/// depth visits about the cube of the men as many positions (from the start, six plies visit
/// 9,400 positions in english, twelve men a side, and 45,000 in international, twenty: 4.8
/// times, the cube 4.6), so that a level sees about as deep on every board. `u64::MAX` stays
/// no limit.
pub fn nodes_for_men(max_nodes: u64, men_per_side: u32) -> u64 {
    if max_nodes == u64::MAX {
        return u64::MAX;
    }
    let scaled = u128::from(max_nodes) * u128::from(men_per_side).pow(3) / NODES_SET_FOR_MEN.pow(3);
    u64::try_from(scaled).unwrap_or(u64::MAX).max(1)
}

impl Level {
    /// The weakest level.
    pub const BOTTOM: Level = Level(1);
    /// Full strength: `hard`.
    pub const TOP: Level = Level(LADDER.len() as u8);

    /// The level numbered `number`, if the ladder has it.
    pub const fn new(number: u8) -> Option<Level> {
        if number >= Level::BOTTOM.0 && number <= Level::TOP.0 {
            Some(Level(number))
        } else {
            None
        }
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (Level::BOTTOM.0..=Level::TOP.0).map(Level)
    }

    /// Its number, from 1 to 10.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Its number as text: the `level` label of the search metrics.
    pub const fn id(self) -> &'static str {
        ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"][(self.0 - 1) as usize]
    }

    /// The name it goes by, if it has one.
    pub fn difficulty(self) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.level() == self)
    }

    /// What it does.
    pub const fn strength(self) -> Strength {
        LADDER[(self.0 - 1) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_stand_on_the_ladder() {
        let names: Vec<_> = Difficulty::ALL.iter().map(|d| serde_json::to_value(d).expect("a name")).collect();
        assert_eq!(names, ["easy", "normal", "hard"]);
        assert!(Difficulty::ALL.iter().all(|&d| Difficulty::from_id(d.id()) == Some(d)));
        assert_eq!(Difficulty::from_id("expert"), None);
        assert_eq!(Difficulty::ALL.map(|d| d.level().number()), [3, 6, 10]);
        assert!(Difficulty::ALL.iter().all(|&d| d.level().difficulty() == Some(d)));
        assert_eq!(Level::new(5).and_then(Level::difficulty), None);
    }

    #[test]
    fn the_ladder_runs_from_one_to_ten_and_each_level_is_held_back_less_than_the_one_below() {
        assert_eq!((Level::new(0), Level::new(11)), (None, None));
        assert_eq!(Level::all().map(Level::number).collect::<Vec<_>>(), (1..=10).collect::<Vec<_>>());
        for (lower, upper) in Level::all().zip(Level::all().skip(1)) {
            let (a, b) = (lower.strength(), upper.strength());
            assert!(a.noise >= b.noise && a.max_depth <= b.max_depth, "{lower:?}");
            assert!(a.max_nodes <= b.max_nodes || a.max_depth < b.max_depth, "{lower:?}");
            assert!(a.default_budget <= b.default_budget || a.noise > 0, "{lower:?}");
            assert!(a != b, "{lower:?} and {upper:?} play alike");
        }
        let top = Level::TOP.strength();
        assert_eq!((top.noise, top.max_nodes, top.table), (0, u64::MAX, TableUse::Kept));
    }

    #[test]
    fn node_limits_grow_with_the_cube_of_the_men_and_no_limit_stays_none() {
        assert_eq!(nodes_for_men(15_000, 12), 15_000);
        assert_eq!(nodes_for_men(15_000, 20), 69_444);
        assert_eq!(nodes_for_men(15_000, 8), 4_444);
        assert_eq!(nodes_for_men(1, 1), 1);
        assert_eq!(nodes_for_men(u64::MAX - 1, 30), u64::MAX);
        assert!([1, 12, 20, 30].iter().all(|&men| nodes_for_men(u64::MAX, men) == u64::MAX));
    }
}
