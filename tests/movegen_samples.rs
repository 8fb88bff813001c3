//! Every position of `tests/data/movegen-samples/` (copied from the project's reference data): our legal
//! moves equal `keys_distinct` exactly, and every route our generator can report (a king going
//! straight on over a second piece stopping on any square in between) equals the listed paths;
//! the cheap questions (`any_capture`, `any_quiet_move`) agree with the list.

use std::collections::BTreeSet;

use draughts_api::rules::bitboard::Word;
use draughts_api::rules::movegen::{self, MoveSink};
use draughts_api::rules::notation::move_text::MoveTable;
use draughts_api::rules::{Move, Position, Rules, Variant, VariantVisitor};
use serde_json::Value;

/// (file, variant): the sample files for the variants we play.
const FILES: [(&str, Variant); 10] = [
    ("english", Variant::English),
    ("russian", Variant::Russian),
    ("brazilian", Variant::Brazilian),
    ("standard", Variant::International),
    ("italian", Variant::Italian),
    ("turkish", Variant::Turkish),
    ("antidraughts", Variant::Antidraughts),
    ("breakthrough", Variant::Breakthrough),
    ("frisian", Variant::Frisian),
    ("frysk", Variant::Frysk),
];

struct Moves<'a>(&'a str);

/// Every route of every legal move: the separator its text uses (`x` or `-`) and its squares
/// from origin to destination.
#[derive(Default)]
struct EveryRoute(Vec<(&'static str, Vec<u8>)>);

impl<W: Word> MoveSink<W> for EveryRoute {
    fn clear(&mut self) {
        self.0.clear();
    }

    fn push_capture(&mut self, mv: Move<W>, path: &[u8]) {
        self.0.push(("x", [&[mv.from], path].concat()));
    }

    fn push_quiet(&mut self, mv: Move<W>) {
        self.0.push(("-", vec![mv.from, mv.to]));
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    fn every_route(&self) -> bool {
        true
    }
}

/// Our (keys, routes) for a FEN: keys as `from|to|captured,...`, routes as `axbxc` / `a-b`.
impl VariantVisitor for Moves<'_> {
    type Output = (BTreeSet<String>, BTreeSet<String>);

    fn visit<R: Rules>(self) -> Self::Output {
        let position = Position::<R>::from_fen(self.0).unwrap();
        let name = |s: u8| R::NAMING.name(s).to_string();
        let table = MoveTable::new(&position, true);
        let mut keys = BTreeSet::new();
        let mut every_route = EveryRoute::default();
        position.generate_into(true, &mut every_route);
        let routes = every_route
            .0
            .iter()
            .map(|(separator, route)| route.iter().map(|&s| name(s)).collect::<Vec<_>>().join(separator))
            .collect();
        for entry in table.entries() {
            let mv = entry.mv;
            let mut captured: Vec<u8> = mv.captures.collect();
            captured.sort_by_key(|&s| match R::NAMING.number(s) {
                Some(n) => format!("{n:03}"),
                None => name(s),
            });
            let captured: Vec<String> = captured.into_iter().map(name).collect();
            keys.insert(format!("{}|{}|{}", name(mv.from), name(mv.to), captured.join(",")));
        }
        let legal = position.legal_moves();
        assert_eq!(keys.len(), legal.len(), "the move table and the move list disagree");
        let can_capture = legal.iter().any(|m| m.is_capture());
        assert_eq!(movegen::any_capture(&position), can_capture, "any_capture disagrees with the list");
        let can_move = can_capture || movegen::any_quiet_move(&position);
        assert_eq!(can_move, !legal.is_empty(), "any_quiet_move disagrees with the list");
        (keys, routes)
    }
}

fn strings(value: &Value) -> BTreeSet<String> {
    value.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_owned()).collect()
}

#[test]
fn legal_moves_equal_the_reference_samples_in_every_variant() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for (file, variant) in FILES {
        let path = format!("{}/tests/data/movegen-samples/{file}.jsonl", env!("CARGO_MANIFEST_DIR"));
        for line in std::fs::read_to_string(path).unwrap().lines() {
            let sample: Value = serde_json::from_str(line).unwrap();
            let fen = sample["fen"].as_str().unwrap();
            let (keys, routes) = variant.visit(Moves(fen));
            let expected_keys = strings(&sample["keys_distinct"]);
            let expected_routes: BTreeSet<String> =
                sample["moves"].as_array().unwrap().iter().map(|m| m["path"].as_str().unwrap().to_owned()).collect();
            if keys != expected_keys {
                failures.push(format!("{variant} {fen}: moves {keys:?}, expected {expected_keys:?}"));
            }
            if routes != expected_routes {
                failures.push(format!("{variant} {fen}: routes {routes:?}, expected {expected_routes:?}"));
            }
            checked += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Twenty positions a file, but nineteen in the Frysk! file.
    assert_eq!(checked, 199);
}
