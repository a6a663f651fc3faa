//! The errors of splitting, reading unit and results files, and merging.

use bitmoves::FenError;
use core::fmt;
use std::{io, string::String, vec::Vec};

/// Why a split could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SplitError {
    /// The total depth is beyond [`UnitFile::MAX_DEPTH`](super::UnitFile::MAX_DEPTH).
    TooDeep {
        /// The depth asked for.
        depth: u32,
    },
    /// The split ply is below the total depth.
    PlyBelowDepth {
        /// The split ply asked for.
        ply: u32,
        /// The total depth asked for.
        depth: u32,
    },
    /// The unique positions would take more memory than allowed
    /// ([`SplitOptions::max_memory`](super::SplitOptions::max_memory)).
    TooManyUnits {
        /// The most units the memory allowed.
        max_units: usize,
    },
    /// The memory for the unique positions could not be allocated: the
    /// machine, or a limit such as `ulimit -v`, has less than
    /// [`SplitOptions::max_memory`](super::SplitOptions::max_memory).
    OutOfMemory {
        /// The bytes asked for when the allocation failed.
        bytes: usize,
    },
    /// A position has more than 32 pieces, or a castling right without its
    /// rook: only boards no game reaches, read leniently, can.
    Unencodable,
    /// More than 2<sup>64</sup> paths lead to the split ply.
    Overflow,
}

impl fmt::Display for SplitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooDeep { depth } => write!(
                f,
                "depth {depth} is too deep for a unit file (at most {})",
                super::UnitFile::MAX_DEPTH
            ),
            Self::PlyBelowDepth { ply, depth } => {
                write!(f, "the split ply {ply} is below the depth {depth}")
            }
            Self::TooManyUnits { max_units } => write!(
                f,
                "more than {max_units} unique positions at the split ply: \
                 split at a lower ply or allow more memory"
            ),
            Self::OutOfMemory { bytes } => write!(
                f,
                "out of memory: {:.1} MiB for the unique positions could not be allocated \
                 (the machine, or a limit such as ulimit -v, gives less than the memory \
                 allowed); split at a lower ply",
                // Precision loss only past 2^53 bytes.
                *bytes as f64 / f64::from(1 << 20)
            ),
            Self::Unencodable => f.write_str(
                "a position has more than 32 pieces or a castling right without its rook",
            ),
            Self::Overflow => f.write_str("more than 2^64 paths lead to the split ply"),
        }
    }
}

impl std::error::Error for SplitError {}

/// Why a unit file was refused.
#[derive(Debug)]
pub enum UnitFileError {
    /// Reading failed.
    Io(io::Error),
    /// A line is wrong.
    Line {
        /// The line number, from 1.
        line: usize,
        /// What is wrong with it.
        problem: UnitFileProblem,
    },
    /// Fewer units than the header says: the file was cut short.
    Truncated {
        /// The number of units the header gives.
        expected: usize,
        /// The number found.
        found: usize,
    },
    /// The multiplicities do not add up to the header's number of paths.
    Paths {
        /// The header's number of paths.
        expected: u64,
        /// The sum of the multiplicities (saturating).
        found: u64,
    },
    /// The checksum of the lines is not the header's: the file was edited.
    Checksum {
        /// The header's checksum.
        expected: u64,
        /// The checksum of the lines read.
        found: u64,
    },
}

impl fmt::Display for UnitFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io(error) => error.fmt(f),
            Self::Line { line, problem } => write!(f, "line {line}: {problem}"),
            Self::Truncated { expected, found } => write!(
                f,
                "truncated: the header promises {expected} units, the file has {found}"
            ),
            Self::Paths { expected, found } => write!(
                f,
                "the multiplicities add up to {found}, not the header's {expected} paths"
            ),
            Self::Checksum { expected, found } => write!(
                f,
                "checksum mismatch: the lines give {found:016x}, the header says \
                 {expected:016x} (the file was edited or damaged)"
            ),
        }
    }
}

impl std::error::Error for UnitFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Io(error) => Some(error),
            Self::Line {
                problem: UnitFileProblem::Fen(error),
                ..
            } => Some(error),
            _ => None,
        }
    }
}

