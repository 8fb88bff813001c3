//! `Game`: a start position and the moves played from it; knows its outcome (win by no pieces
//! or no moves, draw by repetition, quiet moves or an endgame count).

use super::bitboard::Word;
use super::color::Color;
use super::draw::{DrawRules, EndgameRules, QuietReset};
use super::endgame_clock::{advance_clocks, EndgameClock};
use super::king_limit::{ExceptQuietFrom, KingRun};
use super::movegen::{self, MoveList, MoveSink};
use super::mv::Move;
use super::position::Position;
use super::ruleset::{Goal, Rules};

/// The rules a game is played under: the variant's own, or changed for one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameRules {
    /// `false` is the house rule "capturing is optional" (docs/rules.md §11).
    pub mandatory_capture: bool,
    /// The draw rules.
    pub draw: DrawRules,
    /// The most moves without capture a side may make in a row with the same king while it
    /// also has men (0: no limit; [`Rules::KING_MOVE_LIMIT`]).
    pub king_move_limit: u8,
}

impl GameRules {
    /// The variant's own rules.
    pub const fn of<R: Rules>() -> GameRules {
        GameRules { mandatory_capture: true, draw: R::DRAW, king_move_limit: R::KING_MOVE_LIMIT }
    }
}

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The side to move has no pieces left: it has lost, or won where the goal is to give
    /// every piece away (antidraughts).
    NoPieces,
    /// The side to move has pieces but no legal move: it has lost, or won where the goal is
    /// to give every piece away.
    NoMoves,
    /// The winner crowned the first king (breakthrough).
    FirstKing,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The same position with the same side to move occurred the set number of times.
    Repetition,
    /// The set number of moves by each side passed with no capture and no reset event.
    QuietMoves,
    /// One of the variant's endgame counts ran out.
    Endgame,
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The side to move has a move to make.
    Ongoing,
    /// Won by `winner`.
    Win {
        /// The side that won.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// Drawn.
    Draw(DrawReason),
}

impl Status {
    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        !matches!(self, Status::Ongoing)
    }
}

/// Why a move could not be played in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError<W: Word> {
    /// The game is over.
    GameOver(Status),
    /// The move is not legal in the current position.
    Illegal(Move<W>),
}

/// A game: start position, moves played, and everything the draw rules need.
#[derive(Clone, Debug)]
pub struct Game<R: Rules> {
    rules: GameRules,
    start: Position<R>,
    position: Position<R>,
    moves: Vec<Move<R::Board>>,
    /// Positions since the last capture or man move, the current one last.
    reversible: Vec<Position<R>>,
    quiet_plies: u32,
    clocks: Vec<EndgameClock>,
    /// Each side's run of king moves without capture (index: [`Color::index`]).
    king_runs: [KingRun; 2],
    /// Whether the side to move can capture. The legal moves themselves are listed only when
    /// asked for: replaying a history needs only whether each move is legal, which is cheaper
    /// to answer.
    can_capture: bool,
    /// The status but for a win by "no legal move", which [`Game::status`] works out when
    /// asked: a replayed history's next move already shows that the side had one.
    settled: Status,
}

impl<R: Rules> Game<R> {
    /// A game starting at `start`.
    pub fn new(start: Position<R>, rules: GameRules) -> Game<R> {
        Game::with_room(start, rules, 0)
    }

    /// A game starting at `start`, with room for `plies` moves: playing them allocates
    /// nothing more.
    pub fn with_room(start: Position<R>, rules: GameRules, plies: usize) -> Game<R> {
        let clocks = if rules.draw.endgame { advance_clocks(R::ENDGAME, &[], &start, None) } else { Vec::new() };
        let mut reversible = Vec::with_capacity(plies + 1);
        reversible.push(start);
        let mut game = Game {
            rules,
            start,
            position: start,
            moves: Vec::with_capacity(plies),
            reversible,
            quiet_plies: 0,
            clocks,
            king_runs: [KingRun::default(); 2],
            can_capture: false,
            settled: Status::Ongoing,
        };
        game.settle();
        game
    }

