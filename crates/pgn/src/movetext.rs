//! Reading a game's movetext into a [`Visitor`], each move replayed on
//! a [`Replay`] position (the fast [`Board`](bitmoves::Board) through
//! [`Board::play_san`](bitmoves::Board::play_san), or a variant's), and
//! finding where the movetext ends (a blank line, or a line starting with
//! `[`, outside comments). One tokenizer for every game: the variants'
//! path is this one, monomorphised over its position.
//!
//! Variations nest on a heap stack of positions, never on the call
//! stack, one position per open variation, the stack kept from game to
//! game on each thread for the fast board (no allocation per variation
//! or per game); skipped variations are only counted.

use crate::error::{ErrorKind, Stop, shorten};
use crate::grammar::{self, count_lines, line_end};
use crate::replay::{Level, Replay, unexpected};
use crate::text::{byte_set, utf8};
use crate::{Flow, MAX_DEPTH, Visitor};
use memchr::{memchr, memchr3};

/// Bytes that end a word of movetext: whitespace (see `grammar.rs`) and
/// `{ } ( ) ; $`.
static ENDS_WORD: [bool; 256] = byte_set(b" \t\n\r\x0b\x0c\x1a\x1c\x1d\x1e\x1f{}();$");

/// Bytes a move in a common shape starts with (see
/// [`Board::play_san_prefix`](bitmoves::Board::play_san_prefix)): a file
/// or a piece letter.
static IS_MOVE_START: [bool; 256] = byte_set(b"abcdefghNBRQK");

/// The end of the move number at `at` (digits, then dots), when the
/// byte after it cannot go on with the word as a number: not a digit or a
/// dot (`12.5` is no move number but a bad word, read as such).
#[inline(always)]
fn move_number_end(text: &[u8], at: usize) -> Option<usize> {
    let digits = text[at..].iter().take_while(|b| b.is_ascii_digit()).count();
    if text.get(at + digits) != Some(&b'.') {
        return None;
    }
    let end = at
        + digits
        + text[at + digits..]
            .iter()
            .take_while(|&&b| b == b'.')
            .count();
    match text.get(end) {
        Some(b'0'..=b'9') => None,
        _ => Some(end),
    }
}

/// The movetext reader's state, replaying on positions `P`.
pub(crate) struct Movetext<'a, P: Replay> {
    text: &'a [u8],
    /// Whether `text` ends where the game does (else the game may go on
    /// past it, and reading stops with [`Stop::Incomplete`] where it
    /// cannot tell).
    whole: bool,
    /// The mainline.
    main: Level<P>,
    /// The variations entered, innermost last (from
    /// [`Replay::spare_levels`], given back when the reader is dropped).
    variations: Vec<Level<P>>,
    /// How deep in skipped variations (0: reading).
    skip: usize,
    /// The line ends passed.
    lines: u64,
}

impl<P: Replay> Drop for Movetext<'_, P> {
    fn drop(&mut self) {
        let mut levels = std::mem::take(&mut self.variations);
        levels.clear();
        P::keep_levels(levels);
    }
}

impl<'a, P: Replay> Movetext<'a, P> {
    pub(crate) fn new(text: &'a [u8], whole: bool, start: P) -> Self {
        Self {
            text,
            whole,
            main: Level {
                board: start,
                before: None,
            },
            variations: P::spare_levels(),
            skip: 0,
            lines: 0,
        }
    }

    /// The end of a token that reached `end`: `Incomplete` when that is
    /// the end of a text that is not the whole game.
    fn complete(&self, end: usize) -> Result<(), Stop> {
        if end >= self.text.len() && !self.whole {
            Err(Stop::Incomplete)
        } else {
            Ok(())
        }
    }

