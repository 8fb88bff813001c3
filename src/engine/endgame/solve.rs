//! `solve`: the retrograde analysis of one slice and its mirror (the same pieces with the
//! other side to move), given every slice their captures and promotions lead to.
//!
//! Captures always lead to fewer pieces and promotions to fewer men, so within a slice and its
//! mirror only quiet moves of kings and men remain, each answered by the other slice. First
//! every position is looked at once with the rules' own move generator: one with no move is
//! lost; one with captures due is resolved from the solved slices; a quiet one notes how many
//! of its moves stay within the pair and what its promotions lead to. Then results are passed
//! back from position to predecessor (found by un-moving a quiet move) in the order of their
//! distance to the end, so that each win is counted by the shortest way and each loss by the
//! longest. What is never resolved is a draw. Nothing here branches on the variant: the
//! rules' constants and move generator say everything.

use super::index::{Indexer, Pieces, TableWord};
use super::material::Material;
use super::value::{Value, MAX_PLIES, NO_POSITION, PENDING};
use crate::rules::geometry::{opposite, NONE};
use crate::rules::{Color, Position, Rules};

/// Slices already solved, by [`Material::code`]: what later slices' moves lead to.
pub struct Solved {
    slices: Vec<Option<Box<[u8]>>>,
}

impl Default for Solved {
    fn default() -> Solved {
        Solved { slices: (0..Material::CODES).map(|_| None).collect() }
    }
}

impl Solved {
    /// The codes of the slice `material`, if solved.
    #[inline]
    pub fn get(&self, material: Material) -> Option<&[u8]> {
        self.slices[material.code()].as_deref()
    }

    /// Keeps the codes of the slice `material`.
    pub fn insert(&mut self, material: Material, codes: Box<[u8]>) {
        self.slices[material.code()] = Some(codes);
    }

    /// The code of `position` (any side to move) for its side to move; `None` if its slice is
    /// not here. A side to move without pieces has lost.
    #[inline]
    pub fn code_of<R: Rules>(&self, indexer: &Indexer, position: &Position<R>) -> Option<u8> {
        if position.pieces(position.side_to_move()).is_empty() {
            return Value::code_of_distance(0);
        }
        let pieces = indexer.pieces(position);
        let material = pieces.material();
        let codes = self.slices.get(material.code())?.as_deref()?;
        Some(codes[indexer.index(&pieces, material) as usize])
    }
}

/// Why a slice could not be solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// A slice its moves lead to is not solved.
    Missing(Material),
    /// A result lies further than a code can hold.
    TooDeep(Material),
}

impl core::fmt::Display for SolveError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            SolveError::Missing(m) => write!(f, "slice {m} is needed and not solved"),
            SolveError::TooDeep(m) => write!(f, "slice {m} has a result more than {MAX_PLIES} plies away"),
        }
    }
}

impl std::error::Error for SolveError {}

/// "No win found yet" in the builder's shortest-win column; "a move draws" in its
/// longest-loss column.
const NOT_SET: u8 = 255;

/// The working columns of one slice.
struct Columns {
    material: Material,
    code: Vec<u8>,
    /// Moves staying within the pair not yet known to lose.
    open: Vec<u8>,
    /// The shortest win found so far (plies).
    win: Vec<u8>,
    /// The longest loss among moves leaving the pair, or [`NOT_SET`] when one of them draws.
    loss: Vec<u8>,
}

/// Positions waiting to pass their result back, by distance.
struct Buckets(Vec<Vec<u64>>);

impl Buckets {
    fn push(&mut self, plies: u32, slice: usize, index: u64, material: Material) -> Result<(), SolveError> {
        let bucket = self.0.get_mut(plies as usize).ok_or(SolveError::TooDeep(material))?;
        bucket.push((slice as u64) << 48 | index);
        Ok(())
    }
}

