//! `Rules`: each variant as a set of rule constants, each citing `RULES.md`.
//!
//! Board geometry is separate from rules: Brazilian is International's rules on the 8x8 board.
//! Everything that differs between variants is a constant here; the move generator, the
//! position and the game read these constants and never the variant's name.

use super::color::Color;
use super::draw::{DrawRules, EndgameRules, QuietReset};
use super::geometry::{Geometry, ALL_DIRECTIONS};
use super::naming::{Naming, Notation, Numbering};
use super::variant::Variant;

/// Which way a man may capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ManCapture {
    /// Forward only (English, Italian, Spanish, Czech).
    Forward,
    /// Forward and backward (Russian, Brazilian, International).
    ForwardAndBackward,
    /// Forward and sideways (Turkish).
    ForwardAndSideways,
}

/// What happens when a man reaches the crowning row in the middle of a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Promotion {
    /// The move ends there and the man is crowned (English, Italian, Spanish, Czech).
    EndsMove,
    /// The man is crowned at once and goes on capturing as a king (Russian).
    ContinueAsKing,
    /// The man goes on capturing as a man and is crowned only if the move ends on the
    /// crowning row (International, Brazilian, Turkish).
    AtEndOfMove,
}

/// When captured pieces leave the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Removal {
    /// After the whole move; until then they block and cannot be jumped twice (diagonal variants).
    EndOfMove,
    /// One by one as they are jumped, and a capture may not turn back 180° (Turkish).
    Immediate,
}

/// One criterion of capture precedence; a variant lists them in the order they are compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Criterion {
    /// The sequence that takes the most pieces.
    MostPieces,
    /// A capture with a king rather than with a man.
    WithKing,
    /// The sequence that takes the most kings.
    MostKings,
    /// The sequence that meets an enemy king earliest.
    EarliestKing,
}

/// The constants that make up a variant's rules.
pub trait Rules: Copy + Default + Eq + core::hash::Hash + Send + Sync + core::fmt::Debug + 'static {
    /// The variant these rules belong to.
    const VARIANT: Variant;
    /// The board.
    const GEOMETRY: &'static Geometry;
    /// Whether the board is seen in a mirror: the near-right corner is playable.
    const MIRRORED: bool = false;
    /// How squares are numbered.
    const NUMBERING: Numbering;
    /// The notation written by default.
    const NOTATION: Notation;
    /// The side that moves first from the start position.
    const FIRST_TO_MOVE: Color = Color::White;
    /// Men each side has at the start: no side may have more pieces than this.
    const MEN_PER_SIDE: u32;
    /// The start position.
    const START_FEN: &'static str;
    /// Whether kings move and capture any distance along a free line.
    const FLYING_KINGS: bool;
    /// Which way men capture.
    const MAN_CAPTURE: ManCapture;
    /// Whether a man may capture a king.
    const MEN_CAPTURE_KINGS: bool = true;
    /// Promotion in the middle of a capture.
    const PROMOTION: Promotion;
    /// When captured pieces leave the board.
    const REMOVAL: Removal = Removal::EndOfMove;
    /// Capture precedence, compared in order; empty means free choice.
    const PRECEDENCE: &'static [Criterion];
    /// The default draw rules.
    const DRAW: DrawRules;
    /// The variant's special endgame counts.
    const ENDGAME: EndgameRules;

    /// The variant's square names.
    const NAMING: Naming = Naming::new(Self::GEOMETRY, Self::MIRRORED, Self::NUMBERING, Self::NOTATION);

    /// The directions a man of `color` moves in without capturing (bit set of direction indexes).
    #[inline(always)]
    fn man_move_directions(color: Color) -> u8 {
        Self::GEOMETRY.forward[color.index()] | Self::GEOMETRY.sideways
    }

    /// The directions a man of `color` captures in (bit set of direction indexes).
    #[inline(always)]
    fn man_capture_directions(color: Color) -> u8 {
        match Self::MAN_CAPTURE {
            ManCapture::Forward => Self::GEOMETRY.forward[color.index()],
            ManCapture::ForwardAndBackward => ALL_DIRECTIONS,
            ManCapture::ForwardAndSideways => Self::GEOMETRY.forward[color.index()] | Self::GEOMETRY.sideways,
        }
    }
}

macro_rules! variant_rules {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;
    };
}

variant_rules!(
    /// English draughts / American checkers. RULES.md §5.
    English
);
variant_rules!(
    /// Russian draughts (shashki), FMJD-64. RULES.md §4.
    Russian
);
variant_rules!(
    /// Brazilian draughts: International rules on 8x8. RULES.md §3.
    Brazilian
);
variant_rules!(
    /// International draughts (FMJD), 10x10. RULES.md §2.
    International
);
variant_rules!(
    /// Spanish draughts. RULES.md §6.
    Spanish
);
variant_rules!(
    /// Italian draughts (FID). RULES.md §7.
    Italian
);
variant_rules!(
    /// Czech draughts. RULES.md §8.
    Czech
);
variant_rules!(
    /// Turkish draughts (Dama). RULES.md §9.
    Turkish
);

