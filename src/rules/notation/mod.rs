//! Notation: PDN FEN for positions ([`fen`]) and PDN move text ([`pdn`]).

pub mod fen;
pub mod pdn;
