//! Reading one game's text, as the splitter cut it: the tags, the
//! starting position they set, then the movetext, each move replayed
//! through [`Board::parse_san`], driving a [`Visitor`].
//!
//! Variations nest on a heap stack of boards, never on the call stack;
//! skipped variations are only counted.

use crate::error::{ErrorKind, PgnError, illegal, shorten};
use crate::{Flow, MAX_DEPTH, RawGame, Visitor};
use bitmoves::{Board, FenOptions, SanError};
use memchr::{memchr, memchr2};
use std::borrow::Cow;
use std::sync::LazyLock;

/// The standard start, read from its FEN once.
static START: LazyLock<Board> = LazyLock::new(Board::startpos);

/// Reads `raw` into `visitor`.
pub(crate) fn read_game<V: Visitor + ?Sized>(
    raw: &mut RawGame,
    visitor: &mut V,
) -> Result<(), PgnError> {
    if raw.too_long {
        return Err(PgnError {
            game: raw.number,
            line: raw.line,
            column: 1,
            kind: ErrorKind::TooLong,
        });
    }
    if visitor.begin_game(raw.number) == Flow::Skip {
        return Ok(());
    }
    let (moves_at, start) = match read_tags(&mut raw.text, visitor) {
        Ok(found) => found,
        Err((at, kind)) => return Err(locate(raw, at, kind)),
    };
    if visitor.begin_moves(&start) == Flow::Skip {
        return Ok(());
    }
    Movetext::new(&raw.text, start)
        .read(moves_at, visitor)
        .map_err(|(at, kind)| locate(raw, at, kind))
}

/// An error at byte `at` of the game, with its line and column.
fn locate(raw: &RawGame, at: usize, kind: ErrorKind) -> PgnError {
    let before = &raw.text[..at.min(raw.text.len())];
    let mut line = raw.line;
    let mut line_start = 0;
    let mut i = 0;
    while let Some(j) = memchr2(b'\n', b'\r', &before[i..]) {
        let end = i + j;
        line += 1;
        i = end + 1;
        if before[end] == b'\r' && before.get(i) == Some(&b'\n') {
            i += 1;
        }
        line_start = i;
    }
    PgnError {
        game: raw.number,
        line,
        column: (before.len() - line_start) as u64 + 1,
        kind,
    }
}

/// Text as `str`, replacing invalid UTF-8 (which allocates, rarely).
#[inline(always)]
fn utf8(bytes: &[u8]) -> Cow<'_, str> {
    // Tags and comments are short and nearly always ASCII: that test
    // inlined first, then the strict check, faster than the lossy one on
    // the valid text files hold.
    if bytes.is_ascii() {
        // SAFETY: ASCII is valid UTF-8.
        return Cow::Borrowed(unsafe { std::str::from_utf8_unchecked(bytes) });
    }
    std::str::from_utf8(bytes).map_or_else(|_| String::from_utf8_lossy(bytes), Cow::Borrowed)
}

/// Whether a line holds only whitespace (as Python's `str.isspace`, for
/// ASCII). Most lines start with something else, so that comes first.
pub(crate) fn is_blank(line: &[u8]) -> bool {
    let space = |b: &u8| b.is_ascii_whitespace() || *b == 0x0b;
    line.first().is_none_or(space) && line.iter().all(space)
}

/// Bytes that end a word of movetext: whitespace and `{ } ( ) ; $`.
static ENDS_WORD: [bool; 256] = {
    let mut table = [false; 256];
    let ends = b" \t\n\r\x0b\x0c{}();$";
    let mut i = 0;
    while i < ends.len() {
        table[ends[i] as usize] = true;
        i += 1;
    }
    table
};

/// The end of the line starting at `at` (the index of its line end).
fn line_end(text: &[u8], at: usize) -> usize {
    memchr2(b'\n', b'\r', &text[at..]).map_or(text.len(), |i| at + i)
}

