//! `Config`: the service's settings, from built-in defaults and environment variables
//! (`docs/api.md`, "Configuration").

use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

use ipnet::IpNet;

use crate::service::{SearchConfig, SearchLimits};

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
    /// `CACHE_MAX_MIB`: the most memory, in MiB, the search cache's answers (computer moves and
    /// analyses, with their keys) may hold (24; 0 turns the cache off).
    pub cache_max_mib: u64,
    /// `SEARCH_THREADS`: threads that search computer moves (the machine's cores).
    pub search_threads: usize,
    /// `SEARCH_QUEUE`: searches that may wait for a thread; beyond it, `503 overloaded` (64).
    pub search_queue: usize,
    /// `MAX_SEARCH_MS`: the longest a search may take, whatever the request asks (5000).
    pub max_search: Duration,
    /// `MAX_REVIEW_MS`: the longest one review may take, every position's search added up
    /// (120000); a review answered as one document also within nine tenths of
    /// `ANSWER_TIMEOUT_MS`.
    pub max_review: Duration,
    /// `CLOCK_MARGIN_MS`: the time a computer move on a clock leaves for the network: it never
    /// takes more than the mover's time left minus this (50; 0 allowed).
    pub clock_margin: Duration,
    /// `OPS_PORT` (9090): a second port serving only `/healthz`, `/readyz` and `/metrics`,
    /// with connections of its own, so that probes and Prometheus are answered whatever
    /// clients do to the main port; `off` turns it off, 0 picks a free port.
    pub ops_port: Option<u16>,
    /// `MAX_CONNECTIONS`: connections the main port holds open at once (4096); more wait
    /// in the listen backlog. Lowered at start to what the process's file limit allows.
    pub max_connections: usize,
    /// How long each stage of a request may take.
    pub timeouts: Timeouts,
    /// `DRAIN_SECONDS` (5): after SIGTERM, how long the server goes on serving with `/readyz`
    /// unready and every answer closing its connection, before it stops accepting.
    pub drain: Duration,
    /// `TRUSTED_PROXIES`: addresses or CIDR blocks of proxies whose `X-Forwarded-For` and
    /// `Forwarded` headers name the client (none: the peer address is the client).
    pub trusted_proxies: Vec<IpNet>,
    /// `ENDGAME_DIR` (`/var/lib/draughts-api/endgame`): where the endgame databases are read
    /// from at start, one subdirectory per variant (docs/endgame.md); a missing directory
    /// means none, `off` means do not look.
    pub endgame_dir: Option<PathBuf>,
}

/// Where the endgame databases are looked for when `ENDGAME_DIR` is not set.
pub const DEFAULT_ENDGAME_DIR: &str = "/var/lib/draughts-api/endgame";

/// How long each stage of a request may take, each from its environment variable in
/// milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// `HEADERS_TIMEOUT_MS` (5000): from a connection's first byte to the end of the
    /// request's headers; later, `408` and the connection closed.
    pub headers: Duration,
    /// `BODY_TIMEOUT_MS` (10000): to receive the body once the headers are in; later, `408
    /// request_timeout` and the connection closed.
    pub body: Duration,
    /// `KEEP_ALIVE_MS` (5000): how long an idle connection is kept for another request.
    pub keep_alive: Duration,
    /// `ANSWER_TIMEOUT_MS` (30000): from the headers to the answer, waiting for a search
    /// thread included; later, `503 answer_timeout`. Also the longest a stopping server
    /// waits for requests in flight.
    pub answer: Duration,
    /// `SEND_TIMEOUT_MS` (30000): how long answer bytes may wait for a client that does not
    /// read them (TCP_USER_TIMEOUT) before the connection is dropped.
    pub send: Duration,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            headers: Duration::from_secs(5),
            body: Duration::from_secs(10),
            keep_alive: Duration::from_secs(5),
            answer: Duration::from_secs(30),
            send: Duration::from_secs(30),
        }
    }
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
            cache_max_mib: 24,
            search_threads: cores(),
            search_queue: 64,
            max_search: Duration::from_millis(5000),
            clock_margin: Duration::from_millis(50),
            max_review: Duration::from_secs(120),
            ops_port: Some(9090),
            max_connections: 4096,
            timeouts: Timeouts::default(),
            drain: Duration::from_secs(5),
            trusted_proxies: Vec::new(),
            endgame_dir: Some(PathBuf::from(DEFAULT_ENDGAME_DIR)),
        }
    }
}

