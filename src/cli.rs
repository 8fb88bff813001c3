//! The command line: `serve` (the default), `perft`, `think`, `selfplay`, `replay`, `book`,
//! `endgame` and `openapi`.

use std::io::Write;
use std::time::Instant;

use clap::{Parser, Subcommand};

use core::time::Duration;

use crate::engine::book::{grow, Book, BookEvent, BookHeader, GrowSettings};
use crate::engine::endgame::file::variant_dir;
use crate::engine::endgame::verify::verify;
use crate::engine::endgame::{build, Endgames, Event};
use crate::engine::eval::evaluate;
use crate::engine::selfplay::record::final_check;
use crate::engine::selfplay::{
    read_games, replay, self_play, write_games, GameRecord, GamesHeader, Replayed, SelfPlay,
};
use crate::rules::movegen::Counting;
use crate::rules::perft::{perft, PerftOptions};
use crate::rules::{Color, Position, Rules, Variant, VariantVisitor};
use crate::service::{
    AiMoveAsk, AiMoveSettings, Difficulty, GameRequest, Level, SearchConfig, SearchError, SearchLimits, Searches,
};

/// draughts-api: checkers and draughts over HTTP.
#[derive(Debug, Parser)]
#[command(version, about)]
pub struct Cli {
    /// What to do; serving is the default.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// A subcommand.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the HTTP API (configured by environment variables).
    Serve,
    /// Count (and time) move sequences to a depth: one line per depth,
    /// `<depth> <nodes> <seconds> <nodes per second>`.
    Perft(PerftArgs),
    /// Search one position as `POST /v1/ai-move` would and print what the search saw:
    /// `<move> score=<s> depth=<d> nodes=<n> seconds=<t> nps=<r> pv=<line>`.
    Think(ThinkArgs),
    /// Play the engine against itself from random openings and write the games, compactly, to
    /// a games file (data/README.md).
    Selfplay(SelfplayArgs),
    /// Replay games files and print every fitted position (quiet, after the opening):
    /// `<game number> <White's result: 1, 0.5 or 0> <static value for White> <FEN> [<label>]`,
    /// the label (White's deeper search score) when the file has labels.
    Replay(ReplayArgs),
    /// Grow a variant's opening book by drop-out expansion (data/README.md), resuming the book
    /// already in `--out` if there is one.
    Book(BookArgs),
    /// Build the endgame databases of a variant: every position with up to `--pieces`
    /// pieces, into `--dir/<variant>/`, resuming a build that stopped (docs/endgame.md).
    Endgame(EndgameArgs),
    /// Print the OpenAPI document (as committed in `openapi/openapi.json`).
    Openapi,
}

/// Arguments of `perft`.
#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    /// The variant id (english, russian, brazilian, international, spanish, italian, czech,
    /// turkish, pool, thai, antidraughts, breakthrough).
    #[arg(long)]
    pub variant: Variant,
    /// The position (PDN FEN); the variant's start position if omitted.
    #[arg(long)]
    pub fen: Option<String>,
    /// The deepest depth to count.
    #[arg(long)]
    pub depth: u32,
    /// Count every capture route (every square a king may stop on between two captures in a
    /// straight line counts) instead of every distinct move.
    #[arg(long, conflicts_with = "sequences")]
    pub paths: bool,
    /// Count every sequence of captured pieces (dctl's "keep duplicates") instead of every
    /// distinct move.
    #[arg(long)]
    pub sequences: bool,
}

/// Arguments of `think`.
#[derive(Debug, clap::Args)]
pub struct ThinkArgs {
    /// The variant id.
    #[arg(long)]
    pub variant: Variant,
    /// The start position (PDN FEN); the variant's start position if omitted.
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves played from it, in PDN, separated by spaces.
    #[arg(long, default_value = "")]
    pub moves: String,
    /// The level: 1 to 10, or its name (easy, normal or hard).
    #[arg(long, default_value = "hard", value_parser = parse_level)]
    pub difficulty: Level,
    /// The time budget in milliseconds (the level's default if omitted).
    #[arg(long, conflicts_with = "depth")]
    pub time_ms: Option<u64>,
    /// Search to exactly this depth, however long it takes (instead of a time budget).
    #[arg(long)]
    pub depth: Option<u32>,
    /// The seed of the level's randomness.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Probe the endgame databases under this directory (as `ENDGAME_DIR`; none if omitted).
    #[arg(long)]
    pub endgame_dir: Option<std::path::PathBuf>,
}

