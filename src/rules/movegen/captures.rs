//! Capture sequences: a depth-first search per capturing piece, filtered by the variant's
//! capture precedence as each sequence completes.
//!
//! The search keeps the captured pieces on the board as blockers until the move ends
//! ([`Removal::EndOfMove`]), or lifts each one as it is jumped and forbids a 180° turn
//! ([`Removal::Immediate`]). A capture that can go on must go on: a king with several landing
//! squares behind a piece must pick one from which it can capture again, if there is one.
//! Each sequence of captured pieces is found once: a king that goes straight on over the next
//! piece is searched from the first landing square only, unless the sink asks for every route.

use super::jumps::ManJumps;
use super::list::{Counting, MoveList};
use super::sink::MoveSink;
use crate::rules::bitboard::Bitboard;
use crate::rules::geometry::{each_direction, opposite, DIRECTIONS, NONE};
use crate::rules::mv::Move;
use crate::rules::position::Position;
use crate::rules::ruleset::{Criterion, Promotion, Removal, Rules};

/// The longest capture sequence any board allows is well below this.
const MAX_PATH: usize = 32;
/// Bits given to the "earliest king" criterion: one per captured piece, first piece highest.
const ORDER_BITS: u32 = 24;
/// The value of a captured man under [`Criterion::MostValue`]; a king is worth one less than
/// two men, so that `n` kings outrank `2n - 1` men and not `2n` (any scale above the most
/// kings a capture can take gives that).
const KING_VALUE_SCALE: u64 = 64;
/// Bits given to [`Criterion::MostValue`]: the value of every piece of one side.
const VALUE_BITS: u32 = 13;

/// Puts the captures of the side to move that the precedence rules allow into `sink`.
#[inline]
pub fn generate<R: Rules, S: MoveSink<R::Board>>(position: &Position<R>, sink: &mut S) {
    generate_by(position, R::GEOMETRY.squares(), sink);
}

/// Puts the legal captures of the piece on `from` into `sink`, and perhaps others. Where no
/// precedence rule ranks captures against each other, a piece's legal captures do not depend
/// on the other pieces' and only its own are searched; otherwise every capture is.
#[inline]
pub fn generate_from<R: Rules, S: MoveSink<R::Board>>(position: &Position<R>, from: u8, sink: &mut S) {
    generate_by(
        position,
        if R::PRECEDENCE.is_empty() { Bitboard::from_index(from) } else { R::GEOMETRY.squares() },
        sink,
    );
}

/// [`generate`] for the pieces on `pieces` only.
#[inline(always)]
fn generate_by<R: Rules, S: MoveSink<R::Board>>(position: &Position<R>, pieces: Bitboard<R::Board>, sink: &mut S) {
    let side = position.side_to_move();
    let jumps = side.specialize(|side| ManJumps::of(position, side));
    let capturing_men = jumps.men() & pieces;
    let kings = position.kings(side) & pieces;
    if capturing_men.is_empty() && kings.is_empty() {
        return;
    }
    let mut search = Search::new(position, sink);
    for from in capturing_men {
        search.start(from, false);
        for dir in each_direction(R::capture_directions()) {
            if jumps.from[dir].contains(from) {
                search.first_jump(from, dir, &jumps);
            }
        }
    }
    for from in kings {
        search.start(from, true);
        search.king(from);
    }
}

/// The number of captures [`generate`] would put into a [`MoveList`] counting as `counting`
/// (perft's last ply). Men's captures that end after one jump are counted by whole-board
/// shifts; only those that go on are searched, and only when no precedence rule could rank
/// them against each other. With kings to capture with, every capture is searched.
#[inline(always)]
pub fn count<R: Rules>(position: &Position<R>, counting: Counting) -> usize {
    let side = position.side_to_move();
    let jumps = side.specialize(|side| ManJumps::of(position, side));
    if position.kings(side).any() {
        return generated(position, counting);
    }
    if jumps.men().is_empty() {
        return 0;
    }
    let ranks_men = R::PRECEDENCE.iter().any(|c| *c != Criterion::WithKing);
    let ranks_kings = R::PRECEDENCE
        .iter()
        .any(|c| matches!(c, Criterion::MostKings | Criterion::EarliestKing | Criterion::MostValue));
    let g = R::GEOMETRY;
    let enemy_kings = position.kings(side.opponent());
    let mut total = 0;
    let mut going_on = [Bitboard::EMPTY; DIRECTIONS];
    let mut takes_king = false;
    for (dir, going) in going_on.iter_mut().enumerate() {
        let ending = jumps.ending::<R>(dir);
        total += ending.count() as usize;
        *going = jumps.from[dir].minus(ending);
        takes_king |= (g.shift(jumps.from[dir], dir) & enemy_kings).any();
    }
    let searched = Bitboard::union(&going_on);
    if searched.is_empty() {
        return if ranks_kings && takes_king { generated(position, counting) } else { total };
    }
    if ranks_men {
        return generated(position, counting);
    }
    total + going_on_counted(position, counting, &jumps, &going_on)
}

