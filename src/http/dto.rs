//! The request bodies of the game endpoints, read by serde, and the part of each that is not
//! the game ([`GameBody::Extra`]): the move to apply, the computer's settings.

use compact_str::CompactString;
use core::time::Duration;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::service::object_only::optional_object;
use crate::service::{Difficulty, GameRequest, RuleOverrides, SearchSettings};

use super::error::ApiError;

/// A body that describes a game, plus whatever else its endpoint takes.
pub trait GameBody: DeserializeOwned + 'static {
    /// What the body carries besides the game.
    type Extra;

    /// The game's fields as written (variant, FEN, moves, rules), and the rest.
    fn into_parts(self) -> (GameFields, Self::Extra);
}

/// The fields every game body has, as written.
#[derive(Debug)]
pub struct GameFields {
    /// The variant id or alias.
    pub variant: CompactString,
    /// The start position, if not the variant's.
    pub fen: Option<String>,
    /// The moves played.
    pub moves: Vec<CompactString>,
    /// The rule overrides.
    pub rules: Option<RuleOverrides>,
}

impl GameFields {
    /// The service's request, or why the fields do not make one: an unknown variant, or a
    /// history longer than `max_moves`.
    pub fn check(self, max_moves: usize) -> Result<GameRequest, ApiError> {
        let variant = self
            .variant
            .parse()
            .map_err(|e: crate::rules::variant::UnknownVariant| ApiError::UnknownVariant(e.to_string()))?;
        if self.moves.len() > max_moves {
            return Err(ApiError::TooManyMoves { count: self.moves.len(), max: max_moves });
        }
        Ok(GameRequest { variant, fen: self.fen, moves: self.moves, rules: self.rules.unwrap_or_default() })
    }
}

/// Declares a game body: the fields every game body has, then the endpoint's own, and how
/// those become the endpoint's [`GameBody::Extra`].
macro_rules! game_body {
    (
        $(#[$meta:meta])*
        $name:ident { $($(#[$field_meta:meta])* $field:ident: $ty:ty,)* }
        extra: $extra:ty = $make_extra:expr
    ) => {
        #[derive(Clone, Debug, Deserialize, ToSchema)]
        #[serde(deny_unknown_fields)]
        $(#[$meta])*
        pub struct $name {
            /// The variant id or alias (`english`, `russian`, `brazilian`, `international`,
            /// `spanish`, `italian`, `czech`, `turkish`; also `american`, `checkers`, `polish`).
            #[schema(value_type = String)]
            pub variant: CompactString,
            /// The start position as PDN FEN; the variant's start position if omitted.
            #[serde(default)]
            pub fen: Option<String>,
            /// Moves already played from `fen`, oldest first, in PDN.
            #[serde(default)]
            #[schema(value_type = Vec<String>)]
            pub moves: Vec<CompactString>,
            /// Overrides of the variant's rules.
            #[serde(default, deserialize_with = "optional_object")]
            pub rules: Option<RuleOverrides>,
            $($(#[$field_meta])* pub $field: $ty,)*
        }

        impl GameBody for $name {
            type Extra = $extra;

            fn into_parts(self) -> (GameFields, $extra) {
                let $name { variant, fen, moves, rules, $($field),* } = self;
                (GameFields { variant, fen, moves, rules }, $make_extra)
            }
        }
    };
}

game_body! {
    /// `legal-moves`: the game a request is about.
    #[schema(example = json!({"variant": "english", "fen": "B:W21-32:B1-12", "moves": ["11-15", "23-19"]}))]
    LegalMovesBody {}
    extra: () = ()
}

game_body! {
    /// `apply-move`: a game and the move to play next.
    #[schema(example = json!({"variant": "english", "moves": ["11-15"], "move": "23-19"}))]
    ApplyMoveBody {
        /// The move to play, in PDN (`9-14`, `22x15`, `c3:e5`, a full path such as `22x15x8`).
        #[serde(rename = "move")]
        mv: String,
    }
    extra: String = mv
}

game_body! {
    /// `ai-move`: a game and how the computer should play its next move.
    #[schema(example = json!({"variant": "english", "moves": ["11-15"], "difficulty": "hard", "time_ms": 500}))]
    AiMoveBody {
        /// How strongly to play (`normal` if omitted).
        #[serde(default)]
        difficulty: Difficulty,
        /// The most time the search may take, in milliseconds (default: easy 10, normal 200,
        /// hard 1000), capped by the server's `MAX_SEARCH_MS`.
        #[serde(default)]
        #[schema(format = Int64, minimum = 0, maximum = 4294967295_u64)]
        time_ms: Option<u32>,
        /// Makes the easier levels' random choices repeatable. Without it they vary from call
        /// to call (and are not cached).
        #[serde(default)]
        #[schema(format = Int64, minimum = 0, maximum = 4294967295_u64)]
        seed: Option<u32>,
    }
    extra: SearchSettings = SearchSettings {
        difficulty,
        budget: time_ms.map(|ms| Duration::from_millis(ms.into())),
        max_depth: None,
        seed: seed.map(u64::from),
    }
}
