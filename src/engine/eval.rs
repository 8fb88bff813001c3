//! `evaluate`: the static value of a position for the side to move, in hundredths of a man.
//!
//! One evaluation for every variant, with weights per board family ([`Family`]): 8x8 short
//! kings, 8x8 flying kings, 10x10 flying kings, the Turkish board, and the two variants with
//! another goal (antidraughts, breakthrough). It counts material,
//! men's advance (more as the board empties), back-rank guards, centre men, supported men,
//! mobility and men about to crown, then applies the endgame knowledge a club player has:
//! drawn lone-king endings are worth about nothing, a winning side trades down (except on the
//! 10x10 board, where trading down leads to endings the other side's king holds) and hunts the
//! last pieces with its kings; on the 10x10 board, a lead counts for much less once the side
//! behind has a king.

use super::family::Family;
use super::patterns::{self, Patterns};
use crate::rules::bitboard::WideBitboard;
use crate::rules::draw::EndgameRules;
use crate::rules::geometry::{opposite, Geometry, INDEXES, MAX_SIZE};
use crate::rules::ruleset::Rules;
use crate::rules::{Bitboard, Color, Position};

/// The weights of one family, in hundredths of a man.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// A king (a man is 100).
    pub king: i32,
    /// Per rank advanced, in the opening; doubled as the board empties.
    pub advance: i32,
    /// A man on its own back row while the opponent has no king.
    pub back_rank: i32,
    /// A man in the centre.
    pub centre: i32,
    /// A man whose squares behind hold own pieces or are off the board.
    pub supported: i32,
    /// Per free square a piece can step to.
    pub mobility: i32,
    /// A man one step from crowning with its crowning square(s) free.
    pub about_to_crown: i32,
    /// Having a king when the opponent has none.
    pub sole_king: i32,
    /// Per rank advanced, a man that no enemy piece can stop before it crowns (none in the
    /// cone ahead of it, and no enemy king).
    pub runaway: i32,
    /// Per man of difference between the two wings.
    pub balance: i32,
    /// Per piece off the board, for the side ahead by 0.8 men or more.
    pub trade_down: i32,
    /// The part of its lead (in sixteenths) that the side ahead keeps once the other side has a
    /// king (16: all of it). Where kings fly, a king holds most endings a few pieces down.
    pub held_lead: i32,
}

impl Weights {
    /// The field names, in the order of [`Weights::to_array`].
    pub const NAMES: [&'static str; 12] = [
        "king",
        "advance",
        "back_rank",
        "centre",
        "supported",
        "mobility",
        "about_to_crown",
        "sole_king",
        "runaway",
        "balance",
        "trade_down",
        "held_lead",
    ];

    /// The weights `evaluate` uses for `family`.
    pub const fn of(family: Family) -> Weights {
        match family {
            Family::ShortKings8 => Weights {
                king: 140,
                advance: 3,
                back_rank: 10,
                centre: 6,
                supported: 3,
                mobility: 2,
                about_to_crown: 25,
                sole_king: 10,
                runaway: 3,
                balance: 0,
                trade_down: 4,
                held_lead: 16,
            },
            Family::FlyingKings8 => Weights {
                king: 260,
                advance: 3,
                back_rank: 8,
                centre: 6,
                supported: 3,
                mobility: 1,
                about_to_crown: 40,
                sole_king: 60,
                runaway: 8,
                balance: 0,
                trade_down: 4,
                held_lead: 16,
            },
            Family::FlyingKings10 | Family::FlyingKings12 => Weights {
                king: 250,
                advance: 2,
                back_rank: 6,
                centre: 5,
                supported: 3,
                mobility: 1,
                about_to_crown: 40,
                sole_king: 80,
                runaway: 8,
                balance: 4,
                trade_down: 0,
                held_lead: 6,
            },
            Family::Turkish => Weights {
                king: 260,
                advance: 4,
                back_rank: 0,
                centre: 3,
                supported: 2,
                mobility: 1,
                about_to_crown: 40,
                sole_king: 60,
                runaway: 0,
                balance: 0,
                trade_down: 4,
                held_lead: 16,
            },
            // Only `king` and `mobility` are read, by `give_away`: what a piece left on the
            // board costs, and each free step.
            Family::GiveAway => Weights {
                king: 200,
                advance: 0,
                back_rank: 0,
                centre: 0,
                supported: 0,
                mobility: 3,
                about_to_crown: 0,
                sole_king: 0,
                runaway: 0,
                balance: 0,
                trade_down: 0,
                held_lead: 16,
            },
            // No position with a king is played on: the weights value the race to crown.
            Family::Breakthrough => Weights {
                king: 250,
                advance: 8,
                back_rank: 20,
                centre: 3,
                supported: 4,
                mobility: 1,
                about_to_crown: 150,
                sole_king: 0,
                runaway: 40,
                balance: 0,
                trade_down: 0,
                held_lead: 16,
            },
        }
    }
    /// The weights as an array, in the order of [`Weights::NAMES`] (for tuning).
    pub fn to_array(&self) -> [i32; 12] {
        [
            self.king,
            self.advance,
            self.back_rank,
            self.centre,
            self.supported,
            self.mobility,
            self.about_to_crown,
            self.sole_king,
            self.runaway,
            self.balance,
            self.trade_down,
            self.held_lead,
        ]
    }