/// What is wrong with one line of a unit file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UnitFileProblem {
    /// The first line is not [`FORMAT_LINE`](super::FORMAT_LINE).
    NotAUnitFile,
    /// The line is not UTF-8.
    NotUtf8,
    /// The line is longer than any unit file has.
    TooLong,
    /// The header line `# {key}: …` should be here.
    MissingHeader {
        /// The key expected.
        key: &'static str,
    },
    /// The header line's value is not valid.
    BadHeader {
        /// The header's key.
        key: &'static str,
    },
    /// A unit line does not have 4 fields separated by `;`.
    Fields {
        /// The number of fields found.
        found: usize,
    },
    /// A number is not canonical decimal, or out of range.
    BadNumber {
        /// The field's name.
        field: &'static str,
    },
    /// The index is not the unit's place in the file.
    Index {
        /// The index the line should have.
        expected: usize,
        /// The index it has.
        found: u64,
    },
    /// The FEN does not read.
    Fen(FenError),
    /// The line is not written the canonical way (the FEN's en passant
    /// square, castling letters or clocks, or a number's spelling).
    NotCanonical,
    /// The unit does not come after the one before in key order: a
    /// duplicate, or lines moved.
    NotAscending,
    /// More units than the header says.
    ExtraUnit {
        /// The number of units the header gives.
        units: usize,
    },
    /// The remaining depth is not `depth - ply`.
    Remaining {
        /// `depth - ply` from the header.
        expected: u32,
        /// The remaining depth on the line.
        found: u64,
    },
}

impl fmt::Display for UnitFileProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotAUnitFile => write!(
                f,
                "not a unit file (it should start with \"{}\")",
                super::FORMAT_LINE
            ),
            Self::NotUtf8 => f.write_str("not UTF-8 text"),
            Self::TooLong => f.write_str("line too long"),
            Self::MissingHeader { key } => write!(f, "expected the header line \"# {key}: …\""),
            Self::BadHeader { key } => write!(f, "invalid value in the \"{key}\" header"),
            Self::Fields { found } => write!(
                f,
                "a unit has 4 fields separated by ';' (index;FEN;multiplicity;remaining depth), \
                 found {found}"
            ),
            Self::BadNumber { field } => write!(f, "invalid {field}"),
            Self::Index { expected, found } => {
                write!(f, "unit index {found} out of order (expected {expected})")
            }
            Self::Fen(error) => write!(f, "invalid FEN: {error}"),
            Self::NotCanonical => f.write_str("not in the canonical form bitmoves writes"),
            Self::NotAscending => {
                f.write_str("unit out of order (a duplicate, or lines moved or edited)")
            }
            Self::ExtraUnit { units } => {
                write!(f, "more units than the {units} the header promises")
            }
            Self::Remaining { expected, found } => {
                write!(f, "remaining depth {found}, but depth - ply is {expected}")
            }
        }
    }
}

/// A line of a results file that is not a result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultsError {
    /// The line number, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub problem: ResultsProblem,
}

impl fmt::Display for ResultsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.problem)
    }
}

impl std::error::Error for ResultsError {}

/// What is wrong with a line of a results file. All but
/// [`ResultsProblem::FormatOne`] are damage (a line torn by a worker that
/// died, spliced with another writer's line, cut by a full disk): such a
/// line is set aside and its unit counted again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResultsProblem {
    /// The line is not UTF-8.
    NotUtf8,
    /// The line does not have 5 fields separated by `;`.
    Fields {
        /// The number of fields found.
        found: usize,
    },
    /// The index is not a canonical decimal number.
    BadIndex,
    /// The count is not a canonical decimal number below 2<sup>128</sup>.
    BadCount,
    /// The remaining depth is not a canonical decimal number.
    BadDepth,
    /// The unit file's checksum is not 16 lowercase hex digits.
    BadChecksum,
    /// The line check (the last field) is not 16 lowercase hex digits, or
    /// not the check of the rest of the line.
    LineCheck,
    /// The line is longer than any result line.
    TooLong {
        /// Its length in bytes.
        len: u64,
    },
    /// The file's last line has no line end: it was being written when
    /// its worker died, or the file was cut.
    Unfinished {
        /// Its length in bytes.
        len: u64,
    },
    /// A line of results format 1 (`index;count;checksum`, written before
    /// format 2 added the line check), which has no line check: it cannot be told from a
    /// damaged line, so it is refused, not read.
    FormatOne,
}

