//! [`Reader`]: games one after another from a [`BufRead`], each cut by the
//! splitter and read into a [`Visitor`].

use crate::error::{ErrorKind, PgnError};
use crate::split::{RawGame, Splitter};
use crate::{Visitor, parse};
use std::io::BufRead;

/// Reads games from any [`BufRead`] in constant memory: only the current
/// game is held, at most [`MAX_GAME_BYTES`](crate::MAX_GAME_BYTES).
///
/// For files, stdin and compressed input, build it over
/// [`open`](crate::open) or [`decompress`](crate::decompress).
#[derive(Debug)]
pub struct Reader<R> {
    splitter: Splitter<R>,
    raw: RawGame,
    done: bool,
}

impl<R: BufRead> Reader<R> {
    /// A reader over `input`, which holds PGN text (UTF-8; a BOM is
    /// skipped).
    pub fn new(input: R) -> Self {
        Self {
            splitter: Splitter::new(input),
            raw: RawGame::default(),
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
        let mut raw = std::mem::take(&mut self.raw);
        let result = match self.next_raw(&mut raw)? {
            Ok(()) => raw.read(visitor),
            Err(error) => Err(error),
        };
        self.raw = raw;
        Some(result)
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

impl RawGame {
    /// Reads this game's text into `visitor`. The text's tag values are
    /// unescaped in place, so a game is read once.
    pub fn read<V: Visitor + ?Sized>(&mut self, visitor: &mut V) -> Result<(), PgnError> {
        parse::read_game(self, visitor)
    }
}