    /// The weights from an array in the order of [`Weights::NAMES`].
    pub fn from_array(a: [i32; 12]) -> Weights {
        let [king, advance, back_rank, centre, supported, mobility, about_to_crown, sole_king, runaway, balance, trade_down, held_lead] =
            a;
        Weights {
            king,
            advance,
            back_rank,
            centre,
            supported,
            mobility,
            about_to_crown,
            sole_king,
            runaway,
            balance,
            trade_down,
            held_lead,
        }
    }
}

/// Square sets the evaluation uses, per colour where they differ, kept at the widest board's
/// size and read in the board's word.
struct Masks {
    /// `ranks[color][r]`: the row `r` rows in front of `color`'s own back row.
    ranks: [[WideBitboard; MAX_SIZE]; 2],
    /// `rank_bits[color][k]`: the squares whose rank (as in `ranks`) has bit `k` set, so that
    /// the ranks of a set of men add up to a sum of four weighted popcounts.
    rank_bits: [[WideBitboard; 4]; 2],
    /// `rank_of[color][square]`: the rank of `square` for `color`.
    rank_of: [[u8; INDEXES]; 2],
    /// `runaway_rows[color]`: the rows where a man of `color` can be a runaway (from the
    /// middle to the row before the crowning row).
    runaway_rows: [WideBitboard; 2],
    centre: WideBitboard,
    long_diagonal: WideBitboard,
    /// The two wings: the columns left and right of the middle four.
    wings: [WideBitboard; 2],
    /// `cones[color][square]`: the squares ahead of a man of `color` on `square` that an enemy
    /// piece must stand on to stop it (each row ahead, as many columns either side as rows).
    cones: [[WideBitboard; INDEXES]; 2],
}

const fn masks(g: &Geometry) -> Masks {
    let size = g.size as usize;
    let mut ranks = [[WideBitboard::EMPTY; MAX_SIZE]; 2];
    let mut rank_bits = [[WideBitboard::EMPTY; 4]; 2];
    let mut rank_of = [[0u8; INDEXES]; 2];
    let mut runaway_rows = [WideBitboard::EMPTY; 2];
    let mut r = 0;
    while r < size {
        let rows = [g.rows[size - 1 - r], g.rows[r]];
        let mut c = 0;
        while c < 2 {
            ranks[c][r] = rows[c];
            let mut k = 0;
            while k < 4 {
                if r >> k & 1 != 0 {
                    rank_bits[c][k] = Bitboard(rank_bits[c][k].0 | rows[c].0);
                }
                k += 1;
            }
            if r >= size / 2 && r < size - 1 {
                runaway_rows[c] = Bitboard(runaway_rows[c].0 | rows[c].0);
            }
            let mut bit = 0;
            while bit < INDEXES {
                if rows[c].0 >> bit & 1 != 0 {
                    rank_of[c][bit] = r as u8;
                }
                bit += 1;
            }
            c += 1;
        }
        r += 1;
    }
    let mut centre = 0u128;
    let mut long_diagonal = 0u128;
    let mut wings = [0u128; 2];
    let mut cones = [[WideBitboard::EMPTY; INDEXES]; 2];
    let mut bit = 0;
    while bit < INDEXES {
        if g.valid.0 >> bit & 1 != 0 {
            let (row, column) = g.coords[bit];
            let (row, column, size) = (row as usize, column as usize, size);
            if from_edge(row, size) + 1 >= size / 2 && from_edge(column, size) >= 2 {
                centre |= 1 << bit;
            }
            if row + column == size - 1 {
                long_diagonal |= 1 << bit;
            }
            if from_edge(column, size) + 2 < size / 2 {
                wings[(column >= size / 2) as usize] |= 1 << bit;
            }
            let [white, black] = cones_from(g, row, column);
            cones[Color::White.index()][bit] = Bitboard(white);
            cones[Color::Black.index()][bit] = Bitboard(black);
        }
        bit += 1;
    }
    Masks {
        ranks,
        rank_bits,
        rank_of,
        runaway_rows,
        centre: Bitboard(centre),
        long_diagonal: Bitboard(long_diagonal),
        wings: [Bitboard(wings[0]), Bitboard(wings[1])],
        cones,
    }
}

