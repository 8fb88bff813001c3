//! `Searches`: the service's one door to the computer. It owns the search threads, the cache of
//! recent answers, the endgame databases and the searches' metrics, and every kind of search
//! (a computer move, an analysis, a review, streamed or not) goes through [`Searches::run`]:
//! the game is replayed, the kind prepares its [`SearchPlan`]s and its job ([`Ask::prepare`]),
//! a cached answer is taken if there is one, else the job runs on a search thread, and its
//! answer is handed back ([`Ask::receive`]: the answer, or a stream of it) and kept. A lookup in
//! the endgame databases ([`Searches::endgame`]) comes through the same door, answered at once.

use std::path::PathBuf;
use std::sync::Arc;

use prometheus::Registry;

use super::delivery::{Delivery, KeptAnswer};
use super::endgame_answer::{endgame_answer, EndgameAnswer};
use super::endgames::{installed, load_endgames, InstalledEndgames};
use super::games::{with_game, OnGame};
use super::request::GameRequest;
use super::search_cache::SearchCache;
use super::search_error::SearchError;
use super::search_key::SearchKey;
use super::search_kind::SearchKind;
use super::search_metrics::SearchMetrics;
use super::search_plan::SearchLimits;
use super::search_pool::SearchPool;
use super::search_thread::SearchThread;
use crate::engine::endgame::Endgames;
use crate::rules::{Game, Rules};

/// How the searches are set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// Threads that run searches (`SEARCH_THREADS`).
    pub threads: usize,
    /// Searches that may wait for a thread (`SEARCH_QUEUE`).
    pub queue: usize,
    /// The bytes the cache's entries may hold (`CACHE_MAX_MIB`); 0 keeps nothing.
    pub cache_bytes: u64,
    /// The most time searches may take.
    pub limits: SearchLimits,
    /// Where the endgame databases are read from (`ENDGAME_DIR`), if anywhere.
    pub endgame_dir: Option<PathBuf>,
}

/// A search job, as a search thread runs it.
type Job<T> = Box<dyn FnOnce(&SearchThread) -> T + Send>;

/// A search ready to run, its answer handed back as `D` says.
pub struct Prepared<D: Delivery> {
    /// What kind it is.
    pub kind: SearchKind,
    /// The key its answer is cached under; `None` when it is not cached.
    pub key: Option<SearchKey>,
    /// The work, on a search thread.
    pub job: Job<D::Output>,
    /// What waits with the caller meanwhile (the other end of a stream).
    pub waiting: D::Waiting,
}

/// A kind of search, as a request asks for it.
pub trait Ask: Sized {
    /// How its answer is handed back.
    type Delivery: Delivery;

    /// The search of `game`, within `limits`.
    fn prepare<R: Rules>(self, game: Game<R>, limits: &SearchLimits) -> Result<Prepared<Self::Delivery>, SearchError>;
}

/// The answer to an ask of type `A`.
pub type AnswerTo<A> = <<A as Ask>::Delivery as Delivery>::Answer;

/// The service's searches.
pub struct Searches {
    pool: SearchPool,
    endgames: Arc<Endgames>,
    cache: SearchCache,
    metrics: SearchMetrics,
    limits: SearchLimits,
}

impl Searches {
    /// Starts the search threads, reads the endgame databases and registers the metrics in
    /// `registry`.
    pub fn new(config: &SearchConfig, registry: &Registry) -> std::io::Result<Searches> {
        let metrics = SearchMetrics::register(registry).map_err(std::io::Error::other)?;
        let endgames = Arc::new(load_endgames(config.endgame_dir.as_deref()));
        let pool = SearchPool::new(config.threads, config.queue, metrics.clone(), Arc::clone(&endgames))?;
        Ok(Searches { pool, endgames, cache: SearchCache::new(config.cache_bytes), metrics, limits: config.limits })
    }

