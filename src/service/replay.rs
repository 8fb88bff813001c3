//! Replaying a requested game: the typed `Game<R>` from a [`GameRequest`], and move texts
//! found among a game's legal moves ([`play_text`]), with errors that say which move of the
//! request is wrong and why ([`ReplayError`]).

use crate::rules::notation::fen::FenError;
use crate::rules::notation::move_text::{parse_from_to, parse_squares, MoveTable, MoveTextError};
use crate::rules::{
    Color, Game, GameRules, Move, ParsePositionError, PlayError, Position, PositionError, Rules, Status,
};

use super::request::{GameRequest, RuleOverrides};

/// Why a requested game cannot be replayed, or a move not played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The FEN cannot be read ([`FenError::is_syntax`]), or names squares this board does not
    /// have.
    Fen(FenError),
    /// The FEN is not a position of the variant.
    Position(PositionError),
    /// The rule overrides do not apply to this variant.
    Rules(String),
    /// A move's text is not of the form of move text ([`MoveTextError::is_syntax`]); `index`
    /// is its place in `moves` (`None`: the extra move).
    MoveSyntax {
        /// Place in the history, or `None` for the move being applied.
        index: Option<usize>,
        /// What is wrong.
        error: MoveTextError,
    },
    /// A move is not legal (or ambiguous) where it is played.
    Illegal {
        /// Place in the history, or `None` for the move being applied.
        index: Option<usize>,
        /// The move as written.
        text: String,
        /// Why: [`MoveTextError::Illegal`], [`MoveTextError::Ambiguous`], or a square that is
        /// not on this board ([`MoveTextError::Square`]).
        error: MoveTextError,
        /// The side that was to move.
        side_to_move: Color,
        /// Whether a capture was available (so mandatory).
        capture_required: bool,
        /// The legal moves there (for `Ambiguous`: the candidates), in notation.
        candidates: Vec<String>,
    },
    /// A move was given after the game had ended.
    GameOver {
        /// Place in the history, or `None` for the move being applied.
        index: Option<usize>,
        /// How the game ended.
        status: Status,
    },
}

impl core::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let place = |index: &Option<usize>| match index {
            Some(i) => format!("moves[{i}]"),
            None => "move".to_owned(),
        };
        match self {
            ReplayError::Fen(e) if e.is_syntax() => write!(f, "invalid FEN: {e}"),
            ReplayError::Fen(e) => write!(f, "invalid position: {e}"),
            ReplayError::Position(e) => write!(f, "invalid position: {e}"),
            ReplayError::Rules(message) => f.write_str(message),
            ReplayError::MoveSyntax { index, error } => write!(f, "{}: {error}", place(index)),
            ReplayError::Illegal { index, text, error, side_to_move, capture_required, .. } => match error {
                MoveTextError::Ambiguous(_) => {
                    write!(f, "{}: {text} is ambiguous; write the whole path to choose", place(index))
                }
                error if error.is_syntax() => write!(f, "{}: {text} is not a move: {error}", place(index)),
                MoveTextError::Square { .. } | MoveTextError::Unfinished => {
                    write!(f, "{}: {text} is not a legal move: {error}", place(index))
                }
                _ => write!(
                    f,
                    "{}: {text} is not a legal move for {} here{}",
                    place(index),
                    side_to_move.name(),
                    if *capture_required { "; captures are mandatory" } else { "" }
                ),
            },
            ReplayError::GameOver { index, .. } => {
                write!(f, "{}: the game is already over", place(index))
            }
        }
    }
}

impl std::error::Error for ReplayError {}

