//! PDN move text: reading `11-15`, `22x15`, `22x15x8`, `c3:e5` against the legal moves, and
//! writing each legal move in its shortest unambiguous form. docs/rules.md §12.
//!
//! A [`MoveTable`] holds the legal moves of one position with every route each can be played
//! by; it is built when move text is read or written, not on the search's hot path.

use compact_str::CompactString;
use smallvec::SmallVec;

use crate::rules::bitboard::Word;
use crate::rules::game::Game;
use crate::rules::movegen::{PathList, Routes};
use crate::rules::mv::Move;
use crate::rules::naming::{scan_name, Naming, ScannedName, SquareError};
use crate::rules::notation::Quoted;
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
        _ => text.trim_ascii(),
    }
}

/// The longest move text read, in characters: a route of twenty squares with two-digit numbers
/// (nineteen captures) fits in 59.
pub const MAX_CHARS: usize = 60;

/// The form of move text as a regular expression (ECMA-262, as JSON Schema uses it; Rust's
/// `regex` reads it alike). A text of at most [`MAX_CHARS`] characters matches it exactly when
/// [`parse_squares`] finds nothing wrong with its form: two or more square names (one to three
/// digits, or a letter and one or two digits) joined by `-`, `x`, `X`, `:` or `×`, with
/// whitespace (ASCII's, as [`str::trim_ascii`] takes it) around any of them.
pub const PATTERN: &str = concat!(
    r"^",
    whitespace!(),
    r"*(?:[0-9]{1,3}|[A-WYZa-wyz][0-9]{1,2})(?:",
    whitespace!(),
    r"*[-xX:\u00d7]",
    whitespace!(),
    r"*(?:[0-9]{1,3}|[A-WYZa-wyz][0-9]{1,2}))+",
    whitespace!(),
    r"*$"
);

/// Why move text does not name exactly one legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveTextError {
    /// Empty text.
    Empty,
    /// Longer than [`MAX_CHARS`]: this many characters.
    TooLong(usize),
    /// Fewer than two squares.
    TooShort(String),
    /// A square that cannot be read ([`SquareError::Malformed`]) or is not on the board.
    Square {
        /// The square as written.
        item: String,
        /// What is wrong with it.
        reason: SquareError,
    },
    /// Readable, but no legal move goes that way.
    Illegal,
    /// The squares begin a legal capture but stop where it goes on: a capture stopped halfway
    /// is not a move.
    Unfinished,
    /// Several legal moves go that way: their places in the move table's entries.
    Ambiguous(Vec<usize>),
}

impl MoveTextError {
    /// Whether the form of the text is wrong (it does not match [`PATTERN`], or is too long),
    /// as opposed to a text of the right form that names no square of this board or no legal
    /// move.
    pub fn is_syntax(&self) -> bool {
        match self {
            MoveTextError::Empty | MoveTextError::TooLong(_) | MoveTextError::TooShort(_) => true,
            MoveTextError::Square { reason, .. } => *reason == SquareError::Malformed,
            MoveTextError::Illegal | MoveTextError::Unfinished | MoveTextError::Ambiguous(_) => false,
        }
    }
}

impl core::fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            MoveTextError::Empty => f.write_str("the move is empty"),
            MoveTextError::TooLong(chars) => {
                write!(f, "the move has {chars} characters; at most {MAX_CHARS} are read")
            }
            MoveTextError::TooShort(text) => {
                write!(f, "{} is not a move: write at least two squares, such as 11-15 or c3-d4", Quoted(text))
            }
            MoveTextError::Square { item, reason } => {
                let item = Quoted(item);
                match reason {
                    SquareError::Malformed => write!(f, "{item} is not a square"),
                    SquareError::NoSuchSquare => write!(f, "{item} is not a playable square of this board"),
                    SquareError::NumbersNotSupported => {
                        write!(f, "{item} is a number, but this variant names squares algebraically (such as c3)")
                    }
                }
            }
            MoveTextError::Illegal => f.write_str("no legal move goes that way"),
            MoveTextError::Unfinished => {
                f.write_str("the capture goes on from its last square; a capture must be played to its end")
            }
            MoveTextError::Ambiguous(moves) => write!(f, "{} legal moves go that way", moves.len()),
        }
    }
}

impl std::error::Error for MoveTextError {}

/// The squares of move text: inline up to a long capture's length.
pub type MoveTextSquares = SmallVec<[u8; 24]>;

