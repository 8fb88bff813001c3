//! `patterns`: on a diagonal board, a value for each arrangement of men in each of the
//! overlapping regions of 4 rows by 4 columns (16 on the 10x10 board, 9 on the 8x8), fitted to
//! self-play games by `bench/train_patterns.py` and added to the static value.
//!
//! A region's 8 playable squares are each empty (or hold a king), a white man or a black man:
//! its arrangement is the base-3 number of those states, squares counted from the region's top
//! row, left to right. Regions start on every even row and every even column that leaves them
//! on the board, numbered row by row. In the padded layout (see [`crate::rules::geometry`]),
//! with `w` playable squares a row, rows `2k` and `2k + 1` take bits `(2w + 1)k ..` and a
//! region's squares on them are two neighbouring bits of each: one table lookup per pair of rows
//! and colour gives the pair's share of every region of a band of rows at once
//! (`band_lanes`).

use super::eval::Family;
use crate::rules::Bitboard;

/// The arrangements of one region.
const ARRANGEMENTS: usize = 6561;

/// A board's fitted pattern values.
pub struct Patterns {
    /// Playable squares per row (5 on the 10x10 board, 4 on the 8x8).
    width: u32,
    /// `LANES`-style table for this width (see [`lanes`]).
    lanes: &'static [u64],
    /// The values, hundredths of a man for White, as signed bytes (two's complement): region by
    /// region, arrangement by arrangement.
    values: &'static [u8],
}

/// International's values (10x10 board, 16 regions).
static INTERNATIONAL: Patterns = Patterns::new(5, &LANES_10, include_bytes!("patterns/international.bin"));

/// The pattern values of a board family, where it has them.
pub const fn of(family: Family) -> Option<&'static Patterns> {
    match family {
        Family::FlyingKings10 => Some(&INTERNATIONAL),
        Family::FlyingKings8 => Some(&FLYING_KINGS_8),
        Family::ShortKings8 => Some(&SHORT_KINGS_8),
        Family::Turkish => None,
    }
}

/// The 8x8 flying-king family's values (Russian, Brazilian, Spanish, Czech; 9 regions), fitted
/// to Russian games.
static FLYING_KINGS_8: Patterns = Patterns::new(4, &LANES_8, include_bytes!("patterns/flying_kings_8.bin"));

/// The 8x8 short-king family's values (English and Italian; 9 regions), fitted to
/// English games.
static SHORT_KINGS_8: Patterns = Patterns::new(4, &LANES_8, include_bytes!("patterns/short_kings_8.bin"));

/// `LANES_10[v]`: for the 10 bits `v` of one colour's men on a pair of rows of the 10x10 board,
/// the base-3 number of each region column's 4 squares on those rows, column `c` in the 16-bit
/// lane `c` (see [`lanes`]).
static LANES_10: [u64; 1024] = lanes::<1024>(5);

/// The same for the 8 bits of a pair of rows of the 8x8 board.
static LANES_8: [u64; 256] = lanes::<256>(4);

/// For a board with `width` playable squares a row: a region column `c`'s squares on a pair of
/// rows are bits `c`, `c + 1`, `c + width` and `c + width + 1` of the pair's `2 * width` bits.
const fn lanes<const N: usize>(width: usize) -> [u64; N] {
    let mut table = [0u64; N];
    let mut v = 0;
    while v < N {
        let mut column = 0;
        while column < width - 1 {
            let digits = [column, column + 1, column + width, column + width + 1];
            let (mut number, mut power, mut i) = (0u64, 1u64, 0);
            while i < 4 {
                if v >> digits[i] & 1 != 0 {
                    number += power;
                }
                power *= 3;
                i += 1;
            }
            table[v] |= number << (16 * column);
            column += 1;
        }
        v += 1;
    }
    table
}

impl Patterns {
    /// The values of a board with `width` playable squares a row; a values file of the wrong
    /// size for that board stops the build.
    const fn new(width: u32, lanes: &'static [u64], values: &'static [u8]) -> Patterns {
        let regions = (width as usize - 1) * (width as usize - 1);
        assert!(values.len() == regions * ARRANGEMENTS, "a pattern file of the wrong size");
        Patterns { width, lanes, values }
    }

