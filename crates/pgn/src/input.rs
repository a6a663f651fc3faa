//! [`decompress`]: input as plain text, or decompressed when it starts
//! with zstd's or gzip's magic bytes (whatever the file is called).

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
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

/// A buffered reader over `input`, decompressing it when its first bytes
/// are zstd's or gzip's magic. A damaged stream reads as an error, never
/// as a silent end.
///
/// ```
/// use std::io::Read;
/// let mut text = String::new();
/// bitmoves_pgn::decompress(&b"1. e4 *"[..])?.read_to_string(&mut text)?;
/// assert_eq!(text, "1. e4 *");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn decompress<'a, R: Read + Send + 'a>(input: R) -> io::Result<Box<dyn BufRead + Send + 'a>> {
    let mut input = BufReader::with_capacity(BUFFER, input);
    let head = input.fill_buf()?;
    if head.starts_with(&ZSTD_MAGIC) {
        let decoder = zstd::stream::read::Decoder::with_buffer(input)?;
        Ok(Box::new(BufReader::with_capacity(BUFFER, decoder)))
    } else if head.starts_with(&GZIP_MAGIC) {
        let decoder = flate2::bufread::MultiGzDecoder::new(input);
        Ok(Box::new(BufReader::with_capacity(BUFFER, decoder)))
    } else {
        Ok(Box::new(input))
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
