//! The variant-free entry point: an [`AiRequest`] is replayed and checked into a
//! [`PreparedSearch`] (with the key a cache may file its answer under), which runs on any
//! thread and gives an [`AiMove`].

use core::sync::atomic::AtomicBool;
use core::time::Duration;
use std::time::Instant;

use compact_str::format_compact;

use super::difficulty::Difficulty;
use super::draws::endgame_plies;
use super::eval::{WIN, WIN_THRESHOLD};
use super::search::{search, Limits, SearchResult};
use super::tt::Table;
use super::zobrist;
use crate::rules::notation::pdn::MoveTable;
use crate::rules::view::{game_view, move_view, GameRequest, GameView, MoveView, ReplayError};
use crate::rules::{Color, Game, GameRules, Position, Rules, Status, Variant, VariantVisitor};

/// A request for the computer's move.
#[derive(Clone, Copy, Debug)]
pub struct AiRequest<'a> {
    /// The game so far.
    pub game: GameRequest<'a>,
    /// The level to play at.
    pub difficulty: Difficulty,
    /// The time the search may take, if not the level's default.
    pub time_ms: Option<u64>,
    /// The deepest iteration, if not the level's (the time budget still applies).
    pub max_depth: Option<u32>,
    /// Makes the levels' randomness repeatable.
    pub seed: Option<u64>,
}

/// Why there is no move to search for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AiMoveError {
    /// The game cannot be replayed.
    Replay(ReplayError),
    /// The game is already over.
    GameOver(Status),
}

impl From<ReplayError> for AiMoveError {
    fn from(error: ReplayError) -> AiMoveError {
        AiMoveError::Replay(error)
    }
}

/// How a forced result is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoreKind {
    /// The side to move wins in the given number of its moves.
    WinIn,
    /// The side to move loses in the given number of its moves.
    LossIn,
}

/// The computer's move and what the search saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiMove {
    /// The move played.
    pub mv: MoveView,
    /// The game after it (its `moves` are the legal replies).
    pub after: GameView,
    /// The level it was played at.
    pub difficulty: Difficulty,
    /// For the side that moved: hundredths of a man, or with `score_kind` the number of moves
    /// to a forced win (positive) or loss (negative).
    pub score: i32,
    /// Set when the score is a forced result.
    pub score_kind: Option<ScoreKind>,
    /// The last depth searched completely.
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
    /// The expected line, the move played first, in notation.
    pub pv: Vec<String>,
    /// Time spent searching.
    pub elapsed: Duration,
}

/// Everything that changes the answer to an [`AiRequest`]: two requests with equal keys may
/// share one answer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SearchKey {
    variant: Variant,
    rules: GameRules,
    pieces: [u64; 2],
    kings: u64,
    side_to_move: Color,
    /// Hashes of the earlier positions that could still repeat.
    history: Vec<u64>,
    quiet_plies: u32,
    endgame_plies: Option<u32>,
    difficulty: Difficulty,
    budget: Duration,
    max_depth: u32,
    seed: Option<u64>,
}

/// A checked request, ready to search on any thread.
pub struct PreparedSearch {
    key: Option<SearchKey>,
    variant: Variant,
    difficulty: Difficulty,
    budget: Duration,
    job: Box<dyn FnOnce(&AtomicBool) -> AiMove + Send>,
}

impl core::fmt::Debug for PreparedSearch {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PreparedSearch").field("variant", &self.variant).field("key", &self.key).finish()
    }
}

impl PreparedSearch {
    /// The key its answer may be cached under; `None` when the answer is meant to vary (a level
    /// with randomness and no seed).
    pub fn key(&self) -> Option<&SearchKey> {
        self.key.as_ref()
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The level.
    pub fn difficulty(&self) -> Difficulty {
        self.difficulty
    }

    /// The time the search may take.
    pub fn budget(&self) -> Duration {
        self.budget
    }

    /// Searches until the budget is spent, the search is done, or `cancel` is set.
    pub fn run(self, cancel: &AtomicBool) -> AiMove {
        (self.job)(cancel)
    }
}

impl AiRequest<'_> {
    /// Replays the game and checks that there is a move to find; `max_budget` caps the time.
    pub fn prepare(&self, max_budget: Duration) -> Result<PreparedSearch, AiMoveError> {
        self.game.variant.visit(Prepare { request: self, max_budget })
    }
}

struct Prepare<'a> {
    request: &'a AiRequest<'a>,
    max_budget: Duration,
}

