//! [`UnitFile`]: the unique positions at the split ply, written and read as
//! plain text (the format is in the [module docs](super)).

use super::{
    PositionKey, SplitError, SplitOptions, SplitStats, UnitFileError, UnitFileProblem, enumerate,
};
use bitmoves::{Board, Color, FenError, FenOptions};
use core::fmt::Write as _;
use std::{
    io::{self, BufRead, Read, Write},
    string::{String, ToString},
    vec::Vec,
};

/// The first line of every unit file: the format and its version.
pub const FORMAT_LINE: &str = "# bitmoves units v1";

/// The longest line a unit file may have, in bytes. A unit line is about
/// 100 bytes; the limit keeps a hostile file from filling memory with one
/// line.
const MAX_LINE: u64 = 1024;

/// The root as the header writes it: its FEN, with the castling rights in
/// Shredder letters (rook files) when the root is in Chess960 mode, as the
/// unit lines write them (see [`PositionKey::write_fen`]). A FEN's
/// castling letters do not set the mode when `Board` reads them, so the
/// reader takes a file letter here as the mark of a Chess960 root.
fn root_fen(root: &Board) -> String {
    if root.is_chess960() {
        root.shredder_fen().to_string()
    } else {
        root.to_string()
    }
}

/// One work unit: a unique position at the split ply and the number of
/// paths from the root that reach it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unit {
    /// The position.
    pub key: PositionKey,
    /// How many move sequences from the root reach it: its count is
    /// multiplied by this in the merge.
    pub multiplicity: u64,
}

/// A root, a total depth, a split ply, and the unique positions at that
/// ply with their multiplicities, in key order: everything the workers and
/// the merge need.
///
/// ```
/// use bitmoves::{Board, perft::perft};
/// use bitmoves_perft::split::{SplitOptions, UnitFile};
/// let root = Board::default();
/// let (units, stats) = UnitFile::split(&root, 5, 3, SplitOptions::default())?;
/// assert_eq!(units.units().len(), 5_362); // unique positions after 3 plies
/// assert_eq!(stats.paths, 8_902);
/// // Counting each unit once and weighting it gives the whole perft.
/// let total: u64 = units
///     .units()
///     .iter()
///     .map(|unit| Ok(unit.multiplicity * perft(&units.board(unit)?, units.remaining())))
///     .sum::<Result<u64, bitmoves::FenError>>()?;
/// assert_eq!(total, perft(&root, 5));
/// // The file reads back as the same units.
/// let mut text = Vec::new();
/// units.write(&mut text)?;
/// assert_eq!(UnitFile::read(&text[..])?, units);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitFile {
    root: Board,
    depth: u32,
    ply: u32,
    units: Vec<Unit>,
    paths: u64,
    checksum: u64,
}

impl UnitFile {
    /// The deepest total depth a unit file may name. Every count then fits
    /// in a `u128`: no position has more than 218 legal moves, and
    /// 218<sup>16</sup> < 2<sup>128</sup>.
    pub const MAX_DEPTH: u32 = 16;

    /// Splits `root` at `ply` for a perft of `depth`: the unique positions
    /// `ply` plies below it, each with the number of paths that reach it.
    /// Positions that end the game before `ply` have no leaves at `depth`
    /// and are rightly left out.
    pub fn split(
        root: &Board,
        depth: u32,
        ply: u32,
        options: SplitOptions,
    ) -> Result<(Self, SplitStats), SplitError> {
        if depth > Self::MAX_DEPTH {
            return Err(SplitError::TooDeep { depth });
        }
        if ply > depth {
            return Err(SplitError::PlyBelowDepth { ply, depth });
        }
        let (counted, stats) = enumerate::enumerate(root, ply, options)?;
        let mut units = Vec::new();
        units
            .try_reserve_exact(counted.len())
            .map_err(|_| SplitError::OutOfMemory {
                bytes: counted.len().saturating_mul(core::mem::size_of::<Unit>()),
            })?;
        units.extend(
            counted
                .into_iter()
                .map(|(key, multiplicity)| Unit { key, multiplicity }),
        );
        let mut file = Self {
            root: *root,
            depth,
            ply,
            units,
            paths: stats.paths,
            checksum: 0,
        };
        file.checksum = file.compute_checksum();
        Ok((file, stats))
    }

