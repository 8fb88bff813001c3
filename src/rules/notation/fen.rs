//! PDN FEN: `<side>:W<squares>:B<squares>`, kings prefixed with `K`, ranges `31-50`,
//! colour groups in either order, unknown trailing fields (`:H0:F1`) ignored. docs/rules.md §12.
//!
//! FEN text depends on the position and never the reverse (as shakmaty's `Fen` depends on its
//! `Setup`): [`parse()`] reads a [`Setup`], [`write()`] writes a [`Position`], and the position's
//! own [`Position::from_fen`] and [`Position::to_fen`] (and its `Display`) are defined here.

use crate::rules::bitboard::Bitboard;
use crate::rules::color::Color;
use crate::rules::naming::{scan_name, Naming, ScannedName, SquareError};
use crate::rules::notation::Quoted;
use crate::rules::position::{Position, PositionError, Setup};
use crate::rules::ruleset::Rules;

/// The longest FEN read, in characters: room for forty pieces, kings and spaces.
pub const MAX_CHARS: usize = 256;

/// One square, a king or not, or a range of numbered squares, as a colour group lists them.
macro_rules! fen_item {
    () => {
        concat!(
            r"(?:K",
            whitespace!(),
            r"*)?(?:[0-9]{1,3}",
            whitespace!(),
            r"*-",
            whitespace!(),
            r"*[0-9]{1,3}|[0-9]{1,3}|[A-Za-z][0-9]{1,2})"
        )
    };
}

/// A colour group after its letter: items joined by commas, or none.
macro_rules! fen_list {
    () => {
        concat!(
            whitespace!(),
            "*(?:",
            fen_item!(),
            "(?:",
            whitespace!(),
            "*,",
            whitespace!(),
            "*",
            fen_item!(),
            ")*)?",
            whitespace!(),
            "*"
        )
    };
}

/// A field that is no colour group (`H0`, empty): ignored.
macro_rules! fen_other {
    () => {
        concat!(":", whitespace!(), "*(?:[^:BW", whitespace_chars!(), "][^:]*)?")
    };
}

/// The form of a FEN as a regular expression (ECMA-262, as JSON Schema uses it; Rust's `regex`
/// reads it alike). A text of at most [`MAX_CHARS`] characters matches it exactly when [`parse`]
/// finds nothing wrong with its form: the side to move (`W` or `B`, either case), then, among
/// fields joined by `:`, one `W` group and one `B` group of items joined by commas (a square,
/// `K` and a square, or a range of numbers `low-high`) and any other fields, which are
/// ignored; then any final dots. Whitespace (ASCII's, as [`str::trim_ascii`] takes it) may
/// surround fields, items and the parts of a range.
pub const PATTERN: &str = concat!(
    "^",
    whitespace!(),
    "*[BWbw]",
    whitespace!(),
    "*(?:",
    fen_other!(),
    ")*:",
    whitespace!(),
    "*(?:W",
    fen_list!(),
    "(?:",
    fen_other!(),
    ")*:",
    whitespace!(),
    "*B",
    fen_list!(),
    "|B",
    fen_list!(),
    "(?:",
    fen_other!(),
    ")*:",
    whitespace!(),
    "*W",
    fen_list!(),
    ")(?:",
    fen_other!(),
    r")*\.*",
    whitespace!(),
    "*$"
);

/// Why a FEN cannot be read; the message names the field and the square at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Nothing was given.
    Empty,
    /// Longer than [`MAX_CHARS`]: this many characters.
    TooLong(usize),
    /// The first field is not `W` or `B`.
    SideToMove(String),
    /// No field lists this colour's pieces.
    MissingPieces(Color),
    /// Two fields list this colour's pieces.
    RepeatedPieces(Color),
    /// A square in this colour's list cannot be read or is not on the board.
    Square {
        /// Whose list it is in.
        color: Color,
        /// The item as written.
        item: String,
        /// What is wrong with it.
        reason: SquareError,
    },
    /// A range in this colour's list is not `low-high` with numbered squares.
    Range {
        /// Whose list it is in.
        color: Color,
        /// The item as written.
        item: String,
    },
    /// A range in this colour's list runs backwards (`high-low`).
    ReversedRange {
        /// Whose list it is in.
        color: Color,
        /// The item as written.
        item: String,
    },
}

