//! Polyglot opening books: the `.bin` files most engines and GUIs read.
//!
//! A book is a file of 16-byte [`BookEntry`] records sorted by the
//! position's Polyglot key, [`Board::key`]. [`Book`] finds a board's
//! entries by binary search, reading 16 bytes per probe, so a book of
//! hundreds of megabytes is never read whole; it then returns them as
//! [`BookMove`]s: legal moves of that board, castling converted to the
//! board's own convention, with their weights.
//!
//! ```
//! use bitmoves::{Board, polyglot::{Book, BookEntry}};
//! let start = Board::default();
//! // A book of two moves from the starting position, written in memory.
//! let mut bytes = Vec::new();
//! for (mv, weight) in [("e2e4", 3), ("d2d4", 1)] {
//!     bytes.extend(BookEntry::new(start.key(), mv.parse()?, weight, 0).to_bytes());
//! }
//! let mut book = Book::from_bytes(&bytes)?;
//! let moves = book.moves(&start)?;
//! assert_eq!(moves.len(), 2);
//! assert_eq!((moves[0].mv.to_string(), moves[0].weight), ("e2e4".into(), 3));
//! // r % 4 picks: 0, 1, 2 → e2e4 (weight 3); 3 → d2d4 (weight 1).
//! assert_eq!(book.pick(&start, 2)?.unwrap().to_string(), "e2e4");
//! assert_eq!(book.pick(&start, 7)?.unwrap().to_string(), "d2d4");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Only with the `std` feature: books are files.

mod entry;
mod error;
pub mod keys;

pub use entry::{BookEntry, BookMove};
pub use error::BookError;

use crate::{Board, Move};
use std::{
    cmp::Reverse,
    fs::File,
    io::{self, Cursor, Read, Seek, SeekFrom},
    path::Path,
};

/// The size of one entry, in the `u64` of file offsets.
const ENTRY_BYTES: u64 = BookEntry::SIZE as u64;

/// How many entries one read takes when a run of equal keys, or the whole
/// book in [`Book::validate`], is read in order.
const CHUNK_ENTRIES: usize = 256;

/// A Polyglot opening book, read on demand from `R`: a [`File`] from
/// [`Book::open`], bytes in memory from [`Book::from_bytes`], or any
/// `Read + Seek` from [`Book::from_reader`].
///
/// Opening a book checks only its length; each look-up reads the few
/// entries its binary search needs. The book must be sorted by key, as
/// every Polyglot tool writes it. A search that meets a key contradicting
/// the order of the keys it has already seen returns
/// [`BookError::Unsorted`]; an unsorted book that happens to look sorted
/// along the search's path may miss moves, but never returns a wrong one
/// (every move returned is legal on the board).
/// [`Book::validate`] checks the whole order at once.
///
/// Methods take `&mut self` because reading moves the reader's position.
#[derive(Debug)]
pub struct Book<R> {
    reader: R,
    len: u64,
}

impl Book<File> {
    /// Opens the book file at `path`.
    ///
    /// # Errors
    /// [`BookError::Io`] when the file cannot be opened or its length
    /// read, or `path` is not a regular file (a directory, a FIFO, a
    /// device such as `/dev/zero`), and [`BookError::Truncated`] when the
    /// length is not a multiple of 16 bytes.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, BookError> {
        let path = path.as_ref();
        // Looked at before opening: opening a FIFO waits for a writer.
        Self::regular_file(&std::fs::metadata(path)?)?;
        let file = File::open(path)?;
        // Again on what was opened, in case the path changed in between.
        Self::regular_file(&file.metadata()?)?;
        Self::from_reader(file)
    }

    /// Refuses anything but a regular file: a directory opens on some
    /// systems and "seeks" to a huge end, and devices read as endless or
    /// empty books.
    fn regular_file(metadata: &std::fs::Metadata) -> Result<(), BookError> {
        if metadata.is_dir() {
            return Err(io::Error::from(io::ErrorKind::IsADirectory).into());
        }
        if !metadata.is_file() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "not a regular file (a FIFO, socket or device)",
            )
            .into());
        }
        Ok(())
    }
}

