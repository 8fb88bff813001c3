//! Game records (PDN) at the library level: every game the service can play is written as a
//! record that reads back to the same game (a property over random games in random variants),
//! reading any text ends, with games or an error, and real game collections (`tests/data/pdn/`,
//! sources in its README) replay move by move to a final position consistent with their
//! recorded results.

use draughts_api::rules::notation::move_text::MoveTable;
use draughts_api::rules::notation::record::GameResult;
use draughts_api::rules::{Game, GameRules, Position, Rules, Variant, VariantVisitor};
use draughts_api::service::{self, GameRequest, RecordView, StatusView, Tags};
use proptest::prelude::*;

/// A random game of `R`: `opening` plies from the start make its start position (its `FEN`
/// when not the start), then `plies` more are its moves; each ply picks a legal move by index.
struct RoundTrip<'a> {
    opening: &'a [usize],
    plies: &'a [usize],
}

impl VariantVisitor for RoundTrip<'_> {
    type Output = ();

    fn visit<R: Rules>(self) {
        let mut start = Position::<R>::start();
        for &index in self.opening {
            let moves = start.legal_moves();
            if moves.is_empty() {
                break;
            }
            start = start.play(&moves.as_slice()[index % moves.len()]).expect("a legal move plays");
        }
        let mut game = Game::new(start, GameRules::of::<R>());
        let mut texts = Vec::new();
        for &index in self.plies {
            let table = MoveTable::of_game(&game);
            if game.status().is_over() || table.is_empty() {
                break;
            }
            let entry = &table.entries()[index % table.entries().len()];
            texts.push(table.notation(entry).to_string());
            game.play(&entry.mv).expect("a legal move plays");
        }
        let request = GameRequest::start(R::VARIANT).with_fen(&start.to_fen()).with_moves(&texts);

        let record = service::write_record(&request, &Tags::default()).expect("every playable game is written");
        let by_request = service::read_records(&record, Some(R::VARIANT), usize::MAX).expect("the record reads back");

        let at = format!("{}:\n{record}", R::VARIANT);
        assert_eq!(by_request.len(), 1, "{at}");
        let back = &by_request[0];
        assert_eq!(back.variant, R::VARIANT.id(), "{at}");
        assert_eq!(back.start_fen, start.to_fen(), "{at}");
        assert_eq!(back.moves, texts, "{at}");
        assert_eq!(back.fen, game.position().to_fen(), "{at}");
        assert_eq!(back.status, StatusView::from(game.status()), "{at}");
        let recorded = back.result.as_deref().and_then(GameResult::read);
        assert_eq!(recorded, Some(result_on_board(back)), "{at}");
        // Where the GameType number is the variant's alone, it names the variant by itself.
        if Variant::from_pdn_game_type(R::PDN_GAME_TYPE) == Some(R::VARIANT) {
            let by_tag =
                service::read_records(&record, None, usize::MAX).expect("the record reads back by its GameType");
            assert_eq!(&by_tag, &by_request, "{at}");
        }
    }
}

/// The result a replayed game's final position decides: a win, a draw, or none yet.
fn result_on_board(game: &RecordView) -> GameResult {
    match (game.status.state, game.status.winner) {
        ("win", Some("white")) => GameResult::WhiteWins,
        ("win", Some(_)) => GameResult::BlackWins,
        ("draw", _) => GameResult::Draw,
        _ => GameResult::Unknown,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_playable_game_round_trips_through_its_pdn_record(
        variant in 0..Variant::ALL.len(),
        opening in prop::collection::vec(any::<usize>(), 0..30),
        plies in prop::collection::vec(any::<usize>(), 0..200),
    ) {
        Variant::ALL[variant].visit(RoundTrip { opening: &opening, plies: &plies });
    }
}

/// Texts made of PDN's own parts (tags, comments, variations, numbers, NAGs, marks, results,
/// moves) and stray characters, so that most are nearly PDN.
fn nearly_pdn() -> impl Strategy<Value = String> {
    let part = prop_oneof![
        Just("[Event \"x\"]".to_owned()),
        Just("[GameType \"21\"]".to_owned()),
        Just("[FEN \"W:W22:B18\"]".to_owned()),
        "[\\[\\]{}();\"\\\\$!?*. \n-]",
        "[0-9]{1,3}\\.{1,3}",
        "[0-9]{1,2}[-x:][0-9]{1,2}",
        "(1-0|0-1|1/2-1/2|2-0|0-2|1-1|0-0|\\*)",
        "\\{[^}]{0,8}\\}",
        "\\$[0-9]{1,2}",
        any::<String>(),
    ];
    prop::collection::vec(part, 0..40).prop_map(|parts| parts.join(" "))
}

proptest! {
    // A text that made the reader loop would fail here rather than hang the suite.
    #![proptest_config(ProptestConfig { cases: 2048, timeout: 10_000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn reading_any_text_ends_with_games_or_an_error(text in nearly_pdn()) {
        for variant in [None, Some(Variant::English), Some(Variant::Russian)] {
            if let Ok(games) = service::read_records(&text, variant, 1000) {
                prop_assert!(!games.is_empty());
            }
        }
    }
}