impl VariantVisitor for Prepare<'_> {
    type Output = Result<PreparedSearch, AiMoveError>;

    fn visit<R: Rules>(self) -> Self::Output {
        let request = self.request;
        let game = request.game.replay::<R>()?;
        let status = game.status();
        if status.is_over() {
            return Err(AiMoveError::GameOver(status));
        }
        let level = request.difficulty.level();
        let budget = request.time_ms.map_or(level.default_budget, Duration::from_millis).min(self.max_budget);
        let max_depth = request.max_depth.unwrap_or(level.max_depth);
        let random = level.noise > 0;
        let key = (!random || request.seed.is_some()).then(|| search_key(&game, request, budget, max_depth));
        let seed = request.seed.unwrap_or_else(|| fastrand::u64(..));
        let difficulty = request.difficulty;
        Ok(PreparedSearch {
            key,
            variant: R::VARIANT,
            difficulty,
            budget,
            job: Box::new(move |cancel: &AtomicBool| {
                let started = Instant::now();
                let limits = Limits { max_depth, deadline: started + budget, cancel, noise: level.noise, seed };
                let result = if level.keeps_table {
                    KEPT_TABLE.with_borrow_mut(|table| {
                        search(&game, &limits, table.get_or_insert_with(|| Table::new(KEPT_TABLE_SLOTS)))
                    })
                } else {
                    search(&game, &limits, &mut Table::new(table_slots(budget)))
                };
                answer(game, difficulty, result, started.elapsed())
            }),
        })
    }
}

/// Table size for a budget: about what a search fills at full speed, at most
/// [`KEPT_TABLE_SLOTS`].
fn table_slots(budget: Duration) -> usize {
    (budget.as_millis() as usize).saturating_mul(4_000).clamp(1 << 12, KEPT_TABLE_SLOTS)
}

/// The size of a table kept from search to search: 2^20 results (16 MiB) per thread.
const KEPT_TABLE_SLOTS: usize = 1 << 20;

thread_local! {
    /// The table that searches of the levels that keep one share on this thread; made at the
    /// thread's first such search.
    static KEPT_TABLE: core::cell::RefCell<Option<Table>> = const { core::cell::RefCell::new(None) };
}

fn search_key<R: Rules>(game: &Game<R>, request: &AiRequest, budget: Duration, max_depth: u32) -> SearchKey {
    let position = game.position();
    let reversible = game.reversible_positions();
    SearchKey {
        variant: R::VARIANT,
        rules: *game.rules(),
        pieces: [position.pieces(Color::White).0, position.pieces(Color::Black).0],
        kings: (position.kings(Color::White) | position.kings(Color::Black)).0,
        side_to_move: position.side_to_move(),
        history: reversible[..reversible.len() - 1].iter().map(zobrist::hash).collect(),
        quiet_plies: game.quiet_plies(),
        endgame_plies: endgame_plies(game),
        difficulty: request.difficulty,
        budget,
        max_depth,
        seed: request.seed,
    }
}

/// The answer: the move played in `game`, the game after it, and the search's figures.
fn answer<R: Rules>(
    mut game: Game<R>,
    difficulty: Difficulty,
    result: Option<SearchResult>,
    elapsed: Duration,
) -> AiMove {
    let before = *game.position();
    let mandatory = game.rules().mandatory_capture;
    // A game that is not over has a legal move, so `search` finds one; the fallback keeps
    // this total.
    let result = result.unwrap_or_else(|| SearchResult {
        best: game.legal_moves().as_slice()[0],
        score: 0,
        depth: 0,
        nodes: 0,
        pv: Vec::new(),
    });
    let table = MoveTable::new(&before, mandatory);
    let mv = table.entry(&result.best).map(|e| move_view::<R>(&table, e));
    let pv = notation_of_line(&before, mandatory, &result.pv);
    let _ = game.play(&result.best);
    let (score, score_kind) = match result.score {
        s if s > WIN_THRESHOLD => ((WIN - s + 1) / 2, Some(ScoreKind::WinIn)),
        s if s < -WIN_THRESHOLD => (-(WIN + s + 1) / 2, Some(ScoreKind::LossIn)),
        s => (s, None),
    };
    AiMove {
        mv: mv.unwrap_or_else(|| unreachable_view::<R>(&result)),
        after: game_view(&game, None),
        difficulty,
        score,
        score_kind,
        depth: result.depth,
        nodes: result.nodes,
        pv,
        elapsed,
    }
}