/// Solves `material` and its mirror: their codes, `material` first (one slice when the mirror
/// is the same). `progress` is told of positions looked at, a batch at a time.
pub fn solve<R: Rules>(
    indexer: &Indexer,
    solved: &Solved,
    material: Material,
    progress: &mut dyn FnMut(u64),
) -> Result<Vec<(Material, Vec<u8>)>, SolveError> {
    let materials = if material.mirror() == material { vec![material] } else { vec![material, material.mirror()] };
    let mut slices: Vec<Columns> = materials
        .iter()
        .map(|&m| {
            let size = indexer.size(m) as usize;
            Columns {
                material: m,
                code: vec![PENDING; size],
                open: vec![0; size],
                win: vec![NOT_SET; size],
                loss: vec![0; size],
            }
        })
        .collect();
    let mut buckets = Buckets(vec![Vec::new(); MAX_PLIES as usize + 1]);
    for (s, columns) in slices.iter_mut().enumerate() {
        look_at_every_position::<R>(indexer, solved, s, columns, &mut buckets, progress)?;
    }
    let mirror = |s: usize| if materials.len() == 1 { 0 } else { 1 - s };
    for plies in 0..=MAX_PLIES {
        let bucket = core::mem::take(&mut buckets.0[plies as usize]);
        for entry in bucket {
            let (s, index) = ((entry >> 48) as usize, entry & ((1 << 48) - 1));
            let columns = &mut slices[s];
            let code = columns.code[index as usize];
            let final_code = Value::code_of_distance(plies).expect("within the codes");
            if code == PENDING {
                columns.code[index as usize] = final_code;
            } else if code != final_code {
                continue;
            }
            let pieces = indexer.pieces_at(index, columns.material).expect("a position");
            let p = mirror(s);
            let before = &mut slices[p];
            for_each_predecessor::<R>(indexer, &pieces, |predecessor| {
                let index = indexer.index(predecessor, before.material);
                pass_back(before, p, index, plies, &mut buckets)
            })?;
        }
    }
    Ok(slices
        .into_iter()
        .map(|mut columns| {
            for code in &mut columns.code {
                if *code == PENDING {
                    *code = 0;
                }
            }
            (columns.material, columns.code)
        })
        .collect())
}

/// The first look at every position of slice number `s`: what its moves leaving the pair lead
/// to, how many stay; results known at once go into `buckets`.
fn look_at_every_position<R: Rules>(
    indexer: &Indexer,
    solved: &Solved,
    s: usize,
    columns: &mut Columns,
    buckets: &mut Buckets,
    progress: &mut dyn FnMut(u64),
) -> Result<(), SolveError> {
    const BATCH: u64 = 1 << 16;
    let material = columns.material;
    let size = columns.code.len() as u64;
    for index in 0..size {
        if index % BATCH == BATCH - 1 {
            progress(BATCH);
        }
        let i = index as usize;
        let Some(pieces) = indexer.pieces_at(index, material) else {
            columns.code[i] = NO_POSITION;
            continue;
        };
        let position = pieces.position::<R>();
        let moves = position.legal_moves();
        let Some(first) = moves.as_slice().first() else {
            buckets.push(0, s, index, material)?;
            continue;
        };
        let capturing = first.is_capture();
        let (mut win, mut loss, mut draws, mut open) = (u32::MAX, 0u32, false, 0u8);
        for mv in &moves {
            if !capturing && !mv.promotes {
                open += 1;
                continue;
            }
            let mut next = position;
            next.play_unchecked(mv);
            let code =
                solved.code_of(indexer, &next).ok_or_else(|| SolveError::Missing(indexer.pieces(&next).material()))?;
            match Value::decode(code) {
                Some(Value::Loss(d)) => win = win.min(d + 1),
                Some(Value::Win(d)) => loss = loss.max(d + 1),
                Some(Value::Draw) => draws = true,
                None => return Err(SolveError::Missing(indexer.pieces(&next).material())),
            }
        }
        columns.open[i] = open;
        let code_of = |plies: u32| Value::code_of_distance(plies).ok_or(SolveError::TooDeep(material));
        if win != u32::MAX {
            // A move wins: by the shortest such move, unless a quiet move wins sooner.
            columns.win[i] = code_of(win)? - 1; // the plies themselves
            if capturing {
                columns.code[i] = code_of(win)?;
            }
            buckets.push(win, s, index, material)?;
        } else if draws {
            columns.loss[i] = NOT_SET;
            if open == 0 {
                columns.code[i] = 0;
            }
        } else {
            // Every move leaving the pair loses; lost if every other does too.
            // The longest win among them for the opponent (0: none).
            columns.loss[i] = code_of(loss)? - 1 - u8::from(loss > 0);
            if open == 0 {
                if capturing {
                    columns.code[i] = code_of(loss)?;
                }
                buckets.push(loss, s, index, material)?;
            }
        }
    }
    progress(size % BATCH);
    Ok(())
}

