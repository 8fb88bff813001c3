//! `Indexer`: a position of a slice as a number and back, and the colour flip that makes every
//! stored position one with White to move.
//!
//! A position with Black to move is stored as the same position turned half round with the
//! colours swapped (every variant's rules are the same for both sides under that turn), so a
//! slice holds only positions with White ("own") to move. Within a slice the index ranks, in
//! this order, the own men among the squares a White man may stand on, the opponent's men
//! among the squares a Black man may stand on, the own kings among the squares left free by
//! the men, and the opponent's kings among the squares left free by the men and own kings
//! (each set by the combinatorial number system). Indexes where the two sides' men share a
//! square stand for no position. Depends on the board geometry only.
//!
//! The databases keep sets of squares in a 64-bit word ([`TableWord`]) and so index only the
//! boards whose padded layout fits in it ([`Indexer::indexes`]): every board but the 12x12 one.

use super::material::Material;
use crate::rules::geometry::{Geometry, INDEXES};
use crate::rules::{Bitboard, Color, Position, Rules, Setup};

/// The word the databases keep a set of squares in. On every board they index it is the
/// board's own word ([`Rules::Board`]), `u64`.
pub type TableWord = u64;

/// Pieces of a position with White to move, as four sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pieces {
    /// White's men (the side to move).
    pub own_men: Bitboard<TableWord>,
    /// White's kings.
    pub own_kings: Bitboard<TableWord>,
    /// Black's men.
    pub their_men: Bitboard<TableWord>,
    /// Black's kings.
    pub their_kings: Bitboard<TableWord>,
}

impl Pieces {
    /// The slice these pieces belong to.
    pub fn material(&self) -> Material {
        Material::new(
            self.own_men.count() as u8,
            self.own_kings.count() as u8,
            self.their_men.count() as u8,
            self.their_kings.count() as u8,
        )
    }

    /// Every occupied square.
    pub fn occupied(&self) -> Bitboard<TableWord> {
        self.own_men | self.own_kings | self.their_men | self.their_kings
    }

    /// The position, White to move.
    pub fn position<R: Rules>(&self) -> Position<R> {
        let setup = Setup {
            side_to_move: Color::White,
            pieces: [(self.own_men | self.own_kings).wide(), (self.their_men | self.their_kings).wide()],
            kings: (self.own_kings | self.their_kings).wide(),
            repeated: Bitboard::EMPTY,
        };
        Position::new(setup).expect("an indexed position is legal")
    }
}

/// Binomial coefficients C(n, k) for n ≤ 64, k ≤ 9.
struct Binomials([[u64; 10]; 65]);

impl Binomials {
    const fn new() -> Binomials {
        let mut table = [[0u64; 10]; 65];
        let mut n = 0;
        while n <= 64 {
            table[n][0] = 1;
            let mut k = 1;
            while k < 10 {
                table[n][k] = if n == 0 { 0 } else { table[n - 1][k - 1] + table[n - 1][k] };
                k += 1;
            }
            n += 1;
        }
        Binomials(table)
    }

    #[inline(always)]
    fn get(&self, n: u32, k: u32) -> u64 {
        self.0[n as usize][k as usize]
    }
}

static BINOMIALS: Binomials = Binomials::new();

/// Numbers positions of one board and turns them for the side to move.
#[derive(Clone, Debug)]
pub struct Indexer {
    valid: Bitboard<TableWord>,
    squares: u32,
    /// Squares a White man may stand on, and a Black man.
    own_man_squares: Bitboard<TableWord>,
    their_man_squares: Bitboard<TableWord>,
    /// The square each square becomes when the board is turned half round.
    turned: [u8; INDEXES],
}

/// The bits below `square`.
#[inline(always)]
fn below(square: u8) -> u64 {
    (1u64 << square) - 1
}

/// The `n`th lowest square of `set` (from 0), which has more than `n`.
#[inline(always)]
fn nth_square(set: Bitboard<TableWord>, n: u32) -> u8 {
    let mut bits = set.0;
    for _ in 0..n {
        bits &= bits - 1;
    }
    bits.trailing_zeros() as u8
}