/// A collection of real games: its file in `tests/data/pdn/`, the variant its games are
/// replayed in when its tags do not say (`None`: by their `GameType`), how many games it holds
/// and how many of them end in a position that decides the game.
struct Collection {
    file: &'static str,
    variant: Option<Variant>,
    games: usize,
    decided_on_the_board: usize,
}

const COLLECTIONS: [Collection; 5] = [
    Collection { file: "english_oca_2.0.pdn", variant: Some(Variant::English), games: 43, decided_on_the_board: 0 },
    Collection { file: "international_dutch96h.pdn", variant: None, games: 13, decided_on_the_board: 0 },
    Collection { file: "international_nk2009_round12.pdn", variant: None, games: 7, decided_on_the_board: 0 },
    Collection { file: "russian_lidraughts.pdn", variant: Some(Variant::Russian), games: 9, decided_on_the_board: 6 },
    Collection { file: "brazilian_lidraughts.pdn", variant: None, games: 25, decided_on_the_board: 7 },
];

/// What the replay of a collection found.
#[derive(Debug, Default, PartialEq, Eq)]
struct Checked {
    /// Games whose final position decides the game (a win or a draw on the board), each
    /// checked to agree with the recorded result.
    decided_on_the_board: usize,
    /// Games recorded as won or drawn whose final position goes on (a resignation, a draw
    /// agreed, time): checked only to replay every move.
    decided_off_the_board: usize,
    /// Games with no result (`*`) or none recorded.
    unfinished: usize,
}

#[test]
fn real_game_collections_replay_to_positions_consistent_with_their_results() {
    for collection in COLLECTIONS {
        let path = format!("{}/tests/data/pdn/{}", env!("CARGO_MANIFEST_DIR"), collection.file);
        let text = std::fs::read_to_string(&path).expect("the collection is in tests/data/pdn");

        let games = service::read_records(&text, collection.variant, usize::MAX)
            .unwrap_or_else(|e| panic!("{}: every move of every game is legal: {e}", collection.file));

        assert_eq!(games.len(), collection.games, "{}", collection.file);
        let mut checked = Checked::default();
        for (index, game) in games.iter().enumerate() {
            let at = format!("{} games[{index}] {:?}", collection.file, game.tags);
            assert!(!game.moves.is_empty(), "{at}: no moves");
            let recorded = game.result.as_deref().map(|r| GameResult::read(r).unwrap_or_else(|| panic!("{at}: {r}")));
            match (result_on_board(game), recorded.unwrap_or(GameResult::Unknown)) {
                (GameResult::Unknown, GameResult::Unknown) => checked.unfinished += 1,
                (GameResult::Unknown, _) => checked.decided_off_the_board += 1,
                (on_board, recorded) => {
                    assert_eq!(on_board, recorded, "{at}: the board says {:?}", game.status);
                    checked.decided_on_the_board += 1;
                }
            }
        }
        assert_eq!(checked.decided_on_the_board, collection.decided_on_the_board, "{}: {checked:?}", collection.file);
    }
}
