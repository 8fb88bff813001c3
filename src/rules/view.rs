//! Variant-free views of moves and games, and [`GameRequest::replay`]: a game from a FEN and
//! PDN move texts, as a request describes it. The bridge from runtime input to the typed rules.

use std::sync::Arc;

use compact_str::CompactString;
use smallvec::SmallVec;

use super::color::Color;
use super::draw::QuietReset;
use super::game::{Game, GameRules, PlayError, Status};
use super::geometry::NONE;
use super::mv::Move;
use super::naming::SquareName;
use super::notation::fen::FenError;
use super::notation::pdn::{parse_from_to, Entry, MoveTable, MoveTextError};
use super::position::{ParsePositionError, Position, PositionError};
use super::replay_memo::{self, PrefixKeys, ReplayMemo, Replayed};
use super::ruleset::Rules;
use super::variant::{Variant, VariantVisitor};

/// The squares of a route or of the pieces it captures, inline up to a long capture's length:
/// listing a position's moves allocates no list per move.
pub type SquareNames = SmallVec<[SquareName; 12]>;

/// A legal move as the API shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveView {
    /// Shortest unambiguous PDN text (inline: no allocation per move).
    pub notation: CompactString,
    /// Origin.
    pub from: SquareName,
    /// Destination.
    pub to: SquareName,
    /// Every square of the route, origin and destination included.
    pub path: SquareNames,
    /// The captured pieces, in the order they are taken along `path`.
    pub captures: SquareNames,
    /// Whether a man is crowned.
    pub promotes: bool,
}

/// A game as the API shows it: the position reached, its status and legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameView {
    /// The variant.
    pub variant: Variant,
    /// The position reached, as PDN FEN.
    pub fen: String,
    /// The side to move.
    pub side_to_move: Color,
    /// Where the game stands.
    pub status: Status,
    /// The legal moves (none once the game is over).
    pub moves: Vec<MoveView>,
    /// The last move played, if any.
    pub last_move: Option<MoveView>,
}

/// Per-request changes to a variant's rules; `None` keeps the variant's own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RuleOverrides {
    /// `Some(false)`: capturing is optional (8x8 variants only).
    pub mandatory_capture: Option<bool>,
    /// Repetitions that draw (0: off).
    pub repetitions: Option<u8>,
    /// Quiet moves by each side that draw (0: off).
    pub quiet_moves: Option<u16>,
    /// What resets the quiet-move count.
    pub quiet_reset: Option<QuietReset>,
    /// Whether the variant's endgame counts apply.
    pub endgame: Option<bool>,
}

impl RuleOverrides {
    /// The game rules of `R` with these overrides, or why they cannot apply.
    pub fn apply<R: Rules>(&self) -> Result<GameRules, ReplayError> {
        let mut rules = GameRules::of::<R>();
        if let Some(mandatory) = self.mandatory_capture {
            if !mandatory && !R::VARIANT.summary().optional_capture_allowed {
                return Err(ReplayError::Rules(format!(
                    "mandatory_capture: false is a house rule of the 8x8 variants; {} always requires captures",
                    R::VARIANT
                )));
            }
            rules.mandatory_capture = mandatory;
        }
        let draw = &mut rules.draw;
        draw.repetitions = self.repetitions.unwrap_or(draw.repetitions);
        draw.quiet_moves = self.quiet_moves.unwrap_or(draw.quiet_moves);
        draw.quiet_reset = self.quiet_reset.unwrap_or(draw.quiet_reset);
        draw.endgame = self.endgame.unwrap_or(draw.endgame);
        Ok(rules)
    }
}