impl Config {
    /// The searches' settings. A review answered as one document must be ready within nine
    /// tenths of `ANSWER_TIMEOUT_MS`, the rest left for the wait for a thread and the last
    /// search's overrun.
    pub fn searches(&self) -> SearchConfig {
        SearchConfig {
            threads: self.search_threads,
            queue: self.search_queue,
            cache_bytes: self.cache_max_mib.saturating_mul(1 << 20),
            limits: SearchLimits {
                max_search: self.max_search,
                clock_margin: self.clock_margin,
                max_review: self.max_review,
                max_review_document: self.max_review.min(self.timeouts.answer * 9 / 10),
            },
            endgame_dir: self.endgame_dir.clone(),
        }
    }

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
        if let Some(v) = get("CACHE_MAX_MIB") {
            config.cache_max_mib = parse("CACHE_MAX_MIB", &v)?;
        }
        if get("CACHE_CAPACITY").is_some() {
            return Err(ConfigError {
                variable: "CACHE_CAPACITY",
                message: "is no longer read: the cache is bounded in memory, by CACHE_MAX_MIB".to_owned(),
            });
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
        let millis = |variable: &'static str, value: &str| -> Result<Duration, ConfigError> {
            match parse::<u64>(variable, value)? {
                0 => Err(ConfigError { variable, message: "must be at least 1".to_owned() }),
                ms => Ok(Duration::from_millis(ms)),
            }
        };
        if let Some(v) = get("MAX_SEARCH_MS") {
            config.max_search = millis("MAX_SEARCH_MS", &v)?;
        }
        if let Some(v) = get("CLOCK_MARGIN_MS") {
            config.clock_margin = Duration::from_millis(parse("CLOCK_MARGIN_MS", &v)?);
        }
        if let Some(v) = get("MAX_REVIEW_MS") {
            config.max_review = millis("MAX_REVIEW_MS", &v)?;
        }
        if let Some(v) = get("OPS_PORT") {
            config.ops_port = if v.eq_ignore_ascii_case("off") { None } else { Some(parse("OPS_PORT", &v)?) };
        }
        if let Some(v) = get("MAX_CONNECTIONS") {
            config.max_connections = parse("MAX_CONNECTIONS", &v)?;
            if config.max_connections == 0 {
                return Err(ConfigError { variable: "MAX_CONNECTIONS", message: "must be at least 1".to_owned() });
            }
        }
        let timeouts = &mut config.timeouts;
        for (variable, field) in [
            ("HEADERS_TIMEOUT_MS", &mut timeouts.headers),
            ("BODY_TIMEOUT_MS", &mut timeouts.body),
            ("KEEP_ALIVE_MS", &mut timeouts.keep_alive),
            ("ANSWER_TIMEOUT_MS", &mut timeouts.answer),
            ("SEND_TIMEOUT_MS", &mut timeouts.send),
        ] {
            if let Some(v) = get(variable) {
                *field = millis(variable, &v)?;
            }
        }
        if let Some(v) = get("DRAIN_SECONDS") {
            config.drain = Duration::from_secs(parse("DRAIN_SECONDS", &v)?);
        }
        if let Some(v) = get("TRUSTED_PROXIES") {
            config.trusted_proxies = v
                .split(',')
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(|p| {
                    p.parse::<IpNet>().or_else(|_| p.parse::<IpAddr>().map(IpNet::from)).map_err(|_| ConfigError {
                        variable: "TRUSTED_PROXIES",
                        message: format!("{p:?} is neither an IP address nor a CIDR block"),
                    })
                })
                .collect::<Result<_, _>>()?;
        }
        if let Some(v) = get("ENDGAME_DIR") {
            config.endgame_dir = (!v.eq_ignore_ascii_case("off")).then(|| PathBuf::from(v));
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
        assert_eq!(config.cache_max_mib, 24);
        assert_eq!(config.max_review, Duration::from_secs(120));
        assert!(config.search_threads >= 1);
        assert_eq!(config.search_queue, 64);
        assert_eq!(config.max_search, Duration::from_millis(5000));
        assert_eq!(config.ops_port, Some(9090));
        assert_eq!(config.timeouts, Timeouts::default());
        assert_eq!(config.drain, Duration::from_secs(5));
        assert!(config.trusted_proxies.is_empty());
        assert_eq!(config.endgame_dir, Some(PathBuf::from(DEFAULT_ENDGAME_DIR)));
    }

