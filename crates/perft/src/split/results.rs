//! Results: one line per counted unit, `index;count;checksum`, read by the
//! merge and appended to by a worker that can be killed at any moment.

use super::{ResultsError, ResultsProblem, UnitFile, unit_file};
use core::fmt;
use std::{
    fs::{self, File, OpenOptions},
    io::{self, Write},
    path::{Path, PathBuf},
    vec::Vec,
};

/// One line of a results file: unit `index` of the unit file with checksum
/// `checksum` has `count` leaves at the remaining depth.
///
/// Written `index;count;checksum`, the checksum as 16 lowercase hex digits,
/// and always ended by `\n`: a line without its end was cut off by a killed
/// worker and does not count.
///
/// ```
/// use bitmoves_perft::split::ResultLine;
/// let line: ResultLine = "17;197281;00000000deadbeef".parse()?;
/// assert_eq!((line.index, line.count, line.checksum), (17, 197_281, 0xdead_beef));
/// assert_eq!(line.to_string(), "17;197281;00000000deadbeef");
/// assert!("17;+197281;00000000deadbeef".parse::<ResultLine>().is_err());
/// # Ok::<(), bitmoves_perft::split::ResultsProblem>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResultLine {
    /// The unit's index in its unit file.
    pub index: usize,
    /// The perft count of the unit's position at the remaining depth (not
    /// yet multiplied by the unit's multiplicity).
    pub count: u128,
    /// The checksum of the unit file the unit belongs to.
    pub checksum: u64,
}

impl fmt::Display for ResultLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{};{};{:016x}", self.index, self.count, self.checksum)
    }
}

impl core::str::FromStr for ResultLine {
    type Err = ResultsProblem;

    /// Reads a line (without its line end). Numbers must be written the
    /// canonical way, so a line reads back exactly as it was written.
    fn from_str(text: &str) -> Result<Self, ResultsProblem> {
        let mut fields = text.split(';');
        let (Some(index), Some(count), Some(checksum), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(ResultsProblem::Fields {
                found: text.split(';').count(),
            });
        };
        let index = unit_file::parse_decimal(index)
            .and_then(|index| usize::try_from(index).ok())
            .ok_or(ResultsProblem::BadIndex)?;
        let count = unit_file::is_canonical_decimal(count)
            .then(|| count.parse::<u128>().ok())
            .flatten()
            .ok_or(ResultsProblem::BadCount)?;
        let checksum = unit_file::parse_hex64(checksum).ok_or(ResultsProblem::BadChecksum)?;
        Ok(Self {
            index,
            count,
            checksum,
        })
    }
}

/// The complete lines of a results file. Lines end with `\n` (a `\r`
/// before it is allowed); blank lines are skipped. A last line without its
/// `\n` was being written when its worker died: it is left out, and
/// `complete_len` says where it starts.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ResultLines {
    /// The complete lines, in file order, each with its line number
    /// (from 1).
    pub lines: Vec<(usize, ResultLine)>,
    /// The length in bytes of the complete lines: the file's length unless
    /// it ends in a cut-off line.
    pub complete_len: usize,
}

impl ResultLines {
    /// Reads the bytes of a results file. A complete line that is not a
    /// result is an error naming its line number.
    ///
    /// ```
    /// use bitmoves_perft::split::ResultLines;
    /// let read = ResultLines::parse(b"0;20;00000000000000ff\n1;4")?;
    /// assert_eq!(read.lines.len(), 1); // "1;4" was cut off mid-write
    /// assert_eq!(read.complete_len, 22);
    /// assert!(ResultLines::parse(b"0;20;ff\n").is_err());
    /// # Ok::<(), bitmoves_perft::split::ResultsError>(())
    /// ```
    pub fn parse(bytes: &[u8]) -> Result<Self, ResultsError> {
        let complete_len = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let mut lines = Vec::new();
        for (number, raw) in bytes[..complete_len].split(|&b| b == b'\n').enumerate() {
            let line = number + 1;
            let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
            if raw.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            let text = core::str::from_utf8(raw).map_err(|_| ResultsError {
                line,
                problem: ResultsProblem::NotUtf8,
            })?;
            let result = text
                .parse()
                .map_err(|problem| ResultsError { line, problem })?;
            lines.push((line, result));
        }
        Ok(Self {
            lines,
            complete_len,
        })
    }
}

