//! PDN move text: reading `11-15`, `22x15`, `22x15x8`, `c3:e5` against the legal moves, and
//! writing each legal move in its shortest unambiguous form. docs/rules.md §12.
//!
//! A [`MoveTable`] holds the legal moves of one position with every route each can be played
//! by; it is built when move text is read or written, not on the search's hot path.

use compact_str::CompactString;
use smallvec::SmallVec;

use crate::rules::movegen::{PathList, Routes};
use crate::rules::mv::Move;
use crate::rules::naming::{scan_name, Naming, SquareError};
use crate::rules::position::Position;
use crate::rules::ruleset::Rules;

/// The first separator of squares in move text (`-`, `x`, `X`, `:` or `×`): its byte offset
/// and length. Scans bytes rather than chars: move text is read for every move of every
/// history replayed.
fn next_separator(text: &str) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    bytes.iter().enumerate().find_map(|(i, &byte)| match byte {
        _ if is_ascii_separator(byte) => Some((i, 1)),
        // '×' (U+00D7) is the two bytes C3 97 in UTF-8, and no other character starts so.
        0xC3 if bytes.get(i + 1) == Some(&0x97) => Some((i, 2)),
        _ => None,
    })
}

/// The one-byte separators of squares in move text.
fn is_ascii_separator(byte: u8) -> bool {
    matches!(byte, b'-' | b'x' | b'X' | b':')
}

/// The squares of move text of exactly two bare squares joined by an ASCII separator (`11-15`,
/// `c3xe5`), the common case, read in one pass over its bytes without building a square list.
/// `None` for anything else (a longer path, spaces, `×`, a bad square): [`parse_squares`] or a
/// [`MoveTable`] reads it.
#[inline(always)]
pub fn parse_from_to(text: &str, naming: &Naming) -> Option<(u8, u8)> {
    let bytes = text.as_bytes();
    let (from, from_len) = scan_name(bytes)?;
    let (&separator, rest) = bytes[from_len..].split_first()?;
    let (to, to_len) = scan_name(rest)?;
    if !is_ascii_separator(separator) || to_len != rest.len() {
        return None;
    }
    Some((naming.square_named(from).ok()?, naming.square_named(to).ok()?))
}

/// `text` without surrounding whitespace; the common case (a bare square name) is checked
/// on its two end bytes only.
fn trimmed(text: &str) -> &str {
    match (text.as_bytes().first(), text.as_bytes().last()) {
        (Some(first), Some(last)) if first.is_ascii_alphanumeric() && last.is_ascii_alphanumeric() => text,
        _ => text.trim(),
    }
}

/// Why move text does not name exactly one legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveTextError {
    /// Empty text.
    Empty,
    /// Fewer than two squares.
    TooShort(String),
    /// A square that cannot be read or is not on the board.
    Square {
        /// The square as written.
        item: String,
        /// What is wrong with it.
        reason: SquareError,
    },
    /// Readable, but no legal move goes that way.
    Illegal,
    /// Several legal moves go that way.
    Ambiguous(Vec<Move>),
}

impl MoveTextError {
    /// Whether the text itself is unreadable (as opposed to readable but not one legal move).
    pub fn is_syntax(&self) -> bool {
        matches!(self, MoveTextError::Empty | MoveTextError::TooShort(_) | MoveTextError::Square { .. })
    }
}

impl core::fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            MoveTextError::Empty => f.write_str("the move is empty"),
            MoveTextError::TooShort(text) => {
                write!(f, "{text:?} is not a move: write at least two squares, such as 11-15 or c3-d4")
            }
            MoveTextError::Square { item, reason } => match reason {
                SquareError::Malformed => write!(f, "{item:?} is not a square"),
                SquareError::NoSuchSquare => {
                    write!(f, "{item:?} is not a playable square of this board")
                }
                SquareError::NumbersNotSupported => {
                    write!(f, "{item:?} is a number, but this variant names squares algebraically (such as c3)")
                }
            },
            MoveTextError::Illegal => f.write_str("no legal move goes that way"),
            MoveTextError::Ambiguous(moves) => write!(f, "{} legal moves go that way", moves.len()),
        }
    }
}