/// Why a requested game cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The FEN cannot be read.
    Fen(FenError),
    /// The FEN is not a position of the variant.
    Position(PositionError),
    /// The rule overrides do not apply to this variant.
    Rules(String),
    /// A move's text cannot be read; `index` is its place in `moves` (`None`: the extra move).
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
        /// Why: [`MoveTextError::Illegal`] or [`MoveTextError::Ambiguous`].
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
            ReplayError::Fen(e) => write!(f, "invalid FEN: {e}"),
            ReplayError::Position(e) => write!(f, "invalid position: {e}"),
            ReplayError::Rules(message) => f.write_str(message),
            ReplayError::MoveSyntax { index, error } => write!(f, "{}: {error}", place(index)),
            ReplayError::Illegal { index, text, error, side_to_move, capture_required, .. } => match error {
                MoveTextError::Ambiguous(_) => {
                    write!(f, "{}: {text} is ambiguous; write the whole path to choose", place(index))
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

/// A game as a request gives it: variant, start FEN (or the start position), moves, overrides.
#[derive(Clone, Copy, Debug)]
pub struct GameRequest<'a> {
    /// The variant.
    pub variant: Variant,
    /// The start position; `None` for the variant's start position.
    pub fen: Option<&'a str>,
    /// Moves already played, oldest first.
    pub moves: &'a [&'a str],
    /// Rule overrides.
    pub rules: RuleOverrides,
}

impl GameRequest<'_> {
    /// Replays the game, then plays `extra` if given; returns the view of the result.
    pub fn view(&self, extra: Option<&str>) -> Result<GameView, ReplayError> {
        self.view_with(None, extra)
    }

    /// [`GameRequest::view`], starting from the longest game `memo` kept that this history
    /// begins with, and keeping the game replayed.
    pub fn view_with(&self, memo: Option<&dyn ReplayMemo>, extra: Option<&str>) -> Result<GameView, ReplayError> {
        self.variant.visit(ViewGame { request: self, memo, extra })
    }

    /// Replays the game as the typed `Game<R>`, for work that needs the variant's types (the
    /// engine); `R` must be the rules of `self.variant`.
    pub fn replay<R: Rules>(&self) -> Result<Game<R>, ReplayError> {
        self.replay_with(None)
    }

    /// [`GameRequest::replay`], starting from the longest game `memo` kept that this history
    /// begins with (so the answer and its errors are the same), and keeping the game replayed.
    pub fn replay_with<R: Rules>(&self, memo: Option<&dyn ReplayMemo>) -> Result<Game<R>, ReplayError> {
        self.replayed(memo, Game::clone, core::convert::identity)
    }

    /// The game, replayed or found whole in `memo`: `kept` reads a game found whole (no copy
    /// made), `played` takes one replayed, from the start or from a kept shorter game.
    fn replayed<R: Rules, T>(
        &self,
        memo: Option<&dyn ReplayMemo>,
        kept: impl FnOnce(&Game<R>) -> T,
        played: impl FnOnce(Game<R>) -> T,
    ) -> Result<T, ReplayError> {
        let rules = self.rules.apply::<R>()?;
        let plies = self.moves.len();
        let Some(memo) = memo.filter(|_| plies >= replay_memo::MIN_MOVES) else {
            return self.replay_after(Game::with_room(self.start()?, rules, plies)).map(played);
        };
        let keys = PrefixKeys::of(self);
        let found = keys.recall(memo, self);
        let game = match found.as_ref().and_then(|found| found.game::<R>()) {
            Some(whole) if whole.moves().len() == plies => return Ok(kept(whole)),
            Some(shorter) => shorter.clone(),
            None => Game::with_room(self.start()?, rules, plies),
        };
        let game = self.replay_after(game)?;
        memo.keep(keys.whole(), Arc::new(Replayed::new(self, game.clone())));
        Ok(played(game))
    }

    /// The position the game starts from.
    fn start<R: Rules>(&self) -> Result<Position<R>, ReplayError> {
        match self.fen {
            None => Ok(Position::<R>::start()),
            Some(fen) => Position::<R>::from_fen(fen).map_err(|e| match e {
                ParsePositionError::Fen(e) => ReplayError::Fen(e),
                ParsePositionError::Position(e) => ReplayError::Position(e),
            }),
        }
    }

    /// Plays the history's moves after the ones `game` has played.
    fn replay_after<R: Rules>(&self, mut game: Game<R>) -> Result<Game<R>, ReplayError> {
        let played = game.moves().len();
        for (index, text) in self.moves.iter().enumerate().skip(played) {
            play_text(&mut game, text, Some(index))?;
        }
        Ok(game)
    }
}

