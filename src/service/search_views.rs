//! The views the searches' answers share: a score as the API writes it ([`ScoreKind`],
//! [`score_view`]), a line of moves in notation, and a move's view built from its squares.

use serde::Serialize;
use utoipa::ToSchema;

use super::views::{MoveView, Square};
use crate::engine::{Outcome, Score};
use crate::rules::notation::move_text::MoveTable;
use crate::rules::{Move, Position, Rules};

/// How a forced result is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ScoreKind {
    /// `score` is the number of moves to a forced win.
    WinIn,
    /// `-score` is the number of moves to a forced loss.
    LossIn,
}

/// A score as the API writes it: hundredths of a man, or with its kind, moves to a forced
/// result (negative for a loss).
pub fn score_view(score: Score) -> (i32, Option<ScoreKind>) {
    match score.outcome() {
        Outcome::Value(v) => (v, None),
        Outcome::WinIn(n) => (n as i32, Some(ScoreKind::WinIn)),
        Outcome::LossIn(n) => (-(n as i32), Some(ScoreKind::LossIn)),
    }
}

/// The view of `mv` from the move table of its position, or from its squares if the table does
/// not list it (which cannot happen: searches play legal moves; this keeps the view total).
pub fn move_view<R: Rules>(table: &MoveTable<R::Board>, mv: &Move<R::Board>) -> MoveView {
    match table.entry(mv) {
        Some(entry) => MoveView::of::<R>(table, entry),
        None => {
            let name = |s: u8| Square(R::NAMING.name(s));
            MoveView {
                notation: compact_str::format_compact!("{}-{}", R::NAMING.name(mv.from), R::NAMING.name(mv.to)),
                from: name(mv.from),
                to: name(mv.to),
                path: [name(mv.from), name(mv.to)].into_iter().collect(),
                captures: mv.captures.map(name).collect(),
                promotes: mv.promotes,
            }
        }
    }
}

/// The notation of each move of `line`, played from `start`.
pub fn notation_of_line<R: Rules>(start: &Position<R>, mandatory: bool, line: &[Move<R::Board>]) -> Vec<String> {
    let mut position = *start;
    let mut out = Vec::with_capacity(line.len());
    for mv in line {
        let table = MoveTable::new(&position, mandatory);
        let Some(entry) = table.entry(mv) else { break };
        out.push(table.notation(entry).into());
        position.play_unchecked(mv);
    }
    out
}
