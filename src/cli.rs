//! The command line: `serve` (the default), `perft`, `think`, `selfplay`, `endgame` and
//! `openapi`.

use std::io::Write;
use std::time::Instant;

use clap::{Parser, Subcommand};

use core::time::Duration;

use crate::engine::endgame::builder::variant_dir;
use crate::engine::endgame::{build, Endgames, Event};
use crate::engine::selfplay::{self_play, SelfPlay};
use crate::rules::movegen::Counting;
use crate::rules::perft::{perft, PerftOptions};
use crate::rules::{Position, Rules, Variant, VariantVisitor};
use crate::service::{
    AiMoveAsk, AiMoveSettings, Difficulty, GameRequest, SearchConfig, SearchError, SearchLimits, Searches,
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
    /// Play the engine against itself from random openings and print every quiet position of
    /// each game: `<game number> <White's result: 1, 0.5 or 0> <static value for White> <FEN>`.
    Selfplay(SelfplayArgs),
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
    /// easy, normal or hard.
    #[arg(long, default_value = "hard", value_parser = parse_difficulty)]
    pub difficulty: Difficulty,
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
}

fn parse_difficulty(text: &str) -> Result<Difficulty, String> {
    Difficulty::from_id(text).ok_or_else(|| format!("unknown difficulty {text:?}: easy, normal or hard"))
}

/// The longest `think` may take: its budget with `--depth`.
const NO_TIME_LIMIT: Duration = Duration::from_secs(24 * 3600);

/// Runs `think` as the command line asked, writing to `out`.
pub fn run_think(args: &ThinkArgs, mut out: impl Write) -> Result<(), String> {
    let moves: Vec<&str> = args.moves.split_whitespace().collect();
    let mut game = GameRequest::start(args.variant).with_moves(&moves);
    game.fen = args.fen.clone();
    let settings = AiMoveSettings {
        difficulty: args.difficulty,
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

impl<W: Write> VariantVisitor for Run<'_, SelfplayArgs, W> {
    type Output = Result<(), String>;

    fn visit<R: Rules>(mut self) -> Result<(), String> {
        let args = self.args;
        let settings = SelfPlay {
            games: args.games,
            depth: args.depth,
            opening_plies: args.opening_plies,
            noise: args.noise,
            seed: args.seed,
        };
        let mut written = Ok(());
        let mut game = 0;
        self_play::<R>(&settings, |records| {
            game += 1;
            for record in records {
                if written.is_ok() {
                    written = writeln!(self.out, "{game} {} {} {}", record.result, record.eval, record.fen);
                }
            }
        });
        written.and_then(|()| self.out.flush()).map_err(|e| e.to_string())
    }
}

/// Runs `selfplay` as the command line asked, writing to `out`.
pub fn run_selfplay(args: &SelfplayArgs, out: impl Write) -> Result<(), String> {
    args.variant.visit(Run { args, out })
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
            Event::Written { .. } => {}
        })
        .map_err(|e| e.to_string())?;
        bar.finish_and_clear();
        writeln!(
            self.out,
            "endgame variant={} pieces={} slices={} solved={} bytes={} seconds={:.1} dir={}",
            R::VARIANT,
            args.pieces,
            summary.slices,
            summary.solved,
            summary.bytes,
            summary.elapsed.as_secs_f64(),
            variant_dir(&args.dir, R::VARIANT).display()
        )
        .map_err(|e| e.to_string())
    }
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
    fn selfplay_prints_each_quiet_position_with_its_game_result_value_and_fen() {
        let args =
            SelfplayArgs { variant: Variant::International, games: 2, depth: 2, opening_plies: 6, noise: 10, seed: 3 };
        let mut out = Vec::new();
        run_selfplay(&args, &mut out).expect("written to memory");
        let text = String::from_utf8(out).expect("UTF-8");
        let mut games = Vec::new();
        for line in text.lines() {
            let fields: Vec<&str> = line.split(' ').collect();
            assert_eq!(fields.len(), 4, "{line}");
            games.push(fields[0].parse::<u32>().expect("a game number"));
            assert!(["1", "0.5", "0"].contains(&fields[1]), "{line}");
            fields[2].parse::<i32>().expect("a static value");
            Position::<International>::from_fen(fields[3]).expect("a FEN");
        }
        games.dedup();
        assert_eq!(games, [1, 2]);
    }
}
