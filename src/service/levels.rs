//! `Difficulty`: the three levels of the computer player, and everything that makes them
//! differ, in one place.

use core::time::Duration;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::engine::{Depth, TableUse};

/// How strongly the computer plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Difficulty {
    /// A beginner can beat it: shallow, and often picks a worse move on purpose.
    Easy,
    /// A club player's opponent: a few moves deep, with a little variety.
    #[default]
    Normal,
    /// Full strength within the time budget.
    Hard,
}

/// What a level does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The time it may take when the request sets none.
    pub default_budget: Duration,
    /// The deepest iteration it searches to (plies, before extensions and captures).
    pub max_depth: Depth,
    /// Each root move's score is shifted by a random amount up to this (hundredths of a man),
    /// so that the level does not always play the best move it sees.
    pub noise: i32,
    /// Which transposition table it fills. Hard keeps one per search thread, so that a search
    /// starts from what the earlier ones found (the next move of a game gains a ply or two);
    /// its answers then depend on earlier searches, so the levels whose answers must repeat
    /// for a seed start afresh.
    pub table: TableUse,
}

impl Difficulty {
    /// Every level, weakest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard];

    /// The name the API uses.
    pub const fn id(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
        }
    }

    /// The level by its API name.
    pub fn from_id(id: &str) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.id() == id)
    }

    /// What this level does.
    pub const fn level(self) -> Level {
        match self {
            Difficulty::Easy => Level {
                default_budget: Duration::from_millis(10),
                max_depth: Depth::plies(2),
                noise: 120,
                table: TableUse::Fresh,
            },
            Difficulty::Normal => Level {
                default_budget: Duration::from_millis(200),
                max_depth: Depth::plies(6),
                noise: 15,
                table: TableUse::Fresh,
            },
            Difficulty::Hard => Level {
                default_budget: Duration::from_millis(1000),
                max_depth: Depth::plies(64),
                noise: 0,
                table: TableUse::Kept,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_levels_grow_stronger() {
        let names: Vec<_> = Difficulty::ALL.iter().map(|d| serde_json::to_value(d).expect("a name")).collect();
        assert_eq!(names, ["easy", "normal", "hard"]);
        assert!(Difficulty::ALL.iter().all(|&d| Difficulty::from_id(d.id()) == Some(d)));
        assert_eq!(Difficulty::from_id("expert"), None);
        let [easy, normal, hard] = Difficulty::ALL.map(Difficulty::level);
        assert!(easy.max_depth < normal.max_depth && normal.max_depth < hard.max_depth);
        assert!(easy.noise > normal.noise && normal.noise > hard.noise);
        assert!(easy.default_budget < normal.default_budget && normal.default_budget < hard.default_budget);
    }
}
