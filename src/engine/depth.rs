//! `Depth`: how far a search looks, in plies of its main iterations (captures, shots and
//! forced moves are searched beyond it).

/// A search depth, in plies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Depth(u32);

impl Depth {
    /// A depth of `plies` plies.
    pub const fn plies(plies: u32) -> Depth {
        Depth(plies)
    }

    /// The number of plies.
    pub const fn get(self) -> u32 {
        self.0
    }
}
