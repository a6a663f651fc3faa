//! Results: one line per counted unit,
//! `index;count;depth;checksum;check`, the last field a check of the
//! rest, read by the merge and appended to by workers that can be killed
//! at any moment, or append after each other's torn lines.

use super::{ResultsError, ResultsProblem, UnitFile, unit_file};
use core::fmt;
use std::{
    fs::{File, OpenOptions},
    io::{self, BufRead, BufReader, Read, Write},
    path::{Path, PathBuf},
    vec::Vec,
};

/// The version of the results line format: 2 added the remaining depth
/// and the line check to format 1's `index;count;checksum`.
pub const RESULTS_FORMAT: u32 = 2;

/// The longest line a result can be: a longer one is damage, and is not
/// kept in memory while it is read.
const MAX_LINE: usize = 128;

/// One line of a results file: unit `index` of the unit file with checksum
/// `checksum` has `count` leaves at the remaining depth `remaining`.
///
/// Written `index;count;depth;checksum;check`: the checksum and the check
/// as 16 lowercase hex digits, the check being the 64-bit FNV-1a of the
/// text before it (and a line end). A line is always ended by `\n`. A line
/// torn by a worker that died, then continued by another writer's line,
/// fails its check (short of a 64-bit collision) and reads as an error,
/// never as another unit's result.
///
/// ```
/// use bitmoves_perft::split::ResultLine;
/// let line = ResultLine { index: 17, count: 197_281, remaining: 4, checksum: 0xdead_beef };
/// let text = line.to_string();
/// assert!(text.starts_with("17;197281;4;00000000deadbeef;"));
/// assert_eq!(text.parse::<ResultLine>()?, line);
/// // Torn and continued by the next line: refused.
/// assert!(format!("1{text}").parse::<ResultLine>().is_err());
/// assert!(text.replace("197281", "197282").parse::<ResultLine>().is_err());
/// # Ok::<(), bitmoves_perft::split::ResultsProblem>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResultLine {
    /// The unit's index in its unit file.
    pub index: usize,
    /// The perft count of the unit's position at the remaining depth (not
    /// yet multiplied by the unit's multiplicity).
    pub count: u128,
    /// The remaining depth the unit was counted at.
    pub remaining: u32,
    /// The checksum of the unit file the unit belongs to.
    pub checksum: u64,
}

/// The line check: 64-bit FNV-1a of `text` and a line end.
fn line_check(text: &str) -> u64 {
    let mut fnv = unit_file::Fnv1a::default();
    fnv.line(text);
    fnv.0
}

impl fmt::Display for ResultLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = std::format!(
            "{};{};{};{:016x}",
            self.index,
            self.count,
            self.remaining,
            self.checksum
        );
        write!(f, "{text};{:016x}", line_check(&text))
    }
}

impl core::str::FromStr for ResultLine {
    type Err = ResultsProblem;

    /// Reads a line (without its line end). Numbers must be written the
    /// canonical way, so a line reads back exactly as it was written, and
    /// the check must be the check of the rest of the line.
    fn from_str(text: &str) -> Result<Self, ResultsProblem> {
        let fields: Vec<&str> = text.splitn(6, ';').collect();
        let &[index, count, remaining, checksum, check] = fields.as_slice() else {
            let format_one = fields.len() == 3
                && unit_file::parse_decimal(fields[0]).is_some()
                && unit_file::is_canonical_decimal(fields[1])
                && unit_file::parse_hex64(fields[2]).is_some();
            return Err(if format_one {
                ResultsProblem::FormatOne
            } else {
                ResultsProblem::Fields {
                    found: text.split(';').count(),
                }
            });
        };
        let checked = &text[..text.len() - check.len() - 1];
        if unit_file::parse_hex64(check) != Some(line_check(checked)) {
            return Err(ResultsProblem::LineCheck);
        }
        let index = unit_file::parse_decimal(index)
            .and_then(|index| usize::try_from(index).ok())
            .ok_or(ResultsProblem::BadIndex)?;
        let count = unit_file::is_canonical_decimal(count)
            .then(|| count.parse::<u128>().ok())
            .flatten()
            .ok_or(ResultsProblem::BadCount)?;
        let remaining = unit_file::parse_decimal(remaining)
            .and_then(|depth| u32::try_from(depth).ok())
            .ok_or(ResultsProblem::BadDepth)?;
        let checksum = unit_file::parse_hex64(checksum).ok_or(ResultsProblem::BadChecksum)?;
        Ok(Self {
            index,
            count,
            remaining,
            checksum,
        })
    }
}

