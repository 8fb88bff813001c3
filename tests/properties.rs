//! Property tests over random playouts in every variant: FEN and move-text round trips, moves
//! that neither create pieces nor uncrown kings, transpositions reaching equal positions, the
//! optional-capture house rule, the cheap questions replay asks agreeing with the full move list,
//! and parsers (and the service's replay) that never panic on arbitrary text.
//!
//! A playout starts at `Position::<R>::start()` and plays up to 120 legal moves chosen by
//! proptest-generated indices, stopping early when the side to move has no move.
//! `NOTATION_REGRESSIONS` keeps positions where a property once failed.

use std::collections::BTreeSet;
use std::hash::{BuildHasher, RandomState};

use draughts_api::rules::movegen;
use draughts_api::rules::notation::move_text::{parse_squares, MoveTable};
use draughts_api::rules::{Move, Position, Rules, Variant, VariantVisitor};
use draughts_api::service::{self, GameRequest};
use proptest::prelude::*;

/// Cases per playout property; each case plays out every variant.
const PLAYOUT_CASES: u32 = 64;
/// Cases for the parser property; each case parses in every variant.
const PARSER_CASES: u32 = 1024;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        // Report the minimal input; write no regression files into the repository.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

fn move_indices() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(any::<usize>(), 0..120)
}

/// A property of the positions along one playout, checked with the variant's rules as `R`.
trait PlayoutProperty {
    fn check<R: Rules>(&self, positions: &[Position<R>]);
}

struct Playout<'a, P>(&'a P, &'a [usize]);

impl<P: PlayoutProperty> VariantVisitor for Playout<'_, P> {
    type Output = ();

    fn visit<R: Rules>(self) {
        let mut position = Position::<R>::start();
        let mut positions = vec![position];
        for &index in self.1 {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves.as_slice()[index % moves.len()];
            position = position.play(&mv).unwrap();
            positions.push(position);
        }
        self.0.check(&positions);
    }
}

fn in_every_variant<P: PlayoutProperty>(property: P, indices: &[usize]) {
    for variant in Variant::ALL {
        variant.visit(Playout(&property, indices));
    }
}

struct FenRoundTrip;

impl PlayoutProperty for FenRoundTrip {
    fn check<R: Rules>(&self, positions: &[Position<R>]) {
        for p in positions {
            let fen = p.to_fen();
            let back = Position::<R>::from_fen(&fen);
            assert_eq!(back, Ok(*p), "{} {fen}", R::VARIANT);
        }
    }
}

struct MovesPlayAndTableListsThem;

impl PlayoutProperty for MovesPlayAndTableListsThem {
    fn check<R: Rules>(&self, positions: &[Position<R>]) {
        for p in positions {
            let at = format!("{} {}", R::VARIANT, p.to_fen());
            let legal = p.legal_moves();
            for mv in &legal {
                assert!(p.play(mv).is_ok(), "{at}: {mv:?} does not play");
            }
            let table = MoveTable::new(p, true);
            let in_table: BTreeSet<Move<R::Board>> = table.entries().iter().map(|e| e.mv).collect();
            let in_list: BTreeSet<Move<R::Board>> = legal.iter().copied().collect();
            assert_eq!(in_table, in_list, "{at}: the table and the list differ");
            assert_eq!(table.entries().len(), legal.len(), "{at}: repeated moves");
        }
    }
}

/// The questions replay asks without listing the legal moves (`any_capture`,
/// `any_quiet_move`, `quiet_step`, `captures_from`) answer as the full list does, for every
/// origin and destination.
struct CheapQuestionsAgreeWithTheList;

impl PlayoutProperty for CheapQuestionsAgreeWithTheList {
    fn check<R: Rules>(&self, positions: &[Position<R>]) {
        for p in positions {
            let at = format!("{} {}", R::VARIANT, p.to_fen());
            let house = p.legal_moves_with(false);
            assert_eq!(movegen::any_capture(p), house.iter().any(Move::is_capture), "{at}: any_capture");
            assert_eq!(movegen::any_quiet_move(p), house.iter().any(|m| !m.is_capture()), "{at}: any_quiet_move");
            for from in R::GEOMETRY.valid {
                for to in R::GEOMETRY.valid {
                    let quiet = house.iter().find(|m| !m.is_capture() && m.from == from && m.to == to);
                    assert_eq!(movegen::quiet_step(p, from, to).as_ref(), quiet, "{at}: quiet_step {from} {to}");
                }
                let mut found = movegen::MoveList::new();
                movegen::captures_from(p, from, &mut found);
                let found: Vec<&Move<R::Board>> = found.iter().filter(|m| m.from == from).collect();
                let listed: Vec<&Move<R::Board>> = house.iter().filter(|m| m.is_capture() && m.from == from).collect();
                assert_eq!(found, listed, "{at}: captures_from {from}");
            }
        }
    }
}

