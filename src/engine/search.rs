//! `search`: iterative deepening principal-variation search with aspiration windows at the
//! root, a transposition table, hash-move / killer / history ordering, static cuts near the
//! leaves, ProbCut, late-move reductions, forced-move extensions and a quiescence search of
//! captures and shots; stops at a hard deadline or when cancelled.

use core::sync::atomic::{AtomicBool, Ordering};
use core::time::Duration;
use std::time::Instant;

use super::depth::Depth;
use super::draws::{DrawWatch, MAX_PLY};
use super::endgame::{EndgameProbe, Endgames};
use super::eval::evaluate;
use super::score::{Score, WIN, WIN_THRESHOLD};
use super::tt::{Bound, Entry, Table};
use super::zobrist;
use crate::rules::bitboard::Word;
use crate::rules::game::first_king;
use crate::rules::geometry::each_direction;
use crate::rules::geometry::INDEXES;
use crate::rules::movegen::{self, MoveSink};
use crate::rules::ruleset::Goal;
use crate::rules::{Bitboard, Game, Move, MoveList, Position, Rules};

/// What bounds a search.
#[derive(Clone, Copy, Debug)]
pub struct Limits<'a> {
    /// The deepest iteration.
    pub max_depth: Depth,
    /// The most positions it may visit (`u64::MAX`: no limit): a limit that weakens a search
    /// alike on any machine, and repeats exactly.
    pub max_nodes: u64,
    /// When to stop, whatever the depth reached.
    pub deadline: Instant,
    /// The time it aims to take when it plays on a clock, if it does: it starts no iteration
    /// after three quarters of this (stretched while the best move keeps changing or the score
    /// falls), answers once the root is in the endgame databases, and stops at `deadline`
    /// whatever happens. Without it, it starts none after three quarters of the time to
    /// `deadline`.
    pub target: Option<Duration>,
    /// Set by someone else to stop the search now (for example, the client went away).
    pub cancel: &'a AtomicBool,
    /// Each root move's score is shifted by up to this much at random (0: none).
    pub noise: i32,
    /// The seed of that randomness.
    pub seed: u64,
    /// Which transposition table the search fills.
    pub table: TableUse,
    /// Endgame databases to probe, if any (docs/endgame.md).
    pub endgames: Option<&'a Endgames>,
    /// Whether the score is wanted as much as the move (an analysis, a review): then a
    /// position with one legal move is searched as deep as any other, where a computer move
    /// plays it after a few plies.
    pub score_matters: bool,
}

/// Which transposition table a search fills.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableUse {
    /// A fresh table sized for the time budget: the answer depends on the position and the
    /// limits alone, so a seed repeats it exactly.
    Fresh,
    /// The table this thread keeps from one search to the next ([`KEPT_TABLE_SLOTS`]), so
    /// that the next move of a game starts from what the last search found.
    Kept,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report<W: Word> {
    /// The move to play.
    pub best: Move<W>,
    /// Its score for the side to move.
    pub score: Score,
    /// The last iteration completed.
    pub depth: Depth,
    /// Positions visited.
    pub nodes: u64,
    /// The expected line, `best` first.
    pub pv: Vec<Move<W>>,
}

/// The size of a table kept from search to search: 2^20 results (16 MiB) per thread.
const KEPT_TABLE_SLOTS: usize = 1 << 20;

thread_local! {
    /// The table that searches with [`TableUse::Kept`] share on this thread; made at the
    /// thread's first such search.
    static KEPT_TABLE: core::cell::RefCell<Option<Table>> = const { core::cell::RefCell::new(None) };
}

/// Table size for a search of `budget`: about what a search fills at full speed, at most
/// [`KEPT_TABLE_SLOTS`].
fn fresh_table_slots(budget: Duration) -> usize {
    (budget.as_millis() as usize).saturating_mul(4_000).clamp(1 << 12, KEPT_TABLE_SLOTS)
}

/// Searches the current position of `game` within `limits`: the engine's one entry point.
/// `None` only when the side to move has no legal move.
pub fn search<R: Rules>(game: &Game<R>, limits: &Limits) -> Option<Report<R::Board>> {
    analyze(game, limits, 1, &[]).map(AnalysisReport::into_report)
}

/// One of the best moves an analysis found: its score for the side to move and its expected
/// line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line<W: Word> {
    /// The move.
    pub mv: Move<W>,
    /// Its score for the side to move, exact (not a bound) at the depth reached.
    pub score: Score,
    /// The expected line, `mv` first.
    pub pv: Vec<Move<W>>,
}

/// What an analysis of several lines found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisReport<W: Word> {
    /// The best moves, best first (at least one).
    pub lines: Vec<Line<W>>,
    /// The last iteration completed for every line.
    pub depth: Depth,
    /// Positions visited.
    pub nodes: u64,
}

impl<W: Word> AnalysisReport<W> {
    /// The report of the best line.
    pub fn into_report(self) -> Report<W> {
        let AnalysisReport { lines, depth, nodes } = self;
        let Line { mv, score, pv } = lines.into_iter().next().expect("an analysis has a line");
        Report { best: mv, score, depth, nodes, pv }
    }
}

/// The `lines` best moves of the current position of `game` (at most as many as it has,
/// leaving out `excluded`), each with its exact score: at every depth the best move is
/// searched first, then the best of the others, and so on, each within its own window
/// (multi-PV). `None` when no move is left to search.
pub fn analyze<R: Rules>(
    game: &Game<R>,
    limits: &Limits,
    lines: usize,
    excluded: &[Move<R::Board>],
) -> Option<AnalysisReport<R::Board>> {
    match limits.table {
        TableUse::Kept => KEPT_TABLE.with_borrow_mut(|table| {
            let table = table.get_or_insert_with(|| Table::new(KEPT_TABLE_SLOTS));
            analyze_with_table(game, limits, lines, excluded, table)
        }),
        TableUse::Fresh => {
            let budget = limits.deadline.saturating_duration_since(Instant::now());
            analyze_with_table(game, limits, lines, excluded, &mut Table::new(fresh_table_slots(budget)))
        }
    }
}

