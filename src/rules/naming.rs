//! `Naming`: how a variant names its squares (numbers 1..n or algebraic `c3`).
//!
//! Internal indexes come from [`crate::rules::geometry`]; a naming maps them to the names
//! players write. Italian and Spanish boards are the diagonal board mirrored left to right
//! (their near-right corner is playable), so their names are read through a mirror.

use serde::{Serialize, Serializer};
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, OneOfBuilder, SchemaFormat, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

use super::geometry::{Geometry, INDEXES, MAX_SIZE, NONE};

/// How the squares are numbered, if they are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numbering {
    /// No standard numbering (Russian, Brazilian, Czech, Turkish: algebraic only).
    None,
    /// 1 is the first playable square of the top row as White sees it, counting left to right,
    /// row by row (International, English, Italian).
    ReadingOrder,
    /// 1 is White's near-right corner, counting right to left from the bottom row (Spanish,
    /// PDN "N1").
    FromWhiteNearRight,
}

/// Which notation a variant writes by default; serialised `numeric` or `algebraic`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Notation {
    /// Square numbers: `32-28`.
    Numeric,
    /// File letter and rank number: `c3-d4`.
    Algebraic,
}

/// A square's name as written in notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SquareName {
    /// A square number (1-based).
    Number(u8),
    /// File (0 = `a`) and rank (1-based).
    Algebraic(u8, u8),
}

impl SquareName {
    /// The name as written (`32`, `c3`), built on the stack: writing a FEN or a move's
    /// notation appends it without formatting machinery or an allocation per square. A
    /// number's text is looked up in a table: an answer writes several squares per move.
    pub const fn text(self) -> SquareText {
        match self {
            SquareName::Number(n) => NUMBER_TEXTS[n as usize],
            SquareName::Algebraic(file, rank) => {
                let mut text = SquareText::EMPTY;
                text.push(b'a' + file);
                text.push_number(rank);
                text
            }
        }
    }
}

/// The text of every number a square can have.
const NUMBER_TEXTS: [SquareText; 256] = {
    let mut texts = [SquareText::EMPTY; 256];
    let mut number = 0;
    while number < texts.len() {
        texts[number].push_number(number as u8);
        number += 1;
    }
    texts
};

/// Written as the API writes squares: a number on numbered boards, a name such as `c3` on
/// algebraic ones.
impl Serialize for SquareName {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match *self {
            SquareName::Number(n) => serializer.serialize_u8(n),
            name @ SquareName::Algebraic(..) => serializer.serialize_str(name.text().as_str()),
        }
    }
}

/// The schema: one of a number and a string.
impl PartialSchema for SquareName {
    fn schema() -> RefOr<Schema> {
        let number = ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int32)))
            .description(Some("A square number."))
            .minimum(Some(0));
        let name = ObjectBuilder::new().schema_type(Type::String).description(Some("An algebraic square name."));
        OneOfBuilder::new()
            .item(number)
            .item(name)
            .description(Some("A square: a number on numbered boards, a name such as `c3` on algebraic ones."))
            .into()
    }
}

/// Named `Square` in the OpenAPI document.
impl ToSchema for SquareName {
    fn name() -> std::borrow::Cow<'static, str> {
        "Square".into()
    }
}

impl core::fmt::Display for SquareName {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.text().as_str())
    }
}

/// A square's name as text ([`SquareName::text`]): at most a file letter and three digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareText {
    bytes: [u8; 4],
    len: u8,
}

impl SquareText {
    const EMPTY: SquareText = SquareText { bytes: [0; 4], len: 0 };

    const fn push(&mut self, byte: u8) {
        self.bytes[self.len as usize] = byte;
        self.len += 1;
    }

    /// Appends `number`'s decimal digits.
    const fn push_number(&mut self, number: u8) {
        if number >= 100 {
            self.push(b'0' + number / 100);
        }
        if number >= 10 {
            self.push(b'0' + number / 10 % 10);
        }
        self.push(b'0' + number % 10);
    }

    /// Appends the text to `out`, byte by byte (every byte is ASCII), without the UTF-8 check
    /// [`SquareText::as_str`] makes: a FEN appends up to 40 squares.
    pub fn append_to(&self, out: &mut String) {
        for &byte in self.as_bytes() {
            out.push(char::from(byte));
        }
    }

    /// The text's bytes (ASCII letters and digits).
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len as usize]
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        // Only ASCII letters and digits are ever pushed.
        core::str::from_utf8(self.as_bytes()).unwrap_or_default()
    }
}

/// Why a square name could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SquareError {
    /// Not a number nor a file letter followed by a rank.
    Malformed,
    /// Well formed, but no such playable square on this board.
    NoSuchSquare,
    /// A number on a board that has no standard numbering.
    NumbersNotSupported,
}

