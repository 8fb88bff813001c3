//! `Geometry`: the four boards (8x8, 10x10 and 12x12 diagonal, 8x8 orthogonal) as bit layouts.
//!
//! Squares are addressed by an internal bit index. Rows are counted from the top as White sees
//! the board (row 0 is White's crowning row); columns from the left. The diagonal boards use a
//! padded layout (one ghost bit after every two rows), so that each diagonal step is a constant
//! shift on every square: with `w` playable squares a row, up-left is `-(w+1)`, up-right `-w`,
//! down-left `+w`, down-right `+w+1`. On a diagonal board the playable squares are those with
//! `row + column` odd (the near-left corner of White is playable); boards whose near-right
//! corner is playable (Italian, Spanish) are the same board mirrored, see
//! [`crate::rules::naming`]. The orthogonal board uses all 64 bits, `row * 8 + column`. The
//! 12x12 board needs 77 bits; the tables here are kept at 128 bits and each board reads them
//! in its own word ([`Word`]).
//!
//! Each board has four directions of movement, indexes 0–3. The diagonal boards also have the
//! four straight lines, indexes 4–7 (up, left, right, down), along which Frisian captures: one
//! step is to the next playable square of the same row (two columns on) or of the same column
//! (two rows on). Direction indexes are chosen so that the opposite of direction `d` is
//! `d ^ 3` ([`opposite`]). This module knows nothing of pieces or rules.

use serde::Serialize;

use super::bitboard::{Bitboard, WideBitboard, Word};
use super::color::Color;

/// The number of internal square indexes a board may use: the size of every per-square table.
pub const INDEXES: usize = 128;

/// The most rows (and columns) a board has.
pub const MAX_SIZE: usize = 12;

/// "No square": the value of a neighbour table entry that leaves the board.
pub const NONE: u8 = INDEXES as u8;

/// Which of the four boards. Serialised by the lines pieces move along, as clients choosing a
/// variant read it: `diagonal` (the three boards of dark squares) or `orthogonal`; the size is
/// told apart elsewhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum BoardKind {
    /// 8x8, play on the 32 dark squares, diagonal moves.
    #[serde(rename = "diagonal")]
    Diagonal8,
    /// 10x10, play on the 50 dark squares, diagonal moves.
    #[serde(rename = "diagonal")]
    Diagonal10,
    /// 12x12, play on the 72 dark squares, diagonal moves (Canadian).
    #[serde(rename = "diagonal")]
    Diagonal12,
    /// 8x8, play on all 64 squares, orthogonal moves (Turkish).
    #[serde(rename = "orthogonal")]
    Orthogonal8,
}

/// One board's layout: which bits are squares, how squares neighbour each other.
#[derive(Debug)]
pub struct Geometry {
    /// Which board this is.
    pub kind: BoardKind,
    /// Number of rows (and of columns: every board is square).
    pub size: u8,
    /// Number of playable squares.
    pub squares: u8,
    /// The bits that are playable squares.
    pub valid: WideBitboard,
    /// Bit shift of one step in each direction (negative: towards row 0).
    pub offsets: [i8; DIRECTIONS],
    /// For each direction, the squares from which one step in that direction stays on the board.
    pub can_step: [WideBitboard; DIRECTIONS],
    /// `neighbor[d][i]`: the square one step from `i` in direction `d`, or [`NONE`].
    pub neighbor: [[u8; INDEXES]; DIRECTIONS],
    /// `jump[d][i]`: the square two steps from `i` in direction `d` (where a short jump lands),
    /// or [`NONE`].
    pub jump: [[u8; INDEXES]; DIRECTIONS],
    /// `(row, column)` of each bit (meaningless for bits that are not squares).
    pub coords: [(u8, u8); INDEXES],
    /// The squares of each row.
    pub rows: [WideBitboard; MAX_SIZE],
    /// The directions a man of each colour moves forward in, as a bit set of direction indexes.
    pub forward: [u8; 2],
    /// The sideways directions (orthogonal board only), as a bit set of direction indexes.
    pub sideways: u8,
}

/// All four directions of movement, as a bit set of direction indexes.
pub const ALL_DIRECTIONS: u8 = 0b1111;