impl FenError {
    /// Whether the form of the FEN is wrong (it does not match [`PATTERN`], or is too long), as
    /// opposed to a FEN of the right form that names squares this board does not have or a
    /// range that runs backwards.
    pub fn is_syntax(&self) -> bool {
        match self {
            FenError::Square { reason, .. } => *reason == SquareError::Malformed,
            FenError::ReversedRange { .. } => false,
            FenError::Empty
            | FenError::TooLong(_)
            | FenError::SideToMove(_)
            | FenError::MissingPieces(_)
            | FenError::RepeatedPieces(_)
            | FenError::Range { .. } => true,
        }
    }
}

impl core::fmt::Display for FenError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            FenError::Empty => f.write_str("the FEN is empty"),
            FenError::TooLong(chars) => write!(f, "the FEN has {chars} characters; at most {MAX_CHARS} are read"),
            FenError::SideToMove(found) => {
                write!(f, "the first FEN field (side to move) must be \"W\" or \"B\", found {}", Quoted(found))
            }
            FenError::MissingPieces(color) => {
                write!(f, "the FEN has no field listing the {} pieces (\"{}...\")", color.name(), color.letter())
            }
            FenError::RepeatedPieces(color) => {
                write!(f, "the FEN lists the {} pieces twice", color.name())
            }
            FenError::Square { color, item, reason } => {
                let why = match reason {
                    SquareError::Malformed => "is not a square (write a number or a square such as c3)",
                    SquareError::NoSuchSquare => "is not a playable square of this board",
                    SquareError::NumbersNotSupported => {
                        "is a number, but this variant names squares algebraically (such as c3)"
                    }
                };
                write!(f, "{} in the {} pieces {why}", Quoted(item), color.name())
            }
            FenError::Range { color, item } => {
                write!(
                    f,
                    "range {} in the {} pieces must be two numbered squares, low-high",
                    Quoted(item),
                    color.name()
                )
            }
            FenError::ReversedRange { color, item } => {
                write!(f, "range {} in the {} pieces runs backwards; write it low-high", Quoted(item), color.name())
            }
        }
    }
}

impl std::error::Error for FenError {}

/// Why a FEN could not become a position: unreadable, or readable but not playable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsePositionError {
    /// The FEN cannot be read.
    Fen(FenError),
    /// The FEN was read but is not a position of the variant.
    Position(PositionError),
}

impl core::fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ParsePositionError::Fen(e) => e.fmt(f),
            ParsePositionError::Position(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ParsePositionError {}

impl<R: Rules> Position<R> {
    /// Reads and validates a PDN FEN in the variant's square names.
    pub fn from_fen(text: &str) -> Result<Position<R>, ParsePositionError> {
        let setup = parse(text, &R::NAMING).map_err(ParsePositionError::Fen)?;
        Position::new(setup).map_err(ParsePositionError::Position)
    }

    /// The PDN FEN of this position, in the variant's own square names.
    pub fn to_fen(&self) -> String {
        write(self)
    }
}

impl<R: Rules> core::fmt::Debug for Position<R> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Position<{}>({})", R::VARIANT, self.to_fen())
    }
}

impl<R: Rules> core::fmt::Display for Position<R> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.to_fen())
    }
}