/// A variant's square names over its geometry.
#[derive(Debug)]
pub struct Naming {
    /// The board.
    pub geometry: &'static Geometry,
    /// Whether the board is the geometry seen in a mirror (playable near-right corner).
    pub mirrored: bool,
    /// The numbering, if any.
    pub numbering: Numbering,
    /// The notation written by default.
    pub notation: Notation,
    /// Each internal index's number (0: not a square, or no numbering).
    numbers: [u8; INDEXES],
    /// The internal index of each number ([`NONE`] where there is none).
    by_number: [u8; INDEXES],
    /// The internal index of each square as players see the board, at
    /// `row * MAX_SIZE + column` ([`NONE`] where there is none): reading an algebraic name is
    /// one lookup.
    by_visible: [u8; MAX_SIZE * MAX_SIZE],
    /// The internal indexes of the playable squares in the order lists of squares are written
    /// in (a FEN's): by number where the notation is numeric, else by rank, then file.
    writing_order: [u8; INDEXES],
    /// Each playable square's name as text ([`Naming::text`]).
    texts: [SquareText; INDEXES],
}

impl Naming {
    /// The names of `geometry`'s squares, seen in a mirror or not, numbered as `numbering`.
    pub const fn new(geometry: &'static Geometry, mirrored: bool, numbering: Numbering, notation: Notation) -> Naming {
        let mut numbers = [0u8; INDEXES];
        let mut by_number = [NONE; INDEXES];
        let mut by_visible = [NONE; MAX_SIZE * MAX_SIZE];
        let mut bit = 0;
        while bit < INDEXES as u8 {
            if geometry.valid.0 >> bit & 1 != 0 {
                let (row, column) = geometry.coords[bit as usize];
                let column = if mirrored { geometry.size - 1 - column } else { column };
                by_visible[row as usize * MAX_SIZE + column as usize] = bit;
            }
            bit += 1;
        }
        if !matches!(numbering, Numbering::None) {
            let size = geometry.size;
            let mut order = 0u8;
            let mut row = 0;
            while row < size {
                let mut visible = 0;
                while visible < size {
                    let bit = by_visible[row as usize * MAX_SIZE + visible as usize];
                    if bit != NONE {
                        order += 1;
                        let number = match numbering {
                            Numbering::FromWhiteNearRight => geometry.squares + 1 - order,
                            _ => order,
                        };
                        numbers[bit as usize] = number;
                        by_number[number as usize] = bit;
                    }
                    visible += 1;
                }
                row += 1;
            }
        }
        let writing_order = writing_order(geometry, notation, &by_number, &by_visible);
        let texts = [SquareText::EMPTY; INDEXES];
        let mut naming =
            Naming { geometry, mirrored, numbering, notation, numbers, by_number, by_visible, writing_order, texts };
        let mut bit = 0;
        while bit < INDEXES as u8 {
            if geometry.valid.0 >> bit & 1 != 0 {
                naming.texts[bit as usize] = naming.name(bit).text();
            }
            bit += 1;
        }
        naming
    }

    /// The playable squares in the order lists of squares are written in (a FEN's): by number
    /// where the notation is numeric, else by rank, then file.
    pub fn writing_order(&self) -> &[u8] {
        &self.writing_order[..self.geometry.squares as usize]
    }

    /// `(row, column)` as players see the board, White at the bottom: row 0 is the top row
    /// (Black's side), column 0 is file `a` at the left.
    pub const fn visible_coords(&self, square: u8) -> (u8, u8) {
        let (row, column) = self.geometry.coords[square as usize];
        let column = if self.mirrored { self.geometry.size - 1 - column } else { column };
        (row, column)
    }

    fn at_visible(&self, row: u8, column: u8) -> Option<u8> {
        let size = self.geometry.size;
        if row >= size || column >= size {
            return None;
        }
        match self.by_visible[row as usize * MAX_SIZE + column as usize] {
            NONE => None,
            square => Some(square),
        }
    }

    /// The square's number, if this variant numbers its squares.
    pub const fn number(&self, square: u8) -> Option<u8> {
        match self.numbers[square as usize] {
            0 => None,
            n => Some(n),
        }
    }

    /// The square with this number, if there is one.
    #[inline]
    pub fn from_number(&self, number: u32) -> Result<u8, SquareError> {
        if self.numbering == Numbering::None {
            return Err(SquareError::NumbersNotSupported);
        }
        match self.by_number.get(number as usize) {
            Some(&square) if square != NONE => Ok(square),
            _ => Err(SquareError::NoSuchSquare),
        }
    }

    /// The square's algebraic name: file (0 = `a`) and rank (1-based, rank 1 at White's side).
    pub const fn algebraic(&self, square: u8) -> (u8, u8) {
        let (row, column) = self.visible_coords(square);
        (column, self.geometry.size - row)
    }

    /// The square's name in the variant's own notation.
    pub const fn name(&self, square: u8) -> SquareName {
        match (self.notation, self.number(square)) {
            (Notation::Numeric, Some(n)) => SquareName::Number(n),
            _ => {
                let (file, rank) = self.algebraic(square);
                SquareName::Algebraic(file, rank)
            }
        }
    }

    /// The text of the square's [`Naming::name`], from a table the naming builds once: FENs and
    /// move notation write a name for every square they list.
    pub fn text(&self, square: u8) -> SquareText {
        self.texts[square as usize]
    }