impl<'a> Book<Cursor<&'a [u8]>> {
    /// A book held in memory: `bytes` are the contents of a `.bin` file.
    /// An empty slice is a valid book with no entries.
    ///
    /// # Errors
    /// [`BookError::Truncated`] when the length is not a multiple of 16.
    pub fn from_bytes(bytes: &'a [u8]) -> Result<Self, BookError> {
        Self::from_reader(Cursor::new(bytes))
    }
}

impl<R: Read + Seek> Book<R> {
    /// A book read from `reader`, which holds it from its first byte (at
    /// offset 0) to its end.
    ///
    /// # Errors
    /// [`BookError::Io`] when seeking to the end fails, and
    /// [`BookError::Truncated`] when the length is not a multiple of 16.
    pub fn from_reader(mut reader: R) -> Result<Self, BookError> {
        let bytes = reader.seek(SeekFrom::End(0))?;
        if bytes % ENTRY_BYTES != 0 {
            return Err(BookError::Truncated { len: bytes });
        }
        Ok(Self {
            reader,
            len: bytes / ENTRY_BYTES,
        })
    }

    /// How many entries the book has.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the book has no entries at all (an empty file).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Gives the reader back.
    pub fn into_inner(self) -> R {
        self.reader
    }

    /// The entry at `index` (0 is the first), or `None` past the end.
    ///
    /// # Errors
    /// [`BookError::Io`] when reading fails.
    pub fn entry(&mut self, index: u64) -> Result<Option<BookEntry>, BookError> {
        if index >= self.len {
            return Ok(None);
        }
        self.read_entry(index).map(Some)
    }

    /// Every entry with this key, in book order, as stored: moves not yet
    /// checked against any board, castling as king-takes-rook.
    ///
    /// The search is a binary search over the entries, one 16-byte read per
    /// probe (about 25 for a book of 16 million entries), then a read of
    /// the run of entries with this key.
    ///
    /// # Errors
    /// [`BookError::Io`] when reading fails, and [`BookError::Unsorted`]
    /// when a key met on the way is out of order.
    pub fn entries(&mut self, key: u64) -> Result<Vec<BookEntry>, BookError> {
        let first = self.lower_bound(key)?;
        let mut found = Vec::new();
        let mut unsorted = None;
        self.scan(first, |index, entry| {
            if entry.key == key {
                found.push(entry);
                return true;
            }
            if entry.key < key {
                unsorted = Some(index);
            }
            false
        })?;
        match unsorted {
            Some(index) => Err(BookError::Unsorted { index }),
            None => Ok(found),
        }
    }

    /// The book moves of `board`: its entries (found by [`Board::key`]) that
    /// are legal moves here, with castling converted to the board's
    /// convention (see [`BookEntry::legal_move`]). Entries that are not
    /// (a key collision with another position, a corrupt move) are
    /// skipped. Entries of weight 0, which some tools use to delete a move
    /// without rewriting the book, are listed too; [`Book::pick`] never
    /// picks them.
    ///
    /// The moves come highest weight first; moves of equal weight keep
    /// their order in the book. An empty list means the position is not in
    /// the book, or none of its entries is a legal move here.
    ///
    /// # Errors
    /// As [`Book::entries`].
    pub fn moves(&mut self, board: &Board) -> Result<Vec<BookMove>, BookError> {
        let mut moves: Vec<BookMove> = self
            .entries(board.key())?
            .iter()
            .filter_map(|entry| entry.book_move(board))
            .collect();
        moves.sort_by_key(|book_move| Reverse(book_move.weight)); // stable
        Ok(moves)
    }

    /// A book move of `board` chosen by weight with the random number `r`:
    /// [`choose`] applied to [`Book::moves`]. `None` when the position is
    /// not in the book or all its moves weigh 0.
    ///
    /// # Errors
    /// As [`Book::entries`].
    pub fn pick(&mut self, board: &Board, r: u64) -> Result<Option<Move>, BookError> {
        Ok(choose(&self.moves(board)?, r).map(|book_move| book_move.mv))
    }

    /// Reads the whole book once, in order, and checks that its keys never
    /// decrease. Searching does not need this (it checks the keys it meets);
    /// it is for a book of unknown origin.
    ///
    /// # Errors
    /// [`BookError::Unsorted`] naming the first entry out of order, and
    /// [`BookError::Io`] when reading fails.
    pub fn validate(&mut self) -> Result<(), BookError> {
        let mut previous = u64::MIN;
        let mut unsorted = None;
        self.scan(0, |index, entry| {
            if entry.key < previous {
                unsorted = Some(index);
                return false;
            }
            previous = entry.key;
            true
        })?;
        match unsorted {
            Some(index) => Err(BookError::Unsorted { index }),
            None => Ok(()),
        }
    }

