//! [`decompress`]: input as plain text, or decompressed when it starts
//! with zstd's or gzip's magic bytes (whatever the file is called); and
//! [`fill`], an input's buffer filled.

use flate2::bufread::GzDecoder;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Chain, Cursor, Read, Take};
use std::path::Path;

/// The buffer size for reading and decompressing. The reader reads a
/// game straight from this buffer when the buffer holds it whole, and
/// cuts it the slower way when it straddles a refill: at 256 KB about one
/// game in 300 does.
const BUFFER: usize = 1 << 18;

/// zstd's frame magic, little-endian `0xFD2FB528`.
const ZSTD_MAGIC: [u8; 4] = [0x28, 0xb5, 0x2f, 0xfd];
/// gzip's magic.
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// Whether `head` starts a zstd stream: a frame, or a skippable frame
/// (magic `0x184D2A50` to `0x184D2A5F`), which `pzstd` writes first.
fn is_zstd(head: &[u8]) -> bool {
    head.starts_with(&ZSTD_MAGIC) || matches!(head, [0x50..=0x5f, 0x2a, 0x4d, 0x18, ..])
}

/// The input with its first bytes read ahead, to tell its format.
type Headed<R> = Chain<Take<Cursor<[u8; 4]>>, R>;

/// A buffered reader over `input`, decompressing it when its first bytes
/// are zstd's (a frame or a skippable frame) or gzip's magic. The first
/// bytes are read however few each read gives (a pipe may give one at a
/// time). A damaged stream reads as an error, never as a silent end; zero
/// bytes after a gzip member are padding, skipped as `gzip` and Python
/// skip them.
///
/// ```
/// use std::io::Read;
/// let mut text = String::new();
/// bitmoves_pgn::decompress(&b"1. e4 *"[..])?.read_to_string(&mut text)?;
/// assert_eq!(text, "1. e4 *");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn decompress<'a, R: Read + Send + 'a>(
    mut input: R,
) -> io::Result<Box<dyn BufRead + Send + 'a>> {
    let mut head = [0; 4];
    let mut len = 0;
    while len < head.len() {
        match input.read(&mut head[len..]) {
            Ok(0) => break,
            Ok(n) => len += n,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    let zstd = is_zstd(&head[..len]);
    let gzip = head[..len].starts_with(&GZIP_MAGIC);
    let headed: Headed<R> = Cursor::new(head).take(len as u64).chain(input);
    let input = BufReader::with_capacity(BUFFER, headed);
    if zstd {
        let decoder = zstd::stream::read::Decoder::with_buffer(input)?;
        Ok(Box::new(BufReader::with_capacity(BUFFER, decoder)))
    } else if gzip {
        let members = Members {
            decoder: Some(GzDecoder::new(input)),
        };
        Ok(Box::new(BufReader::with_capacity(BUFFER, members)))
    } else {
        Ok(Box::new(input))
    }
}

/// gzip members one after another, zero bytes after each skipped.
struct Members<R> {
    /// The current member's decoder; `None` after the last.
    decoder: Option<GzDecoder<R>>,
}

impl<R: BufRead> Read for Members<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            let Some(decoder) = self.decoder.as_mut() else {
                return Ok(0);
            };
            let n = decoder.read(buf)?;
            if n > 0 || buf.is_empty() {
                return Ok(n);
            }
            // The member ended: past the zeros, another member or the end.
            let Some(decoder) = self.decoder.take() else {
                return Ok(0);
            };
            let mut input = decoder.into_inner();
            loop {
                let bytes = fill(&mut input)?;
                if bytes.is_empty() {
                    return Ok(0);
                }
                let zeros = bytes.iter().take_while(|&&b| b == 0).count();
                let more = zeros < bytes.len();
                input.consume(zeros);
                if more {
                    break;
                }
            }
            self.decoder = Some(GzDecoder::new(input));
        }
    }
}

/// Opens `path` (`-` for stdin) through [`decompress`].
pub fn open(path: &Path) -> io::Result<Box<dyn BufRead + Send>> {
    if path.as_os_str() == "-" {
        decompress(io::stdin())
    } else {
        decompress(File::open(path)?)
    }
}

/// The input's buffer, filled; interruptions retried.
pub(crate) fn fill<R: BufRead>(input: &mut R) -> io::Result<&[u8]> {
    loop {
        match input.fill_buf() {
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            // Polonius would take `result` as it is; today's borrow checker
            // needs the buffer asked for again.
            Ok(_) => return input.fill_buf(),
            Err(error) => return Err(error),
        }
    }
}
