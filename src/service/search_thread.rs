//! `SearchThread`: what a search job has on its thread (the cancel flag, the endgame databases,
//! the metrics), and the one place where a [`SearchPlan`] becomes the engine's limits (its node
//! limit scaled to the game's men) and every engine search is run and counted.

use core::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::levels::nodes_for_men;
use super::search_metrics::{SearchFigures, SearchMetrics};
use super::search_plan::SearchPlan;
use crate::engine::endgame::Endgames;
use crate::engine::{self, Limits, Report};
use crate::rules::{Game, Rules};

/// A search thread's means, lent to the job it runs.
pub struct SearchThread<'a> {
    cancel: &'a AtomicBool,
    endgames: &'a Endgames,
    metrics: &'a SearchMetrics,
}

impl<'a> SearchThread<'a> {
    /// A thread's means: set `cancel` to stop its job.
    pub fn new(cancel: &'a AtomicBool, endgames: &'a Endgames, metrics: &'a SearchMetrics) -> SearchThread<'a> {
        SearchThread { cancel, endgames, metrics }
    }

    /// Whether the job was told to stop (its client went away).
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// The best move of `game`'s position, searched as `plan` says.
    pub fn search<R: Rules>(&self, game: &Game<R>, plan: &SearchPlan) -> Option<Report<R::Board>> {
        self.analyze(game, plan, 1).map(engine::AnalysisReport::into_report)
    }

    /// The `lines` best moves of `game`'s position, searched as `plan` says.
    pub fn analyze<R: Rules>(
        &self,
        game: &Game<R>,
        plan: &SearchPlan,
        lines: u8,
    ) -> Option<engine::AnalysisReport<R::Board>> {
        let started = Instant::now();
        let limits = Limits {
            max_depth: plan.max_depth,
            max_nodes: nodes_for_men(plan.max_nodes, R::MEN_PER_SIDE),
            deadline: started + plan.time,
            target: plan.target,
            cancel: self.cancel,
            noise: plan.noise,
            seed: plan.seed.unwrap_or_else(|| fastrand::u64(..)),
            table: plan.table,
            endgames: Some(self.endgames),
            score_matters: plan.score_matters,
        };
        let report = engine::analyze(game, &limits, lines.into(), &[]);
        let (nodes, depth) = report.as_ref().map_or((0, 0), |r| (r.nodes, r.depth.get()));
        self.metrics.searched(SearchFigures {
            variant: R::VARIANT,
            kind: plan.kind,
            level: plan.level,
            nodes,
            depth,
            seconds: started.elapsed().as_secs_f64(),
        });
        report
    }
}
