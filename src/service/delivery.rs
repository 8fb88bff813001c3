//! `Delivery`: how a kind of search hands its answer back: what its job gives on its thread,
//! what waits with the caller meanwhile, the answer, and whether answers are kept in the cache.
//! [`KeptAnswer`] and [`WholeAnswer`] are the two ways of the kinds answered whole.

use core::future::Future;
use core::marker::PhantomData;
use std::sync::Arc;

use super::heap_bytes::HeapBytes;
use super::search_cache::SearchCache;
use super::search_error::SearchError;
use super::search_key::SearchKey;
use super::search_kind::SearchKind;
use super::search_pool::SearchTicket;

/// How a kind of search hands its answer back.
pub trait Delivery {
    /// What the job gives on its thread.
    type Output: Send + 'static;
    /// What waits with the caller while the job runs (the other end of a stream).
    type Waiting;
    /// The answer.
    type Answer;

    /// The answer of a search of `kind`, once the job behind `ticket` is done (or at once, for
    /// a stream that the job feeds).
    fn receive(
        kind: SearchKind,
        waiting: Self::Waiting,
        ticket: SearchTicket<Self::Output>,
    ) -> impl Future<Output = Result<Self::Answer, SearchError>>;

    /// The answer kept under `key`, for a kind whose answers are kept.
    fn cached(_cache: &SearchCache, _key: &SearchKey) -> Option<Self::Answer> {
        None
    }

    /// Keeps `answer` under `key`, for a kind whose answers are kept.
    fn keep(_cache: &SearchCache, _key: SearchKey, _answer: &Self::Answer) {}
}

/// An answer a cache may keep: it says whether it came from the cache.
pub trait Kept: HeapBytes + Clone + Send + Sync + 'static {
    /// This answer, as given from the cache.
    fn into_cached(self) -> Self;
}

/// An answer of type `T`, awaited whole and kept in the cache.
pub struct KeptAnswer<T>(PhantomData<T>);

impl<T: Kept> Delivery for KeptAnswer<T> {
    type Output = T;
    type Waiting = ();
    type Answer = T;

    async fn receive(kind: SearchKind, _: (), ticket: SearchTicket<T>) -> Result<T, SearchError> {
        WholeAnswer::<T>::receive(kind, (), ticket).await
    }

    fn cached(cache: &SearchCache, key: &SearchKey) -> Option<T> {
        cache.get::<T>(key).map(|answer| T::clone(&answer).into_cached())
    }

    fn keep(cache: &SearchCache, key: SearchKey, answer: &T) {
        cache.insert(key, Arc::new(answer.clone()));
    }
}

/// An answer of type `T`, awaited whole and not kept.
pub struct WholeAnswer<T>(PhantomData<T>);

impl<T: Send + 'static> Delivery for WholeAnswer<T> {
    type Output = T;
    type Waiting = ();
    type Answer = T;

    async fn receive(kind: SearchKind, _: (), ticket: SearchTicket<T>) -> Result<T, SearchError> {
        ticket.answer().await.ok_or(SearchError::Failed(kind))
    }
}