impl ResultsProblem {
    /// Whether the line is damage, set aside and counted again (every
    /// problem but [`ResultsProblem::FormatOne`]).
    pub fn is_damage(&self) -> bool {
        !matches!(self, Self::FormatOne)
    }
}

impl fmt::Display for ResultsProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotUtf8 => f.write_str("not UTF-8 text"),
            Self::Fields { found } => write!(
                f,
                "a result has 5 fields separated by ';' \
                 (index;count;depth;checksum;check), found {found}"
            ),
            Self::BadIndex => f.write_str("invalid unit index"),
            Self::BadCount => f.write_str("invalid count"),
            Self::BadDepth => f.write_str("invalid remaining depth"),
            Self::BadChecksum => f.write_str("invalid checksum (16 lowercase hex digits)"),
            Self::LineCheck => f.write_str("the line check fails (a torn, spliced or edited line)"),
            Self::TooLong { len } => {
                write!(f, "{len} bytes long, more than any result line")
            }
            Self::Unfinished { len } => write!(
                f,
                "the last line ({len} bytes) has no line end (cut off while it was written)"
            ),
            Self::FormatOne => f.write_str(
                "written by results format 1 (index;count;checksum, without a line \
                 check), which this version refuses: count the shard again into a new \
                 results directory",
            ),
        }
    }
}

impl std::error::Error for ResultsProblem {}

/// Why the merge could not give a total.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MergeError {
    /// A result belongs to another unit file.
    OtherUnitFile {
        /// The checksum on the result.
        found: u64,
        /// The checksum of the unit file in hand.
        expected: u64,
    },
    /// A result names a unit the unit file does not have.
    UnknownUnit {
        /// The index on the result.
        index: usize,
        /// The number of units in the file.
        units: usize,
    },
    /// A result counts another remaining depth than the unit file's.
    OtherDepth {
        /// The remaining depth on the result.
        found: u32,
        /// The unit file's remaining depth.
        expected: u32,
    },
    /// Two results for one unit disagree.
    Conflict {
        /// The unit's index.
        index: usize,
        /// The unit's position.
        fen: String,
        /// The count seen first.
        first: u128,
        /// The other count.
        second: u128,
    },
    /// Some units have no count.
    Missing {
        /// Their indices, in increasing order.
        units: Vec<usize>,
    },
    /// Some units have no count, and the memory to list them could not be
    /// had.
    OutOfMemory {
        /// How many have no count.
        missing: usize,
    },
    /// The total does not fit a `u128`: the counts cannot be right.
    Overflow,
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::OtherUnitFile { found, expected } => write!(
                f,
                "results of another unit file (checksum {found:016x}, not {expected:016x})"
            ),
            Self::UnknownUnit { index, units } => write!(
                f,
                "unit {index} is not in the unit file (it has {units} units)"
            ),
            Self::OtherDepth { found, expected } => write!(
                f,
                "a count at remaining depth {found}, where the unit file's units have {expected}"
            ),
            Self::Conflict {
                index,
                fen,
                first,
                second,
            } => write!(
                f,
                "unit {index} ({fen}) has two different counts: {first} and {second}"
            ),
            Self::Missing { units } => {
                const SHOWN: usize = 20;
                write!(f, "{} units have no count yet: ", units.len())?;
                for (i, index) in units.iter().take(SHOWN).enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{index}")?;
                }
                if units.len() > SHOWN {
                    write!(f, " and {} more", units.len() - SHOWN)?;
                }
                Ok(())
            }
            Self::OutOfMemory { missing } => write!(
                f,
                "{missing} units have no count yet (out of memory for their list)"
            ),
            Self::Overflow => f.write_str("the total does not fit in 128 bits"),
        }
    }
}

impl std::error::Error for MergeError {}