/// The captures of the men in `going_on` (for each direction, the men whose first jump that way
/// can go on), searched and counted.
#[inline(never)]
fn going_on_counted<R: Rules>(
    position: &Position<R>,
    counting: Counting,
    jumps: &ManJumps<R::Board>,
    going_on: &[Bitboard<R::Board>; DIRECTIONS],
) -> usize {
    let mut list = MoveList::counting(counting);
    let mut search = Search::new(position, &mut list);
    for from in Bitboard::union(going_on) {
        search.start(from, false);
        for (dir, going) in going_on.iter().enumerate() {
            if going.contains(from) {
                search.first_jump(from, dir, jumps);
            }
        }
    }
    list.len()
}

/// The captures of `position` generated in full and counted.
#[inline(never)]
fn generated<R: Rules>(position: &Position<R>, counting: Counting) -> usize {
    let mut list = MoveList::counting(counting);
    generate(position, &mut list);
    list.len()
}

struct Search<'a, R: Rules, S: MoveSink<R::Board>> {
    sink: &'a mut S,
    /// Enemy pieces not yet captured in this sequence.
    targets: Bitboard<R::Board>,
    enemy_kings: Bitboard<R::Board>,
    /// Every piece on the board before the move.
    all: Bitboard<R::Board>,
    /// Squares a piece cannot land on or pass through.
    occupied: Bitboard<R::Board>,
    captured: Bitboard<R::Board>,
    crowning: Bitboard<R::Board>,
    man_directions: u8,
    from: u8,
    by_king: bool,
    /// A man crowned in the middle of this sequence (Russian), now capturing as a king.
    promoted: bool,
    path: [u8; MAX_PATH],
    len: usize,
    last_dir: usize,
    /// One bit per captured piece, set for kings, the first capture in the highest bit.
    king_order: u32,
    best: Option<u64>,
    /// Search a king going straight on from every landing square, not only the first.
    every_route: bool,
    _rules: core::marker::PhantomData<R>,
}

impl<'a, R: Rules, S: MoveSink<R::Board>> Search<'a, R, S> {
    /// Captured pieces leave the board as they are jumped.
    const IMMEDIATE: bool = matches!(R::REMOVAL, Removal::Immediate | Removal::Passing);
    /// A capture may not turn back 180° on its last jump.
    const NO_TURNING_BACK: bool = matches!(R::REMOVAL, Removal::Immediate);