/// Positions where move text once failed to name its move, checked besides the playouts:
/// b4xd6xb8 (c5, c7) has a route inside that of b4xd6xf8xh6xf4xb8 (five pieces).
const NOTATION_REGRESSIONS: [(Variant, &str); 1] = [(Variant::Russian, "W:Wb4:Bc5,c7,e7,g7,g5")];

struct NotationFindsItsMove;

impl PlayoutProperty for NotationFindsItsMove {
    fn check<R: Rules>(&self, positions: &[Position<R>]) {
        let known = (NOTATION_REGRESSIONS.iter())
            .filter(|(variant, _)| *variant == R::VARIANT)
            .map(|(_, fen)| Position::<R>::from_fen(fen).unwrap());
        for p in positions.iter().copied().chain(known) {
            let at = format!("{} {}", R::VARIANT, p.to_fen());
            let table = MoveTable::new(&p, true);
            for entry in table.entries() {
                let text = table.notation(entry);
                assert_eq!(table.find(&text), Ok(entry.mv), "{at}: {text}");
                let separator = if entry.mv.is_capture() { "x" } else { "-" };
                for route in &entry.routes {
                    let names: Vec<String> = route.iter().map(|&s| name::<R>(s)).collect();
                    let text = names.join(separator);
                    assert_eq!(table.find(&text), Ok(entry.mv), "{at}: route {text}");
                }
            }
        }
    }
}

fn name<R: Rules>(square: u8) -> String {
    R::NAMING.name(square).to_string()
}

struct NoPieceFromNowhere;

impl PlayoutProperty for NoPieceFromNowhere {
    fn check<R: Rules>(&self, positions: &[Position<R>]) {
        for p in positions {
            let (me, them) = (p.side_to_move(), p.side_to_move().opponent());
            for mv in &p.legal_moves() {
                let q = p.play(mv).unwrap();
                let at = format!("{} {} {mv:?} gives {}", R::VARIANT, p.to_fen(), q.to_fen());
                let (mine, theirs, taken) = (p.pieces(me), p.pieces(them), mv.captures);
                let (after, left, n) = (q.pieces(me), q.pieces(them), taken.count());
                let allowed = mine.without(mv.from).with(mv.to);
                let kept = p.kings(me).without(mv.from);
                let crowned = p.kings(me).contains(mv.from) || mv.promotes;
                let checks = [
                    (q.side_to_move() == them, "the side to move stays"),
                    (after.count() == mine.count(), "the mover's count"),
                    (left.count() + n == theirs.count(), "the taken count"),
                    (taken.minus(theirs).is_empty(), "takes not theirs"),
                    (after.minus(allowed).is_empty(), "a piece appears"),
                    (left == theirs.minus(taken), "their pieces"),
                    (q.kings(them) == p.kings(them).minus(taken), "their kings"),
                    (kept.minus(q.kings(me)).is_empty(), "a king uncrowned"),
                    (q.kings(me).contains(mv.to) == crowned, "king on arrival"),
                ];
                for (ok, what) in checks {
                    assert!(ok, "{at}: {what}");
                }
            }
        }
    }
}

struct Transpositions;

/// Plays a,c,b and b,c,a for the first triple of quiet moves (a, b by different pieces, c by
/// the opponent) where both orders are legal; returns whether there was one.
fn check_one_transposition<R: Rules>(p: &Position<R>, shift: usize) -> bool {
    let quiet = |p: &Position<R>| -> Vec<Move<R::Board>> {
        let moves = p.legal_moves();
        moves.iter().copied().filter(|m| !m.is_capture()).collect()
    };
    let ours = quiet(p);
    let n = ours.len();
    for (i, j) in (0..n).flat_map(|i| (0..n).map(move |j| ((i + shift) % n, j))) {
        let (a, b) = (ours[i], ours[j]);
        if a.from == b.from {
            continue;
        }
        let after_a = p.play(&a).unwrap();
        for c in quiet(&after_a) {
            let acb = after_a.play(&c).and_then(|q| q.play(&b));
            let bca = p.play(&b).and_then(|q| q.play(&c)).and_then(|q| q.play(&a));
            if let (Ok(x), Ok(y)) = (acb, bca) {
                let at = format!("{} {}: {a:?} {b:?} {c:?}", R::VARIANT, p.to_fen());
                assert_eq!(x, y, "{at}");
                let hashes = RandomState::new();
                assert_eq!(hashes.hash_one(x), hashes.hash_one(y), "{at}: hashes");
                return true;
            }
        }
    }
    false
}

