//! FEN and PDN move text: what is accepted, what is written, and errors that name the fault.
//! docs/rules.md §12.

use super::assert_legal;
use draughts_api::rules::notation::pdn::MoveTextError;
use draughts_api::rules::view::{GameRequest, ReplayError, RuleOverrides};
use draughts_api::rules::{
    ruleset::{English, International, Russian},
    Position, Variant,
};

fn replay_error(variant: Variant, fen: Option<&str>, moves: &[&str]) -> ReplayError {
    GameRequest { variant, fen, moves, rules: RuleOverrides::default() }.view(None).unwrap_err()
}

#[test]
fn fen_accepts_ranges_kings_either_colour_first_and_trailing_fields() {
    let canonical = Position::<International>::from_fen("W:W31-50:B1-20").unwrap();
    assert_eq!(canonical, Position::<International>::start());
    assert_eq!(Position::<International>::from_fen("W:B1-20:W31-50:H0:F1").unwrap(), canonical);
    let kings = Position::<International>::from_fen("B:WK31,32-33:BK1-2,3").unwrap();
    assert_eq!(kings.to_fen(), "B:WK31,32,33:BK1,K2,3");
    assert_eq!(
        Position::<English>::start().to_fen(),
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
}

#[test]
fn algebraic_variants_write_algebraic_fens() {
    let start = Position::<Russian>::start();
    assert_eq!(start.to_fen(), "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8");
    assert!(Position::<Russian>::from_fen("W:W21-32:B1-12").is_err(), "russian has no standard numbering");
}

#[test]
fn fen_errors_name_the_field_and_square() {
    let cases = [
        ("", "empty"),
        ("X:W1:B2", "side to move"),
        ("W:W31-50", "black pieces"),
        ("W:W31,51:B1", "\"51\" in the white pieces"),
        ("W:W31:B1,zz", "\"zz\" in the black pieces"),
        ("W:W40-31:B1", "range \"40-31\""),
        ("W:W31:W32:B1", "white pieces twice"),
    ];
    for (fen, needle) in cases {
        let error = Position::<International>::from_fen(fen).unwrap_err().to_string();
        assert!(error.contains(needle), "{fen:?}: {error}");
    }
}

#[test]
fn positions_are_validated() {
    let cases =
        [("W:W1:B20", "crowning row"), ("W:W31-50,21:B1-20", "21 pieces"), ("W:W31:B31", "more than one piece")];
    for (fen, needle) in cases {
        let error = Position::<International>::from_fen(fen).unwrap_err().to_string();
        assert!(error.contains(needle), "{fen:?}: {error}");
    }
    assert!(Position::<International>::from_fen("W:WK1:B20").is_ok(), "a king may stand on the far row");
}

#[test]
fn moves_are_read_in_every_pdn_form() {
    // Black's man on 15 takes 19 and 27 and is crowned on 31: short form, full path, and the
    // separators 'x', ':' and '-' all name the same move, written back as "15x31".
    let fen = "B:W19,27,30:B15";
    for text in ["15x31", "15x24x31", "15:31", "15-24-31", " 15x31 "] {
        let request =
            GameRequest { variant: Variant::English, fen: Some(fen), moves: &[], rules: RuleOverrides::default() };
        let played = request.view(Some(text)).unwrap_or_else(|e| panic!("{text}: {e}")).last_move.unwrap();
        assert_eq!(played.notation, "15x31", "{text}");
        assert!(played.promotes);
    }
    let request = GameRequest {
        variant: Variant::English,
        fen: Some("W:W30:B26,18"),
        moves: &[],
        rules: RuleOverrides::default(),
    };
    let view = request.view(Some("30x23x14")).unwrap();
    assert_eq!(view.last_move.unwrap().notation, "30x14");
    assert_legal(Variant::English, "W:W30:B26,18", &["30x14"]);
}

/// English: the man on 22 reaches 6 over 17 and 9, or over 18 and 10.
const TWO_WAYS_TO_6: &str = "W:W22:B17,18,9,10";

#[test]
fn captures_to_the_same_square_by_different_pieces_are_written_with_a_middle_square() {
    assert_legal(Variant::English, TWO_WAYS_TO_6, &["22x13x6", "22x15x6"]);
    for text in ["22x13x6", "22x15x6", "22-13-6"] {
        let request = GameRequest {
            variant: Variant::English,
            fen: Some(TWO_WAYS_TO_6),
            moves: &[],
            rules: RuleOverrides::default(),
        };
        assert!(request.view(Some(text)).is_ok(), "{text}");
    }
}

#[test]
fn an_ambiguous_short_form_lists_the_candidates() {
    match replay_error(Variant::English, Some(TWO_WAYS_TO_6), &["22x6"]) {
        ReplayError::Illegal { error: MoveTextError::Ambiguous(found), candidates, index, .. } => {
            assert_eq!(index, Some(0));
            assert_eq!(found.len(), 2);
            assert_eq!(candidates, vec!["22x13x6".to_owned(), "22x15x6".to_owned()]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn illegal_moves_list_the_legal_ones_and_name_their_index() {
    match replay_error(Variant::English, None, &["11-15", "22-18", "15-19"]) {
        ReplayError::Illegal { index, candidates, capture_required, .. } => {
            assert_eq!(index, Some(2));
            assert!(capture_required);
            assert_eq!(candidates, vec!["15x22".to_owned()]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn move_syntax_errors_name_the_square() {
    match replay_error(Variant::English, None, &["11-15", "22-99"]) {
        ReplayError::MoveSyntax { index, error: MoveTextError::Square { item, .. } } => {
            assert_eq!(index, Some(1));
            assert_eq!(item, "99");
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(replay_error(Variant::English, None, &["11"]), ReplayError::MoveSyntax { .. }));
}

#[test]
fn house_rule_makes_captures_optional_on_8x8_only() {
    // docs/rules.md §11: quiet moves become legal beside the captures.
    let optional = RuleOverrides { mandatory_capture: Some(false), ..RuleOverrides::default() };
    let request = GameRequest { variant: Variant::English, fen: Some("W:W22:B18,1"), moves: &[], rules: optional };
    let moves: std::collections::BTreeSet<String> =
        request.view(None).unwrap().moves.into_iter().map(|m| m.notation.into()).collect();
    assert_eq!(moves, ["22x15", "22-17"].into_iter().map(String::from).collect());
    let request = GameRequest { variant: Variant::International, fen: None, moves: &[], rules: optional };
    assert!(matches!(request.view(None), Err(ReplayError::Rules(_))));
}

#[test]
fn a_full_route_that_lies_inside_a_longer_route_names_the_shorter_move() {
    // Regression (found by tests/properties.rs): b4xd6xb8 takes c5 and c7; its route is also a
    // subsequence of b4xd6xf8xh6xf4xb8 (five pieces). The exact route must name it.
    let fen = "W:Wb4:Bc5,c7,e7,g7,g5";
    let request =
        GameRequest { variant: Variant::Russian, fen: Some(fen), moves: &[], rules: RuleOverrides::default() };
    let played = request.view(Some("b4xd6xb8")).unwrap().last_move.unwrap();
    assert_eq!(played.captures.len(), 2);
    assert_eq!(played.notation, "b4xd6xb8");
    assert!(matches!(
        replay_error(Variant::Russian, Some(fen), &["b4xb8"]),
        ReplayError::Illegal { error: MoveTextError::Ambiguous(_), .. }
    ));
}