/// Reads a results file line by line, holding at most one line (of at
/// most a result's length) in memory, whatever the file holds. Blank lines
/// are skipped; a `\r` before a line end is allowed.
///
/// ```
/// use bitmoves_perft::split::{ResultLine, ResultsProblem, ResultsReader};
/// let line = ResultLine { index: 0, count: 20, remaining: 1, checksum: 0xff };
/// let text = format!("{line}\n\n1{line}\n{line}");
/// let mut reader = ResultsReader::new(text.as_bytes());
/// assert_eq!(reader.next_line()?, Some((1, Ok(line))));
/// assert_eq!(reader.next_line()?, Some((3, Err(ResultsProblem::LineCheck))));
/// let len = line.to_string().len() as u64;
/// assert_eq!(reader.next_line()?, Some((4, Err(ResultsProblem::Unfinished { len }))));
/// assert_eq!(reader.next_line()?, None);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct ResultsReader<R> {
    input: R,
    line: usize,
    buffer: Vec<u8>,
    chunk: Vec<u8>,
    mid_line: bool,
}

impl<R: BufRead> ResultsReader<R> {
    /// A reader of the results in `input`.
    pub fn new(input: R) -> Self {
        Self {
            input,
            line: 0,
            buffer: Vec::with_capacity(MAX_LINE + 1),
            chunk: Vec::new(),
            mid_line: false,
        }
    }

    /// Whether the input read so far ends inside a line (blank or not):
    /// the next line appended would continue it.
    pub fn ends_mid_line(&self) -> bool {
        self.mid_line
    }

    /// The next line that is not blank: its number (from 1) and its result
    /// or what is wrong with it; `None` at the end. Only reading can fail.
    pub fn next_line(&mut self) -> io::Result<Option<(usize, Result<ResultLine, ResultsProblem>)>> {
        loop {
            let Some((len, ended)) = self.read_line()? else {
                return Ok(None);
            };
            self.line += 1;
            let raw = self.buffer.strip_suffix(b"\r").unwrap_or(&self.buffer);
            if len <= MAX_LINE as u64 && raw.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            let result = if !ended {
                Err(ResultsProblem::Unfinished { len })
            } else if len > MAX_LINE as u64 {
                Err(ResultsProblem::TooLong { len })
            } else {
                core::str::from_utf8(raw)
                    .map_err(|_| ResultsProblem::NotUtf8)
                    .and_then(str::parse)
            };
            return Ok(Some((self.line, result)));
        }
    }

