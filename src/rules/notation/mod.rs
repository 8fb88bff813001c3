//! Notation: PDN FEN for positions ([`fen`]), PDN move text ([`pdn`]) and the order a capture
//! takes its pieces along its route ([`route`]).

pub mod fen;
pub mod pdn;
pub mod route;
