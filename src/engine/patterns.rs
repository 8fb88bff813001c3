//! `patterns`: on the 10x10 board, a value for each arrangement of men in each of 16
//! overlapping regions of 4 rows by 4 columns, fitted to self-play games by
//! `bench/train_patterns.py` and added to the static value.
//!
//! A region's 8 playable squares are each empty (or hold a king), a white man or a black man:
//! its arrangement is the base-3 number of those states, squares counted from the region's top
//! row, left to right. Regions start on rows 0, 2, 4, 6 and columns 0, 2, 4, 6, numbered row
//! by row. In the padded 10x10 layout (see [`crate::rules::geometry`]) rows `2k` and `2k + 1`
//! take bits `11k..11k + 4` and `11k + 5..11k + 9`, and a region's squares on them are two
//! neighbouring bits of each: one table lookup per pair of rows and colour gives the
//! pair's share of the four regions of a band of rows at once (`arrangements`).

use crate::rules::Bitboard;

const REGIONS: usize = 16;
const ARRANGEMENTS: usize = 6561;

/// The fitted values, hundredths of a man for White, as signed bytes (two's complement): region
/// by region, arrangement by arrangement.
static VALUES: &[u8; REGIONS * ARRANGEMENTS] = include_bytes!("patterns/international.bin");

/// `LANES[v]`: for the 10 bits `v` of one colour's men on a pair of rows (see the module
/// comment), the base-3 number of each region column's 4 squares on those rows, column `c` in
/// the 16-bit lane `c`. A column's squares are bits `c`, `c + 1`, `c + 5` and `c + 6` of `v`.
static LANES: [u64; 1024] = lanes();

const fn lanes() -> [u64; 1024] {
    let mut table = [0u64; 1024];
    let mut v = 0;
    while v < 1024 {
        let mut column = 0;
        while column < 4 {
            let digits = [column, column + 1, column + 5, column + 6];
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

/// The arrangements of the 16 regions, given the white and the black men. A region's 8 squares
/// are the 4 of its column on each of two pairs of rows: its number is the first pair's
/// number plus 81 times the second's, and the four regions of a band of rows are computed at
/// once, one per lane.
#[inline(always)]
fn arrangements(white: Bitboard, black: Bitboard) -> [usize; REGIONS] {
    let pair =
        |p: u32| LANES[(white.0 >> (11 * p)) as usize & 0x3FF] + 2 * LANES[(black.0 >> (11 * p)) as usize & 0x3FF];
    let pairs = [pair(0), pair(1), pair(2), pair(3), pair(4)];
    let mut all = [0; REGIONS];
    for band in 0..4 {
        let lanes = pairs[band] + 81 * pairs[band + 1];
        for column in 0..4 {
            all[4 * band + column] = (lanes >> (16 * column)) as usize & 0xFFFF;
        }
    }
    all
}

/// The patterns' value for White of a 10x10 position with these men.
#[inline(always)]
pub fn value(white: Bitboard, black: Bitboard) -> i32 {
    let mut total = 0;
    for (region, arrangement) in arrangements(white, black).into_iter().enumerate() {
        total += VALUES[region * ARRANGEMENTS + arrangement] as i8 as i32;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::Geometry;
    use crate::rules::ruleset::International;
    use crate::rules::{Color, Position, Rules};

    /// The arrangement of `region` counted square by square from board coordinates.
    fn arrangement_by_coordinates(position: &Position<International>, region: usize) -> usize {
        let g = &Geometry::DIAGONAL_10;
        let (top, left) = (2 * (region / 4) as u8, 2 * (region % 4) as u8);
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

    /// A region's squares by PDN number, as `bench/train_patterns.py` counts them.
    fn region_squares_by_number(region: usize) -> Vec<u32> {
        let (top, left) = (2 * (region / 4) as u32, 2 * (region % 4) as u32);
        (top..top + 4)
            .flat_map(|row| (left..left + 4).map(move |column| (row, column)))
            .filter(|(row, column)| (row + column) % 2 == 1)
            .map(|(row, column)| row * 5 + column / 2 + 1)
            .collect()
    }

    #[test]
    fn one_man_on_a_regions_square_gives_the_arrangement_the_trainer_writes() {
        for region in 0..REGIONS {
            let squares = region_squares_by_number(region);
            let outside = (6..=45).find(|s| !squares.contains(s)).expect("a square outside the region");
            for (digit, &square) in squares.iter().enumerate() {
                // A man may not stand on its own crowning row: a black man on the top row.
                let (fen, state) = if square <= 5 {
                    (format!("W:W{outside}:B{square}"), 2)
                } else {
                    (format!("W:W{square}:B{outside}"), 1)
                };
                let position = Position::<International>::from_fen(&fen).expect("valid FEN");
                let (white, black) = (position.men(Color::White), position.men(Color::Black));
                assert_eq!(arrangements(white, black)[region], state * 3usize.pow(digit as u32), "{fen}");
            }
        }
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
                value(position.men(Color::White), position.men(Color::Black)),
                -value(w, b),
                "{white:?} {black:?}"
            );
        }
    }

    #[test]
    fn every_region_is_gathered_in_the_order_of_its_squares() {
        for fen in [
            International::START_FEN,
            "W:W16,21,24,K27,33,36,45,50:B1,5,6,K13,15,19,22,26,30",
            "B:W11,12,13,14,15,36,37,38,39,40:B6,7,8,9,10,41,42,43,44,45",
        ] {
            let position = Position::<International>::from_fen(fen).expect("valid FEN");
            let (white, black) = (position.men(Color::White), position.men(Color::Black));
            for region in 0..REGIONS {
                assert_eq!(arrangements(white, black)[region], arrangement_by_coordinates(&position, region), "{fen}");
            }
        }
    }
}
