//! Game records (PDN): the games of a PDN text replayed into [`RecordView`]s
//! ([`read_records`]), and a requested game written as PDN ([`write_record`]). The grammar is
//! [`crate::rules::notation::record`]'s; this layer finds each game's variant and start, replays
//! its moves and names the game at fault.

use compact_str::CompactString;
use serde::Serialize;
use utoipa::ToSchema;

use super::games::{with_game, OnGame};
use super::replay::ReplayError;
use super::request::{GameRequest, RuleOverrides};
use super::tags::Tags;
use super::views::StatusView;
use crate::rules::notation::move_text::{MoveTable, MoveTextError};
use crate::rules::notation::record::{read_games, write_game, GameResult, RecordError, RecordedGame};
use crate::rules::notation::{echoed, Quoted};
use crate::rules::{Color, Game, Position, Rules, Status, Variant};

/// The `GameType` a game without that tag has, as PDN says: 20, International draughts.
const DEFAULT_GAME_TYPE: u8 = 20;

/// The tags every exported record starts with, PGN's seven, and their values when unknown.
const SEVEN_TAGS: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// The tags an export writes from the game itself, which a request cannot give.
const GAME_OWN_TAGS: [&str; 2] = ["GameType", "FEN"];

/// One game of a PDN text, replayed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct RecordView {
    /// The game's tag pairs, in the order written.
    pub tags: Tags,
    /// The variant id the game was replayed in.
    pub variant: &'static str,
    /// The position the game starts from (its `FEN` tag, or the variant's start), as PDN FEN.
    pub start_fen: String,
    /// The moves, as `legal-moves` writes them.
    #[schema(value_type = Vec<String>)]
    pub moves: Vec<CompactString>,
    /// The position the moves reach, as PDN FEN.
    pub fen: String,
    /// `white` or `black`: who is to move there.
    pub side_to_move: &'static str,
    /// Where the game stands on the board after its moves.
    pub status: StatusView,
    /// The result the record gives: its termination marker (or, without one, its `Result` tag),
    /// as written; `null` if it gives none.
    pub result: Option<String>,
}

/// `pdn/parse`: every game of the text, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct Records {
    /// The games, in the order of the text.
    pub games: Vec<RecordView>,
}

/// `pdn/export` as JSON: the record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[schema(example = json!({"pdn": "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[GameType \"21\"]\n\n1. 11-15 23-19 *\n"}))]
pub struct RecordText {
    /// The game as a PDN record.
    pub pdn: String,
}

/// Why a PDN text cannot be replayed, or a game not exported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordsError {
    /// The text is not of PDN's form, or holds too many games.
    Text(RecordError),
    /// The text holds no game.
    NoGames,
    /// A game's `GameType` names no variant the service plays.
    UnknownGameType {
        /// The game's place in the text, from 0.
        game: usize,
        /// The tag's value.
        value: String,
    },
    /// A game has more moves than a request's history may have.
    TooManyMoves {
        /// The game's place in the text, from 0.
        game: usize,
        /// Its moves.
        count: usize,
        /// The most a game may have.
        max: usize,
    },
    /// A game's start or moves cannot be replayed.
    Game {
        /// The game's place in the text, from 0.
        game: usize,
        /// What is wrong, naming the move (`move_index`) where there is one.
        error: ReplayError,
    },
    /// The game an export request describes cannot be replayed.
    Replay(ReplayError),
    /// An export request's tags cannot be written (a tag the game writes itself, a `Result`
    /// that is no result token).
    Tag(String),
}

