//! The PGN grammar of lines, the one home of the rules that every place
//! finding where games start and end calls (the splitter, the skim, the
//! one-pass reader and its skipping between games): line ends (`\n`,
//! `\r\n` or a lone `\r`), blank lines, the byte order mark, and what a
//! line does to the game it is in ([`classify`]).
//!
//! The boundaries are python-chess's: leading blank lines and `%`/`;`
//! lines are skipped; tags follow, with at most one blank line between
//! them; the movetext ends at a blank line outside a `{…}` comment, or at
//! the end of the input. A tag line (`[` and a letter) in the movetext
//! also starts the next game (pgn-reader's rule, for files without blank
//! lines between games). A byte order mark before a game's first line is
//! skipped (as where two files were joined).

use memchr::{memchr, memchr2};

/// UTF-8's byte order mark.
pub(crate) const BOM: &[u8] = b"\xef\xbb\xbf";

/// Whitespace inside a line: Python's `str.isspace` on ASCII (tab,
/// vertical tab, form feed, the separators `0x1c` to `0x1f`, space), and
/// DOS's end-of-file byte `0x1a`, which some files still end with.
#[inline(always)]
pub(crate) fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | 0x0b | 0x0c | 0x1a | 0x1c..=0x1f)
}

/// The length of the Unicode space (as Python's `str.isspace` says: NEL,
/// no-break space, the spaces of U+1680, U+2000 to U+200A, U+2028,
/// U+2029, U+202F, U+205F and U+3000) that `bytes` start with, in UTF-8;
/// `Err(true)` when `bytes` may be the start of one, cut short.
fn unicode_space(bytes: &[u8]) -> Result<usize, bool> {
    match *bytes {
        [0xc2, 0x85 | 0xa0, ..]
        | [0xe1, 0x9a, 0x80, ..]
        | [0xe2, 0x80, 0x80..=0x8a | 0xa8 | 0xa9 | 0xaf, ..]
        | [0xe2, 0x81, 0x9f, ..]
        | [0xe3, 0x80, 0x80, ..] => Ok(if bytes[0] == 0xc2 { 2 } else { 3 }),
        [0xc2] | [0xe1..=0xe3] | [0xe1..=0xe3, _] => Err(true),
        _ => Err(false),
    }
}

/// Whether the line at `at` holds only whitespace ([`is_space`] and the
/// Unicode spaces) up to its line end, as python-chess's `isspace` on
/// the line; `None` when `text` ends before that is known and `end` (no
/// text follows) is not said.
#[inline(always)]
pub(crate) fn blank_at(text: &[u8], at: usize, end: bool) -> Option<bool> {
    blank_from(text, at, end).ok()
}

/// [`blank_at`], where the bytes before `at` in the line are known to be
/// whitespace; when `text` ends before the answer is known (and `end` is
/// not said), `Err` with where to go on once more text comes.
#[inline(always)]
pub(crate) fn blank_from(text: &[u8], mut at: usize, end: bool) -> Result<bool, usize> {
    loop {
        #[cfg(test)]
        tests::LOOKED.with(|looked| looked.set(looked.get() + 1));
        let Some(&b) = text.get(at) else {
            return if end { Ok(true) } else { Err(at) };
        };
        match b {
            b'\n' | b'\r' => return Ok(true),
            _ if is_space(b) => at += 1,
            0xc2 | 0xe1..=0xe3 => match unicode_space(&text[at..]) {
                Ok(len) => at += len,
                Err(true) if !end => return Err(at),
                Err(_) => return Ok(false),
            },
            _ => return Ok(false),
        }
    }
}

/// Whether `line` (without its line end) is blank (see [`blank_at`]).
/// Most lines start with something else, so that comes first.
#[inline(always)]
pub(crate) fn is_blank(line: &[u8]) -> bool {
    line.first()
        .is_none_or(|&b| is_space(b) || b >= 0xc2 || b == b'\n' || b == b'\r')
        && blank_at(line, 0, true) == Some(true)
}

/// Where the line at `at` goes on after a byte order mark, if it starts
/// with one (as where two files were joined); else `at`.
#[inline(always)]
pub(crate) fn after_bom(text: &[u8], at: usize) -> usize {
    if text[at..].starts_with(BOM) {
        at + BOM.len()
    } else {
        at
    }
}

