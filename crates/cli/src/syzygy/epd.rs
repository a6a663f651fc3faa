//! `bitmoves syzygy --epd`: the positions of a file (or stdin) read a
//! chunk of lines at a time, probed on threads, and answered in input
//! order, one output line per input line, with a few chunks in memory.

use crate::error::{CliError, file_name, report};
use bitmoves::Board;
use bitmoves_syzygy::Tablebase;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::ops::Range;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::channel;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// The longest line read, in bytes (without its line break): a longer one
/// fails, unread, and the lines after it go on.
pub const MAX_LINE: usize = 1 << 16;

/// A chunk ends once it holds this many bytes of lines, or when the lines
/// buffered so far are used up (so that a pipe's lines are answered as
/// they come, not once a chunk fills).
const CHUNK_BYTES: usize = 1 << 16;

/// A chunk ends after this many lines too (blank lines are short).
const CHUNK_LINES: usize = 4096;

/// What a line that cannot be probed prints on stdout (the reason goes to
/// stderr).
pub const FAILED: &str = "error";

/// The UTF-8 byte order mark, skipped at the start of the input.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// Lines read from the input, up to [`CHUNK_BYTES`] of them at a time.
struct Chunk {
    /// The number of its first line (1 for the input's first).
    first: u64,
    /// The lines' bytes, one after the other.
    text: Vec<u8>,
    /// Each line's place in `text`, or its length when it is longer than
    /// [`MAX_LINE`] (and was not kept).
    lines: Vec<Result<Range<usize>, u64>>,
}

/// The input, cut into lines.
struct Lines {
    input: BufReader<Box<dyn Read + Send>>,
    /// The lines read so far.
    read: u64,
}

impl Lines {
    /// Opens `path` (`-`: stdin).
    fn open(path: &Path) -> io::Result<Self> {
        let inner: Box<dyn Read + Send> = if path.as_os_str() == "-" {
            Box::new(io::stdin())
        } else {
            Box::new(File::open(path)?)
        };
        Ok(Self {
            input: BufReader::with_capacity(CHUNK_BYTES, inner),
            read: 0,
        })
    }

    /// Whether the next line needs a read from the input (which may wait).
    fn drained(&self) -> bool {
        self.input.buffer().is_empty()
    }

    /// The next lines, up to [`CHUNK_BYTES`] or [`CHUNK_LINES`] of them,
    /// or the end of what is buffered; empty at the end of the input. An input error ends the
    /// chunk before the line it cut, and is returned with it.
    fn next_chunk(&mut self) -> (Chunk, Option<io::Error>) {
        let mut chunk = Chunk {
            first: self.read + 1,
            text: Vec::with_capacity(CHUNK_BYTES + 256),
            lines: Vec::new(),
        };
        // Once a line is in, only what is buffered: a read may wait.
        while chunk.text.len() < CHUNK_BYTES
            && chunk.lines.len() < CHUNK_LINES
            && (chunk.lines.is_empty() || !self.drained())
        {
            match self.next_line(&mut chunk.text) {
                Ok(Some(line)) => chunk.lines.push(line),
                Ok(None) => break,
                Err(error) => return (chunk, Some(error)),
            }
        }
        (chunk, None)
    }

    /// Appends the next line to `text`, without its line break (`\n` or
    /// `\r\n`), or the byte order mark before the first: its place there,
    /// or its length when it is too long (then nothing is kept). `None` at
    /// the end of the input.
    fn next_line(&mut self, text: &mut Vec<u8>) -> io::Result<Option<Result<Range<usize>, u64>>> {
        let start = text.len();
        let mut length: u64 = 0;
        let mut ended = false;
        loop {
            let buffer = match self.input.fill_buf() {
                Ok(buffer) => buffer,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => {
                    text.truncate(start);
                    return Err(error);
                }
            };
            if buffer.is_empty() {
                break;
            }
            let (piece, used) = match buffer.iter().position(|&b| b == b'\n') {
                Some(end) => (&buffer[..end], end + 1),
                None => (buffer, buffer.len()),
            };
            ended = used > piece.len();
            length += piece.len() as u64;
            // Room for a `\r` and the byte order mark, removed below.
            let kept = length <= (MAX_LINE + 1 + BOM.len()) as u64;
            if kept {
                text.extend_from_slice(piece);
            }
            self.input.consume(used);
            if ended {
                break;
            }
        }
        if length == 0 && !ended {
            return Ok(None);
        }
        self.read += 1;
        if length > (MAX_LINE + 1 + BOM.len()) as u64 {
            text.truncate(start);
            return Ok(Some(Err(length)));
        }
        if text[start..].ends_with(b"\r") {
            text.pop();
            length -= 1;
        }
        if self.read == 1 && text[start..].starts_with(BOM) {
            text.drain(start..start + BOM.len());
            length -= BOM.len() as u64;
        }
        if length > MAX_LINE as u64 {
            text.truncate(start);
            return Ok(Some(Err(length)));
        }
        Ok(Some(Ok(start..text.len())))
    }
}

