//! Draw rules, per variant: repetition, quiet moves and the endgame counts, each at the exact
//! ply where it applies and not one ply before. Overrides switch off the rules a case is not
//! about, so each case pins down one rule.

use super::{shuttle, status_after};
use draughts_api::rules::view::RuleOverrides;
use draughts_api::rules::{DrawReason, QuietReset, Status, Variant};

/// Only the endgame counts.
const ENDGAME_ONLY: RuleOverrides = RuleOverrides {
    mandatory_capture: None,
    repetitions: Some(0),
    quiet_moves: Some(0),
    quiet_reset: None,
    endgame: None,
};
/// Only the quiet-move count.
const QUIET_ONLY: RuleOverrides = RuleOverrides {
    mandatory_capture: None,
    repetitions: Some(0),
    quiet_moves: None,
    quiet_reset: None,
    endgame: Some(false),
};
/// Only repetition.
const REPETITION_ONLY: RuleOverrides = RuleOverrides {
    mandatory_capture: None,
    repetitions: None,
    quiet_moves: Some(0),
    quiet_reset: None,
    endgame: Some(false),
};

struct Case {
    name: &'static str,
    variant: Variant,
    fen: &'static str,
    /// Shuttles of the side to move and of the other side.
    shuttles: [(&'static str, &'static str); 2],
    rules: RuleOverrides,
    /// The ply after which the game is drawn (and not one ply earlier).
    drawn_after: usize,
    reason: DrawReason,
}

