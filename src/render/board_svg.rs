//! [`board_svg`]: a position of any variant as a self-contained SVG picture.
//!
//! The picture is built in two steps: a variant-free `Scene` is read off the typed position
//! (geometry and square names come from the variant's rules, through [`Variant::visit`]), then
//! drawn. Rows and columns are those players see: row 0 is the top as White sees the board,
//! column 0 is file `a`; mirrored boards (near-right corner playable) come out right because
//! the scene is placed through the variant's square names. Nothing here looks at the variant's
//! name.
//!
//! Every playable square is a `rect` with `class="square"` and `data-square` (its name as the
//! API writes it, `11` or `c3`); every piece is a `g` with `class="piece <colour> <man|king>"`
//! and the same `data-square`, so that a page can inline the picture and make it clickable.
//! Colours are presentation attributes (no `style`), so a strict Content-Security-Policy allows
//! the picture inline.

use core::fmt::Write as _;

use crate::rules::naming::SquareName;
use crate::rules::notation::fen::FenError;
use crate::rules::notation::fen::ParsePositionError;
use crate::rules::notation::move_text::{parse_squares, MoveTextError};
use crate::rules::position::PositionError;
use crate::rules::{Color, Position, Rules, Variant, VariantVisitor};

/// The picture's width and height in pixels when none is asked for.
pub const DEFAULT_SIZE: u32 = 480;
/// The smallest picture that may be asked for, in pixels.
pub const MIN_SIZE: u32 = 64;
/// The largest picture that may be asked for, in pixels.
pub const MAX_SIZE: u32 = 2048;

/// One cell's side in the picture's own units (the `viewBox`).
const CELL: u32 = 60;
/// The frame around the board when it carries no coordinates.
const THIN_MARGIN: u32 = 12;
/// The frame around the board when files and ranks are written in it.
const LABEL_MARGIN: u32 = 28;

const FRAME: &str = "#6b4a2b";
const LIGHT: &str = "#f0dcb4";
const DARK: &str = "#a97a4d";
/// Squares of a board where every square is playable (one colour, ruled lines).
const PLAIN: &str = "#e6c690";
const RULE: &str = "#8a6a3a";
const LABEL: &str = "#f6ead2";
const HIGHLIGHT: &str = "#f6dd4a";
const HIGHLIGHT_LINE: &str = "#c89b00";

/// What to draw: the position, the squares of the last move, which way up, how large.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Picture<'a> {
    /// The position as PDN FEN; `None` for the variant's start position.
    pub fen: Option<&'a str>,
    /// Squares to highlight, written as move text in the variant's square names (`11-15`,
    /// `22x15x8`, `c3-d4`): the last move's route, origin first.
    pub last_move: Option<&'a str>,
    /// `true`: Black's side at the bottom (the board turned half a turn).
    pub flip: bool,
    /// Width and height in pixels.
    pub size: u32,
}

impl Default for Picture<'_> {
    fn default() -> Self {
        Picture { fen: None, last_move: None, flip: false, size: DEFAULT_SIZE }
    }
}

/// Why a picture cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RenderError {
    /// The FEN cannot be read ([`FenError::is_syntax`]), or names squares this board does not
    /// have.
    Fen(FenError),
    /// The FEN is not a position of the variant.
    Position(PositionError),
    /// The last move's text is not move text ([`MoveTextError::is_syntax`]), or names a square
    /// that is not on this board.
    LastMove(MoveTextError),
}

impl core::fmt::Display for RenderError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RenderError::Fen(e) if e.is_syntax() => write!(f, "invalid FEN: {e}"),
            RenderError::Fen(e) => write!(f, "invalid position: {e}"),
            RenderError::Position(e) => write!(f, "invalid position: {e}"),
            RenderError::LastMove(e) => write!(f, "last_move: {e}"),
        }
    }
}

impl std::error::Error for RenderError {}