/// Aspiration: from this iteration on (and when the easier levels' randomness is off), the
/// root is searched within [`ASPIRATION_WINDOW`] of the last iteration's score, and again with
/// the failing side opened if the score falls outside. Chosen by tree size (BENCHMARKS.md).
const ASPIRATION_MIN_DEPTH: u32 = 5;
/// Half the aspiration window, in hundredths of a man: the root is first searched within this
/// much of the last iteration's score.
const ASPIRATION_WINDOW: i32 = 20;

/// How often (in nodes) the clock and the cancel flag are read.
const CHECK_EVERY: u64 = 1024;

/// [`analyze`] with `table`; `limits.table` is not read.
pub(crate) fn analyze_with_table<R: Rules>(
    game: &Game<R>,
    limits: &Limits,
    lines: usize,
    excluded: &[Move<R::Board>],
    table: &mut Table,
) -> Option<AnalysisReport<R::Board>> {
    let root = *game.position();
    let legal = game.legal_moves();
    let mut order: Vec<usize> = (0..legal.len()).filter(|&i| !excluded.contains(&legal.as_slice()[i])).collect();
    let first = *order.first()?;
    let lines = lines.clamp(1, order.len());
    table.new_search(zobrist::salt(R::VARIANT, game.rules()));
    let mut searcher = Searcher::new(game, limits, table);
    let mut rng = fastrand::Rng::with_seed(limits.seed);
    let noise: Vec<i32> =
        legal.iter().map(|_| if limits.noise > 0 { rng.i32(-limits.noise..=limits.noise) } else { 0 }).collect();
    let hash = zobrist::hash(&root);
    let root = Root { position: &root, hash, moves: &legal, noise: &noise };
    // The lines of the last complete iteration (at first, the first move, unsearched).
    let mut best: Vec<(usize, i32)> = vec![(first, 0)];
    let mut depth_reached = Depth::default();
    let mut pvs: Vec<Vec<Move<R::Board>>> = vec![vec![legal.as_slice()[first]]];
    let started = Instant::now();
    // Only a search on a clock asks whether the databases answer the root.
    let on_clock_in_databases =
        limits.target.is_some() && searcher.endgame.as_ref().is_some_and(|probe| probe.covers(root.position));
    let mut clock = ClockWatch::new(on_clock_in_databases);
    for depth in 1..=limits.max_depth.get().max(1) {
        let mut found: Vec<(usize, i32)> = Vec::with_capacity(lines);
        // Each line is the best of the moves the lines before it left; its window is centred
        // on its own last score.
        let mut rest = core::mem::take(&mut order);
        for k in 0..lines {
            let last = best.get(k).map_or(0, |&(_, score)| score);
            let Some((index, score)) = searcher.root_line(&root, &mut rest, depth as i32, last, limits.noise) else {
                break;
            };
            found.push((index, score));
            if searcher.stopped {
                break;
            }
            rest.retain(|&i| i != index);
            if rest.is_empty() {
                break;
            }
        }
        let complete = !searcher.stopped && found.len() == lines;
        if complete {
            // A later line can score above an earlier one (each search prunes what the ones
            // before left in the table): the lines are given best first.
            found.sort_by_key(|&(_, score)| core::cmp::Reverse(score));
        }
        // The next iteration tries this one's lines first, then the other moves as ordered.
        order = found
            .iter()
            .map(|&(i, _)| i)
            .chain(rest.iter().copied().filter(|i| !found.iter().any(|f| f.0 == *i)))
            .collect();
        if found.is_empty() {
            break;
        }
        if complete {
            best = found;
        } else {
            // A cut-short iteration: the lines it finished stand, the last iteration's fill
            // the rest; its depth is not reached.
            for (index, score) in core::mem::take(&mut best) {
                if found.len() < lines && !found.iter().any(|f| f.0 == index) {
                    found.push((index, score));
                }
            }
            best = found;
        }
        pvs =
            best.iter().map(|&(i, _)| searcher.principal_variation(root.position, hash, legal.as_slice()[i])).collect();
        if !complete {
            break;
        }
        depth_reached = Depth::plies(depth);
        // Forced results are final; a single move needs no thought; another iteration would
        // most likely not finish in the time left (or, on a clock, the time aimed at is spent,
        // or the databases answer).
        let elapsed = started.elapsed();
        let aim = match limits.target {
            Some(target) => {
                clock.iterated(best[0]);
                if clock.in_databases {
                    break;
                }
                clock.stretched(target)
            }
            None => limits.deadline.saturating_duration_since(started),
        };
        let forced = best.iter().all(|&(_, score)| score.abs() > WIN_THRESHOLD && depth as i32 > WIN - score.abs());
        if forced || order.len() == 1 && depth >= 4 && !limits.score_matters || elapsed * 4 > aim * 3 {
            break;
        }
    }
    let lines = best
        .iter()
        .zip(pvs)
        .map(|(&(index, score), pv)| Line { mv: legal.as_slice()[index], score: Score::from_raw(score), pv })
        .collect();
    Some(AnalysisReport { lines, depth: depth_reached, nodes: searcher.nodes })
}

/// How a search on a clock judges whether to think on: the best move and score of the last
/// iterations.
struct ClockWatch {
    /// Whether the root is in the endgame databases: then the first iteration answers.
    in_databases: bool,
    /// The last complete iteration's best move and score.
    last: Option<(usize, i32)>,
    /// How unsettled the best move is: 1 each time it changes, halved each iteration.
    changes: f64,
    /// Whether the score fell at the last iteration.
    fell: bool,
}