/// What a chunk's lines gave: the output, and the failed lines' numbers
/// and reasons.
struct Answers {
    text: String,
    failures: Vec<(u64, String)>,
}

/// The board of one EPD or FEN line: the first four fields, and the
/// clocks when the next two are numbers.
fn parse_line(line: &str) -> Result<Board, String> {
    let fields: Vec<&str> = line.split_whitespace().take(6).collect();
    if fields.len() < 4 {
        return Err("not a FEN or EPD (fewer than four fields)".into());
    }
    let clocks =
        fields.len() >= 6 && fields[4].parse::<u16>().is_ok() && fields[5].parse::<u16>().is_ok();
    let fen = if clocks {
        fields.join(" ")
    } else {
        format!("{} 0 1", fields[..4].join(" "))
    };
    fen.parse::<Board>().map_err(|error| error.to_string())
}

/// One line's answer, written to `out` as `WDL DTZ`.
fn probe_line(tables: &Tablebase, line: &str, out: &mut String) -> Result<(), String> {
    let board = parse_line(line)?;
    let wdl = tables.probe_wdl(&board).map_err(|e| e.to_string())?;
    let dtz = tables.probe_dtz(&board).map_err(|e| e.to_string())?;
    let _ = write!(out, "{wdl} {dtz}");
    Ok(())
}

/// Probes a chunk's lines: one output line each, empty for a blank line,
/// [`FAILED`] for one that cannot be probed.
fn probe_chunk(tables: &Tablebase, chunk: &Chunk) -> Answers {
    let mut answers = Answers {
        text: String::with_capacity(chunk.lines.len() * 8),
        failures: Vec::new(),
    };
    for (number, line) in (chunk.first..).zip(&chunk.lines) {
        let result = match line {
            // Bytes that are not UTF-8 become U+FFFD: harmless in an EPD's
            // operations, a failure in its FEN fields.
            Ok(range) => match String::from_utf8_lossy(&chunk.text[range.clone()]) {
                line if line.trim().is_empty() => Ok(()),
                line => probe_line(tables, &line, &mut answers.text),
            },
            Err(length) => Err(format!("longer than {MAX_LINE} bytes ({length})")),
        };
        if let Err(error) = result {
            answers.text.push_str(FAILED);
            answers.failures.push((number, error));
        }
        answers.text.push('\n');
    }
    answers
}

/// What the run found wrong, to report at the end.
#[derive(Default)]
struct Tally {
    failed: u64,
}

impl Tally {
    /// Writes a chunk's answers and reports its failed lines.
    fn write(&mut self, answers: &Answers, out: &mut dyn Write) -> Result<(), CliError> {
        out.write_all(answers.text.as_bytes())?;
        for (number, error) in &answers.failures {
            report(&format_args!("line {number}: {error}"));
        }
        self.failed += answers.failures.len() as u64;
        Ok(())
    }
}

/// Probes every line of `path` (`-`: stdin) on `threads` threads and
/// prints one line per input line, in input order; a line that fails is
/// [`FAILED`] there and `error: line N: …` on stderr, and the rest go on.
/// Fails at the end (exit status 1) when a line or the input did.
pub fn run(
    tables: &Tablebase,
    path: &Path,
    threads: usize,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let cannot_read =
        |error: io::Error| CliError::input(format!("cannot read {}: {error}", file_name(path)));
    let mut lines = Lines::open(path).map_err(cannot_read)?;
    let mut tally = Tally::default();
    let outcome = match threads {
        1 => Outcome::NoThreads,
        _ => on_threads(tables, &mut lines, threads, &mut tally, out)?,
    };
    let read_error = match outcome {
        Outcome::Done(error) => error,
        // One thread, or none could be started.
        Outcome::NoThreads => on_this_thread(tables, &mut lines, &mut tally, out)?,
    };
    out.flush()?;
    if let Some(error) = read_error {
        report(&cannot_read(error));
        return Err(CliError::Exited(1));
    }
    match tally.failed {
        0 => Ok(()),
        _ => Err(CliError::Exited(1)),
    }
}

/// Reads, probes and writes a chunk at a time; flushes the output before
/// a read that may wait. Returns the input error that ended the reading.
fn on_this_thread(
    tables: &Tablebase,
    lines: &mut Lines,
    tally: &mut Tally,
    out: &mut dyn Write,
) -> Result<Option<io::Error>, CliError> {
    loop {
        let (chunk, error) = lines.next_chunk();
        if chunk.lines.is_empty() && error.is_none() {
            return Ok(None);
        }
        tally.write(&probe_chunk(tables, &chunk), out)?;
        if error.is_some() {
            return Ok(error);
        }
        if lines.drained() {
            out.flush()?;
        }
    }
}

