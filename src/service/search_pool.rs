//! `SearchPool`: the threads that run computer-move searches, off the async runtime, behind a
//! bounded queue. At most `threads + queue` searches are admitted at a time, counted when
//! they are handed in, so a full pool refuses at once and deterministically; a dropped
//! [`SearchTicket`] (the client went away) stops its search.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use crossbeam_channel::{Receiver, Sender};
use prometheus::IntGauge;
use tokio::sync::oneshot;

use super::computer::{ComputerMove, PreparedSearch};
use crate::engine::endgame::Endgames;

/// The pool's gauges: searches waiting and searches running.
#[derive(Clone)]
pub struct PoolGauges {
    /// Searches waiting for a thread.
    pub queued: IntGauge,
    /// Searches running.
    pub running: IntGauge,
}

struct Job {
    search: PreparedSearch,
    cancel: Arc<AtomicBool>,
    reply: oneshot::Sender<Option<ComputerMove>>,
}

/// A fixed set of search threads fed by a bounded queue.
pub struct SearchPool {
    sender: Sender<Job>,
    gauges: PoolGauges,
    /// Searches admitted and not yet finished.
    admitted: Arc<AtomicUsize>,
    capacity: usize,
}

/// Every thread is busy and the queue is full.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overloaded;

/// A search handed to the pool. Await [`SearchTicket::answer`]; dropping the ticket stops the
/// search (or skips it, if it has not started).
pub struct SearchTicket {
    answer: oneshot::Receiver<Option<ComputerMove>>,
    cancel: Arc<AtomicBool>,
}

impl SearchTicket {
    /// The search's answer; `None` if the search thread failed.
    pub async fn answer(mut self) -> Option<ComputerMove> {
        (&mut self.answer).await.ok().flatten()
    }
}

impl Drop for SearchTicket {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

impl SearchPool {
    /// Starts `threads` search threads, probing `endgames`; `queue` searches may wait for one.
    pub fn new(
        threads: usize,
        queue: usize,
        gauges: PoolGauges,
        endgames: Arc<Endgames>,
    ) -> std::io::Result<SearchPool> {
        let threads = threads.max(1);
        let (sender, receiver) = crossbeam_channel::unbounded();
        let admitted = Arc::new(AtomicUsize::new(0));
        for n in 0..threads {
            let receiver: Receiver<Job> = receiver.clone();
            let gauges = gauges.clone();
            let admitted = admitted.clone();
            let endgames = endgames.clone();
            std::thread::Builder::new()
                .name(format!("search-{n}"))
                .spawn(move || work(&receiver, &gauges, &admitted, &endgames))?;
        }
        Ok(SearchPool { sender, gauges, admitted, capacity: threads + queue })
    }

    /// Queues `search`, or refuses at once if `threads + queue` searches are already admitted.
    pub fn submit(&self, search: PreparedSearch) -> Result<SearchTicket, Overloaded> {
        let admit =
            self.admitted.fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| (n < self.capacity).then_some(n + 1));
        if admit.is_err() {
            return Err(Overloaded);
        }
        let (reply, answer) = oneshot::channel();
        let cancel = Arc::new(AtomicBool::new(false));
        self.gauges.queued.inc();
        if self.sender.send(Job { search, cancel: cancel.clone(), reply }).is_err() {
            // Only if every search thread has died.
            self.gauges.queued.dec();
            self.admitted.fetch_sub(1, Ordering::AcqRel);
            return Err(Overloaded);
        }
        Ok(SearchTicket { answer, cancel })
    }
}

/// A search thread: takes jobs until the pool is dropped.
fn work(receiver: &Receiver<Job>, gauges: &PoolGauges, admitted: &AtomicUsize, endgames: &Endgames) {
    while let Ok(job) = receiver.recv() {
        gauges.queued.dec();
        if job.cancel.load(Ordering::Relaxed) {
            admitted.fetch_sub(1, Ordering::AcqRel);
            continue;
        }
        gauges.running.inc();
        let cancel = job.cancel;
        let answer = catch_unwind(AssertUnwindSafe(|| job.search.run_with(&cancel, endgames))).ok();
        gauges.running.dec();
        // Free the place before answering, so that a client's next request finds it free.
        admitted.fetch_sub(1, Ordering::AcqRel);
        let _ = job.reply.send(answer);
    }
}
