//! The order in which a capture takes its pieces along one of its routes.

use smallvec::SmallVec;

use crate::rules::geometry::{each_direction, NONE};
use crate::rules::{Move, Rules};

/// The captured pieces of `mv` in the order `route` takes them: on each leg, the captured
/// piece on the line between the leg's two squares.
pub fn captured_in_order<R: Rules>(route: &[u8], mv: Move<R::Board>) -> SmallVec<[u8; 24]> {
    let g = R::GEOMETRY;
    let mut out = SmallVec::new();
    if !mv.is_capture() {
        return out;
    }
    for leg in route.windows(2) {
        'directions: for dir in each_direction(R::capture_directions()) {
            let mut square = g.step(leg[0], dir);
            let mut victim = None;
            while square != NONE {
                if square == leg[1] {
                    out.extend(victim);
                    break 'directions;
                }
                if victim.is_none() && mv.captures.contains(square) && !out.contains(&square) {
                    victim = Some(square);
                }
                square = g.step(square, dir);
            }
        }
    }
    out
}