/// Reads the tags, unescaping their values in place; returns where the
/// movetext starts and the starting position.
fn read_tags<V: Visitor + ?Sized>(
    text: &mut [u8],
    visitor: &mut V,
) -> Result<(usize, Board), (usize, ErrorKind)> {
    let mut at = 0;
    let mut fen = None;
    let mut variant = None;
    while at < text.len() {
        let end = line_end(text, at);
        let line = &text[at..end];
        let first = line.first().copied();
        let blank = is_blank(line);
        if first == Some(b'[') {
            if let Some((name, value)) = unescape_tag(text, at, end) {
                let name_text = &text[name.0..name.1];
                if name_text == b"FEN" {
                    fen = Some(value);
                } else if name_text == b"Variant" {
                    variant = Some(value);
                }
                visitor.tag(&utf8(&text[name.0..name.1]), &utf8(&text[value.0..value.1]));
            }
        } else if !(blank || matches!(first, Some(b'%' | b';'))) {
            break;
        }
        at = end + 1;
    }
    let at = at.min(text.len());
    let chess960 = match variant.map(|(a, b)| text[a..b].to_ascii_lowercase()) {
        None => false,
        Some(name) => match name.as_slice() {
            b"chess960" | b"chess 960" | b"fischerandom" | b"fischerrandom" | b"fischer random" => {
                true
            }
            b"" | b"standard" | b"chess" | b"classical" | b"normal" | b"from position" => false,
            _ => {
                let (a, b) = variant.unwrap_or_default();
                let name = utf8(&text[a..b]).into_owned();
                return Err((0, ErrorKind::Variant { name }));
            }
        },
    };
    let options = FenOptions {
        lenient: true,
        chess960,
    };
    let start = match fen {
        Some((a, b)) => {
            let fen = utf8(&text[a..b]);
            Board::from_fen_with(fen.trim(), options).map_err(|error| {
                let fen = fen.into_owned();
                (a, ErrorKind::BadFen { fen, error })
            })?
        }
        None if chess960 => {
            Board::from_fen_with(Board::STARTPOS_FEN, options).unwrap_or_else(|_| Board::startpos())
        }
        None => *START,
    };
    Ok((at, start))
}

/// Reads the tag line `text[at..end]` (`[Name "value"]`), unescaping the
/// value in place; the name's and the value's ranges, or `None` for a
/// malformed line, which is ignored.
fn unescape_tag(
    text: &mut [u8],
    at: usize,
    end: usize,
) -> Option<((usize, usize), (usize, usize))> {
    let is_name = |b: u8| b.is_ascii_alphanumeric() || b"_+#=:-".contains(&b);
    let name_start = at + 1;
    let mut i = name_start;
    while i < end && is_name(text[i]) {
        i += 1;
    }
    let name = (name_start, i);
    let spaces = i;
    while i < end && text[i].is_ascii_whitespace() {
        i += 1;
    }
    if name.0 == name.1 || spaces == i || text.get(i) != Some(&b'"') {
        return None;
    }
    let value_start = i + 1;
    // Most values have no escapes: find the closing quote at once.
    let plain = memchr2(b'"', b'\\', &text[value_start..end]).map(|j| value_start + j);
    let (mut read, mut write) = match plain {
        Some(quote) if text[quote] == b'"' => (quote, quote),
        _ => (value_start, value_start),
    };
    // A quote closes the value only where `]` and then nothing but spaces
    // follow it; any other quote is part of the value, as python-chess
    // (whose writer does not escape quotes) reads it: `[Event "a "b""]`
    // is `a "b"`.
    let closes = |text: &[u8], quote: usize| {
        let mut rest = text[quote + 1..end]
            .iter()
            .skip_while(|b| b.is_ascii_whitespace());
        rest.next() == Some(&b']') && rest.all(u8::is_ascii_whitespace)
    };
    loop {
        let b = *text[..end].get(read)?;
        match b {
            b'"' if closes(text, read) => break,
            b'\\' if matches!(text[..end].get(read + 1), Some(b'"' | b'\\')) => {
                text[write] = text[read + 1];
                read += 2;
            }
            _ => {
                text[write] = b;
                read += 1;
            }
        }
        write += 1;
    }
    Some((name, (value_start, write)))
}

