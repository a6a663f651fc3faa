//! Reading one game in one pass over its text: the tags, the starting
//! position they set, then the movetext (see `movetext.rs`), driving a
//! [`Visitor`] and finding where the game ends by the grammar's rules
//! (see `grammar.rs`).
//!
//! The text is either a game the splitter cut (`whole`), or the reader's
//! buffer from a game's first line on, which may end before the game
//! does: reading then stops with [`Stop::Incomplete`] wherever it cannot
//! tell (with [`Stop::Skipped`] where the visitor skips the game), and
//! the reader cuts the game the slow way.

use crate::error::{ErrorKind, Place, Stop};
use crate::grammar::{self, LineKind, Phase};
use crate::movetext::Movetext;
use crate::text::{byte_set, utf8};
use crate::variant::{self, VariantStart};
use crate::{Flow, Visitor};
use bitmoves::variant::VariantKind;
use bitmoves::{Board, FenOptions};
use memchr::memchr2;
use std::borrow::Cow;
use std::sync::LazyLock;

/// The standard start, read from its FEN once.
static START: LazyLock<Board> = LazyLock::new(Board::startpos);

/// Reads the game that starts at `text[0]` (the first line of its tags
/// or movetext) into `visitor`; returns where it ends (the start of the
/// line after it) and the line ends before that, or why it stopped. With
/// `whole`, `text` is exactly the game (as the splitter cut it) and only
/// [`Stop::Failed`] stops it early; a skip ends it at once (its lines
/// then not counted). Without, a skip stops it with [`Stop::Skipped`].
pub(crate) fn read_game<V: Visitor + ?Sized>(
    text: &[u8],
    whole: bool,
    place: Place,
    visitor: &mut V,
) -> Result<(usize, u64), Stop> {
    let skipped = || {
        if whole {
            Ok((text.len(), 0))
        } else {
            Err(Stop::Skipped)
        }
    };
    if visitor.begin_game(place.number) == Flow::Skip {
        return skipped();
    }
    let mut tags = read_tags(text, whole, visitor)?;
    if let Some(start) = tags.variant.take() {
        return read_variant(text, whole, tags, start, visitor);
    }
    if visitor.begin_moves(&tags.start) == Flow::Skip {
        return skipped();
    }
    match tags.moves_at {
        Some(at) => {
            let (end, lines) = Movetext::new(text, whole, tags.start).read(at, visitor)?;
            Ok((end, tags.lines + lines))
        }
        None => {
            visitor.end_game(&tags.start);
            Ok((tags.end, tags.lines))
        }
    }
}

/// A variant game (see `variant.rs`), kept out of line so that the
/// standard path stays as it was: read whole only (the splitter cuts it
/// when the text may end before it does).
#[cold]
#[inline(never)]
fn read_variant<V: Visitor + ?Sized>(
    text: &[u8],
    whole: bool,
    tags: Tags<'_>,
    start: VariantStart<'_>,
    visitor: &mut V,
) -> Result<(usize, u64), Stop> {
    if !whole {
        return Err(Stop::Incomplete);
    }
    let lines = variant::read_game(text, tags.moves_at, start, visitor)?;
    Ok((text.len(), tags.lines + lines))
}

/// What the tags said.
struct Tags<'a> {
    /// The starting position (the standard start for a variant game).
    start: Board,
    /// The start of a variant game, which the rules engine reads.
    variant: Option<VariantStart<'a>>,
    /// Where the movetext starts, or `None` for a game of tags only.
    moves_at: Option<usize>,
    /// Where a game of tags only ends.
    end: usize,
    /// The line ends before `end` (or the movetext).
    lines: u64,
}

