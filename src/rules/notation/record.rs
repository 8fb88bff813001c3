//! PDN game records: a text of one or more games read into each game's tag pairs, move texts
//! and termination marker ([`read_games`]), and one game written back ([`write_game`]).
//! docs/rules.md §12, docs/api.md "Game records (PDN)".
//!
//! Only the grammar lives here: the moves are checked against a game by whoever replays them.
//! Comments (`{…}`, and `;` to the end of the line), variations (`(…)`, nested), NAGs (`$3`),
//! move numbers (`12.`, `12...`) and move marks (`!`, `?`) are read and dropped. Every loop
//! walks the text once; nesting is counted, never recursed into.

use super::Quoted;

/// The most games one text may hold.
pub const MAX_GAMES: usize = 200;

/// The widest line of move text [`write_game`] writes, in characters (as PGN's export format).
const LINE_WIDTH: usize = 79;

/// The `GameType` numbers whose results PDN 3.0 counts in two points a game (its result type
/// "International": `2-0`, `0-2`, `1-1`): International draughts and Canadian draughts. Every
/// other game type uses the result type "Default" (`1-0`, `0-1`, `1/2-1/2`).
const TWO_POINT_GAME_TYPES: [u8; 2] = [20, 27];

/// How a game ended, as a termination marker or `Result` tag gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// `1-0` or `2-0`.
    WhiteWins,
    /// `0-1` or `0-2`.
    BlackWins,
    /// `1/2-1/2` or `1-1`.
    Draw,
    /// `*` (unfinished or unknown) or `0-0` (declared lost for both): no winner to check.
    Unknown,
}

impl GameResult {
    /// The result a token names, in either of PDN 3.0's result types: `1-0`, `0-1`,
    /// `1/2-1/2`, or `2-0`, `0-2`, `1-1`; and `0-0`, `*`.
    pub fn read(token: &str) -> Option<GameResult> {
        match token {
            "1-0" | "2-0" => Some(GameResult::WhiteWins),
            "0-1" | "0-2" => Some(GameResult::BlackWins),
            "1/2-1/2" | "1-1" => Some(GameResult::Draw),
            "*" | "0-0" => Some(GameResult::Unknown),
            _ => None,
        }
    }

    /// The token PDN 3.0 writes for this result in a game of type `game_type`: `2-0`, `0-2`,
    /// `1-1` for International (20) and Canadian (27) draughts, `1-0`, `0-1`, `1/2-1/2` for the
    /// others; `*` for an unknown result.
    pub fn token(self, game_type: u8) -> &'static str {
        let two_points = TWO_POINT_GAME_TYPES.contains(&game_type);
        match self {
            GameResult::WhiteWins if two_points => "2-0",
            GameResult::BlackWins if two_points => "0-2",
            GameResult::Draw if two_points => "1-1",
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }
}

/// One game of a PDN text, as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordedGame<'a> {
    /// The tag pairs, in the order written, values unescaped.
    pub tags: Vec<(&'a str, String)>,
    /// The move texts, without move numbers or marks.
    pub moves: Vec<&'a str>,
    /// The termination marker, if the game has one.
    pub result: Option<&'a str>,
}

impl RecordedGame<'_> {
    /// The value of the last tag named `name` (names compared as written).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().rev().find(|(n, _)| *n == name).map(|(_, v)| v.as_str())
    }

    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.moves.is_empty() && self.result.is_none()
    }
}

/// Why a PDN text cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The text holds more than [`MAX_GAMES`] games.
    TooManyGames,
    /// Game `game` (0-based) is not of PDN's form; `what` says where.
    Malformed {
        /// The game's place in the text, from 0.
        game: usize,
        /// What is wrong.
        what: String,
    },
}

impl core::fmt::Display for RecordError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RecordError::TooManyGames => write!(f, "the text holds more than {MAX_GAMES} games"),
            RecordError::Malformed { game, what } => write!(f, "games[{game}]: {what}"),
        }
    }
}

impl std::error::Error for RecordError {}

