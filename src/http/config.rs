//! `Config`: the service's settings, from built-in defaults and environment variables
//! (`docs/api.md`, "Configuration").

use std::net::IpAddr;
use std::time::Duration;

/// Every setting of the service.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// `BIND_ADDR` (0.0.0.0).
    pub bind_addr: IpAddr,
    /// `PORT` (8080); 0 picks a free port.
    pub port: u16,
    /// `LOG_FORMAT`: `json` or `pretty` (json).
    pub log_format: LogFormat,
    /// `CORS_ALLOWED_ORIGINS`: `*` or a comma-separated list of origins (`*`).
    pub cors_allowed_origins: Vec<String>,
    /// `MAX_BODY_BYTES` (65536).
    pub max_body_bytes: usize,
    /// The longest move history a request may carry (1000).
    pub max_moves: usize,
    /// `RATE_LIMIT_PER_MINUTE`: requests per client address and minute; `None` is off (off).
    pub rate_limit_per_minute: Option<u32>,
    /// HTTP worker threads (the machine's cores).
    pub workers: usize,
    /// `CACHE_CAPACITY`: computer moves remembered (10000; 0 turns the cache off).
    pub cache_capacity: u64,
    /// `SEARCH_THREADS`: threads that search computer moves (the machine's cores).
    pub search_threads: usize,
    /// `SEARCH_QUEUE`: searches that may wait for a thread; beyond it, `503 overloaded` (64).
    pub search_queue: usize,
    /// `MAX_SEARCH_MS`: the longest a search may take, whatever the request asks (5000).
    pub max_search: Duration,
}

/// How log lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    /// One JSON object per line.
    Json,
    /// Human-readable lines.
    Pretty,
}

/// A setting that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    /// The environment variable.
    pub variable: &'static str,
    /// What is wrong with its value.
    pub message: String,
}

impl core::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}: {}", self.variable, self.message)
    }
}

impl std::error::Error for ConfigError {}

/// The machine's cores (2 if unknown).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

impl Default for Config {
    fn default() -> Config {
        Config {
            bind_addr: IpAddr::from([0, 0, 0, 0]),
            port: 8080,
            log_format: LogFormat::Json,
            cors_allowed_origins: vec!["*".to_owned()],
            max_body_bytes: 64 * 1024,
            max_moves: 1000,
            rate_limit_per_minute: None,
            workers: cores(),
            cache_capacity: 10_000,
            search_threads: cores(),
            search_queue: 64,
            max_search: Duration::from_millis(5000),
        }
    }
}

impl Config {
    /// The defaults, overridden by the process environment.
    pub fn from_env() -> Result<Config, ConfigError> {
        Config::from_lookup(|name| std::env::var(name).ok())
    }

    /// The defaults, overridden by `lookup` (an environment).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let mut config = Config::default();
        let get = |name: &'static str| lookup(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        fn parse<T: std::str::FromStr>(variable: &'static str, value: &str) -> Result<T, ConfigError>
        where
            T::Err: core::fmt::Display,
        {
            value.parse().map_err(|e: T::Err| ConfigError { variable, message: format!("{value:?}: {e}") })
        }
        if let Some(v) = get("BIND_ADDR") {
            config.bind_addr = parse("BIND_ADDR", &v)?;
        }
        if let Some(v) = get("PORT") {
            config.port = parse("PORT", &v)?;
        }
        if let Some(v) = get("LOG_FORMAT") {
            config.log_format = match v.to_ascii_lowercase().as_str() {
                "json" => LogFormat::Json,
                "pretty" => LogFormat::Pretty,
                _ => return Err(ConfigError { variable: "LOG_FORMAT", message: format!("{v:?}: use json or pretty") }),
            };
        }
        if let Some(v) = get("CORS_ALLOWED_ORIGINS") {
            config.cors_allowed_origins = v.split(',').map(|o| o.trim().to_owned()).filter(|o| !o.is_empty()).collect();
        }
        if let Some(v) = get("MAX_BODY_BYTES") {
            config.max_body_bytes = parse("MAX_BODY_BYTES", &v)?;
        }
        if let Some(v) = get("RATE_LIMIT_PER_MINUTE") {
            let limit: u32 = parse("RATE_LIMIT_PER_MINUTE", &v)?;
            config.rate_limit_per_minute = (limit > 0).then_some(limit);
        }
        if let Some(v) = get("CACHE_CAPACITY") {
            config.cache_capacity = parse("CACHE_CAPACITY", &v)?;
        }
        if let Some(v) = get("SEARCH_THREADS") {
            config.search_threads = parse("SEARCH_THREADS", &v)?;
            if config.search_threads == 0 {
                return Err(ConfigError { variable: "SEARCH_THREADS", message: "must be at least 1".to_owned() });
            }
        }
        if let Some(v) = get("SEARCH_QUEUE") {
            config.search_queue = parse("SEARCH_QUEUE", &v)?;
        }
        if let Some(v) = get("MAX_SEARCH_MS") {
            let ms: u64 = parse("MAX_SEARCH_MS", &v)?;
            if ms == 0 {
                return Err(ConfigError { variable: "MAX_SEARCH_MS", message: "must be at least 1".to_owned() });
            }
            config.max_search = Duration::from_millis(ms);
        }
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_serve_out_of_the_box() {
        let config = Config::from_lookup(|_| None).unwrap();
        assert_eq!(config.port, 8080);
        assert_eq!(config.cors_allowed_origins, vec!["*"]);
        assert_eq!(config.max_body_bytes, 65536);
        assert_eq!(config.rate_limit_per_minute, None);
        assert_eq!(config.cache_capacity, 10_000);
        assert!(config.search_threads >= 1);
        assert_eq!(config.search_queue, 64);
        assert_eq!(config.max_search, Duration::from_millis(5000));
    }

    /// An environment holding `pairs` and nothing else.
    fn environment<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        |name| pairs.iter().find(|(key, _)| *key == name).map(|(_, value)| (*value).to_owned())
    }

    #[test]
    fn search_settings_are_read_and_checked() {
        let env = [("CACHE_CAPACITY", "0"), ("SEARCH_THREADS", "3"), ("SEARCH_QUEUE", "0"), ("MAX_SEARCH_MS", "250")];
        let config = Config::from_lookup(environment(&env)).unwrap();
        assert_eq!((config.cache_capacity, config.search_threads, config.search_queue), (0, 3, 0));
        assert_eq!(config.max_search, Duration::from_millis(250));
        for variable in ["SEARCH_THREADS", "MAX_SEARCH_MS"] {
            let bad = Config::from_lookup(environment(&[(variable, "0")])).unwrap_err();
            assert_eq!(bad.variable, variable);
        }
    }

    #[test]
    fn environment_overrides_and_errors_name_the_variable() {
        let env = [
            ("PORT", "9000"),
            ("CORS_ALLOWED_ORIGINS", "https://a.example, https://b.example"),
            ("RATE_LIMIT_PER_MINUTE", "60"),
        ];
        let config = Config::from_lookup(environment(&env)).unwrap();
        assert_eq!(config.port, 9000);
        assert_eq!(config.cors_allowed_origins, vec!["https://a.example", "https://b.example"]);
        assert_eq!(config.rate_limit_per_minute, Some(60));
        let bad = Config::from_lookup(environment(&[("PORT", "eighty")])).unwrap_err();
        assert_eq!(bad.variable, "PORT");
    }
}