    /// Reads the movetext from `at` (a line start) to its end, which it
    /// returns: the start of the line after the game (a blank line, or
    /// the next game's `[`), or the text's end; and the line ends passed.
    pub(crate) fn read<V: Visitor + ?Sized>(
        mut self,
        mut at: usize,
        visitor: &mut V,
    ) -> Result<(usize, u64), Stop> {
        let text = self.text;
        let mut fresh = true;
        while let Some(&b) = text.get(at) {
            // The bytes most words start with, tested before the jump on
            // the byte (which the predictor misses most often): a space,
            // then a move, read and played straight from the text in the
            // common shapes, without a word scan.
            if b == b' ' {
                at += 1;
                fresh = false;
                continue;
            }
            if IS_MOVE_START[usize::from(b)] && self.skip == 0 {
                at = match self.common_move(at, visitor) {
                    Some(end) => end,
                    None => self.next_word(at, visitor)?,
                };
                fresh = false;
                continue;
            }
            match b {
                b'\n' | b'\r' => {
                    at = grammar::next_line(text, at, self.whole).ok_or(Stop::Incomplete)?;
                    self.lines += 1;
                    // Asked outside comments only, as the grammar's rule is.
                    if grammar::ends_movetext(text, at, self.whole).ok_or(Stop::Incomplete)? {
                        break;
                    }
                    fresh = true;
                    continue;
                }
                b' ' | b'\t' | 0x0b | 0x0c | 0x1a | 0x1c..=0x1f => at += 1,
                b'%' if fresh => {
                    at = line_end(text, at);
                    self.complete(at)?;
                }
                b';' => {
                    at = line_end(text, at);
                    self.complete(at)?;
                }
                b'{' => {
                    // Most comments hold no line end: one search finds
                    // their end then, and no line is counted.
                    let after = &text[at + 1..];
                    let (len, lines) = match memchr3(b'}', b'\n', b'\r', after) {
                        Some(len) if after[len] == b'}' => (len, 0),
                        Some(_) => match memchr(b'}', after) {
                            Some(len) => (len, count_lines(&after[..len])),
                            None => (after.len(), 0),
                        },
                        None => (after.len(), 0),
                    };
                    if len == after.len() {
                        self.complete(text.len())?;
                        return Err(Stop::Failed(at, ErrorKind::UnclosedComment));
                    }
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
                    self.lines += lines;
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
                    self.complete(at + 1 + digits)?;
                    let number = &text[at + 1..at + 1 + digits];
                    // A `$` without digits is nothing, as python-chess
                    // reads it; a NAG past 255 is an error.
                    if digits > 0 && self.skip == 0 {
                        // ASCII digits, any number of leading zeros, as
                        // `u8::from_str` reads them, without its checks.
                        let nag = number.iter().try_fold(0u8, |nag, &digit| {
                            nag.checked_mul(10)?.checked_add(digit - b'0')
                        });
                        let Some(nag) = nag else {
                            let nag = shorten(&text[at..at + 1 + digits]);
                            return Err(Stop::Failed(at, ErrorKind::BadNag { nag }));
                        };
                        visitor.nag(nag);
                    }
                    at += 1 + digits;
                }
                b'}' => return Err(unexpected(text, at, at + 1)),
                // A command outside a comment (`[%evp 0,1,2]`, as some
                // tools write on a line of its own) holds nothing to read:
                // skipped to its `]`, within the line and before any of
                // `{ } ( ) ;`. Without its `]` there, it is a word.
                b'[' if text.get(at + 1) == Some(&b'%') => {
                    let stop = text[at..].iter().position(|b| {
                        matches!(b, b']' | b'\n' | b'\r' | b'{' | b'}' | b'(' | b')' | b';')
                    });
                    match stop {
                        Some(len) if text[at + len] == b']' => at += len + 1,
                        Some(_) => at = self.next_word(at, visitor)?,
                        None => {
                            self.complete(text.len())?;
                            at = self.next_word(at, visitor)?;
                        }
                    }
                }
                b'0'..=b'9' => match move_number_end(text, at) {
                    // A move number (`12.`, `12...`): nothing to read. What
                    // follows it in the same word is read as a word of its
                    // own, as `word` would read it.
                    Some(end) => {
                        self.complete(end)?;
                        at = end;
                    }
                    None => at = self.next_word(at, visitor)?,
                },
                _ => at = self.next_word(at, visitor)?,
            }
            fresh = false;
        }
        self.complete(at)?;
        while self.variations.pop().is_some() {
            visitor.end_variation();
        }
        P::visit_end(visitor, &self.main.board);
        Ok((at, self.lines))
    }

    /// Reads the word starting at `at`; returns its end.
    #[inline(always)]
    fn next_word<V: Visitor + ?Sized>(
        &mut self,
        at: usize,
        visitor: &mut V,
    ) -> Result<usize, Stop> {
        let text = self.text;
        let mut end = at + 1;
        while end < text.len() && !ENDS_WORD[usize::from(text[end])] {
            end += 1;
        }
        self.complete(end)?;
        if self.skip == 0 {
            self.word(at, end, visitor)?;
        }
        Ok(end)
    }

    /// Plays the move at `at` when it is written in a common shape
    /// ([`Replay::play_prefix`]) and its word ends there (not at the
    /// text's end); returns the word's end. `None`, with the board as it
    /// was, for anything else, which [`Movetext::word`] then reads.
    #[inline(always)]
    fn common_move<V: Visitor + ?Sized>(&mut self, at: usize, visitor: &mut V) -> Option<usize> {
        let text = self.text;
        let level = self.variations.last_mut().unwrap_or(&mut self.main);
        // Where a variation of the move starts (as `word` sets it).
        let before = level.before.insert(level.board);
        let (mv, len) = level.board.play_prefix(&text[at..])?;
        let end = at + len;
        if !text.get(end).is_some_and(|&b| ENDS_WORD[usize::from(b)]) {
            level.board = *before;
            return None;
        }
        // SAFETY: `play_prefix` took only ASCII bytes (a SAN move in one
        // of its shapes), which are valid UTF-8.
        let san = unsafe { std::str::from_utf8_unchecked(&text[at..end]) };
        P::visit_move(visitor, before, mv, san);
        Some(end)
    }