/// Reads a PDN FEN in the square names of `naming`. Checks syntax and squares only; the
/// variant's limits are checked by [`Position::new`]. The form of the whole FEN is checked
/// before any error of meaning (a square off this board, a range that runs backwards) is
/// given.
pub fn parse(text: &str, naming: &Naming) -> Result<Setup, FenError> {
    // Characters are counted only when the bytes could be too many.
    if text.len() > MAX_CHARS {
        let chars = text.chars().count();
        if chars > MAX_CHARS {
            return Err(FenError::TooLong(chars));
        }
    }
    let text = text.trim_ascii().trim_end_matches('.');
    if text.is_empty() {
        return Err(FenError::Empty);
    }
    let mut fields = text.split(':');
    let side_field = fields.next().unwrap_or_default().trim_ascii();
    let side_to_move = match side_field {
        "W" | "w" => Color::White,
        "B" | "b" => Color::Black,
        other => return Err(FenError::SideToMove(other.to_owned())),
    };
    let mut setup =
        Setup { side_to_move, pieces: [Bitboard::EMPTY; 2], kings: Bitboard::EMPTY, repeated: Bitboard::EMPTY };
    let mut seen = [false; 2];
    // The first error of meaning, given once the whole FEN is known to be well formed.
    let mut meaning = None;
    for field in fields {
        let field = field.trim_ascii();
        let color = match field.as_bytes().first() {
            Some(b'W') => Color::White,
            Some(b'B') => Color::Black,
            _ => continue,
        };
        if seen[color.index()] {
            return Err(FenError::RepeatedPieces(color));
        }
        seen[color.index()] = true;
        let list = field[1..].trim_ascii();
        if list.is_empty() {
            continue;
        }
        for item in list.split(',') {
            match add_item(&mut setup, color, item.trim_ascii(), naming) {
                Err(error) if error.is_syntax() => return Err(error),
                Err(error) => meaning = meaning.or(Some(error)),
                Ok(()) => {}
            }
        }
    }
    for color in [Color::White, Color::Black] {
        if !seen[color.index()] {
            return Err(FenError::MissingPieces(color));
        }
    }
    match meaning {
        Some(error) => Err(error),
        None => Ok(setup),
    }
}

fn add_item(setup: &mut Setup, color: Color, item: &str, naming: &Naming) -> Result<(), FenError> {
    let (king, body) = match item.strip_prefix('K') {
        Some(rest) => (true, rest.trim_ascii_start()),
        None => (false, item),
    };
    let square_error = |reason| FenError::Square { color, item: item.to_owned(), reason };
    let mut add = |square: u8| {
        if (setup.pieces[0] | setup.pieces[1]).contains(square) {
            setup.repeated = setup.repeated.with(square);
        }
        setup.pieces[color.index()] = setup.pieces[color.index()].with(square);
        if king {
            setup.kings = setup.kings.with(square);
        }
    };
    match body.split_once('-') {
        None => add(naming.parse(body).map_err(square_error)?),
        Some((low, high)) => {
            let number = |text: &str| match scan_name(text.trim_ascii().as_bytes()) {
                Some((ScannedName::Number(n), len)) if len == text.trim_ascii().len() => Some(n),
                _ => None,
            };
            let (Some(low), Some(high)) = (number(low), number(high)) else {
                return Err(FenError::Range { color, item: item.to_owned() });
            };
            if low > high {
                return Err(FenError::ReversedRange { color, item: item.to_owned() });
            }
            for n in low..=high {
                add(naming.from_number(n).map_err(square_error)?);
            }
        }
    }
    Ok(())
}

