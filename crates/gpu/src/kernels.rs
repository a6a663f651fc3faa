//! The kernels' source ([`KERNEL_SOURCE`]), and the numbers the host
//! shares with them, each declared once here and checked against
//! `movegen.cu` and `perft.cu` when the crate is compiled: a `#define` or a
//! `struct` changed on one side only fails the build (a `const`
//! assertion), not a perft on a card.
//!
//! The checks read the kernels' source ([`KERNEL_SOURCE`]) with a small
//! `const fn` reader of what those files use: `#define NAME value` where
//! the value is a number (with `u`/`ull` suffixes) or sums and products of
//! numbers and other defines, and structs of `u64`/`u32` fields.

/// The kernels' source, compiled by NVRTC when a [`Gpu`](crate::Gpu) is
/// opened: the move generator (`movegen.cu`), then the search's kernels
/// (`perft.cu`).
pub const KERNEL_SOURCE: &str = concat!(include_str!("movegen.cu"), include_str!("perft.cu"));

/// Threads per block (`BLOCK` in `perft.cu`).
pub(crate) const BLOCK: u64 = 256;
/// Counts per block of the prefix sum (`SCAN_ITEMS` in `perft.cu`).
pub(crate) const SCAN_ITEMS: u64 = 1024;
/// Words per transposition-table entry (`struct Entry` in `perft.cu`).
pub(crate) const ENTRY_WORDS: u64 = 4;
/// The words of one position (`struct Pos` in `movegen.cu`).
pub(crate) const POSITION_WORDS: usize = 8;
/// Where the slider attacks start in the kernels' table (`T_SLIDERS` in
/// `movegen.cu`): after the leaper attacks, the two 64 × 64 ray tables
/// and eight 64-word tables of the magics and rays.
pub(crate) const TABLE_SLIDERS: usize = 192 + 2 * 4096 + 8 * 64;
/// The first bit of a position's castling rook files in its meta word
/// (`META_FILES_SHIFT` in `movegen.cu`).
pub(crate) const META_FILES_SHIFT: u32 = 4;
/// The first bit of a position's en passant square in its meta word
/// (`META_EP_SHIFT` in `movegen.cu`).
pub(crate) const META_EP_SHIFT: u32 = 16;

const _: () = {
    assert!(define("BLOCK") == BLOCK, "BLOCK differs from perft.cu");
    assert!(
        define("SCAN_ITEMS") == SCAN_ITEMS,
        "SCAN_ITEMS differs from perft.cu"
    );
    assert!(
        struct_bytes(b"struct Entry {") == ENTRY_WORDS * 8,
        "ENTRY_WORDS differs from struct Entry in perft.cu"
    );
    assert!(
        struct_bytes(b"\nPos {") == POSITION_WORDS as u64 * 8,
        "POSITION_WORDS differs from struct Pos in movegen.cu"
    );
    assert!(
        define("T_SLIDERS") == TABLE_SLIDERS as u64,
        "TABLE_SLIDERS differs from T_SLIDERS in movegen.cu"
    );
    assert!(define("META_FILES_SHIFT") == META_FILES_SHIFT as u64);
    assert!(define("META_EP_SHIFT") == META_EP_SHIFT as u64);
};

/// The value of `#define name …` in the kernels' source; fails the build
/// where there is no such define or its value is not understood.
const fn define(name: &str) -> u64 {
    let source = KERNEL_SOURCE.as_bytes();
    let name = name.as_bytes();
    let mut at = 0;
    while let Some(found) = find(source, b"#define ", at) {
        let start = found + b"#define ".len();
        if starts_with(source, start, name) && source[start + name.len()] == b' ' {
            let (value, end) = sum(source, start + name.len());
            let end = skip_spaces(source, end);
            assert!(
                end == source.len() || source[end] == b'\n' || source[end] == b'/',
                "a #define the build check does not understand"
            );
            return value;
        }
        at = start;
    }
    panic!("a #define the build check needs is missing from the kernels")
}

/// `term (+ term)*` from `at`: the value and where it ends.
const fn sum(source: &[u8], at: usize) -> (u64, usize) {
    let (mut value, mut at) = product(source, at);
    loop {
        let next = skip_spaces(source, at);
        if next < source.len() && source[next] == b'+' {
            let (term, end) = product(source, next + 1);
            value += term;
            at = end;
        } else {
            return (value, at);
        }
    }
}

