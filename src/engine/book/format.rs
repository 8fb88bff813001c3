//! A book file: a line naming the format, a JSON line saying how the book was made
//! ([`BookHeader`]), then one entry per position, sorted by key: the position's key (8 bytes),
//! its move count (1 byte), and each move's origin and destination squares (1 byte each) and
//! score for the side to move (2 bytes, hundredths of a man), best first.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::rules::{Position, Rules};

/// The first line of every book file.
const MAGIC: &str = "draughts-api book 1";

/// How a book was made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BookHeader {
    /// The variant id.
    pub variant: String,
    /// The depth each position was searched to.
    pub depth: u32,
    /// The moves kept: those scored within this many hundredths of a man of the best.
    pub margin: i16,
    /// The positions in the book.
    pub positions: u64,
}

/// One book move of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// Its origin square (internal index).
    pub from: u8,
    /// Its destination square (internal index).
    pub to: u8,
    /// Its score for the side to move, in hundredths of a man.
    pub score: i16,
}

/// A book: its header and each position's moves, best first, by key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    /// How it was made.
    pub header: Option<BookHeader>,
    /// The moves of each position, by [`key`].
    pub entries: BTreeMap<u64, Vec<BookMove>>,
}

/// A position's key in a book: FNV-1a (64 bits) of its FEN, so that a book does not depend on
/// the engine's hashing.
pub fn key<R: Rules>(position: &Position<R>) -> u64 {
    position
        .to_fen()
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325, |hash: u64, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

impl Book {
    /// The book in `bytes`, or what is wrong with them.
    pub fn parse(bytes: &[u8]) -> Result<Book, String> {
        let mut lines = bytes.splitn(3, |&b| b == b'\n');
        if lines.next() != Some(MAGIC.as_bytes()) {
            return Err(format!("not a book (its first line is not {MAGIC:?})"));
        }
        let header: BookHeader =
            serde_json::from_slice(lines.next().unwrap_or_default()).map_err(|e| format!("header: {e}"))?;
        let mut rest = lines.next().unwrap_or_default();
        let mut entries = BTreeMap::new();
        while !rest.is_empty() {
            let (key, after) = rest.split_first_chunk::<8>().ok_or("the book ends inside a key")?;
            let (&count, after) = after.split_first().ok_or("the book ends inside an entry")?;
            let size = usize::from(count) * 4;
            if after.len() < size {
                return Err("the book ends inside an entry".into());
            }
            let moves = after[..size]
                .chunks_exact(4)
                .map(|m| BookMove { from: m[0], to: m[1], score: i16::from_le_bytes([m[2], m[3]]) })
                .collect();
            entries.insert(u64::from_le_bytes(*key), moves);
            rest = &after[size..];
        }
        if entries.len() as u64 != header.positions {
            return Err(format!("{} positions where the header says {}", entries.len(), header.positions));
        }
        Ok(Book { header: Some(header), entries })
    }

    /// The book as bytes, under `header` (its position count set to the entries').
    pub fn to_bytes(&self, header: &BookHeader) -> Vec<u8> {
        let header = BookHeader { positions: self.entries.len() as u64, ..header.clone() };
        let mut bytes =
            format!("{MAGIC}\n{}\n", serde_json::to_string(&header).expect("a header serialises")).into_bytes();
        for (key, moves) in &self.entries {
            bytes.extend_from_slice(&key.to_le_bytes());
            bytes.push(moves.len() as u8);
            for m in moves {
                bytes.extend_from_slice(&[m.from, m.to]);
                bytes.extend_from_slice(&m.score.to_le_bytes());
            }
        }
        bytes
    }

    /// The variant the book is for, if it has a header.
    pub fn variant(&self) -> Option<&str> {
        self.header.as_ref().map(|h| h.variant.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_book_reads_back_as_written_and_damage_is_refused() {
        let header = BookHeader { variant: "english".into(), depth: 12, margin: 30, positions: 0 };
        let mut book = Book::default();
        book.entries
            .insert(7, vec![BookMove { from: 9, to: 13, score: -4 }, BookMove { from: 10, to: 14, score: -20 }]);
        book.entries.insert(3, vec![BookMove { from: 1, to: 2, score: 300 }]);
        let bytes = book.to_bytes(&header);
        let read = Book::parse(&bytes).expect("read back");
        assert_eq!(read.entries, book.entries);
        assert_eq!(read.header.expect("a header").positions, 2);
        assert!(Book::parse(&bytes[..bytes.len() - 1]).expect_err("cut short").contains("ends inside"));
        assert!(Book::parse(b"a book\n{}\n").expect_err("no magic").contains("not a book"));
    }
}
