//! `Rules`: each variant as a set of rule constants: one default rule set, and each variant
//! stating only how it differs from it (as dctl does).
//!
//! The trait's defaults are the International rules (FMJD, docs/rules.md §2). Each variant is
//! one `variant_rules!`: a head line with what has no default (the PDN GameType, the board, the
//! word, the number of men and the start position), then a body with only the constants in
//! which the variant differs, each citing the rule-book article it implements and the section
//! of `docs/rules.md` that describes it. Defaults that follow from other constants are derived
//! once, in the trait (the first side to move from the start position, algebraic notation
//! without numbering, promotion ending the move of a man that captures forward only, the
//! optional-capture house rule on 8x8 boards).
//! Board geometry is separate from rules: Brazilian is International's rules on the 8x8 board.
//! Everything that differs between variants is a constant here; the move generator, the
//! position and the game read these constants and never the variant's name.

use serde::Serialize;

use super::bitboard::Word;
use super::color::Color;
use super::draw::{DrawRules, EndgameRules, QuietReset};
use super::geometry::{Geometry, ALL_DIRECTIONS, STRAIGHT_DIRECTIONS};
use super::naming::{Naming, Notation, Numbering};
use super::variant::Variant;

/// Which way a man may capture. Serialised `forward`, `forward_and_backward` or
/// `forward_and_sideways`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ManCapture {
    /// Forward only (English, Italian, Spanish, Czech).
    Forward,
    /// Forward and backward (Russian, Brazilian, International), and along ranks and files
    /// where the variant captures along them (Frisian).
    ForwardAndBackward,
    /// Forward and sideways (Turkish).
    ForwardAndSideways,
}

/// What happens when a man reaches the crowning row in the middle of a capture. Serialised
/// `ends_move`, `continues_as_king` or `at_end_of_move`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Promotion {
    /// The move ends there and the man is crowned (English, Italian, Spanish, Czech).
    EndsMove,
    /// The man is crowned at once and goes on capturing as a king (Russian).
    #[serde(rename = "continues_as_king")]
    ContinueAsKing,
    /// The man goes on capturing as a man and is crowned only if the move ends on the
    /// crowning row (International, Brazilian, Turkish).
    AtEndOfMove,
}

/// When captured pieces leave the board. Serialised `end_of_move`, `immediately` or
/// `immediately_passing`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Removal {
    /// After the whole move; until then they block and cannot be jumped twice (diagonal variants).
    EndOfMove,
    /// One by one as they are jumped, and a capture may not turn back 180° (Turkish).
    #[serde(rename = "immediately")]
    Immediate,
    /// One by one as they are jumped; a king may cross their squares again, even turning back
    /// 180° (Thai).
    #[serde(rename = "immediately_passing")]
    Passing,
}

/// How a game is won. Serialised by what ends the game: `no_piece_or_move_loses`,
/// `no_piece_or_move_wins` or `first_king_wins`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Goal {
    /// The side to move with no piece or no legal move has lost (every variant but two).
    #[serde(rename = "no_piece_or_move_loses")]
    Standard,
    /// The side to move with no piece or no legal move has won: each side tries to lose its
    /// pieces (antidraughts).
    #[serde(rename = "no_piece_or_move_wins")]
    GiveAway,
    /// The first side to crown a king wins; a side left with no piece or no legal move has
    /// lost, as in the standard game (breakthrough).
    #[serde(rename = "first_king_wins")]
    FirstKing,
}

impl Goal {
    /// The winner when `stuck`, the side to move, has no piece or no legal move.
    #[inline(always)]
    pub const fn winner_when_stuck(self, stuck: Color) -> Color {
        match self {
            Goal::GiveAway => stuck,
            Goal::Standard | Goal::FirstKing => stuck.opponent(),
        }
    }
}

/// One criterion of capture precedence; a variant lists them in the order they are compared.
/// Serialised `most_pieces`, `with_king`, `most_kings`, `earliest_king` or `most_value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Criterion {
    /// The sequence that takes the most pieces.
    MostPieces,
    /// A capture with a king rather than with a man.
    WithKing,
    /// The sequence that takes the most kings.
    MostKings,
    /// The sequence that meets an enemy king earliest.
    EarliestKing,
    /// The sequence of the highest value: a king is worth more than one man and less than
    /// two, and `n` kings more than `2n - 1` men and less than `2n` (Frisian).
    MostValue,
}