/// `factor (* factor)*` from `at`.
const fn product(source: &[u8], at: usize) -> (u64, usize) {
    let (mut value, mut at) = factor(source, at);
    loop {
        let next = skip_spaces(source, at);
        if next < source.len() && source[next] == b'*' {
            let (factor, end) = factor(source, next + 1);
            value *= factor;
            at = end;
        } else {
            return (value, at);
        }
    }
}

/// A number, a define's name or `( sum )` from `at`.
const fn factor(source: &[u8], at: usize) -> (u64, usize) {
    let mut at = skip_spaces(source, at);
    if source[at] == b'(' {
        let (value, end) = sum(source, at + 1);
        let end = skip_spaces(source, end);
        assert!(source[end] == b')', "an unclosed ( in a #define");
        return (value, end + 1);
    }
    if source[at].is_ascii_digit() {
        let mut value = 0u64;
        while at < source.len() && source[at].is_ascii_digit() {
            value = value * 10 + (source[at] - b'0') as u64;
            at += 1;
        }
        while at < source.len() && (source[at] == b'u' || source[at] == b'l') {
            at += 1;
        }
        return (value, at);
    }
    let start = at;
    while at < source.len() && (source[at].is_ascii_alphanumeric() || source[at] == b'_') {
        at += 1;
    }
    assert!(
        at > start,
        "a #define value the build check does not understand"
    );
    let (name, _) = source.split_at(at);
    let (_, name) = name.split_at(start);
    match core::str::from_utf8(name) {
        Ok(name) => (define(name), at),
        Err(_) => panic!("a define's name is not ASCII"),
    }
}

/// The bytes of the fields of the struct whose text starts with `opening`
/// (`u64` and `u32` fields, one or more per declaration).
const fn struct_bytes(opening: &[u8]) -> u64 {
    let source = KERNEL_SOURCE.as_bytes();
    let Some(start) = find(source, opening, 0) else {
        panic!("a struct the build check needs is missing from the kernels")
    };
    let mut at = start + opening.len();
    let mut bytes = 0;
    loop {
        at = skip_blank(source, at);
        if source[at] == b'}' {
            return bytes;
        }
        let size = if starts_with(source, at, b"u64 ") {
            8
        } else if starts_with(source, at, b"u32 ") {
            4
        } else {
            panic!("a struct field the build check does not understand")
        };
        // One field, plus one per comma, up to the declaration's `;`.
        let mut fields = 1;
        while source[at] != b';' {
            if source[at] == b',' {
                fields += 1;
            }
            at += 1;
        }
        bytes += size * fields;
        at += 1;
    }
}

/// The first place of `needle` in `hay` at or after `from`.
const fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    let mut at = from;
    while at + needle.len() <= hay.len() {
        if hay[at] == needle[0] && starts_with(hay, at, needle) {
            return Some(at);
        }
        at += 1;
    }
    None
}

/// Whether `hay` holds `needle` at `at`.
const fn starts_with(hay: &[u8], at: usize, needle: &[u8]) -> bool {
    if at + needle.len() > hay.len() {
        return false;
    }
    let mut i = 0;
    while i < needle.len() {
        if hay[at + i] != needle[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Past spaces and tabs.
const fn skip_spaces(source: &[u8], mut at: usize) -> usize {
    while at < source.len() && (source[at] == b' ' || source[at] == b'\t') {
        at += 1;
    }
    at
}

/// Past white space and `//` comments.
const fn skip_blank(source: &[u8], mut at: usize) -> usize {
    loop {
        while at < source.len() && source[at].is_ascii_whitespace() {
            at += 1;
        }
        if starts_with(source, at, b"//") {
            while at < source.len() && source[at] != b'\n' {
                at += 1;
            }
        } else {
            return at;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reader reads what the kernels hold: the defines the build
    /// checks, through sums, products and other defines.
    #[test]
    fn the_reader_reads_the_kernels_numbers() {
        assert_eq!(define("POOL"), 1280);
        assert_eq!(define("SCAN_PER_THREAD") * define("BLOCK"), SCAN_ITEMS);
        assert_eq!(define("T_LINE"), 192 + 4096);
        assert_eq!(define("META_RIGHTS"), 15);
        assert_eq!(struct_bytes(b"struct Key {"), 16);
    }
}