/// Whether the line at `at`, in the movetext and outside comments, starts
/// the next game: a `[` and a letter (a tag, as in files without a blank
/// line between games), after a byte order mark if there is one (as
/// where two files were joined). `[%evp 0,1,2]` and other lines do not.
/// `None` when `text` ends before that is known and `end` is not said.
#[inline(always)]
pub(crate) fn starts_game(text: &[u8], at: usize, end: bool) -> Option<bool> {
    let mut i = at;
    if text.get(at) == Some(&BOM[0]) {
        for (k, &b) in BOM.iter().enumerate() {
            match text.get(at + k) {
                Some(&byte) if byte == b => {}
                Some(_) => return Some(false),
                None => return end.then_some(false),
            }
        }
        i = at + BOM.len();
    }
    match text.get(i) {
        Some(b'[') => match text.get(i + 1) {
            Some(b) => Some(b.is_ascii_alphabetic()),
            None => end.then_some(false),
        },
        Some(_) => Some(false),
        None => end.then_some(false),
    }
}

/// The end of the line starting at `at` (the index of its line end).
pub(crate) fn line_end(text: &[u8], at: usize) -> usize {
    memchr2(b'\n', b'\r', &text[at..]).map_or(text.len(), |i| at + i)
}

/// The number of line ends (`\n`, `\r\n` or a lone `\r`) in `text`.
pub(crate) fn count_lines(text: &[u8]) -> u64 {
    if text.len() < 64 {
        // Short text (a comment, the lines between games): byte by byte,
        // cheaper than setting up a vector search.
        let mut lines = 0;
        for (i, &b) in text.iter().enumerate() {
            let pair = b == b'\n' && i > 0 && text[i - 1] == b'\r';
            lines += u64::from((b == b'\n' || b == b'\r') && !pair);
        }
        return lines;
    }
    let newlines = memchr::memchr_iter(b'\n', text).count();
    if memchr(b'\r', text).is_none() {
        return newlines as u64;
    }
    let returns = text.iter().filter(|&&b| b == b'\r').count();
    let pairs = text.windows(2).filter(|pair| pair == b"\r\n").count();
    (newlines + returns - pairs) as u64
}

/// The start of the line after the line end at `end` (`\n`, `\r\n` or
/// a lone `\r`), or after the text when `end` is its length and `whole`
/// (no text follows); `None` when the text ends before that is known.
#[inline(always)]
pub(crate) fn next_line(text: &[u8], end: usize, whole: bool) -> Option<usize> {
    match text.get(end) {
        None => whole.then_some(text.len()),
        Some(b'\r') => match text.get(end + 1) {
            Some(b'\n') => Some(end + 2),
            None if !whole => None,
            _ => Some(end + 1),
        },
        Some(_) => Some(end + 1),
    }
}

/// Whether a line starting with `first` (after a byte order mark, between
/// games) is an escape (`%`) or a comment line (`;`), which is part of
/// no move.
#[inline(always)]
fn is_escape(first: Option<u8>) -> bool {
    matches!(first, Some(b'%' | b';'))
}

/// Where the first game in `text` starts: past the lines between games
/// (blank, `%` and `;` lines, each after a byte order mark if it has
/// one); `None` when `text` ends first, or at a place that the text's end
/// leaves open (a `\r` at its very end).
pub(crate) fn first_game_at(text: &[u8]) -> Option<usize> {
    let mut at = 0;
    loop {
        let from = after_bom(text, at);
        let first = *text.get(from)?;
        let end = line_end(text, from);
        if !(is_escape(Some(first)) || is_blank(&text[from..end])) {
            return Some(at);
        }
        at = next_line(text, end, false)?;
    }
}

/// Where a reader is in a game, at a line start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Between games.
    Between,
    /// In the tags; `blank` after one blank line.
    Tags { blank: bool },
    /// In the movetext.
    Moves,
}

/// What a line does to the game it is in, as [`classify`] says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LineKind {
    /// A line between games, part of none.
    Between,
    /// A line of the game; its comments are followed when `scan` (a line
    /// of movetext).
    Part { scan: bool },
    /// A blank line that ends the game (the phase is then
    /// [`Phase::Between`]).
    Ends,
    /// A tag line in the movetext: it ends the game and starts the next
    /// (the phase is then the next game's tags).
    Starts,
}