/// Reads the tags (the lines up to the first that is not a tag, a `%`
/// or `;` line or a blank one; two blank lines in a row end the game: the
/// grammar's [`Phase::Tags`]).
fn read_tags<'a, V: Visitor + ?Sized>(
    text: &'a [u8],
    whole: bool,
    visitor: &mut V,
) -> Result<Tags<'a>, Stop> {
    // A byte order mark before the first line (where files were joined)
    // is skipped, as python-chess skips it.
    let mut at = grammar::after_bom(text, 0);
    let mut lines = 0;
    let mut phase = Phase::Tags { blank: false };
    let mut fen: Option<(usize, Cow<'_, [u8]>)> = None;
    let mut variant: Option<(usize, Cow<'_, [u8]>)> = None;
    let (moves_at, end) = loop {
        if at >= text.len() {
            if !whole {
                return Err(Stop::Incomplete);
            }
            break (None, text.len());
        }
        if let Some(tag) = plain_tag(text, at) {
            phase = Phase::Tags { blank: false };
            let (name, value) = (&text[at + 1..tag.name_end], &text[tag.value..tag.quote]);
            if name == b"FEN" {
                fen = Some((tag.value, Cow::Borrowed(value)));
            } else if name == b"Variant" {
                variant = Some((tag.value, Cow::Borrowed(value)));
            }
            visitor.tag(&utf8(name), &utf8(value));
            at = tag.next;
            lines += 1;
            continue;
        }
        let end = grammar::line_end(text, at);
        let next = grammar::next_line(text, end, whole).ok_or(Stop::Incomplete)?;
        if text[at] == b'[' {
            phase = Phase::Tags { blank: false };
            if let Some((name, value_at, value)) = unescape_tag(&text[..end], at) {
                if name == b"FEN" {
                    fen = Some((value_at, value.clone()));
                } else if name == b"Variant" {
                    variant = Some((value_at, value.clone()));
                }
                visitor.tag(&utf8(name), &utf8(&value));
            }
        } else {
            // The line is all there (its line end found): told at once.
            let mut spaces = at;
            match grammar::classify(&mut phase, false, text, at, true, &mut spaces) {
                Some(LineKind::Ends) => break (None, at),
                Some(LineKind::Part { scan: true }) => break (Some(at), at),
                // `%` and `;` lines, a first blank line.
                _ => {}
            }
        }
        at = next;
        lines += 1;
    };
    let chess960 = match &variant {
        None => false,
        Some((at, name)) => match chess_mode(name) {
            Some(chess960) => chess960,
            None => match variant_start(*at, name, fen.clone())? {
                Some(start) => {
                    return Ok(Tags {
                        start: *START,
                        variant: Some(start),
                        moves_at,
                        end,
                        lines,
                    });
                }
                None => false,
            },
        },
    };
    let start = start_position(fen, chess960)?;
    Ok(Tags {
        start,
        variant: None,
        moves_at,
        end,
        lines,
    })
}

/// The starting position that the `FEN` tag (where its value starts,
/// and the value) and the `Variant` tag set.
fn start_position(fen: Option<(usize, Cow<'_, [u8]>)>, chess960: bool) -> Result<Board, Stop> {
    let options = FenOptions {
        lenient: true,
        chess960,
    };
    Ok(match fen {
        Some((at, value)) => {
            let fen = utf8(&value);
            // As python-chess reads the tag: unusable castling rights and
            // en passant squares are dropped, not refused.
            Board::from_fen_cleaned(fen.trim(), options).map_err(|error| {
                let fen = fen.into_owned();
                Stop::Failed(at, ErrorKind::BadFen { fen, error })
            })?
        }
        None if chess960 => {
            Board::from_fen_with(Board::STARTPOS_FEN, options).unwrap_or_else(|_| Board::startpos())
        }
        None => *START,
    })
}

/// Whether a `Variant` tag names standard chess (`Some(false)`) or
/// Chess960 (`Some(true)`), which the fast board plays; `None` for any
/// other name.
fn chess_mode(name: &[u8]) -> Option<bool> {
    match name.to_ascii_lowercase().as_slice() {
        b"chess960" | b"chess 960" | b"fischerandom" | b"fischerrandom" | b"fischer random" => {
            Some(true)
        }
        // python-chess plays FICS's wild games on a standard board.
        b"" | b"standard" | b"chess" | b"classical" | b"normal" | b"from position" | b"wild/0"
        | b"wild/1" | b"wild/2" | b"wild/3" | b"wild/4" | b"wild/5" | b"wild/6" | b"wild/7"
        | b"wild/8" | b"wild/8a" => Some(false),
        _ => None,
    }
}

/// The start of a game whose `Variant` tag (its value at `at`) is not
/// one [`chess_mode`] knows: a variant of the core's table, read by
/// python-chess's and Lichess's names in any case (`None` for another name
/// of standard chess, `Illegal` say); any other name is an error.
#[cold]
#[inline(never)]
fn variant_start<'a>(
    at: usize,
    name: &[u8],
    fen: Option<(usize, Cow<'a, [u8]>)>,
) -> Result<Option<VariantStart<'a>>, Stop> {
    let text = utf8(name);
    match text.trim().parse::<VariantKind>() {
        Ok(VariantKind::Standard) => Ok(None),
        Ok(kind) => Ok(Some(VariantStart {
            kind,
            name: text.into_owned(),
            fen,
        })),
        Err(_) => Err(Stop::Failed(
            at,
            ErrorKind::UnknownVariant {
                name: crate::error::shorten(name),
            },
        )),
    }
}

/// Bytes that stop [`plain_tag`]'s scan of a value.
static STOPS_VALUE: [bool; 256] = byte_set(b"\"\\\n\r");

/// Bytes of a tag's name (as [`unescape_tag`] reads it): letters,
/// digits and `_+#=:-`, one table lookup each.
static IN_NAME: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] =
            byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'+' | b'#' | b'=' | b':' | b'-');
        b += 1;
    }
    table
};

/// Where the parts of a plain tag line are.
struct PlainTag {
    /// The end of the name (which starts after the `[`).
    name_end: usize,
    /// The start of the value.
    value: usize,
    /// The closing quote (the value's end).
    quote: usize,
    /// The start of the next line.
    next: usize,
}