/// A fall in score (hundredths of a man) from one iteration to the next that makes a search on
/// a clock think longer.
const SCORE_FALL: i32 = 30;

impl ClockWatch {
    fn new(in_databases: bool) -> ClockWatch {
        ClockWatch { in_databases, last: None, changes: 0.0, fell: false }
    }

    /// Takes in a complete iteration's best move and score.
    fn iterated(&mut self, (best, score): (usize, i32)) {
        self.changes /= 2.0;
        if let Some((last_best, last_score)) = self.last {
            self.changes += f64::from(u8::from(best != last_best));
            self.fell = score < last_score - SCORE_FALL;
        }
        self.last = Some((best, score));
    }

    /// The time to aim at: `target`, up to three times as much while the best move keeps
    /// changing and the score falls.
    fn stretched(&self, target: Duration) -> Duration {
        let unsettled = 1.0 + self.changes.min(1.0) + if self.fell { 1.0 } else { 0.0 };
        target.mul_f64(unsettled)
    }
}

/// (pieces, kings) on the board: endgame counts carry on only while this stays the same.
fn material<R: Rules>(position: &Position<R>) -> (u32, u32) {
    (position.occupied().count(), kings(position).count())
}

/// What a node keeps while its children are searched, one per ply, reused from node to node
/// so that no node builds (and copies) a list of its own.
#[derive(Default)]
struct Frame<W: Word> {
    moves: MoveList<W>,
    /// (ordering key, index into `moves`), picked best first.
    order: Vec<(i32, u16)>,
}

struct Searcher<'a, R: Rules> {
    table: &'a mut Table,
    draws: DrawWatch,
    frames: Vec<Frame<R::Board>>,
    killers: [[Option<Move<R::Board>>; 2]; MAX_PLY + 1],
    /// Cutoff credit by side, origin and destination (squares are bit indexes, below 64: the
    /// lookups mask them so that they need no bounds check).
    history: Box<[[[i32; INDEXES]; INDEXES]; 2]>,
    nodes: u64,
    stopped: bool,
    max_nodes: u64,
    deadline: Instant,
    cancel: &'a AtomicBool,
    mandatory: bool,
    root_material: (u32, u32),
    /// Inside a ProbCut probe, whose nodes do not probe again.
    probing: bool,
    /// The endgame databases, if the variant has some loaded.
    endgame: Option<EndgameProbe<'a>>,
    _rules: core::marker::PhantomData<R>,
}

/// What every search of the root shares: the position, its hash, its legal moves and the noise
/// added to each move's score (by index in `moves`).
struct Root<'m, R: Rules> {
    position: &'m Position<R>,
    hash: u64,
    moves: &'m MoveList<R::Board>,
    noise: &'m [i32],
}

/// Ordering scores.
const HASH_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 28;
const PROMOTION: i32 = 1 << 27;
const KILLER: i32 = 1 << 26;

/// Static cut (reverse futility pruning): up to this depth, a quiet node outside the principal
/// variation whose static value clears beta by [`STATIC_CUT_MARGIN`] per ply is cut without a
/// search. Chosen by matches (BENCHMARKS.md).
const STATIC_CUT_MAX_DEPTH: i32 = 2;
const STATIC_CUT_MARGIN: i32 = 80;

/// ProbCut: from this depth on, a node outside the principal variation is first searched to
/// [`PROBCUT_DEPTH_PERCENT`] of its depth against beta raised by [`PROBCUT_MARGIN`] per ply;
/// if even that fails high, the node is cut. Chosen by matches (BENCHMARKS.md).
const PROBCUT_MIN_DEPTH: i32 = 3;
const PROBCUT_MARGIN: i32 = 5;
const PROBCUT_DEPTH_PERCENT: i32 = 40;

impl<'a, R: Rules> Searcher<'a, R> {
    /// A searcher of the current position of `game`, within `limits`, storing into `table`.
    fn new(game: &Game<R>, limits: &Limits<'a>, table: &'a mut Table) -> Self {
        Searcher {
            table,
            draws: DrawWatch::new(game),
            frames: (0..MAX_PLY + 2).map(|_| Frame::default()).collect(),
            killers: [[None; 2]; MAX_PLY + 1],
            history: Box::new([[[0; INDEXES]; INDEXES]; 2]),
            nodes: 0,
            stopped: false,
            max_nodes: limits.max_nodes,
            deadline: limits.deadline,
            cancel: limits.cancel,
            mandatory: game.rules().mandatory_capture,
            root_material: material(game.position()),
            probing: false,
            endgame: EndgameProbe::new(limits.endgames, game),
            _rules: core::marker::PhantomData,
        }
    }

    /// One line of one iteration at the root, over the moves `order` holds: the index of the
    /// best and its exact score, searched first within an aspiration window round `last` (its
    /// score at the last iteration) and again with the failing side opened, unless the clock
    /// ran out: then a move that failed high stands, and one that failed low was not allowed
    /// to displace the first move. `None` if the search was stopped before any move was fully
    /// searched.
    fn root_line(
        &mut self,
        root: &Root<R>,
        order: &mut [usize],
        depth: i32,
        last: i32,
        level_noise: i32,
    ) -> Option<(usize, i32)> {
        let mut window = if depth >= ASPIRATION_MIN_DEPTH as i32 && level_noise == 0 && last.abs() < WIN_THRESHOLD {
            (last - ASPIRATION_WINDOW, last + ASPIRATION_WINDOW)
        } else {
            (-WIN, WIN)
        };
        loop {
            let found = self.root(root, order, depth, window);
            match found {
                Some(_) if self.stopped => return found,
                Some((_, score)) if score <= window.0 && window.0 > -WIN => window.0 = -WIN,
                Some((_, score)) if score >= window.1 && window.1 < WIN => window.1 = WIN,
                _ => return found,
            }
        }
    }

