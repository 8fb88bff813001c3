//! Endgame databases against the search and the game: probes agree with a search to the end,
//! a won database ending is played out to the win within the variant's draw rules, a win the
//! move counts would turn into a draw is not promised, and a damaged file is refused.
//!
//! Each test builds tiny databases (up to 3 or 4 pieces) in a directory of its own.

use core::sync::atomic::AtomicBool;
use core::time::Duration;
use std::path::PathBuf;
use std::time::Instant;

use draughts_api::engine::endgame::file::Kind;
use draughts_api::engine::endgame::verify::verify;
use draughts_api::engine::endgame::{build, Endgames, Event, Indexer, Material, Value, VariantTables};
use draughts_api::engine::{search, Depth, Limits, Report, Score, TableUse};
use draughts_api::rules::ruleset::{English, International, Russian};
use draughts_api::rules::{Color, Game, GameRules, Position, Rules, Status, WinReason};

/// A fresh directory for one test's databases.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("draughts-egtb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

/// The databases of `R` up to `pieces` pieces, built under `dir` and loaded.
fn databases<R: Rules>(dir: &std::path::Path, pieces: u32) -> Endgames {
    build::<R>(dir, pieces, &mut |_| {}).expect("built");
    let (endgames, refused) = Endgames::load(dir);
    assert!(refused.is_empty(), "{}", refused[0]);
    assert_eq!(endgames.variant(R::VARIANT).expect("loaded").max_pieces(), pieces);
    endgames
}

/// Searches `game` to `depth` (or for `budget`), probing `endgames` if given.
fn think<R: Rules>(game: &Game<R>, depth: u32, budget: Duration, endgames: Option<&Endgames>) -> Report<R::Board> {
    let cancel = AtomicBool::new(false);
    let limits = Limits {
        max_depth: Depth::plies(depth),
        max_nodes: u64::MAX,
        deadline: Instant::now() + budget,
        target: None,
        cancel: &cancel,
        noise: 0,
        seed: 1,
        table: TableUse::Fresh,
        endgames,
        score_matters: false,
    };
    search(game, &limits).expect("a move")
}

/// Every position of the slice `material` (White to move) with what the tables say of it.
fn slice<R: Rules>(tables: &VariantTables, material: Material) -> Vec<(Position<R>, Value)> {
    let indexer = Indexer::of::<R>();
    (0..indexer.size(material))
        .filter_map(|index| indexer.pieces_at(index, material))
        .map(|pieces| {
            let position = pieces.position::<R>();
            (position, tables.probe(&position).expect("known"))
        })
        .collect()
}

/// Rules without draws by count: the databases' own convention. Repetitions stay: they change
/// no result with best play (the winner's shortest way never repeats) and keep searches short.
fn without_counts<R: Rules>() -> GameRules {
    let mut rules = GameRules::of::<R>();
    rules.draw.quiet_moves = 0;
    rules.draw.endgame = false;
    rules
}

/// Every 3-piece position with more than one move (the search answers a single move at once)
/// a sample of those the tables know as a result within 7 plies and a sparser one of the rest, searched without the tables (to depth 14, or 10 for the rest): a forced result of the same sign, no
/// nearer than the tables' distance, for the first; no forced result contradicting the tables for the rest.
fn probes_agree_with_search<R: Rules>(sample: usize) {
    let dir = temp_dir(&format!("agree-{}", R::VARIANT));
    let endgames = databases::<R>(&dir, 3);
    let tables = endgames.variant(R::VARIANT).expect("loaded");
    let (mut proved, mut draws) = (0, 0);
    for material in Material::solving_order(3).into_iter().filter(|m| m.pieces() == 3) {
        for (n, (position, value)) in slice::<R>(tables, material).into_iter().enumerate() {
            let near = matches!(value, Value::Win(d) | Value::Loss(d) if d <= 7);
            if n % if near { 7 } else { sample } != 0 {
                continue;
            }
            let game = Game::new(position, without_counts::<R>());
            match game.legal_moves().len() {
                0 => {
                    assert_eq!(value, Value::Loss(0), "{position:?}");
                    continue;
                }
                // The search answers a single move at once, without searching to the end.
                1 => continue,
                _ => {}
            }
            // Reductions may need a few plies beyond the distance to see every defence out;
            // iterations stop once a forced result is proved.
            let depth = if near { 14 } else { 10 };
            let report = think(&game, depth, Duration::from_secs(1), None);
            let raw = report.score;
            match value {
                // Where the search proves a result it must be the tables': a pruned search may
                // take longer than the shortest win or stop short of the longest defence, never
                // the other way, so the tables' distance is a bound.
                Value::Win(d) | Value::Loss(d) if d <= 7 => {
                    let won = matches!(value, Value::Win(_));
                    assert_eq!(raw > Score::ZERO, won, "{position:?}: {value:?}, the search {raw}");
                    if let Some(plies) = raw.plies_to_end() {
                        assert!(plies >= d, "{position:?}: {value:?}, the search {raw}");
                        proved += 1;
                    }
                }
                Value::Draw => {
                    assert!(!raw.is_forced(), "{position:?}: the tables say a draw, the search {raw}");
                    draws += 1;
                }
                Value::Win(_) => assert!(raw >= Score::ZERO, "{position:?}: {raw}"),
                Value::Loss(_) => assert!(raw <= Score::ZERO, "{position:?}: {raw}"),
            }
        }
    }
    assert!(proved > 20 && draws > 0, "{} {proved} {draws}", R::VARIANT);
    std::fs::remove_dir_all(dir).expect("removed");
}

#[test]
fn english_probes_agree_with_a_search_to_the_end() {
    probes_agree_with_search::<English>(197);
}

#[test]
fn russian_probes_agree_with_a_search_to_the_end() {
    probes_agree_with_search::<Russian>(397);
}

