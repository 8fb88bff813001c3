//! Rules tests, table-driven, one file per subject; each case cites docs/rules.md.

mod czech;
mod draws;
mod italian;
mod notation;
mod spanish;
mod wins;

use std::collections::BTreeSet;

use draughts_api::rules::view::{GameRequest, RuleOverrides};
use draughts_api::rules::{Status, Variant};

/// The legal moves of `fen` in `variant`, in our notation.
pub fn legal(variant: Variant, fen: &str) -> BTreeSet<String> {
    let request = GameRequest { variant, fen: Some(fen), moves: &[], rules: RuleOverrides::default() };
    request.view(None).unwrap().moves.into_iter().map(|m| m.notation.into()).collect()
}

/// Asserts that the legal moves of `fen` are exactly `expected`.
pub fn assert_legal(variant: Variant, fen: &str, expected: &[&str]) {
    let expected: BTreeSet<String> = expected.iter().map(|s| s.to_string()).collect();
    assert_eq!(legal(variant, fen), expected, "{variant} {fen}");
}

/// The status after playing `moves` from `fen` under `rules`.
pub fn status_after(variant: Variant, fen: &str, moves: &[String], rules: RuleOverrides) -> Status {
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    let request = GameRequest { variant, fen: Some(fen), moves: &moves, rules };
    request.view(None).unwrap_or_else(|e| panic!("{variant} {fen}: {e}")).status
}

/// `plies` moves alternating between two shuttles, `a-b, c-d, b-a, d-c, a-b, …`.
pub fn shuttle(first: (&str, &str), second: (&str, &str), plies: usize) -> Vec<String> {
    let cycle = [
        format!("{}-{}", first.0, first.1),
        format!("{}-{}", second.0, second.1),
        format!("{}-{}", first.1, first.0),
        format!("{}-{}", second.1, second.0),
    ];
    cycle.iter().cycle().take(plies).cloned().collect()
}