const RUSSIAN_START: &str = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";

impl Rules for English {
    const VARIANT: Variant = Variant::English;
    const GEOMETRY: &'static Geometry = &Geometry::DIAGONAL_8;
    const NUMBERING: Numbering = Numbering::ReadingOrder;
    const NOTATION: Notation = Notation::Numeric;
    /// Black (the dark side) moves first. RULES.md §5, WCDF 3.3.
    const FIRST_TO_MOVE: Color = Color::Black;
    const MEN_PER_SIDE: u32 = 12;
    const START_FEN: &'static str = "B:W21-32:B1-12";
    /// Kings move and capture one square. RULES.md §5.
    const FLYING_KINGS: bool = false;
    const MAN_CAPTURE: ManCapture = ManCapture::Forward;
    /// Reaching the far row ends the move. RULES.md §5.
    const PROMOTION: Promotion = Promotion::EndsMove;
    /// Free choice between capture sequences. RULES.md §5.
    const PRECEDENCE: &'static [Criterion] = &[];
    /// Third repetition; 40 moves each with no man move and no capture. RULES.md §5, §13.6.
    const DRAW: DrawRules = DrawRules::new(3, 40, QuietReset::ManMove);
    const ENDGAME: EndgameRules = EndgameRules::None;
}

impl Rules for Russian {
    const VARIANT: Variant = Variant::Russian;
    const GEOMETRY: &'static Geometry = &Geometry::DIAGONAL_8;
    const NUMBERING: Numbering = Numbering::None;
    const NOTATION: Notation = Notation::Algebraic;
    const MEN_PER_SIDE: u32 = 12;
    const START_FEN: &'static str = RUSSIAN_START;
    const FLYING_KINGS: bool = true;
    const MAN_CAPTURE: ManCapture = ManCapture::ForwardAndBackward;
    /// Crowned at once, goes on capturing as a king. RULES.md §4.
    const PROMOTION: Promotion = Promotion::ContinueAsKing;
    /// Free choice. RULES.md §4.
    const PRECEDENCE: &'static [Criterion] = &[];
    /// FMJD-64 7.2.3 (threefold) and 7.2.5 (15 king-only moves each). RULES.md §4.
    const DRAW: DrawRules = DrawRules::new(3, 15, QuietReset::ManMove);
    const ENDGAME: EndgameRules = EndgameRules::Fmjd64;
}

impl Rules for Brazilian {
    const VARIANT: Variant = Variant::Brazilian;
    const GEOMETRY: &'static Geometry = &Geometry::DIAGONAL_8;
    const NUMBERING: Numbering = Numbering::None;
    const NOTATION: Notation = Notation::Algebraic;
    const MEN_PER_SIDE: u32 = 12;
    const START_FEN: &'static str = RUSSIAN_START;
    const FLYING_KINGS: bool = true;
    const MAN_CAPTURE: ManCapture = ManCapture::ForwardAndBackward;
    /// Crowned only when the move ends on the far row. RULES.md §3.
    const PROMOTION: Promotion = Promotion::AtEndOfMove;
    /// Majority rule, a king counts one. RULES.md §3.
    const PRECEDENCE: &'static [Criterion] = &[Criterion::MostPieces];
    /// FMJD-64 7.2.x as for Russian. RULES.md §3, §13.3.
    const DRAW: DrawRules = DrawRules::new(3, 15, QuietReset::ManMove);
    const ENDGAME: EndgameRules = EndgameRules::Fmjd64;
}

impl Rules for International {
    const VARIANT: Variant = Variant::International;
    const GEOMETRY: &'static Geometry = &Geometry::DIAGONAL_10;
    const NUMBERING: Numbering = Numbering::ReadingOrder;
    const NOTATION: Notation = Notation::Numeric;
    const MEN_PER_SIDE: u32 = 20;
    const START_FEN: &'static str = "W:W31-50:B1-20";
    const FLYING_KINGS: bool = true;
    const MAN_CAPTURE: ManCapture = ManCapture::ForwardAndBackward;
    /// FMJD 3.5, 4.15. RULES.md §2.
    const PROMOTION: Promotion = Promotion::AtEndOfMove;
    /// FMJD 4.13. RULES.md §2.
    const PRECEDENCE: &'static [Criterion] = &[Criterion::MostPieces];
    /// FMJD 6.1 (threefold) and 6.2 (25 king-only moves each). RULES.md §2.
    const DRAW: DrawRules = DrawRules::new(3, 25, QuietReset::ManMove);
    const ENDGAME: EndgameRules = EndgameRules::Fmjd;
}

