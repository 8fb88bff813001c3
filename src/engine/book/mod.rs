//! Opening books: for positions of the opening, the moves a deep search scored close to the
//! best, each with its score. [`format`] reads and writes a book file, [`probe`] finds a
//! position's book moves, [`build`] grows a book by drop-out expansion.

pub mod build;
pub mod format;
pub mod probe;

pub use build::{grow, BookEvent, GrowSettings};
pub use format::{Book, BookHeader, BookMove};
pub use probe::{book_moves, book_of};