    /// The answer to `ask` about the game `request` describes.
    pub async fn run<A: Ask>(&self, request: &GameRequest, ask: A) -> Result<AnswerTo<A>, SearchError> {
        let prepared = with_game(request, Preparing(ask, &self.limits))??;
        if let Some(key) = &prepared.key {
            let hit = A::Delivery::cached(&self.cache, key);
            self.metrics.cache_lookup(prepared.kind, hit.is_some());
            if let Some(answer) = hit {
                return Ok(answer);
            }
        }
        let ticket = self.pool.submit(prepared.job).map_err(|_| {
            self.metrics.rejected(prepared.kind);
            SearchError::Overloaded(prepared.kind)
        })?;
        let answer = A::Delivery::receive(prepared.kind, prepared.waiting, ticket).await?;
        if let Some(key) = prepared.key {
            A::Delivery::keep(&self.cache, key, &answer);
        }
        Ok(answer)
    }

    /// What the endgame databases know of the position `request` reaches: a lookup, answered at
    /// once on the caller's thread, and cached.
    pub fn endgame(&self, request: &GameRequest) -> Result<EndgameAnswer, SearchError> {
        with_game(request, Lookup(self))?
    }

    /// The endgame databases this server has loaded, a line per variant.
    pub fn installed_endgames(&self) -> Vec<InstalledEndgames> {
        installed(&self.endgames)
    }

    /// Brings the cache's figures in the metrics up to date (before they are exported).
    pub fn update_metrics(&self) {
        self.metrics.cache_usage(self.cache.usage());
    }
}

/// The preparation of a search, on the replayed game of any variant.
struct Preparing<'a, A>(A, &'a SearchLimits);

impl<A: Ask> OnGame for Preparing<'_, A> {
    type Output = Result<Prepared<A::Delivery>, SearchError>;
    fn run<R: Rules>(self, game: Game<R>) -> Self::Output {
        self.0.prepare(game, self.1)
    }
}

/// The endgame lookup, on the replayed game of any variant.
struct Lookup<'a>(&'a Searches);

impl OnGame for Lookup<'_> {
    type Output = Result<EndgameAnswer, SearchError>;
    fn run<R: Rules>(self, game: Game<R>) -> Self::Output {
        let Searches { endgames, cache, metrics, .. } = self.0;
        let key = SearchKey::endgame(&game);
        let hit = KeptAnswer::<EndgameAnswer>::cached(cache, &key);
        metrics.cache_lookup(SearchKind::Endgame, hit.is_some());
        if let Some(answer) = hit {
            return Ok(answer);
        }
        let answer = endgame_answer(endgames, &game)?;
        KeptAnswer::keep(cache, key, &answer);
        Ok(answer)
    }
}

#[cfg(test)]
mod tests {
    use core::time::Duration;

    use super::*;
    use crate::rules::Variant;
    use crate::service::{AiMoveAsk, AiMoveSettings, Difficulty};

    fn searches() -> Searches {
        let limits = SearchLimits {
            max_search: Duration::from_secs(3600),
            clock_margin: core::time::Duration::from_millis(50),
            max_review: Duration::from_secs(3600),
            max_review_document: Duration::from_secs(3600),
        };
        let config = SearchConfig { threads: 1, queue: 0, cache_bytes: 1 << 20, limits, endgame_dir: None };
        Searches::new(&config, &Registry::new()).expect("a search thread starts")
    }

    #[tokio::test]
    async fn a_requested_depth_is_searched_to_and_a_second_ask_is_answered_from_the_cache() {
        let searches = searches();
        let settings = AiMoveSettings {
            level: Difficulty::Hard.level(),
            budget: Some(Duration::from_secs(3600)),
            max_depth: Some(3),
            ..AiMoveSettings::default()
        };
        let game = GameRequest::start(Variant::English);
        let first = searches.run(&game, AiMoveAsk(settings)).await.expect("a move");
        let second = searches.run(&game, AiMoveAsk(settings)).await.expect("a move");
        assert_eq!((first.depth, first.cached, second.cached), (3, false, true));
        assert_eq!(first.mv, second.mv);
    }

    #[tokio::test]
    async fn a_finished_game_has_no_move_to_search() {
        let over = GameRequest::start(Variant::English).with_fen("B:W21:B");
        let error = searches().run(&over, AiMoveAsk(AiMoveSettings::default())).await.unwrap_err();
        assert!(matches!(error, SearchError::GameOver(crate::rules::Status::Win { .. })), "{error:?}");
    }
}
