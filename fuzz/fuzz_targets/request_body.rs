//! Fuzz target `request_body`: a whole request body of a game endpoint, taken along the path a
//! request takes: `http::extract::read_json::<B>`, `GameFields::check` (the server's default
//! `max_moves`), then the service call.
//!
//! Input: byte 0 chooses the endpoint (`byte % 3`, so ASCII `0` is legal-moves, `1`
//! apply-move, `2` ai-move); the rest is the body, as raw bytes (JSON or not, UTF-8 or not).
//!
//! ai-move searches through the server's one door to the computer (`service::Searches`, with
//! one search thread and no cache), with the level's depth capped at [`MAX_DEPTH`] and the time
//! at [`MAX_SEARCH`], so that no input searches for long.
//!
//! Never panics, and:
//! - every failure is an `ApiError` with a 4xx status (a hostile body is never the server's
//!   fault), and its problem document serialises to JSON;
//! - every answer serialises to JSON;
//! - ai-move: the computer's move is one of the legal moves of the position, and playing its
//!   notation with `service::apply_move` reaches the FEN and status the answer gives.

#![no_main]

use core::time::Duration;
use std::sync::LazyLock;

use draughts_api::engine::Depth;
use draughts_api::http::config::Config;
use draughts_api::http::dto::{AiMoveBody, ApplyMoveBody, GameBody, LegalMovesBody};
use draughts_api::http::error::ApiError;
use draughts_api::http::extract::read_json;
use draughts_api::service::{self, AiMoveAsk, GameRequest, SearchConfig, SearchLimits, Searches};
use libfuzzer_sys::fuzz_target;
use serde::Serialize;

/// The deepest search an ai-move input runs (shallower levels keep their own depth).
const MAX_DEPTH: Depth = Depth::plies(2);

/// The longest search an ai-move input runs: the server's `MAX_SEARCH_MS`, here.
const MAX_SEARCH: Duration = Duration::from_millis(10);

/// The searches, as the server has them, on one thread, without a cache.
static SEARCHES: LazyLock<Searches> = LazyLock::new(|| {
    let limits = SearchLimits {
        max_search: MAX_SEARCH,
        clock_margin: Duration::ZERO,
        max_review: MAX_SEARCH,
        max_review_document: MAX_SEARCH,
    };
    let config = SearchConfig { threads: 1, queue: 0, cache_bytes: 0, limits, endgame_dir: None };
    Searches::new(&config, &prometheus::Registry::new()).expect("a search thread starts")
});

/// The runtime the searches are awaited on.
static RUNTIME: LazyLock<tokio::runtime::Runtime> =
    LazyLock::new(|| tokio::runtime::Builder::new_current_thread().build().expect("a runtime"));

/// The longest history a request may carry, as the server is configured by default.
static MAX_MOVES: LazyLock<usize> = LazyLock::new(|| Config::default().max_moves);

/// The body read as `B` and checked into the service's request, as the extractor does.
fn checked<B: GameBody>(body: &[u8]) -> Result<(GameRequest, B::Extra), ApiError> {
    let (fields, extra) = read_json::<B>(body)?.into_parts();
    Ok((fields.check(*MAX_MOVES)?, extra))
}

/// The answer as the server writes it.
fn json<T: Serialize>(answer: &T) -> String {
    serde_json::to_string(answer).unwrap_or_else(|e| panic!("an answer does not serialise: {e}"))
}

fn legal_moves(body: &[u8]) -> Result<String, ApiError> {
    let (game, ()) = checked::<LegalMovesBody>(body)?;
    Ok(json(&service::legal_moves(&game)?))
}

fn apply_move(body: &[u8]) -> Result<String, ApiError> {
    let (game, mv) = checked::<ApplyMoveBody>(body)?;
    Ok(json(&service::apply_move(&game, &mv)?))
}

fn ai_move(body: &[u8]) -> Result<String, ApiError> {
    let (game, settings) = checked::<AiMoveBody>(body)?;
    let settings = settings?;
    let max_depth = settings.level.strength().max_depth.min(MAX_DEPTH);
    let settings = service::AiMoveSettings { max_depth: Some(max_depth.get()), ..settings };
    let answer = RUNTIME.block_on(SEARCHES.run(&game, AiMoveAsk(settings)))?;

    let legal = service::legal_moves(&game)
        .unwrap_or_else(|e| panic!("{game:?}: a search was prepared, but the game does not replay: {e:?}"));
    assert!(
        legal.position.moves.contains(&answer.mv),
        "{game:?}: the computer plays {:?}, not a legal move",
        answer.mv
    );
    let applied = service::apply_move(&game, &answer.mv.notation)
        .unwrap_or_else(|e| panic!("{game:?}: the computer's move {:?} does not apply: {e:?}", answer.mv.notation));
    assert_eq!(
        (&applied.position.fen, &applied.position.status),
        (&answer.fen, &answer.status),
        "{game:?}: the computer's move {:?} and apply-move reach different games",
        answer.mv.notation
    );
    Ok(json(&answer))
}

fuzz_target!(|data: &[u8]| {
    let Some((&endpoint, body)) = data.split_first() else {
        return;
    };
    let answer = match endpoint % 3 {
        0 => legal_moves(body),
        1 => apply_move(body),
        _ => ai_move(body),
    };
    if let Err(error) = answer {
        let (status, code, _) = error.kind();
        assert!(status.is_client_error(), "a body is answered {status} {code}: {error:?}");
        if let Err(e) = serde_json::to_string(&error.problem()) {
            panic!("the problem of {error:?} does not serialise: {e}");
        }
    }
});