impl core::fmt::Display for RecordsError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RecordsError::Text(error) => write!(f, "{error}"),
            RecordsError::NoGames => f.write_str("the text holds no game"),
            RecordsError::UnknownGameType { game, value } => {
                write!(f, "games[{game}]: the GameType {} names no variant this service plays", Quoted(value))
            }
            RecordsError::TooManyMoves { game, count, max } => {
                write!(f, "games[{game}]: the game has {count} moves; at most {max} are accepted")
            }
            RecordsError::Game { game, error } => write!(f, "games[{game}]: {error}"),
            RecordsError::Replay(error) => write!(f, "{error}"),
            RecordsError::Tag(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for RecordsError {}

/// Replays every game of `text`, each of at most `max_moves` moves. `variant`, if given, is the
/// variant of every game; otherwise each game's `GameType` tag (its first number) names it, and
/// a game without one is International draughts.
pub fn read_records(text: &str, variant: Option<Variant>, max_moves: usize) -> Result<Vec<RecordView>, RecordsError> {
    let games = read_games(text).map_err(RecordsError::Text)?;
    if games.is_empty() {
        return Err(RecordsError::NoGames);
    }
    if let Some((game, long)) = games.iter().enumerate().find(|(_, game)| game.moves.len() > max_moves) {
        return Err(RecordsError::TooManyMoves { game, count: long.moves.len(), max: max_moves });
    }
    games.iter().enumerate().map(|(index, game)| read_record(index, game, variant)).collect()
}

/// Replays the game `game`, `index`-th of its text.
fn read_record(index: usize, game: &RecordedGame<'_>, variant: Option<Variant>) -> Result<RecordView, RecordsError> {
    let variant = match (variant, game.tag("GameType")) {
        (Some(variant), _) => Some(variant),
        (None, None) => Variant::from_pdn_game_type(DEFAULT_GAME_TYPE),
        (None, Some(value)) => {
            value.split(',').next().and_then(|n| n.trim().parse().ok()).and_then(Variant::from_pdn_game_type)
        }
    }
    .ok_or_else(|| RecordsError::UnknownGameType {
        game: index,
        value: game.tag("GameType").unwrap_or_default().to_owned(),
    })?;
    let request = GameRequest {
        variant,
        fen: game.tag("FEN").map(str::to_owned),
        moves: game.moves.iter().map(|&m| CompactString::from(m)).collect(),
        rules: RuleOverrides::default(),
    };
    let replayed = with_game(&request, Describe).map_err(|error| RecordsError::Game {
        game: index,
        error: match error {
            ReplayError::MoveSyntax { index: Some(ply), error } => unreadable(&request, ply, error),
            other => other,
        },
    })?;
    Ok(RecordView {
        tags: game.tags.iter().map(|(name, value)| (*name, value.as_str())).collect(),
        result: game.result.or(game.tag("Result")).map(str::to_owned),
        ..replayed
    })
}

/// A replayed game's view, without what only its text gives (tags, result).
struct Describe;

impl OnGame for Describe {
    type Output = RecordView;
    fn run<R: Rules>(self, game: Game<R>) -> RecordView {
        let position = game.position();
        RecordView {
            tags: Tags::default(),
            variant: R::VARIANT.id(),
            start_fen: game.start().to_fen(),
            moves: notations(&game),
            fen: position.to_fen(),
            side_to_move: position.side_to_move().name(),
            status: game.status().into(),
            result: None,
        }
    }
}

/// The error of move `ply` of `request`, whose text is not move text: an illegal move, with
/// the legal moves at that point (none if the game is over; in a record, unlike in a request's
/// `moves`, the form of a move is not the schema's to state). The text is repeated up to its
/// first 100 characters.
fn unreadable(request: &GameRequest, ply: usize, error: MoveTextError) -> ReplayError {
    struct Illegal {
        ply: usize,
        text: String,
        error: MoveTextError,
    }
    impl OnGame for Illegal {
        type Output = ReplayError;
        fn run<R: Rules>(self, game: Game<R>) -> ReplayError {
            let candidates = if game.status().is_over() {
                Vec::new()
            } else {
                let table = MoveTable::of_game(&game);
                table.entries().iter().map(|e| table.notation(e).into()).collect()
            };
            ReplayError::Illegal {
                index: Some(self.ply),
                text: self.text,
                error: self.error,
                side_to_move: game.position().side_to_move(),
                capture_required: false,
                candidates,
            }
        }
    }
    let text = match echoed(request.moves[ply].trim()) {
        (start, true) => format!("{start}…"),
        (whole, false) => whole.to_owned(),
    };
    let before = GameRequest { moves: request.moves[..ply].to_vec(), ..request.clone() };
    with_game(&before, Illegal { ply, text, error }).unwrap_or_else(|replay_error| replay_error)
}

/// Each move of `game`, as the legal moves of its position write it.
fn notations<R: Rules>(game: &Game<R>) -> Vec<CompactString> {
    let mut replay = Game::with_room(*game.start(), *game.rules(), game.moves().len());
    let mut texts = Vec::with_capacity(game.moves().len());
    for mv in game.moves() {
        let table = MoveTable::of_game(&replay);
        texts.extend(table.entry(mv).map(|entry| table.notation(entry)));
        if replay.play(mv).is_err() {
            break;
        }
    }
    texts
}

/// The game `request` describes, as a PDN record with `tags` (the tags an export request gives).
pub fn write_record(request: &GameRequest, tags: &Tags) -> Result<String, RecordsError> {
    if let Some((name, _)) = tags.pairs().iter().find(|(name, _)| GAME_OWN_TAGS.contains(&name.as_str())) {
        return Err(RecordsError::Tag(format!("tags.{name}: the export writes {name} from the game itself")));
    }
    let asked_result = match tags.pairs().iter().find(|(name, _)| name == "Result") {
        Some((_, value)) => Some(GameResult::read(value).ok_or_else(|| {
            RecordsError::Tag(format!(
                "tags.Result: {} is no result token (1-0, 0-1, 1/2-1/2, 2-0, 0-2, 1-1, 0-0, *)",
                Quoted(value)
            ))
        })?),
        None => None,
    };
    let written = with_game(request, Export).map_err(RecordsError::Replay)?;
    let result = asked_result.unwrap_or(written.result).token(written.game_type);
    let game_type = written.game_type.to_string();
    let mut pairs: Vec<(&str, &str)> = SEVEN_TAGS
        .iter()
        .map(|&(name, default)| match name {
            "Result" => (name, result),
            _ => (name, tags.pairs().iter().find(|(n, _)| n == name).map_or(default, |(_, v)| v.as_str())),
        })
        .collect();
    pairs.push(("GameType", game_type.as_str()));
    if let Some(fen) = &written.fen {
        pairs.push(("FEN", fen.as_str()));
    }
    let standard = |name: &str| SEVEN_TAGS.iter().any(|(n, _)| *n == name);
    pairs.extend(tags.pairs().iter().filter(|(name, _)| !standard(name)).map(|(n, v)| (n.as_str(), v.as_str())));
    let moves: Vec<&str> = written.moves.iter().map(CompactString::as_str).collect();
    Ok(write_game(&pairs, &moves, written.first_is_second_player, result))
}

/// What an export takes from the replayed game.
struct Written {
    game_type: u8,
    fen: Option<String>,
    moves: Vec<CompactString>,
    first_is_second_player: bool,
    result: GameResult,
}

/// Takes from a replayed game what its record writes.
struct Export;

impl OnGame for Export {
    type Output = Written;
    fn run<R: Rules>(self, game: Game<R>) -> Written {
        let start = game.start();
        Written {
            game_type: R::PDN_GAME_TYPE,
            fen: (*start != Position::<R>::start()).then(|| start.to_fen()),
            moves: notations(&game),
            first_is_second_player: start.side_to_move() != R::FIRST_TO_MOVE,
            result: match game.status() {
                Status::Win { winner: Color::White, .. } => GameResult::WhiteWins,
                Status::Win { winner: Color::Black, .. } => GameResult::BlackWins,
                Status::Draw(_) => GameResult::Draw,
                Status::Ongoing => GameResult::Unknown,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_record_reads_back_to_the_same_game() {
        let request = GameRequest::start(Variant::English).with_moves(&["11-15", "23-19", "8-11", "22-17"]);
        let text = write_record(&request, &Tags::default()).expect("written");
        let records = read_records(&text, None, 1000).expect("read");
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].variant, "english");
        assert_eq!(records[0].moves, ["11-15", "23-19", "8-11", "22-17"]);
        assert_eq!(records[0].result.as_deref(), Some("*"));
    }

    #[test]
    fn the_requested_variant_overrides_the_game_type() {
        let text = "[GameType \"20\"] 1. 32-28 *";
        assert_eq!(read_records(text, None, 1000).expect("read")[0].variant, "international");
        assert_eq!(read_records(text, Some(Variant::Antidraughts), 1000).expect("read")[0].variant, "antidraughts");
        assert_eq!(read_records("1. 32-28 *", None, 1000).expect("read")[0].variant, "international");
    }

    #[test]
    fn an_unreadable_move_is_illegal_with_the_legal_moves_there() {
        let error = read_records("[GameType \"21\"] 1. 11-15 abc *", None, 1000).unwrap_err();
        let RecordsError::Game { game: 0, error: ReplayError::Illegal { index: Some(1), candidates, .. } } = error
        else {
            panic!("{error:?}");
        };
        assert_eq!(candidates.len(), 7);
    }

    #[test]
    fn an_unreadable_move_after_the_end_has_no_legal_moves() {
        let error = read_records("[GameType \"21\"] [FEN \"W:W22:B18\"] 1. 22x15 abc *", None, 1000).unwrap_err();
        let RecordsError::Game { error: ReplayError::Illegal { index: Some(1), candidates, .. }, .. } = error else {
            panic!("{error:?}");
        };
        assert!(candidates.is_empty());
    }
}