const CASES: &[Case] = &[
    // docs/rules.md §2, FMJD 6.3: three kings against one, drawn after 16 moves each, not after 15.
    Case {
        name: "international 3 kings v 1: FMJD 6.3",
        variant: Variant::International,
        fen: "W:WK46,K47,K48:BK1",
        shuttles: [("46", "41"), ("1", "6")],
        rules: ENDGAME_ONLY,
        drawn_after: 32,
        reason: DrawReason::Endgame,
    },
    // FMJD 6.4: two kings against one, 5 moves each.
    Case {
        name: "international 2 kings v 1: FMJD 6.4",
        variant: Variant::International,
        fen: "W:WK46,K47:BK1",
        shuttles: [("46", "41"), ("1", "6")],
        rules: ENDGAME_ONLY,
        drawn_after: 10,
        reason: DrawReason::Endgame,
    },
    // FMJD 6.2: 25 moves each of kings only.
    Case {
        name: "international 25 king moves: FMJD 6.2",
        variant: Variant::International,
        fen: "W:WK46,K47,49,50:BK1,2,3",
        shuttles: [("46", "41"), ("1", "6")],
        rules: QUIET_ONLY,
        drawn_after: 50,
        reason: DrawReason::QuietMoves,
    },
    // FMJD 6.1: the third occurrence.
    Case {
        name: "international threefold repetition: FMJD 6.1",
        variant: Variant::International,
        fen: "W:WK46,K47,49,50:BK1,2,3",
        shuttles: [("46", "41"), ("1", "6")],
        rules: REPETITION_ONLY,
        drawn_after: 8,
        reason: DrawReason::Repetition,
    },
    // docs/rules.md §5, §13.6: 40 moves each without a man move or capture.
    Case {
        name: "english 40-move rule",
        variant: Variant::English,
        fen: "W:WK29,21:BK4,12",
        shuttles: [("29", "25"), ("4", "8")],
        rules: QUIET_ONLY,
        drawn_after: 80,
        reason: DrawReason::QuietMoves,
    },
    Case {
        name: "english threefold repetition",
        variant: Variant::English,
        fen: "W:WK29,21:BK4,12",
        shuttles: [("29", "25"), ("4", "8")],
        rules: REPETITION_ONLY,
        drawn_after: 8,
        reason: DrawReason::Repetition,
    },
    // docs/rules.md §4, FMJD-64 7.2.8: two kings against a lone king, the stronger side's 5th move.
    Case {
        name: "russian 2 kings v 1: FMJD-64 7.2.8",
        variant: Variant::Russian,
        fen: "W:WKa1,Kc1:BKh2",
        shuttles: [("c1", "d2"), ("h2", "g1")],
        rules: ENDGAME_ONLY,
        drawn_after: 9,
        reason: DrawReason::Endgame,
    },
    // FMJD-64 7.2.4: three kings against a lone king off the long diagonal, 15 moves.
    Case {
        name: "russian 3 kings v 1: FMJD-64 7.2.4",
        variant: Variant::Russian,
        fen: "W:WKa1,Kc1,Ke1:BKh2",
        shuttles: [("c1", "d2"), ("h2", "g1")],
        rules: ENDGAME_ONLY,
        drawn_after: 29,
        reason: DrawReason::Endgame,
    },
    // FMJD-64 7.2.7: three pieces against a lone king on the long diagonal, 5 moves.
    Case {
        name: "russian 3 v lone king on the long diagonal: FMJD-64 7.2.7",
        variant: Variant::Russian,
        fen: "W:WKa3,Kc1,Ke1:BKh8",
        shuttles: [("c1", "d2"), ("h8", "g7")],
        rules: ENDGAME_ONLY,
        drawn_after: 9,
        reason: DrawReason::Endgame,
    },
    // FMJD-64 7.2.6: kings on both sides, 4 pieces, no capture or promotion for 30 moves.
    Case {
        name: "russian 2 kings v 2 kings: FMJD-64 7.2.6",
        variant: Variant::Russian,
        fen: "W:WKa3,Kc1:BKf8,Kh8",
        shuttles: [("c1", "d2"), ("h8", "g7")],
        rules: ENDGAME_ONLY,
        drawn_after: 60,
        reason: DrawReason::Endgame,
    },
    // FMJD-64 7.2.5: 15 moves each of kings only.
    Case {
        name: "russian 15 king moves: FMJD-64 7.2.5",
        variant: Variant::Russian,
        fen: "W:WKa3,Kc1:BKf8,Kh8",
        shuttles: [("c1", "d2"), ("h8", "g7")],
        rules: QUIET_ONLY,
        drawn_after: 30,
        reason: DrawReason::QuietMoves,
    },
    Case {
        name: "russian threefold repetition: FMJD-64 7.2.3",
        variant: Variant::Russian,
        fen: "W:WKa3,Kc1:BKf8,Kh8",
        shuttles: [("c1", "d2"), ("h8", "g7")],
        rules: REPETITION_ONLY,
        drawn_after: 8,
        reason: DrawReason::Repetition,
    },
    // docs/rules.md §3: Brazilian uses the FMJD-64 counts.
    Case {
        name: "brazilian 2 kings v 1: FMJD-64 7.2.8",
        variant: Variant::Brazilian,
        fen: "W:WKa1,Kc1:BKh2",
        shuttles: [("c1", "d2"), ("h2", "g1")],
        rules: ENDGAME_ONLY,
        drawn_after: 9,
        reason: DrawReason::Endgame,
    },
    Case {
        name: "brazilian 15 king moves",
        variant: Variant::Brazilian,
        fen: "W:WKa3,Kc1:BKf8,Kh8",
        shuttles: [("c1", "d2"), ("h8", "g7")],
        rules: QUIET_ONLY,
        drawn_after: 30,
        reason: DrawReason::QuietMoves,
    },
    Case {
        name: "brazilian threefold repetition",
        variant: Variant::Brazilian,
        fen: "W:WKa3,Kc1:BKf8,Kh8",
        shuttles: [("c1", "d2"), ("h8", "g7")],
        rules: REPETITION_ONLY,
        drawn_after: 8,
        reason: DrawReason::Repetition,
    },
    // docs/rules.md §6: 20 king moves each without capture.
    Case {
        name: "spanish 20 king moves",
        variant: Variant::Spanish,
        fen: "W:WKb1:BKg8",
        shuttles: [("b1", "a2"), ("g8", "h7")],
        rules: QUIET_ONLY,
        drawn_after: 40,
        reason: DrawReason::QuietMoves,
    },
    Case {
        name: "spanish threefold repetition",
        variant: Variant::Spanish,
        fen: "W:WKb1:BKg8",
        shuttles: [("b1", "a2"), ("g8", "h7")],
        rules: REPETITION_ONLY,
        drawn_after: 8,
        reason: DrawReason::Repetition,
    },
    // docs/rules.md §7, §13.7: 80 reversible plies, fourth repetition (dctl).
    Case {
        name: "italian 40 moves each",
        variant: Variant::Italian,
        fen: "W:WK29:BK4",
        shuttles: [("29", "25"), ("4", "8")],
        rules: QUIET_ONLY,
        drawn_after: 80,
        reason: DrawReason::QuietMoves,
    },
    Case {
        name: "italian fourth repetition",
        variant: Variant::Italian,
        fen: "W:WK29:BK4",
        shuttles: [("29", "25"), ("4", "8")],
        rules: REPETITION_ONLY,
        drawn_after: 12,
        reason: DrawReason::Repetition,
    },
    // docs/rules.md §8: 15 moves without capture or man move.
    Case {
        name: "czech 15 moves",
        variant: Variant::Czech,
        fen: "W:WKc1:BKh8",
        shuttles: [("c1", "d2"), ("h8", "g7")],
        rules: QUIET_ONLY,
        drawn_after: 30,
        reason: DrawReason::QuietMoves,
    },
    Case {
        name: "czech threefold repetition",
        variant: Variant::Czech,
        fen: "W:WKc1:BKh8",
        shuttles: [("c1", "d2"), ("h8", "g7")],
        rules: REPETITION_ONLY,
        drawn_after: 8,
        reason: DrawReason::Repetition,
    },
    // docs/rules.md §9: threefold repetition.
    Case {
        name: "turkish threefold repetition",
        variant: Variant::Turkish,
        fen: "W:WKa1,Kb1:BKh8,Kg8",
        shuttles: [("a1", "a2"), ("h8", "h7")],
        rules: REPETITION_ONLY,
        drawn_after: 8,
        reason: DrawReason::Repetition,
    },
];