/// The game rules of `R` with `overrides`, or why they cannot apply.
fn game_rules<R: Rules>(overrides: &RuleOverrides) -> Result<GameRules, ReplayError> {
    let mut rules = GameRules::of::<R>();
    if let Some(mandatory) = overrides.mandatory_capture {
        if !mandatory && !R::OPTIONAL_CAPTURE_ALLOWED {
            return Err(ReplayError::Rules(format!(
                "mandatory_capture: false is a house rule of the 8x8 variants; {} always requires captures",
                R::VARIANT
            )));
        }
        rules.mandatory_capture = mandatory;
    }
    rules.king_move_limit = overrides.king_move_limit.unwrap_or(rules.king_move_limit);
    let draws = overrides.draw.unwrap_or_default();
    let draw = &mut rules.draw;
    draw.repetitions = draws.repetitions.unwrap_or(draw.repetitions);
    draw.quiet_moves = draws.quiet_moves.unwrap_or(draw.quiet_moves);
    draw.quiet_reset = draws.quiet_reset.unwrap_or(draw.quiet_reset);
    draw.endgame = draws.endgame.unwrap_or(draw.endgame);
    Ok(rules)
}

/// Replays `request` as the typed `Game<R>`; `R` must be the rules of `request.variant`.
pub fn replay<R: Rules>(request: &GameRequest) -> Result<Game<R>, ReplayError> {
    let rules = game_rules::<R>(&request.rules)?;
    let start = match &request.fen {
        None => Position::<R>::start(),
        Some(fen) => Position::<R>::from_fen(fen).map_err(|e| match e {
            ParsePositionError::Fen(e) => ReplayError::Fen(e),
            ParsePositionError::Position(e) => ReplayError::Position(e),
        })?,
    };
    let mut game = Game::with_room(start, rules, request.moves.len());
    for (index, text) in request.moves.iter().enumerate() {
        play_text(&mut game, text, Some(index))?;
    }
    Ok(game)
}

/// Finds `text` among the legal moves of `game` and plays it; `index` is its place in the
/// request's history (`None`: the move being applied), for the error.
pub fn play_text<R: Rules>(
    game: &mut Game<R>,
    text: &str,
    index: Option<usize>,
) -> Result<Move<R::Board>, ReplayError> {
    // Fast path: `from-to` naming exactly one legal move needs no route table (and a game
    // that is over has none).
    if let Some((from, to)) = parse_from_to(text, &R::NAMING) {
        if let Some(mv) = game.play_from_to(from, to) {
            return Ok(mv);
        }
    }
    // The form of the text is checked first: a text that is no move text is refused as such,
    // even after the game has ended.
    let squares = parse_squares(text, &R::NAMING);
    if let Err(error) = &squares {
        if error.is_syntax() {
            return Err(ReplayError::MoveSyntax { index, error: error.clone() });
        }
    }
    let status = game.status();
    if status.is_over() {
        return Err(ReplayError::GameOver { index, status });
    }
    let table = MoveTable::of_game(game);
    let mv = squares.and_then(|squares| table.find_squares(&squares)).map_err(|error| {
        let candidates = match &error {
            MoveTextError::Ambiguous(found) => {
                found.iter().map(|&i| table.notation(&table.entries()[i]).into()).collect()
            }
            _ => table.entries().iter().map(|e| table.notation(e).into()).collect(),
        };
        ReplayError::Illegal {
            index,
            text: text.trim().to_owned(),
            error,
            side_to_move: game.position().side_to_move(),
            capture_required: game.rules().mandatory_capture && game.legal_moves().iter().any(Move::is_capture),
            candidates,
        }
    })?;
    play_found(game, &mv, text, index)?;
    Ok(mv)
}

/// Plays a move taken from the game's own legal moves. The game was checked to be ongoing and
/// the move to be legal, so `Game::play` cannot refuse it; were it ever to, the refusal is
/// reported as it is rather than as a panic.
fn play_found<R: Rules>(
    game: &mut Game<R>,
    mv: &Move<R::Board>,
    text: &str,
    index: Option<usize>,
) -> Result<(), ReplayError> {
    let side_to_move = game.position().side_to_move();
    game.play(mv).map_err(|e| match e {
        PlayError::GameOver(status) => ReplayError::GameOver { index, status },
        PlayError::Illegal(_) => ReplayError::Illegal {
            index,
            text: text.trim().to_owned(),
            error: MoveTextError::Illegal,
            side_to_move,
            capture_required: false,
            candidates: Vec::new(),
        },
    })
}