/// Draws `picture` of a position of `variant` as an SVG document.
pub fn board_svg(variant: Variant, picture: &Picture<'_>) -> Result<String, RenderError> {
    let scene = variant.visit(ReadScene { picture })?;
    Ok(draw(&scene, picture))
}

/// A playable square, where players see it.
#[derive(Clone, Copy, Debug)]
struct Cell {
    row: u8,
    column: u8,
    name: SquareName,
}

/// A piece on a square.
#[derive(Clone, Copy, Debug)]
struct Piece {
    cell: Cell,
    color: Color,
    king: bool,
}

/// Everything the drawing needs, with no variant types left.
#[derive(Clone, Debug)]
struct Scene {
    variant: Variant,
    fen: String,
    /// Rows (and columns).
    size: u8,
    /// The playable squares.
    squares: Vec<Cell>,
    /// Whether every square is playable (no light squares to draw).
    all_playable: bool,
    /// Whether the variant writes square numbers (drawn in the squares) rather than algebraic
    /// names (files and ranks drawn around the board).
    numbered: bool,
    pieces: Vec<Piece>,
    /// The last move's route, origin first.
    route: Vec<Cell>,
}

struct ReadScene<'p, 'a> {
    picture: &'p Picture<'a>,
}

impl VariantVisitor for ReadScene<'_, '_> {
    type Output = Result<Scene, RenderError>;

    fn visit<R: Rules>(self) -> Self::Output {
        let position = match self.picture.fen {
            None => Position::<R>::start(),
            Some(fen) => Position::<R>::from_fen(fen).map_err(|e| match e {
                ParsePositionError::Fen(e) => RenderError::Fen(e),
                ParsePositionError::Position(e) => RenderError::Position(e),
            })?,
        };
        let naming = &R::NAMING;
        let geometry = R::GEOMETRY;
        let cell = |square: u8| {
            let (file, rank) = naming.algebraic(square);
            Cell { row: geometry.size - rank, column: file, name: naming.name(square) }
        };
        let route = match self.picture.last_move {
            None => Vec::new(),
            Some(text) => parse_squares(text, naming).map_err(RenderError::LastMove)?.into_iter().map(cell).collect(),
        };
        let squares: Vec<Cell> = geometry.valid.map(cell).collect();
        let pieces = geometry
            .valid
            .filter_map(|square| {
                position.piece_at(square).map(|(color, king)| Piece { cell: cell(square), color, king })
            })
            .collect();
        Ok(Scene {
            variant: R::VARIANT,
            fen: position.to_fen(),
            size: geometry.size,
            all_playable: u32::from(geometry.squares) == u32::from(geometry.size) * u32::from(geometry.size),
            numbered: squares.first().is_some_and(|c| matches!(c.name, SquareName::Number(_))),
            squares,
            pieces,
            route,
        })
    }
}

/// Where things go in the picture's units.
struct Layout {
    size: u32,
    margin: u32,
    flip: bool,
}

impl Layout {
    /// The top-left corner of the cell players see at `(row, column)`.
    fn corner(&self, row: u8, column: u8) -> (u32, u32) {
        let last = self.size - 1;
        let (row, column) = if self.flip {
            (last - u32::from(row), last - u32::from(column))
        } else {
            (u32::from(row), u32::from(column))
        };
        (self.margin + column * CELL, self.margin + row * CELL)
    }

    fn centre(&self, cell: &Cell) -> (u32, u32) {
        let (x, y) = self.corner(cell.row, cell.column);
        (x + CELL / 2, y + CELL / 2)
    }

    fn total(&self) -> u32 {
        self.size * CELL + 2 * self.margin
    }
}