    /// Regions per band of rows (and bands per board).
    #[inline(always)]
    const fn per_band(&self) -> usize {
        self.width as usize - 1
    }

    /// The region lanes of a pair of rows: in lane `c`, the base-3 number of region column
    /// `c`'s squares on rows `2 * pair` and `2 * pair + 1`.
    #[inline(always)]
    fn band_lanes(&self, white: Bitboard, black: Bitboard, pair: usize) -> u64 {
        let shift = (2 * self.width + 1) * pair as u32;
        let mask = (1 << (2 * self.width)) - 1;
        self.lanes[(white.0 >> shift) as usize & mask] + 2 * self.lanes[(black.0 >> shift) as usize & mask]
    }

    /// Calls `f(region, arrangement)` for every region. A region's 8 squares are the 4 of its
    /// column on each of two pairs of rows: its number is the first pair's number plus 81 times
    /// the second's, and the regions of a band of rows are computed at once, one per lane.
    #[inline(always)]
    fn for_each_arrangement(&self, white: Bitboard, black: Bitboard, mut f: impl FnMut(usize, usize)) {
        let per_band = self.per_band();
        let mut upper = self.band_lanes(white, black, 0);
        for band in 0..per_band {
            let lower = self.band_lanes(white, black, band + 1);
            let lanes = upper + 81 * lower;
            for column in 0..per_band {
                f(band * per_band + column, (lanes >> (16 * column)) as usize & 0xFFFF);
            }
            upper = lower;
        }
    }

