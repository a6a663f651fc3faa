//! A static file server for the lab on localhost: enough HTTP/1.1 for a
//! browser to load the page's own files (GET and HEAD, `Connection:
//! close`), within limits: a bounded request head, a deadline for it, a
//! fixed pool of workers and a bounded queue, 503 beyond it.

use super::request::{self, MAX_HEAD_BYTES, Method, Request, RequestError};
use std::convert::Infallible;
use std::fs::File;
use std::io::{self, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// What the server will spend on clients.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Connections served at once: one worker thread each, started with
    /// the server.
    pub workers: usize,
    /// Connections accepted and waiting for a worker; one more gets 503.
    pub waiting: usize,
    /// The time a connection has, from its accept, to send its request
    /// head; then it gets 408 and is closed.
    pub head_timeout: Duration,
    /// The time a client has to take the reply.
    pub send_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            workers: 16,
            waiting: 64,
            head_timeout: Duration::from_secs(10),
            send_timeout: Duration::from_secs(30),
        }
    }
}

/// After a reply, the most the server reads and drops of what the client
/// still sends, so that closing does not reset the connection before the
/// client has read the reply…
const LINGER_BYTES: usize = 64 * 1024;
/// …and the longest it waits for the client to close.
const LINGER_TIME: Duration = Duration::from_secs(1);

/// The files a site serves: the page's own, by name, under one root.
#[derive(Debug, Clone)]
pub struct Site {
    root: PathBuf,
    files: Vec<String>,
}

impl Site {
    /// The files named in `files` (paths relative to `root`, segments
    /// joined by `/`) under `root`; nothing else there is served. Fails
    /// when `root` cannot be resolved.
    pub fn new(root: &Path, files: impl IntoIterator<Item = String>) -> io::Result<Self> {
        Ok(Self {
            root: std::fs::canonicalize(root)?,
            files: files.into_iter().collect(),
        })
    }

    /// The site's root, resolved.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The file a request names: one of the site's, and, symbolic links
    /// resolved, under its root.
    fn open(&self, path: &request::SitePath) -> Result<File, Status> {
        if !self.files.iter().any(|name| name == path.as_str()) {
            return Err(Status::NotFound);
        }
        let real =
            std::fs::canonicalize(self.root.join(path.as_str())).map_err(|_| Status::NotFound)?;
        if !real.starts_with(&self.root) {
            return Err(Status::Forbidden);
        }
        let file = File::open(&real).map_err(|_| Status::NotFound)?;
        match file.metadata() {
            Ok(meta) if meta.is_file() => Ok(file),
            _ => Err(Status::NotFound),
        }
    }
}

/// The statuses the server answers with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    Ok,
    BadRequest,
    Forbidden,
    NotFound,
    MethodNotAllowed,
    RequestTimeout,
    HeadTooLarge,
    ServiceUnavailable,
    VersionNotSupported,
}

impl Status {
    fn line(self) -> &'static str {
        match self {
            Self::Ok => "200 OK",
            Self::BadRequest => "400 Bad Request",
            Self::Forbidden => "403 Forbidden",
            Self::NotFound => "404 Not Found",
            Self::MethodNotAllowed => "405 Method Not Allowed",
            Self::RequestTimeout => "408 Request Timeout",
            Self::HeadTooLarge => "431 Request Header Fields Too Large",
            Self::ServiceUnavailable => "503 Service Unavailable",
            Self::VersionNotSupported => "505 HTTP Version Not Supported",
        }
    }

    fn of(error: &RequestError) -> Self {
        match error {
            RequestError::TooLarge => Self::HeadTooLarge,
            RequestError::MethodNotAllowed => Self::MethodNotAllowed,
            RequestError::UnsupportedVersion => Self::VersionNotSupported,
            RequestError::PathOutsideSite => Self::NotFound,
            RequestError::Incomplete
            | RequestError::NotUtf8
            | RequestError::BadRequestLine
            | RequestError::BadHeader
            | RequestError::NotOriginForm
            | RequestError::BadEscape => Self::BadRequest,
        }
    }
}

/// Binds `127.0.0.1:port` (`0` picks a free port).
pub fn bind(port: u16) -> io::Result<TcpListener> {
    TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], port)))
}