impl PlayoutProperty for Transpositions {
    fn check<R: Rules>(&self, positions: &[Position<R>]) {
        let checked = (positions.iter().enumerate()).filter(|&(k, p)| check_one_transposition(p, k)).count();
        // Every start position has one: two men of one side and one of the other can move.
        assert!(checked > 0, "{}: no transposition checked", R::VARIANT);
    }
}

struct HouseRuleAddsOnlyQuietMoves;

impl PlayoutProperty for HouseRuleAddsOnlyQuietMoves {
    fn check<R: Rules>(&self, positions: &[Position<R>]) {
        if R::GEOMETRY.size != 8 {
            return;
        }
        for p in positions {
            let strict: BTreeSet<Move<R::Board>> = p.legal_moves().iter().copied().collect();
            let house: BTreeSet<Move<R::Board>> = p.legal_moves_with(false).iter().copied().collect();
            let at = format!("{} {}", R::VARIANT, p.to_fen());
            assert!(house.is_superset(&strict), "{at}: a move is lost");
            let extra_captures = house.difference(&strict).any(|m| m.is_capture());
            assert!(!extra_captures, "{at}: the house rule adds a capture");
            if strict.iter().all(|m| !m.is_capture()) {
                assert_eq!(house, strict, "{at}: they differ with no capture");
            }
        }
    }
}

/// Parses `text` as a FEN, as move squares and as a game's move; what parses must make sense.
struct ParseAnything<'a>(&'a str);

impl VariantVisitor for ParseAnything<'_> {
    type Output = ();

    fn visit<R: Rules>(self) {
        let (variant, text) = (R::VARIANT, self.0);
        let at = format!("{variant} {text:?}");
        if let Ok(p) = Position::<R>::from_fen(text) {
            let back = Position::<R>::from_fen(&p.to_fen());
            assert_eq!(back, Ok(p), "{at}");
        }
        if let Ok(squares) = parse_squares(text, &R::NAMING) {
            assert!(squares.len() >= 2, "{at}");
            for s in squares {
                assert_eq!(R::NAMING.parse(&name::<R>(s)), Ok(s), "{at}");
            }
        }
        let start = GameRequest::start(variant);
        for request in [start.clone().with_moves(&[text]), start.with_fen(text)] {
            if let Ok(answer) = service::legal_moves(&request) {
                assert_eq!(answer.variant, variant.id(), "{at}");
                assert!(Position::<R>::from_fen(&answer.position.fen).is_ok(), "{at}");
            }
        }
    }
}

/// Arbitrary text; tokens of the FEN and move alphabet; and FENs and moves of mostly real
/// squares, so that some parse.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "([WBK:,x -]|[a-j]?[0-9]{1,4}){0,16}",
        concat!("[WB]:[WB](K?([a-j][1-9]|[1-4]?[0-9])[,-]?){0,4}", ":[WB](K?([a-j][1-9]|[1-4]?[0-9])[,-]?){0,4}"),
        "([a-h][1-8]|[1-4]?[0-9])([x-]([a-h][1-8]|[1-4]?[0-9])){1,2}",
    ]
}

proptest! {
    #![proptest_config(config(PLAYOUT_CASES))]

    #[test]
    fn fen_round_trips_along_random_playouts_in_every_variant(indices in move_indices()) {
        in_every_variant(FenRoundTrip, &indices);
    }

    #[test]
    fn every_legal_move_plays_and_the_move_table_lists_exactly_them_in_every_variant(
        indices in move_indices()
    ) {
        in_every_variant(MovesPlayAndTableListsThem, &indices);
    }

    #[test]
    fn move_notation_and_every_route_find_their_move_again_in_every_variant(
        indices in move_indices()
    ) {
        in_every_variant(NotationFindsItsMove, &indices);
    }

    #[test]
    fn moves_never_create_pieces_or_uncrown_kings_in_every_variant(indices in move_indices()) {
        in_every_variant(NoPieceFromNowhere, &indices);
    }

    #[test]
    fn transposed_move_orders_reach_equal_positions_in_every_variant(
        indices in move_indices()
    ) {
        in_every_variant(Transpositions, &indices);
    }

    #[test]
    fn cheap_questions_agree_with_the_legal_move_list_in_every_variant(indices in move_indices()) {
        in_every_variant(CheapQuestionsAgreeWithTheList, &indices);
    }

    #[test]
    fn optional_capture_house_rule_only_adds_quiet_moves_on_8x8(indices in move_indices()) {
        in_every_variant(HouseRuleAddsOnlyQuietMoves, &indices);
    }
}

proptest! {
    #![proptest_config(config(PARSER_CASES))]

    #[test]
    fn parsers_never_panic_on_arbitrary_text_in_every_variant(text in text()) {
        for variant in Variant::ALL {
            variant.visit(ParseAnything(&text));
        }
    }
}