#[test]
fn international_probes_agree_with_a_search_to_the_end() {
    probes_agree_with_search::<International>(1997);
}

/// The longest win the tables know in the slice `material` that the variant's counts allow
/// from the start of a game there; plays it out, the engine against itself with the tables,
/// and checks that White wins in exactly the plies the tables said.
fn longest_win_is_converted<R: Rules>(pieces: u32, material: Material) {
    let dir = temp_dir(&format!("convert-{}", R::VARIANT));
    let endgames = databases::<R>(&dir, pieces);
    let tables = endgames.variant(R::VARIANT).expect("loaded");
    let counts_allow = |position: &Position<R>, plies: u32| {
        let game = Game::new(*position, GameRules::of::<R>());
        let quiet = 2 * R::DRAW.quiet_moves as u32;
        game.endgame_clocks().iter().all(|c| c.plies_left(Color::White) >= plies) && (quiet == 0 || quiet >= plies)
    };
    let (start, plies) = slice::<R>(tables, material)
        .into_iter()
        .filter_map(|(position, value)| match value {
            Value::Win(d) if counts_allow(&position, d) => Some((position, d)),
            _ => None,
        })
        .max_by_key(|&(_, d)| d)
        .expect("a won position");
    assert!(plies >= 5, "{} {material}: the longest win is {plies} plies", R::VARIANT);
    let mut game = Game::new(start, GameRules::of::<R>());
    while !game.status().is_over() && game.moves().len() < 200 {
        let report = think(&game, 64, Duration::from_secs(2), Some(&endgames));
        game.play(&report.best).expect("a legal move");
    }
    assert!(
        matches!(game.status(), Status::Win { winner: Color::White, reason: WinReason::NoPieces | WinReason::NoMoves }),
        "{} from {start:?}: {:?} after {} plies",
        R::VARIANT,
        game.status(),
        game.moves().len()
    );
    assert_eq!(game.moves().len() as u32, plies, "{} from {start:?}", R::VARIANT);
    std::fs::remove_dir_all(dir).expect("removed");
}

#[test]
fn russian_three_kings_against_one_are_won_within_the_counts() {
    longest_win_is_converted::<Russian>(4, Material::new(0, 3, 0, 1));
}

#[test]
fn english_two_kings_against_one_are_won_within_the_forty_moves() {
    longest_win_is_converted::<English>(3, Material::new(0, 2, 0, 1));
}

#[test]
fn international_man_and_king_against_a_king_are_won_within_the_counts() {
    longest_win_is_converted::<International>(3, Material::new(1, 1, 0, 1));
}

#[test]
fn a_damaged_or_truncated_file_is_refused_with_a_clear_message_and_made_again() {
    let dir = temp_dir("damaged");
    databases::<English>(&dir, 3);
    let file = |kind: Kind, m: Material| kind.path(&dir.join("english"), m);

    // A 3-piece slice's results cut short: the 2-piece databases stay usable.
    let short = file(Kind::Wdl, Material::new(1, 0, 0, 2));
    let bytes = std::fs::read(&short).expect("read");
    std::fs::write(&short, &bytes[..bytes.len() - 10]).expect("written");
    let (endgames, refused) = Endgames::load(&dir);
    let message = refused.first().expect("refused").to_string();
    assert!(message.contains("1m0k-0m2k.wdl") && message.contains("damaged"), "{message}");
    assert_eq!(endgames.variant(English::VARIANT).expect("2 pieces").max_pieces(), 2);

    // A 2-piece slice's distances with one byte changed: no English databases at all.
    let damaged = file(Kind::Distances, Material::new(0, 1, 0, 1));
    let mut bytes = std::fs::read(&damaged).expect("read");
    let last = bytes.len() - 1;
    bytes[last] ^= 0x40;
    std::fs::write(&damaged, &bytes).expect("written");
    let (endgames, refused) = Endgames::load(&dir);
    let message = refused.first().expect("refused").to_string();
    assert!(message.contains("0m1k-0m1k.dtw") && message.contains("checksum"), "{message}");
    assert!(endgames.variant(English::VARIANT).is_none());

    // A working file damaged too: building again solves that slice (and its mirror), packs the
    // refused packed files again and keeps the rest.
    let working = file(Kind::Codes, Material::new(0, 2, 0, 1));
    let mut bytes = std::fs::read(&working).expect("read");
    bytes[60] ^= 1;
    std::fs::write(&working, &bytes).expect("written");
    let (mut refusals, mut packed) = (0, 0);
    let summary = build::<English>(&dir, 3, &mut |event| match event {
        Event::Refused(_) => refusals += 1,
        Event::Packed { .. } => packed += 1,
        _ => {}
    })
    .expect("built");
    assert_eq!(refusals, 3);
    assert_eq!(packed, 2);
    assert_eq!(summary.solved, 2, "{summary:?}");
    let (endgames, refused) = Endgames::load(&dir);
    assert!(refused.is_empty());
    assert_eq!(endgames.variant(English::VARIANT).expect("loaded").max_pieces(), 3);
    std::fs::remove_dir_all(dir).expect("removed");
}

#[test]
fn packed_files_agree_with_the_working_files_on_every_result_and_sampled_distances() {
    let dir = temp_dir("verify");
    databases::<Russian>(&dir, 4);
    let verified = verify::<Russian>(&dir, 4, 17, &mut |_| {}).expect("the packed files agree");
    // Every position of up to 4 pieces; captures pending in a good share of them.
    assert!(verified.results > 1_000_000, "{verified:?}");
    assert!(verified.captures * 10 > verified.results, "{verified:?}");
    assert!(verified.distances * 20 > verified.results, "{verified:?}");
    std::fs::remove_dir_all(dir).expect("removed");
}
