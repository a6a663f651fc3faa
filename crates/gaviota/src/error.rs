//! [`GaviotaError`]: why a position could not be probed, naming the table
//! file where one is to blame.

use std::path::PathBuf;
use std::sync::Arc;
use std::{fmt, io};

/// Why a probe failed.
///
/// A damaged table is always an error naming its file, never a panic:
///
/// ```
/// use bitmoves_gaviota::{GaviotaError, Tablebase};
/// let mut tables = Tablebase::new();
/// tables.add_bytes("kqk.gtb.cp4", vec![0; 30]).unwrap();
/// let board = "8/8/8/8/8/8/1Q6/K6k w - - 0 1".parse().unwrap();
/// let error = tables.probe_dtm(&board).unwrap_err();
/// assert!(matches!(error, GaviotaError::Corrupt { .. }));
/// assert_eq!(error.to_string(), "kqk.gtb.cp4: damaged table (shorter than its header)");
/// ```
#[derive(Debug, Clone)]
pub enum GaviotaError {
    /// No table for this material was added: its name, white's pieces
    /// first (`KPvKP`), as python-chess names it.
    MissingTable(String),
    /// [`Tablebase::add_bytes`](crate::Tablebase::add_bytes) was given a
    /// name that is no table's (`kqkr.gtb.cp4`).
    NotATableName(String),
    /// The position has castling rights, which the tables do not hold.
    Castling,
    /// More pieces than the tables hold (5).
    TooManyPieces {
        /// How many pieces the position has.
        pieces: usize,
    },
    /// The table's indexing has no place for this placement of the pieces
    /// (a pawn on a back rank, kings side by side): never a legal board.
    Unindexable,
    /// The file could not be opened or read.
    Io {
        /// The table file.
        file: PathBuf,
        /// Why it failed (shared, so that the error can be reported again
        /// on the next probe of the same table).
        error: Arc<io::Error>,
    },
    /// The file is damaged: its header points outside it, or a block does
    /// not decompress to the entries it should hold.
    Corrupt {
        /// The table file.
        file: PathBuf,
        /// What is wrong.
        what: &'static str,
    },
}

impl fmt::Display for GaviotaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::MissingTable(name) => write!(f, "no gaviota table available for: {name}"),
            Self::NotATableName(name) => write!(
                f,
                "{name:?} is not a Gaviota table's file name (such as kqkr.gtb.cp4)"
            ),
            Self::Castling => f.write_str("the tables hold no positions with castling rights"),
            Self::TooManyPieces { pieces } => {
                write!(f, "{pieces} pieces: the tables hold at most 5")
            }
            Self::Unindexable => f.write_str("the tables have no index for this placement"),
            Self::Io { file, error } => write!(f, "{}: {error}", file.display()),
            Self::Corrupt { file, what } => {
                write!(f, "{}: damaged table ({what})", file.display())
            }
        }
    }
}

impl std::error::Error for GaviotaError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Io { error, .. } => Some(error.as_ref()),
            _ => None,
        }
    }
}

/// A probe's result.
pub type Result<T, E = GaviotaError> = std::result::Result<T, E>;
