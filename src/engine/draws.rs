//! `DrawWatch`: the game's draw rules as the search sees them. Repetitions against the game's
//! history and the search path, the quiet-move count, and the endgame counts already running.

use super::zobrist;
use crate::rules::draw::QuietReset;
use crate::rules::{Game, Move, Position, Rules};

/// The longest line the search follows (plies from the root).
pub const MAX_PLY: usize = 128;

/// Draw rules and the history that matters for them, updated along the search path. The
/// path's entries live in stacks sized once for the longest line, so entering and leaving a
/// position only writes at an index.
pub struct DrawWatch {
    /// Hashes of the positions since the last irreversible move: the game's (the root's at
    /// `root`), then the path's, the current position's at `root + depth`.
    hashes: Vec<u64>,
    root: usize,
    /// Per path depth (0: the root), the quiet plies and where the positions that can repeat
    /// begin in `hashes`.
    path: Vec<Step>,
    depth: usize,
    repetitions: bool,
    quiet_limit: Option<u32>,
    quiet_reset: QuietReset,
    /// Plies from the root until a running endgame count ends the game, while the material
    /// stays as it is at the root.
    endgame_plies: Option<u32>,
}

/// What [`DrawWatch`] keeps per position of the path.
#[derive(Clone, Copy, Debug, Default)]
struct Step {
    quiet_plies: u32,
    since_irreversible: usize,
}

impl DrawWatch {
    /// The draw state at the current position of `game`.
    pub fn new<R: Rules>(game: &Game<R>) -> DrawWatch {
        let rules = game.rules().draw;
        let reversible = game.reversible_positions();
        let mut hashes = Vec::with_capacity(reversible.len() + MAX_PLY + 1);
        hashes.extend(reversible.iter().map(zobrist::hash));
        let root = hashes.len() - 1;
        hashes.resize(root + MAX_PLY + 2, 0);
        let mut path = vec![Step::default(); MAX_PLY + 2];
        path[0].quiet_plies = game.quiet_plies();
        DrawWatch {
            hashes,
            root,
            path,
            depth: 0,
            repetitions: rules.repetitions > 0,
            quiet_limit: (rules.quiet_moves > 0).then_some(2 * rules.quiet_moves as u32),
            quiet_reset: rules.quiet_reset,
            endgame_plies: endgame_plies(game),
        }
    }

    /// Enters the position `hash` reached by `mv` from `before`.
    #[inline]
    pub fn push<R: Rules>(&mut self, before: &Position<R>, mv: &Move<R::Board>, hash: u64) {
        let man_moved = !before.kings(before.side_to_move()).contains(mv.from);
        let here = self.path[self.depth];
        let resets = match self.quiet_reset {
            QuietReset::ManMove => man_moved,
            QuietReset::Promotion => mv.promotes,
        };
        self.depth += 1;
        let current = self.root + self.depth;
        self.path[self.depth] = Step {
            quiet_plies: if mv.is_capture() || resets { 0 } else { here.quiet_plies + 1 },
            since_irreversible: if mv.is_capture() || man_moved { current } else { here.since_irreversible },
        };
        self.hashes[current] = hash;
    }

    /// Leaves the current position.
    #[inline]
    pub fn pop(&mut self) {
        self.depth -= 1;
    }

    /// Whether the current position, `ply` plies from the root with material unchanged since
    /// the root when `same_material`, is a draw the search should score as such.
    #[inline]
    pub fn is_draw(&self, ply: usize, same_material: bool) -> bool {
        let here = self.path[self.depth];
        if self.quiet_limit.is_some_and(|limit| here.quiet_plies >= limit) {
            return true;
        }
        if same_material && self.endgame_plies.is_some_and(|left| ply as u32 >= left) {
            return true;
        }
        if self.repetitions && ply > 0 {
            let current = self.root + self.depth;
            let key = self.hashes[current];
            // Same side to move: every second position back.
            let mut i = current;
            while i >= here.since_irreversible + 2 {
                i -= 2;
                if self.hashes[i] == key {
                    return true;
                }
            }
        }
        false
    }
}