    /// Reads a square written as a number (where the variant numbers squares) or as a file
    /// letter and a rank (on every board).
    pub fn parse(&self, text: &str) -> Result<u8, SquareError> {
        match scan_name(text.as_bytes()) {
            Some((name, len)) if len == text.len() => self.square_named(name),
            _ => Err(SquareError::Malformed),
        }
    }

    /// The square of a name read by [`scan_name`].
    #[inline]
    pub fn square_named(&self, name: ScannedName) -> Result<u8, SquareError> {
        match name {
            ScannedName::Number(number) => self.from_number(number),
            ScannedName::Algebraic { letter, rank } => {
                let file = letter.to_ascii_lowercase() - b'a';
                let size = self.geometry.size;
                if rank == 0 || rank > size || file >= size {
                    return Err(SquareError::NoSuchSquare);
                }
                self.at_visible(size - rank, file).ok_or(SquareError::NoSuchSquare)
            }
        }
    }
}

/// [`Naming::writing_order`], built from the naming's tables.
const fn writing_order(
    geometry: &Geometry,
    notation: Notation,
    by_number: &[u8; INDEXES],
    by_visible: &[u8; MAX_SIZE * MAX_SIZE],
) -> [u8; INDEXES] {
    let mut order = [NONE; INDEXES];
    let mut len = 0;
    if matches!(notation, Notation::Numeric) && by_number[1] != NONE {
        while len < geometry.squares as usize {
            order[len] = by_number[len + 1];
            len += 1;
        }
        return order;
    }
    let mut rank = 1;
    while rank <= geometry.size {
        let mut file = 0;
        while file < geometry.size {
            let square = by_visible[(geometry.size - rank) as usize * MAX_SIZE + file as usize];
            if square != NONE {
                order[len] = square;
                len += 1;
            }
            file += 1;
        }
        rank += 1;
    }
    order
}

/// A square name as written, before it is looked up on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScannedName {
    /// One to three digits.
    Number(u32),
    /// A letter and a rank of one or two digits.
    Algebraic {
        /// The file letter as written (either case).
        letter: u8,
        /// The rank.
        rank: u8,
    },
}

/// Reads the square name `bytes` start with, in one pass: the name and its length in bytes.
/// `None` when they start with no well-formed name: neither a digit nor a letter, a letter
/// without a rank, or more digits than a name has. The name ends at the first byte that
/// cannot continue it.
#[inline]
pub fn scan_name(bytes: &[u8]) -> Option<(ScannedName, usize)> {
    let (&first, rest) = bytes.split_first()?;
    if first.is_ascii_digit() {
        let (number, len) = scan_digits(bytes, 3)?;
        return Some((ScannedName::Number(number), len));
    }
    if !first.is_ascii_alphabetic() {
        return None;
    }
    let (rank, len) = scan_digits(rest, 2)?; // two digits: at most 99
    Some((ScannedName::Algebraic { letter: first, rank: rank as u8 }, 1 + len))
}

/// The number written by the one to `max` digits `bytes` start with, and how many there are;
/// `None` if there are none or more than `max`.
#[inline(always)]
fn scan_digits(bytes: &[u8], max: usize) -> Option<(u32, usize)> {
    let mut value = 0u32;
    let mut len = 0;
    while let Some(&digit @ b'0'..=b'9') = bytes.get(len) {
        if len == max {
            return None;
        }
        value = value * 10 + u32::from(digit - b'0');
        len += 1;
    }
    (len > 0).then_some((value, len))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_are_written_as_players_write_them() {
        for (name, text) in [
            (SquareName::Number(1), "1"),
            (SquareName::Number(32), "32"),
            (SquareName::Number(50), "50"),
            (SquareName::Number(100), "100"),
            (SquareName::Algebraic(2, 3), "c3"),
            (SquareName::Algebraic(9, 10), "j10"),
        ] {
            assert_eq!(name.text().as_str(), text);
            assert_eq!(name.to_string(), text);
            let mut appended = String::from("x");
            name.text().append_to(&mut appended);
            assert_eq!(appended, format!("x{text}"));
        }
    }

    #[test]
    fn a_name_is_scanned_up_to_the_first_byte_that_cannot_continue_it() {
        let number = |n| Some((ScannedName::Number(n), n.to_string().len()));
        assert_eq!(scan_name(b"11-15"), number(11));
        assert_eq!(scan_name(b"5x14"), number(5));
        assert_eq!(scan_name(b"045"), Some((ScannedName::Number(45), 3)));
        assert_eq!(scan_name(b"c3xe5"), Some((ScannedName::Algebraic { letter: b'c', rank: 3 }, 2)));
        assert_eq!(scan_name(b"J10"), Some((ScannedName::Algebraic { letter: b'J', rank: 10 }, 3)));
        for text in [&b""[..], b"-1", b" 1", b"1234", b"99999999999-1", b"c", b"cx3", b"a123", b"\xc3\x97"] {
            assert_eq!(scan_name(text), None, "{:?}", String::from_utf8_lossy(text));
        }
    }
}