    #[test]
    fn timeouts_drain_and_connections_are_read_and_checked() {
        let env = [
            ("HEADERS_TIMEOUT_MS", "100"),
            ("BODY_TIMEOUT_MS", "200"),
            ("KEEP_ALIVE_MS", "300"),
            ("ANSWER_TIMEOUT_MS", "400"),
            ("SEND_TIMEOUT_MS", "500"),
            ("DRAIN_SECONDS", "0"),
            ("MAX_CONNECTIONS", "10"),
            ("OPS_PORT", "off"),
            ("MAX_REVIEW_MS", "9000"),
        ];
        let config = Config::from_lookup(environment(&env)).unwrap();
        let ms = Duration::from_millis;
        let expected =
            Timeouts { headers: ms(100), body: ms(200), keep_alive: ms(300), answer: ms(400), send: ms(500) };
        assert_eq!(config.timeouts, expected);
        assert_eq!((config.drain, config.max_connections, config.ops_port), (Duration::ZERO, 10, None));
        assert_eq!(config.max_review, Duration::from_secs(9));
        for variable in ["BODY_TIMEOUT_MS", "MAX_CONNECTIONS", "MAX_REVIEW_MS"] {
            assert_eq!(Config::from_lookup(environment(&[(variable, "0")])).unwrap_err().variable, variable);
        }
    }

    #[test]
    fn trusted_proxies_are_addresses_or_blocks() {
        let env = [("TRUSTED_PROXIES", "10.0.0.0/8, 192.168.1.7,fd00::/8")];
        let config = Config::from_lookup(environment(&env)).unwrap();
        let blocks: Vec<String> = config.trusted_proxies.iter().map(ToString::to_string).collect();
        assert_eq!(blocks, ["10.0.0.0/8", "192.168.1.7/32", "fd00::/8"]);
        let bad = Config::from_lookup(environment(&[("TRUSTED_PROXIES", "10.0.0.0/33")])).unwrap_err();
        assert_eq!(bad.variable, "TRUSTED_PROXIES");
    }

    /// An environment holding `pairs` and nothing else.
    fn environment<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        |name| pairs.iter().find(|(key, _)| *key == name).map(|(_, value)| (*value).to_owned())
    }

    #[test]
    fn search_settings_are_read_and_checked() {
        let env = [
            ("CACHE_MAX_MIB", "0"),
            ("SEARCH_THREADS", "3"),
            ("SEARCH_QUEUE", "0"),
            ("MAX_SEARCH_MS", "250"),
            ("CLOCK_MARGIN_MS", "0"),
        ];
        let config = Config::from_lookup(environment(&env)).unwrap();
        assert_eq!((config.cache_max_mib, config.search_threads, config.search_queue), (0, 3, 0));
        assert_eq!((config.max_search, config.clock_margin), (Duration::from_millis(250), Duration::ZERO));
        assert_eq!(Config::from_lookup(|_| None).unwrap().clock_margin, Duration::from_millis(50));
        let bad = Config::from_lookup(environment(&[("CLOCK_MARGIN_MS", "-5")])).unwrap_err();
        assert_eq!(bad.variable, "CLOCK_MARGIN_MS");
        let old = Config::from_lookup(environment(&[("CACHE_CAPACITY", "100000")])).unwrap_err();
        assert_eq!(old.variable, "CACHE_CAPACITY", "a setting no longer read is not silently ignored");
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
        let endgames = Config::from_lookup(environment(&[("ENDGAME_DIR", "/data/egtb")])).unwrap();
        assert_eq!(endgames.endgame_dir, Some(PathBuf::from("/data/egtb")));
        let off = Config::from_lookup(environment(&[("ENDGAME_DIR", "off")])).unwrap();
        assert_eq!(off.endgame_dir, None, "the endgame directory is read or turned off");
    }
}
