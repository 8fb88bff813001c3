//! PDN FEN: `<side>:W<squares>:B<squares>`, kings prefixed with `K`, ranges `31-50`,
//! colour groups in either order, unknown trailing fields (`:H0:F1`) ignored. docs/rules.md §12.

use crate::rules::bitboard::Bitboard;
use crate::rules::color::Color;
use crate::rules::naming::{Naming, SquareError};
use crate::rules::position::{Position, Setup};
use crate::rules::ruleset::Rules;

/// Why a FEN cannot be read; the message names the field and the square at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Nothing was given.
    Empty,
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
}

impl core::fmt::Display for FenError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            FenError::Empty => f.write_str("the FEN is empty"),
            FenError::SideToMove(found) => {
                write!(f, "the first FEN field (side to move) must be \"W\" or \"B\", found {found:?}")
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
                write!(f, "{item:?} in the {} pieces {why}", color.name())
            }
            FenError::Range { color, item } => {
                write!(f, "range {item:?} in the {} pieces must be two numbered squares, low-high", color.name())
            }
        }
    }
}

impl std::error::Error for FenError {}

/// Reads a PDN FEN in the square names of `naming`. Checks syntax and squares only; the
/// variant's limits are checked by [`Position::new`].
pub fn parse(text: &str, naming: &Naming) -> Result<Setup, FenError> {
    let text = text.trim().trim_end_matches('.');
    if text.is_empty() {
        return Err(FenError::Empty);
    }
    let mut fields = text.split(':');
    let side_field = fields.next().unwrap_or_default().trim();
    let side_to_move = match side_field {
        "W" | "w" => Color::White,
        "B" | "b" => Color::Black,
        other => return Err(FenError::SideToMove(other.to_owned())),
    };
    let mut setup =
        Setup { side_to_move, pieces: [Bitboard::EMPTY; 2], kings: Bitboard::EMPTY, repeated: Bitboard::EMPTY };
    let mut seen = [false; 2];
    for field in fields {
        let field = field.trim();
        let color = match field.as_bytes().first() {
            Some(b'W') => Color::White,
            Some(b'B') => Color::Black,
            _ => continue,
        };
        if seen[color.index()] {
            return Err(FenError::RepeatedPieces(color));
        }
        seen[color.index()] = true;
        let list = field[1..].trim();
        if list.is_empty() {
            continue;
        }
        for item in list.split(',') {
            add_item(&mut setup, color, item.trim(), naming)?;
        }
    }
    for color in [Color::White, Color::Black] {
        if !seen[color.index()] {
            return Err(FenError::MissingPieces(color));
        }
    }
    Ok(setup)
}

fn add_item(setup: &mut Setup, color: Color, item: &str, naming: &Naming) -> Result<(), FenError> {
    let (king, body) = match item.strip_prefix('K') {
        Some(rest) => (true, rest.trim_start()),
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
            let range_error = || FenError::Range { color, item: item.to_owned() };
            let (low, high) = (low.trim(), high.trim());
            let bounds = (low.parse::<u32>(), high.parse::<u32>());
            let (Ok(low_n), Ok(high_n)) = bounds else {
                return Err(range_error());
            };
            if low_n > high_n {
                return Err(range_error());
            }
            naming.parse(low).map_err(square_error)?;
            naming.parse(high).map_err(square_error)?;
            for n in low_n..=high_n {
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