/// Reads every game of `text`. A game ends at its termination marker, or where the next
/// game's tags begin, or at the end of the text.
pub fn read_games(text: &str) -> Result<Vec<RecordedGame<'_>>, RecordError> {
    let mut games = Vec::new();
    let mut game = RecordedGame::default();
    let mut rest = text;
    loop {
        rest = rest.trim_start();
        let Some(first) = rest.chars().next() else { break };
        match first {
            '[' => {
                if !game.moves.is_empty() {
                    finish(&mut games, &mut game)?;
                }
                let (tag, after) = read_tag(rest).map_err(|what| malformed(&games, what))?;
                game.tags.push(tag);
                rest = after;
            }
            '{' => rest = skip_past(rest, '}').ok_or_else(|| malformed(&games, "a comment `{` is never closed"))?,
            ';' => rest = rest.find('\n').map_or("", |end| &rest[end..]),
            '(' => rest = skip_variation(rest).ok_or_else(|| malformed(&games, "a variation `(` is never closed"))?,
            ')' => return Err(malformed(&games, "a `)` closes no variation")),
            ']' => return Err(malformed(&games, "a `]` closes no tag")),
            '}' => return Err(malformed(&games, "a `}` closes no comment")),
            _ => {
                // A move written with spaces after its separator (`1- 6`) is one token.
                let mut end = token_end(rest);
                while rest[..end].ends_with(['-', 'x', 'X', ':']) {
                    let gap = rest[end..].len() - rest[end..].trim_start().len();
                    match token_end(&rest[end + gap..]) {
                        0 => break,
                        next => end += gap + next,
                    }
                }
                let (token, after) = rest.split_at(end);
                rest = after;
                if GameResult::read(token).is_some() {
                    game.result = Some(token);
                    finish(&mut games, &mut game)?;
                } else if let Some(mv) = move_text(token) {
                    game.moves.push(mv);
                }
            }
        }
    }
    if !game.is_empty() {
        finish(&mut games, &mut game)?;
    }
    Ok(games)
}

/// The error `what` in the game after `games`.
fn malformed(games: &[RecordedGame<'_>], what: impl Into<String>) -> RecordError {
    RecordError::Malformed { game: games.len(), what: what.into() }
}

/// The length of the token `text` starts with: up to whitespace or a character that starts or
/// ends another part.
fn token_end(text: &str) -> usize {
    text.find(|c: char| c.is_whitespace() || "[]{}();".contains(c)).unwrap_or(text.len())
}

/// Ends the current game: adds it to `games`, unless that makes too many.
fn finish<'a>(games: &mut Vec<RecordedGame<'a>>, game: &mut RecordedGame<'a>) -> Result<(), RecordError> {
    if games.len() == MAX_GAMES {
        return Err(RecordError::TooManyGames);
    }
    games.push(core::mem::take(game));
    Ok(())
}

/// The move text of a token, without a move number before it (`12.`, `12...`) or marks after it
/// (`!`, `?`); `None` for a token that is only a number, a mark or a NAG (`$3`).
fn move_text(token: &str) -> Option<&str> {
    if token.starts_with('$') {
        return None;
    }
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let token = match token[digits..].trim_start_matches('.') {
        after if digits > 0 && after.len() < token.len() - digits => after,
        _ => token,
    };
    let token = token.trim_end_matches(['!', '?']);
    (!token.is_empty()).then_some(token)
}

/// `text` after the first `close`, or `None` if there is none.
fn skip_past(text: &str, close: char) -> Option<&str> {
    text.find(close).map(|end| &text[end + close.len_utf8()..])
}

/// `text` (starting with `(`) after the variation it opens: parentheses are counted, comments
/// inside skipped whole.
fn skip_variation(text: &str) -> Option<&str> {
    let mut depth = 0usize;
    let mut rest = text;
    while let Some(at) = rest.find(['(', ')', '{']) {
        let after = &rest[at + 1..];
        match rest.as_bytes()[at] {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(after);
                }
            }
            _ => {
                rest = skip_past(after, '}')?;
                continue;
            }
        }
        rest = after;
    }
    None
}

/// Reads a tag pair `[Name "value"]` at the start of `text`: the name, the unescaped value
/// (`\"` and `\\`), and the text after it.
fn read_tag(text: &str) -> Result<((&str, String), &str), String> {
    let inner = text[1..].trim_start();
    let name_end = inner.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(inner.len());
    let (name, after_name) = inner.split_at(name_end);
    if name.is_empty() {
        return Err("a tag `[` has no name".into());
    }
    let Some(quoted) = after_name.trim_start().strip_prefix('"') else {
        return Err(format!("the tag {} has no quoted value", Quoted(name)));
    };
    let mut value = String::new();
    let mut chars = quoted.char_indices();
    let after_value = loop {
        match chars.next() {
            Some((_, '\\')) => value.extend(chars.next().map(|(_, c)| c)),
            Some((i, '"')) => break &quoted[i + 1..],
            Some((_, c)) => value.push(c),
            None => return Err(format!("the value of the tag {} is never closed", Quoted(name))),
        }
    };
    match after_value.trim_start().strip_prefix(']') {
        Some(after) => Ok(((name, value), after)),
        None => Err(format!("the tag {} is not closed by `]`", Quoted(name))),
    }
}