impl std::error::Error for MoveTextError {}

/// The squares of move text: inline up to a long capture's length.
pub type Squares = SmallVec<[u8; 24]>;

/// Reads the squares of move text (internal indexes), without looking at any position.
pub fn parse_squares(text: &str, naming: &Naming) -> Result<Squares, MoveTextError> {
    let text = trimmed(text);
    if text.is_empty() {
        return Err(MoveTextError::Empty);
    }
    let mut squares = Squares::new();
    let mut rest = Some(text);
    while let Some(remaining) = rest {
        let (item, after) = match next_separator(remaining) {
            Some((at, len)) => (&remaining[..at], Some(&remaining[at + len..])),
            None => (remaining, None),
        };
        let item = trimmed(item);
        match naming.parse(item) {
            Ok(square) => squares.push(square),
            Err(reason) => return Err(MoveTextError::Square { item: item.to_owned(), reason }),
        }
        rest = after;
    }
    if squares.len() < 2 {
        return Err(MoveTextError::TooShort(text.to_owned()));
    }
    Ok(squares)
}

/// One legal move and every route (origin, landing squares…, destination) it can take.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The move.
    pub mv: Move,
    /// Its routes; the first is the one shown as its `path`.
    pub routes: Routes,
}

/// Room for a typical position's legal moves: no more, so that the list is a small allocation
/// (glibc serves up to 1,032 bytes from its per-thread cache); a position with more moves
/// grows it.
const ROOM_FOR_MOVES: usize = 16;

/// The legal moves of a position with their routes, for reading and writing move text.
#[derive(Clone, Debug)]
pub struct MoveTable {
    entries: Vec<Entry>,
    naming: &'static Naming,
}

impl MoveTable {
    /// The legal moves of `position`, sorted by origin, destination and route.
    pub fn new<R: Rules>(position: &Position<R>, mandatory_capture: bool) -> MoveTable {
        let mut paths = PathList { moves: Vec::with_capacity(ROOM_FOR_MOVES) };
        position.generate_into(mandatory_capture, &mut paths);
        let naming = &R::NAMING;
        let mut entries: Vec<Entry> = paths.moves.into_iter().map(|(mv, routes)| Entry { mv, routes }).collect();
        for entry in &mut entries {
            entry.routes.sort_by(|a, b| compare_routes(naming, a, b));
        }
        entries.sort_by(|a, b| compare_routes(naming, &a.routes[0], &b.routes[0]));
        MoveTable { entries, naming }
    }

    /// The legal moves with their routes.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Whether there is no legal move.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The legal move that `text` names: the move whose route is exactly the squares written,
    /// else the only move whose route passes them in order.
    pub fn find(&self, text: &str) -> Result<Move, MoveTextError> {
        let squares = parse_squares(text, self.naming)?;
        if let Some(entry) = self.entries.iter().find(|e| e.routes.iter().any(|r| r[..] == squares[..])) {
            return Ok(entry.mv);
        }
        let mut found: Vec<Move> =
            self.entries.iter().filter(|e| e.routes.iter().any(|r| route_matches(r, &squares))).map(|e| e.mv).collect();
        match found.len() {
            0 => Err(MoveTextError::Illegal),
            1 => Ok(found.remove(0)),
            _ => Err(MoveTextError::Ambiguous(found)),
        }
    }

    /// The entry of `mv`, if it is legal here.
    pub fn entry(&self, mv: &Move) -> Option<&Entry> {
        self.entries.iter().find(|e| e.mv == *mv)
    }

    /// The shortest unambiguous PDN text of `entry`: `from-to` / `fromxto`, then with one
    /// intermediate square, then the whole route.
    pub fn notation(&self, entry: &Entry) -> CompactString {
        let mv = entry.mv;
        let rivals = || self.entries.iter().filter(move |e| e.mv != mv && e.mv.from == mv.from && e.mv.to == mv.to);
        let unique = |squares: &[u8]| !rivals().any(|e| e.routes.iter().any(|r| route_matches(r, squares)));
        if unique(&[mv.from, mv.to]) {
            return self.write(mv, &[mv.from, mv.to]);
        }
        for route in &entry.routes {
            for &via in &route[1..route.len() - 1] {
                if unique(&[mv.from, via, mv.to]) {
                    return self.write(mv, &[mv.from, via, mv.to]);
                }
            }
        }
        self.write(mv, &entry.routes[0])
    }