impl Indexer {
    /// Whether the databases index `geometry`'s board: whether its padded layout fits in
    /// [`TableWord`]. Every other board (12x12) has none.
    pub const fn indexes(geometry: &Geometry) -> bool {
        geometry.bits() <= TableWord::BITS
    }

    /// The indexer of `geometry`'s board, which the databases must index
    /// ([`Indexer::indexes`]).
    pub fn new(geometry: &Geometry) -> Indexer {
        assert!(Indexer::indexes(geometry), "the databases index no board of more than {} bits", TableWord::BITS);
        let mut turned = [0u8; INDEXES];
        let last = geometry.size - 1;
        for square in geometry.valid {
            let (row, column) = geometry.coords[square as usize];
            let target = geometry
                .valid
                .into_iter()
                .find(|&s| geometry.coords[s as usize] == (last - row, last - column))
                .expect("turning the board half round keeps playable squares playable");
            turned[square as usize] = target;
        }
        let valid = geometry.squares();
        Indexer {
            valid,
            squares: geometry.squares as u32,
            own_man_squares: valid.minus(geometry.crowning_row(Color::White)),
            their_man_squares: valid.minus(geometry.crowning_row(Color::Black)),
            turned,
        }
    }

    /// The indexer of the variant `R`'s board.
    pub fn of<R: Rules>() -> Indexer {
        Indexer::new(R::GEOMETRY)
    }

    /// `set` turned half round.
    #[inline]
    pub fn turn(&self, set: Bitboard<TableWord>) -> Bitboard<TableWord> {
        set.fold(Bitboard::EMPTY, |out, s| out.with(self.turned[s as usize]))
    }

    /// The pieces of `position` as stored: as they are with White to move, turned half round
    /// with colours swapped with Black to move.
    #[inline]
    pub fn pieces<R: Rules>(&self, position: &Position<R>) -> Pieces {
        debug_assert!(Indexer::indexes(R::GEOMETRY), "the databases index boards of up to 64 bits");
        let (white, black) = (Color::White, Color::Black);
        // From the board's word to the tables': the identity on the boards the databases index.
        let men = |color: Color| Bitboard::narrow(position.men(color).wide());
        let kings = |color: Color| Bitboard::narrow(position.kings(color).wide());
        match position.side_to_move() {
            Color::White => Pieces {
                own_men: men(white),
                own_kings: kings(white),
                their_men: men(black),
                their_kings: kings(black),
            },
            Color::Black => Pieces {
                own_men: self.turn(men(black)),
                own_kings: self.turn(kings(black)),
                their_men: self.turn(men(white)),
                their_kings: self.turn(kings(white)),
            },
        }
    }

    /// How many indexes the slice `material` has (some of them no position).
    pub fn size(&self, material: Material) -> u64 {
        let b = &BINOMIALS;
        let men = material.men();
        b.get(self.own_man_squares.count(), material.own_men as u32)
            * b.get(self.their_man_squares.count(), material.their_men as u32)
            * b.get(self.squares - men, material.own_kings as u32)
            * b.get(self.squares - men - material.own_kings as u32, material.their_kings as u32)
    }

    /// The rank of the set of squares `set`, each square counted as the number of squares of
    /// `among` below it less those of `taken` below it.
    #[inline(always)]
    fn rank(set: Bitboard<TableWord>, among: Bitboard<TableWord>, taken: Bitboard<TableWord>) -> u64 {
        let mut rank = 0;
        for (i, square) in set.enumerate() {
            let place = (among.0 & below(square)).count_ones() - (taken.0 & below(square)).count_ones();
            rank += BINOMIALS.get(place, i as u32 + 1);
        }
        rank
    }

    /// The squares of `among` (less `taken`) whose places form the combination of `k` of
    /// rank `rank`.
    fn unrank(mut rank: u64, k: u32, among: Bitboard<TableWord>, taken: Bitboard<TableWord>) -> Bitboard<TableWord> {
        let free = among.minus(taken);
        let mut set = Bitboard::EMPTY;
        let mut top = free.count();
        for i in (1..=k).rev() {
            // The largest place p below `top` with C(p, i) <= rank.
            let mut p = top - 1;
            while BINOMIALS.get(p, i) > rank {
                p -= 1;
            }
            rank -= BINOMIALS.get(p, i);
            set = set.with(nth_square(free, p));
            top = p;
        }
        set
    }