/// A connection, with the time it was accepted.
struct Accepted {
    stream: TcpStream,
    at: Instant,
}

/// Serves `site` on `listener` until the process ends. Starts
/// `limits.workers` threads first, and fails only when none starts; an
/// accept that fails (out of file descriptors, say) is waited out, not
/// fatal.
pub fn serve(listener: TcpListener, site: Site, limits: Limits) -> io::Result<Infallible> {
    let (queue, receiver) = mpsc::sync_channel::<Accepted>(limits.waiting);
    let receiver = Arc::new(Mutex::new(receiver));
    let site = Arc::new(site);
    let mut started = 0;
    let mut failure = None;
    for index in 0..limits.workers.max(1) {
        let (receiver, site) = (Arc::clone(&receiver), Arc::clone(&site));
        match std::thread::Builder::new()
            .name(format!("lab-serve-{index}"))
            .spawn(move || work(&receiver, &site, limits))
        {
            Ok(_) => started += 1,
            Err(err) => failure = Some(err),
        }
    }
    if started == 0 {
        return Err(failure.unwrap_or_else(|| io::Error::other("no worker started")));
    }
    loop {
        match listener.accept() {
            Ok((stream, _)) => queue_or_refuse(&queue, stream),
            Err(_) => std::thread::sleep(Duration::from_millis(10)),
        }
    }
}

/// Hands `stream` to a worker, or answers 503 when every worker is busy
/// and the queue is full.
fn queue_or_refuse(queue: &SyncSender<Accepted>, stream: TcpStream) {
    let accepted = Accepted {
        stream,
        at: Instant::now(),
    };
    let (TrySendError::Full(refused) | TrySendError::Disconnected(refused)) =
        match queue.try_send(accepted) {
            Ok(()) => return,
            Err(err) => err,
        };
    // The accept loop must not wait on this client: the reply is small
    // enough for an empty send buffer, and what the client sent is dropped
    // as far as it has come.
    let mut stream = refused.stream;
    if stream.set_nonblocking(true).is_ok() {
        let _ = reply_text(
            &mut stream,
            Status::ServiceUnavailable,
            "busy: too many connections\n",
            None,
            true,
        );
        let _ = stream.shutdown(Shutdown::Write);
        let mut sink = [0; 4096];
        let mut left = LINGER_BYTES;
        while let Ok(read @ 1..) = stream.read(&mut sink) {
            left = left.saturating_sub(read);
            if left == 0 {
                break;
            }
        }
    }
}

/// A worker: takes connections from the queue and answers each, until
/// the server's end.
fn work(receiver: &Mutex<Receiver<Accepted>>, site: &Site, limits: Limits) {
    let mut head = vec![0; MAX_HEAD_BYTES];
    loop {
        let next = receiver
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .recv();
        let Ok(Accepted { mut stream, at }) = next else {
            return;
        };
        // A panic would be a bug; it costs this connection, not the worker.
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            answer(&mut stream, at, &mut head, site, limits);
        }));
    }
}

/// What reading a request head came to.
enum Head {
    Request(Request),
    Refused(Status, String),
    Closed,
}

/// Reads one request head from `stream` into `head` (the server's only
/// buffer for it) by `at + limits.head_timeout`, answers it, and closes.
fn answer(stream: &mut TcpStream, at: Instant, head: &mut [u8], site: &Site, limits: Limits) {
    let read = read_head(stream, at + limits.head_timeout, head);
    let send_by = Instant::now() + limits.send_timeout;
    let _ = match read {
        Head::Closed => return,
        Head::Refused(status, why) => {
            // No body to a HEAD request, even one refused.
            let with_body = !head.starts_with(b"HEAD ");
            reply_text(stream, status, &why, Some(send_by), with_body)
        }
        Head::Request(request) => send_file(stream, site, &request, send_by),
    };
    linger(stream);
}