/// How the threads' run ended.
enum Outcome {
    /// Every line was read and written (up to the input error, if one
    /// struck).
    Done(Option<io::Error>),
    /// No thread was started: nothing was read.
    NoThreads,
}

/// The input, shared by the threads: each reads a chunk in turn.
struct Input<'a> {
    lines: &'a mut Lines,
    /// The number of the next chunk.
    number: usize,
    /// The input error that ended the reading.
    failure: Option<io::Error>,
}

/// The threads' shared dealing. The input has a lock of its own, held
/// while a thread waits for the input to come, so that the writing
/// thread gives back tokens without waiting for it.
struct Pool<'a> {
    input: Mutex<Input<'a>>,
    /// The chunks that may still be read before their answers are
    /// written: memory stays bounded.
    tokens: Mutex<usize>,
    /// Signalled when a token comes back, or the dealing ends.
    freed: Condvar,
    /// Whether the input is all read, or the work stopped.
    over: AtomicBool,
}

/// `mutex`, locked (a panic elsewhere does not stop it from being read).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Pool<'_> {
    /// The next chunk and its number, read once a token is free; `None`
    /// when the input is all read or the work stopped.
    fn take(&self) -> Option<(usize, Chunk)> {
        {
            let mut tokens = lock(&self.tokens);
            while *tokens == 0 && !self.over.load(Ordering::Acquire) {
                tokens = self
                    .freed
                    .wait(tokens)
                    .unwrap_or_else(PoisonError::into_inner);
            }
            if self.over.load(Ordering::Acquire) {
                return None;
            }
            *tokens -= 1;
        }
        let mut input = lock(&self.input);
        if self.over.load(Ordering::Acquire) {
            return None;
        }
        let (chunk, error) = input.lines.next_chunk();
        if error.is_some() || chunk.lines.is_empty() {
            input.failure = error;
            self.stop();
            if chunk.lines.is_empty() {
                return None;
            }
        }
        input.number += 1;
        Some((input.number - 1, chunk))
    }

    /// Gives back the token of a chunk whose answers were written.
    fn free(&self) {
        *lock(&self.tokens) += 1;
        self.freed.notify_one();
    }

    /// Ends the dealing: every thread stops once its chunk is probed.
    fn stop(&self) {
        self.over.store(true, Ordering::Release);
        let _tokens = lock(&self.tokens);
        self.freed.notify_all();
    }
}

/// Ends the dealing when dropped: when the writing thread fails, or a
/// worker panics, the others stop instead of waiting for tokens.
struct Stop<'p, 'a>(&'p Pool<'a>);

impl Drop for Stop<'_, '_> {
    fn drop(&mut self) {
        self.0.stop();
    }
}

/// Runs `threads` workers that take turns reading a chunk and probe it;
/// this thread writes their answers in input order, flushing whenever it
/// waits for them. At most `2 * threads + 1` chunks are read and not yet
/// written.
fn on_threads(
    tables: &Tablebase,
    lines: &mut Lines,
    threads: usize,
    tally: &mut Tally,
    out: &mut dyn Write,
) -> Result<Outcome, CliError> {
    let pool = Pool {
        input: Mutex::new(Input {
            lines,
            number: 0,
            failure: None,
        }),
        tokens: Mutex::new(threads * 2 + 1),
        freed: Condvar::new(),
        over: AtomicBool::new(false),
    };
    let started = std::thread::scope(|scope| {
        let (output, answers) = channel::<(usize, Answers)>();
        let mut started = 0;
        for _ in 0..threads {
            let (pool, output) = (&pool, output.clone());
            let worker = std::thread::Builder::new().spawn_scoped(scope, move || {
                // A worker that panics stops the others.
                let _stop = Stop(pool);
                while let Some((number, chunk)) = pool.take() {
                    let done = probe_chunk(tables, &chunk);
                    if output.send((number, done)).is_err() {
                        break;
                    }
                }
            });
            // A thread the system refuses leaves the work to the others.
            match worker {
                Ok(_) => started += 1,
                Err(_) => break,
            }
        }
        drop(output);
        // However this thread leaves, the workers stop.
        let _stop = Stop(&pool);
        if started == 0 {
            return Ok(false);
        }
        let mut waiting = BTreeMap::new();
        let mut next = 0;
        loop {
            let (number, done) = match answers.try_recv() {
                Ok(received) => received,
                Err(_) => {
                    // Nothing new: what is written so far goes out now.
                    out.flush()?;
                    match answers.recv() {
                        Ok(received) => received,
                        Err(_) => break,
                    }
                }
            };
            waiting.insert(number, done);
            while let Some(done) = waiting.remove(&next) {
                tally.write(&done, out)?;
                next += 1;
                pool.free();
            }
        }
        Ok::<_, CliError>(true)
    })?;
    if !started {
        return Ok(Outcome::NoThreads);
    }
    let failure = lock(&pool.input).failure.take();
    Ok(Outcome::Done(failure))
}
