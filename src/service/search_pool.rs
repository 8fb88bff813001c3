//! `SearchPool`: the threads that run search jobs (a computer move, an analysis, a whole game's
//! review), off the async runtime, behind a bounded queue. At most `threads + queue` jobs are
//! admitted at a time, counted when they are handed in, so a full pool refuses at once and
//! deterministically; a dropped [`SearchTicket`] (the client went away) stops its job. A job
//! runs with its thread's means ([`SearchThread`]).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use crossbeam_channel::{Receiver, Sender};
use tokio::sync::oneshot;

use super::search_metrics::SearchMetrics;
use super::search_thread::SearchThread;
use crate::engine::endgame::Endgames;

/// What a thread does once the job has run and its place is free: hand the answer over.
type Deliver = Box<dyn FnOnce() + Send>;

/// A job as a thread runs it: with the thread's means.
type Run = Box<dyn FnOnce(&SearchThread) -> Deliver + Send>;

struct Job {
    run: Run,
    cancel: Arc<AtomicBool>,
}

/// A fixed set of search threads fed by a bounded queue.
pub struct SearchPool {
    sender: Sender<Job>,
    metrics: SearchMetrics,
    /// Searches admitted and not yet finished.
    admitted: Arc<AtomicUsize>,
    capacity: usize,
}

/// Every thread is busy and the queue is full.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overloaded;

/// A job handed to the pool. Await [`SearchTicket::answer`]; dropping the ticket stops the
/// job (or skips it, if it has not started).
pub struct SearchTicket<T> {
    answer: oneshot::Receiver<Option<T>>,
    cancel: Arc<AtomicBool>,
}

impl<T> SearchTicket<T> {
    /// The job's answer; `None` if it failed.
    pub async fn answer(mut self) -> Option<T> {
        (&mut self.answer).await.ok().flatten()
    }
}

impl<T> Drop for SearchTicket<T> {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

impl SearchPool {
    /// Starts `threads` search threads, probing `endgames` and counting in `metrics`; `queue`
    /// searches may wait for one.
    pub fn new(
        threads: usize,
        queue: usize,
        metrics: SearchMetrics,
        endgames: Arc<Endgames>,
    ) -> std::io::Result<SearchPool> {
        let threads = threads.max(1);
        let (sender, receiver) = crossbeam_channel::unbounded();
        let admitted = Arc::new(AtomicUsize::new(0));
        for n in 0..threads {
            let receiver: Receiver<Job> = receiver.clone();
            let metrics = metrics.clone();
            let admitted = admitted.clone();
            let endgames = endgames.clone();
            std::thread::Builder::new()
                .name(format!("search-{n}"))
                .spawn(move || work(&receiver, &metrics, &admitted, &endgames))?;
        }
        Ok(SearchPool { sender, metrics, admitted, capacity: threads + queue })
    }

    /// Queues `job`, run with a thread's means, or refuses at once if `threads + queue` jobs
    /// are already admitted.
    pub fn submit<T, J>(&self, job: J) -> Result<SearchTicket<T>, Overloaded>
    where
        T: Send + 'static,
        J: FnOnce(&SearchThread) -> T + Send + 'static,
    {
        let admit =
            self.admitted.fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| (n < self.capacity).then_some(n + 1));
        if admit.is_err() {
            return Err(Overloaded);
        }
        let (reply, answer) = oneshot::channel();
        let cancel = Arc::new(AtomicBool::new(false));
        self.metrics.queued.inc();
        let run: Run = Box::new(move |thread| {
            let answer = catch_unwind(AssertUnwindSafe(|| job(thread))).ok();
            Box::new(move || {
                let _ = reply.send(answer);
            })
        });
        if self.sender.send(Job { run, cancel: cancel.clone() }).is_err() {
            // Only if every search thread has died.
            self.metrics.queued.dec();
            self.admitted.fetch_sub(1, Ordering::AcqRel);
            return Err(Overloaded);
        }
        Ok(SearchTicket { answer, cancel })
    }
}

/// A search thread: takes jobs until the pool is dropped.
fn work(receiver: &Receiver<Job>, metrics: &SearchMetrics, admitted: &AtomicUsize, endgames: &Endgames) {
    while let Ok(job) = receiver.recv() {
        metrics.queued.dec();
        if job.cancel.load(Ordering::Relaxed) {
            admitted.fetch_sub(1, Ordering::AcqRel);
            continue;
        }
        metrics.running.inc();
        let deliver = (job.run)(&SearchThread::new(&job.cancel, endgames, metrics));
        metrics.running.dec();
        // Free the place before answering, so that a client's next request finds it free.
        admitted.fetch_sub(1, Ordering::AcqRel);
        deliver();
    }
}