/// The cones ahead of a man on (`row`, `column`): White's (towards row 0), Black's.
const fn cones_from(g: &Geometry, row: usize, column: usize) -> [u128; 2] {
    let (mut white, mut black) = (0u128, 0u128);
    let mut bit = 0;
    while bit < INDEXES {
        if g.valid.0 >> bit & 1 != 0 {
            let (r, c) = g.coords[bit];
            let (r, c) = (r as usize, c as usize);
            let columns_apart = c.abs_diff(column);
            if r < row && columns_apart <= row - r {
                white |= 1 << bit;
            }
            if r > row && columns_apart <= r - row {
                black |= 1 << bit;
            }
        }
        bit += 1;
    }
    [white, black]
}

/// Rows (or columns) between `i` and the nearer edge of a board of `size`.
const fn from_edge(i: usize, size: usize) -> usize {
    if i < size - 1 - i {
        i
    } else {
        size - 1 - i
    }
}

/// The evaluation tables of `R`, built at compile time.
struct Tables<R>(core::marker::PhantomData<R>);

impl<R: Rules> Tables<R> {
    const FAMILY: Family = Family::of::<R>();
    const WEIGHTS: Weights = Weights::of(Self::FAMILY);
    const MASKS: Masks = masks(R::GEOMETRY);
    const PATTERNS: Option<&'static Patterns> = patterns::of(Self::FAMILY);
}

/// The value of `position` for the side to move, in hundredths of a man.
#[inline]
pub fn evaluate<R: Rules>(position: &Position<R>) -> i32 {
    evaluate_with(position, &Tables::<R>::WEIGHTS)
}

/// [`evaluate`] with other weights than its family's (for tuning them).
#[inline(always)]
pub fn evaluate_with<R: Rules>(position: &Position<R>, weights: &Weights) -> i32 {
    if Tables::<R>::FAMILY == Family::GiveAway {
        return give_away(position, weights);
    }
    let white = side::<R>(position, Color::White, weights);
    let black = side::<R>(position, Color::Black, weights);
    let mut score = white.score - black.score;
    if let Some(patterns) = Tables::<R>::PATTERNS {
        // Only boards of 64 bits have patterns: the conversion is the identity there.
        let men = |color: Color| Bitboard::narrow(position.men(color).wide());
        score += patterns.value(men(Color::White), men(Color::Black));
    }
    score = endgame::<R>(position, &white, &black, score, weights);
    match position.side_to_move() {
        Color::White => score,
        Color::Black => -score,
    }
}

/// The value of an antidraughts position for the side to move: each side wants to be left
/// with no piece or no move, so every piece still on the board and every free step counts
/// against its side.
#[inline(always)]
fn give_away<R: Rules>(position: &Position<R>, w: &Weights) -> i32 {
    let g = R::GEOMETRY;
    let empty = g.squares().minus(position.occupied());
    let burden = |color: Color| {
        let (men, kings) = (position.men(color), position.kings(color));
        let steps = free_steps::<R>(color, men, kings, empty);
        men.count() as i32 * 100 + kings.count() as i32 * w.king + steps * w.mobility
    };
    let side = position.side_to_move();
    burden(side.opponent()) - burden(side)
}