/// A position of the slice `before` (number `p`) that moves into one whose result `plies`
/// away is now known.
#[inline]
fn pass_back(before: &mut Columns, p: usize, index: u64, plies: u32, buckets: &mut Buckets) -> Result<(), SolveError> {
    let i = index as usize;
    if before.code[i] != PENDING {
        return Ok(());
    }
    if plies.is_multiple_of(2) {
        // The move leads to a loss for the opponent: a win.
        if (plies + 1) < before.win[i] as u32 {
            before.win[i] = (plies + 1) as u8;
            buckets.push(plies + 1, p, index, before.material)?;
        }
    } else {
        before.open[i] -= 1;
        if before.open[i] == 0 && before.win[i] == NOT_SET && before.loss[i] != NOT_SET {
            let longest = plies.max(before.loss[i] as u32) + 1;
            buckets.push(longest, p, index, before.material)?;
        }
    }
    Ok(())
}

/// Calls `visit` with every position (White to move, as stored) from which a quiet move that
/// keeps the material leads to `pieces` (White to move, as stored).
#[inline]
fn for_each_predecessor<R: Rules>(
    indexer: &Indexer,
    pieces: &Pieces,
    mut visit: impl FnMut(&Pieces) -> Result<(), SolveError>,
) -> Result<(), SolveError> {
    let g = R::GEOMETRY;
    // The position before the move, White to move: the pieces that just moved are White's.
    let before = Pieces {
        own_men: indexer.turn(pieces.their_men),
        own_kings: indexer.turn(pieces.their_kings),
        their_men: indexer.turn(pieces.own_men),
        their_kings: indexer.turn(pieces.own_kings),
    };
    let occupied = before.occupied();
    for to in before.own_kings {
        let others = before.own_kings.without(to);
        for dir in 0..4 {
            let mut from = g.step(to, dir);
            while from != NONE && !occupied.contains(from) {
                visit(&Pieces { own_kings: others.with(from), ..before })?;
                if !R::FLYING_KINGS {
                    break;
                }
                from = g.step(from, dir);
            }
        }
    }
    let directions = R::man_move_directions(Color::White);
    for to in before.own_men {
        let others = before.own_men.without(to);
        for dir in (0..4).filter(|d| directions >> d & 1 != 0) {
            let from = g.step(to, opposite(dir));
            if from != NONE && !occupied.contains(from) && !g.crowning_row::<TableWord>(Color::White).contains(from) {
                visit(&Pieces { own_men: others.with(from), ..before })?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ruleset::{Czech, English, International, Italian, Russian, Turkish};

    /// Every slice of up to `pieces` pieces, solved in order by [`solve`].
    fn solve_all<R: Rules>(pieces: u32) -> Solved {
        let indexer = Indexer::of::<R>();
        let mut solved = Solved::default();
        for material in Material::solving_order(pieces) {
            if solved.get(material).is_some() {
                continue;
            }
            for (m, codes) in solve::<R>(&indexer, &solved, material, &mut |_| {}).expect("solved") {
                solved.insert(m, codes.into_boxed_slice());
            }
        }
        solved
    }

    /// Every slice of up to `pieces` pieces by plain value iteration to the end: each round
    /// computes every position from the last round's values of its successors (all moves
    /// generated forwards), until nothing changes; what is never known is a draw. No
    /// un-moves, no counters, no slice order: an independent check of [`solve`].
    fn iterate_all<R: Rules>(pieces: u32) -> Solved {
        let indexer = Indexer::of::<R>();
        let order = Material::solving_order(pieces);
        let mut current = Solved::default();
        for &m in &order {
            current.insert(m, vec![PENDING; indexer.size(m) as usize].into_boxed_slice());
        }
        loop {
            let mut next = Solved::default();
            let mut changed = false;
            for &m in &order {
                let old = current.get(m).expect("present");
                let mut codes = old.to_vec();
                for (index, code) in codes.iter_mut().enumerate() {
                    let Some(pieces) = indexer.pieces_at(index as u64, m) else {
                        *code = NO_POSITION;
                        continue;
                    };
                    let position = pieces.position::<R>();
                    let (mut win, mut loss, mut unknown) = (u32::MAX, 0, false);
                    for mv in &position.legal_moves() {
                        let mut child = position;
                        child.play_unchecked(mv);
                        match Value::decode(current.code_of(&indexer, &child).expect("every slice")) {
                            Some(Value::Loss(d)) => win = win.min(d + 1),
                            Some(Value::Win(d)) => loss = loss.max(d + 1),
                            _ => unknown = true,
                        }
                    }
                    let new = if win != u32::MAX {
                        Value::code_of_distance(win).expect("short")
                    } else if !unknown {
                        Value::code_of_distance(loss).expect("short")
                    } else {
                        PENDING
                    };
                    changed |= new != *code;
                    *code = new;
                }
                next.insert(m, codes.into_boxed_slice());
            }
            current = next;
            if !changed {
                break;
            }
        }
        for &m in &order {
            let codes: Vec<u8> =
                current.get(m).expect("present").iter().map(|&c| if c == PENDING { 0 } else { c }).collect();
            current.insert(m, codes.into_boxed_slice());
        }
        current
    }

    fn retrograde_agrees_with_value_iteration<R: Rules>(pieces: u32) {
        let (fast, slow) = (solve_all::<R>(pieces), iterate_all::<R>(pieces));
        let mut decisive = 0;
        for m in Material::solving_order(pieces) {
            let (a, b) = (fast.get(m).expect("solved"), slow.get(m).expect("iterated"));
            for (index, (x, y)) in a.iter().zip(b).enumerate() {
                assert_eq!(
                    x,
                    y,
                    "{} {m} index {index}: {:?} against {:?}",
                    R::VARIANT,
                    Value::decode(*x),
                    Value::decode(*y)
                );
                decisive += (*x != 0 && *x != NO_POSITION) as u32;
            }
        }
        assert!(decisive > 0);
    }

    #[test]
    fn retrograde_analysis_agrees_with_value_iteration_on_8x8_short_kings() {
        retrograde_agrees_with_value_iteration::<English>(3);
        retrograde_agrees_with_value_iteration::<Italian>(3);
    }

    #[test]
    fn retrograde_analysis_agrees_with_value_iteration_on_8x8_flying_kings() {
        retrograde_agrees_with_value_iteration::<Russian>(3);
        retrograde_agrees_with_value_iteration::<Czech>(3);
    }

    #[test]
    fn retrograde_analysis_agrees_with_value_iteration_on_10x10() {
        retrograde_agrees_with_value_iteration::<International>(3);
    }

    #[test]
    fn retrograde_analysis_agrees_with_value_iteration_in_turkish() {
        retrograde_agrees_with_value_iteration::<Turkish>(3);
    }

    /// A position and the same turned half round with colours swapped have the same number of
    /// moves: what storing only White to move relies on.
    fn turning_keeps_the_moves<R: Rules>(pieces: u32) {
        let indexer = Indexer::of::<R>();
        for material in Material::solving_order(pieces).into_iter().filter(|m| m.pieces() == pieces) {
            for index in (0..indexer.size(material)).step_by(7) {
                let Some(p) = indexer.pieces_at(index, material) else { continue };
                let position = p.position::<R>();
                let turned = Position::<R>::new(crate::rules::Setup {
                    side_to_move: Color::Black,
                    pieces: [
                        indexer.turn(p.their_men | p.their_kings).wide(),
                        indexer.turn(p.own_men | p.own_kings).wide(),
                    ],
                    kings: indexer.turn(p.own_kings | p.their_kings).wide(),
                    repeated: crate::rules::Bitboard::EMPTY,
                })
                .expect("legal");
                assert_eq!(indexer.pieces(&turned), p);
                let count = |pos: &Position<R>| {
                    let moves = pos.legal_moves();
                    (moves.len(), moves.iter().map(|m| m.captures.count()).sum::<u32>())
                };
                assert_eq!(count(&position), count(&turned), "{} {position:?}", R::VARIANT);
            }
        }
    }

    #[test]
    fn turning_the_board_keeps_the_moves_in_every_board_family() {
        turning_keeps_the_moves::<English>(4);
        turning_keeps_the_moves::<Russian>(4);
        turning_keeps_the_moves::<Italian>(4);
        turning_keeps_the_moves::<International>(3);
        turning_keeps_the_moves::<Turkish>(3);
    }
}