    /// The squares joined by the move's separator, built on the stack and kept inline (no
    /// allocation) up to 24 bytes.
    fn write(&self, mv: Move, squares: &[u8]) -> CompactString {
        let separator = if mv.is_capture() { b'x' } else { b'-' };
        let mut text: SmallVec<[u8; 64]> = SmallVec::new();
        for (i, &square) in squares.iter().enumerate() {
            if i > 0 {
                text.push(separator);
            }
            text.extend_from_slice(self.naming.text(square).as_bytes());
        }
        // Square names and separators are ASCII: the text is always UTF-8.
        CompactString::from_utf8(&text).unwrap_or_default()
    }
}

/// Whether `route` starts and ends where `squares` do and passes the squares between in order.
fn route_matches(route: &[u8], squares: &[u8]) -> bool {
    let (Some(first), Some(last)) = (squares.first(), squares.last()) else {
        return false;
    };
    if route.first() != Some(first) || route.last() != Some(last) {
        return false;
    }
    let mut inner = route[1..route.len() - 1].iter();
    squares[1..squares.len() - 1].iter().all(|s| inner.any(|r| r == s))
}

/// The order moves are listed in: route by route, square by square, numbers ascending,
/// algebraic squares by file, then rank.
fn compare_routes(naming: &Naming, a: &[u8], b: &[u8]) -> core::cmp::Ordering {
    let key = |&s: &u8| match naming.number(s) {
        Some(n) => n as u32,
        None => {
            let (file, rank) = naming.algebraic(s);
            file as u32 * 16 + rank as u32
        }
    };
    a.iter().map(key).cmp(b.iter().map(key))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ruleset::{English, Russian};

    #[test]
    fn move_text_is_split_at_every_separator_and_trimmed() {
        let english = &English::NAMING;
        let squares = |text| parse_squares(text, english).map(|s| s.to_vec());
        let (s22, s15, s8) = (english.parse("22").unwrap(), english.parse("15").unwrap(), english.parse("8").unwrap());
        for text in ["22x15x8", "22-15-8", "22X15:8", "22×15×8", " 22 x 15 ×\t8 "] {
            assert_eq!(squares(text), Ok(vec![s22, s15, s8]), "{text:?}");
        }
        let (c3, e5) = (Russian::NAMING.parse("c3").unwrap(), Russian::NAMING.parse("e5").unwrap());
        assert_eq!(parse_squares("c3:e5", &Russian::NAMING).map(|s| s.to_vec()), Ok(vec![c3, e5]));
        assert_eq!(squares("  "), Err(MoveTextError::Empty));
        assert_eq!(squares("22"), Err(MoveTextError::TooShort("22".to_owned())));
        for (text, item) in [("22-", ""), ("-22-15", ""), ("22--15", ""), ("22-1 5", "1 5"), ("22-99", "99")] {
            let Err(MoveTextError::Square { item: found, .. }) = squares(text) else {
                panic!("{text:?} should name a bad square");
            };
            assert_eq!(found, item, "{text:?}");
        }
    }

    #[test]
    fn two_bare_squares_are_read_directly_and_anything_else_is_left_to_the_full_reader() {
        let english = &English::NAMING;
        let square = |name| english.parse(name).unwrap();
        assert_eq!(parse_from_to("11-15", english), Some((square("11"), square("15"))));
        assert_eq!(parse_from_to("22x15", english), Some((square("22"), square("15"))));
        let (c3, e5) = (Russian::NAMING.parse("c3").unwrap(), Russian::NAMING.parse("e5").unwrap());
        assert_eq!(parse_from_to("c3:e5", &Russian::NAMING), Some((c3, e5)));
        for text in
            ["22x15x8", " 11-15", "11 - 15", "22×15", "11-99", "11", "", "99999999999-1", "1-99999999999", "11-15-"]
        {
            assert_eq!(parse_from_to(text, english), None, "{text:?}");
        }
    }
}