/// The free squares the `men` and `kings` of `color` can step to, counted once per piece and
/// direction (mobility).
#[inline(always)]
fn free_steps<R: Rules>(
    color: Color,
    men: Bitboard<R::Board>,
    kings: Bitboard<R::Board>,
    empty: Bitboard<R::Board>,
) -> i32 {
    let g = R::GEOMETRY;
    let mut steps = 0;
    for dir in 0..4 {
        if R::man_move_directions(color) >> dir & 1 != 0 {
            steps += (g.shift(men, dir) & empty).count() as i32;
        }
    }
    if kings.any() {
        for dir in 0..4 {
            steps += (g.shift(kings, dir) & empty).count() as i32;
        }
    }
    steps
}

/// One side's material and positional score.
struct Side {
    men: u32,
    kings: u32,
    score: i32,
}

#[inline(always)]
fn side<R: Rules>(position: &Position<R>, color: Color, w: &Weights) -> Side {
    let m = &Tables::<R>::MASKS;
    let g = R::GEOMETRY;
    let men = position.men(color);
    let kings = position.kings(color);
    let own = position.pieces(color);
    let empty = g.squares().minus(position.occupied());
    let total = position.occupied().count() as i32;
    let full = 2 * R::MEN_PER_SIDE as i32;
    let rank = |r: usize| Bitboard::<R::Board>::narrow(m.ranks[color.index()][r]);

    let mut score = men.count() as i32 * 100 + kings.count() as i32 * w.king;

    // Advance: worth more as the board empties. The sum of the men's ranks, bit by bit.
    let bits = &m.rank_bits[color.index()];
    let with_rank_bit = |k: usize| (men & Bitboard::narrow(bits[k])).count() as i32;
    let advance = with_rank_bit(0) + 2 * with_rank_bit(1) + 4 * with_rank_bit(2) + 8 * with_rank_bit(3);
    score += advance * w.advance * (2 * full - total) / full;

    // Back-rank guards count while the opponent has no king.
    if position.kings(color.opponent()).is_empty() {
        score += (men & rank(0)).count() as i32 * w.back_rank * total / full;
    }
    score += (men & Bitboard::narrow(m.centre)).count() as i32 * w.centre;

    // A man is supported when the squares behind it hold own pieces or are off the board.
    let forward = g.forward[color.index()];
    let mut supported = men;
    for dir in 0..4 {
        if forward >> dir & 1 != 0 {
            let behind_ok = g.shift(own, dir) | g.squares().minus(g.steppable(opposite(dir)));
            supported &= behind_ok;
        }
    }
    let mobility = free_steps::<R>(color, men, kings, empty);
    score += supported.count() as i32 * w.supported + mobility * w.mobility;

    // Men one step from crowning with a free square to crown on.
    let mut crowning_steps = Bitboard::<R::Board>::EMPTY;
    for dir in 0..4 {
        if forward >> dir & 1 != 0 {
            crowning_steps |= g.shift_back(empty & g.crowning_row(color), dir);
        }
    }
    score += (men & rank(g.size as usize - 2) & crowning_steps).count() as i32 * w.about_to_crown;

    // Men no enemy piece can stop.
    let enemies = position.pieces(color.opponent());
    if w.runaway > 0 && position.kings(color.opponent()).is_empty() {
        for man in men & Bitboard::narrow(m.runaway_rows[color.index()]) {
            if (Bitboard::narrow(m.cones[color.index()][man as usize]) & enemies).is_empty() {
                score += w.runaway * m.rank_of[color.index()][man as usize] as i32;
            }
        }
    }
    let wing = |side: usize| (men & Bitboard::narrow(m.wings[side])).count() as i32;
    score -= (wing(0) - wing(1)).abs() * w.balance;

    if R::FLYING_KINGS && kings.any() {
        score += (kings & Bitboard::narrow(m.long_diagonal)).count().min(1) as i32 * w.centre * 2;
    }
    Side { men: men.count(), kings: kings.count(), score }
}