    /// The root position.
    pub fn root(&self) -> &Board {
        &self.root
    }

    /// The total depth: the perft the units add up to.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The split ply: how far below the root the units are.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The depth each unit is counted to: `depth - ply`.
    pub fn remaining(&self) -> u32 {
        self.depth - self.ply
    }

    /// The units, in key order; a unit's index is its place here.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// The number of paths from the root to the split ply, the sum of the
    /// multiplicities: `perft(root, ply)`.
    pub fn paths(&self) -> u64 {
        self.paths
    }

    /// The 64-bit FNV-1a checksum of the file's canonical lines (all but
    /// the checksum line itself). Results carry it, so that the merge knows
    /// which unit file they belong to.
    pub fn checksum(&self) -> u64 {
        self.checksum
    }

    /// The fullmove number written in the units' FENs: the root's, advanced
    /// by the Black moves among the first `ply` plies.
    fn unit_fullmove(&self) -> u16 {
        let black_moves = match self.root.side_to_move() {
            Color::White => self.ply / 2,
            Color::Black => self.ply.div_ceil(2),
        };
        let black_moves = u16::try_from(black_moves).unwrap_or(u16::MAX);
        self.root.fullmove_number().saturating_add(black_moves)
    }

    /// The unit's position as it is written in the file: canonical FEN with
    /// halfmove clock 0.
    pub fn fen(&self, unit: &Unit) -> String {
        unit.key.fen(self.root.is_chess960(), self.unit_fullmove())
    }

    /// The unit's position as a board, ready to count. Every unit of a
    /// unit file comes from a board (made by the split, or read from a FEN
    /// and checked), so this does not fail; the error is there so that a
    /// bug would show as an error, never as a wrong count.
    pub fn board(&self, unit: &Unit) -> Result<Board, FenError> {
        let options = FenOptions {
            lenient: true,
            chess960: self.root.is_chess960(),
        };
        Board::from_fen_with(&self.fen(unit), options)
    }

    /// The header lines that the checksum covers, without line ends.
    fn header_lines(&self) -> [String; 6] {
        [
            FORMAT_LINE.to_string(),
            std::format!("# root: {}", root_fen(&self.root)),
            std::format!("# depth: {}", self.depth),
            std::format!("# ply: {}", self.ply),
            std::format!("# units: {}", self.units.len()),
            std::format!("# paths: {}", self.paths),
        ]
    }

    /// Writes unit `index`'s line, without a line end, into `line`.
    fn unit_line(&self, index: usize, unit: &Unit, line: &mut String) {
        line.clear();
        let _ = write!(line, "{index};");
        unit.key
            .write_fen(self.root.is_chess960(), self.unit_fullmove(), line);
        let _ = write!(line, ";{};{}", unit.multiplicity, self.remaining());
    }

    /// The checksum of the canonical lines.
    fn compute_checksum(&self) -> u64 {
        let mut hash = Fnv1a::default();
        for line in self.header_lines() {
            hash.line(&line);
        }
        let mut line = String::new();
        for (index, unit) in self.units.iter().enumerate() {
            self.unit_line(index, unit, &mut line);
            hash.line(&line);
        }
        hash.0
    }

    /// Writes the file: the header lines, then one line per unit.
    pub fn write(&self, mut out: impl Write) -> io::Result<()> {
        for line in self.header_lines() {
            writeln!(out, "{line}")?;
        }
        writeln!(out, "# checksum: fnv1a64 {:016x}", self.checksum)?;
        let mut line = String::new();
        for (index, unit) in self.units.iter().enumerate() {
            self.unit_line(index, unit, &mut line);
            line.push('\n');
            out.write_all(line.as_bytes())?;
        }
        out.flush()
    }

    /// Reads a unit file, checking everything: the header, each unit's
    /// index, canonical FEN, key order, multiplicity and remaining depth,
    /// the unit count (a truncated file fails), the sum of the
    /// multiplicities and the checksum (an edited file fails).
    pub fn read(reader: impl BufRead) -> Result<Self, UnitFileError> {
        Reader::new(reader).read()
    }

    /// [`UnitFile::read`] from text in memory.
    pub fn parse(text: &str) -> Result<Self, UnitFileError> {
        Self::read(text.as_bytes())
    }
}

