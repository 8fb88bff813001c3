//! The endgame databases' answer about a position (`POST /v1/endgame`): [`EndgameAnswer`], the
//! result for the side to move and every legal move's result, best first, with the distances
//! the databases keep. A lookup, not a search: answered through the one door
//! ([`super::Searches::endgame`]) at once, on the caller's thread, and cached.

use serde::Serialize;
use utoipa::ToSchema;

use super::delivery::Kept;
use super::heap_bytes::HeapBytes;
use super::search_error::SearchError;
use super::search_kind::SearchKind;
use super::search_views::move_view;
use super::views::MoveView;
use crate::engine::draws::endgame_plies;
use crate::engine::endgame::{move_values, Endgames, Value};
use crate::rules::notation::move_text::MoveTable;
use crate::rules::{Game, Rules};

/// A result under perfect play, for the side it is given for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EndgameResult {
    /// The side wins.
    Win,
    /// A draw.
    Draw,
    /// The side loses.
    Loss,
}

/// A legal move and where it leads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct EndgameMove {
    /// The move.
    #[serde(rename = "move")]
    pub mv: MoveView,
    /// The result for the side that plays it, if both sides play on perfectly.
    pub result: EndgameResult,
    /// Plies (half-moves) from the position asked about to the end of the game, this move
    /// counted, the winner taking the shortest way and the loser the longest; absent for a draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plies: Option<u32>,
}

/// `endgame`: what the endgame databases know of a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[schema(example = json!({
    "variant": "english", "fen": "W:WK14,K15:BK32", "pieces": 3, "max_pieces": 4,
    "result": "win", "plies": 21,
    "moves": [
        {"move": {"notation": "14-18", "from": 14, "to": 18, "path": [14, 18], "captures": [], "promotes": false},
         "result": "win", "plies": 21},
        {"move": {"notation": "14-9", "from": 14, "to": 9, "path": [14, 9], "captures": [], "promotes": false},
         "result": "win", "plies": 25}
    ],
    "draw_count_plies": 80, "cached": false
}))]
pub struct EndgameAnswer {
    /// The variant id.
    pub variant: &'static str,
    /// The position asked about, as PDN FEN.
    pub fen: String,
    /// Pieces on the board.
    pub pieces: u32,
    /// The most pieces the databases on this server hold for the variant.
    pub max_pieces: u32,
    /// The result for the side to move, if both sides play on perfectly.
    pub result: EndgameResult,
    /// Plies (half-moves) to the end of the game with perfect play; absent for a draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plies: Option<u32>,
    /// Every legal move, best first for the side to move: the shortest win, then draws, then
    /// the longest loss.
    pub moves: Vec<EndgameMove>,
    /// Plies left before a draw count already running (quiet moves, or the variant's endgame
    /// count) ends the game, if one runs. The databases ignore the counts: a win further away
    /// than this is a draw under the rules unless a capture or a man's move restarts the count
    /// first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draw_count_plies: Option<u32>,
    /// Whether the answer came from the cache.
    pub cached: bool,
}

impl HeapBytes for EndgameAnswer {
    fn heap_bytes(&self) -> usize {
        self.fen.heap_bytes() + self.moves.heap_bytes()
    }
}

impl HeapBytes for EndgameMove {
    fn heap_bytes(&self) -> usize {
        self.mv.heap_bytes()
    }
}

impl Kept for EndgameAnswer {
    fn into_cached(self) -> EndgameAnswer {
        EndgameAnswer { cached: true, ..self }
    }
}

/// The result and distance of `value`.
fn result_of(value: Value) -> (EndgameResult, Option<u32>) {
    match value {
        Value::Win(plies) => (EndgameResult::Win, Some(plies)),
        Value::Draw => (EndgameResult::Draw, None),
        Value::Loss(plies) => (EndgameResult::Loss, Some(plies)),
    }
}

/// What `endgames` know of the current position of `game`: the game over, or a position they
/// do not cover, is an error.
pub fn endgame_answer<R: Rules>(endgames: &Endgames, game: &Game<R>) -> Result<EndgameAnswer, SearchError> {
    SearchError::if_over(game)?;
    let tables = endgames.covering(game).map_err(SearchError::NotCovered)?;
    let position = game.position();
    let legal = game.legal_moves();
    // A game not over has a move, and the position's value is its best move's.
    let values = move_values(tables, position, legal.as_slice()).ok_or(SearchError::Failed(SearchKind::Endgame))?;
    let value = values.first().ok_or(SearchError::Failed(SearchKind::Endgame))?.value;
    let table = MoveTable::of_game(game);
    let moves = values
        .into_iter()
        .map(|m| {
            let (result, plies) = result_of(m.value);
            EndgameMove { mv: move_view::<R>(&table, &m.mv), result, plies }
        })
        .collect();
    let (result, plies) = result_of(value);
    let draw = game.rules().draw;
    let quiet = (draw.quiet_moves > 0).then(|| (2 * draw.quiet_moves as u32).saturating_sub(game.quiet_plies()));
    let endgame = endgame_plies(game);
    Ok(EndgameAnswer {
        variant: R::VARIANT.id(),
        fen: position.to_fen(),
        pieces: position.occupied().count(),
        max_pieces: tables.max_pieces(),
        result,
        plies,
        moves,
        draw_count_plies: quiet.into_iter().chain(endgame).min(),
        cached: false,
    })
}
