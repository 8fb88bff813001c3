//! Logging through `tracing`: JSON or pretty lines, filtered by `RUST_LOG` (default `info`).

use tracing_subscriber::EnvFilter;

use super::config::LogFormat;

/// Installs the global subscriber; a second call (as in tests) leaves the first in place.
pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stdout);
    let _ = match format {
        LogFormat::Json => builder.json().with_current_span(true).with_span_list(false).try_init(),
        LogFormat::Pretty => builder.compact().try_init(),
    };
}
