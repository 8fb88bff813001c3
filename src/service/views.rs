//! The API's views of moves, positions and games, built from the typed rules and written by
//! serde: [`MoveView`], [`StatusView`], [`PositionView`], and the game endpoints' answers
//! [`LegalMoves`] and [`AppliedMove`].

use compact_str::CompactString;
use serde::{Serialize, Serializer};
use smallvec::SmallVec;
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

use super::heap_bytes::HeapBytes;
use crate::rules::naming::SquareName;
use crate::rules::notation::move_text::{MoveTable, RoutedMove};
use crate::rules::notation::route::captured_in_order;
use crate::rules::{DrawReason, Game, Rules, Status, WinReason};

/// A square: a number on numbered boards, a name such as `c3` on algebraic ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Square(pub SquareName);

/// Written as [`SquareName`] is.
impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// [`SquareName`]'s schema.
impl PartialSchema for Square {
    fn schema() -> RefOr<Schema> {
        SquareName::schema()
    }
}

impl ToSchema for Square {}

/// The squares of a route or of the pieces it captures, inline up to a long capture's length:
/// listing a position's moves allocates no list per move.
pub type Squares = SmallVec<[Square; 12]>;

/// A legal move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[schema(example = json!({"notation": "9-13", "from": 9, "to": 13, "path": [9, 13], "captures": [], "promotes": false}))]
pub struct MoveView {
    /// The shortest unambiguous PDN text of the move.
    #[schema(value_type = String)]
    pub notation: CompactString,
    /// Origin square.
    pub from: Square,
    /// Destination square.
    pub to: Square,
    /// Every square of the route, origin and destination included.
    #[schema(value_type = Vec<Square>)]
    pub path: Squares,
    /// The captured pieces' squares, in the order they are taken.
    #[schema(value_type = Vec<Square>)]
    pub captures: Squares,
    /// Whether a man is crowned by the move.
    pub promotes: bool,
}

impl MoveView {
    /// The view of one entry of `table`, a move table of a position of `R`.
    pub fn of<R: Rules>(table: &MoveTable<R::Board>, entry: &RoutedMove<R::Board>) -> MoveView {
        let name = |s: u8| Square(R::NAMING.name(s));
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
}

impl HeapBytes for MoveView {
    fn heap_bytes(&self) -> usize {
        self.notation.heap_bytes() + self.path.heap_bytes() + self.captures.heap_bytes()
    }
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[schema(example = json!({"state": "win", "winner": "white", "reason": "no_moves"}))]
pub struct StatusView {
    /// `ongoing`, `win` or `draw`.
    pub state: &'static str,
    /// For a win: `white` or `black`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<&'static str>,
    /// For a win: `no_pieces` or `no_moves` (the side to move has none: it has lost, or won in
    /// antidraughts) or `first_king` (breakthrough); for a draw: `repetition`, `quiet_moves` or
    /// `endgame`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'static str>,
}

impl From<Status> for StatusView {
    fn from(status: Status) -> StatusView {
        match status {
            Status::Ongoing => StatusView { state: "ongoing", winner: None, reason: None },
            Status::Win { winner, reason } => StatusView {
                state: "win",
                winner: Some(winner.name()),
                reason: Some(match reason {
                    WinReason::NoPieces => "no_pieces",
                    WinReason::NoMoves => "no_moves",
                    WinReason::FirstKing => "first_king",
                }),
            },
            Status::Draw(reason) => StatusView {
                state: "draw",
                winner: None,
                reason: Some(match reason {
                    DrawReason::Repetition => "repetition",
                    DrawReason::QuietMoves => "quiet_moves",
                    DrawReason::Endgame => "endgame",
                }),
            },
        }
    }
}

impl StatusView {
    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.state != "ongoing"
    }
}

/// A game's current position: its FEN, who is to move, its status and its legal moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct PositionView {
    /// The position, as PDN FEN.
    pub fen: String,
    /// `white` or `black`.
    pub side_to_move: &'static str,
    /// Where the game stands.
    pub status: StatusView,
    /// The legal moves; empty once the game is over.
    pub moves: Vec<MoveView>,
}

impl PositionView {
    /// The view of the current position of `game`.
    pub fn of<R: Rules>(game: &Game<R>) -> PositionView {
        let position = game.position();
        let status = game.status();
        let moves = if status.is_over() {
            Vec::new()
        } else {
            let table = MoveTable::of_game(game);
            table.entries().iter().map(|e| MoveView::of::<R>(&table, e)).collect()
        };
        PositionView {
            fen: position.to_fen(),
            side_to_move: position.side_to_move().name(),
            status: status.into(),
            moves,
        }
    }
}

/// `legal-moves`: the position a game has reached, its status and its legal moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct LegalMoves {
    /// The variant id.
    pub variant: &'static str,
    /// The position reached.
    #[serde(flatten)]
    pub position: PositionView,
}

/// `apply-move`: the move played, and the new position with its status and legal replies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct AppliedMove {
    /// The move played.
    #[serde(rename = "move")]
    pub mv: MoveView,
    /// The position after it.
    #[serde(flatten)]
    pub position: PositionView,
}