/// Reads the squares of move text (internal indexes), without looking at any position. The
/// form of the whole text is checked before any square is looked up on the board, so an error
/// of form ([`MoveTextError::is_syntax`]) comes before one of meaning.
pub fn parse_squares(text: &str, naming: &Naming) -> Result<MoveTextSquares, MoveTextError> {
    // Characters are counted only when the bytes could be too many.
    if text.len() > MAX_CHARS {
        let chars = text.chars().count();
        if chars > MAX_CHARS {
            return Err(MoveTextError::TooLong(chars));
        }
    }
    let text = trimmed(text);
    if text.is_empty() {
        return Err(MoveTextError::Empty);
    }
    let mut names: SmallVec<[(ScannedName, &str); 24]> = SmallVec::new();
    let mut rest = Some(text);
    while let Some(remaining) = rest {
        let (item, after) = match next_separator(remaining) {
            Some((at, len)) => (&remaining[..at], Some(&remaining[at + len..])),
            None => (remaining, None),
        };
        let item = trimmed(item);
        match scan_name(item.as_bytes()) {
            Some((name, len)) if len == item.len() => names.push((name, item)),
            _ => return Err(MoveTextError::Square { item: item.to_owned(), reason: SquareError::Malformed }),
        }
        rest = after;
    }
    if names.len() < 2 {
        return Err(MoveTextError::TooShort(text.to_owned()));
    }
    names
        .into_iter()
        .map(|(name, item)| {
            naming.square_named(name).map_err(|reason| MoveTextError::Square { item: item.to_owned(), reason })
        })
        .collect()
}

/// One legal move and every route (origin, landing squares…, destination) it can take.
#[derive(Clone, Debug)]
pub struct RoutedMove<W: Word> {
    /// The move.
    pub mv: Move<W>,
    /// Its routes; the first is the one shown as its `path`.
    pub routes: Routes,
}

/// Room for a typical position's legal moves: no more, so that the list is a small allocation
/// (glibc serves up to 1,032 bytes from its per-thread cache); a position with more moves
/// grows it.
const ROOM_FOR_MOVES: usize = 16;

/// The legal moves of a position with their routes, for reading and writing move text.
#[derive(Clone, Debug)]
pub struct MoveTable<W: Word> {
    entries: Vec<RoutedMove<W>>,
    naming: &'static Naming,
}

impl<W: Word> MoveTable<W> {
    /// The legal moves of `position`, sorted by origin, destination and route.
    pub fn new<R: Rules<Board = W>>(position: &Position<R>, mandatory_capture: bool) -> MoveTable<W> {
        let mut paths = PathList { moves: Vec::with_capacity(ROOM_FOR_MOVES) };
        position.generate_into(mandatory_capture, &mut paths);
        MoveTable::sorted::<R>(paths)
    }

    /// The legal moves of the current position of `game`, under its rules and history (a king
    /// that has made its most moves in a row cannot step), whether or not the game is over
    /// (callers that show a finished game read its status first).
    pub fn of_game<R: Rules<Board = W>>(game: &Game<R>) -> MoveTable<W> {
        let mut paths = PathList { moves: Vec::with_capacity(ROOM_FOR_MOVES) };
        game.generate_into(&mut paths);
        MoveTable::sorted::<R>(paths)
    }

    /// The table of the moves in `paths`.
    fn sorted<R: Rules<Board = W>>(paths: PathList<W>) -> MoveTable<W> {
        let naming = &R::NAMING;
        let mut entries: Vec<RoutedMove<W>> =
            paths.moves.into_iter().map(|(mv, routes)| RoutedMove { mv, routes }).collect();
        for entry in &mut entries {
            entry.routes.sort_by(|a, b| compare_routes(naming, a, b));
        }
        entries.sort_by(|a, b| compare_routes(naming, &a.routes[0], &b.routes[0]));
        MoveTable { entries, naming }
    }

    /// The legal moves with their routes.
    pub fn entries(&self) -> &[RoutedMove<W>] {
        &self.entries
    }

    /// Whether there is no legal move.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The legal move that `text` names: the move whose route is exactly the squares written,
    /// else the only move whose route passes them in order.
    pub fn find(&self, text: &str) -> Result<Move<W>, MoveTextError> {
        self.find_squares(&parse_squares(text, self.naming)?)
    }

