//! Each TCP connection's own settings and state:
//!
//! - a send timeout ([`on_connect`]): answer bytes may wait at most `SEND_TIMEOUT_MS` for a
//!   client that does not read them; the kernel then drops the connection (TCP_USER_TIMEOUT,
//!   which also covers a receive window the client keeps shut);
//! - an [`UnreadBody`] slot ([`on_connect`], [`close_after_unread_body`]): a request answered
//!   before its body was read to the end (`408`, `413`, `415`, or a route that reads no body)
//!   leaves the rest of its body there. actix-web closes a connection whose request body is
//!   still unread when the answer goes out, but it reads to its end (drains) a chunked body
//!   whose reader was dropped, however slowly it trickles in. Kept in the slot, the body is
//!   never dropped while its connection lives, so the connection is closed after the answer.
//!
//! A client that goes away while its search runs needs nothing here: the servers do not allow
//! half-closed connections, so actix-web drops the connection, and with it the handler and its
//! search, as soon as the client closes its side.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::task::Poll;
use std::time::Duration;

use actix_web::body::MessageBody;
use actix_web::dev::{Extensions, Payload, ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{Error, HttpMessage};
use futures_util::StreamExt;

/// Where the unread rest of a request's body is kept until its connection closes (a handle:
/// its clones share the slot).
#[derive(Clone, Default)]
pub struct UnreadBody(Rc<RefCell<Option<Payload>>>);

/// The `HttpServer::on_connect` hook: sets each TCP connection's send timeout and gives it an
/// [`UnreadBody`] slot.
pub fn on_connect(send_timeout: Duration) -> impl Fn(&dyn Any, &mut Extensions) + Send + Sync + 'static {
    move |connection, data| {
        data.insert(UnreadBody::default());
        let Some(stream) = connection.downcast_ref::<actix_web::rt::net::TcpStream>() else { return };
        #[cfg(any(target_os = "linux", target_os = "android"))]
        if let Err(error) = socket2::SockRef::from(stream).set_tcp_user_timeout(Some(send_timeout)) {
            tracing::warn!(%error, "the connection's send timeout could not be set");
        }
        #[cfg(not(any(target_os = "linux", target_os = "android")))]
        let _ = (stream, send_timeout);
    }
}

/// Middleware: hands the route the request's body through a reader of its own, and when the
/// answer is ready while the body is not read to its end, leaves the body in the connection's
/// [`UnreadBody`] slot, so that the connection is closed after the answer.
pub async fn close_after_unread_body(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let body = req.take_payload();
    if matches!(body, Payload::None) {
        return next.call(req).await;
    }
    let source = Rc::new(RefCell::new(body));
    let ended = Rc::new(Cell::new(false));
    let (reader, reader_ended) = (source.clone(), ended.clone());
    let through = futures_util::stream::poll_fn(move |cx| {
        let item = reader.borrow_mut().poll_next_unpin(cx);
        if matches!(item, Poll::Ready(None | Some(Err(_)))) {
            reader_ended.set(true);
        }
        item
    });
    req.set_payload(Payload::Stream { payload: Box::pin(through) });
    let slot = req.conn_data::<UnreadBody>().cloned();
    let answer = next.call(req).await;
    if let (false, Some(slot)) = (ended.get(), slot) {
        *slot.0.borrow_mut() = Some(source.replace(Payload::None));
    }
    answer
}
