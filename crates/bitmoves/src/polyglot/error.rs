//! [`BookError`]: why a Polyglot book could not be read.

use super::BookEntry;
use std::{fmt, io};

/// Why a Polyglot book could not be opened or searched.
///
/// A single bad entry is not an error: an entry whose move is corrupt or
/// not legal on the board asked about is skipped (see
/// [`Book::moves`](super::Book::moves)). These are the faults of the file
/// as a whole.
///
/// ```
/// use bitmoves::polyglot::{Book, BookError};
/// let error = Book::from_bytes(&[0; 20]).unwrap_err();
/// assert!(matches!(error, BookError::Truncated { len: 20 }));
/// assert_eq!(
///     error.to_string(),
///     "the book is 20 bytes, not a whole number of 16-byte entries (4 bytes too many)"
/// );
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum BookError {
    /// Opening, seeking in or reading the book failed (a missing file, a
    /// file that shrank while it was read, …).
    Io(io::Error),
    /// The book's length is not a multiple of 16 bytes, the size of an
    /// entry: the file is cut short, or not a Polyglot book.
    Truncated {
        /// The book's length in bytes.
        len: u64,
    },
    /// An entry's key is out of order: the book is not sorted by key, so
    /// its binary search cannot be trusted. Found by a search that met a
    /// key contradicting the keys around it, or by
    /// [`Book::validate`](super::Book::validate).
    Unsorted {
        /// The index of the entry out of order (0 is the first).
        index: u64,
    },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io(error) => write!(f, "cannot read the book: {error}"),
            Self::Truncated { len } => {
                let size = BookEntry::SIZE as u64;
                write!(
                    f,
                    "the book is {len} bytes, not a whole number of {size}-byte entries \
                     ({} bytes too many)",
                    len % size
                )
            }
            Self::Unsorted { index } => write!(
                f,
                "the book is not sorted by key: entry {index} is out of order"
            ),
        }
    }
}

impl std::error::Error for BookError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Io(error) => Some(error),
            _ => None,
        }
    }
}

impl From<io::Error> for BookError {
    fn from(error: io::Error) -> Self {
        Self::Io(error)
    }
}
