//! The `draughts-api` binary: parses the command line, then serves, runs `perft`, `think`,
//! `selfplay`, `replay`, `book` or `endgame`, or prints the OpenAPI document.

use std::process::ExitCode;

use clap::Parser;
use draughts_api::cli::{run_book, run_endgame, run_perft, run_replay, run_selfplay, run_think, serve, Cli, Command};
use draughts_api::http::openapi;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => serve(),
        Command::Perft(args) => run_perft(&args, std::io::stdout().lock()),
        Command::Think(args) => run_think(&args, std::io::stdout().lock()),
        Command::Selfplay(args) => run_selfplay(&args),
        Command::Replay(args) => run_replay(&args, std::io::BufWriter::new(std::io::stdout().lock())),
        Command::Book(args) => run_book(&args, std::io::stdout().lock()),
        Command::Endgame(args) => run_endgame(&args, std::io::stdout().lock()),
        Command::Openapi => {
            print!("{}", openapi::document());
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