/// 64-bit FNV-1a over lines, each followed by `\n`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Fnv1a(pub(super) u64);

impl Default for Fnv1a {
    fn default() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv1a {
    /// Adds `line` and a line end.
    pub(super) fn line(&mut self, line: &str) {
        for &byte in line.as_bytes().iter().chain(b"\n") {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Reads a unit file line by line.
struct Reader<R> {
    input: R,
    buffer: Vec<u8>,
    line: usize,
}

impl<R: BufRead> Reader<R> {
    fn new(input: R) -> Self {
        Self {
            input,
            buffer: Vec::new(),
            line: 0,
        }
    }

    /// An error about the line just read.
    fn error(&self, problem: UnitFileProblem) -> UnitFileError {
        UnitFileError::Line {
            line: self.line,
            problem,
        }
    }

    /// The next line without its line end, skipping blank lines after the
    /// header when `skip_blank`; `None` at the end of the input.
    fn next_line(&mut self, skip_blank: bool) -> Result<Option<&str>, UnitFileError> {
        loop {
            self.buffer.clear();
            let read = (&mut self.input)
                .take(MAX_LINE + 1)
                .read_until(b'\n', &mut self.buffer)
                .map_err(UnitFileError::Io)?;
            if read == 0 {
                return Ok(None);
            }
            self.line += 1;
            if self.buffer.last() == Some(&b'\n') {
                self.buffer.pop();
            } else if read as u64 > MAX_LINE {
                return Err(self.error(UnitFileProblem::TooLong));
            }
            if self.buffer.last() == Some(&b'\r') {
                self.buffer.pop();
            }
            if skip_blank && self.buffer.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            break;
        }
        let line = self.line;
        core::str::from_utf8(&self.buffer)
            .map(Some)
            .map_err(|_| UnitFileError::Line {
                line,
                problem: UnitFileProblem::NotUtf8,
            })
    }

    /// The value of the header line `# {key}: …`, which must come next.
    fn header(&mut self, key: &'static str) -> Result<String, UnitFileError> {
        let missing = UnitFileProblem::MissingHeader { key };
        let Some(text) = self.next_line(false)? else {
            return Err(UnitFileError::Line {
                line: self.line + 1,
                problem: missing,
            });
        };
        let value = text
            .strip_prefix("# ")
            .and_then(|rest| rest.strip_prefix(key))
            .and_then(|rest| rest.strip_prefix(": "))
            .map(str::to_string);
        value.ok_or_else(|| self.error(missing))
    }

    /// A header number: canonical decimal digits, at most `max`.
    fn header_number(&mut self, key: &'static str, max: u64) -> Result<u64, UnitFileError> {
        let text = self.header(key)?;
        parse_decimal(&text)
            .filter(|&n| n <= max)
            .ok_or_else(|| self.error(UnitFileProblem::BadHeader { key }))
    }

    fn read(mut self) -> Result<UnitFile, UnitFileError> {
        match self.next_line(false)? {
            Some(FORMAT_LINE) => {}
            _ => {
                return Err(UnitFileError::Line {
                    line: 1,
                    problem: UnitFileProblem::NotAUnitFile,
                });
            }
        }
        let root_text = self.header("root")?;
        // Shredder letters mark a Chess960 root (see `root_fen`).
        let chess960 = root_text.split(' ').nth(2).is_some_and(|castling| {
            castling.contains(|c: char| c.is_ascii_alphabetic() && !"KQkq".contains(c))
        });
        let root = Board::from_fen_with(
            &root_text,
            FenOptions {
                lenient: true,
                chess960,
            },
        )
        .map_err(|error| self.error(UnitFileProblem::Fen(error)))?;
        if root_fen(&root) != root_text {
            return Err(self.error(UnitFileProblem::NotCanonical));
        }
        let depth = self.header_number("depth", UnitFile::MAX_DEPTH.into())?;
        let ply = self.header_number("ply", depth)?;
        let units = self.header_number("units", u64::MAX)?;
        let paths = self.header_number("paths", u64::MAX)?;
        let checksum = self.header("checksum")?;
        let checksum = checksum
            .strip_prefix("fnv1a64 ")
            .and_then(parse_hex64)
            .ok_or_else(|| self.error(UnitFileProblem::BadHeader { key: "checksum" }))?;
        // Both were checked against u32 bounds (MAX_DEPTH) above.
        let (depth, ply) = (depth as u32, ply as u32);
        let mut file = UnitFile {
            root,
            depth,
            ply,
            units: Vec::new(),
            paths,
            checksum: 0,
        };
        let expected_units = usize::try_from(units).unwrap_or(usize::MAX);
        let mut sum: u64 = 0;
        let mut canonical = String::new();
        while let Some(text) = self.next_line(true)? {
            let index = file.units.len();
            let unit = parse_unit(text, index, &file)
                .and_then(|unit| {
                    file.unit_line(index, &unit, &mut canonical);
                    if canonical != text {
                        Err(UnitFileProblem::NotCanonical)
                    } else if file.units.last().is_some_and(|last| last.key >= unit.key) {
                        Err(UnitFileProblem::NotAscending)
                    } else if index >= expected_units {
                        Err(UnitFileProblem::ExtraUnit {
                            units: expected_units,
                        })
                    } else {
                        Ok(unit)
                    }
                })
                .map_err(|problem| self.error(problem))?;
            sum = sum.saturating_add(unit.multiplicity);
            // The list doubles as it grows; a machine short of memory
            // gets an error, not an abort.
            file.units.try_reserve(1).map_err(|_| {
                UnitFileError::Io(io::Error::new(
                    io::ErrorKind::OutOfMemory,
                    format!("out of memory for the {expected_units} units"),
                ))
            })?;
            file.units.push(unit);
        }
        if file.units.len() != expected_units {
            return Err(UnitFileError::Truncated {
                expected: expected_units,
                found: file.units.len(),
            });
        }
        if sum != paths {
            return Err(UnitFileError::Paths {
                expected: paths,
                found: sum,
            });
        }
        file.checksum = file.compute_checksum();
        if file.checksum != checksum {
            return Err(UnitFileError::Checksum {
                expected: checksum,
                found: file.checksum,
            });
        }
        Ok(file)
    }
}

/// Reads one unit line, `index;FEN;multiplicity;remaining`, checking what
/// can be checked on the line alone.
fn parse_unit(text: &str, index: usize, file: &UnitFile) -> Result<Unit, UnitFileProblem> {
    let fields: Vec<&str> = text.split(';').collect();
    let &[index_text, fen, multiplicity, remaining] = fields.as_slice() else {
        return Err(UnitFileProblem::Fields {
            found: fields.len(),
        });
    };
    let found = parse_decimal(index_text).ok_or(UnitFileProblem::BadNumber { field: "index" })?;
    if usize::try_from(found).ok() != Some(index) {
        return Err(UnitFileProblem::Index {
            expected: index,
            found,
        });
    }
    let options = FenOptions {
        lenient: true,
        chess960: file.root.is_chess960(),
    };
    let board = Board::from_fen_with(fen, options).map_err(UnitFileProblem::Fen)?;
    let key = PositionKey::new(&board).ok_or(UnitFileProblem::NotCanonical)?;
    let multiplicity =
        parse_decimal(multiplicity)
            .filter(|&m| m > 0)
            .ok_or(UnitFileProblem::BadNumber {
                field: "multiplicity",
            })?;
    let remaining = parse_decimal(remaining).ok_or(UnitFileProblem::BadNumber {
        field: "remaining depth",
    })?;
    if remaining != u64::from(file.remaining()) {
        return Err(UnitFileProblem::Remaining {
            expected: file.remaining(),
            found: remaining,
        });
    }
    Ok(Unit { key, multiplicity })
}

/// Canonical decimal: ASCII digits, no sign, no leading zero (but "0").
pub(super) fn parse_decimal(text: &str) -> Option<u64> {
    is_canonical_decimal(text)
        .then(|| text.parse().ok())
        .flatten()
}

/// Whether `text` is a decimal number written the one canonical way.
pub(super) fn is_canonical_decimal(text: &str) -> bool {
    !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'))
}

/// Exactly 16 lowercase hex digits.
pub(super) fn parse_hex64(text: &str) -> Option<u64> {
    (text.len() == 16 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
        .then(|| u64::from_str_radix(text, 16).ok())
        .flatten()
}