/// The line at `at` when it is a tag as nearly all are written,
/// `[Name "value"]` and its line end, with one space and no escape: the
/// same name and value as [`unescape_tag`] reads, found in one short
/// scan. `None` for any other line.
#[inline(always)]
fn plain_tag(text: &[u8], at: usize) -> Option<PlainTag> {
    if text[at] != b'[' {
        return None;
    }
    let mut i = at + 1;
    while text.get(i).is_some_and(|&b| IN_NAME[usize::from(b)]) {
        i += 1;
    }
    let name_end = i;
    if name_end == at + 1 || text.get(i..i + 2)? != b" \"" {
        return None;
    }
    let value = i + 2;
    i = value;
    while text.get(i).is_some_and(|&b| !STOPS_VALUE[usize::from(b)]) {
        i += 1;
    }
    let quote = i;
    let next = match text.get(quote..quote + 3)? {
        [b'"', b']', b'\n'] => quote + 3,
        [b'"', b']', b'\r'] => match text.get(quote + 3)? {
            b'\n' => quote + 4,
            _ => quote + 3,
        },
        _ => return None,
    };
    Some(PlainTag {
        name_end,
        value,
        quote,
        next,
    })
}

/// A tag's name, where its value starts, and the value unescaped.
type Tag<'a> = (&'a [u8], usize, Cow<'a, [u8]>);

/// Reads the tag line `text[at..]` (`[Name "value"]`, the text ending at
/// its line end): the name, where the value starts and the unescaped
/// value (borrowed unless it held an escape), or `None` for a malformed
/// line, which is ignored.
fn unescape_tag(text: &[u8], at: usize) -> Option<Tag<'_>> {
    let end = text.len();
    let is_name = |b: u8| b.is_ascii_alphanumeric() || b"_+#=:-".contains(&b);
    let name_start = at + 1;
    let mut i = name_start;
    while i < end && is_name(text[i]) {
        i += 1;
    }
    let name = &text[name_start..i];
    let spaces = i;
    while i < end && text[i].is_ascii_whitespace() {
        i += 1;
    }
    if name.is_empty() || spaces == i || text.get(i) != Some(&b'"') {
        return None;
    }
    let value_start = i + 1;
    // A quote closes the value only where `]` and then nothing but spaces
    // follow it; any other quote is part of the value, as python-chess
    // (whose writer does not escape quotes) reads it: `[Event "a "b""]`
    // is `a "b"`.
    let closes = |quote: usize| {
        let mut rest = text[quote + 1..]
            .iter()
            .skip_while(|b| b.is_ascii_whitespace());
        rest.next() == Some(&b']') && rest.all(u8::is_ascii_whitespace)
    };
    // Most values have no escapes: find the closing quote at once.
    let plain = memchr2(b'"', b'\\', &text[value_start..]).map(|j| value_start + j);
    let mut read = match plain {
        Some(quote) if text[quote] == b'"' && closes(quote) => {
            return Some((name, value_start, Cow::Borrowed(&text[value_start..quote])));
        }
        Some(quote) if text[quote] == b'"' => quote,
        _ => value_start,
    };
    let mut value = text[value_start..read].to_vec();
    loop {
        let b = *text.get(read)?;
        match b {
            b'"' if closes(read) => break,
            b'\\' if matches!(text.get(read + 1), Some(b'"' | b'\\')) => {
                value.push(text[read + 1]);
                read += 2;
            }
            _ => {
                value.push(b);
                read += 1;
            }
        }
    }
    Some((name, value_start, Cow::Owned(value)))
}

#[cfg(test)]
mod tests {
    use super::{plain_tag, unescape_tag};

    /// The law of the quick path: wherever [`plain_tag`] reads a line, it
    /// reads the name and value that [`unescape_tag`] reads from the line
    /// (up to its line end); checked on 200,000 random lines over the
    /// bytes tags are made of.
    #[test]
    fn plain_tags_read_as_unescaped_ones() {
        let alphabet = b"[] \"\\\n\rEvF=_aZ09\t";
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut accepted = 0;
        for _ in 0..200_000 {
            let mut line = b"[".to_vec();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mut bits = state;
            for _ in 0..(bits % 12) {
                bits /= 12;
                line.push(alphabet[(bits % alphabet.len() as u64) as usize]);
                bits /= alphabet.len() as u64;
                if bits == 0 {
                    bits = state.rotate_left(17);
                }
            }
            // Most lines should be near-plain: a plain tag with one edit.
            if state.is_multiple_of(2) {
                line = b"[Ev \"a b\"]\n".to_vec();
                let at = (state >> 8) as usize % line.len();
                line[at] = alphabet[(state >> 20) as usize % alphabet.len()];
            }
            let Some(tag) = plain_tag(&line, 0) else {
                continue;
            };
            accepted += 1;
            let end = crate::grammar::line_end(&line, 0);
            let (name, value_at, value) = unescape_tag(&line[..end], 0).expect("a tag");
            assert_eq!(name, &line[1..tag.name_end], "{line:?}");
            assert_eq!(value_at, tag.value, "{line:?}");
            assert_eq!(&*value, &line[tag.value..tag.quote], "{line:?}");
            assert_eq!(
                tag.next,
                end + 1 + usize::from(line[end..].starts_with(b"\r\n"))
            );
        }
        assert!(accepted > 10_000, "{accepted} plain lines");
    }
}
