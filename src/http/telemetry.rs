//! Logging through `tracing`: tracing-subscriber's JSON or compact lines, filtered by
//! `RUST_LOG` (default `info`), written to stdout by a background thread so that no request
//! waits on a write.

use std::io::{BufWriter, Stdout};

use tracing_appender::non_blocking::{NonBlockingBuilder, WorkerGuard};
use tracing_subscriber::EnvFilter;

use super::config::LogFormat;

/// Installs the global subscriber; a second call (as in tests) leaves the first in place.
///
/// Lines go through a channel to one writer thread, which writes whatever has piled up in one
/// system call. Nothing is dropped: a full channel makes the logging thread wait. Keep the
/// returned guard alive while serving; dropping it writes out the lines still queued.
pub fn init(format: LogFormat) -> WorkerGuard {
    let (writer, guard) = NonBlockingBuilder::default().lossy(false).finish(stdout_in_batches());
    let filter = log_filter(std::env::var("RUST_LOG").ok().as_deref());
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(writer);
    let _ = match format {
        LogFormat::Json => builder.json().with_current_span(true).with_span_list(false).try_init(),
        LogFormat::Pretty => builder.compact().try_init(),
    };
    guard
}

/// The filter of `RUST_LOG` (`info` when unset or unreadable). actix-http's connection
/// dispatcher logs every request that is not valid HTTP as an ERROR, so that any client could
/// fill the log with errors: it is silenced unless `RUST_LOG` names `actix_http` itself (the
/// client gets its `400` all the same).
fn log_filter(rust_log: Option<&str>) -> EnvFilter {
    let directives = rust_log.filter(|v| !v.trim().is_empty()).unwrap_or("info");
    let filter = EnvFilter::try_new(directives).unwrap_or_else(|_| EnvFilter::new("info"));
    if directives.contains("actix_http") {
        return filter;
    }
    match CLIENT_PROTOCOL_ERRORS.parse() {
        Ok(directive) => filter.add_directive(directive),
        Err(_) => filter,
    }
}

/// The directive that silences actix-http's log of clients' protocol errors.
const CLIENT_PROTOCOL_ERRORS: &str = "actix_http::h1::dispatcher=off";

/// Stdout behind a buffer: the writer thread flushes it each time its queue runs empty.
fn stdout_in_batches() -> BufWriter<Stdout> {
    BufWriter::with_capacity(64 * 1024, std::io::stdout())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clients_protocol_errors_are_not_logged_unless_asked_for() {
        for rust_log in [None, Some("info"), Some("warn,draughts_api=debug")] {
            assert!(log_filter(rust_log).to_string().contains(CLIENT_PROTOCOL_ERRORS), "{rust_log:?}");
        }
        assert!(!log_filter(Some("actix_http=debug")).to_string().contains("=off"));
    }
}