    /// The rules of this game.
    pub fn rules(&self) -> &GameRules {
        &self.rules
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position<R> {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position<R> {
        &self.position
    }

    /// The moves played so far, oldest first.
    pub fn moves(&self) -> &[Move<R::Board>] {
        &self.moves
    }

    /// Where the game stands. A side left without a legal move has lost (or won, by the
    /// variant's goal), whatever the draw counts say.
    pub fn status(&self) -> Status {
        let blocked = || {
            !self.can_capture
                && match self.held_king() {
                    None => !movegen::any_quiet_move(&self.position),
                    Some(_) => {
                        let mut list = MoveList::new();
                        self.generate_into(&mut list);
                        list.is_empty()
                    }
                }
        };
        match self.settled {
            Status::Win { .. } => self.settled,
            _ if blocked() => Status::Win {
                winner: R::GOAL.winner_when_stuck(self.position.side_to_move()),
                reason: WinReason::NoMoves,
            },
            settled => settled,
        }
    }

    /// The legal moves now; none once the game is over.
    pub fn legal_moves(&self) -> MoveList<R::Board> {
        let mut list = MoveList::new();
        self.list_legal_moves(&mut list);
        list
    }

    /// Puts the legal moves into `list` (built in place by the caller: a list is 2 KiB).
    fn list_legal_moves(&self, list: &mut MoveList<R::Board>) {
        if !self.settled.is_over() {
            self.generate_into(list);
        }
    }

    /// Puts the moves of the current position that the game's rules and history allow into
    /// `sink`, whether or not the game is over: the position's legal moves, less the quiet
    /// moves of a king held by the king-move limit.
    pub fn generate_into<S: MoveSink<R::Board>>(&self, sink: &mut S) {
        let mandatory = self.rules.mandatory_capture;
        match self.held_king() {
            None => self.position.generate_into(mandatory, sink),
            Some(square) => self.position.generate_into(mandatory, &mut ExceptQuietFrom { sink, square }),
        }
    }

    /// The square of the side to move's king that may not move again without capturing: it has
    /// made the most moves in a row the king-move limit allows, and its side also has men
    /// (docs/rules.md §10.5).
    pub fn held_king(&self) -> Option<u8> {
        let side = self.position.side_to_move();
        let square = self.king_runs[side.index()].held(self.rules.king_move_limit)?;
        (self.position.men(side).any() && self.position.kings(side).contains(square)).then_some(square)
    }

    /// The only legal capture from `from` to `to`, if exactly one goes there; none once the
    /// game is over.
    fn only_capture(&self, from: u8, to: u8) -> Option<Move<R::Board>> {
        if self.settled.is_over() {
            return None;
        }
        let mut captures = MoveList::new();
        movegen::captures_from(&self.position, from, &mut captures);
        let mut matching = captures.iter().filter(|m| m.from == from && m.to == to);
        match (matching.next(), matching.next()) {
            (Some(&mv), None) => Some(mv),
            _ => None,
        }
    }

    /// Plies since the last capture or quiet-count reset event.
    pub fn quiet_plies(&self) -> u32 {
        self.quiet_plies
    }

    /// The positions since the last capture or man move, the current one last: the only
    /// positions that can repeat.
    pub fn reversible_positions(&self) -> &[Position<R>] {
        &self.reversible
    }

    /// The running endgame counts.
    pub fn endgame_clocks(&self) -> &[EndgameClock] {
        &self.clocks
    }

    /// The bytes this game holds outside itself (its history), for caches bounded in bytes.
    pub fn heap_bytes(&self) -> usize {
        self.moves.capacity() * core::mem::size_of::<Move<R::Board>>()
            + self.reversible.capacity() * core::mem::size_of::<Position<R>>()
            + self.clocks.capacity() * core::mem::size_of::<EndgameClock>()
    }

    /// Plays `mv` and updates the outcome.
    pub fn play(&mut self, mv: &Move<R::Board>) -> Result<(), PlayError<R::Board>> {
        let status = self.status();
        if status.is_over() {
            return Err(PlayError::GameOver(status));
        }
        let legal = if mv.is_capture() {
            self.legal_moves().contains(mv)
        } else {
            self.quiet_move(mv.from, mv.to) == Some(*mv)
        };
        if !legal {
            return Err(PlayError::Illegal(*mv));
        }
        self.play_legal(mv);
        Ok(())
    }

    /// Plays the only legal move from `from` to `to` and returns it; `None`, leaving the game
    /// as it was, when no legal move or several go there (the caller then reads the move's
    /// whole text) or the game is over. A quiet move is found without listing every legal move:
    /// a history's moves are mostly quiet.
    pub fn play_from_to(&mut self, from: u8, to: u8) -> Option<Move<R::Board>> {
        let mv = match self.quiet_move(from, to) {
            Some(mv) => mv,
            None if self.can_capture => self.only_capture(from, to)?,
            None => return None,
        };
        self.play_legal(&mv);
        Some(mv)
    }

    /// The quiet move from `from` to `to` if it is legal now.
    fn quiet_move(&self, from: u8, to: u8) -> Option<Move<R::Board>> {
        if self.settled.is_over()
            || (self.rules.mandatory_capture && self.can_capture)
            || self.held_king() == Some(from)
        {
            return None;
        }
        movegen::quiet_step(&self.position, from, to)
    }

    /// Plays `mv`, known to be legal, and updates the outcome.
    fn play_legal(&mut self, mv: &Move<R::Board>) {
        let mover = self.position.side_to_move();
        let man_moved = !self.position.kings(mover).contains(mv.from);
        self.king_runs[mover.index()] = self.king_runs[mover.index()].after(mv, !man_moved);
        self.position.play_unchecked(mv);
        self.moves.push(*mv);
        let resets = match self.rules.draw.quiet_reset {
            QuietReset::ManMove => man_moved,
            QuietReset::Promotion => mv.promotes,
        };
        self.quiet_plies = if mv.is_capture() || resets { 0 } else { self.quiet_plies + 1 };
        if mv.is_capture() || man_moved {
            self.reversible.clear();
        }
        self.reversible.push(self.position);
        if self.rules.draw.endgame && R::ENDGAME != EndgameRules::None {
            self.clocks = advance_clocks(R::ENDGAME, &self.clocks, &self.position, Some(mover));
        }
        self.settle();
    }

    /// Works out whether the side to move can capture and the status but for "no legal move"
    /// (see [`Game::status`]); the legal moves are listed only when asked for.
    fn settle(&mut self) {
        let side = self.position.side_to_move();
        self.can_capture = movegen::any_capture(&self.position);
        self.settled = if let Some(winner) = first_king(&self.position) {
            Status::Win { winner, reason: WinReason::FirstKing }
        } else if self.position.pieces(side).is_empty() {
            Status::Win { winner: R::GOAL.winner_when_stuck(side), reason: WinReason::NoPieces }
        } else if let Some(reason) = self.draw() {
            Status::Draw(reason)
        } else {
            Status::Ongoing
        };
    }

    fn draw(&self) -> Option<DrawReason> {
        let draw = &self.rules.draw;
        // The reversible positions alternate sides to move: only every other one, counting
        // back from the current one, can be the same position.
        let repeats = || self.reversible.iter().rev().step_by(2).filter(|p| **p == self.position).count();
        if draw.repetitions > 0 && repeats() >= draw.repetitions as usize {
            return Some(DrawReason::Repetition);
        }
        if draw.quiet_moves > 0 && self.quiet_plies >= 2 * draw.quiet_moves as u32 {
            return Some(DrawReason::QuietMoves);
        }
        if self.clocks.iter().any(EndgameClock::expired) {
            return Some(DrawReason::Endgame);
        }
        None
    }
}

/// Where the first side to crown a king wins (breakthrough): the side with a king, the side
/// that moved last if both have one (a position only a FEN can give).
pub fn first_king<R: Rules>(position: &Position<R>) -> Option<Color> {
    if R::GOAL != Goal::FirstKing {
        return None;
    }
    let last_mover = position.side_to_move().opponent();
    [last_mover, last_mover.opponent()].into_iter().find(|&color| position.kings(color).any())
}
