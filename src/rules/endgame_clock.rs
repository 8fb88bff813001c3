//! `EndgameClock`: the clocks that run a variant's endgame counts ([`EndgameRules`]) over the
//! positions of a game.
//!
//! Endgame clocks start when the material configuration a rule names first arises and are not
//! reset while it lasts (docs/rules.md §2 implementation notes, §13.5); a capture or promotion
//! that changes the configuration starts the new configuration's clock.

use super::color::Color;
use super::draw::EndgameRules;
use super::position::Position;
use super::ruleset::Rules;

/// How an endgame count's moves are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Counted {
    /// Draw once each side has played this many moves (FMJD: "each player 16 further moves").
    EachSide(u16),
    /// Draw once the stronger side has played this many moves without winning (FMJD-64).
    StrongerSide(u16),
}

/// One endgame count that applies to a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Count {
    /// The rule's article, for the record.
    article: &'static str,
    /// Identifies the configuration: a count carries on only while this stays the same.
    key: u32,
    /// The side trying to win.
    strong: Color,
    counted: Counted,
}

/// A running endgame count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndgameClock {
    count: Count,
    plies: u32,
    strong_moves: u32,
}

impl EndgameClock {
    /// The article of the rule this clock runs (e.g. `"FMJD 6.3"`).
    pub fn article(&self) -> &'static str {
        self.count.article
    }

    /// Plies from now until the count runs out if its configuration lasts, with `to_move` to
    /// play next (0: it has run out).
    pub fn plies_left(&self, to_move: Color) -> u32 {
        match self.count.counted {
            Counted::EachSide(moves) => (2 * moves as u32).saturating_sub(self.plies),
            Counted::StrongerSide(moves) => match (moves as u32).saturating_sub(self.strong_moves) {
                0 => 0,
                left if to_move == self.count.strong => 2 * left - 1,
                left => 2 * left,
            },
        }
    }

    /// Whether the count has run out: the game is drawn.
    pub fn expired(&self) -> bool {
        match self.count.counted {
            Counted::EachSide(moves) => self.plies >= 2 * moves as u32,
            Counted::StrongerSide(moves) => self.strong_moves >= moves as u32,
        }
    }
}

/// Pieces of one side: (men, kings).
fn material<R: Rules>(position: &Position<R>, color: Color) -> (u32, u32) {
    (position.men(color).count(), position.kings(color).count())
}

fn is_lone_king(material: (u32, u32)) -> bool {
    material == (0, 1)
}

/// The side with at least one king facing a lone king, and its material, if there is one.
fn against_lone_king(white: (u32, u32), black: (u32, u32)) -> Option<(Color, (u32, u32))> {
    [(Color::White, white, black), (Color::Black, black, white)]
        .into_iter()
        .find(|(_, strong, weak)| is_lone_king(*weak) && strong.1 > 0)
        .map(|(color, strong, _)| (color, strong))
}

