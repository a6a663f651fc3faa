//! [`DatasetError`]: why a dataset could not be written.

use crate::PgnError;
use std::path::PathBuf;
use std::{fmt, io};

/// Why a dataset could not be written. Whatever the error, nothing is
/// published and a dataset already in the folder is left as it was: the
/// parts are written in the run's own hidden folder, moved into place
/// only when every input was read to its end.
#[derive(Debug)]
pub enum DatasetError {
    /// The folder already holds a dataset (`part-*.parquet` or
    /// `_SUCCESS`), and replacing it was not asked for.
    Exists {
        /// The folder.
        dir: PathBuf,
    },
    /// Another run holds the folder (its lock file `.bitmoves.lock`
    /// names it, and it is alive or on another host), or took it from
    /// this run.
    Busy {
        /// The folder.
        dir: PathBuf,
        /// Its lock file.
        lock: PathBuf,
        /// Who holds it: pid and host (and Slurm job).
        holder: String,
    },
    /// A file or folder could not be made, written or renamed (the disk
    /// is full, the folder is not writable, …).
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What the system said.
        error: io::Error,
    },
    /// The Parquet writer failed (it failed writing, most often).
    Parquet {
        /// The part file being written.
        path: PathBuf,
        /// What the writer said.
        error: parquet::errors::ParquetError,
    },
    /// The rows did not fit the schema (a bug, were it ever to happen).
    Arrow(arrow_schema::ArrowError),
    /// Reading the input failed (not a game: the input itself), after
    /// the games before it were written.
    Input(PgnError),
}

impl fmt::Display for DatasetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Exists { dir } => write!(
                f,
                "{} already holds a dataset (replace it with force)",
                dir.display()
            ),
            Self::Busy { dir, lock, holder } => write!(
                f,
                "{} is being written by another run ({holder}); if no such run is alive, \
                 remove {} and run again",
                dir.display(),
                lock.display()
            ),
            Self::Io { path, error } => write!(f, "cannot write {}: {error}", path.display()),
            Self::Parquet { path, error } => write!(f, "cannot write {}: {error}", path.display()),
            Self::Arrow(error) => write!(f, "rows do not fit the schema: {error}"),
            Self::Input(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for DatasetError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Exists { .. } | Self::Busy { .. } => None,
            Self::Io { error, .. } => Some(error),
            Self::Parquet { error, .. } => Some(error),
            Self::Arrow(error) => Some(error),
            Self::Input(error) => Some(error),
        }
    }
}

/// `error` at `path`, as a [`DatasetError::Io`].
pub(crate) fn io_at(path: impl Into<PathBuf>) -> impl FnOnce(io::Error) -> DatasetError {
    let path = path.into();
    move |error| DatasetError::Io { path, error }
}