impl DrawWatch {
    /// Plies left, from the current position `ply` plies from the root, before a count
    /// already running draws the game: the quiet-move count, and the endgame count running at
    /// the root while the material is the root's (`same_material`); `None` if none runs.
    #[inline]
    pub fn plies_left(&self, ply: usize, same_material: bool) -> Option<u32> {
        let quiet = self.quiet_limit.map(|limit| limit.saturating_sub(self.path[self.depth].quiet_plies));
        let endgame = self.endgame_plies.filter(|_| same_material).map(|left| left.saturating_sub(ply as u32));
        match (quiet, endgame) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// Plies until the first running endgame count of `game` ends it, if one runs.
pub fn endgame_plies<R: Rules>(game: &Game<R>) -> Option<u32> {
    let to_move = game.position().side_to_move();
    game.endgame_clocks().iter().map(|c| c.plies_left(to_move)).min()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::move_text::MoveTable;
    use crate::rules::ruleset::{English, International};
    use crate::rules::GameRules;

    /// Plays `moves` from the root of `watch`, returning the position reached.
    fn walk<R: Rules>(watch: &mut DrawWatch, mut position: Position<R>, moves: &[&str]) -> Position<R> {
        for text in moves {
            let mv = MoveTable::new(&position, true).find(text).expect("a legal move");
            let before = position;
            position.play_unchecked(&mv);
            watch.push(&before, &mv, zobrist::hash(&position));
        }
        position
    }

    #[test]
    fn a_position_seen_before_on_the_path_is_a_draw() {
        let start = Position::<English>::from_fen("W:WK1:BK32").expect("valid");
        let game = Game::new(start, GameRules::of::<English>());
        let mut watch = DrawWatch::new(&game);
        let reached = walk(&mut watch, start, &["1-6", "32-27", "6-1"]);
        assert!(!watch.is_draw(3, true));
        walk(&mut watch, reached, &["27-32"]);
        assert!(watch.is_draw(4, true), "back to the root position");
        watch.pop();
        assert!(!watch.is_draw(3, true), "popping leaves the repetition");
    }

    #[test]
    fn positions_after_a_man_move_can_repeat_unless_repetition_is_off() {
        let start = Position::<English>::from_fen("W:WK1,29:BK32").expect("valid");
        let mut rules = GameRules::of::<English>();
        let game = Game::new(start, rules);
        let mut watch = DrawWatch::new(&game);
        let reached = walk(&mut watch, start, &["29-25", "32-27", "1-6", "27-32"]);
        assert!(!watch.is_draw(4, true));
        walk(&mut watch, reached, &["6-1"]);
        assert!(watch.is_draw(5, true), "the position after 29-25 is back");

        rules.draw.repetitions = 0;
        let mut watch = DrawWatch::new(&Game::new(start, rules));
        walk(&mut watch, start, &["1-6", "32-27", "6-1", "27-32"]);
        assert!(!watch.is_draw(4, true));
    }

    #[test]
    fn the_quiet_move_count_runs_on_from_the_game() {
        let start = Position::<English>::from_fen("W:WK1:BK32").expect("valid");
        let mut rules = GameRules::of::<English>();
        rules.draw.repetitions = 0;
        rules.draw.quiet_moves = 2;
        let mut game = Game::new(start, rules);
        game.play(&MoveTable::new(&start, true).find("1-6").expect("legal")).expect("legal");
        let mut watch = DrawWatch::new(&game);
        let position = *game.position();
        let reached = walk(&mut watch, position, &["32-27", "6-10"]);
        assert!(!watch.is_draw(2, true), "three quiet plies");
        walk(&mut watch, reached, &["27-23"]);
        assert!(watch.is_draw(3, true), "four quiet plies: two moves each");
    }

    #[test]
    fn a_running_endgame_count_ends_the_game_while_the_material_lasts() {
        // FMJD 6.3: three kings against one, sixteen moves each.
        let start = Position::<International>::from_fen("W:WK46,K47,K48:BK5").expect("valid");
        let game = Game::new(start, GameRules::of::<International>());
        assert_eq!(endgame_plies(&game), Some(32));
        let watch = DrawWatch::new(&game);
        assert!(!watch.is_draw(31, true));
        assert!(watch.is_draw(32, true));
        assert!(!watch.is_draw(40, false), "the material changed: another count, if any");
    }
}