/// The constants that make up a variant's rules.
///
/// Every rule constant defaults to the International rules (FMJD Annex 1, docs/rules.md §2); a
/// variant overrides only what its rule book does differently. The variant, its board, its men
/// per side, its start position and its PDN GameType have no default.
pub trait Rules: Copy + Default + Eq + core::hash::Hash + Send + Sync + core::fmt::Debug + 'static {
    /// The variant these rules belong to.
    const VARIANT: Variant;
    /// The board.
    const GEOMETRY: &'static Geometry;
    /// The word a set of the board's squares is kept in: `u64` up to 10x10, `u128` on 12x12.
    /// It must hold the board's padded layout ([`Geometry::bits`]): see
    /// [`Rules::BOARD_FITS_WORD`].
    type Board: Word;
    /// Men each side has at the start: no side may have more pieces than this.
    const MEN_PER_SIDE: u32;
    /// The start position.
    const START_FEN: &'static str;
    /// The PDN GameType number of the variant (20 for International draughts). PDN 3.0
    /// (GameType tag). docs/rules.md §12.
    const PDN_GAME_TYPE: u8;

    /// Whether the board is seen in a mirror: the near-right corner is playable. Default: the
    /// long diagonal starts at each player's left, so the near-left corner is playable.
    /// FMJD art. 2.4. docs/rules.md §2.
    const MIRRORED: bool = false;
    /// How squares are numbered. Default: row by row from the top row as White sees the board,
    /// left to right. FMJD art. 2.6. docs/rules.md §2.
    const NUMBERING: Numbering = Numbering::ReadingOrder;
    /// The notation written by default. Default: square numbers (FMJD art. 8.1, docs/rules.md
    /// §2), or algebraic squares where the board has no numbering (docs/rules.md §12).
    const NOTATION: Notation =
        if matches!(Self::NUMBERING, Numbering::None) { Notation::Algebraic } else { Notation::Numeric };
    /// The side that moves first from the start position: the side to move of
    /// [`Rules::START_FEN`] (`B` for Black, else White). FMJD art. 3.3. docs/rules.md §2.
    const FIRST_TO_MOVE: Color = if Self::START_FEN.as_bytes()[0] == b'B' { Color::Black } else { Color::White };
    /// Whether kings move and capture any distance along a free line. Default: yes.
    /// FMJD art. 3.9, 4.3. docs/rules.md §2.
    const FLYING_KINGS: bool = true;
    /// Which way men capture. Default: forward and backward. FMJD art. 4.1–4.2, 4.5.
    /// docs/rules.md §2.
    const MAN_CAPTURE: ManCapture = ManCapture::ForwardAndBackward;
    /// Whether a flying king must land on the square directly behind the piece it captures.
    /// Default: no, on any free square behind it. FMJD art. 4.3. docs/rules.md §2.
    const KING_LANDS_DIRECTLY_BEHIND: bool = false;
    /// Whether men and kings also capture along the board's straight lines, ranks and files,
    /// besides its diagonals. Default: no. FMJD art. 4.1. docs/rules.md §2, §10.5.
    const STRAIGHT_CAPTURES: bool = false;
    /// Whether a man may capture a king. Default: yes. FMJD art. 4.2. docs/rules.md §2.
    const MEN_CAPTURE_KINGS: bool = true;
    /// Promotion in the middle of a capture. Default: a man passing the crowning row goes on
    /// as a man and is crowned only if its move ends there. FMJD art. 3.5, 4.15.
    /// docs/rules.md §2.
    const PROMOTION: Promotion = Promotion::AtEndOfMove;
    /// When captured pieces leave the board. Default: after the whole move. FMJD art. 4.8, 4.11.
    /// docs/rules.md §1.4, §2.
    const REMOVAL: Removal = Removal::EndOfMove;
    /// Capture precedence, compared in order; empty means free choice. Default: the most
    /// pieces, a king counting one. FMJD art. 4.13–4.14. docs/rules.md §2.
    const PRECEDENCE: &'static [Criterion] = &[Criterion::MostPieces];
    /// The default draw rules. Default: third repetition, 25 moves each of kings only.
    /// FMJD art. 6.1, 6.2. docs/rules.md §2.
    const DRAW: DrawRules = DrawRules::new(3, 25, QuietReset::ManMove);
    /// The most moves without capture a side may make in a row with the same king while it
    /// also has men (0: no limit). Default: no limit. FRIS art. 17. docs/rules.md §10.5.
    const KING_MOVE_LIMIT: u8 = 0;
    /// How the game is won. Default: the side to move with no piece or no legal move has lost.
    /// FMJD art. 7.2. docs/rules.md §1.5.
    const GOAL: Goal = Goal::Standard;
    /// Whether a game may ask for the optional-capture house rule (`mandatory_capture: false`).
    /// Default: on the 8x8 boards only; no rule book has it, and the house offers it there.
    /// docs/rules.md §11.
    const OPTIONAL_CAPTURE_ALLOWED: bool = Self::GEOMETRY.size == 8;
    /// The variant's special endgame counts. Default: the 16- and 5-move counts against a lone
    /// king. FMJD art. 6.3, 6.4. docs/rules.md §2, §13.5.
    const ENDGAME: EndgameRules = EndgameRules::Fmjd;

    /// Evaluates only if the board's padded layout fits in [`Rules::Board`]: every rule set
    /// declared here is checked at compile time (a `const _` beside each), so a word too narrow
    /// for its board does not compile.
    const BOARD_FITS_WORD: () = assert!(
        Self::GEOMETRY.bits() <= <Self::Board as Word>::BITS,
        "the board's padded layout has more bits than its word"
    );

    /// The variant's square names.
    const NAMING: Naming = Naming::new(Self::GEOMETRY, Self::MIRRORED, Self::NUMBERING, Self::NOTATION);

    /// The directions a man of `color` moves in without capturing (bit set of direction indexes).
    #[inline(always)]
    fn man_move_directions(color: Color) -> u8 {
        Self::GEOMETRY.forward[color.index()] | Self::GEOMETRY.sideways
    }

    /// The directions a king captures in (bit set of direction indexes).
    #[inline(always)]
    fn capture_directions() -> u8 {
        if Self::STRAIGHT_CAPTURES {
            ALL_DIRECTIONS | STRAIGHT_DIRECTIONS
        } else {
            ALL_DIRECTIONS
        }
    }

    /// The directions a man of `color` captures in (bit set of direction indexes).
    #[inline(always)]
    fn man_capture_directions(color: Color) -> u8 {
        match Self::MAN_CAPTURE {
            ManCapture::Forward => Self::GEOMETRY.forward[color.index()],
            ManCapture::ForwardAndBackward => Self::capture_directions(),
            ManCapture::ForwardAndSideways => Self::GEOMETRY.forward[color.index()] | Self::GEOMETRY.sideways,
        }
    }
}