/// Arguments of `selfplay`.
#[derive(Debug, clap::Args)]
pub struct SelfplayArgs {
    /// The variant id.
    #[arg(long)]
    pub variant: Variant,
    /// How many games.
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    /// The depth each move is searched to.
    #[arg(long, default_value_t = 6)]
    pub depth: u32,
    /// Random plies that open each game.
    #[arg(long, default_value_t = 6)]
    pub opening_plies: u32,
    /// Each root move's score is shifted by up to this much at random (hundredths of a man).
    #[arg(long, default_value_t = 10)]
    pub noise: i32,
    /// The seed of every random choice.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The depth each quiet position after the opening is searched to for its label (0: no
    /// labels).
    #[arg(long, default_value_t = 0)]
    pub label_depth: u32,
    /// The games file to write (by convention `data/selfplay/<variant>/...games.gz`).
    #[arg(long)]
    pub out: std::path::PathBuf,
}

/// Arguments of `replay`.
#[derive(Debug, clap::Args)]
pub struct ReplayArgs {
    /// The games files.
    #[arg(required = true)]
    pub files: Vec<std::path::PathBuf>,
    /// Print one line per file instead: `<file> <variant> <games> <positions> <labelled>
    /// <check>`, the check an FNV-1a hash of every position's FEN and label, in order.
    #[arg(long)]
    pub summary: bool,
}

/// Arguments of `book`.
#[derive(Debug, clap::Args)]
pub struct BookArgs {
    /// The variant id.
    #[arg(long)]
    pub variant: Variant,
    /// The book file: grown further if it exists, else made.
    #[arg(long)]
    pub out: std::path::PathBuf,
    /// Opening positions to grow the book from (a JSON file with an object `all` of names to
    /// FENs, as in `bench/openings/`); the start position when not given.
    #[arg(long)]
    pub openings: Option<std::path::PathBuf>,
    /// The depth each position is searched to.
    #[arg(long, default_value_t = 14)]
    pub depth: u32,
    /// The most moves searched for each position.
    #[arg(long, default_value_t = 4)]
    pub lines: usize,
    /// The moves kept: those within this many hundredths of a man of the best.
    #[arg(long, default_value_t = 30)]
    pub margin: i16,
    /// The cost of a ply, in hundredths of a man dropped (higher: narrower and deeper).
    #[arg(long, default_value_t = 8)]
    pub ply_cost: u32,
    /// Plies of the best line taken from each opening position, whatever the cost.
    #[arg(long, default_value_t = 9)]
    pub line_plies: u32,
    /// The positions the book should hold.
    #[arg(long)]
    pub positions: usize,
    /// Write the book after every this many positions added.
    #[arg(long, default_value_t = 20)]
    pub save_every: usize,
    /// No progress bar (the summary is still printed).
    #[arg(long)]
    pub quiet: bool,
}

/// Arguments of `endgame`.
#[derive(Debug, clap::Args)]
pub struct EndgameArgs {
    /// The variant id.
    #[arg(long)]
    pub variant: Variant,
    /// The most pieces on the board (2 to 9).
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=9))]
    pub pieces: u32,
    /// The directory that holds one subdirectory per variant (what `ENDGAME_DIR` names).
    #[arg(long)]
    pub dir: std::path::PathBuf,
    /// No progress bar (the summary is still printed).
    #[arg(long)]
    pub quiet: bool,
    /// After the build, check the packed files against the working files through the probes:
    /// every position's result, and the distance of every N-th index (1: every one).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub verify: Option<u64>,
}

fn parse_level(text: &str) -> Result<Level, String> {
    Difficulty::from_id(text)
        .map(Difficulty::level)
        .or_else(|| text.parse().ok().and_then(Level::new))
        .ok_or_else(|| format!("unknown level {text:?}: 1 to 10, easy, normal or hard"))
}

