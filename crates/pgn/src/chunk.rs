//! Cutting the input into chunks of whole games for the workers of
//! [`read_parallel`](crate::read_parallel): the input is copied once into
//! chunks of about a megabyte while a [`Skim`] follows the splitter's
//! state over it, and each chunk ends where a game ends, with the number
//! of its first game and line, so that a reader over the chunk alone
//! reads what the stream's reader reads there.

use crate::error::{ErrorKind, PgnError};
use crate::reader::fill;
use crate::skim::{Boundary, Skim};
use crate::{PendingGame, RawGame, Reader};
use std::io::{BufRead, Cursor, Read};
use std::sync::mpsc::Receiver;

/// UTF-8's byte order mark, skipped at the input's start.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// The most bytes taken from the input at once (so that a chunk passes
/// its size by little).
const STEP: usize = 1 << 16;

/// A batch of games cut by the splitter holds games until it passes this
/// many bytes…
const BATCH_BYTES: usize = 1 << 20;
/// … or this many games.
const BATCH_GAMES: usize = 2048;

/// How the input is cut.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Sizes {
    /// A chunk ends at the first place between games past this many
    /// bytes.
    pub chunk: usize,
    /// When more than this many bytes pass without a place between games
    /// (a game near [`MAX_GAME_BYTES`](crate::MAX_GAME_BYTES), or a line
    /// as long), the rest of the input is cut by the splitter, game by
    /// game, whose limits then apply exactly.
    pub limit: usize,
}

/// What a worker reads.
pub(crate) enum Work {
    /// Whole games of the input, as they are.
    Text(Chunk),
    /// Games the splitter cut.
    Games(Vec<RawGame>),
}

/// Text that starts between games and ends where a game ends.
pub(crate) struct Chunk {
    pub text: Vec<u8>,
    /// The games before it.
    games: u64,
    /// The line it starts on.
    line: u64,
}

impl Chunk {
    /// Runs `work` on each game of the chunk, in order.
    pub(crate) fn read<T>(&self, work: impl Fn(PendingGame<'_>) -> T) -> Vec<T> {
        let mut reader = Reader::resume(&self.text[..], self.games, self.line);
        let mut done = Vec::new();
        while let Some(game) = reader.next_game() {
            done.push(work(game));
        }
        done
    }
}

/// Cuts the input of `reader` (which stands between games) into work,
/// handed to `deal` in order until it says no; text buffers are reused
/// from `spare`. Returns the input error that stopped the cutting, if
/// one did; the reader is then at its end.
pub(crate) fn cut<R: BufRead>(
    reader: &mut Reader<R>,
    sizes: Sizes,
    spare: &Receiver<Vec<u8>>,
    deal: &mut dyn FnMut(Work) -> bool,
) -> Result<(), PgnError> {
    let outcome = match reader.between_games() {
        Some((input, bom, games, line)) => {
            let skim = Skim::new(games, line);
            Cutter {
                sizes,
                spare,
                deal,
                skim,
            }
            .run(input, bom)
        }
        None => Ok(()),
    };
    reader.finish();
    outcome
}

/// The state of [`cut`].
struct Cutter<'a> {
    sizes: Sizes,
    spare: &'a Receiver<Vec<u8>>,
    deal: &'a mut dyn FnMut(Work) -> bool,
    skim: Skim,
}

impl Cutter<'_> {
    /// Cuts all of `input`; `bom` where it may start with a BOM.
    fn run<R: BufRead>(mut self, input: &mut R, mut bom: bool) -> Result<(), PgnError> {
        let mut pending = self.buffer();
        // Where the skim goes on, and the numbers at `pending`'s start.
        let mut skimmed = 0;
        let mut first = self.skim.last();
        let mut end = false;
        let step = STEP.min(self.sizes.chunk.max(1));
        loop {
            if bom && (pending.len() >= BOM.len() || end) {
                if pending.starts_with(BOM) {
                    pending.drain(..BOM.len());
                }
                bom = false;
            }
            if !bom {
                match self.skim.lines(&pending, skimmed, self.sizes.chunk, end) {
                    Ok(boundary) => {
                        let mut rest = self.buffer();
                        rest.extend_from_slice(&pending[boundary.at..]);
                        pending.truncate(boundary.at);
                        let chunk = std::mem::replace(&mut pending, rest);
                        if !self.send(chunk, first) {
                            return Ok(());
                        }
                        self.skim.shift(boundary.at);
                        skimmed = 0;
                        first = Boundary { at: 0, ..boundary };
                        continue;
                    }
                    Err(at) => skimmed = at,
                }
            }
            if end {
                if !pending.is_empty() {
                    self.send(pending, first);
                }
                return Ok(());
            }
            let last = self.skim.last();
            if pending.len() - last.at > self.sizes.limit {
                let rest = pending.split_off(last.at);
                if !pending.is_empty() && !self.send(pending, first) {
                    return Ok(());
                }
                let chained = Cursor::new(rest).chain(input);
                return self.by_games(&mut Reader::resume(chained, last.games, last.line));
            }
            match fill(input) {
                Ok([]) => end = true,
                Ok(text) => {
                    let taken = text.len().min(step);
                    pending.extend_from_slice(&text[..taken]);
                    input.consume(taken);
                }
                Err(error) => {
                    // The games before the last place between games are
                    // whole; the error is in the next.
                    pending.truncate(last.at);
                    if !pending.is_empty() {
                        self.send(pending, first);
                    }
                    let (games, line) = self.skim.counts();
                    return Err(PgnError {
                        game: games + 1,
                        line,
                        column: 1,
                        kind: ErrorKind::Io(error),
                    });
                }
            }
        }
    }

    /// An empty buffer for text, reused when one came back.
    fn buffer(&self) -> Vec<u8> {
        let mut buffer = self
            .spare
            .try_recv()
            .unwrap_or_else(|_| Vec::with_capacity(self.sizes.chunk + STEP));
        buffer.clear();
        buffer
    }

    /// Deals `text`, which starts at `first`.
    fn send(&mut self, text: Vec<u8>, first: Boundary) -> bool {
        (self.deal)(Work::Text(Chunk {
            text,
            games: first.games,
            line: first.line,
        }))
    }

    /// Cuts the rest of the input with the splitter, in batches of games.
    fn by_games<R: BufRead>(self, reader: &mut Reader<R>) -> Result<(), PgnError> {
        loop {
            let mut batch = Vec::new();
            let mut bytes = 0;
            let mut failure = None;
            while bytes < BATCH_BYTES && batch.len() < BATCH_GAMES {
                let mut raw = RawGame::default();
                match reader.next_raw(&mut raw) {
                    Some(Ok(())) => {
                        bytes += raw.text.len();
                        batch.push(raw);
                    }
                    Some(Err(error)) => {
                        failure = Some(error);
                        break;
                    }
                    None => break,
                }
            }
            let last = batch.len() < BATCH_GAMES && bytes < BATCH_BYTES;
            if !batch.is_empty() && !(self.deal)(Work::Games(batch)) {
                return Ok(());
            }
            if let Some(error) = failure {
                return Err(error);
            }
            if last {
                return Ok(());
            }
        }
    }
}
