//! `GameRequest`: a game as a client describes it (variant, start position, moves played,
//! rule overrides), and [`RuleOverrides`], the per-game changes to a variant's rules.

use compact_str::CompactString;

use crate::rules::{QuietReset, Variant};

/// A game as a request gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRequest {
    /// The variant.
    pub variant: Variant,
    /// The start position as PDN FEN; `None` for the variant's start position.
    pub fen: Option<String>,
    /// Moves already played, oldest first, in PDN (short texts are held inline).
    pub moves: Vec<CompactString>,
    /// Rule overrides.
    pub rules: RuleOverrides,
}

impl GameRequest {
    /// The game of `variant` from its start position, with no move played and its own rules.
    pub fn start(variant: Variant) -> GameRequest {
        GameRequest { variant, fen: None, moves: Vec::new(), rules: RuleOverrides::default() }
    }

    /// This game with `moves` played (replacing any).
    pub fn with_moves<S: AsRef<str>>(mut self, moves: &[S]) -> GameRequest {
        self.moves = moves.iter().map(|m| CompactString::from(m.as_ref())).collect();
        self
    }

    /// This game from `fen`.
    pub fn with_fen(mut self, fen: &str) -> GameRequest {
        self.fen = Some(fen.to_owned());
        self
    }

    /// This game under `rules`.
    pub fn with_rules(mut self, rules: RuleOverrides) -> GameRequest {
        self.rules = rules;
        self
    }
}

/// Changes to a variant's rules for one game; each field left out keeps the variant's own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RuleOverrides {
    /// `false`: capturing is optional (a house rule, 8x8 variants only).
    pub mandatory_capture: Option<bool>,
    /// Draw rules.
    pub draw: Option<DrawOverrides>,
    /// The most moves without capture a side may make in a row with the same king while it
    /// also has men (0: no limit).
    pub king_move_limit: Option<u8>,
}

/// Changes to a variant's draw rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DrawOverrides {
    /// The same position with the same side to move this many times is a draw (0: off).
    pub repetitions: Option<u8>,
    /// This many moves by each side with no capture and no reset event is a draw (0: off).
    pub quiet_moves: Option<u16>,
    /// What resets the quiet-move count besides a capture.
    pub quiet_reset: Option<QuietReset>,
    /// Whether the variant's special endgame counts apply.
    pub endgame: Option<bool>,
}