/// The endgame counts that apply to `position` under `family`.
fn counts<R: Rules>(family: EndgameRules, position: &Position<R>) -> Vec<Count> {
    let white = material(position, Color::White);
    let black = material(position, Color::Black);
    let mut out = Vec::new();
    match family {
        EndgameRules::None => {}
        EndgameRules::Turkish => {
            if white.0 + white.1 == 1 && black.0 + black.1 == 1 {
                out.push(Count {
                    article: "one piece each",
                    key: 0,
                    strong: Color::White,
                    counted: Counted::EachSide(0),
                });
            }
        }
        EndgameRules::Frisian => {
            let rule = match (white, black) {
                ((0, 1), (0, 2)) | ((0, 2), (0, 1)) => Some(("FRIS 18", 7)),
                ((0, 1), (0, 1)) => Some(("FRIS 21", 2)),
                _ => None,
            };
            if let Some((article, moves)) = rule {
                let strong = if white.1 >= black.1 { Color::White } else { Color::Black };
                out.push(Count { article, key: moves as u32, strong, counted: Counted::EachSide(moves) });
            }
        }
        EndgameRules::Fmjd => {
            if let Some((strong, s)) = against_lone_king(white, black) {
                let pieces = s.0 + s.1;
                let rule = match pieces {
                    3 => Some(("FMJD 6.3", 16)),
                    1 | 2 => Some(("FMJD 6.4", 5)),
                    _ => None,
                };
                if let Some((article, moves)) = rule {
                    out.push(Count { article, key: pieces, strong, counted: Counted::EachSide(moves) });
                }
            }
        }
        EndgameRules::Fmjd64 => {
            if let Some((strong, s)) = against_lone_king(white, black) {
                let pieces = s.0 + s.1;
                let weak_king = position.kings(strong.opponent());
                if pieces == 3 && (weak_king & R::GEOMETRY.long_diagonal()).any() {
                    out.push(Count { article: "FMJD-64 7.2.7", key: 3, strong, counted: Counted::StrongerSide(5) });
                }
                if s.1 >= 3 {
                    out.push(Count { article: "FMJD-64 7.2.4", key: 1, strong, counted: Counted::StrongerSide(15) });
                }
                if pieces <= 2 {
                    out.push(Count { article: "FMJD-64 7.2.8", key: 2, strong, counted: Counted::StrongerSide(5) });
                }
            }
            let total = white.0 + white.1 + black.0 + black.1;
            if white.1 > 0 && black.1 > 0 && (4..=7).contains(&total) {
                let moves = if total <= 5 { 30 } else { 60 };
                let key = 100 + (white.0 << 12 | white.1 << 8 | black.0 << 4 | black.1);
                out.push(Count {
                    article: "FMJD-64 7.2.6",
                    key,
                    strong: Color::White,
                    counted: Counted::EachSide(moves),
                });
            }
        }
    }
    out
}

/// The endgame clocks after a move into `position` by `mover`, carrying on those whose
/// configuration still holds. Pass `None` as `mover` for the first position of a game.
pub fn advance_clocks<R: Rules>(
    family: EndgameRules,
    previous: &[EndgameClock],
    position: &Position<R>,
    mover: Option<Color>,
) -> Vec<EndgameClock> {
    counts(family, position)
        .into_iter()
        .map(|count| {
            match (mover, previous.iter().find(|c| c.count.key == count.key && c.count.strong == count.strong)) {
                (Some(mover), Some(clock)) => EndgameClock {
                    count: clock.count,
                    plies: clock.plies + 1,
                    strong_moves: clock.strong_moves + (mover == clock.count.strong) as u32,
                },
                _ => EndgameClock { count, plies: 0, strong_moves: 0 },
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ruleset::{International, Russian};

    #[test]
    fn plies_left_count_each_sides_moves_or_the_stronger_sides() {
        // FMJD 6.3: sixteen moves each, 32 plies, whoever is to move.
        let fmjd = Position::<International>::from_fen("W:WK46,K47,K48:BK5").expect("valid");
        let clocks = advance_clocks(EndgameRules::Fmjd, &[], &fmjd, None);
        assert_eq!(clocks.iter().map(|c| c.plies_left(Color::White)).min(), Some(32));
        // FMJD-64 7.2.7: five moves of the stronger side (White) with the lone king on the long
        // diagonal: nine plies if White moves next, ten if Black does.
        let russian = Position::<Russian>::from_fen("W:WKc1,Ke1,Kg1:BKa1").expect("valid");
        let clocks = advance_clocks(EndgameRules::Fmjd64, &[], &russian, None);
        let c = clocks.iter().find(|c| c.article() == "FMJD-64 7.2.7").expect("7.2.7 runs");
        assert_eq!((c.plies_left(Color::White), c.plies_left(Color::Black)), (9, 10));
        assert!(!c.expired());
    }
}