fn read_head(stream: &mut TcpStream, deadline: Instant, head: &mut [u8]) -> Head {
    let timeout = || {
        Head::Refused(
            Status::RequestTimeout,
            "the request head took too long\n".into(),
        )
    };
    let mut len = 0;
    loop {
        match request::parse(&head[..len]) {
            Ok(request) => return Head::Request(request),
            Err(RequestError::Incomplete) => {}
            Err(error) => return Head::Refused(Status::of(&error), format!("{error}\n")),
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
            return timeout();
        }
        // `parse` never says Incomplete to a full buffer, so there is room.
        let Some(free) = head.get_mut(len..).filter(|free| !free.is_empty()) else {
            return Head::Closed;
        };
        match stream.read(free) {
            Ok(0) => return Head::Closed,
            Ok(read) => len += read,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            Err(err)
                if matches!(
                    err.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                return timeout();
            }
            Err(_) => return Head::Closed,
        }
    }
}

fn send_file(
    stream: &mut TcpStream,
    site: &Site,
    request: &Request,
    send_by: Instant,
) -> io::Result<()> {
    let with_body = request.method == Method::Get;
    let mut file = match site.open(&request.path) {
        Ok(found) => found,
        Err(status) => {
            let text = match status {
                Status::Forbidden => "forbidden: a link out of the site\n",
                _ => "not found\n",
            };
            return reply_text(stream, status, text, Some(send_by), with_body);
        }
    };
    let length = file.metadata()?.len();
    write_all(
        stream,
        head(Status::Ok, content_type(request.path.as_str()), length).as_bytes(),
        send_by,
    )?;
    if !with_body {
        return Ok(());
    }
    let mut chunk = vec![0; 64 * 1024];
    let mut left = length;
    while left > 0 {
        let read = file.read(&mut chunk)?;
        if read == 0 {
            break;
        }
        let read = read.min(usize::try_from(left).unwrap_or(usize::MAX));
        write_all(stream, &chunk[..read], send_by)?;
        left -= read as u64;
    }
    Ok(())
}

/// A reply head.
fn head(status: Status, kind: &str, length: u64) -> String {
    format!(
        "HTTP/1.1 {}\r\nContent-Type: {kind}\r\nContent-Length: {length}\r\n\
         Cache-Control: no-store\r\nConnection: close\r\n\r\n",
        status.line()
    )
}

/// Replies `status` with `text` as the body (sent when `with_body`). By
/// `by`, or at once on a non-blocking stream when `by` is `None`.
fn reply_text(
    stream: &mut TcpStream,
    status: Status,
    text: &str,
    by: Option<Instant>,
    with_body: bool,
) -> io::Result<()> {
    let mut reply = head(status, "text/plain; charset=utf-8", text.len() as u64);
    if with_body {
        reply.push_str(text);
    }
    match by {
        Some(by) => write_all(stream, reply.as_bytes(), by),
        None => stream.write_all(reply.as_bytes()),
    }
}

/// `write_all` that gives up at `by`.
fn write_all(stream: &mut TcpStream, mut bytes: &[u8], by: Instant) -> io::Result<()> {
    while !bytes.is_empty() {
        let left = by.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::ErrorKind::TimedOut.into());
        }
        stream.set_write_timeout(Some(left))?;
        match stream.write(bytes) {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(written) => bytes = &bytes[written..],
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            Err(err) => return Err(err),
        }
    }
    Ok(())
}

/// Ends the reply, then reads and drops what the client still sends, up
/// to [`LINGER_BYTES`] or [`LINGER_TIME`], so that the close does not
/// reset the connection under a reply not yet read.
fn linger(stream: &mut TcpStream) {
    if stream.shutdown(Shutdown::Write).is_err() {
        return;
    }
    let until = Instant::now() + LINGER_TIME;
    let mut sink = [0; 4096];
    let mut left = LINGER_BYTES;
    while left > 0 {
        let time = until.saturating_duration_since(Instant::now());
        if time.is_zero() || stream.set_read_timeout(Some(time)).is_err() {
            return;
        }
        match stream.read(&mut sink) {
            Ok(0) | Err(_) => return,
            Ok(read) => left = left.saturating_sub(read),
        }
    }
}

/// The type of a file, by the extension of the name it was asked by.
fn content_type(name: &str) -> &'static str {
    match Path::new(name).extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("png") => "image/png",
        Some("svg") => "image/svg+xml",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}