fn draw(scene: &Scene, picture: &Picture<'_>) -> String {
    let layout = Layout {
        size: u32::from(scene.size),
        margin: if scene.numbered { THIN_MARGIN } else { LABEL_MARGIN },
        flip: picture.flip,
    };
    let total = layout.total();
    let mut out = String::with_capacity(16 * 1024);
    let label = escape(&format!("{} position {}", scene.variant.name(), scene.fen));
    // Writing to a String cannot fail.
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {total} {total}" role="img" aria-label="{label}" class="board-picture" data-variant="{variant}">"#,
        size = picture.size,
        variant = scene.variant.id(),
    );
    let _ = write!(out, "<title>{label}</title>");
    let _ = write!(out, r#"<rect class="frame" width="{total}" height="{total}" rx="6" fill="{FRAME}"/>"#);
    draw_squares(&mut out, scene, &layout);
    draw_route(&mut out, &scene.route, &layout);
    draw_labels(&mut out, scene, &layout);
    out.push_str(r#"<g class="pieces">"#);
    for piece in &scene.pieces {
        draw_piece(&mut out, piece, &layout);
    }
    out.push_str("</g></svg>\n");
    out
}

fn draw_squares(out: &mut String, scene: &Scene, layout: &Layout) {
    out.push_str(r#"<g class="squares">"#);
    for row in 0..scene.size {
        for column in 0..scene.size {
            let (x, y) = layout.corner(row, column);
            let playable = scene.squares.iter().find(|c| c.row == row && c.column == column);
            let _ = match playable {
                Some(cell) if scene.all_playable => write!(
                    out,
                    r#"<rect class="square" data-square="{}" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{PLAIN}" stroke="{RULE}" stroke-width="1.5"/>"#,
                    cell.name
                ),
                Some(cell) => write!(
                    out,
                    r#"<rect class="square" data-square="{}" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{DARK}"/>"#,
                    cell.name
                ),
                None => {
                    write!(
                        out,
                        r#"<rect class="light" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{LIGHT}"/>"#
                    )
                }
            };
        }
    }
    out.push_str("</g>");
}

/// The last move: its squares tinted and a line along its route, under the pieces.
fn draw_route(out: &mut String, route: &[Cell], layout: &Layout) {
    if route.is_empty() {
        return;
    }
    out.push_str(r#"<g class="last-move" pointer-events="none">"#);
    let mut drawn: Vec<(u8, u8)> = Vec::with_capacity(route.len());
    for cell in route {
        if drawn.contains(&(cell.row, cell.column)) {
            continue;
        }
        drawn.push((cell.row, cell.column));
        let (x, y) = layout.corner(cell.row, cell.column);
        let _ = write!(
            out,
            r#"<rect class="highlight" data-square="{}" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{HIGHLIGHT}" fill-opacity="0.5"/>"#,
            cell.name
        );
    }
    let points: Vec<String> = route
        .iter()
        .map(|cell| {
            let (x, y) = layout.centre(cell);
            format!("{x},{y}")
        })
        .collect();
    let _ = write!(
        out,
        r#"<polyline points="{}" fill="none" stroke="{HIGHLIGHT_LINE}" stroke-width="5" stroke-opacity="0.8" stroke-linecap="round" stroke-linejoin="round"/>"#,
        points.join(" ")
    );
    out.push_str("</g>");
}

/// Square numbers in the squares, or files and ranks around the board.
fn draw_labels(out: &mut String, scene: &Scene, layout: &Layout) {
    out.push_str(r#"<g class="labels" pointer-events="none" font-family="sans-serif" font-size="14">"#);
    if scene.numbered {
        // In the top-left corner, clear of a piece's disc.
        for cell in &scene.squares {
            let (x, y) = layout.corner(cell.row, cell.column);
            let _ =
                write!(out, r#"<text x="{}" y="{}" fill="{LABEL}" font-size="12">{}</text>"#, x + 3, y + 12, cell.name);
        }
    } else {
        let size = layout.size;
        let below = layout.margin + size * CELL + layout.margin / 2;
        for i in 0..size {
            let file = if layout.flip { size - 1 - i } else { i };
            let rank = if layout.flip { i + 1 } else { size - i };
            let along = layout.margin + i * CELL + CELL / 2;
            let letter = char::from(b'a' + u8::try_from(file).unwrap_or(0));
            let _ = write!(
                out,
                r#"<text x="{along}" y="{below}" fill="{LABEL}" text-anchor="middle" dominant-baseline="central">{letter}</text>"#
            );
            let _ = write!(
                out,
                r#"<text x="{}" y="{along}" fill="{LABEL}" text-anchor="middle" dominant-baseline="central">{rank}</text>"#,
                layout.margin / 2
            );
        }
    }
    out.push_str("</g>");
}

/// A piece: a disc with a ring; a king also wears a crown.
fn draw_piece(out: &mut String, piece: &Piece, layout: &Layout) {
    let (cx, cy) = layout.centre(&piece.cell);
    let (colour, fill, stroke, ring) = match piece.color {
        Color::White => ("white", "#f7f3e8", "#5f5f5f", "#c8c0ac"),
        Color::Black => ("black", "#2b2b2b", "#0a0a0a", "#5a5a5a"),
    };
    let kind = if piece.king { "king" } else { "man" };
    let _ = write!(
        out,
        r##"<g class="piece {colour} {kind}" data-square="{name}"><circle cx="{cx}" cy="{shadow}" r="23" fill="#000" fill-opacity="0.25"/><circle cx="{cx}" cy="{cy}" r="23" fill="{fill}" stroke="{stroke}" stroke-width="2"/><circle cx="{cx}" cy="{cy}" r="16" fill="none" stroke="{ring}" stroke-width="2"/>"##,
        name = piece.cell.name,
        shadow = cy + 3,
    );
    if piece.king {
        let _ = write!(
            out,
            r##"<path class="crown" d="M{} {}l0-14 6.5 7 6.5-11 6.5 11 6.5-7 0 14z" fill="#e2b227" stroke="#7a5800" stroke-width="1.5" stroke-linejoin="round"/>"##,
            cx - 13,
            cy + 7
        );
    }
    out.push_str("</g>");
}

/// Text made safe for XML content and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn svg(variant: Variant, fen: Option<&str>, last_move: Option<&str>, flip: bool) -> String {
        board_svg(variant, &Picture { fen, last_move, flip, ..Picture::default() }).expect("a picture")
    }

    fn count(svg: &str, needle: &str) -> usize {
        svg.matches(needle).count()
    }

    /// The `(x, y)` of the `rect` of square `name`.
    fn square_corner(svg: &str, name: &str) -> (u32, u32) {
        let start = svg.find(&format!(r#"class="square" data-square="{name}""#)).expect("the square is drawn");
        let rest = &svg[start..];
        let attribute = |key: &str| -> u32 {
            let from = rest.find(&format!(r#" {key}=""#)).expect("an attribute") + key.len() + 3;
            rest[from..].split('"').next().and_then(|v| v.parse().ok()).expect("a number")
        };
        (attribute("x"), attribute("y"))
    }

    #[test]
    fn start_positions_show_every_square_and_every_man() {
        for variant in Variant::ALL {
            let summary = variant.summary();
            let picture = svg(variant, None, None, false);
            assert_eq!(count(&picture, r#"class="square""#), usize::from(summary.squares), "{variant}");
            let men = summary.rules.men_per_side as usize;
            assert_eq!(count(&picture, r#"class="piece white man""#), men, "{variant}");
            assert_eq!(count(&picture, r#"class="piece black man""#), men, "{variant}");
            assert_eq!(count(&picture, "king"), 0, "{variant}");
        }
    }

    #[test]
    fn kings_wear_a_crown_and_are_told_apart_by_colour() {
        let picture = svg(Variant::International, Some("W:WK10,20:BK30,40,41"), None, false);
        assert_eq!(count(&picture, r#"class="piece white king""#), 1);
        assert_eq!(count(&picture, r#"class="piece white man""#), 1);
        assert_eq!(count(&picture, r#"class="piece black king""#), 1);
        assert_eq!(count(&picture, r#"class="piece black man""#), 2);
        assert_eq!(count(&picture, r#"class="crown""#), 2);
    }

    #[test]
    fn square_one_is_top_left_and_moves_to_the_bottom_when_flipped() {
        let upright = svg(Variant::English, None, None, false);
        let flipped = svg(Variant::English, None, None, true);
        // English square 1 is the second square of White's far row.
        assert_eq!(square_corner(&upright, "1"), (THIN_MARGIN + CELL, THIN_MARGIN));
        assert_eq!(square_corner(&flipped, "1"), (THIN_MARGIN + 6 * CELL, THIN_MARGIN + 7 * CELL));
    }

    #[test]
    fn a_mirrored_board_puts_its_near_right_corner_on_a_playable_square() {
        // Italian: the near-right corner (h1) is playable; the near-left (a1) is not.
        let picture = svg(Variant::Italian, None, None, false);
        let bottom = THIN_MARGIN + 7 * CELL;
        let right = THIN_MARGIN + 7 * CELL;
        assert!(picture.contains(&format!(r#"x="{right}" y="{bottom}" width="{CELL}" height="{CELL}" fill="{DARK}""#)));
        assert!(picture
            .contains(&format!(r#"class="light" x="{THIN_MARGIN}" y="{bottom}" width="{CELL}" height="{CELL}""#)));
    }

    #[test]
    fn algebraic_boards_are_labelled_with_files_and_ranks_and_every_square_is_playable_in_turkish() {
        let picture = svg(Variant::Turkish, None, None, false);
        assert_eq!(count(&picture, r#"class="square""#), 64);
        assert_eq!(count(&picture, r#"class="light""#), 0);
        assert!(picture.contains(">a</text>") && picture.contains(">h</text>") && picture.contains(">8</text>"));
        assert!(picture.contains(r#"data-square="a1""#));
    }

    #[test]
    fn the_last_move_highlights_every_square_of_its_route() {
        let picture = svg(Variant::English, Some("W:W21-32:B1-10,12,15"), Some("11-15"), false);
        assert_eq!(count(&picture, r#"class="highlight""#), 2);
        assert!(picture.contains(r#"class="highlight" data-square="11""#));
        let capture = svg(Variant::Russian, Some("W:Wg5:Bh8"), Some("c1xe3xg5"), false);
        assert_eq!(count(&capture, r#"class="highlight""#), 3);
        assert!(capture.contains("<polyline"));
    }

    #[test]
    fn size_sets_the_pixel_dimensions_only() {
        let small = board_svg(Variant::English, &Picture { size: 100, ..Picture::default() }).unwrap();
        assert!(small.contains(r#"width="100" height="100" viewBox="0 0 504 504""#), "{}", &small[..200]);
    }

    #[test]
    fn bad_input_is_reported_by_kind() {
        let fen = board_svg(Variant::English, &Picture { fen: Some("X:W1"), ..Picture::default() });
        assert!(matches!(fen, Err(RenderError::Fen(_))), "{fen:?}");
        let position = board_svg(Variant::English, &Picture { fen: Some("W:W1-13:B20"), ..Picture::default() });
        assert!(matches!(position, Err(RenderError::Position(_))), "{position:?}");
        let off_board = board_svg(Variant::English, &Picture { last_move: Some("11-33"), ..Picture::default() });
        assert!(matches!(off_board, Err(RenderError::LastMove(_))), "{off_board:?}");
        let one_square = board_svg(Variant::Russian, &Picture { last_move: Some("c3"), ..Picture::default() });
        assert!(matches!(one_square, Err(RenderError::LastMove(_))), "{one_square:?}");
    }

    #[test]
    fn the_same_picture_is_drawn_byte_for_byte_every_time() {
        let picture = Picture { fen: Some("B:W18,K30:B14"), last_move: Some("26-30"), flip: true, size: 300 };
        assert_eq!(board_svg(Variant::English, &picture), board_svg(Variant::English, &picture));
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape(r#"<a href="x">&'"#), "&lt;a href=&quot;x&quot;&gt;&amp;&apos;");
    }
}
