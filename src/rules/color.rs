//! `Color`: the two sides. White always plays "up" the board, towards row 0.

use serde::{Serialize, Serializer};

/// One of the two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side whose men move towards row 0 (the top of the board as White sees it).
    White,
    /// The side whose men move towards the last row.
    Black,
}

impl Color {
    /// The other side.
    #[inline(always)]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black: an index into per-side tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case English name, as the API writes it.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// Calls `f` with this colour as a compile-time constant in each branch, so that code
    /// depending on the colour (directions, crowning row) folds away on hot paths.
    #[inline(always)]
    pub fn specialize<T>(self, mut f: impl FnMut(Color) -> T) -> T {
        match self {
            Color::White => f(Color::White),
            Color::Black => f(Color::Black),
        }
    }

    /// The PDN letter: `W` or `B`.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }
}

impl core::ops::Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        self.opponent()
    }
}

impl Serialize for Color {
    /// Written as its name ([`Color::name`]): `white` or `black`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}
