//! `GameRecord`: one game in a few bytes. Each move is its index in the legal-move list of
//! the position it was played in, so a game from the start position needs no squares at all;
//! a check of the final position catches a record replayed by rules that list moves otherwise.

use core::fmt;

use crate::rules::{Color, Status};

/// White's score in a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// Black won.
    BlackWins,
    /// Drawn, or stopped at the ply limit.
    Draw,
    /// White won.
    WhiteWins,
}

impl GameResult {
    /// How a game that stands at `status` ended: a draw unless someone won (a game stopped
    /// at the ply limit is a draw).
    pub fn of(status: Status) -> GameResult {
        match status {
            Status::Win { winner: Color::White, .. } => GameResult::WhiteWins,
            Status::Win { winner: Color::Black, .. } => GameResult::BlackWins,
            _ => GameResult::Draw,
        }
    }

    /// White's score: 0, ½ or 1.
    pub fn white_score(self) -> f32 {
        match self {
            GameResult::BlackWins => 0.0,
            GameResult::Draw => 0.5,
            GameResult::WhiteWins => 1.0,
        }
    }

    fn byte(self) -> u8 {
        self as u8
    }

    fn from_byte(byte: u8) -> Option<GameResult> {
        [GameResult::BlackWins, GameResult::Draw, GameResult::WhiteWins].get(usize::from(byte)).copied()
    }
}

/// A game from the variant's start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The random plies that opened the game; their positions are not fitted to.
    pub opening_plies: u8,
    /// How the game ended.
    pub result: GameResult,
    /// Each move's index in the legal moves of its position, as [`crate::rules::Game`] lists them.
    pub moves: Vec<u16>,
    /// White's search score (hundredths of a man) of each labelled position: every position
    /// after the opening where no capture is due, in order. Empty when the file has no labels.
    pub labels: Vec<i16>,
    /// [`final_check`] of the position the moves lead to.
    pub check: u32,
}

/// Why bytes are not a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The bytes end inside a record.
    Truncated,
    /// A result byte other than 0, 1 or 2.
    BadResult(u8),
    /// A move index past the end of the legal moves at `ply`.
    NoSuchMove {
        /// The ply, from 0.
        ply: usize,
    },
    /// The moves lead to another position than the one recorded.
    CheckMismatch,
    /// The game's status disagrees with the recorded result.
    ResultMismatch,
    /// The record has labels, but not one per labelled position.
    LabelCount,
    /// A label's differences add up past a 16-bit score.
    LabelRange,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Truncated => write!(f, "the data ends inside a game"),
            RecordError::BadResult(byte) => write!(f, "result byte {byte} (0, 1 or 2 expected)"),
            RecordError::NoSuchMove { ply } => write!(f, "no legal move has the index recorded at ply {ply}"),
            RecordError::CheckMismatch => write!(f, "the moves lead to another position than the one recorded"),
            RecordError::ResultMismatch => write!(f, "the game's end disagrees with the recorded result"),
            RecordError::LabelCount => write!(f, "the labels do not match the game's quiet positions"),
            RecordError::LabelRange => write!(f, "a label beyond a 16-bit score"),
        }
    }
}

/// FNV-1a (32 bits) of a position's FEN: what a record keeps of its final position.
pub fn final_check(fen: &str) -> u32 {
    fen.bytes().fold(0x811c_9dc5, |hash: u32, byte| (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193))
}

impl GameRecord {
    /// Appends the record: plies, opening plies, result, label count, then the move indexes and
    /// each label's difference from the one before (variable-length integers, the differences
    /// zigzagged so that small ones of either sign take a byte), then the check.
    pub fn encode(&self, out: &mut Vec<u8>) {
        put_varint(out, self.moves.len() as u64);
        out.push(self.opening_plies);
        out.push(self.result.byte());
        put_varint(out, self.labels.len() as u64);
        for &index in &self.moves {
            put_varint(out, u64::from(index));
        }
        let mut previous = 0i32;
        for &label in &self.labels {
            let delta = i32::from(label) - previous;
            put_varint(out, u64::from(((delta << 1) ^ (delta >> 31)) as u32));
            previous = i32::from(label);
        }
        out.extend_from_slice(&self.check.to_le_bytes());
    }

    /// Reads one record from the front of `bytes`, advancing it.
    pub fn decode(bytes: &mut &[u8]) -> Result<GameRecord, RecordError> {
        let plies = take_varint(bytes)?;
        let opening_plies = take_byte(bytes)?;
        let result_byte = take_byte(bytes)?;
        let result = GameResult::from_byte(result_byte).ok_or(RecordError::BadResult(result_byte))?;
        let label_count = take_varint(bytes)?;
        // Each index and label takes at least a byte: a count beyond the bytes left is damage,
        // refused before anything is allocated for it.
        if plies.saturating_add(label_count) > bytes.len() as u64 {
            return Err(RecordError::Truncated);
        }
        let moves = (0..plies).map(|_| take_varint(bytes).map(|i| i as u16)).collect::<Result<_, _>>()?;
        let mut previous = 0i32;
        let labels = (0..label_count)
            .map(|_| {
                let zigzag = take_varint(bytes)? as u32;
                let label = previous + ((zigzag >> 1) as i32 ^ -((zigzag & 1) as i32));
                previous = label;
                i16::try_from(label).map_err(|_| RecordError::LabelRange)
            })
            .collect::<Result<_, _>>()?;
        let (check, rest) = bytes.split_first_chunk::<4>().ok_or(RecordError::Truncated)?;
        *bytes = rest;
        Ok(GameRecord { opening_plies, result, moves, labels, check: u32::from_le_bytes(*check) })
    }
}

fn put_varint(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push((value as u8) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

fn take_byte(bytes: &mut &[u8]) -> Result<u8, RecordError> {
    let (&first, rest) = bytes.split_first().ok_or(RecordError::Truncated)?;
    *bytes = rest;
    Ok(first)
}

fn take_varint(bytes: &mut &[u8]) -> Result<u64, RecordError> {
    let mut value = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = take_byte(bytes)?;
        value |= u64::from(byte & 0x7f) << shift;
        if byte < 0x80 {
            return Ok(value);
        }
    }
    Err(RecordError::Truncated)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back_as_written_and_damage_is_refused() {
        let record = GameRecord {
            opening_plies: 6,
            result: GameResult::WhiteWins,
            moves: vec![0, 3, 200, 7],
            labels: vec![0, -1, 1, i16::MAX, i16::MIN, -250],
            check: 0xdead_beef,
        };
        let mut bytes = Vec::new();
        record.encode(&mut bytes);
        record.encode(&mut bytes);
        let mut rest = bytes.as_slice();
        assert_eq!(GameRecord::decode(&mut rest), Ok(record.clone()));
        assert_eq!(GameRecord::decode(&mut rest), Ok(record));
        assert!(rest.is_empty());

        let half = &bytes[..bytes.len() / 2 - 3];
        assert_eq!(GameRecord::decode(&mut &half[..]), Err(RecordError::Truncated));
        let mut bad = bytes.clone();
        bad[2] = 9;
        assert_eq!(GameRecord::decode(&mut bad.as_slice()), Err(RecordError::BadResult(9)));
    }
}
