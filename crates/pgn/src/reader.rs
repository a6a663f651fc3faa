//! [`Reader`]: games one after another from a [`BufRead`], each read in
//! one pass straight over the input's buffer; a game the buffer does not
//! hold whole (or one that fails or is skipped) is cut by the splitter
//! and read again, its first calls to the visitor not repeated.

use crate::error::{ErrorKind, PgnError};
use crate::parse::{self, Place, Stop};
use crate::split::{RawGame, Splitter, count_lines};
use crate::tally::Tally;
use crate::{Flow, Visitor};
use std::io::{self, BufRead};

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
}

/// How the one-pass reading of a game went.
enum Fast {
    /// The game was read; the result for the caller.
    Read(Result<(), PgnError>),
    /// No game is left.
    End,
    /// The splitter must cut the game; the visitor has had this many calls
    /// for it (their answers in `answers`).
    Fallback(usize),
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
        }
    }

    /// Reads the next game into `visitor`: `None` at the end of the input,
    /// else whether the game could be read. After an error in a game the
    /// next call goes on with the next game; after an input error
    /// ([`ErrorKind::Io`]) it returns `None`.
    pub fn read_game<V: Visitor + ?Sized>(
        &mut self,
        visitor: &mut V,
    ) -> Option<Result<(), PgnError>> {
        if self.done {
            return None;
        }
        let calls = match self.fast(visitor) {
            Fast::Read(result) => {
                // After an input error nothing more is read.
                self.done = matches!(
                    &result,
                    Err(PgnError {
                        kind: ErrorKind::Io(_),
                        ..
                    })
                );
                return Some(result);
            }
            Fast::End => {
                self.done = true;
                return None;
            }
            Fast::Fallback(calls) => calls,
        };
        let mut raw = std::mem::take(&mut self.raw);
        let result = match self.next_raw(&mut raw)? {
            Ok(()) if calls == 0 => raw.read(visitor),
            Ok(()) => raw.read(&mut Tally::replay(visitor, calls, &self.answers)),
            Err(error) => Err(error),
        };
        self.raw = raw;
        Some(result)
    }

    /// Reads the next game straight from the input's buffer, when the
    /// splitter is between games and the buffer holds the whole game.
    fn fast<V: Visitor + ?Sized>(&mut self, visitor: &mut V) -> Fast {
        self.answers.clear();
        if !self.splitter.is_between_games() {
            return Fast::Fallback(0);
        }
        let number = self.splitter.games() + 1;
        let line = self.splitter.line();
        let input = self.splitter.input();
        let text = match fill(input) {
            Ok(text) => text,
            Err(error) => {
                return Fast::Read(Err(PgnError {
                    game: number,
                    line,
                    column: 1,
                    kind: ErrorKind::Io(error),
                }));
            }
        };
        if text.is_empty() {
            return Fast::End;
        }
        let Some(first) = skip_between(text) else {
            return Fast::Fallback(0);
        };
        let place = Place {
            number,
            line: line + count_lines(&text[..first]),
        };
        let game = &text[first..];
        let mut tally = Tally::record(visitor, &mut self.answers);
        let end = match parse::read_game(game, false, place, &mut tally) {
            Ok(end) => first + end,
            Err(Stop::Incomplete | Stop::Failed(..)) => {
                let calls = tally.calls();
                // The lines between games are done with.
                input.consume(first);
                self.splitter.advance(0, place.line - line);
                return Fast::Fallback(calls);
            }
        };
        let lines = count_lines(&text[..end]);
        input.consume(end);
        self.splitter.advance(1, lines);
        Fast::Read(Ok(()))
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
                Some(Err(PgnError {
                    game: self.splitter.games() + 1,
                    line: self.splitter.line(),
                    column: 1,
                    kind: ErrorKind::Io(error),
                }))
            }
        }
    }
}

/// The input's buffer, filled; interruptions retried.
pub(crate) fn fill<R: BufRead>(input: &mut R) -> io::Result<&[u8]> {
    loop {
        match input.fill_buf() {
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            // Polonius would take `result` as it is; today's borrow checker
            // needs the buffer asked for again.
            Ok(_) => return input.fill_buf(),
            Err(error) => return Err(error),
        }
    }
}

/// Where the first game in `text` starts, past blank lines and `%`/`;`
/// lines; `None` when `text` ends first or at an ambiguous place (a
/// `\r` at its very end).
fn skip_between(text: &[u8]) -> Option<usize> {
    let mut at = 0;
    loop {
        let first = *text.get(at)?;
        let end = parse::line_end(text, at);
        let line = &text[at..end];
        if !(matches!(first, b'%' | b';') || parse::is_blank(line)) {
            return Some(at);
        }
        at = match text.get(end)? {
            b'\r' => match text.get(end + 1)? {
                b'\n' => end + 2,
                _ => end + 1,
            },
            _ => end + 1,
        };
    }
}

impl RawGame {
    /// Reads this game's text into `visitor`.
    pub fn read<V: Visitor + ?Sized>(&mut self, visitor: &mut V) -> Result<(), PgnError> {
        let place = Place {
            number: self.number,
            line: self.line,
        };
        if self.too_long {
            return Err(PgnError {
                game: place.number,
                line: place.line,
                column: 1,
                kind: ErrorKind::TooLong,
            });
        }
        match parse::read_game(&self.text, true, place, visitor) {
            Ok(_) => Ok(()),
            Err(Stop::Failed(at, kind)) => Err(parse::locate(&self.text, place, at, kind)),
            Err(Stop::Incomplete) => unreachable!("a whole game never stops short"),
        }
    }
}
