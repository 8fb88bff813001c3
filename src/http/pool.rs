//! A search handed from a handler to the search pool: refused at once when the pool is full,
//! then awaited. When the client goes away, its connection is dropped with the handler, and
//! with it the ticket, which stops the search.

use core::sync::atomic::AtomicBool;

use super::error::ApiError;
use super::state::AppState;
use crate::engine::endgame::Endgames;
use crate::service::SearchTicket;

/// Seconds a refused client is asked to wait.
const RETRY_AFTER_SECONDS: u64 = 1;

/// Queues `job` on the search pool, or `503 overloaded` (counted) when the pool is full.
pub fn submit<T, J>(state: &AppState, job: J) -> Result<SearchTicket<T>, ApiError>
where
    T: Send + 'static,
    J: FnOnce(&AtomicBool, &Endgames) -> T + Send + 'static,
{
    state.search_pool.submit(job).map_err(|_| {
        state.metrics.search_rejected();
        ApiError::Overloaded { retry_after: RETRY_AFTER_SECONDS }
    })
}

/// The answer of the job behind `ticket`; `internal_error` naming `what` if the job failed.
pub async fn answer<T>(ticket: SearchTicket<T>, what: &str) -> Result<T, ApiError> {
    ticket.answer().await.ok_or_else(|| ApiError::Internal(format!("the {what} failed")))
}