/// Endgame knowledge, from White's side: `score` adjusted.
#[inline(always)]
fn endgame<R: Rules>(position: &Position<R>, white: &Side, black: &Side, score: i32, w: &Weights) -> i32 {
    let (white_pieces, black_pieces) = (white.men + white.kings, black.men + black.kings);
    if R::ENDGAME == EndgameRules::Turkish && white_pieces == 1 && black_pieces == 1 {
        return 0;
    }
    let mut score = score;
    match (white.kings > 0, black.kings > 0) {
        (true, false) => score += w.sole_king,
        (false, true) => score -= w.sole_king,
        _ => {}
    }
    // A lone king against few pieces holds the draw where kings fly.
    if R::FLYING_KINGS {
        for (strong, weak, sign) in [(white, black, 1), (black, white, -1)] {
            let weak_color = if sign == 1 { Color::Black } else { Color::White };
            if weak.men == 0 && weak.kings == 1 && strong.kings > 0 {
                let strong_pieces = strong.men + strong.kings;
                let on_diagonal =
                    (position.kings(weak_color) & Bitboard::narrow(Tables::<R>::MASKS.long_diagonal)).any();
                let drawn = strong_pieces <= 2
                    || (strong_pieces == 3
                        && (on_diagonal
                            || matches!(Tables::<R>::FAMILY, Family::FlyingKings10 | Family::FlyingKings12)));
                if drawn && score * sign > 0 {
                    return score / 16;
                }
            }
        }
    }
    // The side ahead trades down (as its family's weight says) and brings its kings to the last
    // enemy pieces.
    let total = (white_pieces + black_pieces) as i32;
    let full = 2 * R::MEN_PER_SIDE as i32;
    if score.abs() >= 80 {
        score += score.signum() * (full - total) * w.trade_down;
        let (strong, weak) = if score > 0 { (Color::White, Color::Black) } else { (Color::Black, Color::White) };
        if total <= 8 && position.kings(strong).any() {
            score += score.signum() * hunt::<R>(position.kings(strong), position.pieces(weak));
        }
    }
    // Once the side behind has a king, the side ahead keeps only part of its lead.
    let weak = if score > 0 { black } else { white };
    if weak.kings > 0 {
        score = score * w.held_lead / 16;
    }
    score
}

