//! The input of the PGN readers: a path (str, bytes or os.PathLike, turned
//! into a file name as `open()` does) or a Python file object, opened and
//! decompressed with the GIL released; and Ctrl-C while reading: a read
//! that goes on for long looks for signals every [`SIGNAL_INTERVAL`].

use std::fs::File;
use std::io::{self, BufRead, Read};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::time::{Duration, Instant};

use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// The input of a reader: a file or a Python file object, decompressed.
pub type Input = Box<dyn BufRead + Send>;

/// How often work done with the GIL released stops to run Python's signal
/// handlers, so that Ctrl-C raises `KeyboardInterrupt` within about this
/// long.
pub const SIGNAL_INTERVAL: Duration = Duration::from_millis(50);

/// Runs Python's signal handlers from a thread that released the GIL (it
/// is taken for the call): the `KeyboardInterrupt` of a Ctrl-C, as an
/// error. Only the main thread runs handlers; elsewhere this is `Ok`.
pub fn check_signals() -> PyResult<()> {
    Python::with_gil(|py| py.check_signals())
}

/// The file name of a path argument, as `open()` takes it: a `str` (lone
/// surrogates raise `UnicodeEncodeError`, surrogate-escaped bytes are the
/// bytes they stand for), `bytes`, or an `os.PathLike` giving either; a
/// NUL in it is a `ValueError`.
pub fn path_of(path: &Bound<'_, PyAny>) -> PyResult<PathBuf> {
    let py = path.py();
    let os = py.import(pyo3::intern!(py, "os"))?;
    // `os.fsencode` is what `open()` uses: the file system encoding with
    // the `surrogateescape` handler, `TypeError` for other types.
    let encoded = os.call_method1(pyo3::intern!(py, "fsencode"), (path,))?;
    let bytes = encoded.downcast::<PyBytes>()?.as_bytes();
    if bytes.contains(&0) {
        return Err(PyValueError::new_err("embedded null byte"));
    }
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Ok(PathBuf::from(std::ffi::OsStr::from_bytes(bytes)))
    }
    #[cfg(not(unix))]
    {
        let text = std::str::from_utf8(bytes)
            .map_err(|e| PyValueError::new_err(format!("path is not UTF-8: {e}")))?;
        Ok(PathBuf::from(text))
    }
}

/// Whether `source` is a path for [`open`]: `str`, `bytes` or
/// `os.PathLike`.
pub fn is_path(source: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(source.is_instance_of::<PyString>()
        || source.is_instance_of::<PyBytes>()
        || source.hasattr(pyo3::intern!(source.py(), "__fspath__"))?)
}

/// Opens a path ([`path_of`]; zstd or gzip by content) or a file object
/// with `read`. The file is opened and its first bytes read with the GIL
/// released, so that a FIFO whose writer is a Python thread of this
/// process opens. An error opening it is `OSError` with `errno` and
/// `filename` (`FileNotFoundError`, `PermissionError`, … as `open()`
/// raises), a damaged compressed stream `OSError`.
pub fn open(source: &Bound<'_, PyAny>) -> PyResult<Input> {
    let py = source.py();
    if is_path(source)? {
        let path = path_of(source)?;
        return py
            .allow_threads(|| {
                open_file(&path).and_then(|file| bitmoves_pgn::decompress(SignalChecked(file)))
            })
            .map_err(|e| os_error(source, e));
    }
    if source.hasattr(pyo3::intern!(py, "read"))? {
        let file = PyFile {
            file: source.clone().unbind(),
            pending: Vec::new(),
        };
        return bitmoves_pgn::decompress(file).map_err(io_error);
    }
    Err(PyTypeError::new_err(format!(
        "expected a path (str, bytes or os.PathLike) or a file object, not {}",
        source.get_type().name()?
    )))
}