    /// The legal move that these squares name, read by [`parse_squares`]: as [`MoveTable::find`].
    pub fn find_squares(&self, squares: &[u8]) -> Result<Move<W>, MoveTextError> {
        if let Some(entry) = self.entries.iter().find(|e| e.routes.iter().any(|r| r[..] == squares[..])) {
            return Ok(entry.mv);
        }
        let found: Vec<usize> = (0..self.entries.len())
            .filter(|&i| self.entries[i].routes.iter().any(|r| route_matches(r, squares)))
            .collect();
        match found[..] {
            [] if self.entries.iter().any(|e| e.routes.iter().any(|r| route_begins(r, squares))) => {
                Err(MoveTextError::Unfinished)
            }
            [] => Err(MoveTextError::Illegal),
            [only] => Ok(self.entries[only].mv),
            _ => Err(MoveTextError::Ambiguous(found)),
        }
    }

    /// The entry of `mv`, if it is legal here.
    pub fn entry(&self, mv: &Move<W>) -> Option<&RoutedMove<W>> {
        self.entries.iter().find(|e| e.mv == *mv)
    }

    /// The shortest unambiguous PDN text of `entry`: `from-to` / `fromxto`, then with one
    /// intermediate square, then the whole route.
    pub fn notation(&self, entry: &RoutedMove<W>) -> CompactString {
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
    fn write(&self, mv: Move<W>, squares: &[u8]) -> CompactString {
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

/// Whether `route` starts where `squares` do, passes the squares after the first in order, and
/// goes on past the last of them: the squares are a capture stopped halfway.
fn route_begins(route: &[u8], squares: &[u8]) -> bool {
    if route.first() != squares.first() {
        return false;
    }
    let mut inner = route[1..route.len() - 1].iter();
    squares[1..].iter().all(|s| inner.any(|r| r == s))
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
    use proptest::prelude::*;

    use super::*;
    use crate::rules::notation::form_check::FormCheck;
    use crate::rules::ruleset::{English, Russian};

    /// The reader under test: texts of the right and of the wrong form, its pattern, its limit
    /// and how it reads.
    const READER: FormCheck = FormCheck {
        well_formed: &["11-15", "22x15x8", "c3:e5", "22×15", " 22 x 15 ×\t8 ", "C3-D4", "0-999", "z99-a1", "1\r\n-2"],
        ill_formed: &[
            "",
            "11",
            "11-",
            "-11-15",
            "11--15",
            "1 1-15",
            "1111-15",
            "c333-d4",
            "x3-d4",
            "11-15\u{feff}",
            "11\u{3000}-15",
            "11_15",
        ],
        pattern: PATTERN,
        max_chars: MAX_CHARS,
        reads_form: |text, naming| parse_squares(text, naming).map_or_else(|e| !e.is_syntax(), |_| true),
    };

    #[test]
    fn errors_of_form_come_before_errors_of_meaning() {
        let english = &English::NAMING;
        assert!(parse_squares("99-zz", english).unwrap_err().is_syntax());
        let error = parse_squares("11-99", english).unwrap_err();
        assert!(!error.is_syntax(), "{error}");
        assert!(matches!(&error, MoveTextError::Square { item, .. } if item == "99"), "{error:?}");
        assert!(!parse_squares("11-15", &Russian::NAMING).unwrap_err().is_syntax());
    }

    #[test]
    fn move_text_longer_than_the_limit_is_not_read() {
        let longer = READER.assert_limit(&format!("1-{}2", " ".repeat(MAX_CHARS - 3)));
        assert_eq!(parse_squares(&longer, &English::NAMING), Err(MoveTextError::TooLong(MAX_CHARS + 1)));
    }

    /// Texts made of move text's own tokens and some that are not, so that many are nearly right.
    fn move_like() -> impl Strategy<Value = String> {
        let token = prop::sample::select(vec![
            "1", "15", "32", "050", "1000", "c3", "C3", "a", "x", "X", "-", "-", ":", "×", " ", "\t", "\u{b}", "\u{c}",
            "\r", "\u{3000}", "\u{feff}", "K", ",", "z9", "x5",
        ]);
        prop::collection::vec(token, 0..12).prop_map(|tokens| tokens.concat())
    }

    #[test]
    fn the_pattern_says_the_form_the_reader_reads() {
        READER.assert_agreement(move_like());
    }

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
        for (text, item) in
            [("22-", ""), ("-22-15", ""), ("22--15", ""), ("22-1 5", "1 5"), ("99-1 5", "1 5"), ("22-99", "99")]
        {
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
