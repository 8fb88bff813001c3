//! The `draughts-api` binary: parses the command line, then serves or runs `perft`.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::process::ExitCode;

use clap::Parser;
use draughts_api::cli::{run_perft, Cli, Command};

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => serve_placeholder(),
        Command::Perft(args) => run_perft(&args, std::io::stdout().lock()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Until the HTTP service lands: answers every request on `PORT` (8080) with 503 and a note.
fn serve_placeholder() -> Result<(), String> {
    let port = std::env::var("PORT").unwrap_or_else(|_| "8080".to_owned());
    let listener = TcpListener::bind((
        "0.0.0.0",
        port.parse::<u16>().map_err(|e| format!("PORT: {e}"))?,
    ))
    .map_err(|e| format!("cannot listen on port {port}: {e}"))?;
    eprintln!("draughts-api placeholder listening on port {port}");
    for stream in listener.incoming() {
        let Ok(mut stream) = stream else { continue };
        let mut request_line = String::new();
        let _ = BufReader::new(&stream).read_line(&mut request_line);
        let body = "draughts-api: the HTTP API is not built yet; the rules core is (see `draughts-api perft`).\n";
        let _ = write!(
            stream,
            "HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        );
    }
    Ok(())
}