/// The four straight lines of a diagonal board (Frisian captures), as a bit set of direction
/// indexes.
pub const STRAIGHT_DIRECTIONS: u8 = 0b1111_0000;

/// The number of direction indexes.
pub const DIRECTIONS: usize = 8;

/// The direction indexes of a bit set of them, lowest first.
#[inline(always)]
pub fn each_direction(set: u8) -> impl Iterator<Item = usize> {
    (0..DIRECTIONS).filter(move |dir| set >> dir & 1 != 0)
}

/// The direction opposite `dir`.
#[inline(always)]
pub const fn opposite(dir: usize) -> usize {
    dir ^ 3
}

impl Geometry {
    /// The 8x8 diagonal board (32 squares).
    pub const DIAGONAL_8: Geometry = Geometry::diagonal(BoardKind::Diagonal8, 8);
    /// The 10x10 diagonal board (50 squares).
    pub const DIAGONAL_10: Geometry = Geometry::diagonal(BoardKind::Diagonal10, 10);
    /// The 12x12 diagonal board (72 squares).
    pub const DIAGONAL_12: Geometry = Geometry::diagonal(BoardKind::Diagonal12, 12);
    /// The 8x8 orthogonal board (64 squares).
    pub const ORTHOGONAL_8: Geometry = Geometry::orthogonal();

    /// Directions: 0 up-left, 1 up-right, 2 down-left, 3 down-right; along the straight lines,
    /// 4 up, 5 left, 6 right, 7 down.
    const fn diagonal(kind: BoardKind, size: u8) -> Geometry {
        let w = (size / 2) as i8;
        let steps: [(i8, i8); DIRECTIONS] = [(-1, -1), (-1, 1), (1, -1), (1, 1), (-2, 0), (0, -2), (0, 2), (2, 0)];
        let mut bits = [NONE; MAX_SIZE * MAX_SIZE];
        let mut coords = [(0u8, 0u8); INDEXES];
        let mut r = 0;
        while r < size {
            let mut c = 0;
            while c < size {
                if (r + c) % 2 == 1 {
                    let n = r as usize * w as usize + c as usize / 2;
                    let bit = n + n / (2 * w as usize);
                    bits[r as usize * MAX_SIZE + c as usize] = bit as u8;
                    coords[bit] = (r, c);
                }
                c += 1;
            }
            r += 1;
        }
        let offsets = [-(w + 1), -w, w, w + 1, -(2 * w + 1), -1, 1, 2 * w + 1];
        Geometry::build(kind, size, bits, coords, steps, offsets, [0b0011, 0b1100], 0)
    }

    /// Directions: 0 up, 1 left, 2 right, 3 down.
    const fn orthogonal() -> Geometry {
        let mut bits = [NONE; MAX_SIZE * MAX_SIZE];
        let mut coords = [(0u8, 0u8); INDEXES];
        let mut r = 0;
        while r < 8 {
            let mut c = 0;
            while c < 8 {
                bits[r * MAX_SIZE + c] = (r * 8 + c) as u8;
                coords[r * 8 + c] = (r as u8, c as u8);
                c += 1;
            }
            r += 1;
        }
        // No steps in directions 4–7: the orthogonal board's lines are its four directions.
        let steps: [(i8, i8); DIRECTIONS] = [(-1, 0), (0, -1), (0, 1), (1, 0), (0, 0), (0, 0), (0, 0), (0, 0)];
        let offsets = [-8, -1, 1, 8, 0, 0, 0, 0];
        Geometry::build(BoardKind::Orthogonal8, 8, bits, coords, steps, offsets, [0b0001, 0b1000], 0b0110)
    }

