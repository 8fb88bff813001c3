//! `Material`: which pieces a slice of the endgame databases holds, counted for the side to
//! move and for its opponent; the order slices are solved in.
//!
//! Depends on nothing but the counts: no board, no rules.

/// The pieces of a slice: men and kings of the side to move and of its opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// Men of the side to move.
    pub own_men: u8,
    /// Kings of the side to move.
    pub own_kings: u8,
    /// Men of the opponent.
    pub their_men: u8,
    /// Kings of the opponent.
    pub their_kings: u8,
}

/// The most pieces a database slice may hold (a file name has one digit per count).
pub const MAX_PIECES: u32 = 9;

impl Material {
    /// The slice with these counts.
    pub const fn new(own_men: u8, own_kings: u8, their_men: u8, their_kings: u8) -> Material {
        Material { own_men, own_kings, their_men, their_kings }
    }

    /// Every piece on the board.
    pub const fn pieces(self) -> u32 {
        (self.own_men + self.own_kings + self.their_men + self.their_kings) as u32
    }

    /// Every man on the board.
    pub const fn men(self) -> u32 {
        (self.own_men + self.their_men) as u32
    }

    /// The same pieces with the other side to move.
    pub const fn mirror(self) -> Material {
        Material::new(self.their_men, self.their_kings, self.own_men, self.own_kings)
    }

    /// The slice's place in a table of every slice of up to [`MAX_PIECES`] pieces.
    pub const fn code(self) -> usize {
        let base = MAX_PIECES as usize + 1;
        ((self.own_men as usize * base + self.own_kings as usize) * base + self.their_men as usize) * base
            + self.their_kings as usize
    }

    /// The number of distinct codes ([`Material::code`] is below it).
    pub const CODES: usize = (MAX_PIECES as usize + 1).pow(4);

    /// The name of the slice's files without their extension, e.g. `1m2k-0m1k`: the side to
    /// move's men and kings, then the opponent's.
    pub fn file_stem(self) -> String {
        format!("{}m{}k-{}m{}k", self.own_men, self.own_kings, self.their_men, self.their_kings)
    }

    /// Every slice of up to `max_pieces` pieces in which both sides have a piece, in an order
    /// in which each is solved after every slice its moves lead to: fewer pieces first
    /// (captures), then fewer men (promotions); a slice and its mirror are adjacent, the first
    /// of the two with more own men or, when equal, more own kings.
    pub fn solving_order(max_pieces: u32) -> Vec<Material> {
        let mut out = Vec::new();
        for pieces in 2..=max_pieces.min(MAX_PIECES) {
            for men in 0..=pieces {
                for own_men in 0..=men {
                    let their_men = men - own_men;
                    let kings = pieces - men;
                    for own_kings in 0..=kings {
                        let their_kings = kings - own_kings;
                        let m = Material::new(own_men as u8, own_kings as u8, their_men as u8, their_kings as u8);
                        let own = m.own_men + m.own_kings;
                        let their = m.their_men + m.their_kings;
                        if own == 0 || their == 0 {
                            continue;
                        }
                        if m.mirror() < m {
                            continue;
                        }
                        out.push(m);
                        if m.mirror() != m {
                            out.push(m.mirror());
                        }
                    }
                }
            }
        }
        out
    }
}

impl core::fmt::Display for Material {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}m{}k-{}m{}k", self.own_men, self.own_kings, self.their_men, self.their_kings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_slice_comes_after_those_its_captures_and_promotions_lead_to() {
        let order = Material::solving_order(5);
        let place = |m: Material| order.iter().position(|&x| x == m);
        for (i, m) in order.iter().enumerate() {
            // A promotion of one of the mover's men: the opponent is to move next.
            if m.own_men > 0 {
                let promoted = Material::new(m.own_men - 1, m.own_kings + 1, m.their_men, m.their_kings).mirror();
                assert!(place(promoted).expect("listed") < i, "{m} after {promoted}");
            }
            // A capture of one opponent piece.
            if m.their_men + m.their_kings > 1 && m.their_kings > 0 {
                let captured = Material::new(m.own_men, m.own_kings, m.their_men, m.their_kings - 1).mirror();
                assert!(place(captured).expect("listed") < i, "{m} after {captured}");
            }
            assert!(place(m.mirror()).is_some());
        }
        let mut unique = order.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), order.len());
    }
}