    /// One iteration at the root within `window` (alpha, beta): the index of the best move and
    /// its score (a bound if outside the window), or `None` if the search was stopped before
    /// any move was fully searched. `order` holds the root moves, best first, and is reordered
    /// for the next iteration (unless every move failed low: then the first one is returned and
    /// the order is kept).
    fn root(&mut self, root: &Root<R>, order: &mut [usize], depth: i32, window: (i32, i32)) -> Option<(usize, i32)> {
        let Root { position, hash, moves, noise } = *root;
        let every_move_exactly = noise.iter().any(|&n| n != 0);
        let mut best: Option<(usize, i32, i32)> = None;
        let mut scores = vec![i32::MIN; moves.len()];
        for (n, &index) in order.iter().enumerate() {
            let mv = &moves.as_slice()[index];
            let alpha = match best {
                Some((_, _, noisy)) if !every_move_exactly => noisy.max(window.0),
                _ => window.0,
            };
            let score = self.child(position, hash, mv, depth - 1, alpha, window.1, 1, n > 0 && !every_move_exactly);
            if self.stopped {
                break;
            }
            scores[index] = score;
            let noisy = score + noise[index];
            // A move that fails low only bounds its score: it never displaces the first move
            // (the last iteration's best).
            if best.is_none_or(|(_, _, b)| noisy > b && score > window.0) {
                best = Some((index, score, noisy));
            }
            if score >= window.1 {
                break;
            }
        }
        let (best, score, _) = best?;
        let bound = if score >= window.1 {
            Bound::Lower
        } else if score <= window.0 {
            Bound::Upper
        } else {
            Bound::Exact
        };
        // After a fail low the scores are bounds only: the order stays for the search again.
        if bound != Bound::Upper {
            order.sort_by_key(|&i| (i != best, core::cmp::Reverse(scores[i])));
        }
        self.table.store(hash, Entry { score: score as i16, depth: depth as i8, bound, best: best as u8 });
        Some((best, score))
    }

