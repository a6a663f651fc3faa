//! [`Reader`]: games one after another from a [`BufRead`], each read in
//! one pass straight over the input's buffer; a game the buffer does not
//! hold whole (or one that fails or is skipped) is cut by the splitter
//! and read again, its first calls to the visitor not repeated.

use crate::error::{ErrorKind, PgnError, Place};
use crate::grammar::{self, count_lines};
use crate::input::fill;
use crate::pending::{PendingGame, Source};
use crate::raw::RawGame;
use crate::split::Splitter;
use crate::{Flow, Visitor};
use std::io::{self, BufRead};

/// A reader's input where it stands between games, none started, with
/// the numbers of what was read before.
pub(crate) struct Between<'a, R> {
    /// The input, at a line start.
    pub input: &'a mut R,
    /// Whether nothing was read yet, so that a byte order mark may come.
    pub bom: bool,
    /// The games read before.
    pub games: u64,
    /// The number of the next line, from 1.
    pub line: u64,
}

/// Reads games from any [`BufRead`] in constant memory: only the current
/// game is held, at most [`MAX_GAME_BYTES`](crate::MAX_GAME_BYTES).
///
/// For files, stdin and compressed input, build it over
/// [`open`](crate::open) or [`decompress`](crate::decompress).
#[derive(Debug)]
pub struct Reader<R> {
    splitter: Splitter<R>,
    raw: RawGame,
    /// The answers the visitor gave in a game's first, abandoned reading.
    answers: Vec<Flow>,
    done: bool,
    /// The input error that cut short the game last read, for
    /// [`read_parallel`](crate::read_parallel) to hand on as the end of
    /// the input rather than as a game.
    failure: Option<PgnError>,
}

impl<R: BufRead> Reader<R> {
    /// A reader over `input`, which holds PGN text (UTF-8; a BOM is
    /// skipped).
    pub fn new(input: R) -> Self {
        Self {
            splitter: Splitter::new(input),
            raw: RawGame::default(),
            answers: Vec::new(),
            done: false,
            failure: None,
        }
    }

    /// A reader over `input` that starts between games, `games` games and
    /// `line - 1` lines into a longer text (a chunk of it).
    pub(crate) fn resume(input: R, games: u64, line: u64) -> Self {
        Self {
            splitter: Splitter::resume(input, games, line),
            raw: RawGame::default(),
            answers: Vec::new(),
            done: false,
            failure: None,
        }
    }

    /// Where the reader stands between games (none started); `None` after
    /// the end, or in a game.
    pub(crate) fn between_games(&mut self) -> Option<Between<'_, R>> {
        let fresh = self.splitter.is_fresh();
        if self.done || !(fresh || self.splitter.is_between_games()) {
            return None;
        }
        let (games, line) = (self.splitter.games(), self.splitter.line());
        Some(Between {
            input: self.splitter.input(),
            bom: fresh,
            games,
            line,
        })
    }

    /// Marks the input read to its end (by others).
    pub(crate) fn finish(&mut self) {
        self.done = true;
    }

    /// The input error that cut short the game last read (its reading
    /// returned the same error), if one did.
    pub(crate) fn take_failure(&mut self) -> Option<PgnError> {
        self.failure.take()
    }

    /// Reads the next game into `visitor`: `None` at the end of the input,
    /// else whether the game could be read. After an error in a game the
    /// next call goes on with the next game; after an input error
    /// ([`ErrorKind::Io`]) it returns `None`.
    pub fn read_game<V: Visitor + ?Sized>(
        &mut self,
        visitor: &mut V,
    ) -> Option<Result<(), PgnError>> {
        self.next_game().map(|game| game.read(visitor))
    }

    /// The next game, to read with [`PendingGame::read`]: `None` at the
    /// end of the input. (After an input error, the game it hands out
    /// reads as that error, and the next call returns `None`.)
    pub fn next_game(&mut self) -> Option<PendingGame<'_>> {
        if self.done {
            return None;
        }
        if self.splitter.is_between_games() {
            let number = self.splitter.games() + 1;
            let line = self.splitter.line();
            match fill(self.splitter.input()) {
                Err(error) => {
                    self.done = true;
                    return Some(PendingGame::failed(PgnError::at_line_start(
                        number,
                        line,
                        ErrorKind::Io(error),
                    )));
                }
                Ok([]) => {
                    self.done = true;
                    return None;
                }
                Ok(text) => {
                    if let Some(first) = grammar::first_game_at(text) {
                        let line = line + count_lines(&text[..first]);
                        return Some(PendingGame::live(self, first, Place { number, line }));
                    }
                }
            }
        }
        let mut raw = std::mem::take(&mut self.raw);
        let next = self.next_raw(&mut raw);
        self.raw = raw;
        match next? {
            Ok(()) => Some(PendingGame::raw(&mut self.raw)),
            Err(error) => Some(PendingGame::failed(error)),
        }
    }

    /// Cuts the next game's text into `raw` without reading it (for
    /// reading elsewhere, as [`read_parallel`](crate::read_parallel) does):
    /// `None` at the end of the input, an error when the input fails.
    pub fn next_raw(&mut self, raw: &mut RawGame) -> Option<Result<(), PgnError>> {
        if self.done {
            return None;
        }
        match self.splitter.next_game(raw) {
            Ok(true) => Some(Ok(())),
            Ok(false) => {
                self.done = true;
                None
            }
            Err(error) => {
                self.done = true;
                Some(Err(PgnError::at_line_start(
                    self.splitter.games() + 1,
                    self.splitter.line(),
                    ErrorKind::Io(error),
                )))
            }
        }
    }
}

impl<R: BufRead> Source for Reader<R> {
    fn parts(&mut self) -> (io::Result<&[u8]>, &mut Vec<Flow>) {
        (self.splitter.input().fill_buf(), &mut self.answers)
    }

    fn advance(&mut self, bytes: usize, games: u64, lines: u64) {
        self.splitter.input().consume(bytes);
        self.splitter.advance(games, lines);
    }

    fn cut(&mut self) -> (Option<Result<&mut RawGame, PgnError>>, &[Flow]) {
        let mut raw = std::mem::take(&mut self.raw);
        let next = self.next_raw(&mut raw);
        self.raw = raw;
        if let Some(Err(error)) = &next
            && let ErrorKind::Io(io) = &error.kind
        {
            let io = io::Error::new(io.kind(), io.to_string());
            self.failure = Some(PgnError {
                kind: ErrorKind::Io(io),
                ..*error
            });
        }
        (next.map(|next| next.map(|()| &mut self.raw)), &self.answers)
    }
}