/// The results file of one worker, open for appending: it knows which
/// units are already done, and [`ResultsFile::record`] adds one line per
/// finished unit and hands it to the operating system at once.
#[derive(Debug)]
pub struct ResultsFile {
    file: File,
    path: PathBuf,
    checksum: u64,
    done: Vec<bool>,
}

/// Why a results file could not be opened for a worker.
#[derive(Debug)]
pub enum OpenResultsError {
    /// Reading, cutting or creating the file failed.
    Io(io::Error),
    /// A complete line is not a result.
    Malformed(ResultsError),
    /// A line belongs to another unit file.
    OtherUnitFile {
        /// The line number.
        line: usize,
        /// The checksum on the line.
        found: u64,
        /// The checksum of the unit file in hand.
        expected: u64,
    },
    /// A line names a unit the unit file does not have.
    UnknownUnit {
        /// The line number.
        line: usize,
        /// The index on the line.
        index: usize,
    },
}

impl fmt::Display for OpenResultsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io(error) => error.fmt(f),
            Self::Malformed(error) => error.fmt(f),
            Self::OtherUnitFile {
                line,
                found,
                expected,
            } => write!(
                f,
                "line {line}: results of another unit file (checksum {found:016x}, not {expected:016x})"
            ),
            Self::UnknownUnit { line, index } => {
                write!(f, "line {line}: unit {index} is not in the unit file")
            }
        }
    }
}

impl std::error::Error for OpenResultsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Io(error) => Some(error),
            Self::Malformed(error) => Some(error),
            _ => None,
        }
    }
}

impl ResultsFile {
    /// Opens (creating if need be) the results file at `path` for the units
    /// of `units`. Its complete lines must all belong to this unit file; a
    /// cut-off last line is removed, so that the next line starts cleanly.
    pub fn open(path: &Path, units: &UnitFile) -> Result<Self, OpenResultsError> {
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(OpenResultsError::Io)?;
        let bytes = fs::read(path).map_err(OpenResultsError::Io)?;
        let read = ResultLines::parse(&bytes).map_err(OpenResultsError::Malformed)?;
        let mut done = std::vec![false; units.units().len()];
        let expected = units.checksum();
        for &(number, line) in &read.lines {
            if line.checksum != expected {
                return Err(OpenResultsError::OtherUnitFile {
                    line: number,
                    found: line.checksum,
                    expected,
                });
            }
            let Some(slot) = done.get_mut(line.index) else {
                return Err(OpenResultsError::UnknownUnit {
                    line: number,
                    index: line.index,
                });
            };
            *slot = true;
        }
        if read.complete_len < bytes.len() {
            file.set_len(read.complete_len as u64)
                .map_err(OpenResultsError::Io)?;
        }
        file.flush().map_err(OpenResultsError::Io)?;
        Ok(Self {
            file,
            path: path.to_path_buf(),
            checksum: expected,
            done,
        })
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether unit `index` already has a result here.
    pub fn is_done(&self, index: usize) -> bool {
        self.done.get(index).copied().unwrap_or(false)
    }

    /// Appends the result of unit `index` as one line, written with a
    /// single call so that a killed worker leaves at most a cut-off line.
    pub fn record(&mut self, index: usize, count: u128) -> io::Result<()> {
        let line = ResultLine {
            index,
            count,
            checksum: self.checksum,
        };
        self.file.write_all(std::format!("{line}\n").as_bytes())?;
        self.file.flush()?;
        if let Some(slot) = self.done.get_mut(index) {
            *slot = true;
        }
        Ok(())
    }
}
