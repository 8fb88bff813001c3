//! `EndgameProbe`: what the search asks the databases at a node, and how it turns the answer
//! into a score.
//!
//! The databases know results under perfect play without draws by move counts. The probe reads
//! the result first, a scan of a few bytes: a draw is a draw under any count, so it is a score
//! of 0 at once. A win or a loss is read again with its distance, which inflates a block (tens
//! of microseconds): a win or loss `d` plies away is the search's forced result `d` plies
//! further on (the search then plays the shortest win and the longest defence), but only where
//! no count can end the game within those `d` plies: the quiet-move count and the endgame count
//! already running (as the search's draw watch knows them), and the endgame count the
//! position's own material would start. Otherwise the result is not used and the search goes on
//! as without databases, so that a win the rules would turn into a draw is never promised. The
//! root is never probed: its moves are searched.

use super::tables::{Endgames, VariantTables};
use super::value::{Value, Wdl};
use crate::engine::score::WIN;
use crate::rules::endgame_clock::advance_clocks;
use crate::rules::{Game, Position, Rules};

/// The databases of one search's variant and the rules they are used under.
#[derive(Clone, Copy, Debug)]
pub struct EndgameProbe<'a> {
    tables: &'a VariantTables,
    /// Whether the variant's endgame counts apply.
    counts: bool,
}

impl<'a> EndgameProbe<'a> {
    /// The probe for a search of `game`, if `endgames` hold its variant and the game is played
    /// with captures mandatory (the databases know no other rule).
    pub fn new<R: Rules>(endgames: Option<&'a Endgames>, game: &Game<R>) -> Option<EndgameProbe<'a>> {
        let tables = endgames?.tables_for(game).ok()?;
        Some(EndgameProbe { tables, counts: game.rules().draw.endgame })
    }

    /// The most pieces a probed position may have.
    #[inline(always)]
    pub fn max_pieces(&self) -> u32 {
        self.tables.max_pieces()
    }

    /// Whether the databases know `position`'s result, no count running.
    pub fn covers<R: Rules>(&self, position: &Position<R>) -> bool {
        self.score(position, 0, None).is_some()
    }

    /// The score of `position`, `ply` plies from the root, for its side to move, if the
    /// databases know it and no count can end the game first: `count_plies` is the fewest plies
    /// left on a count already running (if any).
    #[inline]
    pub fn score<R: Rules>(&self, position: &Position<R>, ply: usize, count_plies: Option<u32>) -> Option<i32> {
        if position.occupied().count() > self.tables.max_pieces() {
            return None;
        }
        if self.tables.probe_wdl(position)? == Wdl::Draw {
            return Some(0);
        }
        let (plies, sign) = match self.tables.probe(position)? {
            Value::Draw => return Some(0),
            Value::Win(plies) => (plies, 1),
            Value::Loss(plies) => (plies, -1),
        };
        if count_plies.is_some_and(|left| plies > left) {
            return None;
        }
        if self.counts {
            let side = position.side_to_move();
            let clocks = advance_clocks(R::ENDGAME, &[], position, None);
            if clocks.iter().any(|c| plies > c.plies_left(side)) {
                return None;
            }
        }
        Some(sign * (WIN - ply as i32 - plies as i32))
    }
}
