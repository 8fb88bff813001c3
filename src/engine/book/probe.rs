//! The books built into the binary (`data/books/*.book`), and a position's book moves.

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
    fn a_probe_gives_only_legal_moves_and_nothing_out_of_the_book() {
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

        let later = Game::new(
            Position::<English>::from_fen("W:W18,24,27,28:B12,16,20,K22").expect("a FEN"),
            GameRules::of::<English>(),
        );
        assert!(book_moves(&book, &later).is_empty(), "a position not in the book has no book moves");
    }
}
