//! `patterns`: a value for each arrangement of men in each of a set of overlapping regions of
//! the board, fitted to self-play games by `bench/train_patterns.py` and added to the static
//! value.
//!
//! A region holds 8 playable squares, each empty (or holding a king), a white man or a black
//! man: its arrangement is the base-3 number of those states, squares counted from the region's
//! top row, left to right. On a diagonal board a region is 4 rows by 4 columns, starting on
//! every even row and every even column that leaves it on the board (16 regions on the 10x10
//! board, 9 on the 8x8); on the orthogonal board (Turkish) it is 2 rows by 4 columns, starting
//! on every row and on columns 0, 2 and 4 (21 regions). Regions are numbered row by row.
//!
//! Each region spans two neighbouring *strips* of the board, with 4 of its squares on each: a
//! strip is a pair of rows on a diagonal board, one row on the orthogonal board. In the padded
//! diagonal layout (see [`crate::rules::geometry`]), with `w` playable squares a row, rows `2k`
//! and `2k + 1` take bits `(2w + 1)k ..`, and a region's squares on them are two neighbouring
//! bits of each; on the orthogonal board row `k` takes bits `8k ..`. One table lookup per strip
//! and colour gives the strip's share of every region that touches it (`strip_lanes`).

use super::family::Family;
use crate::rules::Bitboard;

/// The arrangements of one region.
const ARRANGEMENTS: usize = 6561;

/// A board's fitted pattern values.
pub struct Patterns {
    /// Rows of regions (one fewer than the board's strips).
    bands: usize,
    /// Regions per row of regions.
    columns: usize,
    /// Bits from the start of one strip to the next.
    strip_shift: u32,
    /// The bits of one strip, from its start.
    strip_mask: usize,
    /// A [`strip_lanes`] table for this board.
    lanes: &'static [u64],
    /// The values, hundredths of a man for White, as signed bytes (two's complement): region by
    /// region, arrangement by arrangement.
    values: &'static [u8],
}

/// The pattern values of a board family, where it has them.
pub const fn of(family: Family) -> Option<&'static Patterns> {
    match family {
        Family::FlyingKings10 => Some(&INTERNATIONAL),
        Family::FlyingKings8 => Some(&FLYING_KINGS_8),
        Family::ShortKings8 => Some(&SHORT_KINGS_8),
        Family::Turkish => Some(&TURKISH),
        Family::FlyingKings12 | Family::GiveAway | Family::Breakthrough => None,
    }
}

/// International's values (10x10 board, 16 regions).
static INTERNATIONAL: Patterns = Patterns::diagonal(5, &LANES_10, include_bytes!("patterns/international.bin"));

/// The 8x8 flying-king family's values (Russian, Brazilian, Spanish, Czech; 9 regions), fitted
/// to Russian games.
static FLYING_KINGS_8: Patterns = Patterns::diagonal(4, &LANES_8, include_bytes!("patterns/flying_kings_8.bin"));

/// The 8x8 short-king family's values (English and Italian; 9 regions), fitted to
/// English games.
static SHORT_KINGS_8: Patterns = Patterns::diagonal(4, &LANES_8, include_bytes!("patterns/short_kings_8.bin"));

/// Turkish values (8x8 orthogonal board, 21 regions).
static TURKISH: Patterns = Patterns::orthogonal(include_bytes!("patterns/turkish.bin"));

/// `LANES_10[v]`: for the 10 bits `v` of one colour's men on a pair of rows of the 10x10 board,
/// the base-3 number of each region column's 4 squares on those rows, column `c` in the 16-bit
/// lane `c` (see [`strip_lanes`]): with 5 playable squares a row, column `c`'s squares are bits
/// `c`, `c + 1`, `c + 5` and `c + 6`.
static LANES_10: [u64; 1024] = strip_lanes::<1024>(4, 1, 5);

/// The same for the 8 bits of a pair of rows of the 8x8 board (4 playable squares a row).
static LANES_8: [u64; 256] = strip_lanes::<256>(3, 1, 4);

/// The same for the 8 bits of one row of the orthogonal board: region column `c`'s squares are
/// bits `2c` to `2c + 3`.
static ORTHOGONAL_LANES: [u64; 256] = strip_lanes::<256>(3, 2, 2);