/// Writes one game: its tag pairs in order (values escaped), a blank line, then its moves
/// with move numbers, wrapped at 79 characters, and the result token `result`.
/// `first_is_second_player` says whether the first move is the reply of the side that moves
/// second (written `1...`).
pub fn write_game(tags: &[(&str, &str)], moves: &[&str], first_is_second_player: bool, result: &str) -> String {
    let mut out = String::new();
    for (name, value) in tags {
        out.push_str(&format!("[{name} \"{}\"]\n", value.replace('\\', "\\\\").replace('"', "\\\"")));
    }
    out.push('\n');
    let mut words = Vec::with_capacity(moves.len() * 3 / 2 + 1);
    for (ply, mv) in moves.iter().enumerate() {
        let turn = ply + usize::from(first_is_second_player);
        if turn % 2 == 0 {
            words.push(format!("{}.", turn / 2 + 1));
        } else if ply == 0 {
            words.push("1...".to_owned());
        }
        words.push((*mv).to_owned());
    }
    words.push(result.to_owned());
    let mut line = 0;
    for word in words {
        if line > 0 && line + 1 + word.len() > LINE_WIDTH {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        line += word.len();
        out.push_str(&word);
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_split_at_results_and_at_new_tags() {
        let text = "[Event \"a\"]\n1. 11-15 23-19 1-0\n[Event \"b\"] 1. 9-14\n[Event \"c\"]\n1. 10-14 *";
        let games = read_games(text).expect("readable");
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].moves, ["11-15", "23-19"]);
        assert_eq!(games[0].result, Some("1-0"));
        assert_eq!(games[1].tag("Event"), Some("b"));
        assert_eq!(games[1].result, None);
        assert_eq!(games[2].moves, ["10-14"]);
    }

    #[test]
    fn comments_variations_nags_numbers_and_marks_are_dropped() {
        let text = "1.11-15! {a (comment} 23-19?! ; to the end\n (1... 9-14 (2. 22-18 {)}) 23-19) $3 2... 8- 11 0-2";
        let games = read_games(text).expect("readable");
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].moves, ["11-15", "23-19", "8- 11"]);
        assert_eq!(games[0].result, Some("0-2"));
    }

    #[test]
    fn tag_values_are_unescaped_and_written_escaped() {
        let games = read_games(r#"[White "a \"b\" \\ c"]"#).expect("readable");
        assert_eq!(games[0].tags, [("White", r#"a "b" \ c"#.to_owned())]);
        let text = write_game(&[("White", r#"a "b" \ c"#)], &[], false, "*");
        assert_eq!(text, "[White \"a \\\"b\\\" \\\\ c\"]\n\n*\n");
    }

    #[test]
    fn results_are_written_in_the_game_types_result_type_and_read_in_either() {
        let written = |result: GameResult, game_type| result.token(game_type);
        assert_eq!(written(GameResult::WhiteWins, 20), "2-0");
        assert_eq!(written(GameResult::Draw, 27), "1-1");
        assert_eq!(written(GameResult::BlackWins, 25), "0-1");
        assert_eq!(written(GameResult::Unknown, 20), "*");
        for result in [GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw, GameResult::Unknown] {
            for game_type in [20, 21] {
                assert_eq!(GameResult::read(result.token(game_type)), Some(result));
            }
        }
    }

    #[test]
    fn unclosed_parts_are_errors_naming_the_game() {
        for text in ["1-0 [Event \"x", "1-0 {", "1-0 (((", "1-0 )", "1-0 ]", "1-0 }", "1-0 [\"x\"]", "1-0 [Event x]"] {
            assert!(matches!(read_games(text), Err(RecordError::Malformed { game: 1, .. })), "{text}");
        }
    }

    #[test]
    fn deep_nesting_is_counted_not_recursed() {
        let deep = format!("{}{} 1. 32-28 *", "(".repeat(100_000), ")".repeat(100_000));
        assert_eq!(read_games(&deep).expect("readable")[0].moves, ["32-28"]);
    }

    #[test]
    fn more_than_the_most_games_is_an_error() {
        assert_eq!(read_games(&"* ".repeat(MAX_GAMES)).map(|g| g.len()), Ok(MAX_GAMES));
        assert_eq!(read_games(&"* ".repeat(MAX_GAMES + 1)), Err(RecordError::TooManyGames));
    }

    #[test]
    fn moves_are_numbered_from_the_side_that_moves_first() {
        let text = write_game(&[], &["a", "b", "c"], false, "1/2-1/2");
        assert_eq!(text, "\n1. a b 2. c 1/2-1/2\n");
        let text = write_game(&[], &["a", "b", "c"], true, "1-0");
        assert_eq!(text, "\n1... a 2. b c 1-0\n");
        let long = write_game(&[], &["32-28"; 40], false, "*");
        assert!(long.lines().all(|line| line.len() <= LINE_WIDTH), "{long}");
        assert_eq!(read_games(&long).expect("readable")[0].moves.len(), 40);
    }
}
