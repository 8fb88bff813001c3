//! Italian draughts capture precedence. docs/rules.md §7 (FID rules 5–9).

use super::assert_legal;
use draughts_api::rules::Variant;

#[test]
fn italian_men_may_not_capture_kings() {
    // docs/rules.md §7: a man may not capture a king. White man 22 faces a black king on 18.
    assert_legal(Variant::Italian, "W:W22:BK18,1", &["22-19"]);
}

#[test]
fn italian_king_must_capture_when_a_man_takes_as_many() {
    // docs/rules.md §7 rule 2: with equal counts, the king captures.
    assert_legal(Variant::Italian, "W:W23,K30:B19,26,1", &["30x21"]);
}