/// Writes `position` as a PDN FEN: side to move, White's pieces, Black's pieces, each list in
/// square order ([`Naming::writing_order`]) with kings prefixed by `K`.
pub fn write<R: Rules>(position: &Position<R>) -> String {
    let mut out = String::with_capacity(160);
    out.push(position.side_to_move().letter());
    for color in [Color::White, Color::Black] {
        out.push(':');
        out.push(color.letter());
        let (pieces, kings) = (position.pieces(color), position.kings(color));
        let mut first = true;
        for &square in R::NAMING.writing_order() {
            if !pieces.contains(square) {
                continue;
            }
            if !first {
                out.push(',');
            }
            first = false;
            if kings.contains(square) {
                out.push('K');
            }
            R::NAMING.text(square).append_to(&mut out);
        }
    }
    out
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
        well_formed: &[
            "W:W31-50:B1-20",
            " b : B K 5 , 6-8 :H0: W c3 ,Kd4 :F1. ",
            "W:W:B",
            "w:Wa1:Bb2..",
            "W:W1,2:B3:",
            "W:WK5:BKK5",
            "W:W\n1\t:B2",
            "W:W99:B1",
            "W:W5-3:B",
        ],
        ill_formed: &[
            "",
            "X:W1:B2",
            "W:W1",
            "W:W1:W2:B3",
            "W:W1,,2:B3",
            "W:W1.:B2",
            "W:W1:B2. .",
            "W:Wa1-c3:B",
            "W:W1000:B",
            "W:Wc333:B",
            "W:W1:B2\u{feff}",
            "W:W\u{3000}1:B2",
            "W:Wx:B",
        ],
        pattern: PATTERN,
        max_chars: MAX_CHARS,
        reads_form: |text, naming| parse(text, naming).map_or_else(|e| !e.is_syntax(), |_| true),
    };

    #[test]
    fn errors_of_form_come_before_errors_of_meaning() {
        let error = parse("W:W99:Bzz", &English::NAMING).unwrap_err();
        assert!(error.is_syntax(), "{error}");
        let error = parse("W:W99,5-3:B1", &English::NAMING).unwrap_err();
        assert!(matches!(&error, FenError::Square { item, reason: SquareError::NoSuchSquare, .. } if item == "99"));
        let error = parse("W:W5-3:B1", &English::NAMING).unwrap_err();
        assert!(matches!(error, FenError::ReversedRange { .. }), "{error}");
        let error = parse("W:W1-3:B", &Russian::NAMING).unwrap_err();
        assert!(matches!(error, FenError::Square { reason: SquareError::NumbersNotSupported, .. }), "{error}");
        assert!(!error.is_syntax());
    }

    #[test]
    fn a_fen_longer_than_the_limit_is_not_read() {
        let longer = READER.assert_limit(&format!("W:W1:B2:{}", "H".repeat(MAX_CHARS - 8)));
        assert_eq!(parse(&longer, &English::NAMING), Err(FenError::TooLong(MAX_CHARS + 1)));
    }

    /// Texts made of the FEN's own parts and some that are not, so that many are nearly right:
    /// a side, fields of items, and an end.
    fn fen_like() -> impl Strategy<Value = String> {
        let pick = |tokens: &[&'static str]| prop::sample::select(tokens.to_vec());
        let space = pick(&["", "", " ", "\t", "\u{b}", "\u{c}", "\u{3000}", "\u{feff}"]);
        let side = pick(&["W", "B", "w", "b", "X", "", "WB"]);
        let item = pick(&[
            "1", "5", "32", "050", "1000", "c3", "a", "z9", "K", "K ", ",", ",", "-", " ", "\t", "\u{3000}",
            "\u{feff}", ".", "x", "×", ":",
        ]);
        let field = (
            pick(&[":", ":", ": ", ","]),
            pick(&["W", "B", "W", "B", "w", "H", ""]),
            prop::collection::vec(item, 0..5),
        )
            .prop_map(|(colon, letter, items)| format!("{colon}{letter}{}", items.concat()));
        let end = pick(&["", "", ".", "..", " .", ". .", "\u{feff}", "\n"]);
        (space, side, prop::collection::vec(field, 0..5), end)
            .prop_map(|(space, side, fields, end)| format!("{space}{side}{}{end}", fields.concat()))
    }

    #[test]
    fn the_pattern_says_the_form_the_reader_reads() {
        READER.assert_agreement(fen_like());
    }
}