/// The longest `think` may take: its budget with `--depth`.
const NO_TIME_LIMIT: Duration = Duration::from_secs(24 * 3600);

/// Runs `think` as the command line asked, writing to `out`.
pub fn run_think(args: &ThinkArgs, mut out: impl Write) -> Result<(), String> {
    let moves: Vec<&str> = args.moves.split_whitespace().collect();
    let mut game = GameRequest::start(args.variant).with_moves(&moves);
    game.fen = args.fen.clone();
    let settings = AiMoveSettings {
        level: args.difficulty,
        clock: None,
        budget: if args.depth.is_some() { Some(NO_TIME_LIMIT) } else { args.time_ms.map(Duration::from_millis) },
        max_depth: args.depth,
        seed: args.seed,
    };
    if let Some(dir) = &args.endgame_dir {
        if let Some(error) = Endgames::load(dir).1.first() {
            return Err(error.to_string());
        }
    }
    // The server's one door to the computer, with one search thread and no cache.
    let config = SearchConfig {
        threads: 1,
        queue: 0,
        cache_bytes: 0,
        limits: SearchLimits {
            max_search: NO_TIME_LIMIT,
            clock_margin: core::time::Duration::from_millis(50),
            max_review: NO_TIME_LIMIT,
            max_review_document: NO_TIME_LIMIT,
        },
        endgame_dir: args.endgame_dir.clone(),
    };
    let searches = Searches::new(&config, &prometheus::Registry::new()).map_err(|e| e.to_string())?;
    let runtime = tokio::runtime::Builder::new_current_thread().build().map_err(|e| e.to_string())?;
    let answer = runtime.block_on(searches.run(&game, AiMoveAsk(settings))).map_err(|e| match e {
        SearchError::Replay(e) => e.to_string(),
        SearchError::GameOver(status) => format!("the game is over: {status:?}"),
        other => format!("the search failed: {other:?}"),
    })?;
    let seconds = answer.elapsed.as_secs_f64();
    writeln!(
        out,
        "{} score={}{} depth={} nodes={} seconds={seconds:.3} nps={:.0} pv={}",
        answer.mv.notation,
        answer.score,
        answer.score_kind.map_or(String::new(), |k| format!(" ({k:?})")),
        answer.depth,
        answer.nodes,
        answer.nodes as f64 / seconds.max(1e-9),
        answer.pv.join(" ")
    )
    .map_err(|e| e.to_string())
}

impl PerftArgs {
    fn counting(&self) -> Counting {
        match (self.paths, self.sequences) {
            (true, _) => Counting::Routes,
            (_, true) => Counting::Sequences,
            _ => Counting::Moves,
        }
    }
}

/// A subcommand's arguments and where it writes, run with the variant's rules.
struct Run<'a, A, W: Write> {
    args: &'a A,
    out: W,
}

impl<W: Write> VariantVisitor for Run<'_, PerftArgs, W> {
    type Output = Result<(), String>;

    fn visit<R: Rules>(mut self) -> Result<(), String> {
        let fen = self.args.fen.as_deref().unwrap_or(R::START_FEN);
        let position = Position::<R>::from_fen(fen).map_err(|e| format!("invalid --fen: {e}"))?;
        let write_error = |e: std::io::Error| e.to_string();
        writeln!(
            self.out,
            "# perft variant={} fen={} counting={}",
            R::VARIANT,
            position.to_fen(),
            format!("{:?}", self.args.counting()).to_lowercase()
        )
        .map_err(write_error)?;
        for depth in 1..=self.args.depth {
            let started = Instant::now();
            let nodes =
                perft(&position, depth, PerftOptions { counting: self.args.counting(), mandatory_capture: true });
            let seconds = started.elapsed().as_secs_f64();
            let rate = if seconds > 0.0 { nodes as f64 / seconds } else { 0.0 };
            writeln!(self.out, "{depth} {nodes} {seconds:.6} {rate:.0}").map_err(write_error)?;
        }
        Ok(())
    }
}

impl VariantVisitor for &SelfplayArgs {
    type Output = Result<(), String>;