    #[allow(clippy::too_many_arguments)]
    const fn build(
        kind: BoardKind,
        size: u8,
        bits: [u8; MAX_SIZE * MAX_SIZE],
        coords: [(u8, u8); INDEXES],
        steps: [(i8, i8); DIRECTIONS],
        offsets: [i8; DIRECTIONS],
        forward: [u8; 2],
        sideways: u8,
    ) -> Geometry {
        let mut valid = 0u128;
        let mut neighbor = [[NONE; INDEXES]; DIRECTIONS];
        let mut can_step = [0u128; DIRECTIONS];
        let mut rows = [0u128; MAX_SIZE];
        let mut squares = 0;
        let mut i = 0;
        while i < MAX_SIZE * MAX_SIZE {
            let bit = bits[i];
            if bit != NONE {
                squares += 1;
                valid |= 1 << bit;
                let (r, c) = ((i / MAX_SIZE) as i8, (i % MAX_SIZE) as i8);
                rows[r as usize] |= 1 << bit;
                let mut d = 0;
                while d < DIRECTIONS {
                    let (nr, nc) = (r + steps[d].0, c + steps[d].1);
                    if steps[d].0 | steps[d].1 != 0 && nr >= 0 && nc >= 0 && nr < size as i8 && nc < size as i8 {
                        let target = bits[nr as usize * MAX_SIZE + nc as usize];
                        if target != NONE {
                            neighbor[d][bit as usize] = target;
                            can_step[d] |= 1 << bit;
                        }
                    }
                    d += 1;
                }
            }
            i += 1;
        }
        let mut jump = [[NONE; INDEXES]; DIRECTIONS];
        let mut d = 0;
        while d < DIRECTIONS {
            let mut i = 0;
            while i < INDEXES {
                let next = neighbor[d][i];
                if next != NONE {
                    jump[d][i] = neighbor[d][next as usize];
                }
                i += 1;
            }
            d += 1;
        }
        Geometry {
            kind,
            size,
            squares,
            valid: Bitboard(valid),
            offsets,
            can_step: wide_bitboards(can_step),
            neighbor,
            jump,
            coords,
            rows: wide_bitboards(rows),
            forward,
            sideways,
        }
    }

    /// The bits the padded layout uses: one past its highest square's index. A word that
    /// keeps this board's sets must have at least this many bits ([`crate::rules::Rules::Board`]).
    pub const fn bits(&self) -> u32 {
        u128::BITS - self.valid.0.leading_zeros()
    }

    /// The playable squares, in the board's word.
    #[inline(always)]
    pub fn squares<W: Word>(&self) -> Bitboard<W> {
        Bitboard::narrow(self.valid)
    }

    /// The squares of row `row` (counted from White's crowning row), in the board's word.
    #[inline(always)]
    pub fn row<W: Word>(&self, row: usize) -> Bitboard<W> {
        Bitboard::narrow(self.rows[row])
    }

    /// The squares from which one step in direction `dir` stays on the board, in the board's
    /// word.
    #[inline(always)]
    pub fn steppable<W: Word>(&self, dir: usize) -> Bitboard<W> {
        Bitboard::narrow(self.can_step[dir])
    }

    /// Every square of `set` moved one step in direction `dir`; squares that would leave the
    /// board are dropped.
    #[inline(always)]
    pub fn shift<W: Word>(&self, set: Bitboard<W>, dir: usize) -> Bitboard<W> {
        let from = set & self.steppable(dir);
        let offset = self.offsets[dir];
        if offset > 0 {
            Bitboard(from.0 << offset as u32)
        } else {
            Bitboard(from.0 >> (-offset) as u32)
        }
    }

    /// Every square of `set` moved one step against direction `dir` (the inverse of
    /// [`Geometry::shift`]); squares that would leave the board are dropped.
    #[inline(always)]
    pub fn shift_back<W: Word>(&self, set: Bitboard<W>, dir: usize) -> Bitboard<W> {
        self.shift(set, opposite(dir))
    }

    /// The square one step from `square` in direction `dir`, or [`NONE`].
    #[inline(always)]
    pub fn step(&self, square: u8, dir: usize) -> u8 {
        self.neighbor[dir][square as usize]
    }

    /// The square two steps from `square` in direction `dir` (a short jump's landing), or [`NONE`].
    #[inline(always)]
    pub fn jump(&self, square: u8, dir: usize) -> u8 {
        self.jump[dir][square as usize]
    }

    /// The row a man of `color` is crowned on.
    #[inline(always)]
    pub fn crowning_row<W: Word>(&self, color: Color) -> Bitboard<W> {
        match color {
            Color::White => self.row(0),
            Color::Black => self.row(self.size as usize - 1),
        }
    }