    /// Reads one line into the buffer (its first `MAX_LINE + 1` bytes,
    /// without the line end): its whole length and whether it had a line
    /// end; `None` at the end of the input. A long line is read in
    /// `CHUNK`-byte pieces, searched with `read_until`'s `memchr`.
    fn read_line(&mut self) -> io::Result<Option<(u64, bool)>> {
        const CHUNK: u64 = 1 << 16;
        self.buffer.clear();
        let mut len = 0u64;
        loop {
            self.chunk.clear();
            let read = (&mut self.input)
                .take(CHUNK)
                .read_until(b'\n', &mut self.chunk)?;
            if read == 0 {
                // Set once a line without its end was read; the end of the
                // input is then reported again, with nothing more read.
                self.mid_line |= len > 0;
                return Ok((len > 0).then_some((len, false)));
            }
            let ended = self.chunk.last() == Some(&b'\n');
            let part = &self.chunk[..read - usize::from(ended)];
            let room = (MAX_LINE + 1).saturating_sub(self.buffer.len());
            self.buffer.extend_from_slice(&part[..part.len().min(room)]);
            len += part.len() as u64;
            if ended {
                return Ok(Some((len, true)));
            }
        }
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
    remaining: u32,
    done: Vec<bool>,
    set_aside: Vec<ResultsError>,
    damaged: usize,
}

/// How many of a results file's damaged lines [`ResultsFile`] keeps to
/// report (it counts them all).
const SET_ASIDE_KEPT: usize = 10;

/// Why a results file could not be opened for a worker.
#[derive(Debug)]
pub enum OpenResultsError {
    /// Reading, cutting or creating the file failed.
    Io(io::Error),
    /// A line was written by results format 1.
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
    /// A line counts another remaining depth than the unit file's.
    OtherDepth {
        /// The line number.
        line: usize,
        /// The remaining depth on the line.
        found: u32,
        /// The unit file's remaining depth.
        expected: u32,
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
            Self::OtherDepth {
                line,
                found,
                expected,
            } => write!(
                f,
                "line {line}: a count at remaining depth {found}, where the unit file's units have {expected}"
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
    /// of `units`, reading it as a stream.
    ///
    /// Damaged lines (torn, spliced, cut: any [`ResultsProblem`] that
    /// [is damage](ResultsProblem::is_damage)) are set aside: they stay in
    /// the file, count for nothing, and their units are counted again (see
    /// [`ResultsFile::set_aside`]). A file that ends inside a line gets a
    /// line end first, so that the next line starts cleanly; nothing is
    /// ever cut, so a second worker appending at the same time loses
    /// nothing. Good lines must all belong to this unit file; a line of
    /// results format 1 is refused.
    pub fn open(path: &Path, units: &UnitFile) -> Result<Self, OpenResultsError> {
        // Looked at before opening (a FIFO would wait for a writer), and
        // again on what was opened.
        let regular = |meta: std::fs::Metadata| {
            if meta.is_file() {
                Ok(())
            } else {
                Err(OpenResultsError::Io(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "not a regular file",
                )))
            }
        };
        match std::fs::metadata(path) {
            Ok(meta) => regular(meta)?,
            Err(error) if error.kind() == io::ErrorKind::NotFound => {}
            Err(error) => return Err(OpenResultsError::Io(error)),
        }
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(OpenResultsError::Io)?;
        regular(file.metadata().map_err(OpenResultsError::Io)?)?;
        let mut done = Vec::new();
        done.try_reserve_exact(units.units().len()).map_err(|_| {
            OpenResultsError::Io(io::Error::new(
                io::ErrorKind::OutOfMemory,
                "out of memory for the list of units done",
            ))
        })?;
        done.resize(units.units().len(), false);
        let (expected, remaining) = (units.checksum(), units.remaining());
        let mut set_aside = Vec::new();
        let mut damaged = 0;
        let mut reader = ResultsReader::new(BufReader::with_capacity(1 << 16, &file));
        while let Some((number, read)) = reader.next_line().map_err(OpenResultsError::Io)? {
            let line = match read {
                Ok(line) => line,
                Err(problem) if problem.is_damage() => {
                    damaged += 1;
                    if set_aside.len() < SET_ASIDE_KEPT {
                        set_aside.push(ResultsError {
                            line: number,
                            problem,
                        });
                    }
                    continue;
                }
                Err(problem) => {
                    return Err(OpenResultsError::Malformed(ResultsError {
                        line: number,
                        problem,
                    }));
                }
            };
            if line.checksum != expected {
                return Err(OpenResultsError::OtherUnitFile {
                    line: number,
                    found: line.checksum,
                    expected,
                });
            }
            if line.remaining != remaining {
                return Err(OpenResultsError::OtherDepth {
                    line: number,
                    found: line.remaining,
                    expected: remaining,
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
        if reader.ends_mid_line() {
            file.write_all(b"\n").map_err(OpenResultsError::Io)?;
        }
        file.flush().map_err(OpenResultsError::Io)?;
        Ok(Self {
            file,
            path: path.to_path_buf(),
            checksum: expected,
            remaining,
            done,
            set_aside,
            damaged,
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

    /// The damaged lines found on opening (the first few of them, with
    /// their line numbers and problems), and how many there were in all.
    pub fn set_aside(&self) -> (&[ResultsError], usize) {
        (&self.set_aside, self.damaged)
    }

    /// Appends the result of unit `index` as one line, written with a
    /// single call so that a killed worker leaves at most a cut-off line.
    pub fn record(&mut self, index: usize, count: u128) -> io::Result<()> {
        let line = ResultLine {
            index,
            count,
            remaining: self.remaining,
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