/// Declares a variant's rule set: its type, named as its [`Variant`], and its `impl Rules`,
/// which states what has no default (the PDN GameType, docs/rules.md §12; the board; the word
/// its sets are kept in; the men each side has; the start position), then the body: the
/// constants in which the variant differs from the defaults. Checks at compile time that the
/// word holds the board ([`Rules::BOARD_FITS_WORD`]).
macro_rules! variant_rules {
    (
        $(#[$doc:meta])*
        $name:ident (GameType $game_type:literal) on $geometry:ident in $word:ident with $men:literal men
            from $start:tt { $($body:tt)* }
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;

        impl Rules for $name {
            const VARIANT: Variant = Variant::$name;
            const GEOMETRY: &'static Geometry = &Geometry::$geometry;
            type Board = $word;
            const MEN_PER_SIDE: u32 = $men;
            const START_FEN: &'static str = $start;
            const PDN_GAME_TYPE: u8 = $game_type;
            $($body)*
        }

        const _: () = <$name as Rules>::BOARD_FITS_WORD;
    };
}

/// The start of the 8x8 variants with a1 dark: twelve men each on the three nearest rows
/// (Russian, Brazilian, Czech).
const START_8X8: &str = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";

/// The start of International draughts and the variants played from it (Frisian,
/// Antidraughts, Breakthrough): twenty men each, Black on 1–20, White on 31–50, White to move.
const START_10X10: &str = "W:W31-50:B1-20";

/// The start of English draughts and pool checkers: twelve men each, Black on 1–12, White on
/// 21–32 (English numbering), Black to move.
const START_ENGLISH: &str = "B:W21-32:B1-12";

/// The Turkish start: sixteen men each, on ranks 2–3 and 6–7.
const START_TURKISH: &str =
    "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7";

variant_rules! {
    /// International draughts (FMJD), 10x10: the default rule set. docs/rules.md §2.
    ///
    /// The official FMJD rules (Annex 1). 10x10, play on the 50 dark squares (FMJD art. 2.1–2.4);
    /// twenty men each, Black on 1–20, White on 31–50, White to move (FMJD art. 2.8 (per dctl),
    /// 3.3).
    International (GameType 20) on DIAGONAL_10 in u64 with 20 men from START_10X10 {}
}

variant_rules! {
    /// Brazilian draughts: International rules on 8x8; only the board, the start, the square
    /// names and the draw rules differ. docs/rules.md §3.
    ///
    /// FMJD rules on 8x8 (as dctl and lidraughts). 8x8, play on the 32 dark squares, a1 dark
    /// (the FMJD orientation: FMJD art. 2.4 on the 8x8 board); twelve men each on the three
    /// nearest rows, the Russian start (lidraughts' Brazilian variant; no rule-book article
    /// available).
    Brazilian (GameType 26) on DIAGONAL_8 in u64 with 12 men from START_8X8 {
        /// No standard numbering: squares are named algebraically. PDN GameType 26 ("A0").
        /// docs/rules.md §3, §12.
        const NUMBERING: Numbering = Numbering::None;
        /// Third repetition, 15 king-only moves each: FMJD-64 art. 7.2.3 and 7.2.5, as lidraughts
        /// applies them to Brazilian. docs/rules.md §3, §13.3.
        const DRAW: DrawRules = DrawRules::new(3, 15, QuietReset::ManMove);
        /// FMJD-64 art. 7.2.4, 7.2.6, 7.2.7 and 7.2.8, as lidraughts. docs/rules.md §3, §13.3.
        const ENDGAME: EndgameRules = EndgameRules::Fmjd64;
    }
}

variant_rules! {
    /// Russian draughts (shashki), FMJD-64. Differs from International in the square names,
    /// promotion during a capture, free choice of capture and the draw rules. docs/rules.md §4.
    ///
    /// The FMJD-64 rules and the Russian code (2004). 8x8, play on the 32 dark squares, a1 dark
    /// (FMJD-64 rules, board); twelve men each on the three nearest rows, White on a1–g3, Black
    /// on b6–h8, White to move (FMJD-64 rules, start position).
    Russian (GameType 25) on DIAGONAL_8 in u64 with 12 men from START_8X8 {
        /// No standard numbering: squares are named algebraically. PDN GameType 25 ("A0").
        /// docs/rules.md §4, §12.
        const NUMBERING: Numbering = Numbering::None;
        /// Crowned at once, goes on capturing as a king. Russian code (2004) art. 1.5.15 (per
        /// dctl). docs/rules.md §4.
        const PROMOTION: Promotion = Promotion::ContinueAsKing;
        /// Free choice between capture sequences (no majority rule). Russian code (2004), as dctl
        /// encodes it; FMJD-64 art. 4.6 for the king's landing square. docs/rules.md §4, §13.2.
        const PRECEDENCE: &'static [Criterion] = &[];
        /// Third repetition, 15 king-only moves each. FMJD-64 art. 7.2.3, 7.2.5. docs/rules.md §4.
        const DRAW: DrawRules = DrawRules::new(3, 15, QuietReset::ManMove);
        /// FMJD-64 art. 7.2.4, 7.2.6, 7.2.7 and 7.2.8. docs/rules.md §4.
        const ENDGAME: EndgameRules = EndgameRules::Fmjd64;
    }
}

variant_rules! {
    /// English draughts / American checkers. Differs from International in the first move,
    /// short kings, men capturing forward only, promotion ending the move, free choice of
    /// capture and the draw rules. docs/rules.md §5.
    ///
    /// The WCDF rules. 8x8, play on the 32 dark squares, a dark square at each player's near
    /// left (WCDF art. 1.1, 1.4); twelve men each, Black on 1–12, White on 21–32 (WCDF art. 3.1,
    /// 3.3, Mind Sports copy).
    English (GameType 21) on DIAGONAL_8 in u64 with 12 men from START_ENGLISH {
        /// Kings move and capture one square. WCDF art. 1.17 (per dctl). docs/rules.md §5.
        const FLYING_KINGS: bool = false;
        /// Men capture forward only (WCDF art. 1.18, per dctl); so reaching the far row crowns the
        /// man and ends the move (WCDF art. 1.19, per dctl). docs/rules.md §5.
        const MAN_CAPTURE: ManCapture = ManCapture::Forward;
        /// Free choice between capture sequences. WCDF art. 1.20 (per dctl). docs/rules.md §5.
        const PRECEDENCE: &'static [Criterion] = &[];
        /// Third repetition; 40 moves each with no man move and no capture. WCDF art. 1.32.1,
        /// 1.32.2 (per dctl). docs/rules.md §5, §13.6.
        const DRAW: DrawRules = DrawRules::new(3, 40, QuietReset::ManMove);
        /// No endgame counts: WCDF art. 1.32 has only the two rules above. docs/rules.md §5.
        const ENDGAME: EndgameRules = EndgameRules::None;
    }
}

variant_rules! {
    /// Spanish draughts. Differs from International in the mirrored board and its numbering,
    /// men capturing forward only, promotion ending the move, the quality rule and the draw
    /// rules. docs/rules.md §6.
    ///
    /// No primary rule book available; secondary sources. 8x8, 32 playing squares (PDN GameType
    /// 24); twelve men each on the three nearest rows (tkabber and Mind Sports rules, no article
    /// numbers); White on 1–12, Black on 21–32 (PDN N1), White to move (PDN GameType 24).
    Spanish (GameType 24) on DIAGONAL_8 in u64 with 12 men from "W:W1-12:B21-32" {
        /// Playable square at each player's near right. PDN GameType 24 ("…,1"); Portuguese
        /// classical rules art. 2.1.5 (per dctl). docs/rules.md §6.
        const MIRRORED: bool = true;
        /// PDN "N1": 1 is White's near-right corner. PDN GameType 24. docs/rules.md §6, §13.8.
        const NUMBERING: Numbering = Numbering::FromWhiteNearRight;
        /// Men capture forward only; so reaching the far row crowns the man and ends the move.
        /// tkabber and Mind Sports rules (no article numbers); dctl. docs/rules.md §6.
        const MAN_CAPTURE: ManCapture = ManCapture::Forward;
        /// Quantity rule, then quality rule (most kings). section64 and torofun rules (no article
        /// numbers); dctl. docs/rules.md §6.
        const PRECEDENCE: &'static [Criterion] = &[Criterion::MostPieces, Criterion::MostKings];
        /// Third repetition; 20 king moves each without capture. Secondary sources only (no
        /// article numbers). docs/rules.md §6, §13.8.
        const DRAW: DrawRules = DrawRules::new(3, 20, QuietReset::ManMove);
        /// No endgame counts: the sources' further counts are truncated. docs/rules.md §6, §13.8.
        const ENDGAME: EndgameRules = EndgameRules::None;
    }
}

variant_rules! {
    /// Italian draughts (FID). Differs from International in the mirrored board, short kings,
    /// men capturing forward only and never a king, promotion ending the move, the FID
    /// precedence rules and the draw rules. docs/rules.md §7.
    ///
    /// FID Regolamento tecnico, Capo I. 8x8, 32 dark squares (FID art. 2.1, per dctl); twelve
    /// men each on the three nearest rows (FID art. 2); Black on 1–12, White on 21–32, White to
    /// move (FID art. 3.4).
    Italian (GameType 22) on DIAGONAL_8 in u64 with 12 men from "W:W21-32:B1-12" {
        /// Near-right corner dark. FID art. 2.3 (per dctl). docs/rules.md §7.
        const MIRRORED: bool = true;
        /// Kings move and capture one square. FID art. 4.7 (per dctl). docs/rules.md §7.
        const FLYING_KINGS: bool = false;
        /// Men capture forward only (FID art. 5.3(a), per dctl); so reaching the far row crowns the
        /// man and ends the move (FID Capo I; dctl). docs/rules.md §7.
        const MAN_CAPTURE: ManCapture = ManCapture::Forward;
        /// A man may not capture a king. FID art. 5.3(b) (per dctl); FID "10 regole" no. 3.
        /// docs/rules.md §7.
        const MEN_CAPTURE_KINGS: bool = false;
        /// Most pieces, then with a king, then most kings, then the king met earliest.
        /// FID art. 6.6–6.9 (per dctl); FID "10 regole" nos. 5–9. docs/rules.md §7.
        const PRECEDENCE: &'static [Criterion] =
            &[Criterion::MostPieces, Criterion::WithKing, Criterion::MostKings, Criterion::EarliestKing];
        /// Fourth repetition; 40 moves each (80 reversible plies). FID art. 9.3(b1), 10.4 (per
        /// dctl; primary text not checked). docs/rules.md §7, §13.7.
        const DRAW: DrawRules = DrawRules::new(4, 40, QuietReset::ManMove);
        /// No endgame counts (none in the sources). docs/rules.md §7, §13.7.
        const ENDGAME: EndgameRules = EndgameRules::None;
    }
}

variant_rules! {
    /// Czech draughts. Differs from International in the square names, men capturing forward
    /// only, promotion ending the move, king-capture priority instead of the majority rule, and
    /// the draw rules. docs/rules.md §8.
    ///
    /// FMJD's brief rules of Czech draughts. 8x8, play on the 32 dark squares, a1 dark (Czech
    /// rules art. 2.1, 2.4, per dctl); twelve men each on the three nearest rows, the Russian
    /// start, White to move (FMJD brief rules of Czech draughts, diagram 1).
    Czech (GameType 29) on DIAGONAL_8 in u64 with 12 men from START_8X8 {
        /// No standard numbering: squares are named algebraically. Czech rules art. 2.6 (per
        /// dctl). docs/rules.md §8, §12.
        const NUMBERING: Numbering = Numbering::None;
        /// Men capture forward only (Czech rules art. 4.1, per dctl); so a man whose move ends on
        /// the far row is crowned and never captures on from there (FMJD brief rules of Czech
        /// draughts). docs/rules.md §8.
        const MAN_CAPTURE: ManCapture = ManCapture::Forward;
        /// A king must capture when it can; otherwise free choice, no quantity rule. Czech rules
        /// art. 4.14 (per dctl). docs/rules.md §8, §13.11.
        const PRECEDENCE: &'static [Criterion] = &[Criterion::WithKing];
        /// Third repetition; 15 moves with no capture and no man move. FMJD brief rules of Czech
        /// draughts. docs/rules.md §8.
        const DRAW: DrawRules = DrawRules::new(3, 15, QuietReset::ManMove);
        /// No endgame counts (none in the FMJD brief rules). docs/rules.md §8.
        const ENDGAME: EndgameRules = EndgameRules::None;
    }
}

variant_rules! {
    /// Turkish draughts (Dama). Differs from International in the orthogonal board, men
    /// capturing forward and sideways, immediate removal and the draw rules; its kings fly, the
    /// most pieces must be taken and a man is crowned at the end of the move, as in
    /// International (docs/rules.md §13.9). docs/rules.md §9.
    ///
    /// Wikipedia and kish's compiled rules. 8x8, every square used, moves along ranks and files;
    /// sixteen men each, White on ranks 2–3, Black on ranks 6–7, White to move.
    Turkish (GameType 30) on ORTHOGONAL_8 in u64 with 16 men from START_TURKISH {
        /// No numbering: squares are named algebraically. PDN GameType 30 ("A0"). docs/rules.md §9.
        const NUMBERING: Numbering = Numbering::None;
        /// Men capture forward and sideways. Wikipedia; kish rules. docs/rules.md §9.
        const MAN_CAPTURE: ManCapture = ManCapture::ForwardAndSideways;
        /// Captured pieces leave at once; no 180° turn. Wikipedia; kish rules §6.7.
        /// docs/rules.md §9.
        const REMOVAL: Removal = Removal::Immediate;
        /// Third repetition; no official progress count (off). kish rules §9. docs/rules.md §9,
        /// §13.9.
        const DRAW: DrawRules = DrawRules::new(3, 0, QuietReset::ManMove);
        /// One piece against one piece is a draw. kish rules §9. docs/rules.md §9.
        const ENDGAME: EndgameRules = EndgameRules::Turkish;
    }
}

variant_rules! {
    /// Frisian draughts. Differs from International in men and kings capturing along ranks and
    /// files too, the capture-value rule, the king-move limit and the draw rules.
    /// docs/rules.md §10.5.
    ///
    /// The official rules (2011), as dctl and lidraughts implement them. The International board
    /// and start: twenty men each (FRIS; dctl; lidraughts).
    Frisian (GameType 40) on DIAGONAL_10 in u64 with 20 men from START_10X10 {
        /// Men and kings also capture along ranks and files. FRIS; dctl (`is_orthogonal_jumps`).
        /// docs/rules.md §10.5.
        const STRAIGHT_CAPTURES: bool = true;
        /// The highest capture value, then a capture with a king. FRIS art. 11, 12.
        /// docs/rules.md §10.5, §13.10.
        const PRECEDENCE: &'static [Criterion] = &[Criterion::MostValue, Criterion::WithKing];
        /// At most three king moves in a row with the same king while the side has men.
        /// FRIS art. 17 (per dctl). docs/rules.md §10.5.
        const KING_MOVE_LIMIT: u8 = 3;
        /// Third repetition; no quiet-move count. lidraughts. docs/rules.md §10.5.
        const DRAW: DrawRules = DrawRules::new(3, 0, QuietReset::ManMove);
        /// Two kings against one: seven moves each; one king each: two moves each. FRIS art. 18,
        /// 21, as lidraughts applies them. docs/rules.md §10.5.
        const ENDGAME: EndgameRules = EndgameRules::Frisian;
    }
}

variant_rules! {
    /// Frysk!: Frisian rules with five men each on the back rows. docs/rules.md §10.5.
    ///
    /// lidraughts' variant. The International board; five men each, Black on 1–5, White on
    /// 46–50, White to move (lidraughts).
    Frysk (GameType 97) on DIAGONAL_10 in u64 with 5 men from "W:W46-50:B1-5" {
        /// As Frisian. docs/rules.md §10.5.
        const STRAIGHT_CAPTURES: bool = Frisian::STRAIGHT_CAPTURES;
        /// As Frisian. docs/rules.md §10.5.
        const PRECEDENCE: &'static [Criterion] = Frisian::PRECEDENCE;
        /// As Frisian. docs/rules.md §10.5.
        const KING_MOVE_LIMIT: u8 = Frisian::KING_MOVE_LIMIT;
        /// As Frisian. docs/rules.md §10.5.
        const DRAW: DrawRules = Frisian::DRAW;
        /// As Frisian. docs/rules.md §10.5.
        const ENDGAME: EndgameRules = Frisian::ENDGAME;
    }
}

variant_rules! {
    /// Pool checkers (American pool). Differs from International in the 8x8 board, Black moving
    /// first, English numbering, free choice of capture and the draw rules. docs/rules.md §10.
    ///
    /// The American Pool Checkers Association's rules of play, as dctl encodes them. 8x8, play
    /// on the 32 dark squares (APCA rule 1, per dctl); twelve men each (APCA rule 5, per dctl),
    /// Black on 1–12, White on 21–32, numbered as English (PDN GameType 23, "23,B,8,8,N1,0").
    Pool (GameType 23) on DIAGONAL_8 in u64 with 12 men from START_ENGLISH {
        /// Free choice between capture sequences. APCA rule 20 (per dctl). docs/rules.md §10.
        const PRECEDENCE: &'static [Criterion] = &[];
        /// Third repetition; 30 reversible plies (15 moves each). APCA rule 26 (per dctl).
        /// docs/rules.md §10.
        const DRAW: DrawRules = DrawRules::new(3, 15, QuietReset::ManMove);
        /// No endgame counts. APCA rule 26 (per dctl). docs/rules.md §10.
        const ENDGAME: EndgameRules = EndgameRules::None;
    }
}

variant_rules! {
    /// Thai draughts (Mak-hos). Differs from International in the 8x8 board, eight men each,
    /// Black moving first, men capturing forward only, kings landing directly behind the piece
    /// they take, captured pieces leaving at once, promotion ending the move, free choice of
    /// capture and the draw rules. docs/rules.md §10.
    ///
    /// dctl's rules and the PDN GameType; no rule book available. 8x8, play on the 32 dark
    /// squares (PDN GameType 31); eight men each on the two nearest rows (dctl,
    /// `initial_position_gap = 4`), Black on 1–8, White on 25–32, numbered as English (PDN
    /// GameType 31, "31,B,…").
    Thai (GameType 31) on DIAGONAL_8 in u64 with 8 men from "B:W25-32:B1-8" {
        /// A king lands on the square directly behind the piece it takes. dctl
        /// (`is_land_behind_piece`). docs/rules.md §10.
        const KING_LANDS_DIRECTLY_BEHIND: bool = true;
        /// Men capture forward only (dctl, `is_backward_pawn_jump = false`); so reaching the far
        /// row crowns the man and ends the move (dctl). docs/rules.md §10.
        const MAN_CAPTURE: ManCapture = ManCapture::Forward;
        /// Each captured piece leaves at once; a king may cross its square again. dctl
        /// (`is_passing_capture`). docs/rules.md §10.
        const REMOVAL: Removal = Removal::Passing;
        /// Free choice between capture sequences. dctl (no precedence). docs/rules.md §10.
        const PRECEDENCE: &'static [Criterion] = &[];
        /// Third repetition; no quiet-move count (none in the sources). docs/rules.md §10.
        const DRAW: DrawRules = DrawRules::new(3, 0, QuietReset::ManMove);
        /// No endgame counts (none in the sources). docs/rules.md §10.
        const ENDGAME: EndgameRules = EndgameRules::None;
    }
}

variant_rules! {
    /// Antidraughts (giveaway): International moves and captures; the side left with no piece or
    /// no move wins, and only repetition draws. docs/rules.md §10.
    ///
    /// lidraughts' variant. The International board and start: twenty men each (lidraughts).
    Antidraughts (GameType 20) on DIAGONAL_10 in u64 with 20 men from START_10X10 {
        /// The side left with no piece or no move wins. lidraughts. docs/rules.md §10.
        const GOAL: Goal = Goal::GiveAway;
        /// Third repetition only. lidraughts; pydraughts. docs/rules.md §10.
        const DRAW: DrawRules = DrawRules::new(3, 0, QuietReset::ManMove);
        /// No endgame counts. lidraughts; pydraughts. docs/rules.md §10.
        const ENDGAME: EndgameRules = EndgameRules::None;
    }
}

variant_rules! {
    /// Breakthrough: International rules; the first side to crown a king wins.
    /// docs/rules.md §10.
    ///
    /// lidraughts' variant. The International board and start: twenty men each (lidraughts).
    Breakthrough (GameType 20) on DIAGONAL_10 in u64 with 20 men from START_10X10 {
        /// The first side to crown a king wins. lidraughts. docs/rules.md §10.
        const GOAL: Goal = Goal::FirstKing;
        /// No endgame counts: a game ends at its first king. docs/rules.md §10.
        const ENDGAME: EndgameRules = EndgameRules::None;
    }
}

variant_rules! {
    /// Canadian draughts: International rules on the 12x12 board, thirty men each.
    /// docs/rules.md §10.6.
    ///
    /// 12x12, play on the 72 dark squares, the near-left corner dark (PDN 3.0 GameType
    /// "27,W,12,12,N2,0"); thirty men each on the five nearest rows, Black on 1–30, White on
    /// 43–72, White to move.
    Canadian (GameType 27) on DIAGONAL_12 in u128 with 30 men from "W:W43-72:B1-30" {
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::naming::SquareName;

    /// docs/rules.md §3: Brazilian differs from International only in its board, start, square
    /// names and draw rules.
    #[test]
    fn brazilian_is_international_on_the_8x8_board() {
        assert_eq!(Brazilian::FIRST_TO_MOVE, International::FIRST_TO_MOVE);
        assert_eq!(Brazilian::MIRRORED, International::MIRRORED);
        assert_eq!(Brazilian::FLYING_KINGS, International::FLYING_KINGS);
        assert_eq!(Brazilian::MAN_CAPTURE, International::MAN_CAPTURE);
        assert_eq!(Brazilian::MEN_CAPTURE_KINGS, International::MEN_CAPTURE_KINGS);
        assert_eq!(Brazilian::PROMOTION, International::PROMOTION);
        assert_eq!(Brazilian::REMOVAL, International::REMOVAL);
        assert_eq!(Brazilian::PRECEDENCE, International::PRECEDENCE);
    }

    #[test]
    fn every_square_reads_back_from_its_name_on_every_naming() {
        let namings = [
            &English::NAMING,
            &Russian::NAMING,
            &Brazilian::NAMING,
            &International::NAMING,
            &Spanish::NAMING,
            &Italian::NAMING,
            &Czech::NAMING,
            &Turkish::NAMING,
        ];
        for naming in namings {
            for square in naming.geometry.valid {
                let name = naming.name(square);
                assert_eq!(naming.parse(&name.to_string()), Ok(square), "{name}");
                assert_eq!(naming.text(square), name.text(), "{name}");
                let (file, rank) = naming.algebraic(square);
                let algebraic = SquareName::Algebraic(file, rank).to_string();
                assert_eq!(naming.parse(&algebraic), Ok(square), "{algebraic}");
            }
        }
    }

    #[test]
    fn squares_are_written_by_number_or_else_by_rank_then_file() {
        let english: Vec<_> = English::NAMING.writing_order().iter().map(|&s| English::NAMING.name(s)).collect();
        assert_eq!(english, (1..=32).map(SquareName::Number).collect::<Vec<_>>());
        let spanish: Vec<_> = Spanish::NAMING.writing_order().iter().map(|&s| Spanish::NAMING.name(s)).collect();
        assert_eq!(spanish, (1..=32).map(SquareName::Number).collect::<Vec<_>>());
        let russian: Vec<_> = Russian::NAMING.writing_order().iter().map(|&s| Russian::NAMING.name(s)).collect();
        assert_eq!(russian.len(), 32);
        assert_eq!(russian[..5], [(0, 1), (2, 1), (4, 1), (6, 1), (1, 2)].map(|(f, r)| SquareName::Algebraic(f, r)));
        assert!(russian.windows(2).all(|w| match (w[0], w[1]) {
            (SquareName::Algebraic(f0, r0), SquareName::Algebraic(f1, r1)) => (r0, f0) < (r1, f1),
            _ => false,
        }));
    }
}