    fn visit<R: Rules>(self) -> Result<(), String> {
        let settings = SelfPlay {
            games: self.games,
            depth: self.depth,
            label_depth: self.label_depth,
            opening_plies: self.opening_plies,
            noise: self.noise,
            seed: self.seed,
        };
        let mut records = Vec::new();
        self_play::<R>(&settings, |record| records.push(record));
        let header = GamesHeader {
            variant: R::VARIANT.to_string(),
            games: records.len() as u64,
            depth: self.depth,
            label_depth: self.label_depth,
            opening_plies: self.opening_plies,
            noise: self.noise,
            seed: self.seed,
        };
        write_games(&self.out, &header, &records)
    }
}

/// Runs `selfplay` as the command line asked.
pub fn run_selfplay(args: &SelfplayArgs) -> Result<(), String> {
    if args.out.exists() {
        return Err(format!("{} exists: each run writes a new file, so no game is played twice", args.out.display()));
    }
    args.variant.visit(args)
}

/// One games file replayed: its records, and where the lines go.
struct ReplayFile<'a, W: Write> {
    path: &'a std::path::Path,
    records: &'a [GameRecord],
    out: &'a mut W,
    summary: bool,
    /// The number of the last game printed, over every file.
    game: &'a mut u64,
}

impl<W: Write> VariantVisitor for ReplayFile<'_, W> {
    type Output = Result<(), String>;

    fn visit<R: Rules>(self) -> Result<(), String> {
        let name = self.path.display();
        let (mut positions, mut labelled, mut check) = (0u64, 0u64, 0x811c_9dc5u32);
        for record in self.records {
            *self.game += 1;
            let replayed = replay::<R>(record).map_err(|e| format!("{name}: game {}: {e}", *self.game))?;
            positions += replayed.len() as u64;
            for Replayed { position, label } in replayed {
                labelled += u64::from(label.is_some());
                let fen = position.to_fen();
                if self.summary {
                    check = final_check(&format!("{check:08x} {fen} {label:?}"));
                    continue;
                }
                let eval = evaluate(&position);
                let eval = if position.side_to_move() == Color::White { eval } else { -eval };
                let result = record.result.white_score();
                match label {
                    Some(label) => writeln!(self.out, "{} {result} {eval} {fen} {label}", *self.game),
                    None => writeln!(self.out, "{} {result} {eval} {fen}", *self.game),
                }
                .map_err(|e| e.to_string())?;
            }
        }
        if self.summary {
            writeln!(self.out, "{name} {} {} {positions} {labelled} {check:08x}", R::VARIANT, self.records.len())
                .map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

/// Runs `replay` as the command line asked, writing to `out`.
pub fn run_replay(args: &ReplayArgs, mut out: impl Write) -> Result<(), String> {
    let mut game = 0;
    for path in &args.files {
        let (header, records) = read_games(path)?;
        let variant = Variant::from_id(&header.variant)
            .ok_or_else(|| format!("{}: unknown variant {:?}", path.display(), header.variant))?;
        let file = ReplayFile { path, records: &records, out: &mut out, summary: args.summary, game: &mut game };
        variant.visit(file)?;
    }
    out.flush().map_err(|e| e.to_string())
}

/// Serves the HTTP API as the environment configures it, until SIGINT or SIGTERM.
pub fn serve() -> Result<(), String> {
    let config = crate::http::config::Config::from_env().map_err(|e| e.to_string())?;
    let _log_writer = crate::http::telemetry::init(config.log_format);
    crate::http::startup::raise_file_limit();
    actix_web::rt::System::new().block_on(async move {
        let app = crate::http::startup::Application::build(config.clone()).map_err(|e| format!("cannot start: {e}"))?;
        app.run_until_stopped().await.map_err(|e| e.to_string())
    })
}

impl<W: Write> VariantVisitor for Run<'_, EndgameArgs, W> {
    type Output = Result<(), String>;

    fn visit<R: Rules>(mut self) -> Result<(), String> {
        let args = self.args;
        let bar = if args.quiet {
            indicatif::ProgressBar::hidden()
        } else {
            indicatif::ProgressBar::new(0).with_style(
                indicatif::ProgressStyle::with_template(
                    "{msg} [{elapsed_precise}] {wide_bar} {human_pos}/{human_len} positions, {per_sec}, {eta} left",
                )
                .expect("a valid template"),
            )
        };
        let mut solving = String::new();
        let summary = build::<R>(&args.dir, args.pieces, &mut |event| match event {
            Event::Planned { kept, to_solve, positions } => {
                bar.set_length(positions);
                bar.suspend(|| eprintln!("{}: {kept} slices kept, {to_solve} to solve", R::VARIANT));
            }
            Event::Refused(reason) => bar.suspend(|| eprintln!("{reason}; solving it again")),
            Event::Solving(material) => {
                solving = material.to_string();
                bar.set_message(format!("{} {solving}", R::VARIANT));
            }
            Event::Progress(n) => bar.inc(n),
            Event::Written { .. } | Event::Packed { .. } => {}
            Event::PackPlanned { kept, to_pack, positions } => {
                bar.set_position(0);
                bar.set_length(positions);
                bar.suspend(|| eprintln!("{}: {kept} slices packed already, {to_pack} to pack", R::VARIANT));
            }
            Event::Packing(material) => bar.set_message(format!("{} packing {material}", R::VARIANT)),
        })
        .map_err(|e| e.to_string())?;
        bar.finish_and_clear();
        writeln!(
            self.out,
            "endgame variant={} pieces={} slices={} solved={} bytes={} packed_bytes={} seconds={:.1} dir={}",
            R::VARIANT,
            args.pieces,
            summary.slices,
            summary.solved,
            summary.bytes,
            summary.packed_bytes,
            summary.elapsed.as_secs_f64(),
            variant_dir(&args.dir, R::VARIANT).display()
        )
        .map_err(|e| e.to_string())?;
        let Some(every) = args.verify else { return Ok(()) };
        let started = std::time::Instant::now();
        bar.reset();
        bar.set_message(format!("{} verifying", R::VARIANT));
        bar.set_length(summary.positions);
        let verified = verify::<R>(&args.dir, args.pieces, every, &mut |n| bar.inc(n))?;
        bar.finish_and_clear();
        writeln!(
            self.out,
            "verified variant={} pieces={} results={} captures={} distances={} result_probe_ns={:.0} distance_probe_ns={:.0} seconds={:.1}",
            R::VARIANT,
            args.pieces,
            verified.results,
            verified.captures,
            verified.distances,
            verified.result_time.as_nanos() as f64 / verified.results.max(1) as f64,
            verified.distance_time.as_nanos() as f64 / verified.distances.max(1) as f64,
            started.elapsed().as_secs_f64()
        )
        .map_err(|e| e.to_string())
    }
}

/// The openings file of `book --openings`: names to FENs.
#[derive(serde::Deserialize)]
struct Openings {
    all: std::collections::BTreeMap<String, String>,
}

impl<W: Write> VariantVisitor for Run<'_, BookArgs, W> {
    type Output = Result<(), String>;

    fn visit<R: Rules>(mut self) -> Result<(), String> {
        let args = self.args;
        let roots = match &args.openings {
            None => vec![Position::<R>::start()],
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
                let openings: Openings = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
                openings
                    .all
                    .iter()
                    .map(|(name, fen)| Position::<R>::from_fen(fen).map_err(|e| format!("opening {name}: {e}")))
                    .collect::<Result<_, _>>()?
            }
        };
        let mut book = match std::fs::read(&args.out) {
            Ok(bytes) => Book::parse(&bytes).map_err(|e| format!("{}: {e}", args.out.display()))?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Book::default(),
            Err(e) => return Err(format!("{}: {e}", args.out.display())),
        };
        if book.variant().is_some_and(|v| v != R::VARIANT.to_string()) {
            return Err(format!("{} is a book of {}", args.out.display(), book.variant().unwrap_or_default()));
        }
        let header =
            BookHeader { variant: R::VARIANT.to_string(), depth: args.depth, margin: args.margin, positions: 0 };
        if book.header.as_ref().is_some_and(|h| (h.depth, h.margin) != (args.depth, args.margin)) {
            return Err(format!("{} was grown with another --depth or --margin", args.out.display()));
        }
        let settings = GrowSettings {
            depth: args.depth,
            lines: args.lines,
            margin: args.margin,
            ply_cost: args.ply_cost,
            line_plies: args.line_plies,
            positions: args.positions,
        };
        let bar = if args.quiet {
            indicatif::ProgressBar::hidden()
        } else {
            indicatif::ProgressBar::new(args.positions as u64)
        };
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{msg} [{elapsed_precise}] {wide_bar} {pos}/{len} positions, {eta} left",
            )
            .expect("a valid template"),
        );
        bar.set_message(format!("{} book", R::VARIANT));
        bar.set_position(book.entries.len() as u64);
        let started = Instant::now();
        let (before, mut saved) = (book.entries.len(), Ok(()));
        let save = |book: &Book| {
            let partial = args.out.with_extension("partial");
            std::fs::write(&partial, book.to_bytes(&header))
                .and_then(|()| std::fs::rename(&partial, &args.out))
                .map_err(|e| format!("{}: {e}", args.out.display()))
        };
        grow(&mut book, &roots, &settings, |BookEvent::Added { positions }, book| {
            bar.set_position(positions as u64);
            if positions % args.save_every.max(1) == 0 && saved.is_ok() {
                saved = save(book);
            }
        });
        saved?;
        save(&book)?;
        bar.finish_and_clear();
        writeln!(
            self.out,
            "book variant={} positions={} added={} bytes={} seconds={:.1} file={}",
            R::VARIANT,
            book.entries.len(),
            book.entries.len() - before,
            book.to_bytes(&header).len(),
            started.elapsed().as_secs_f64(),
            args.out.display()
        )
        .map_err(|e| e.to_string())
    }
}

