//! `RateLimiter`: a fixed-window count of requests per client address
//! (`RATE_LIMIT_PER_MINUTE`); the middleware that answers `429` is
//! [`super::middleware::rate_limit`].

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A fixed-window request count per client address.
#[derive(Debug)]
pub struct RateLimiter {
    per_minute: u32,
    windows: Mutex<HashMap<IpAddr, (Instant, u32)>>,
}

const WINDOW: Duration = Duration::from_secs(60);

impl RateLimiter {
    /// A limiter allowing `per_minute` requests per client and minute.
    pub fn new(per_minute: u32) -> RateLimiter {
        RateLimiter { per_minute, windows: Mutex::new(HashMap::new()) }
    }

    /// Counts a request from `client`; `Err(seconds)` to wait when over the limit.
    pub fn check(&self, client: IpAddr, now: Instant) -> Result<(), u64> {
        let mut windows = self.windows.lock().unwrap_or_else(|e| e.into_inner());
        if windows.len() > 100_000 {
            windows.retain(|_, (start, _)| now.duration_since(*start) < WINDOW);
        }
        let entry = windows.entry(client).or_insert((now, 0));
        if now.duration_since(entry.0) >= WINDOW {
            *entry = (now, 0);
        }
        entry.1 += 1;
        if entry.1 > self.per_minute {
            let wait = WINDOW.saturating_sub(now.duration_since(entry.0));
            Err(wait.as_secs().max(1))
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limiter_allows_the_limit_then_refuses_until_the_window_ends() {
        let limiter = RateLimiter::new(2);
        let client = IpAddr::from([10, 0, 0, 1]);
        let now = Instant::now();
        assert!(limiter.check(client, now).is_ok());
        assert!(limiter.check(client, now).is_ok());
        assert_eq!(limiter.check(client, now + Duration::from_secs(20)), Err(40));
        assert!(limiter.check(IpAddr::from([10, 0, 0, 2]), now).is_ok(), "other clients are counted apart");
        assert!(limiter.check(client, now + WINDOW).is_ok(), "a new window starts afresh");
    }
}