    /// The long diagonal from White's near-left corner to the far-right corner (a1–h8 on 8x8).
    pub fn long_diagonal<W: Word>(&self) -> Bitboard<W> {
        self.valid
            .into_iter()
            .filter(|&s| {
                let (row, column) = self.coords[s as usize];
                row + column == self.size - 1
            })
            .fold(Bitboard::EMPTY, |set, s| set.with(s))
    }
}

/// Each word of `words` as a set of squares (a `const` loop: `map` is not `const`).
const fn wide_bitboards<const N: usize>(words: [u128; N]) -> [WideBitboard; N] {
    let mut out = [WideBitboard::EMPTY; N];
    let mut i = 0;
    while i < N {
        out[i] = Bitboard(words[i]);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all() -> [&'static Geometry; 4] {
        [&Geometry::DIAGONAL_8, &Geometry::DIAGONAL_10, &Geometry::DIAGONAL_12, &Geometry::ORTHOGONAL_8]
    }

    #[test]
    fn square_counts() {
        assert_eq!(Geometry::DIAGONAL_8.squares, 32);
        assert_eq!(Geometry::DIAGONAL_10.squares, 50);
        assert_eq!(Geometry::DIAGONAL_12.squares, 72);
        assert_eq!(Geometry::ORTHOGONAL_8.squares, 64);
        for g in all() {
            assert_eq!(g.valid.count(), g.squares as u32);
        }
    }

    /// The padded diagonal layouts leave one ghost bit after every two rows: 12x12 needs more
    /// than 64 bits, every other board fits in 64.
    #[test]
    fn the_layouts_take_35_54_77_and_64_bits() {
        let bits = all().map(Geometry::bits);
        assert_eq!(bits, [35, 54, 77, 64]);
    }

    #[test]
    fn shifting_a_square_agrees_with_the_neighbour_table() {
        for g in all() {
            for square in g.valid {
                for dir in 0..DIRECTIONS {
                    let shifted = g.shift(WideBitboard::from_index(square), dir);
                    match g.step(square, dir) {
                        NONE => assert!(shifted.is_empty(), "{:?} {square} {dir}", g.kind),
                        to => assert_eq!(shifted, WideBitboard::from_index(to), "{:?} {square} {dir}", g.kind),
                    }
                }
            }
        }
    }

    #[test]
    fn opposite_directions_undo_each_other() {
        for g in all() {
            for square in g.valid {
                for dir in 0..DIRECTIONS {
                    let to = g.step(square, dir);
                    if to != NONE {
                        assert_eq!(g.step(to, opposite(dir)), square);
                    }
                }
            }
        }
    }

    #[test]
    fn straight_steps_on_a_diagonal_board_go_two_columns_or_two_rows() {
        let g = &Geometry::DIAGONAL_10;
        let at = |row: u8, column: u8| g.valid.into_iter().find(|&s| g.coords[s as usize] == (row, column));
        let square = at(4, 3).expect("d6 is playable");
        assert_eq!(Some(g.step(square, 4)), at(2, 3));
        assert_eq!(Some(g.step(square, 5)), at(4, 1));
        assert_eq!(Some(g.step(square, 6)), at(4, 5));
        assert_eq!(Some(g.step(square, 7)), at(6, 3));
        assert_eq!(g.step(at(4, 1).expect("b6"), 5), NONE);
        assert_eq!(g.step(at(4, 9).expect("j6"), 6), NONE);
        assert!((4..DIRECTIONS).all(|dir| Geometry::ORTHOGONAL_8.can_step[dir].is_empty()));
    }

    #[test]
    fn near_left_corner_is_playable_on_diagonal_boards() {
        let playable =
            |g: &Geometry, at: (u8, u8)| g.valid.into_iter().filter(|&s| g.coords[s as usize] == at).count() == 1;
        assert!(playable(&Geometry::DIAGONAL_8, (7, 0)));
        assert!(playable(&Geometry::DIAGONAL_10, (9, 0)));
        assert!(playable(&Geometry::DIAGONAL_12, (11, 0)));
        assert!(!playable(&Geometry::DIAGONAL_8, (7, 7)));
    }
}