#[test]
fn each_draw_rule_applies_at_its_ply_and_not_before() {
    for case in CASES {
        let moves = shuttle(case.shuttles[0], case.shuttles[1], case.drawn_after);
        let before = status_after(case.variant, case.fen, &moves[..case.drawn_after - 1], case.rules);
        assert_eq!(before, Status::Ongoing, "{}: one ply early", case.name);
        let at = status_after(case.variant, case.fen, &moves, case.rules);
        assert_eq!(at, Status::Draw(case.reason), "{}", case.name);
    }
}

#[test]
fn each_draw_rule_can_be_switched_off() {
    let off = RuleOverrides {
        mandatory_capture: None,
        repetitions: Some(0),
        quiet_moves: Some(0),
        quiet_reset: None,
        endgame: Some(false),
    };
    for case in CASES {
        let moves = shuttle(case.shuttles[0], case.shuttles[1], case.drawn_after);
        assert_eq!(status_after(case.variant, case.fen, &moves, off), Status::Ongoing, "{}", case.name);
    }
}

#[test]
fn english_quiet_count_is_reset_by_a_man_move() {
    // 40 quiet plies, a man move, then the count starts again: 80 more plies to the draw.
    let fen = "W:WK29,21:BK4,12";
    let mut moves = shuttle(("29", "25"), ("4", "8"), 40);
    moves.push("21-17".to_owned());
    moves.extend(shuttle(("4", "8"), ("29", "25"), 80));
    assert_eq!(status_after(Variant::English, fen, &moves[..120], QUIET_ONLY), Status::Ongoing);
    assert_eq!(status_after(Variant::English, fen, &moves, QUIET_ONLY), Status::Draw(DrawReason::QuietMoves));
}

#[test]
fn quiet_reset_on_promotion_only_ignores_man_moves() {
    let fen = "W:WK29,21:BK4,12";
    let rules = RuleOverrides { quiet_reset: Some(QuietReset::Promotion), ..QUIET_ONLY };
    let mut moves = shuttle(("29", "25"), ("4", "8"), 40);
    moves.push("21-17".to_owned());
    moves.extend(shuttle(("4", "8"), ("29", "25"), 39));
    assert_eq!(status_after(Variant::English, fen, &moves, rules), Status::Draw(DrawReason::QuietMoves));
}

#[test]
fn endgame_counts_are_off_when_switched_off() {
    let rules = RuleOverrides { endgame: Some(false), ..ENDGAME_ONLY };
    let moves = shuttle(("46", "41"), ("1", "6"), 40);
    assert_eq!(status_after(Variant::International, "W:WK46,K47,K48:BK1", &moves, rules), Status::Ongoing);
}

#[test]
fn turkish_one_piece_each_is_a_draw_at_once_and_after_a_capture() {
    // docs/rules.md §9: one piece each (any kind) is a draw.
    let none: &[String] = &[];
    let rules = RuleOverrides::default();
    assert_eq!(status_after(Variant::Turkish, "W:Wa2:Bh7", none, rules), Status::Draw(DrawReason::Endgame));
    let capture = ["d4xd6".to_owned()];
    assert_eq!(status_after(Variant::Turkish, "W:Wd4:Bd5,h7", &[], rules), Status::Ongoing);
    assert_eq!(status_after(Variant::Turkish, "W:Wd4,a2:Bd5,h7", &capture, rules), Status::Ongoing);
    assert_eq!(status_after(Variant::Turkish, "W:Wd4:Bd5,h7", &capture, rules), Status::Draw(DrawReason::Endgame));
}
