//! Perft against the reference tables in `tests/data/perft.json` (copied from
//! the project's reference `perft.json`, which cites a source for every number).
//!
//! The suite runs every position of every variant we play to the depths whose counts stay
//! under a node budget; `cargo test --release --test perft -- --ignored` runs them deeper
//! (budget from `PERFT_MAX_NODES`, default 3,000,000,000).

use draughts_api::rules::geometry::Geometry;
use draughts_api::rules::movegen::Counting;
use draughts_api::rules::perft::{perft, perft_fen, PerftOptions};
use draughts_api::rules::ruleset::{Criterion, ManCapture, Promotion, Removal, Thai};
use draughts_api::rules::{Color, Position, Rules, Variant};
use serde_json::Value;

/// Keeps the suite fast: depths whose reference count is above this run only with --ignored.
const SUITE_MAX_NODES: u64 = 10_000_000;

/// dctl's Thai table starts from the English position, twelve men each, which the Thai rules
/// (eight men each) refuse: it is counted under Thai's rules with twelve men allowed.
const THAI_TWELVE_MEN: &str = "thai_dctl_12men";

/// Thai's rules, every constant the same but the men per side and the start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct ThaiTwelveMen;

impl Rules for ThaiTwelveMen {
    const VARIANT: Variant = Variant::Thai;
    const GEOMETRY: &'static Geometry = Thai::GEOMETRY;
    type Board = <Thai as Rules>::Board;
    const MEN_PER_SIDE: u32 = 12;
    const START_FEN: &'static str = "B:W21-32:B1-12";
    const PDN_GAME_TYPE: u8 = Thai::PDN_GAME_TYPE;
    const FIRST_TO_MOVE: Color = Thai::FIRST_TO_MOVE;
    const FLYING_KINGS: bool = Thai::FLYING_KINGS;
    const KING_LANDS_DIRECTLY_BEHIND: bool = Thai::KING_LANDS_DIRECTLY_BEHIND;
    const MAN_CAPTURE: ManCapture = Thai::MAN_CAPTURE;
    const MEN_CAPTURE_KINGS: bool = Thai::MEN_CAPTURE_KINGS;
    const PROMOTION: Promotion = Thai::PROMOTION;
    const REMOVAL: Removal = Thai::REMOVAL;
    const PRECEDENCE: &'static [Criterion] = Thai::PRECEDENCE;
}

/// A table's position counted to `depth` under its variant's rules.
fn count(table: &str, variant: Variant, fen: &str, depth: u32, options: PerftOptions) -> u64 {
    if table == THAI_TWELVE_MEN {
        let position = Position::<ThaiTwelveMen>::from_fen(fen).unwrap();
        return perft(&position, depth, options);
    }
    perft_fen(variant, fen, depth, options).unwrap()
}

struct Case {
    table: String,
    variant: Variant,
    fen: String,
    depth: u32,
    expected: u64,
    options: PerftOptions,
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.json")).unwrap();
    let data: Value = serde_json::from_str(&text).unwrap();
    let mut out = Vec::new();
    for (table, positions) in data.as_object().unwrap() {
        if table.starts_with('_') {
            continue;
        }
        let (variant_id, mandatory_capture) = match table.as_str() {
            "english_optional_capture_houserule" => ("english", false),
            THAI_TWELVE_MEN => ("thai", true),
            other => (other, true),
        };
        let variant = Variant::from_id(variant_id).unwrap_or_else(|| panic!("table {table} names no variant"));
        for (key, depths) in positions.as_object().unwrap() {
            // Some keys carry a remark after the FEN: "W:W1-12:B21-32 (PDN N1 numbering; ...)".
            let fen = key.split_whitespace().next().unwrap().to_owned();
            for (depth, entry) in depths.as_object().unwrap() {
                let depth: u32 = depth.parse().unwrap();
                // Two "keep duplicates" conventions: kish counts every route a king may take
                // (stopping anywhere between two pieces it takes in a straight line); dctl and
                // the tables it copies count every sequence of captured pieces.
                let keep_counting = |sources: &Value| {
                    if sources.to_string().contains("kish") {
                        Counting::Routes
                    } else {
                        Counting::Sequences
                    }
                };
                let mut push = |expected: u64, counting: Counting| {
                    out.push(Case {
                        table: table.clone(),
                        variant,
                        fen: fen.clone(),
                        depth,
                        expected,
                        options: PerftOptions { counting, mandatory_capture },
                    })
                };
                let counting = match entry["convention"].as_str() {
                    Some("keep_duplicates") => keep_counting(&entry["sources"]),
                    _ => Counting::Moves,
                };
                push(entry["count"].as_u64().unwrap(), counting);
                if let Some(count) = entry.get("count_keep_duplicates").and_then(Value::as_u64) {
                    push(count, keep_counting(&entry["sources_keep_duplicates"]));
                }
            }
        }
    }
    // Breakthrough moves as International does, and no king can be crowned within the table's
    // depths from the start: its tree there is International's.
    let breakthrough: Vec<Case> = out
        .iter()
        .filter(|c| c.table == "international" && c.fen == BREAKTHROUGH_START)
        .map(|c| Case {
            table: "breakthrough (international's start)".to_owned(),
            variant: Variant::Breakthrough,
            fen: c.fen.clone(),
            depth: c.depth,
            expected: c.expected,
            options: c.options,
        })
        .collect();
    out.extend(breakthrough);
    out
}

/// The start of breakthrough, the International start.
const BREAKTHROUGH_START: &str = "W:W31-50:B1-20";

fn run(max_nodes: u64, min_nodes: u64) -> usize {
    let mut failures = Vec::new();
    let mut ran = 0;
    for case in cases().into_iter().filter(|c| c.expected <= max_nodes && c.expected > min_nodes) {
        let got = count(&case.table, case.variant, &case.fen, case.depth, case.options);
        ran += 1;
        if got != case.expected {
            failures.push(format!(
                "{} {} depth {} ({:?}): expected {}, got {got}",
                case.table, case.fen, case.depth, case.options.counting, case.expected
            ));
        }
    }
    assert!(failures.is_empty(), "perft mismatches:\n{}", failures.join("\n"));
    ran
}

#[test]
fn perft_matches_every_reference_table_within_the_suite_budget() {
    let ran = run(SUITE_MAX_NODES, 0);
    assert!(ran >= 150, "only {ran} perft cases ran");
}

/// Variants with no published perft table: Frysk! is Frisian's move generator from another
/// start (the reference samples check its moves).
const NO_TABLE: [Variant; 1] = [Variant::Frysk];

#[test]
fn every_variant_we_play_has_a_reference_table() {
    let tables: std::collections::HashSet<Variant> = cases().iter().map(|c| c.variant).collect();
    for variant in Variant::ALL.into_iter().filter(|v| !NO_TABLE.contains(v)) {
        assert!(tables.contains(&variant), "no perft table for {variant}");
    }
}

#[test]
#[ignore = "deep perft: minutes; run with --release -- --ignored"]
fn perft_matches_every_reference_table_deep() {
    let max = std::env::var("PERFT_MAX_NODES").ok().and_then(|v| v.parse().ok()).unwrap_or(3_000_000_000);
    let ran = run(max, SUITE_MAX_NODES);
    eprintln!("{ran} deep perft cases matched (up to {max} nodes)");
}
