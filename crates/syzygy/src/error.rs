//! [`SyzygyError`]: why a position could not be probed, naming the table
//! file where one is to blame.

use bitmoves::variant::VariantKind;
use std::path::PathBuf;
use std::sync::Arc;
use std::{fmt, io};

/// Why a probe failed.
///
/// A damaged table is always an error naming its file, never a panic:
///
/// ```
/// use bitmoves_syzygy::{SyzygyError, Tablebase};
/// let mut tables = Tablebase::new();
/// tables.add_bytes("KQvK.rtbw", vec![0; 80]).unwrap();
/// let board = "8/8/8/8/8/8/1Q6/K6k w - - 0 1".parse().unwrap();
/// let error = tables.probe_wdl(&board).unwrap_err();
/// assert!(matches!(error, SyzygyError::BadMagic { .. }));
/// assert_eq!(error.to_string(), "KQvK.rtbw: not a Syzygy table (wrong magic bytes)");
/// ```
#[derive(Debug, Clone)]
pub enum SyzygyError {
    /// No table for this material was added.
    MissingTable {
        /// The file it needs, such as `KRvKN.rtbw` (the stronger side first).
        table: String,
        /// The material of the position probed, white's pieces first
        /// (`KNvKR`): the key python-chess names in its error.
        material: String,
    },
    /// [`Tablebase::add_bytes`](crate::Tablebase::add_bytes) was given a
    /// name that is no table's (`KQvK.rtbw`, the stronger side first).
    NotATableName(String),
    /// The position has castling rights, which the tables do not hold.
    Castling,
    /// A variant's position was probed in a set opened for another
    /// variant's tables ([`Tablebase::for_variant`](crate::Tablebase::for_variant)).
    WrongVariant {
        /// The variant the set was opened for.
        tables: VariantKind,
        /// The probed position's variant.
        position: VariantKind,
    },
    /// More pieces than the tables hold (7), or than the added tables do.
    TooManyPieces {
        /// How many pieces the position has.
        pieces: usize,
    },
    /// The file could not be opened or mapped.
    Io {
        /// The table file.
        file: PathBuf,
        /// Why it failed (shared, so that the error can be reported again
        /// on the next probe of the same table).
        error: Arc<io::Error>,
    },
    /// The file's length is not a Syzygy table's (16 more than a multiple
    /// of 64, zero-length files included).
    BadSize {
        /// The table file.
        file: PathBuf,
        /// Its length in bytes.
        size: u64,
    },
    /// The file does not start with the magic bytes of its kind.
    BadMagic {
        /// The table file.
        file: PathBuf,
    },
    /// The file is damaged: its header or data point outside it or
    /// contradict themselves.
    Corrupt {
        /// The table file.
        file: PathBuf,
        /// What is wrong.
        what: &'static str,
    },
}

impl fmt::Display for SyzygyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::MissingTable { table, .. } => write!(f, "missing table {table}"),
            Self::NotATableName(name) => write!(
                f,
                "{name:?} is not a table's file name (such as KQvKR.rtbw, the stronger side first)"
            ),
            Self::Castling => f.write_str("the tables hold no positions with castling rights"),
            Self::WrongVariant { tables, position } => write!(
                f,
                "the tables were opened for {}, the position is {}'s",
                tables.name(),
                position.name()
            ),
            Self::TooManyPieces { pieces } => {
                write!(f, "{pieces} pieces: the tables hold at most 7")
            }
            Self::Io { file, error } => write!(f, "{}: {error}", file.display()),
            Self::BadSize { file, size } => write!(
                f,
                "{}: not a Syzygy table ({size} bytes, not 16 more than a multiple of 64)",
                file.display()
            ),
            Self::BadMagic { file } => {
                write!(
                    f,
                    "{}: not a Syzygy table (wrong magic bytes)",
                    file.display()
                )
            }
            Self::Corrupt { file, what } => {
                write!(f, "{}: damaged table ({what})", file.display())
            }
        }
    }
}

impl std::error::Error for SyzygyError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Io { error, .. } => Some(error.as_ref()),
            _ => None,
        }
    }
}

/// A probe's result.
pub type Result<T, E = SyzygyError> = std::result::Result<T, E>;