/// Closeness of the `hunters` to the `prey` (larger is closer).
fn hunt<R: Rules>(hunters: Bitboard<R::Board>, prey: Bitboard<R::Board>) -> i32 {
    let g = R::GEOMETRY;
    let size = g.size as i32;
    let mut closeness = 0;
    for h in hunters {
        let (hr, hc) = g.coords[h as usize];
        let nearest = prey
            .map(|p| {
                let (pr, pc) = g.coords[p as usize];
                (hr as i32 - pr as i32).abs().max((hc as i32 - pc as i32).abs())
            })
            .min()
            .unwrap_or(size);
        closeness += size - nearest;
    }
    closeness * 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ruleset::{English, International, Russian, Turkish};

    fn eval<R: Rules>(fen: &str) -> i32 {
        evaluate(&Position::<R>::from_fen(fen).expect("valid FEN"))
    }

    #[test]
    fn start_positions_are_balanced() {
        assert_eq!(evaluate(&Position::<English>::start()), 0);
        assert_eq!(evaluate(&Position::<International>::start()), 0);
        assert_eq!(evaluate(&Position::<Turkish>::start()), 0);
    }

    fn rank_tables_agree_with_the_rows<R: Rules>() {
        let m = &Tables::<R>::MASKS;
        for color in [Color::White, Color::Black] {
            let c = color.index();
            for (rank, row) in m.ranks[c].iter().enumerate() {
                for square in *row {
                    let from_bits: usize = (0..4).filter(|&k| m.rank_bits[c][k].contains(square)).map(|k| 1 << k).sum();
                    assert_eq!((from_bits, m.rank_of[c][square as usize] as usize), (rank, rank));
                    let size = R::GEOMETRY.size as usize;
                    assert_eq!(m.runaway_rows[c].contains(square), rank >= size / 2 && rank < size - 1);
                }
            }
        }
    }

    #[test]
    fn rank_sums_and_rank_lookups_match_the_rows() {
        rank_tables_agree_with_the_rows::<English>();
        rank_tables_agree_with_the_rows::<International>();
        rank_tables_agree_with_the_rows::<Turkish>();
    }

    #[test]
    fn a_man_up_is_good_for_the_side_that_has_it_and_bad_for_the_other() {
        let up = eval::<English>("W:W21,22,23:B1,2");
        let down = eval::<English>("B:W21,22,23:B1,2");
        assert!(up > 50, "{up}");
        assert_eq!(up, -down);
    }

    #[test]
    fn kings_are_worth_more_than_men() {
        assert!(eval::<English>("W:WK21:B5") > 0);
        assert!(eval::<International>("W:WK46:B5,6") > 0);
    }

    #[test]
    fn a_lone_king_on_the_long_diagonal_holds_three_kings_in_russian() {
        let drawn = eval::<Russian>("W:WKc1,Ke1,Kg1:BKa1");
        let winning = eval::<Russian>("W:WKc1,Ke1,Kg1:BKh2");
        assert!(drawn.abs() < 60, "{drawn}");
        assert!(winning > 300, "{winning}");
    }

    #[test]
    fn the_side_ahead_is_paid_for_trading_down_except_on_the_10x10_board() {
        let english = Position::<English>::from_fen("W:W21,22,23:B1,2").expect("valid FEN");
        let no_trades = Weights { trade_down: 0, ..Weights::of(Family::ShortKings8) };
        assert!(evaluate(&english) > evaluate_with(&english, &no_trades));
        let international = Position::<International>::from_fen("W:W31,32,33:B18,19").expect("valid FEN");
        let trades = Weights { trade_down: 4, ..Weights::of(Family::FlyingKings10) };
        assert!(evaluate(&international) < evaluate_with(&international, &trades));
    }

    #[test]
    fn a_lead_shrinks_once_the_side_behind_has_crowned_on_the_10x10_board() {
        let all = Weights { held_lead: 16, ..Weights::of(Family::FlyingKings10) };
        let crowned = Position::<International>::from_fen("W:WK46,31,32,33,34,35:BK5,6").expect("valid FEN");
        let uncrowned = Position::<International>::from_fen("W:WK46,31,32,33,34,35:B5,6,7").expect("valid FEN");
        assert!(evaluate(&crowned) > 0);
        assert!(evaluate(&crowned) * 2 < evaluate_with(&crowned, &all), "{}", evaluate(&crowned));
        assert!(evaluate(&uncrowned) > evaluate(&crowned));
        assert_eq!(evaluate(&uncrowned), evaluate_with(&uncrowned, &all));
        let russian = Position::<Russian>::from_fen("W:WKc1,a3,c3,e3:BKh8").expect("valid FEN");
        let russian_all = Weights { held_lead: 16, ..Weights::of(Family::FlyingKings8) };
        assert_eq!(evaluate(&russian), evaluate_with(&russian, &russian_all));
    }

    #[test]
    fn a_man_no_enemy_piece_can_stop_is_worth_more() {
        // White's man on 11 runs to the crown unless a black piece stands in its cone (6, 1).
        let free = eval::<International>("W:W11:B5");
        let blocked = eval::<International>("W:W11:B1");
        assert!(free - blocked >= 40, "free {free}, blocked {blocked}");
    }

    #[test]
    fn evaluate_uses_its_familys_weights_and_evaluate_with_other_ones() {
        let position = Position::<International>::from_fen("W:W31,32,33,K45:B5,6,7,18").expect("valid FEN");
        let own = Weights::of(Family::FlyingKings10);
        assert_eq!(evaluate(&position), evaluate_with(&position, &own));
        let heavier_kings = Weights { king: own.king + 100, ..own };
        assert!(evaluate_with(&position, &heavier_kings) > evaluate(&position));
        assert_eq!(Weights::from_array(own.to_array()), own);
    }

    #[test]
    fn one_piece_each_is_a_draw_in_turkish() {
        assert_eq!(eval::<Turkish>("W:WKa1:Bb7"), 0);
    }
}