/// Opens `path` for reading, called with the GIL released. Opening can
/// block (a FIFO waits for its writer): on Linux a signal that interrupts
/// it runs the signal handlers, so that Ctrl-C stops the wait as it stops
/// `open()`'s; `File::open` would retry for ever.
#[cfg(target_os = "linux")]
fn open_file(path: &std::path::Path) -> io::Result<File> {
    use std::os::fd::FromRawFd;
    use std::os::unix::ffi::OsStrExt;
    let name = std::ffi::CString::new(path.as_os_str().as_bytes())
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    loop {
        // SAFETY: `name` is a NUL-terminated string that outlives the
        // call; `open` reads it and returns a new descriptor or -1.
        let fd = unsafe { libc::open(name.as_ptr(), libc::O_RDONLY | libc::O_CLOEXEC) };
        if fd >= 0 {
            // SAFETY: `fd` was just opened here and is owned by nothing
            // else; the `File` closes it.
            return Ok(unsafe { File::from_raw_fd(fd) });
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
        check_signals().map_err(io::Error::other)?;
    }
}

/// Opens `path` for reading.
#[cfg(not(target_os = "linux"))]
fn open_file(path: &std::path::Path) -> io::Result<File> {
    File::open(path)
}

/// `OSError(errno, strerror, filename)` for an error opening `filename`
/// (which Python makes the subclass the errno names), else `OSError` with
/// the error's text.
pub fn os_error(filename: &Bound<'_, PyAny>, error: io::Error) -> PyErr {
    let py = filename.py();
    let Some(errno) = error.raw_os_error() else {
        return io_error(error);
    };
    let strerror = py
        .import(pyo3::intern!(py, "os"))
        .and_then(|os| os.call_method1(pyo3::intern!(py, "strerror"), (errno,)))
        .and_then(|text| text.extract::<String>())
        .unwrap_or_else(|_| error.to_string());
    // The name as `open()` reports it: the str or bytes of a PathLike.
    let name = py
        .import(pyo3::intern!(py, "os"))
        .and_then(|os| os.call_method1(pyo3::intern!(py, "fspath"), (filename,)))
        .unwrap_or_else(|_| filename.clone());
    PyOSError::new_err((errno, strerror, name.unbind()))
}

/// An input error as the Python exception it holds (a file object's, a
/// `KeyboardInterrupt`), or `OSError`.
pub fn io_error(error: io::Error) -> PyErr {
    match error.downcast::<PyErr>() {
        Ok(error) => error,
        Err(error) => PyOSError::new_err(error.to_string()),
    }
}

/// A Python file object (binary or text) as [`Read`]: each read takes the
/// GIL, runs the signal handlers and calls its `read(n)`; text is encoded
/// as UTF-8.
struct PyFile {
    file: Py<PyAny>,
    pending: Vec<u8>,
}

impl Read for PyFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pending.is_empty() {
            self.pending = Python::with_gil(|py| -> PyResult<Vec<u8>> {
                py.check_signals()?;
                let chunk = self
                    .file
                    .bind(py)
                    .call_method1("read", (buf.len().max(1),))?;
                if let Ok(bytes) = chunk.downcast::<PyBytes>() {
                    Ok(bytes.as_bytes().to_vec())
                } else if let Ok(text) = chunk.downcast::<PyString>() {
                    Ok(text.to_cow()?.as_bytes().to_vec())
                } else {
                    Err(PyTypeError::new_err(
                        "read() returned neither bytes nor str",
                    ))
                }
            })
            .map_err(io::Error::other)?;
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

/// A file whose reads, when a signal interrupts them while they block (a
/// FIFO or a terminal waiting for data), run Python's signal handlers and
/// then read again: Ctrl-C's `KeyboardInterrupt` becomes the read's error,
/// and no reader above sees the interruption (some would retry it for
/// ever, others would fail).
struct SignalChecked<R>(R);

impl<R: Read> Read for SignalChecked<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            match self.0.read(buf) {
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {
                    check_signals().map_err(io::Error::other)?;
                }
                other => return other,
            }
        }
    }
}