/// The view of a move that is not in its position's move table: cannot happen, since the
/// search only plays legal moves; shown from its squares rather than panicking.
fn unreachable_view<R: Rules>(result: &SearchResult) -> MoveView {
    let name = |s: u8| R::NAMING.name(s);
    MoveView {
        notation: format_compact!("{}-{}", name(result.best.from), name(result.best.to)),
        from: name(result.best.from),
        to: name(result.best.to),
        path: [name(result.best.from), name(result.best.to)].into_iter().collect(),
        captures: result.best.captures.map(name).collect(),
        promotes: result.best.promotes,
    }
}

/// The notation of each move of `line`, played from `start`.
fn notation_of_line<R: Rules>(start: &Position<R>, mandatory: bool, line: &[crate::rules::Move]) -> Vec<String> {
    let mut position = *start;
    let mut out = Vec::with_capacity(line.len());
    for mv in line {
        let table = MoveTable::new(&position, mandatory);
        let Some(entry) = table.entry(mv) else { break };
        out.push(table.notation(entry).into());
        position.play_unchecked(mv);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::view::RuleOverrides;

    fn request<'a>(
        moves: &'a [&'a str],
        difficulty: Difficulty,
        time_ms: Option<u64>,
        seed: Option<u64>,
    ) -> AiRequest<'a> {
        AiRequest {
            game: GameRequest { variant: Variant::English, fen: None, moves, rules: RuleOverrides::default() },
            difficulty,
            time_ms,
            max_depth: None,
            seed,
        }
    }

    #[test]
    fn the_budget_is_the_levels_or_the_requests_within_the_maximum() {
        let max = Duration::from_millis(500);
        for d in Difficulty::ALL {
            let prepared = request(&[], d, None, Some(1)).prepare(max).expect("a game in progress");
            assert_eq!(prepared.budget(), d.level().default_budget.min(max));
        }
        let asked = request(&[], Difficulty::Hard, Some(80), None).prepare(max).expect("ok");
        assert_eq!(asked.budget(), Duration::from_millis(80));
        let capped = request(&[], Difficulty::Hard, Some(10_000), None).prepare(max).expect("ok");
        assert_eq!(capped.budget(), max);
    }

    #[test]
    fn only_answers_meant_to_be_repeatable_have_a_cache_key() {
        let max = Duration::from_secs(5);
        assert!(request(&[], Difficulty::Easy, None, None).prepare(max).expect("ok").key().is_none());
        assert!(request(&[], Difficulty::Easy, None, Some(3)).prepare(max).expect("ok").key().is_some());
        assert!(request(&[], Difficulty::Hard, None, None).prepare(max).expect("ok").key().is_some());
    }

    #[test]
    fn the_key_is_the_position_and_the_history_that_matters_not_the_move_order() {
        let max = Duration::from_secs(5);
        let key =
            |moves: &[&str], d: Difficulty| request(moves, d, None, Some(1)).prepare(max).expect("ok").key().cloned();
        // The same position by two move orders (every move a man move: nothing can repeat).
        let a = key(&["9-13", "24-20", "10-14"], Difficulty::Hard);
        let b = key(&["10-14", "24-20", "9-13"], Difficulty::Hard);
        assert_eq!(a, b);
        assert_ne!(a, key(&["9-13", "24-20", "10-14"], Difficulty::Normal));
        assert_ne!(a, key(&["9-13", "24-19", "10-14"], Difficulty::Hard));
    }

    #[test]
    fn a_requested_depth_replaces_the_levels_and_is_part_of_the_key() {
        let max = Duration::from_secs(3600);
        let level = request(&[], Difficulty::Hard, Some(3_600_000), Some(1));
        let deep = AiRequest { max_depth: Some(3), ..level };
        assert_ne!(level.prepare(max).expect("ok").key(), deep.prepare(max).expect("ok").key());
        let answer = deep.prepare(max).expect("ok").run(&AtomicBool::new(false));
        assert_eq!(answer.depth, 3);
    }

    #[test]
    fn a_finished_game_has_no_move_to_search() {
        let over = AiRequest {
            game: GameRequest {
                variant: Variant::English,
                fen: Some("B:W21:B"),
                moves: &[],
                rules: RuleOverrides::default(),
            },
            difficulty: Difficulty::Hard,
            time_ms: None,
            max_depth: None,
            seed: None,
        };
        assert!(matches!(over.prepare(Duration::from_secs(1)), Err(AiMoveError::GameOver(Status::Win { .. }))));
    }
}