/// A line of play: its board, and the board before its last move (where
/// a variation of that move starts).
#[derive(Clone, Copy)]
struct Level {
    board: Board,
    before: Option<Board>,
}

/// The movetext reader's state.
struct Movetext<'a> {
    text: &'a [u8],
    levels: Vec<Level>,
    /// How deep in skipped variations (0: reading).
    skip: usize,
}

type Failure = (usize, ErrorKind);

impl<'a> Movetext<'a> {
    fn new(text: &'a [u8], start: Board) -> Self {
        Self {
            text,
            levels: vec![Level {
                board: start,
                before: None,
            }],
            skip: 0,
        }
    }

    fn read<V: Visitor + ?Sized>(mut self, mut at: usize, visitor: &mut V) -> Result<(), Failure> {
        let text = self.text;
        let mut fresh = true;
        while let Some(&b) = text.get(at) {
            match b {
                b'\n' | b'\r' => {
                    at += 1;
                    fresh = true;
                    continue;
                }
                b' ' | b'\t' | 0x0b | 0x0c => at += 1,
                b'%' if fresh => at = line_end(text, at),
                b';' => at = line_end(text, at),
                b'{' => {
                    let Some(len) = memchr(b'}', &text[at + 1..]) else {
                        return Err((at, ErrorKind::UnclosedComment));
                    };
                    if self.skip == 0 {
                        let mut body = &text[at + 1..at + 1 + len];
                        if let [b' ', rest @ ..] = body {
                            body = rest;
                        }
                        if let [rest @ .., b' '] = body {
                            body = rest;
                        }
                        visitor.comment(&utf8(body));
                    }
                    at += len + 2;
                }
                b'(' => {
                    self.open(at, visitor)?;
                    at += 1;
                }
                b')' => {
                    self.close(at, visitor)?;
                    at += 1;
                }
                b'$' => {
                    let digits = text[at + 1..]
                        .iter()
                        .take_while(|b| b.is_ascii_digit())
                        .count();
                    let nag = std::str::from_utf8(&text[at + 1..at + 1 + digits])
                        .ok()
                        .and_then(|d| d.parse::<u8>().ok());
                    match nag {
                        Some(nag) if self.skip == 0 => visitor.nag(nag),
                        Some(_) => {}
                        None => return Err(unexpected(text, at, at + 1 + digits)),
                    }
                    at += 1 + digits;
                }
                b'}' => return Err(unexpected(text, at, at + 1)),
                _ => {
                    let mut end = at + 1;
                    while end < text.len() && !ENDS_WORD[usize::from(text[end])] {
                        end += 1;
                    }
                    if self.skip == 0 {
                        self.word(at, end, visitor)?;
                    }
                    at = end;
                }
            }
            fresh = false;
        }
        while self.levels.len() > 1 {
            self.levels.pop();
            visitor.end_variation();
        }
        visitor.end_game(&self.levels[0].board);
        Ok(())
    }

    fn open<V: Visitor + ?Sized>(&mut self, at: usize, visitor: &mut V) -> Result<(), Failure> {
        if self.skip > 0 {
            self.skip += 1;
            return Ok(());
        }
        let Some(before) = self.levels.last().and_then(|level| level.before) else {
            return Err((at, ErrorKind::BadVariation));
        };
        if visitor.begin_variation() == Flow::Skip {
            self.skip = 1;
        } else if self.levels.len() > MAX_DEPTH {
            return Err((at, ErrorKind::TooDeep));
        } else {
            self.levels.push(Level {
                board: before,
                before: None,
            });
        }
        Ok(())
    }