    #[inline(always)]
    fn new(position: &Position<R>, sink: &'a mut S) -> Search<'a, R, S> {
        let side = position.side_to_move();
        let every_route = sink.every_route();
        Search {
            sink,
            targets: position.pieces(side.opponent()),
            enemy_kings: position.kings(side.opponent()),
            all: position.occupied(),
            occupied: position.occupied(),
            captured: Bitboard::EMPTY,
            crowning: R::GEOMETRY.crowning_row(side),
            man_directions: R::man_capture_directions(side),
            from: 0,
            by_king: false,
            promoted: false,
            path: [0; MAX_PATH],
            len: 0,
            last_dir: 0,
            king_order: 0,
            best: None,
            every_route,
            _rules: core::marker::PhantomData,
        }
    }

    /// Starts the sequences of the piece on `from`.
    #[inline(always)]
    fn start(&mut self, from: u8, by_king: bool) {
        self.from = from;
        self.by_king = by_king;
        self.occupied = self.all.without(from);
    }

    /// Whether a capture in direction `dir` would turn back on the previous jump where that is
    /// forbidden (Turkish).
    #[inline(always)]
    fn turns_back(&self, dir: usize) -> bool {
        Self::NO_TURNING_BACK && self.len > 0 && dir == opposite(self.last_dir)
    }

    #[inline(always)]
    fn take(&mut self, victim: u8, dir: usize) {
        self.targets = self.targets.without(victim);
        self.captured = self.captured.with(victim);
        if Self::IMMEDIATE {
            self.occupied = self.occupied.without(victim);
        }
        if R::PRECEDENCE.contains(&Criterion::EarliestKing) {
            self.king_order = self.king_order << 1 | self.enemy_kings.contains(victim) as u32;
        }
        self.last_dir = dir;
    }

    #[inline(always)]
    fn untake(&mut self, victim: u8, previous_dir: usize) {
        self.targets = self.targets.with(victim);
        self.captured = self.captured.without(victim);
        if Self::IMMEDIATE {
            self.occupied = self.occupied.with(victim);
        }
        if R::PRECEDENCE.contains(&Criterion::EarliestKing) {
            self.king_order >>= 1;
        }
        self.last_dir = previous_dir;
    }

    /// Takes `victim` by a jump in direction `dir`, runs `then`, and puts `victim` back.
    #[inline(always)]
    fn with_taken(&mut self, victim: u8, dir: usize, then: impl FnOnce(&mut Self)) {
        let previous_dir = self.last_dir;
        self.take(victim, dir);
        then(self);
        self.untake(victim, previous_dir);
    }

    /// Whether `square` is on the board and holds a piece that may still be taken.
    #[inline(always)]
    fn is_target(&self, square: u8) -> bool {
        square != NONE && self.targets.contains(square)
    }

    /// Whether `square` is on the board and free to land on or pass.
    #[inline(always)]
    fn is_free(&self, square: u8) -> bool {
        square != NONE && !self.occupied.contains(square)
    }

    #[inline(always)]
    fn push_landing(&mut self, square: u8) {
        self.path[self.len] = square;
        self.len += 1;
    }

    /// Captures of a man standing on `square`; returns whether there was any. Continuations
    /// go through [`Search::man_continued`].
    #[inline(always)]
    fn man(&mut self, square: u8) -> bool {
        let g = R::GEOMETRY;
        let mut found = false;
        let mut directions = self.man_directions;
        while directions != 0 {
            let dir = directions.trailing_zeros() as usize;
            directions &= directions - 1;
            if self.turns_back(dir) {
                continue;
            }
            let victim = g.step(square, dir);
            if !self.is_target(victim) || !R::MEN_CAPTURE_KINGS && self.enemy_kings.contains(victim) {
                continue;
            }
            let landing = g.jump(square, dir);
            if !self.is_free(landing) {
                continue;
            }
            found = true;
            self.man_jump(victim, landing, dir, false);
        }
        found
    }

    /// The capture of a man from `from` in direction `dir`, which `jumps` found, and every
    /// sequence it starts.
    #[inline(always)]
    fn first_jump(&mut self, from: u8, dir: usize, jumps: &ManJumps<R::Board>) {
        let offset = R::GEOMETRY.offsets[dir] as i16;
        let victim = (from as i16 + offset) as u8;
        let landing = (from as i16 + 2 * offset) as u8;
        self.man_jump(victim, landing, dir, jumps.ends.contains(landing));
    }

    /// A man's jump over `victim` to `landing` in direction `dir`, and every sequence that
    /// follows it; `ends` when the capture is known to stop there.
    #[inline(always)]
    fn man_jump(&mut self, victim: u8, landing: u8, dir: usize, ends: bool) {
        self.with_taken(victim, dir, |search| {
            search.push_landing(landing);
            let went_on = if ends {
                false
            } else if search.crowning.contains(landing) {
                match R::PROMOTION {
                    Promotion::EndsMove => false,
                    Promotion::ContinueAsKing => {
                        search.promoted = true;
                        let went_on = search.king(landing);
                        search.promoted = false;
                        went_on
                    }
                    Promotion::AtEndOfMove => search.man_continued(landing),
                }
            } else {
                search.man_continued(landing)
            };
            if !went_on {
                let promotes = search.crowning.contains(landing)
                    || (matches!(R::PROMOTION, Promotion::ContinueAsKing) && search.promoted);
                search.complete(landing, promotes);
            }
            search.len -= 1;
        });
    }

    /// [`Search::man`] after a jump, as a call of its own (the recursion).
    #[inline(never)]
    fn man_continued(&mut self, square: u8) -> bool {
        self.man(square)
    }

    /// Captures of a king standing on `square`; returns whether there was any.
    fn king(&mut self, square: u8) -> bool {
        if R::FLYING_KINGS {
            self.flying_king(square, None)
        } else {
            self.short_king(square)
        }
    }

    fn short_king(&mut self, square: u8) -> bool {
        let g = R::GEOMETRY;
        let mut found = false;
        for dir in each_direction(R::capture_directions()) {
            if self.turns_back(dir) {
                continue;
            }
            let victim = g.step(square, dir);
            if !self.is_target(victim) {
                continue;
            }
            let landing = g.jump(square, dir);
            if !self.is_free(landing) {
                continue;
            }
            found = true;
            self.with_taken(victim, dir, |search| {
                search.push_landing(landing);
                if !search.short_king(landing) {
                    search.complete(landing, search.promoted);
                }
                search.len -= 1;
            });
        }
        found
    }

    /// Captures of a flying king on `square`. `straight_on` is the direction the king came
    /// from when `square` is not the first landing square behind the piece it just took: going
    /// on that way is the same capture as going on from the first landing square (PDN writes
    /// that square, docs/rules.md §12), so it is searched from there only.
    fn flying_king(&mut self, square: u8, straight_on: Option<usize>) -> bool {
        let g = R::GEOMETRY;
        let mut found = false;
        for dir in each_direction(R::capture_directions()) {
            if self.turns_back(dir) || straight_on == Some(dir) {
                continue;
            }
            let mut victim = g.step(square, dir);
            while self.is_free(victim) {
                victim = g.step(victim, dir);
            }
            if !self.is_target(victim) {
                continue;
            }
            let first_landing = g.step(victim, dir);
            if !self.is_free(first_landing) {
                continue;
            }
            found = true;
            // The landing squares: every free square behind the piece, or only the first.
            let next_landing = |landing: u8| if R::KING_LANDS_DIRECTLY_BEHIND { NONE } else { g.step(landing, dir) };
            self.with_taken(victim, dir, |search| {
                let mut went_on = false;
                let mut landing = first_landing;
                while search.is_free(landing) {
                    search.push_landing(landing);
                    let straight_on = if landing == first_landing || search.every_route { None } else { Some(dir) };
                    went_on |= search.flying_king(landing, straight_on);
                    search.len -= 1;
                    landing = next_landing(landing);
                }
                if !went_on {
                    let mut landing = first_landing;
                    while search.is_free(landing) {
                        search.push_landing(landing);
                        search.complete(landing, search.promoted);
                        search.len -= 1;
                        landing = next_landing(landing);
                    }
                }
            });
        }
        found
    }

    /// The precedence of the sequence now complete: criteria compared in order, as one number.
    #[inline(always)]
    fn precedence(&self) -> u64 {
        let count = self.captured.count() as u64;
        let mut key = 0u64;
        for criterion in R::PRECEDENCE {
            key = match criterion {
                Criterion::MostPieces => key << 6 | count,
                Criterion::WithKing => key << 1 | (self.by_king as u64),
                Criterion::MostKings => key << 6 | (self.captured & self.enemy_kings).count() as u64,
                Criterion::EarliestKing => key << ORDER_BITS | (self.king_order as u64) << (ORDER_BITS as u64 - count),
                Criterion::MostValue => {
                    let kings = (self.captured & self.enemy_kings).count() as u64;
                    key << VALUE_BITS | ((count + kings) * KING_VALUE_SCALE - kings)
                }
            };
        }
        key
    }

    /// A complete sequence ending on `to`: keep it if no sequence found so far outranks it.
    #[inline(always)]
    fn complete(&mut self, to: u8, promotes: bool) {
        if !R::PRECEDENCE.is_empty() {
            let key = self.precedence();
            match self.best {
                Some(best) if key < best => return,
                Some(best) if key == best => {}
                _ => {
                    self.sink.clear();
                    self.best = Some(key);
                }
            }
        }
        let mv = Move { captures: self.captured, from: self.from, to, promotes: promotes && !self.by_king };
        self.sink.push_capture(mv, &self.path[..self.len]);
    }
}