/// Runs `book` as the command line asked, writing its summary to `out` and its progress to the
/// standard error.
pub fn run_book(args: &BookArgs, out: impl Write) -> Result<(), String> {
    args.variant.visit(Run { args, out })
}

/// Runs `endgame` as the command line asked, writing its summary to `out` and its progress to
/// the standard error.
pub fn run_endgame(args: &EndgameArgs, out: impl Write) -> Result<(), String> {
    args.variant.visit(Run { args, out })
}

/// Runs `perft` as the command line asked, writing to `out`.
pub fn run_perft(args: &PerftArgs, out: impl Write) -> Result<(), String> {
    args.variant.visit(Run { args, out })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ruleset::International;

    #[test]
    fn selfplay_writes_a_file_that_replay_prints_position_by_position() {
        let dir = std::env::temp_dir().join(format!("draughts-cli-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let out = dir.join("international.games.gz");
        let args = SelfplayArgs {
            variant: Variant::International,
            games: 2,
            depth: 2,
            opening_plies: 6,
            noise: 10,
            seed: 3,
            label_depth: 3,
            out: out.clone(),
        };
        run_selfplay(&args).expect("written");
        assert!(run_selfplay(&args).expect_err("a file is never written twice").contains("exists"));

        let mut printed = Vec::new();
        run_replay(&ReplayArgs { files: vec![out.clone(), out.clone()], summary: false }, &mut printed)
            .expect("replayed");
        let text = String::from_utf8(printed).expect("UTF-8");
        let mut games = Vec::new();
        for line in text.lines() {
            let fields: Vec<&str> = line.split(' ').collect();
            assert_eq!(fields.len(), 5, "{line}");
            games.push(fields[0].parse::<u32>().expect("a game number"));
            assert!(["1", "0.5", "0"].contains(&fields[1]), "{line}");
            fields[2].parse::<i32>().expect("a static value");
            Position::<International>::from_fen(fields[3]).expect("a FEN");
            fields[4].parse::<i16>().expect("a label");
        }
        games.dedup();
        assert_eq!(games, [1, 2, 3, 4], "the second file's games are numbered on");

        let mut summary = Vec::new();
        run_replay(&ReplayArgs { files: vec![out.clone()], summary: true }, &mut summary).expect("summed up");
        let summary = String::from_utf8(summary).expect("UTF-8");
        let positions = text.lines().count() / 2;
        let prefix = format!("{} international 2 {positions} {positions} ", out.display());
        assert!(summary.starts_with(&prefix) && summary.len() == prefix.len() + 9, "{summary}");
        std::fs::remove_dir_all(&dir).expect("removed");
    }
}
