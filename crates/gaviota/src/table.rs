//! [`TableFile`]: one `.gtb.cp4` file, its header and block offsets read
//! when first probed, its blocks read and decompressed on demand.
//!
//! A file starts with ten little-endian `u32`s (the ninth is where the
//! block offsets end), then the offsets of every block and of the file's
//! end: both sides' blocks, White to move first. Each block holds up to
//! 16,384 one-byte entries, LZMA-compressed: a byte of Gaviota's, then
//! the LZMA SDK's "LZMA86" header (a filter byte, five bytes of
//! properties, the unpacked size) and the raw LZMA stream.

use crate::error::{GaviotaError, Result};
use bitmoves::Color;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Entries per block.
pub(crate) const BLOCK_ENTRIES: u64 = 16 * 1024;
/// The header's length, before the block offsets.
const HEADER: usize = 40;
/// Where a block's raw LZMA stream starts.
const STREAM: usize = 15;
/// The largest compressed block accepted (a block of 16,384 bytes never
/// compresses to more than a few hundred bytes over its size).
const MAX_BLOCK: usize = 64 * 1024;
/// The LZMA properties of blocks whose first byte is not 0: lc = 3,
/// lp = 0, pb = 2, a 4 KiB dictionary.
const DEFAULT_PROPERTIES: [u8; 5] = [0x5d, 0x00, 0x10, 0x00, 0x00];

/// Where the bytes come from.
enum Source {
    File(File),
    Bytes(Vec<u8>),
}

/// An opened table file.
pub(crate) struct TableFile {
    file: PathBuf,
    source: Source,
    /// The start of each block, and the end of the last.
    offsets: Vec<u32>,
    /// Entries per side to move.
    size: u64,
}

impl TableFile {
    /// Opens a file and reads its header; `size` is the entries per side.
    pub(crate) fn open(path: &Path, size: u64) -> Result<TableFile> {
        let io_error = |error: io::Error| GaviotaError::Io {
            file: path.to_owned(),
            error: Arc::new(error),
        };
        let file = File::open(path).map_err(io_error)?;
        let length = file.metadata().map_err(io_error)?.len();
        Self::new(path.to_owned(), Source::File(file), length, size)
    }

    /// A table held in memory.
    pub(crate) fn from_bytes(name: PathBuf, bytes: Vec<u8>, size: u64) -> Result<TableFile> {
        let length = bytes.len() as u64;
        Self::new(name, Source::Bytes(bytes), length, size)
    }

    fn new(file: PathBuf, source: Source, length: u64, size: u64) -> Result<TableFile> {
        let mut table = TableFile {
            file,
            source,
            offsets: Vec::new(),
            size,
        };
        if length < HEADER as u64 {
            return Err(table.corrupt("shorter than its header"));
        }
        let header = table.read(0, HEADER)?;
        let end = u32::from_le_bytes([header[32], header[33], header[34], header[35]]);
        let blocks = 2 * size.div_ceil(BLOCK_ENTRIES) as usize;
        let listed = (end as usize).saturating_sub(HEADER) / 4;
        if !(end as usize).is_multiple_of(4) || listed < blocks + 1 || u64::from(end) > length {
            return Err(table.corrupt("the block offsets do not fit the table"));
        }
        let bytes = table.read(HEADER as u64, 4 * (blocks + 1))?;
        let offsets: Vec<u32> = bytes
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        let ordered = offsets
            .windows(2)
            .all(|pair| pair[0] <= pair[1] && (pair[1] - pair[0]) as usize <= MAX_BLOCK);
        if !ordered || offsets[0] < end || u64::from(offsets[blocks]) > length {
            return Err(table.corrupt("the block offsets are out of order or outside the file"));
        }
        table.offsets = offsets;
        Ok(table)
    }

    /// The error for damage found in this table.
    pub(crate) fn corrupt(&self, what: &'static str) -> GaviotaError {
        GaviotaError::Corrupt {
            file: self.file.clone(),
            what,
        }
    }

    /// `len` bytes from `offset`.
    fn read(&self, offset: u64, len: usize) -> Result<Vec<u8>> {
        match &self.source {
            Source::Bytes(bytes) => usize::try_from(offset)
                .ok()
                .and_then(|start| bytes.get(start..start.checked_add(len)?))
                .map(<[u8]>::to_vec)
                .ok_or_else(|| self.corrupt("a block lies outside the file")),
            Source::File(file) => {
                let mut buffer = vec![0; len];
                read_at(file, &mut buffer, offset).map_err(|error| GaviotaError::Io {
                    file: self.file.clone(),
                    error: Arc::new(error),
                })?;
                Ok(buffer)
            }
        }
    }

    /// Which block holds entry `index` for `side` to move, and how many
    /// entries it holds.
    pub(crate) fn block_of(&self, side: Color, index: u64) -> (usize, usize) {
        let per_side = self.size.div_ceil(BLOCK_ENTRIES);
        let in_side = index / BLOCK_ENTRIES;
        let block = side.index() as u64 * per_side + in_side;
        let entries = (self.size - in_side * BLOCK_ENTRIES).min(BLOCK_ENTRIES);
        (block as usize, entries as usize)
    }

    /// Reads and decompresses a block of `entries` entries.
    pub(crate) fn block(&self, block: usize, entries: usize) -> Result<Vec<u8>> {
        let (start, end) = (self.offsets[block], self.offsets[block + 1]);
        let packed = self.read(u64::from(start), (end - start) as usize)?;
        if packed.len() <= STREAM {
            return Err(self.corrupt("a block is shorter than its header"));
        }
        // An LZMA "alone" header (properties, dictionary, unpacked size)
        // before the raw stream.
        let mut stream = Vec::with_capacity(13 + packed.len() - STREAM);
        if packed[0] == 0 {
            stream.extend_from_slice(&packed[2..7]);
        } else {
            stream.extend_from_slice(&DEFAULT_PROPERTIES);
        }
        stream.extend_from_slice(&(entries as u64).to_le_bytes());
        stream.extend_from_slice(&packed[STREAM..]);
        let options = lzma_rs::decompress::Options {
            unpacked_size: lzma_rs::decompress::UnpackedSize::ReadFromHeader,
            memlimit: Some(4 * BLOCK_ENTRIES as usize),
            allow_incomplete: false,
        };
        let mut out = Vec::with_capacity(entries);
        lzma_rs::lzma_decompress_with_options(&mut stream.as_slice(), &mut out, &options)
            .map_err(|_| self.corrupt("a block does not decompress"))?;
        if out.len() != entries {
            return Err(self.corrupt("a block decompresses to the wrong size"));
        }
        Ok(out)
    }
}

/// Fills `buffer` from `offset` of `file`, without moving a shared cursor.
#[cfg(unix)]
fn read_at(file: &File, buffer: &mut [u8], offset: u64) -> io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, buffer, offset)
}

/// Fills `buffer` from `offset` of `file`.
#[cfg(windows)]
fn read_at(file: &File, mut buffer: &mut [u8], mut offset: u64) -> io::Result<()> {
    while !buffer.is_empty() {
        match std::os::windows::fs::FileExt::seek_read(file, buffer, offset)? {
            0 => return Err(io::ErrorKind::UnexpectedEof.into()),
            n => {
                buffer = &mut buffer[n..];
                offset += n as u64;
            }
        }
    }
    Ok(())
}
