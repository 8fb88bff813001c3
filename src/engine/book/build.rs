//! `grow`: a book grown by drop-out expansion. Each position taken into the book is searched to
//! a fixed depth for its best moves; the moves scored within the margin of the best lead to the
//! next positions. First the best line from each root is followed for a number of plies; then
//! the position with the lowest cost is taken next, a path's cost being what its moves dropped
//! from the best, both sides counted, plus a cost per ply, until the book holds the positions
//! asked for. A book already grown is grown further, so a build stopped halfway resumes.

use core::cmp::Reverse;
use core::sync::atomic::AtomicBool;
use core::time::Duration;
use std::collections::{BinaryHeap, HashSet};
use std::time::Instant;

use super::format::{key, Book, BookMove};
use crate::engine::depth::Depth;
use crate::engine::score::Outcome;
use crate::engine::search::{analyze, Limits, TableUse};
use crate::rules::{Game, GameRules, Position, Rules};

/// How a book grows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GrowSettings {
    /// The depth each position is searched to.
    pub depth: u32,
    /// The most moves searched for each position.
    pub lines: usize,
    /// The moves kept: those within this many hundredths of a man of the best.
    pub margin: i16,
    /// The cost of a ply, in hundredths of a man dropped: the higher, the narrower and deeper.
    pub ply_cost: u32,
    /// Plies of the best line taken into the book from each root, whatever the cost.
    pub line_plies: u32,
    /// The positions the book should hold.
    pub positions: usize,
}

/// What `grow` reports as it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookEvent {
    /// A position was searched and taken into the book, which now holds `positions`.
    Added {
        /// The positions in the book.
        positions: usize,
    },
}

/// The score of a forced win in a book (a loss is its negation).
const WIN_SCORE: i16 = 10_000;

/// Grows `book` from `roots` as `settings` say, calling `on_event` after each position added.
pub fn grow<R: Rules>(
    book: &mut Book,
    roots: &[Position<R>],
    settings: &GrowSettings,
    mut on_event: impl FnMut(BookEvent, &Book),
) {
    let mut add = |book: &mut Book, position: &Position<R>| -> bool {
        if book.entries.contains_key(&key(position)) {
            return false;
        }
        let moves = search_moves(position, settings);
        book.entries.insert(key(position), moves);
        on_event(BookEvent::Added { positions: book.entries.len() }, book);
        true
    };
    for root in roots {
        let mut position = *root;
        for _ in 0..settings.line_plies {
            add(book, &position);
            let Some(best) = book.entries[&key(&position)].first().copied() else { break };
            let Some(next) = after(&position, best) else { break };
            position = next;
        }
    }
    // Drop-out expansion: the cheapest position not yet in the book is added next.
    let mut queue: BinaryHeap<Reverse<(u32, u64, usize)>> = BinaryHeap::new();
    let mut positions: Vec<Position<R>> = Vec::new();
    let mut seen = HashSet::new();
    for root in roots {
        if seen.insert(key(root)) {
            queue.push(Reverse((0, key(root), positions.len())));
            positions.push(*root);
        }
    }
    while let Some(Reverse((cost, _, index))) = queue.pop() {
        let position = positions[index];
        if !book.entries.contains_key(&key(&position)) {
            if book.entries.len() >= settings.positions {
                break;
            }
            add(book, &position);
        }
        let moves = book.entries[&key(&position)].clone();
        let Some(best) = moves.first().map(|m| m.score) else { continue };
        for m in moves {
            let Some(next) = after(&position, m) else { continue };
            if seen.insert(key(&next)) {
                let dropped = u32::try_from(i32::from(best) - i32::from(m.score)).unwrap_or(0);
                queue.push(Reverse((cost + dropped + settings.ply_cost, key(&next), positions.len())));
                positions.push(next);
            }
        }
    }
}

/// The position after the book move `m` of `position`, if it is legal there.
fn after<R: Rules>(position: &Position<R>, m: BookMove) -> Option<Position<R>> {
    let mut game = Game::new(*position, GameRules::of::<R>());
    game.play_from_to(m.from, m.to)?;
    Some(*game.position())
}

/// The best moves of `position` searched as `settings` say, best first, those within the
/// margin of the best and named by their squares alone.
fn search_moves<R: Rules>(position: &Position<R>, settings: &GrowSettings) -> Vec<BookMove> {
    let game = Game::new(*position, GameRules::of::<R>());
    let legal = game.legal_moves();
    if legal.is_empty() {
        return Vec::new();
    }
    let cancel = AtomicBool::new(false);
    let limits = Limits {
        max_depth: Depth::plies(settings.depth),
        max_nodes: u64::MAX,
        deadline: Instant::now() + Duration::from_secs(365 * 24 * 3600),
        target: None,
        cancel: &cancel,
        noise: 0,
        seed: 0,
        table: TableUse::Kept,
        endgames: None,
        score_matters: true,
    };
    let Some(report) = analyze(&game, &limits, settings.lines.min(legal.len()), &[]) else { return Vec::new() };
    let scored: Vec<BookMove> = report
        .lines
        .iter()
        .filter(|line| legal.as_slice().iter().filter(|mv| mv.from == line.mv.from && mv.to == line.mv.to).count() == 1)
        .map(|line| BookMove { from: line.mv.from, to: line.mv.to, score: book_score(line.score.outcome()) })
        .collect();
    let best = scored.first().map_or(0, |m| m.score);
    scored.into_iter().filter(|m| m.score >= best.saturating_sub(settings.margin)).collect()
}

/// A search's outcome as a book score.
fn book_score(outcome: Outcome) -> i16 {
    match outcome {
        Outcome::Value(value) => value.clamp(i32::from(-WIN_SCORE) + 1, i32::from(WIN_SCORE) - 1) as i16,
        Outcome::WinIn(_) => WIN_SCORE,
        Outcome::LossIn(_) => -WIN_SCORE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::book::probe::book_moves;
    use crate::rules::ruleset::English;

    #[test]
    fn a_book_grows_to_its_size_follows_best_lines_and_resumes() {
        let settings = GrowSettings { depth: 4, lines: 3, margin: 30, ply_cost: 5, line_plies: 6, positions: 12 };
        let start = Position::<English>::start();
        let mut book = Book::default();
        let mut events = 0;
        grow(&mut book, &[start], &GrowSettings { positions: 8, ..settings }, |_, _| events += 1);
        assert_eq!((book.entries.len(), events), (8, 8));
        // The best line from the root is in the book, six plies of it.
        let mut game = Game::new(start, GameRules::of::<English>());
        for _ in 0..6 {
            let moves = book_moves(&book, &game);
            assert!(!moves.is_empty(), "the best line's positions are in the book");
            assert!(moves.windows(2).all(|w| w[0].1 >= w[1].1) && moves[0].1 - moves.last().unwrap().1 <= 30);
            game.play(&moves[0].0).expect("a legal move");
        }
        let before = book.clone();
        grow(&mut book, &[start], &settings, |_, _| {});
        assert_eq!(book.entries.len(), 12);
        assert!(before.entries.iter().all(|(k, moves)| book.entries.get(k) == Some(moves)), "grown, not redone");
    }
}