/// The base-3 number whose digit `i` is 1 where bit `digits[i]` of `v` is set, else 0.
const fn base3(v: usize, digits: [usize; 4]) -> u64 {
    let (mut number, mut power, mut i) = (0u64, 1u64, 0);
    while i < 4 {
        if v >> digits[i] & 1 != 0 {
            number += power;
        }
        power *= 3;
        i += 1;
    }
    number
}

/// A strip's lane table for every value `v` of its `N`-bit word: `columns` region columns, column
/// `c`'s squares being bits `stride * c` and `stride * c + 1`, then `gap` bits further on, bits
/// `stride * c + gap` and `stride * c + gap + 1`. On a diagonal board with `w` playable squares a
/// row the two pairs lie on the strip's two rows (`stride` 1, `gap` `w`); on the orthogonal
/// board the four squares are neighbours on one row (`stride` 2, `gap` 2).
const fn strip_lanes<const N: usize>(columns: usize, stride: usize, gap: usize) -> [u64; N] {
    let mut table = [0u64; N];
    let mut v = 0;
    while v < N {
        let mut column = 0;
        while column < columns {
            let first = stride * column;
            table[v] |= base3(v, [first, first + 1, first + gap, first + gap + 1]) << (16 * column);
            column += 1;
        }
        v += 1;
    }
    table
}

impl Patterns {
    /// The values of a diagonal board with `width` playable squares a row; a values file of the
    /// wrong size for that board stops the build.
    const fn diagonal(width: u32, lanes: &'static [u64], values: &'static [u8]) -> Patterns {
        let per_band = width as usize - 1;
        let strip_mask = (1 << (2 * width)) - 1;
        Patterns { bands: per_band, columns: per_band, strip_shift: 2 * width + 1, strip_mask, lanes, values }.checked()
    }

    /// The values of the orthogonal 8x8 board; a values file of the wrong size stops the build.
    const fn orthogonal(values: &'static [u8]) -> Patterns {
        Patterns { bands: 7, columns: 3, strip_shift: 8, strip_mask: 0xFF, lanes: &ORTHOGONAL_LANES, values }.checked()
    }

    /// These values, if the values file has the size of these regions; else the build stops.
    const fn checked(self) -> Patterns {
        assert!(self.values.len() == self.bands * self.columns * ARRANGEMENTS, "a pattern file of the wrong size");
        self
    }

    /// The region lanes of a strip: in lane `c`, the base-3 number of region column `c`'s
    /// squares on strip `strip`.
    #[inline(always)]
    fn strip_lanes(&self, white: Bitboard<u64>, black: Bitboard<u64>, strip: usize) -> u64 {
        let shift = self.strip_shift * strip as u32;
        self.lanes[(white.0 >> shift) as usize & self.strip_mask]
            + 2 * self.lanes[(black.0 >> shift) as usize & self.strip_mask]
    }

    /// Calls `f(region, arrangement)` for every region. A region's 8 squares are the 4 of its
    /// column on each of two strips: its number is the upper strip's number plus 81 times the
    /// lower's, and the regions of a band are computed at once, one per lane.
    #[inline(always)]
    fn for_each_arrangement(&self, white: Bitboard<u64>, black: Bitboard<u64>, mut f: impl FnMut(usize, usize)) {
        let mut upper = self.strip_lanes(white, black, 0);
        for band in 0..self.bands {
            let lower = self.strip_lanes(white, black, band + 1);
            let lanes = upper + 81 * lower;
            for column in 0..self.columns {
                f(band * self.columns + column, (lanes >> (16 * column)) as usize & 0xFFFF);
            }
            upper = lower;
        }
    }

    /// The patterns' value for White of a position with these men. Only boards whose layout
    /// fits in 64 bits have patterns, so the men come as `u64` sets.
    #[inline(always)]
    pub fn value(&self, white: Bitboard<u64>, black: Bitboard<u64>) -> i32 {
        let mut total = 0;
        self.for_each_arrangement(white, black, |region, arrangement| {
            total += self.values[region * ARRANGEMENTS + arrangement] as i8 as i32;
        });
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::BoardKind;
    use crate::rules::ruleset::{English, International, Russian, Turkish};
    use crate::rules::{Color, Position, Rules};

    fn patterns_of<R: Rules<Board = u64>>() -> &'static Patterns {
        of(Family::of::<R>()).expect("the standard goal's families have patterns")
    }

