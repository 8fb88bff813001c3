//! Czech draughts: what sets it apart from its neighbours. docs/rules.md §8, §13.11.

use super::assert_legal;
use draughts_api::rules::Variant;

/// A king on a3 can take b2 (one piece); a man on e3 can take f4 and f6 (two pieces).
const KING_OR_LONGER_MAN_CAPTURE: &str = "W:WKa3,e3:Bb2,f4,f6,h8";

#[test]
fn czech_king_must_capture_even_when_a_man_takes_more() {
    // docs/rules.md §8 and §13.11: if a king can capture, a king must capture; no quantity rule.
    assert_legal(Variant::Czech, KING_OR_LONGER_MAN_CAPTURE, &["a3xc1"]);
}

#[test]
fn russian_free_choice_and_brazilian_majority_differ_on_the_same_position() {
    // docs/rules.md §4: Russian has free choice; §3: Brazilian takes the most pieces.
    assert_legal(Variant::Russian, KING_OR_LONGER_MAN_CAPTURE, &["a3xc1", "e3xe7"]);
    assert_legal(Variant::Brazilian, KING_OR_LONGER_MAN_CAPTURE, &["e3xe7"]);
}

#[test]
fn czech_men_capture_forward_only() {
    // docs/rules.md §8: men capture forward only; Russian men capture backward too (§4).
    assert_legal(Variant::Czech, "W:We3:Bd2,h8", &["e3-d4", "e3-f4"]);
    assert_legal(Variant::Russian, "W:We3:Bd2,h8", &["e3xc1"]);
}

#[test]
fn czech_free_choice_between_men_captures() {
    // docs/rules.md §8: without a king capture, any capture may be chosen.
    assert_legal(Variant::Czech, "W:Wa3,g3:Bb4,f4,f6,h8", &["a3xc5", "g3xg7"]);
}

#[test]
fn czech_kings_fly_and_must_capture() {
    // docs/rules.md §8: flying kings, capture compulsory.
    assert_legal(Variant::Czech, "W:WKa1:Bd4,h8", &["a1xe5", "a1xf6", "a1xg7"]);
}
