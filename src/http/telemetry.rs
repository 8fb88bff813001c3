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
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(writer);
    let _ = match format {
        LogFormat::Json => builder.json().with_current_span(true).with_span_list(false).try_init(),
        LogFormat::Pretty => builder.compact().try_init(),
    };
    guard
}

/// Stdout behind a buffer: the writer thread flushes it each time its queue runs empty.
fn stdout_in_batches() -> BufWriter<Stdout> {
    BufWriter::with_capacity(64 * 1024, std::io::stdout())
}
