//! Draw rules: repetition and quiet-move counts ([`DrawRules`], overridable per game) and each
//! variant's family of endgame counts ([`EndgameRules`]).
//!
//! These are rule values only, constants of the rule sets; the clocks that run the endgame
//! counts on positions are in [`crate::rules::endgame_clock`].

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// What resets the quiet-move count besides a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = QuietResetEvent)]
pub enum QuietReset {
    /// Any man move.
    ManMove,
    /// Only a man being crowned.
    Promotion,
}

/// A game's draw rules; each variant has defaults ([`crate::rules::Rules::DRAW`]) that a game may override.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DrawRules {
    /// The same position with the same side to move this many times is a draw (0: off).
    pub repetitions: u8,
    /// This many moves by each side without capture or reset event is a draw (0: off).
    pub quiet_moves: u16,
    /// What resets the quiet-move count besides a capture.
    pub quiet_reset: QuietReset,
    /// Whether the variant's endgame counts apply.
    pub endgame: bool,
}

impl DrawRules {
    /// Draw rules with the variant's endgame counts on.
    pub const fn new(repetitions: u8, quiet_moves: u16, quiet_reset: QuietReset) -> DrawRules {
        DrawRules { repetitions, quiet_moves, quiet_reset, endgame: true }
    }
}

/// A family of endgame counts. Serialised `none`, `fmjd`, `fmjd64`, `one_piece_each` or
/// `frisian`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EndgameRules {
    /// None.
    None,
    /// FMJD 6.3 and 6.4 (International). docs/rules.md §2.
    Fmjd,
    /// FMJD-64 7.2.4, 7.2.6, 7.2.7, 7.2.8 (Russian, Brazilian). docs/rules.md §4.
    Fmjd64,
    /// One piece against one piece is a draw (Turkish). docs/rules.md §9.
    #[serde(rename = "one_piece_each")]
    Turkish,
    /// Two kings against one: seven moves each; one king against one: two moves each (Frisian,
    /// FRIS art. 18 and 21 as lidraughts applies them). docs/rules.md §10.5.
    Frisian,
}