/// What the line at `at` does, in `phase` (outside a `{…}` comment
/// unless `in_comment`); `phase` moved on. `None`, the phase unchanged,
/// when the text ends before that is known (and `end`, no text follows,
/// is not said). The line's bytes before `spaces` are known to be
/// whitespace; on `None`, `spaces` is how far they are now (so that a
/// long line of spaces, given in pieces, is looked at once).
#[inline(always)]
pub(crate) fn classify(
    phase: &mut Phase,
    in_comment: bool,
    text: &[u8],
    at: usize,
    end: bool,
    spaces: &mut usize,
) -> Option<LineKind> {
    let mut from = at;
    if *phase == Phase::Between {
        // A byte order mark before a game's first line is skipped.
        let rest = &text[at..];
        if !end && rest.len() < BOM.len() && BOM.starts_with(rest) {
            return None;
        }
        from = after_bom(text, at);
    }
    let first = text.get(from).copied();
    let blank = match blank_from(text, from.max(*spaces), end) {
        Ok(blank) => blank,
        Err(pos) => {
            *spaces = pos;
            return None;
        }
    };
    let escape = is_escape(first);
    if *phase == Phase::Between {
        if escape || blank {
            return Some(LineKind::Between);
        }
        *phase = Phase::Tags { blank: false };
    }
    if let Phase::Tags {
        blank: blank_before,
    } = *phase
    {
        if escape {
            return Some(LineKind::Part { scan: false });
        }
        if first == Some(b'[') {
            *phase = Phase::Tags { blank: false };
            return Some(LineKind::Part { scan: false });
        }
        if blank {
            if blank_before {
                *phase = Phase::Between;
                return Some(LineKind::Ends);
            }
            *phase = Phase::Tags { blank: true };
            return Some(LineKind::Part { scan: false });
        }
        // The movetext's first line: read as movetext, whatever it starts
        // with (a BOM before a `[` included).
        *phase = Phase::Moves;
    } else if !in_comment {
        if escape {
            return Some(LineKind::Part { scan: false });
        }
        if starts_game(text, at, end)? {
            *phase = Phase::Tags { blank: false };
            return Some(LineKind::Starts);
        }
        if blank {
            *phase = Phase::Between;
            return Some(LineKind::Ends);
        }
    }
    Some(LineKind::Part { scan: true })
}

/// Whether the line starting at `at`, in the movetext and outside
/// comments, ends the game: a blank line or a tag line (as [`classify`]
/// says), or the text's end; `None` when the text ends before that is
/// known (and `end` is not said). Quick on the lines most movetext lines
/// are: those starting with a move or its number. Inlined into the
/// movetext loop: out of line it ran 1,140.7 M instructions against 1,142.6
/// M (callgrind, 8 MB) but took 3.5% more CPU time (67 MB, one thread).
#[inline(always)]
pub(crate) fn ends_movetext(text: &[u8], at: usize, end: bool) -> Option<bool> {
    match text.get(at) {
        None => end.then_some(true),
        Some(b'\n' | b'\r') => Some(true),
        Some(b) if b.is_ascii_alphanumeric() => Some(false),
        Some(_) => match starts_game(text, at, end)? {
            true => Some(true),
            false => blank_at(text, at, end),
        },
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::{blank_at, is_blank, starts_game};
    use std::cell::Cell;

    thread_local! {
        /// The bytes [`blank_from`](super::blank_from) looked at, on this
        /// thread.
        pub(crate) static LOOKED: Cell<u64> = const { Cell::new(0) };
    }

    /// The law of the blank line: a line is blank exactly where Python's
    /// `isspace` says so of it decoded (DOS's `0x1a` also blank), and a
    /// text cut anywhere inside it is either told the same or not yet.
    #[test]
    fn blank_lines_are_pythons_and_cut_text_never_lies() {
        let spaces = [
            " ", "\t", "\x0b", "\x0c", "\x1a", "\x1c", "\x1f", "\u{85}", "\u{a0}", "\u{1680}",
            "\u{2000}", "\u{200a}", "\u{2028}", "\u{2029}", "\u{202f}", "\u{205f}", "\u{3000}",
        ];
        let others = [
            "a", "\u{feff}", "\u{200b}", "\u{a1}", "\u{2030}", "\u{3001}", "é",
        ];
        for a in spaces.iter().chain(&others) {
            for b in spaces.iter().chain(&others) {
                let line = format!("{a}{b}");
                let expected = spaces.contains(a) && spaces.contains(b);
                assert_eq!(is_blank(line.as_bytes()), expected, "{line:?}");
                let with_end = format!("{line}\n");
                for cut in 0..=with_end.len() {
                    let got = blank_at(&with_end.as_bytes()[..cut], 0, false);
                    assert!(
                        got.is_none_or(|got| got == expected),
                        "{line:?} cut at {cut}"
                    );
                }
                assert_eq!(blank_at(with_end.as_bytes(), 0, false), Some(expected));
            }
        }
    }

    #[test]
    fn a_tag_line_starts_a_game_and_other_bracket_lines_do_not() {
        for (line, starts) in [
            ("[Event \"x\"]", true),
            ("\u{feff}[Event \"x\"]", true),
            ("[%evp 0,1,2]", false),
            ("[ Event", false),
            ("[", false),
            ("e4 [Event", false),
            ("\u{feff}e4", false),
        ] {
            assert_eq!(
                starts_game(line.as_bytes(), 0, true),
                Some(starts),
                "{line:?}"
            );
            for cut in 0..line.len() {
                let got = starts_game(&line.as_bytes()[..cut], 0, false);
                assert!(got.is_none_or(|got| got == starts), "{line:?} cut at {cut}");
            }
        }
    }
}