    /// The patterns' value for White of a position with these men.
    #[inline(always)]
    pub fn value(&self, white: Bitboard, black: Bitboard) -> i32 {
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
    use crate::rules::ruleset::{English, International, Russian};
    use crate::rules::{Color, Position, Rules};

    /// Patterns of `R`'s board with no values: enough to gather arrangements.
    fn board_of<R: Rules>() -> Patterns {
        match R::GEOMETRY.size {
            10 => Patterns { width: 5, lanes: &LANES_10, values: &[] },
            _ => Patterns { width: 4, lanes: &LANES_8, values: &[] },
        }
    }

    fn arrangements<R: Rules>(position: &Position<R>) -> Vec<usize> {
        let mut all = Vec::new();
        board_of::<R>().for_each_arrangement(position.men(Color::White), position.men(Color::Black), |region, a| {
            assert_eq!(region, all.len());
            all.push(a);
        });
        all
    }

    /// The arrangement of `region` counted square by square from board coordinates.
    fn arrangement_by_coordinates<R: Rules>(position: &Position<R>, region: usize) -> usize {
        let g = R::GEOMETRY;
        let per_band = g.size / 2 - 1;
        let (top, left) = (2 * (region as u8 / per_band), 2 * (region as u8 % per_band));
        let mut squares: Vec<u8> = (0..64u8)
            .filter(|&bit| g.valid.contains(bit))
            .filter(|&bit| {
                let (row, column) = g.coords[bit as usize];
                (top..top + 4).contains(&row) && (left..left + 4).contains(&column)
            })
            .collect();
        squares.sort_by_key(|&bit| g.coords[bit as usize]);
        assert_eq!(squares.len(), 8);
        squares.iter().rev().fold(0, |n, &bit| {
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

    /// The name `bench/train_patterns.py` gives the playable square `index` (0-based, row by
    /// row from the top as White sees it): its number on numbered boards, else `c3`.
    fn trainer_name<R: Rules>(index: usize) -> String {
        let size = R::GEOMETRY.size as usize;
        let (row, column) = (index / (size / 2), 2 * (index % (size / 2)) + (index / (size / 2) + 1) % 2);
        if R::GEOMETRY.size == 10 || R::VARIANT == crate::rules::Variant::English {
            (index + 1).to_string()
        } else {
            format!("{}{}", (b'a' + column as u8) as char, size - row)
        }
    }

    /// A region's squares, as the trainer counts them (0-based, reading order).
    fn region_squares<R: Rules>(region: usize) -> Vec<usize> {
        let size = R::GEOMETRY.size as usize;
        let per_band = size / 2 - 1;
        let (top, left) = (2 * (region / per_band), 2 * (region % per_band));
        (top..top + 4)
            .flat_map(|row| (left..left + 4).map(move |column| (row, column)))
            .filter(|(row, column)| (row + column) % 2 == 1)
            .map(|(row, column)| row * size / 2 + column / 2)
            .collect()
    }

    fn one_man_on_a_regions_square_gives_the_arrangement_the_trainer_writes<R: Rules>() {
        let size = R::GEOMETRY.size as usize;
        let regions = (size / 2 - 1) * (size / 2 - 1);
        for region in 0..regions {
            let squares = region_squares::<R>(region);
            let outside =
                (size / 2..size * size / 2 - size / 2).find(|s| !squares.contains(s)).expect("a square outside");
            for (digit, &square) in squares.iter().enumerate() {
                // A man may not stand on its own crowning row: a black man on the top row.
                let (fen, state) = if square < size / 2 {
                    (format!("W:W{}:B{}", trainer_name::<R>(outside), trainer_name::<R>(square)), 2)
                } else {
                    (format!("W:W{}:B{}", trainer_name::<R>(square), trainer_name::<R>(outside)), 1)
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
    }

    /// The position of men `white` and `black` (PDN numbers) turned round, colours swapped.
    fn mirrored(white: &[u32], black: &[u32]) -> (Bitboard, Bitboard) {
        let list = |men: &[u32]| men.iter().map(|s| (51 - s).to_string()).collect::<Vec<_>>().join(",");
        let fen = format!("W:W{}:B{}", list(black), list(white));
        let position = Position::<International>::from_fen(&fen).expect("valid FEN");
        (position.men(Color::White), position.men(Color::Black))
    }

    #[test]
    fn the_mirrored_position_has_the_opposite_value() {
        let games: [(&[u32], &[u32]); 3] = [
            (
                &[31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50],
                &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
            ),
            (
                &[24, 27, 28, 31, 32, 33, 36, 37, 38, 41, 42, 43, 44, 47, 48],
                &[3, 7, 8, 9, 12, 13, 14, 16, 17, 18, 19, 20, 23, 26],
            ),
            (&[21, 25, 30, 34, 35, 40, 45], &[6, 11, 12, 16, 17, 22]),
        ];
        for (white, black) in games {
            let fen = |men: &[u32]| men.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
            let position =
                Position::<International>::from_fen(&format!("W:W{}:B{}", fen(white), fen(black))).expect("valid FEN");
            let (w, b) = mirrored(white, black);
            assert_eq!(
                INTERNATIONAL.value(position.men(Color::White), position.men(Color::Black)),
                -INTERNATIONAL.value(w, b),
                "{white:?} {black:?}"
            );
        }
    }

    fn every_region_is_gathered_in_the_order_of_its_squares<R: Rules>(fens: &[&str]) {
        for fen in fens {
            let position = Position::<R>::from_fen(fen).expect("valid FEN");
            let all = arrangements(&position);
            assert_eq!(all.len(), (R::GEOMETRY.size as usize / 2 - 1).pow(2));
            for (region, &arrangement) in all.iter().enumerate() {
                assert_eq!(arrangement, arrangement_by_coordinates(&position, region), "{fen}");
            }
        }
    }

    #[test]
    fn every_region_is_gathered_in_the_order_of_its_squares_on_each_board() {
        every_region_is_gathered_in_the_order_of_its_squares::<International>(&[
            International::START_FEN,
            "W:W16,21,24,K27,33,36,45,50:B1,5,6,K13,15,19,22,26,30",
            "B:W11,12,13,14,15,36,37,38,39,40:B6,7,8,9,10,41,42,43,44,45",
        ]);
        every_region_is_gathered_in_the_order_of_its_squares::<English>(&[
            English::START_FEN,
            "W:W9,14,K18,22,25,30:B1,5,K11,15,19,24",
        ]);
        every_region_is_gathered_in_the_order_of_its_squares::<Russian>(&[
            Russian::START_FEN,
            "W:Wa1,c3,Ke5,g3,h6:Bb8,d6,f8,Kg7,h4",
        ]);
    }
}
