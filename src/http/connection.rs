//! Each TCP connection's own settings: a send timeout, and a way to notice that its client
//! went away while its search runs. actix-web does not drop a handler's future when the
//! connection closes, so each connection keeps a duplicate of its socket ([`PeerSocket`], set
//! up by [`on_connect`]) that a waiting handler peeks at: end of stream or an error means
//! nobody is waiting for the answer any more.
//!
//! [`on_connect`] also bounds how long answer bytes may wait for a client that does not read
//! them (`SEND_TIMEOUT_MS`): the kernel drops the connection after that long without progress
//! (TCP_USER_TIMEOUT, which also covers a receive window the client keeps shut).

use std::any::Any;
use std::sync::Arc;
use std::time::Duration;

use actix_web::dev::Extensions;

/// How often a waiting handler looks at its connection.
const POLL_EVERY: Duration = Duration::from_millis(20);

/// A duplicate handle of a connection's socket (same socket, so also non-blocking).
#[derive(Clone, Debug)]
pub struct PeerSocket(Arc<std::net::TcpStream>);

/// The `HttpServer::on_connect` hook: sets each TCP connection's send timeout and keeps a
/// [`PeerSocket`] in its data.
pub fn on_connect(send_timeout: Duration) -> impl Fn(&dyn Any, &mut Extensions) + Send + Sync + 'static {
    move |connection, data| {
        let Some(stream) = connection.downcast_ref::<actix_web::rt::net::TcpStream>() else { return };
        #[cfg(any(target_os = "linux", target_os = "android"))]
        if let Err(error) = socket2::SockRef::from(stream).set_tcp_user_timeout(Some(send_timeout)) {
            tracing::warn!(%error, "the connection's send timeout could not be set");
        }
        #[cfg(not(any(target_os = "linux", target_os = "android")))]
        let _ = send_timeout;
        #[cfg(unix)]
        {
            use std::os::fd::AsFd;
            if let Ok(fd) = stream.as_fd().try_clone_to_owned() {
                data.insert(PeerSocket(Arc::new(std::net::TcpStream::from(fd))));
            }
        }
        #[cfg(not(unix))]
        let _ = data;
    }
}

impl PeerSocket {
    /// Resolves once the client has closed the connection (or it broke). Pending forever if
    /// the client sent more data (a pipelined request): then it is still there.
    pub async fn closed(&self) {
        let mut interval = actix_web::rt::time::interval(POLL_EVERY);
        loop {
            interval.tick().await;
            match self.0.peek(&mut [0u8; 1]) {
                Ok(0) => return,
                Ok(_) => return core::future::pending().await,
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => return,
            }
        }
    }
}
