//! The books built into the binary (`data/books/*.book`), a position's book moves, and the
//! choice of one of them.

use std::sync::OnceLock;

use super::format::{key, Book};
use crate::rules::{Game, Move, Rules};

/// The book files the binary carries, each naming its variant in its header.
const BOOK_FILES: &[&[u8]] = &[include_bytes!("../../../data/books/english.book")];

/// The books the binary carries, read once. A file that does not read is left out (a test reads
/// each one).
fn books() -> &'static [Book] {
    static BOOKS: OnceLock<Vec<Book>> = OnceLock::new();
    BOOKS.get_or_init(|| BOOK_FILES.iter().filter_map(|bytes| Book::parse(bytes).ok()).collect())
}

/// The book of the rules `R`, if the binary carries one.
pub fn book_of<R: Rules>() -> Option<&'static Book> {
    let id = R::VARIANT.to_string();
    books().iter().find(|book| book.variant() == Some(id.as_str()))
}

/// The book moves of `game`'s position in `book`, best first, each as the legal move it names
/// with its score for the side to move: empty when the position is not in the book. A book
/// move that is not legal now, or names a square pair that two legal moves share, is left out.
pub fn book_moves<R: Rules>(book: &Book, game: &Game<R>) -> Vec<(Move<R::Board>, i16)> {
    let Some(entry) = book.entries.get(&key(game.position())) else { return Vec::new() };
    let legal = game.legal_moves();
    entry
        .iter()
        .filter_map(|m| {
            let mut matching = legal.as_slice().iter().filter(|mv| mv.from == m.from && mv.to == m.to);
            match (matching.next(), matching.next()) {
                (Some(mv), None) => Some((*mv, m.score)),
                _ => None,
            }
        })
        .collect()
}

/// A move chosen from a book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookChoice<M> {
    /// The move.
    pub mv: M,
    /// Its score for the side to move, in hundredths of a man.
    pub score: i16,
}

/// One of `moves` (best first) scored within `margin` of the best, drawn by `seed`: the same
/// seed makes the same choice. `None` when there are no moves.
pub fn choose<M: Copy>(moves: &[(M, i16)], margin: i16, seed: u64) -> Option<BookChoice<M>> {
    let best = moves.iter().map(|&(_, score)| score).max()?;
    let close: Vec<_> = moves.iter().filter(|&&(_, score)| score >= best.saturating_sub(margin)).collect();
    let &&(mv, score) = close.get(fastrand::Rng::with_seed(seed).usize(..close.len()))?;
    Some(BookChoice { mv, score })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::book::format::{BookHeader, BookMove};
    use crate::rules::ruleset::English;
    use crate::rules::{GameRules, Position};

    #[test]
    fn every_carried_book_reads_and_names_a_variant() {
        assert_eq!(books().len(), BOOK_FILES.len());
        for book in books() {
            assert!(book.variant().is_some_and(|v| crate::rules::Variant::from_id(v).is_some()));
        }
    }

    #[test]
    fn a_probe_gives_only_legal_moves_and_a_seed_repeats_its_choice() {
        let game = Game::new(Position::<English>::start(), GameRules::of::<English>());
        let legal = game.legal_moves();
        let [first, second, ..] = legal.as_slice() else { panic!("english opens with several moves") };
        let mut book = Book {
            header: Some(BookHeader { variant: "english".into(), depth: 1, margin: 50, positions: 1 }),
            ..Book::default()
        };
        book.entries.insert(
            key(game.position()),
            vec![
                BookMove { from: first.from, to: first.to, score: 10 },
                BookMove { from: second.from, to: second.to, score: 5 },
                BookMove { from: 0, to: 0, score: 40 },
            ],
        );
        let moves = book_moves(&book, &game);
        assert_eq!(moves, [(*first, 10), (*second, 5)], "the move that is not legal is left out");

        let choices: Vec<_> = (0..40).map(|seed| choose(&moves, 10, seed).expect("a choice").mv).collect();
        assert!(choices.contains(first) && choices.contains(second), "both are within the margin");
        assert!((0..40).all(|seed| choose(&moves, 10, seed) == choose(&moves, 10, seed)));
        assert!((0..40).all(|seed| choose(&moves, 4, seed).expect("a choice").mv == *first));
        assert_eq!(choose::<u8>(&[], 10, 1), None);
    }
}