    /// Reads the entries from index `start` on, in order and a chunk at a
    /// time, handing each to `visit` with its index until `visit` returns
    /// false or the book ends.
    fn scan(
        &mut self,
        start: u64,
        mut visit: impl FnMut(u64, BookEntry) -> bool,
    ) -> Result<(), BookError> {
        let mut chunk = [[0; BookEntry::SIZE]; CHUNK_ENTRIES];
        let mut index = start;
        self.reader.seek(SeekFrom::Start(start * ENTRY_BYTES))?;
        while index < self.len {
            let count = usize::try_from(self.len - index)
                .map_or(CHUNK_ENTRIES, |left| left.min(CHUNK_ENTRIES));
            let records = &mut chunk[..count];
            self.reader.read_exact(records.as_flattened_mut())?;
            for record in records.iter() {
                if !visit(index, BookEntry::from_bytes(*record)) {
                    return Ok(());
                }
                index += 1;
            }
        }
        Ok(())
    }

    /// The index of the first entry whose key is at least `key` (`len` when
    /// there is none), by binary search. Every probe's key must lie between
    /// the keys of the probes that bound it; one that does not is
    /// [`BookError::Unsorted`].
    fn lower_bound(&mut self, key: u64) -> Result<u64, BookError> {
        let (mut low, mut high) = (0, self.len);
        // The keys at low - 1 (below `key`) and at high (at least `key`),
        // once a probe has read them.
        let (mut below, mut above) = (u64::MIN, u64::MAX);
        while low < high {
            let middle = low + (high - low) / 2;
            let probe = self.read_entry(middle)?.key;
            if probe < below || probe > above {
                return Err(BookError::Unsorted { index: middle });
            }
            if probe < key {
                low = middle + 1;
                below = probe;
            } else {
                high = middle;
                above = probe;
            }
        }
        Ok(low)
    }

    /// The entry at `index`, which must be below `len`.
    fn read_entry(&mut self, index: u64) -> Result<BookEntry, BookError> {
        let mut bytes = [0; BookEntry::SIZE];
        self.reader.seek(SeekFrom::Start(index * ENTRY_BYTES))?;
        self.reader.read_exact(&mut bytes)?;
        Ok(BookEntry::from_bytes(bytes))
    }
}

/// A move from `moves` chosen by weight with the random number `r`, as
/// [`Book::pick`] does: `r % total` where `total` is the sum of the
/// weights, then the first move whose running sum of weights exceeds that
/// number, in the order of the slice.
///
/// With `moves` weighing 3 and 1 (total 4): `r % 4` of 0, 1 or 2 picks the
/// first move, 3 the second. So a uniformly random `r` picks each move in
/// proportion to its weight (up to a bias below `total / 2^64`, from the
/// remainder), and moves of weight 0 are never picked. `None` when the
/// total weight is 0, including when `moves` is empty.
///
/// ```
/// use bitmoves::polyglot::{BookMove, choose};
/// let book_move = |uci: &str, weight| BookMove { mv: uci.parse().unwrap(), weight, learn: 0 };
/// let moves = [book_move("e2e4", 3), book_move("c2c4", 0), book_move("d2d4", 1)];
/// let picked: Vec<String> = (0..4).map(|r| choose(&moves, r).unwrap().mv.to_string()).collect();
/// assert_eq!(picked, ["e2e4", "e2e4", "e2e4", "d2d4"]);
/// assert_eq!(choose(&moves[1..2], 5), None); // only weight 0
/// ```
pub fn choose(moves: &[BookMove], r: u64) -> Option<&BookMove> {
    let total: u64 = moves
        .iter()
        .map(|book_move| u64::from(book_move.weight))
        .sum();
    let mut left = r.checked_rem(total)?;
    moves.iter().find(|book_move| {
        let weight = u64::from(book_move.weight);
        if left < weight {
            true
        } else {
            left -= weight;
            false
        }
    })
}