    fn open<V: Visitor + ?Sized>(&mut self, at: usize, visitor: &mut V) -> Result<(), Stop> {
        if self.skip > 0 {
            self.skip += 1;
            return Ok(());
        }
        let Some(before) = self.variations.last().unwrap_or(&self.main).before else {
            return Err(Stop::Failed(at, ErrorKind::BadVariation));
        };
        if visitor.begin_variation() == Flow::Skip {
            self.skip = 1;
        } else if self.variations.len() >= MAX_DEPTH {
            return Err(Stop::Failed(at, ErrorKind::TooDeep));
        } else {
            self.variations.push(Level {
                board: before,
                before: None,
            });
        }
        Ok(())
    }

    fn close<V: Visitor + ?Sized>(&mut self, at: usize, visitor: &mut V) -> Result<(), Stop> {
        if self.skip > 0 {
            self.skip -= 1;
        } else if self.variations.pop().is_some() {
            visitor.end_variation();
        } else {
            return Err(Stop::Failed(at, ErrorKind::BadVariation));
        }
        Ok(())
    }

    /// A word of movetext: a move number, a result, marks, or a move; or
    /// a move with the result written onto it (`e5*`), as python-chess
    /// reads it.
    #[inline(always)]
    fn word<V: Visitor + ?Sized>(
        &mut self,
        at: usize,
        end: usize,
        visitor: &mut V,
    ) -> Result<(), Stop> {
        let word = &self.text[at..end];
        // Most words end with none of the results' last bytes (a check
        // mark, a rank, a piece): one test for them.
        if matches!(word, [_, .., b'*' | b'0' | b'1' | b'2'])
            && let Some(result) = [&b"*"[..], b"1-0", b"0-1", b"1/2-1/2"]
                .into_iter()
                .find(|result| word.len() > result.len() && word.ends_with(result))
        {
            return self.glued(at, end - result.len(), result, visitor);
        }
        self.token(at, end, visitor)
    }

    /// The word `text[at..end]` and the result written onto it (kept out
    /// of the hot loop, where a second copy of [`Movetext::token`] cost
    /// time).
    #[inline(never)]
    fn glued<V: Visitor + ?Sized>(
        &mut self,
        at: usize,
        end: usize,
        result: &[u8],
        visitor: &mut V,
    ) -> Result<(), Stop> {
        self.token(at, end, visitor)?;
        if self.variations.is_empty() {
            visitor.result(&utf8(result));
        }
        Ok(())
    }

    /// A word of movetext without a result written onto it.
    #[inline(always)]
    fn token<V: Visitor + ?Sized>(
        &mut self,
        at: usize,
        end: usize,
        visitor: &mut V,
    ) -> Result<(), Stop> {
        let mut word = &self.text[at..end];
        // Most words are moves, which start with a letter.
        if let [b'0'..=b'9' | b'.', ..] = word {
            let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
            // `0000` is UCI's null move, no move number.
            if digits == word.len() && word != b"0000" {
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
        // `e.p.` after an en passant capture (`exd6 e.p.`, `exd6e.p.`) says
        // nothing more: python-chess finds no move in it.
        if word.last() == Some(&b'.') && word.len() > 4 && word.ends_with(b"e.p.") {
            word = &word[..word.len() - 4];
        }
        match word {
            b"" | b"e.p." => return Ok(()),
            b"1-0" | b"0-1" | b"1/2-1/2" | b"*" => {
                if self.variations.is_empty() {
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
            let level = self.variations.last_mut().unwrap_or(&mut self.main);
            if matches!(san, b"--" | b"Z0" | b"0000" | b"@@@@") {
                let before = level.board;
                level.board.play_null(san, start)?;
                P::visit_null(visitor, &before);
                level.before = Some(before);
            } else {
                // The position before the move goes straight where a
                // variation of the move starts (one copy per move, not
                // two); after an error the game is over.
                let before = level.before.insert(level.board);
                let mv = level.board.play_word(before, san, self.text, start, end)?;
                P::visit_move(visitor, before, mv, san_text);
            }
        }
        if let Some(nag) = nag {
            visitor.nag(nag);
        }
        Ok(())
    }
}