    fn arrangements<R: Rules<Board = u64>>(position: &Position<R>) -> Vec<usize> {
        let mut all = Vec::new();
        patterns_of::<R>().for_each_arrangement(position.men(Color::White), position.men(Color::Black), |region, a| {
            assert_eq!(region, all.len());
            all.push(a);
        });
        all
    }

    fn is_playable<R: Rules<Board = u64>>(row: usize, column: usize) -> bool {
        R::GEOMETRY.kind == BoardKind::Orthogonal8 || (row + column) % 2 == 1
    }

    /// The regions of `R`'s board, as the module's doc defines them: for each, its squares as
    /// `(row, column)`, top row first, left to right.
    fn regions<R: Rules<Board = u64>>() -> Vec<Vec<(usize, usize)>> {
        let size = R::GEOMETRY.size as usize;
        let (height, tops, lefts): (usize, Vec<usize>, Vec<usize>) = match R::GEOMETRY.kind {
            BoardKind::Orthogonal8 => (2, (0..size - 1).collect(), vec![0, 2, 4]),
            _ => (4, (0..size - 2).step_by(2).collect(), (0..size - 2).step_by(2).collect()),
        };
        let mut all = Vec::new();
        for &top in &tops {
            for &left in &lefts {
                let squares: Vec<(usize, usize)> = (top..top + height)
                    .flat_map(|row| (left..left + 4).map(move |column| (row, column)))
                    .filter(|&(row, column)| is_playable::<R>(row, column))
                    .collect();
                assert_eq!(squares.len(), 8);
                all.push(squares);
            }
        }
        all
    }

    /// The name of a square in a FEN: its number on numbered boards, else `c3`.
    fn name<R: Rules<Board = u64>>((row, column): (usize, usize)) -> String {
        let size = R::GEOMETRY.size as usize;
        if R::GEOMETRY.size == 10 || R::VARIANT == crate::rules::Variant::English {
            (row * size / 2 + column / 2 + 1).to_string()
        } else {
            format!("{}{}", (b'a' + column as u8) as char, size - row)
        }
    }

    /// The arrangement of a region counted square by square from board coordinates.
    fn arrangement_by_coordinates<R: Rules<Board = u64>>(position: &Position<R>, squares: &[(usize, usize)]) -> usize {
        let g = R::GEOMETRY;
        let bit = |(row, column): (usize, usize)| {
            (0..64u8).find(|&bit| g.valid.contains(bit) && g.coords[bit as usize] == (row as u8, column as u8))
        };
        squares.iter().rev().fold(0, |n, &square| {
            let bit = bit(square).expect("a playable square");
            let state = if position.men(Color::White).contains(bit) {
                1
            } else if position.men(Color::Black).contains(bit) {
                2
            } else {
                0
            };
            3 * n + state
        })
    }

    /// A region's squares in the trainer's order give it the digits the trainer reads: one man
    /// on each square in turn.
    fn one_man_on_a_regions_square_gives_the_arrangement_the_trainer_writes<R: Rules<Board = u64>>() {
        let size = R::GEOMETRY.size as usize;
        for (region, squares) in regions::<R>().iter().enumerate() {
            let outside = (1..size - 1)
                .flat_map(|row| (0..size).map(move |column| (row, column)))
                .find(|&(row, column)| is_playable::<R>(row, column) && !squares.contains(&(row, column)))
                .expect("a square outside");
            for (digit, &square) in squares.iter().enumerate() {
                // A man may not stand on its crowning row: White's is the top row.
                let (fen, state) = if square.0 == 0 {
                    (format!("W:W{}:B{}", name::<R>(outside), name::<R>(square)), 2)
                } else {
                    (format!("W:W{}:B{}", name::<R>(square), name::<R>(outside)), 1)
                };
                let position = Position::<R>::from_fen(&fen).expect("valid FEN");
                assert_eq!(arrangements(&position)[region], state * 3usize.pow(digit as u32), "{fen}");
            }
        }
    }

    #[test]
    fn one_man_on_a_regions_square_gives_the_arrangement_the_trainer_writes_on_each_board() {
        one_man_on_a_regions_square_gives_the_arrangement_the_trainer_writes::<International>();
        one_man_on_a_regions_square_gives_the_arrangement_the_trainer_writes::<English>();
        one_man_on_a_regions_square_gives_the_arrangement_the_trainer_writes::<Russian>();
        one_man_on_a_regions_square_gives_the_arrangement_the_trainer_writes::<Turkish>();
    }