/// How many bytes pass between two looks at the clock in
/// [`Interruptible`]: few enough that a look comes well within
/// [`SIGNAL_INTERVAL`] at any reading speed, many enough to cost nothing.
const CLOCK_BYTES: usize = 64 << 10;

/// An input read with the GIL released that Ctrl-C can stop: every
/// [`SIGNAL_INTERVAL`] of reading (measured every [`CLOCK_BYTES`] bytes
/// consumed), and when a blocking read is interrupted by a signal, it runs
/// Python's signal handlers; an exception they raise (`KeyboardInterrupt`)
/// becomes the input's error, which the reader hands back.
pub struct Interruptible<R> {
    inner: R,
    consumed: usize,
    checked: Instant,
}

impl<R> Interruptible<R> {
    /// `inner`, interruptible.
    pub fn new(inner: R) -> Self {
        Self {
            inner,
            consumed: 0,
            checked: Instant::now(),
        }
    }

    /// Runs the signal handlers now.
    fn check(&mut self) -> io::Result<()> {
        self.consumed = 0;
        self.checked = Instant::now();
        check_signals().map_err(io::Error::other)
    }
}

impl<R: BufRead> Read for Interruptible<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = {
            let available = self.fill_buf()?;
            let n = available.len().min(buf.len());
            buf[..n].copy_from_slice(&available[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Interruptible<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.consumed >= CLOCK_BYTES {
            self.consumed = 0;
            if self.checked.elapsed() >= SIGNAL_INTERVAL {
                self.check()?;
            }
        }
        loop {
            match self.inner.fill_buf() {
                // A signal arrived during a blocking read: its handler
                // decides (Ctrl-C stops), else the read is tried again.
                Err(error) if error.kind() == io::ErrorKind::Interrupted => self.check()?,
                Err(error) => return Err(error),
                Ok([]) => return Ok(&[]),
                Ok(_) => break,
            }
        }
        // Asked again for the borrow checker: the buffer is filled, so no
        // read happens.
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.consumed = self.consumed.saturating_add(amount);
        self.inner.consume(amount);
    }
}

/// Locks `mutex`, whatever a panic elsewhere left in it.
pub fn lock<T>(mutex: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// What a producer thread reads: the input, ending when the consumer sets
/// the stop flag.
pub type ProducerReader = bitmoves_pgn::Reader<io::BufReader<Stoppable<Input>>>;

/// Starts the thread `name` that reads `input` for an iterator
/// (`read_positions`, `read_arrow`): `produce` gets the reader, the
/// sending end of a channel that holds two items, and the stop flag,
/// which ends the reading when set (by the consumer when it is dropped,
/// or by `produce` when the receiver is gone). Returns the receiving end
/// and the flag.
pub fn spawn_producer<T: Send + 'static>(
    name: &str,
    input: Input,
    produce: impl FnOnce(&mut ProducerReader, SyncSender<T>, Arc<AtomicBool>) + Send + 'static,
) -> io::Result<(Receiver<T>, Arc<AtomicBool>)> {
    let stop = Arc::new(AtomicBool::new(false));
    let (out, received) = sync_channel(2);
    let producer_stop = Arc::clone(&stop);
    std::thread::Builder::new()
        .name(name.to_owned())
        .spawn(move || {
            let input = io::BufReader::new(Stoppable {
                inner: input,
                stop: Arc::clone(&producer_stop),
            });
            produce(&mut bitmoves_pgn::Reader::new(input), out, producer_stop);
        })?;
    Ok((received, stop))
}

/// A [`Read`] that ends when `stop` is set: a producer thread reading for
/// an iterator (`read_positions`, `read_arrow`) stops when it is dropped.
pub struct Stoppable<R> {
    /// What is read.
    pub inner: R,
    /// Set by the consumer to end the reading.
    pub stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl<R: Read> Read for Stoppable<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.stop.load(std::sync::atomic::Ordering::Relaxed) {
            return Ok(0);
        }
        self.inner.read(buf)
    }
}
