//! `replay`: a [`GameRecord`] played again by the rules, giving the positions an evaluation is
//! fitted to, once the record has proved itself (every index legal, the final position and the
//! result as recorded).

use super::record::{final_check, GameRecord, GameResult, RecordError};
use crate::rules::{movegen, Game, GameRules, Position, Rules};

/// A position of a replayed game that is fitted to: after the opening, no capture due.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed<R: Rules> {
    /// The position.
    pub position: Position<R>,
    /// White's search score for it, when the record has labels.
    pub label: Option<i16>,
}

/// The fitted positions of `record`, in the order played; an error when the record does not
/// replay to its own final position and result.
pub fn replay<R: Rules>(record: &GameRecord) -> Result<Vec<Replayed<R>>, RecordError> {
    let mut game = Game::new(Position::<R>::start(), GameRules::of::<R>());
    let mut labels = record.labels.iter().copied();
    let labelled = !record.labels.is_empty();
    let mut positions = Vec::new();
    for (ply, &index) in record.moves.iter().enumerate() {
        let position = *game.position();
        if ply >= usize::from(record.opening_plies) && !movegen::any_capture(&position) {
            let label = if labelled { Some(labels.next().ok_or(RecordError::LabelCount)?) } else { None };
            positions.push(Replayed { position, label });
        }
        let legal = game.legal_moves();
        let mv = *legal.as_slice().get(usize::from(index)).ok_or(RecordError::NoSuchMove { ply })?;
        game.play(&mv).map_err(|_| RecordError::NoSuchMove { ply })?;
    }
    if labels.next().is_some() {
        return Err(RecordError::LabelCount);
    }
    if final_check(&game.position().to_fen()) != record.check {
        return Err(RecordError::CheckMismatch);
    }
    if GameResult::of(game.status()) != record.result {
        return Err(RecordError::ResultMismatch);
    }
    Ok(positions)
}
