//! [`Utf8Check`]: watches the text `bitmoves pgn --pgn` reads for bytes
//! that are not UTF-8 (Latin-1 files, say). The reader turns such bytes in
//! tags and comments into U+FFFD, as python-chess does when it opens a
//! file with `errors="replace"`; the command says so once per file.

use std::io::{self, BufRead, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Where the first byte that is not UTF-8 was found: its offset in the
/// (decompressed) text, shared with the reader that found it.
#[derive(Debug, Clone)]
pub struct FirstInvalid(Arc<AtomicU64>);

impl FirstInvalid {
    const NONE: u64 = u64::MAX;

    /// Nothing found yet.
    pub fn new() -> Self {
        Self(Arc::new(AtomicU64::new(Self::NONE)))
    }

    /// The offset of the first byte that is not UTF-8, once the text has
    /// been read to its end.
    pub fn get(&self) -> Option<u64> {
        Some(self.0.load(Ordering::Relaxed)).filter(|&at| at != Self::NONE)
    }

    fn set(&self, at: u64) {
        self.0.fetch_min(at, Ordering::Relaxed);
    }
}

/// What the check knows between pieces of the text.
#[derive(Debug)]
struct State {
    /// The bytes read so far.
    offset: u64,
    /// The start of a character cut at the end of the last piece.
    pending: [u8; 4],
    pending_len: usize,
    /// Where `pending` starts in the text.
    pending_at: u64,
    found: FirstInvalid,
    done: bool,
}

impl State {
    /// Checks the next `bytes` of the text.
    fn check(&mut self, mut bytes: &[u8]) {
        self.offset += bytes.len() as u64;
        if self.done {
            return;
        }
        // First the rest of a character cut by the last piece.
        while self.pending_len > 0 {
            let Some((&byte, rest)) = bytes.split_first() else {
                return;
            };
            bytes = rest;
            self.pending[self.pending_len] = byte;
            self.pending_len += 1;
            match std::str::from_utf8(&self.pending[..self.pending_len]) {
                Ok(_) => self.pending_len = 0,
                Err(e) if e.error_len().is_none() && self.pending_len < 4 => {}
                Err(_) => return self.found(self.pending_at),
            }
        }
        let at = self.offset - bytes.len() as u64;
        if let Err(e) = std::str::from_utf8(bytes) {
            let bad = at + e.valid_up_to() as u64;
            match e.error_len() {
                Some(_) => self.found(bad),
                None => {
                    let tail = &bytes[e.valid_up_to()..];
                    self.pending[..tail.len()].copy_from_slice(tail);
                    self.pending_len = tail.len();
                    self.pending_at = bad;
                }
            }
        }
    }

    /// The text ended: a character cut short there is not UTF-8 either.
    fn end(&mut self) {
        if !self.done && self.pending_len > 0 {
            self.found(self.pending_at);
        }
    }

    fn found(&mut self, at: u64) {
        self.found.set(at);
        self.done = true;
    }
}

/// A buffered input that checks, as the reader consumes it, that its
/// bytes are UTF-8, and records in a [`FirstInvalid`] where the first one
/// that is not stands. It copies nothing: it reads the bytes in the
/// inner buffer as they are consumed.
pub struct Utf8Check<R> {
    inner: R,
    state: State,
}

impl<R: BufRead> Utf8Check<R> {
    /// Wraps `inner`; what it finds goes to `found`.
    pub fn new(inner: R, found: FirstInvalid) -> Self {
        Self {
            inner,
            state: State {
                offset: 0,
                pending: [0; 4],
                pending_len: 0,
                pending_at: 0,
                found,
                done: false,
            },
        }
    }
}

impl<R: BufRead> Read for Utf8Check<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        if n == 0 && !buf.is_empty() {
            self.state.end();
        }
        self.state.check(&buf[..n]);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Utf8Check<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        let buf = self.inner.fill_buf()?;
        if buf.is_empty() {
            self.state.end();
        }
        Ok(buf)
    }

    fn consume(&mut self, amt: usize) {
        if amt == 0 {
            return;
        }
        // The caller consumes what the last `fill_buf` handed out, so the
        // inner buffer still holds it and this reads nothing new.
        if let Ok(buf) = self.inner.fill_buf() {
            self.state.check(&buf[..amt.min(buf.len())]);
        }
        self.inner.consume(amt);
    }
}

#[cfg(test)]
mod tests {
    use super::{FirstInvalid, Utf8Check};
    use std::io::{BufRead, BufReader, Read};

    /// Reads `bytes` through the check in pieces of `piece` bytes (so that
    /// characters are cut between pieces), by `read` or by `consume`.
    fn first_invalid(bytes: &[u8], piece: usize, by_consume: bool) -> Option<u64> {
        let found = FirstInvalid::new();
        let inner = BufReader::with_capacity(piece, bytes);
        let mut check = Utf8Check::new(inner, found.clone());
        if by_consume {
            loop {
                let n = check.fill_buf().unwrap().len();
                if n == 0 {
                    break;
                }
                check.consume(n.div_ceil(2));
            }
        } else {
            let mut sink = Vec::new();
            check.read_to_end(&mut sink).unwrap();
            assert_eq!(sink, bytes);
        }
        found.get()
    }

    /// The law: for every way of cutting the text, the check finds the
    /// first byte that is not UTF-8 where `std::str::from_utf8` does, and
    /// nothing in valid text (multi-byte characters cut anywhere).
    #[test]
    fn finds_the_first_invalid_byte_however_the_text_is_cut() {
        let cases: [(&[u8], Option<u64>); 9] = [
            (
                b"[Event \"caf\xc3\xa9 \xe4\xb8\xad \xf0\x9f\x98\x80\"]\n1. e4 *\n",
                None,
            ),
            (b"[Event \"caf\xe9\"]\n", Some(11)),
            (b"{ Gr\xfc\xdfe }", Some(4)),
            (b"ok \xc3", Some(3)),
            (b"ok \xe4\xb8", Some(3)),
            (b"\xc3\x28 later", Some(0)),
            (b"\xe4\xb8\xad\xe4\x28\xad", Some(3)),
            (b"\xed\xa0\x80 surrogate", Some(0)),
            (b"", None),
        ];
        for (bytes, expected) in cases {
            let oracle = std::str::from_utf8(bytes)
                .err()
                .map(|e| e.valid_up_to() as u64);
            assert_eq!(oracle, expected, "{bytes:?}");
            for piece in 1..=bytes.len().max(1) {
                for by_consume in [false, true] {
                    assert_eq!(
                        first_invalid(bytes, piece, by_consume),
                        expected,
                        "{bytes:?} in pieces of {piece}, consume {by_consume}"
                    );
                }
            }
        }
    }
}
