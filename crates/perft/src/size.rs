//! [`parse_size`]: memory sizes such as `256M` or `1G`, for hash tables.

use core::fmt;

/// Why [`parse_size`] refused a size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SizeError {
    /// The text is empty.
    Empty,
    /// The text starts with a minus sign.
    Negative,
    /// The text does not start with a decimal number.
    NotANumber,
    /// The number is followed by something other than a unit.
    UnknownUnit,
    /// The size does not fit in a `usize`.
    TooLarge,
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Empty => "the size is empty",
            Self::Negative => "the size cannot be negative",
            Self::NotANumber => "the size must be a whole number of bytes, with an optional unit",
            Self::UnknownUnit => "unknown unit: use K, M, G or T (binary: 1K = 1024 bytes)",
            Self::TooLarge => "the size is too large for this machine's address space",
        })
    }
}

impl core::error::Error for SizeError {}

/// The unit names [`parse_size`] accepts, in any case, and the power of
/// two each stands for.
const UNITS: [(&[&str], u32); 5] = [
    (&["", "B"], 0),
    (&["K", "KB", "KiB"], 10),
    (&["M", "MB", "MiB"], 20),
    (&["G", "GB", "GiB"], 30),
    (&["T", "TB", "TiB"], 40),
];

/// Reads a memory size: a whole number of bytes, or a number with a binary
/// unit, `K` (1024), `M`, `G` or `T`, in either case and optionally
/// followed by `B` or `iB` (`64K`, `256M`, `1GiB`, `4096`). Spaces around
/// the text and between the number and the unit are allowed.
///
/// The size is what [`Table::new`](super::Table::new) takes; `bitmoves perft --hash SIZE`
/// reads its argument with this.
///
/// ```
/// use bitmoves_perft::{parse_size, SizeError};
/// assert_eq!(parse_size("256M"), Ok(256 << 20));
/// assert_eq!(parse_size("1g"), Ok(1 << 30));
/// assert_eq!(parse_size("64 KiB"), Ok(64 << 10));
/// assert_eq!(parse_size("1000"), Ok(1000));
/// assert_eq!(parse_size("0"), Ok(0));
/// assert_eq!(parse_size("12X"), Err(SizeError::UnknownUnit));
/// assert_eq!(parse_size("-1"), Err(SizeError::Negative));
/// assert_eq!(parse_size("99999999999T"), Err(SizeError::TooLarge));
/// ```
pub fn parse_size(text: &str) -> Result<usize, SizeError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(SizeError::Empty);
    }
    if text.starts_with('-') {
        return Err(SizeError::Negative);
    }
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Err(SizeError::NotANumber);
    }
    let (number, unit) = text.split_at(digits);
    let unit = unit.trim_start();
    let shift = UNITS
        .iter()
        .find(|(names, _)| names.iter().any(|name| name.eq_ignore_ascii_case(unit)))
        .map(|&(_, shift)| shift)
        .ok_or(SizeError::UnknownUnit)?;
    let number: usize = number.parse().map_err(|_| SizeError::TooLarge)?;
    1usize
        .checked_shl(shift)
        .and_then(|unit| number.checked_mul(unit))
        .ok_or(SizeError::TooLarge)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_units_in_any_case_with_optional_b_or_ib() {
        for (text, bytes) in [
            ("0", 0),
            ("1", 1),
            ("4096", 4096),
            ("12B", 12),
            ("64K", 64 << 10),
            ("64k", 64 << 10),
            ("64KB", 64 << 10),
            ("64kib", 64 << 10),
            ("256M", 256 << 20),
            (" 256 MiB ", 256 << 20),
            ("1G", 1 << 30),
            ("4gb", 4 << 30),
            ("2T", 2 << 40),
        ] {
            assert_eq!(parse_size(text), Ok(bytes), "{text:?}");
        }
    }

    #[test]
    fn malformed_sizes_say_what_is_wrong() {
        for (text, error) in [
            ("", SizeError::Empty),
            ("   ", SizeError::Empty),
            ("-1", SizeError::Negative),
            ("-1G", SizeError::Negative),
            ("G", SizeError::NotANumber),
            ("+5", SizeError::NotANumber),
            ("1.5G", SizeError::UnknownUnit),
            ("12X", SizeError::UnknownUnit),
            ("1 G B", SizeError::UnknownUnit),
            ("1GG", SizeError::UnknownUnit),
            ("1e9", SizeError::UnknownUnit),
            ("99999999999999999999", SizeError::TooLarge),
            ("99999999999T", SizeError::TooLarge),
            ("16777216T", SizeError::TooLarge),
        ] {
            assert_eq!(parse_size(text), Err(error), "{text:?}");
        }
    }
}