impl Rules for Spanish {
    const VARIANT: Variant = Variant::Spanish;
    const GEOMETRY: &'static Geometry = &Geometry::DIAGONAL_8;
    /// Playable square at each player's near right. RULES.md §6.
    const MIRRORED: bool = true;
    /// PDN "N1": 1 is White's near-right corner. RULES.md §6.
    const NUMBERING: Numbering = Numbering::FromWhiteNearRight;
    const NOTATION: Notation = Notation::Numeric;
    const MEN_PER_SIDE: u32 = 12;
    const START_FEN: &'static str = "W:W1-12:B21-32";
    const FLYING_KINGS: bool = true;
    const MAN_CAPTURE: ManCapture = ManCapture::Forward;
    const PROMOTION: Promotion = Promotion::EndsMove;
    /// Quantity rule, then quality rule (most kings). RULES.md §6.
    const PRECEDENCE: &'static [Criterion] = &[Criterion::MostPieces, Criterion::MostKings];
    /// Threefold; 20 king moves each without capture. RULES.md §6, §13.8.
    const DRAW: DrawRules = DrawRules::new(3, 20, QuietReset::ManMove);
    const ENDGAME: EndgameRules = EndgameRules::None;
}

impl Rules for Italian {
    const VARIANT: Variant = Variant::Italian;
    const GEOMETRY: &'static Geometry = &Geometry::DIAGONAL_8;
    /// Near-right corner dark. RULES.md §7, FID art. 2.
    const MIRRORED: bool = true;
    const NUMBERING: Numbering = Numbering::ReadingOrder;
    const NOTATION: Notation = Notation::Numeric;
    const MEN_PER_SIDE: u32 = 12;
    const START_FEN: &'static str = "W:W21-32:B1-12";
    /// Kings move one square. RULES.md §7.
    const FLYING_KINGS: bool = false;
    const MAN_CAPTURE: ManCapture = ManCapture::Forward;
    /// A man may not capture a king. RULES.md §7, FID rule 3.
    const MEN_CAPTURE_KINGS: bool = false;
    const PROMOTION: Promotion = Promotion::EndsMove;
    /// FID rules 5–9. RULES.md §7.
    const PRECEDENCE: &'static [Criterion] =
        &[Criterion::MostPieces, Criterion::WithKing, Criterion::MostKings, Criterion::EarliestKing];
    /// dctl: 4 repetitions, 80 reversible plies. RULES.md §7, §13.7.
    const DRAW: DrawRules = DrawRules::new(4, 40, QuietReset::ManMove);
    const ENDGAME: EndgameRules = EndgameRules::None;
}

impl Rules for Czech {
    const VARIANT: Variant = Variant::Czech;
    const GEOMETRY: &'static Geometry = &Geometry::DIAGONAL_8;
    const NUMBERING: Numbering = Numbering::None;
    const NOTATION: Notation = Notation::Algebraic;
    const MEN_PER_SIDE: u32 = 12;
    const START_FEN: &'static str = RUSSIAN_START;
    const FLYING_KINGS: bool = true;
    const MAN_CAPTURE: ManCapture = ManCapture::Forward;
    const PROMOTION: Promotion = Promotion::EndsMove;
    /// A king must capture when it can; otherwise free choice. RULES.md §8, §13.11.
    const PRECEDENCE: &'static [Criterion] = &[Criterion::WithKing];
    /// Threefold; 15 moves with no capture and no man move. RULES.md §8.
    const DRAW: DrawRules = DrawRules::new(3, 15, QuietReset::ManMove);
    const ENDGAME: EndgameRules = EndgameRules::None;
}

impl Rules for Turkish {
    const VARIANT: Variant = Variant::Turkish;
    const GEOMETRY: &'static Geometry = &Geometry::ORTHOGONAL_8;
    const NUMBERING: Numbering = Numbering::None;
    const NOTATION: Notation = Notation::Algebraic;
    const MEN_PER_SIDE: u32 = 16;
    const START_FEN: &'static str =
        "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7";
    const FLYING_KINGS: bool = true;
    const MAN_CAPTURE: ManCapture = ManCapture::ForwardAndSideways;
    /// Continues as a man, crowned at the end. RULES.md §9, §13.9.
    const PROMOTION: Promotion = Promotion::AtEndOfMove;
    /// Captured pieces leave at once; no 180° turn. RULES.md §9.
    const REMOVAL: Removal = Removal::Immediate;
    /// Maximum number, king and man count one. RULES.md §9.
    const PRECEDENCE: &'static [Criterion] = &[Criterion::MostPieces];
    /// Threefold; no official progress count (off). RULES.md §9, §13.9.
    const DRAW: DrawRules = DrawRules::new(3, 0, QuietReset::ManMove);
    const ENDGAME: EndgameRules = EndgameRules::Turkish;
}