    /// The position of these men turned round, colours swapped.
    fn mirrored<R: Rules<Board = u64>>(white: &[(usize, usize)], black: &[(usize, usize)]) -> Position<R> {
        let size = R::GEOMETRY.size as usize;
        let list = |men: &[(usize, usize)]| {
            men.iter()
                .map(|&(row, column)| name::<R>((size - 1 - row, size - 1 - column)))
                .collect::<Vec<_>>()
                .join(",")
        };
        Position::<R>::from_fen(&format!("W:W{}:B{}", list(black), list(white))).expect("valid FEN")
    }

    /// The men of each colour of `position`, as `(row, column)`.
    fn men<R: Rules<Board = u64>>(position: &Position<R>, color: Color) -> Vec<(usize, usize)> {
        let men = position.men(color);
        (0..64u8)
            .filter(|&bit| men.contains(bit))
            .map(|bit| {
                let (row, column) = R::GEOMETRY.coords[bit as usize];
                (row as usize, column as usize)
            })
            .collect()
    }

    fn the_mirrored_position_has_the_opposite_value<R: Rules<Board = u64>>(fens: &[&str]) {
        let patterns = patterns_of::<R>();
        for fen in fens {
            let position = Position::<R>::from_fen(fen).expect("valid FEN");
            let turned = mirrored::<R>(&men(&position, Color::White), &men(&position, Color::Black));
            assert_eq!(
                patterns.value(position.men(Color::White), position.men(Color::Black)),
                -patterns.value(turned.men(Color::White), turned.men(Color::Black)),
                "{fen}"
            );
        }
    }

    /// Sample positions of each board, men and kings on every part of it.
    const INTERNATIONAL_SAMPLES: [&str; 4] = [
        International::START_FEN,
        "W:W16,21,24,K27,33,36,45,50:B1,5,6,K13,15,19,22,26,30",
        "B:W11,12,13,14,15,36,37,38,39,40:B6,7,8,9,10,41,42,43,44,45",
        "W:W24,27,28,31,32,33,36,37,38,41,42,43,44,47,48:B3,7,8,9,12,13,14,16,17,18,19,20,23,26",
    ];
    const ENGLISH_SAMPLES: [&str; 3] = [
        English::START_FEN,
        "W:W9,14,K18,22,25,30:B1,5,K11,15,19,24",
        "W:W17,21,22,23,25,26,27,29,30,31,32:B1,2,3,4,6,7,9,10,11,12",
    ];
    const RUSSIAN_SAMPLES: [&str; 2] = [Russian::START_FEN, "W:Wa1,c3,Ke5,g3,h6:Bb8,d6,f8,Kg7,h4"];
    const TURKISH_SAMPLES: [&str; 3] = [
        Turkish::START_FEN,
        "W:Wa2,b2,c2,d2,e2,f2,g2,h2,b3,c3,d3,e3,f3,a4,f4,h4:Bb5,c5,b6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7",
        "W:Wa3,b4,c4,Kd1,d5,g3,h2:Ba6,b5,e5,f6,g6,Kh1,h7",
    ];

    /// Runs `$check::<R>(samples)` on each board that has pattern values, with its samples.
    macro_rules! on_each_board {
        ($check:ident) => {
            $check::<International>(&INTERNATIONAL_SAMPLES);
            $check::<English>(&ENGLISH_SAMPLES);
            $check::<Russian>(&RUSSIAN_SAMPLES);
            $check::<Turkish>(&TURKISH_SAMPLES);
        };
    }

    #[test]
    fn the_mirrored_position_has_the_opposite_value_on_each_board() {
        on_each_board!(the_mirrored_position_has_the_opposite_value);
    }

    fn every_region_is_gathered_in_the_order_of_its_squares<R: Rules<Board = u64>>(fens: &[&str]) {
        let regions = regions::<R>();
        for fen in fens {
            let position = Position::<R>::from_fen(fen).expect("valid FEN");
            let all = arrangements(&position);
            assert_eq!(all.len(), regions.len());
            for (arrangement, squares) in all.iter().zip(&regions) {
                assert_eq!(*arrangement, arrangement_by_coordinates(&position, squares), "{fen}");
            }
        }
    }

    #[test]
    fn every_region_is_gathered_in_the_order_of_its_squares_on_each_board() {
        on_each_board!(every_region_is_gathered_in_the_order_of_its_squares);
    }
}