    fn close<V: Visitor + ?Sized>(&mut self, at: usize, visitor: &mut V) -> Result<(), Failure> {
        if self.skip > 0 {
            self.skip -= 1;
        } else if self.levels.len() > 1 {
            self.levels.pop();
            visitor.end_variation();
        } else {
            return Err((at, ErrorKind::BadVariation));
        }
        Ok(())
    }

    /// A word of movetext: a move number, a result, marks, or a move.
    fn word<V: Visitor + ?Sized>(
        &mut self,
        at: usize,
        end: usize,
        visitor: &mut V,
    ) -> Result<(), Failure> {
        let mut word = &self.text[at..end];
        // Most words are moves, which start with a letter.
        if let [b'0'..=b'9' | b'.', ..] = word {
            let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
            if digits == word.len() {
                // A move number without its dot, as python-chess reads it.
                return Ok(());
            }
            if digits > 0 && word.get(digits) == Some(&b'.') {
                word = &word[digits..];
            }
            let dots = word.iter().take_while(|&&b| b == b'.').count();
            word = &word[dots..];
        }
        let start = end - word.len();
        match word {
            b"" => return Ok(()),
            b"1-0" | b"0-1" | b"1/2-1/2" | b"*" => {
                if self.levels.len() == 1 {
                    visitor.result(&utf8(word));
                }
                return Ok(());
            }
            _ => {}
        }
        let mut marks = 0;
        while marks < 2 && marks < word.len() && matches!(word[word.len() - 1 - marks], b'!' | b'?')
        {
            marks += 1;
        }
        let (san, marks) = word.split_at(word.len() - marks);
        let nag = match marks {
            b"" => None,
            b"!" => Some(1),
            b"?" => Some(2),
            b"!!" => Some(3),
            b"??" => Some(4),
            b"!?" => Some(5),
            b"?!" => Some(6),
            _ => unreachable!("at most two marks"),
        };
        if !san.is_empty() {
            // SAN is ASCII: anything else is unexpected text, and ASCII
            // needs no UTF-8 check (a call per move, a few % of replay).
            if !san.is_ascii() {
                return Err(unexpected(self.text, start, end));
            }
            // SAFETY: `san` is ASCII, so it is valid UTF-8.
            let san_text = unsafe { std::str::from_utf8_unchecked(san) };
            let level = self
                .levels
                .last_mut()
                .expect("the mainline is never popped");
            if matches!(san, b"--" | b"Z0" | b"0000" | b"@@@@") {
                let before = level.board;
                if level.board.play_null().is_err() {
                    let fen = before.to_string();
                    return Err((start, ErrorKind::NullMoveInCheck { fen }));
                }
                visitor.null_move(&before);
                level.before = Some(before);
            } else {
                // The board before the move goes straight where a
                // variation of the move starts (one copy per move, not
                // two); after an error the game is over.
                let before = level.before.insert(level.board);
                let mv = match level.board.play_san(san_text) {
                    Ok(mv) => mv,
                    // Long algebraic without its piece letter (`g1f3`), as
                    // some engines write it: UCI.
                    Err(error) => match (before.parse_move(san_text), error) {
                        (Ok(mv), _) => {
                            level.board.play_unchecked(mv);
                            mv
                        }
                        (Err(_), SanError::Syntax { .. }) => {
                            return Err(unexpected(self.text, start, end));
                        }
                        (Err(_), error) => return Err((start, illegal(san, error, before))),
                    },
                };
                visitor.play(before, mv, san_text);
            }
        }
        if let Some(nag) = nag {
            visitor.nag(nag);
        }
        Ok(())
    }
}

/// The error for unexpected text at `text[at..end]`.
fn unexpected(text: &[u8], at: usize, end: usize) -> Failure {
    (
        at,
        ErrorKind::Unexpected {
            text: shorten(&text[at..end.max(at + 1).min(text.len())]),
        },
    )
}