    /// Plays `mv` and searches the position after it: the score for the side that played it.
    /// With `scout`, a null window is tried first and widened only if it fails high.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn child(
        &mut self,
        position: &Position<R>,
        hash: u64,
        mv: &Move<R::Board>,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        scout: bool,
    ) -> i32 {
        let mut next = *position;
        next.play_unchecked(mv);
        let next_hash = zobrist::after(hash, position, mv);
        if depth >= 1 {
            self.table.prefetch(next_hash);
        }
        self.draws.push(position, mv, next_hash);
        let score = if scout {
            let s = -self.search(&next, next_hash, depth, -alpha - 1, -alpha, ply);
            if s > alpha && s < beta && !self.stopped {
                -self.search(&next, next_hash, depth, -beta, -alpha, ply)
            } else {
                s
            }
        } else {
            -self.search(&next, next_hash, depth, -beta, -alpha, ply)
        };
        self.draws.pop();
        score
    }

    /// Whether the clock ran out or the search was cancelled; read at the first node, then
    /// every [`CHECK_EVERY`] nodes.
    #[inline]
    fn should_stop(&mut self) -> bool {
        if self.nodes % CHECK_EVERY == 1
            && (self.nodes > self.max_nodes || self.cancel.load(Ordering::Relaxed) || Instant::now() >= self.deadline)
        {
            self.stopped = true;
        }
        self.stopped
    }

    fn search(&mut self, position: &Position<R>, hash: u64, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.should_stop() {
            return 0;
        }
        if self.draws.is_draw(ply, material(position) == self.root_material) {
            return 0;
        }
        if first_king(position).is_some() {
            // Only the side that just moved can have crowned the first king.
            return -(WIN - ply as i32);
        }
        if ply >= MAX_PLY {
            return evaluate(position);
        }
        if let Some(score) = self.probe_endgame(position, ply) {
            return score;
        }
        let mut depth = depth;
        let moves = &mut self.frames[ply].moves;
        moves.clear();
        if depth <= 0 {
            // A leaf: only captures are played on; quiet moves are counted, not generated.
            let quiet = movegen::captures_noting_quiet(position, self.mandatory, moves);
            if moves.is_empty() {
                if !quiet {
                    return stuck::<R>(ply);
                }
                // Once per line, a quiet position under threat of a capture gets one more ply:
                // its static value would miss the capture (or the defence against it). One that
                // is not threatened still tries its shots.
                if depth < 0 {
                    return evaluate(position);
                }
                if !Self::threatened(position) {
                    return if self.mandatory {
                        self.shots(position, hash, alpha, beta, ply)
                    } else {
                        evaluate(position)
                    };
                }
                position.generate_into(self.mandatory, &mut self.frames[ply].moves);
                depth = 0;
            } else if !self.mandatory {
                return self.quiesce(position, hash, alpha, beta, ply);
            }
        } else {
            position.generate_into(self.mandatory, moves);
            if moves.is_empty() {
                return stuck::<R>(ply);
            }
        }
        let count = self.frames[ply].moves.len();
        let pv_node = beta - alpha > 1;
        let depth = depth.max(0) + (count == 1 && depth > 0) as i32;
        // Mate-distance pruning: no line from here beats a win at this ply.
        let beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let use_table = depth >= 1;
        let entry = if use_table { self.table.probe(hash) } else { None };
        if let Some(e) = entry {
            if !pv_node && e.depth as i32 >= depth {
                let score = from_table(e.score as i32, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
        }
        if !pv_node && (1..=STATIC_CUT_MAX_DEPTH).contains(&depth) && beta.abs() < WIN_THRESHOLD {
            if let Some(score) = self.static_cut(position, depth, beta, ply) {
                return score;
            }
        }
        if !pv_node && !self.probing && depth >= PROBCUT_MIN_DEPTH && beta.abs() < WIN_THRESHOLD {
            if let Some(score) = self.probcut(position, hash, depth, beta, ply) {
                return score;
            }
        }
        let hash_move = entry.map_or(u8::MAX, |e| e.best) as usize;
        let side = position.side_to_move().index();
        self.order_moves(position, ply, hash_move);
        let original_alpha = alpha;
        let mut best_score = -WIN;
        let mut best_index = u8::MAX;
        for n in 0..count {
            let frame = &mut self.frames[ply];
            let (key, index) = next_best(&mut frame.order[n..count]);
            let mv = frame.moves.as_slice()[index as usize];
            let quiet = !mv.is_capture() && !mv.promotes && key < KILLER;
            let reduction = if quiet && depth >= 3 && n >= 2 { late_move_reduction(depth, n, pv_node) } else { 0 };
            let mut score;
            if n == 0 {
                score = self.child(position, hash, &mv, depth - 1, alpha, beta, ply + 1, false);
            } else {
                score = self.child(position, hash, &mv, depth - 1 - reduction, alpha, alpha + 1, ply + 1, false);
                if score > alpha && reduction > 0 && !self.stopped {
                    score = self.child(position, hash, &mv, depth - 1, alpha, alpha + 1, ply + 1, false);
                }
                if score > alpha && score < beta && !self.stopped {
                    score = self.child(position, hash, &mv, depth - 1, alpha, beta, ply + 1, false);
                }
            }
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_index = u8::try_from(index).unwrap_or(u8::MAX);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        if quiet {
                            self.remember_cutoff(&mv, side, ply, depth);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if use_table {
            self.table.store(
                hash,
                Entry { score: to_table(best_score, ply) as i16, depth: depth.min(127) as i8, bound, best: best_index },
            );
        }
        best_score
    }

    /// The endgame databases' score of a position below the root, when they know it and no
    /// count can draw the game first (docs/endgame.md).
    #[inline]
    fn probe_endgame(&self, position: &Position<R>, ply: usize) -> Option<i32> {
        let probe = self.endgame.as_ref().filter(|p| ply > 0 && position.occupied().count() <= p.max_pieces())?;
        probe.score(position, ply, self.draws.plies_left(ply, material(position) == self.root_material))
    }

    /// The static cut of a quiet node near the leaves (no capture for either side): its static
    /// value less [`STATIC_CUT_MARGIN`] per ply of `depth`, when even that reaches `beta`.
    fn static_cut(&self, position: &Position<R>, depth: i32, beta: i32, ply: usize) -> Option<i32> {
        if self.frames[ply].moves.iter().any(Move::is_capture) || Self::threatened(position) {
            return None;
        }
        let score = evaluate(position) - STATIC_CUT_MARGIN * depth;
        (score >= beta).then_some(score)
    }

    /// ProbCut's probe of the node at `ply`: a fail-soft score at or above `beta` when a
    /// shallow search clears beta by a margin, so that the node can be cut; otherwise `None`,
    /// with the node's moves generated again into its frame (the probe used it).
    fn probcut(&mut self, position: &Position<R>, hash: u64, depth: i32, beta: i32, ply: usize) -> Option<i32> {
        let margin = PROBCUT_MARGIN * depth;
        let probe_beta = beta + margin;
        self.probing = true;
        let score =
            self.search(position, hash, (depth * PROBCUT_DEPTH_PERCENT / 100).max(1), probe_beta - 1, probe_beta, ply);
        self.probing = false;
        if self.stopped {
            return Some(0);
        }
        if score >= probe_beta {
            return Some(score - margin);
        }
        let moves = &mut self.frames[ply].moves;
        moves.clear();
        position.generate_into(self.mandatory, moves);
        None
    }

    /// Fills the frame's move order at `ply`: hash move, captures (more and kings first),
    /// promotions, killers, then quiet moves by history.
    fn order_moves(&mut self, position: &Position<R>, ply: usize, hash_move: usize) {
        let side = position.side_to_move().index();
        let all_kings = kings(position);
        let Frame { moves, order } = &mut self.frames[ply];
        order.clear();
        for (i, mv) in moves.iter().enumerate() {
            let key = if i == hash_move {
                HASH_MOVE
            } else if mv.is_capture() {
                CAPTURE + mv.captures.count() as i32 * 1024 + (mv.captures & all_kings).count() as i32
            } else if mv.promotes {
                PROMOTION
            } else if self.killers[ply][0] == Some(*mv) {
                KILLER + 1
            } else if self.killers[ply][1] == Some(*mv) {
                KILLER
            } else {
                self.history[side][mv.from as usize & (INDEXES - 1)][mv.to as usize & (INDEXES - 1)]
            };
            order.push((key, i as u16));
        }
    }

    fn remember_cutoff(&mut self, mv: &Move<R::Board>, side: usize, ply: usize, depth: i32) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(*mv) {
            killers[1] = killers[0];
            killers[0] = Some(*mv);
        }
        let entry = &mut self.history[side][mv.from as usize & (INDEXES - 1)][mv.to as usize & (INDEXES - 1)];
        *entry = (*entry + depth * depth).min(KILLER - 1);
    }

    /// Whether the opponent could capture if it were its turn (a first jump is enough: every
    /// one starts a capture).
    #[inline]
    fn threatened(position: &Position<R>) -> bool {
        movegen::any_capture(&position.with_other_side_to_move())
    }

    /// A leaf where capturing is optional: the static evaluation stands unless one of the
    /// captures in the frame at `ply` improves on it.
    fn quiesce(&mut self, position: &Position<R>, hash: u64, alpha: i32, beta: i32, ply: usize) -> i32 {
        let stand_pat = evaluate(position);
        if stand_pat >= beta {
            return stand_pat;
        }
        self.improve_on_stand_pat(position, hash, stand_pat, alpha, beta, ply, 0, |_| true)
    }

    /// A quiet leaf where capturing is mandatory and the opponent could not capture either: the
    /// static value, unless a move that hands the opponent a capture (an exchange, or a
    /// sacrifice that starts a shot) does better once the captures are played out.
    fn shots(&mut self, position: &Position<R>, hash: u64, alpha: i32, beta: i32, ply: usize) -> i32 {
        let stand_pat = evaluate(position);
        if stand_pat >= beta {
            return stand_pat;
        }
        let moves = &mut self.frames[ply].moves;
        moves.clear();
        position.generate_into(true, moves);
        let (victims, landings) = Self::shot_squares(position);
        let hands_over_a_capture = |mv: &Move<R::Board>| {
            (victims.contains(mv.to) || landings.contains(mv.from)) && {
                let mut next = *position;
                next.play_unchecked(mv);
                movegen::any_capture(&next)
            }
        };
        self.improve_on_stand_pat(position, hash, stand_pat, alpha, beta, ply, -1, hands_over_a_capture)
    }

    /// The best of `stand_pat` and the scores of the moves in the frame at `ply` that `worth_trying`
    /// accepts, each searched with `depth` to go; 0 when the search stops.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn improve_on_stand_pat(
        &mut self,
        position: &Position<R>,
        hash: u64,
        stand_pat: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        depth: i32,
        worth_trying: impl Fn(&Move<R::Board>) -> bool,
    ) -> i32 {
        let mut alpha = alpha.max(stand_pat);
        let mut best = stand_pat;
        for n in 0..self.frames[ply].moves.len() {
            let mv = self.frames[ply].moves.as_slice()[n];
            if !worth_trying(&mv) {
                continue;
            }
            let score = self.child(position, hash, &mv, depth, alpha, beta, ply + 1, false);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    /// The squares a quiet move must touch to hand the opponent a capture, in a position where
    /// the opponent has none: (destinations next to an opponent piece, origins two steps from
    /// one along a line). A jump that a move makes possible takes the piece that moved or lands
    /// where it stood; any other was possible before. Opponent kings that fly jump from afar:
    /// then every square.
    #[inline(always)]
    fn shot_squares(position: &Position<R>) -> (Bitboard<R::Board>, Bitboard<R::Board>) {
        debug_assert!(!Self::threatened(position));
        let opponent = position.side_to_move().opponent();
        if R::FLYING_KINGS && position.kings(opponent).any() {
            let every = R::GEOMETRY.squares();
            return (every, every);
        }
        let g = R::GEOMETRY;
        let jumpers = position.pieces(opponent);
        let (mut victims, mut landings) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for dir in each_direction(R::capture_directions()) {
            let step = g.shift(jumpers, dir);
            victims |= step;
            landings |= g.shift(step, dir);
        }
        (victims, landings)
    }

    /// The expected line from the root: `best`, then the table's best moves.
    fn principal_variation(&self, root: &Position<R>, hash: u64, best: Move<R::Board>) -> Vec<Move<R::Board>> {
        let mut line = vec![best];
        let mut position = *root;
        let mut hash = zobrist::after(hash, &position, &best);
        position.play_unchecked(&best);
        let mut seen = vec![hash];
        while line.len() < 32 {
            let Some(entry) = self.table.probe(hash) else { break };
            let moves = position.legal_moves_with(self.mandatory);
            let Some(mv) = moves.as_slice().get(entry.best as usize).copied() else { break };
            hash = zobrist::after(hash, &position, &mv);
            if seen.contains(&hash) {
                break;
            }
            seen.push(hash);
            position.play_unchecked(&mv);
            line.push(mv);
        }
        line
    }
}

/// Selection sort's step: moves the most promising entry of `rest` (the first of equals) to
/// its front and returns it.
#[inline(always)]
fn next_best(rest: &mut [(i32, u16)]) -> (i32, u16) {
    let mut pick = 0;
    let mut best = rest[0].0;
    for (i, &(key, _)) in rest.iter().enumerate().skip(1) {
        if key > best {
            best = key;
            pick = i;
        }
    }
    rest.swap(0, pick);
    rest[0]
}

/// Plies taken off the search of the `n`th move (from 0) at `depth`: more for later moves
/// and deeper searches, less in the principal variation; never below depth 1.
#[inline]
fn late_move_reduction(depth: i32, n: usize, pv_node: bool) -> i32 {
    static TABLE: std::sync::OnceLock<[[u8; 64]; 64]> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = [[0u8; 64]; 64];
        for (d, row) in table.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.75 + (d as f64).ln() * (m as f64 + 1.0).ln() / 1.5) as u8;
            }
        }
        table
    });
    let r = table[depth.min(63) as usize][n.min(63)] as i32 - pv_node as i32;
    r.clamp(0, depth - 2)
}