    /// The index of `pieces` within its slice.
    #[inline]
    pub fn index(&self, pieces: &Pieces, material: Material) -> u64 {
        let b = &BINOMIALS;
        let men = pieces.own_men | pieces.their_men;
        let free = self.squares - material.men();
        let mut index = Self::rank(pieces.own_men, self.own_man_squares, Bitboard::EMPTY);
        index = index * b.get(self.their_man_squares.count(), material.their_men as u32)
            + Self::rank(pieces.their_men, self.their_man_squares, Bitboard::EMPTY);
        index = index * b.get(free, material.own_kings as u32) + Self::rank(pieces.own_kings, self.valid, men);
        index * b.get(free - material.own_kings as u32, material.their_kings as u32)
            + Self::rank(pieces.their_kings, self.valid, men | pieces.own_kings)
    }

    /// The pieces of index `index` of the slice `material`, or `None` if the index stands for
    /// no position (the two sides' men on one square).
    pub fn pieces_at(&self, index: u64, material: Material) -> Option<Pieces> {
        let b = &BINOMIALS;
        let free = self.squares - material.men();
        let their_kings_count = b.get(free - material.own_kings as u32, material.their_kings as u32);
        let own_kings_count = b.get(free, material.own_kings as u32);
        let their_men_count = b.get(self.their_man_squares.count(), material.their_men as u32);
        let their_kings_rank = index % their_kings_count;
        let rest = index / their_kings_count;
        let own_kings_rank = rest % own_kings_count;
        let rest = rest / own_kings_count;
        let their_men_rank = rest % their_men_count;
        let own_men_rank = rest / their_men_count;
        let own_men = Self::unrank(own_men_rank, material.own_men as u32, self.own_man_squares, Bitboard::EMPTY);
        let their_men =
            Self::unrank(their_men_rank, material.their_men as u32, self.their_man_squares, Bitboard::EMPTY);
        if (own_men & their_men).any() {
            return None;
        }
        let men = own_men | their_men;
        let own_kings = Self::unrank(own_kings_rank, material.own_kings as u32, self.valid, men);
        let their_kings = Self::unrank(their_kings_rank, material.their_kings as u32, self.valid, men | own_kings);
        Some(Pieces { own_men, own_kings, their_men, their_kings })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ruleset::{English, International, Turkish};

    fn every_index_round_trips<R: Rules>(material: Material) {
        let indexer = Indexer::of::<R>();
        let size = indexer.size(material);
        let mut positions = 0;
        for index in 0..size {
            if let Some(pieces) = indexer.pieces_at(index, material) {
                assert_eq!(pieces.material(), material);
                assert_eq!(indexer.index(&pieces, material), index, "{material} {pieces:?}");
                let _ = pieces.position::<R>();
                positions += 1;
            }
        }
        assert!(positions > size / 2, "{positions} of {size}");
    }

    #[test]
    fn indexes_and_pieces_round_trip_on_every_board() {
        every_index_round_trips::<English>(Material::new(1, 1, 1, 0));
        every_index_round_trips::<English>(Material::new(2, 0, 1, 1));
        every_index_round_trips::<International>(Material::new(1, 1, 0, 1));
        every_index_round_trips::<Turkish>(Material::new(1, 0, 1, 1));
    }

    #[test]
    fn turning_the_board_twice_is_no_turn_and_swaps_the_crowning_rows() {
        for geometry in [&Geometry::DIAGONAL_8, &Geometry::DIAGONAL_10, &Geometry::ORTHOGONAL_8] {
            let indexer = Indexer::new(geometry);
            for square in geometry.valid {
                let set = Bitboard::from_index(square);
                assert_eq!(indexer.turn(indexer.turn(set)), set);
            }
            assert_eq!(indexer.turn(geometry.crowning_row(Color::White)), geometry.crowning_row(Color::Black));
        }
    }
}