struct ViewGame<'a> {
    request: &'a GameRequest<'a>,
    memo: Option<&'a dyn ReplayMemo>,
    extra: Option<&'a str>,
}

impl VariantVisitor for ViewGame<'_> {
    type Output = Result<GameView, ReplayError>;

    fn visit<R: Rules>(self) -> Self::Output {
        let Some(text) = self.extra else {
            return self.request.replayed::<R, _>(
                self.memo,
                |game| game_view(game, None),
                |game| game_view(&game, None),
            );
        };
        let mut game = self.request.replay_with::<R>(self.memo)?;
        let before = *game.position();
        let mv = play_text(&mut game, text, None)?;
        let table = MoveTable::new(&before, game.rules().mandatory_capture);
        let last_move = table.entry(&mv).map(|e| move_view::<R>(&table, e));
        Ok(game_view(&game, last_move))
    }
}

/// Finds `text` among the legal moves of the game and plays it.
pub fn play_text<R: Rules>(game: &mut Game<R>, text: &str, index: Option<usize>) -> Result<Move, ReplayError> {
    // Fast path: `from-to` naming exactly one legal move needs no route table (and a game
    // that is over has none).
    if let Some((from, to)) = parse_from_to(text, &R::NAMING) {
        if let Some(mv) = game.play_from_to(from, to) {
            return Ok(mv);
        }
    }
    let status = game.status();
    if status.is_over() {
        return Err(ReplayError::GameOver { index, status });
    }
    let table = MoveTable::new(game.position(), game.rules().mandatory_capture);
    let mv = table.find(text).map_err(|error| {
        if error.is_syntax() {
            return ReplayError::MoveSyntax { index, error };
        }
        let candidates = match &error {
            MoveTextError::Ambiguous(moves) => {
                moves.iter().filter_map(|m| table.entry(m)).map(|e| table.notation(e).into()).collect()
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
fn play_found<R: Rules>(game: &mut Game<R>, mv: &Move, text: &str, index: Option<usize>) -> Result<(), ReplayError> {
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

/// The view of a typed game.
pub fn game_view<R: Rules>(game: &Game<R>, last_move: Option<MoveView>) -> GameView {
    let position = game.position();
    let status = game.status();
    let moves = if status.is_over() {
        Vec::new()
    } else {
        let table = MoveTable::new(position, game.rules().mandatory_capture);
        table.entries().iter().map(|e| move_view::<R>(&table, e)).collect()
    };
    GameView {
        variant: R::VARIANT,
        fen: position.to_fen(),
        side_to_move: position.side_to_move(),
        status,
        moves,
        last_move,
    }
}

/// The view of one legal move.
pub fn move_view<R: Rules>(table: &MoveTable, entry: &Entry) -> MoveView {
    let name = |s: u8| R::NAMING.name(s);
    let route = &entry.routes[0];
    MoveView {
        notation: table.notation(entry),
        from: name(entry.mv.from),
        to: name(entry.mv.to),
        path: route.iter().map(|&s| name(s)).collect(),
        captures: captured_in_order::<R>(route, entry.mv).into_iter().map(name).collect(),
        promotes: entry.mv.promotes,
    }
}

/// The captured pieces of `mv` in the order `route` takes them: on each leg, the captured
/// piece on the line between its two squares.
fn captured_in_order<R: Rules>(route: &[u8], mv: Move) -> SmallVec<[u8; 24]> {
    let g = R::GEOMETRY;
    let mut out = SmallVec::new();
    if !mv.is_capture() {
        return out;
    }
    for leg in route.windows(2) {
        'directions: for dir in 0..4 {
            let mut square = g.step(leg[0], dir);
            let mut victim = None;
            while square != NONE {
                if square == leg[1] {
                    out.extend(victim);
                    break 'directions;
                }
                if victim.is_none() && mv.captures.contains(square) && !out.contains(&square) {
                    victim = Some(square);
                }
                square = g.step(square, dir);
            }
        }
    }
    out
}