/// All kings on the board.
#[inline(always)]
fn kings<R: Rules>(position: &Position<R>) -> Bitboard<R::Board> {
    position.kings(crate::rules::Color::White) | position.kings(crate::rules::Color::Black)
}

/// The score of a node whose side to move has no legal move, at `ply`: lost, or won where the
/// goal is to give every piece away.
#[inline(always)]
fn stuck<R: Rules>(ply: usize) -> i32 {
    match R::GOAL {
        Goal::GiveAway => WIN - ply as i32,
        Goal::Standard | Goal::FirstKing => -(WIN - ply as i32),
    }
}

/// A score as stored: wins and losses counted from the stored position, not the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score > WIN_THRESHOLD {
        score + ply as i32
    } else if score < -WIN_THRESHOLD {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score seen `ply` plies from the root.
fn from_table(score: i32, ply: usize) -> i32 {
    if score > WIN_THRESHOLD {
        score - ply as i32
    } else if score < -WIN_THRESHOLD {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The search of `game` with `table`.
    fn search_with_table<R: Rules>(game: &Game<R>, limits: &Limits, table: &mut Table) -> Option<Report<R::Board>> {
        analyze_with_table(game, limits, 1, &[], table).map(AnalysisReport::into_report)
    }
    use crate::rules::ruleset::{Antidraughts, Breakthrough, English, International, Russian};
    use crate::rules::GameRules;

    fn game<R: Rules>(fen: &str) -> Game<R> {
        Game::new(Position::from_fen(fen).expect("valid FEN"), GameRules::of::<R>())
    }

    fn limits(deadline: Instant, cancel: &AtomicBool, max_depth: u32) -> Limits<'_> {
        Limits {
            max_depth: Depth::plies(max_depth),
            max_nodes: u64::MAX,
            deadline,
            target: None,
            cancel,
            noise: 0,
            seed: 1,
            table: TableUse::Fresh,
            endgames: None,
            score_matters: false,
        }
    }

    /// The search of `fen` to `depth` plies.
    fn searched<R: Rules>(fen: &str, depth: u32) -> Report<R::Board> {
        searched_game(&game::<R>(fen), depth, false)
    }

    /// The search of `game` to `depth` plies with an hour to go, cancelled from the start if
    /// `cancelled`.
    fn searched_game<R: Rules>(game: &Game<R>, depth: u32, cancelled: bool) -> Report<R::Board> {
        let cancel = AtomicBool::new(cancelled);
        let far = Instant::now() + core::time::Duration::from_secs(3600);
        search_with_table(game, &limits(far, &cancel, depth), &mut Table::new(1 << 12)).expect("a move")
    }

    /// The quiet move `from-to` in `R`'s square numbers.
    fn quiet<R: Rules>(from: &str, to: &str) -> Move<R::Board> {
        let square = |name| R::NAMING.parse(name).expect("a square");
        Move::quiet(square(from), square(to), false)
    }

    #[test]
    fn in_antidraughts_the_search_gives_its_last_man_away() {
        // 32-28 forces 23x32, leaving White without a piece: won in antidraughts, lost in
        // International, where 32-27 is the move.
        let anti = searched::<Antidraughts>("W:W32:B23", 6);
        assert_eq!(anti.best, quiet::<Antidraughts>("32", "28"));
        assert_eq!(anti.score, Score::win_in_plies(2));
        let international = searched::<International>("W:W32:B23", 6);
        assert_eq!(international.best, quiet::<International>("32", "27"));
    }

    #[test]
    fn in_breakthrough_crowning_wins_and_letting_the_other_side_crown_loses() {
        // White crowns at once with 6-1.
        let crown = searched::<Breakthrough>("W:W6,40:B45,15", 4);
        assert_eq!(crown.best.to, Breakthrough::NAMING.parse("1").expect("a square"));
        assert_eq!(crown.score, Score::win_in_plies(1));
        // Black's man on 44 crowns on 49 or 50 as soon as White's men there move, and 49-43
        // also lets 39 take 43 onto the crowning row: 36-31 is the only move that does not
        // lose at once.
        let guard = searched::<Breakthrough>("W:W49,50,36:B44,39,40", 4);
        assert_eq!(guard.best, quiet::<Breakthrough>("36", "31"));
    }

    #[test]
    fn a_passed_deadline_still_gives_a_legal_move_at_once() {
        let game = game::<International>(International::START_FEN);
        let cancel = AtomicBool::new(false);
        let result =
            search_with_table(&game, &limits(Instant::now(), &cancel, 64), &mut Table::new(1 << 12)).expect("a move");
        assert_stopped_at_once(&game, &result);
    }

    /// Asserts that `result`, a search of `game`, stopped at the first check and still gives a
    /// legal move.
    fn assert_stopped_at_once<R: Rules>(game: &Game<R>, result: &Report<R::Board>) {
        assert!(game.legal_moves().contains(&result.best));
        assert!(result.nodes <= CHECK_EVERY, "{} nodes", result.nodes);
    }

    #[test]
    fn a_cancelled_search_stops_at_once_with_a_legal_move() {
        let game = game::<English>(English::START_FEN);
        assert_stopped_at_once(&game, &searched_game(&game, 64, true));
    }

    #[test]
    fn the_depth_limit_is_kept_and_the_line_starts_with_the_move() {
        let game = game::<English>(English::START_FEN);
        let result = searched_game(&game, 5, false);
        assert_eq!(result.depth, Depth::plies(5));
        assert_eq!(result.pv.first(), Some(&result.best));
    }

    #[test]
    fn an_iteration_that_fails_low_keeps_its_first_move_and_the_order() {
        // A window two men above the start's value: every move fails low, with bounds that
        // differ from move to move. The first move (the last iteration's best) must stay the
        // answer, and the order must stay for the search again.
        let game = game::<International>(International::START_FEN);
        let cancel = AtomicBool::new(false);
        let far = Instant::now() + core::time::Duration::from_secs(3600);
        let mut table = Table::new(1 << 12);
        let mut searcher = Searcher::new(&game, &limits(far, &cancel, 6), &mut table);
        let legal = game.legal_moves();
        let noise = vec![0; legal.len()];
        let root =
            Root { position: game.position(), hash: zobrist::hash(game.position()), moves: &legal, noise: &noise };
        for first in 0..legal.len() {
            let mut order: Vec<usize> = (0..legal.len()).map(|i| (i + first) % legal.len()).collect();
            let before = order.clone();
            let window = (200, 240);
            let (best, score) = searcher.root(&root, &mut order, 6, window).expect("searched");
            assert!(score <= window.0, "{score}");
            assert_eq!((best, &order), (first, &before));
        }
    }

    #[test]
    fn a_quiet_leaf_sees_the_shot_its_side_has() {
        // Black crowns with 26-31, and then White's 30-26 gives the king a capture that 25x18
        // answers: the king is lost. A one-ply search sees it only if the quiet leaf after
        // 26-31 tries White's sacrifice; deeper searches score the line about -190.
        let fen = "B:W21,25,29,30:B10,12,26";
        let (shallow, deep) = (searched::<English>(fen, 1).score.raw(), searched::<English>(fen, 9).score.raw());
        assert!(deep <= -150, "depth 9: {deep}");
        assert!((shallow - deep).abs() <= 60, "depth 1: {shallow}, depth 9: {deep}");
    }

    /// Whether the static cut cuts the position of `fen` searched to `depth` against `beta`.
    fn statically_cut<R: Rules>(fen: &str, depth: i32, beta: i32) -> bool {
        let game = game::<R>(fen);
        let cancel = AtomicBool::new(false);
        let mut table = Table::new(1 << 12);
        let mut searcher = Searcher::new(&game, &limits(Instant::now(), &cancel, 1), &mut table);
        game.position().generate_into(game.rules().mandatory_capture, &mut searcher.frames[0].moves);
        searcher.static_cut(game.position(), depth, beta, 0).is_some()
    }

    #[test]
    fn only_quiet_positions_far_above_beta_are_cut_statically() {
        // White is three men up, and nothing can be captured.
        let quiet = "W:W21,22,23,24:B1";
        assert!(statically_cut::<English>(quiet, 2, 0));
        assert!(!statically_cut::<English>(quiet, 2, evaluate(game::<English>(quiet).position())));
        // A lead with a capture due for White (22x15), or with Black threatening one (18x25,
        // while 14 and 15 stop White's jumps): searched.
        assert!(!statically_cut::<English>("W:W21,22,23,24,29,30:B1,18", 2, 0));
        assert!(!statically_cut::<English>("W:W22,23,28,29,30,31,32:B14,15,18", 2, 0));
    }

    #[test]
    fn a_capture_that_wins_is_taken_and_a_mate_is_counted_in_moves() {
        // White's king on 14 takes 10 and then nothing is left: a win on the spot.
        let result = searched::<English>("W:WK14:B10", 10);
        assert!(result.best.is_capture());
        assert_eq!(result.score, Score::win_in_plies(1));
    }

    /// The analysis of `fen` to `depth` plies: `lines` lines, leaving out `excluded`.
    fn analyzed<R: Rules>(
        fen: &str,
        depth: u32,
        lines: usize,
        excluded: &[Move<R::Board>],
    ) -> AnalysisReport<R::Board> {
        let cancel = AtomicBool::new(false);
        let far = Instant::now() + core::time::Duration::from_secs(3600);
        analyze_with_table(&game::<R>(fen), &limits(far, &cancel, depth), lines, excluded, &mut Table::new(1 << 16))
            .expect("a move")
    }

    /// Each line's score is what a search of the moves the lines before it left finds.
    fn lines_agree_with_searches_that_leave_the_better_moves_out<R: Rules>(fen: &str, depth: u32) {
        let analysis = analyzed::<R>(fen, depth, 3, &[]);
        assert_eq!(analysis.lines.len(), 3, "{fen}");
        assert_eq!(analysis.depth, Depth::plies(depth), "{fen}");
        for k in 0..3 {
            let excluded: Vec<_> = analysis.lines[..k].iter().map(|line| line.mv).collect();
            let single = analyzed::<R>(fen, depth, 1, &excluded);
            assert_eq!(single.lines[0].score, analysis.lines[k].score, "{fen}: line {}", k + 1);
            assert_eq!(analysis.lines[k].pv[0], analysis.lines[k].mv);
            assert!(k == 0 || analysis.lines[k].score <= analysis.lines[k - 1].score, "{fen}: line {}", k + 1);
        }
        let moves: Vec<_> = analysis.lines.iter().map(|line| line.mv).collect();
        assert!(moves.iter().enumerate().all(|(i, mv)| !moves[..i].contains(mv)), "{fen}: a move listed twice");
    }

    #[test]
    fn each_line_of_an_analysis_scores_as_a_search_without_the_lines_before_it() {
        // Deeper, the pruning of each search depends on what the searches before it left in
        // the table and the move-ordering history, so scores may differ by a few hundredths.
        for depth in 1..=3 {
            for fen in [English::START_FEN, "B:W21,25,29,30:B10,12,26", "W:W22,23,K30:B5,9,K27"] {
                lines_agree_with_searches_that_leave_the_better_moves_out::<English>(fen, depth);
            }
            lines_agree_with_searches_that_leave_the_better_moves_out::<International>(International::START_FEN, depth);
            lines_agree_with_searches_that_leave_the_better_moves_out::<Russian>(Russian::START_FEN, depth);
        }
    }

    #[test]
    fn an_analysis_asked_for_more_lines_than_moves_lists_every_move_once() {
        // Black's man on 26 has two moves, one of them a crowning; the others are blocked.
        let analysis = analyzed::<English>("B:W21,25,29,30:B10,12,26", 6, 10, &[]);
        let legal = game::<English>("B:W21,25,29,30:B10,12,26").legal_moves();
        assert_eq!(analysis.lines.len(), legal.len());
        assert!(legal.iter().all(|mv| analysis.lines.iter().any(|line| line.mv == *mv)));
    }
}
