//! Cutting the input into chunks of whole games for the workers of
//! [`read_parallel`](crate::read_parallel), one at a time by whichever
//! thread needs work next: the input is copied once into
//! chunks of about 256 KB while a [`Skim`] follows the splitter's
//! state over it, and each chunk ends where a game ends, with the number
//! of its first game and line, so that a reader over the chunk alone
//! reads what the stream's reader reads there.

use crate::error::{ErrorKind, PgnError};
use crate::grammar::BOM;
use crate::input::fill;
use crate::reader::Between;
use crate::skim::{Boundary, Skim};
use crate::{PendingGame, RawGame, Reader};
use std::io::{BufRead, Chain, Cursor, Read};

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

impl Work {
    /// Hands each game to `each`, in order; the text's buffer comes back
    /// for the next chunk.
    pub(crate) fn read(self, mut each: impl FnMut(PendingGame<'_>)) -> Option<Vec<u8>> {
        match self {
            Work::Text(chunk) => {
                let mut reader = Reader::resume(&chunk.text[..], chunk.games, chunk.line);
                while let Some(game) = reader.next_game() {
                    each(game);
                }
                Some(chunk.text)
            }
            Work::Games(mut games) => {
                for raw in &mut games {
                    each(PendingGame::raw(raw));
                }
                None
            }
        }
    }
}

/// The rest of an input after its text taken so far.
type Rest<'a, R> = Chain<Cursor<Vec<u8>>, &'a mut R>;

/// Cuts an input that stands between games into [`Work`], one piece at a
/// time ([`Cutter::next`]).
pub(crate) struct Cutter<'a, R> {
    sizes: Sizes,
    skim: Skim,
    /// The input, while it is cut into chunks of text.
    input: Option<&'a mut R>,
    /// The rest of the input, once it is cut game by game.
    games: Option<Reader<Rest<'a, R>>>,
    /// Text taken from the input and not dealt yet.
    pending: Vec<u8>,
    /// Where the skim goes on in `pending`.
    skimmed: usize,
    /// The numbers at `pending`'s start.
    first: Boundary,
    /// Whether the input has ended (all of it is in `pending`).
    end: bool,
    /// Whether the input may still start with a BOM.
    bom: bool,
    /// Text buffers given back, for reuse.
    spare: Vec<Vec<u8>>,
    /// The input error that ended the cutting.
    failure: Option<PgnError>,
}

impl<'a, R: BufRead> Cutter<'a, R> {
    /// A cutter over a reader's input, which stands between games.
    pub(crate) fn new(between: Between<'a, R>, sizes: Sizes) -> Self {
        let Between {
            input,
            bom,
            games,
            line,
        } = between;
        let skim = Skim::new(games, line);
        Self {
            sizes,
            first: skim.last(),
            skim,
            input: Some(input),
            games: None,
            pending: Vec::new(),
            skimmed: 0,
            end: false,
            bom,
            spare: Vec::new(),
            failure: None,
        }
    }

    /// Takes back a text buffer that was dealt, for reuse.
    pub(crate) fn give_back(&mut self, buffer: Vec<u8>) {
        self.spare.push(buffer);
    }

    /// The input error that ended the cutting, if one did (the games
    /// before it were all dealt).
    pub(crate) fn failure(&mut self) -> Option<PgnError> {
        self.failure.take()
    }

    /// The next piece of work, in input order; `None` once all of the
    /// input has been dealt, or an input error stopped it.
    pub(crate) fn next(&mut self) -> Option<Work> {
        if self.games.is_some() {
            return self.next_batch();
        }
        let step = STEP.min(self.sizes.chunk.max(1));
        loop {
            let input = self.input.as_mut()?;
            if self.bom && (self.pending.len() >= BOM.len() || self.end) {
                if self.pending.starts_with(BOM) {
                    self.pending.drain(..BOM.len());
                }
                self.bom = false;
            }
            if !self.bom {
                let want = self.sizes.chunk;
                match self.skim.lines(&self.pending, self.skimmed, want, self.end) {
                    Ok(boundary) => {
                        let mut rest = self.buffer();
                        rest.extend_from_slice(&self.pending[boundary.at..]);
                        self.pending.truncate(boundary.at);
                        let text = std::mem::replace(&mut self.pending, rest);
                        self.skim.shift(boundary.at);
                        self.skimmed = 0;
                        let next = Boundary { at: 0, ..boundary };
                        return Some(chunk(text, std::mem::replace(&mut self.first, next)));
                    }
                    Err(at) => self.skimmed = at,
                }
            }
            if self.end {
                self.input = None;
                return self.rest();
            }
            let last = self.skim.last();
            if self.pending.len() - last.at > self.sizes.limit {
                // Too long without a place between games: the rest is cut
                // by the splitter, whose limits then hold exactly.
                let rest = self.pending.split_off(last.at);
                let input = self.input.take()?;
                let chained = Cursor::new(rest).chain(input);
                self.games = Some(Reader::resume(chained, last.games, last.line));
                return self.rest().or_else(|| self.next_batch());
            }
            match fill(input) {
                Ok([]) => self.end = true,
                Ok(text) => {
                    let taken = text.len().min(step);
                    self.pending.extend_from_slice(&text[..taken]);
                    input.consume(taken);
                }
                Err(error) => {
                    if self.bom {
                        // Fewer bytes than a BOM's came: their lines are
                        // counted now, as the stream's reader counts them.
                        let _ = self
                            .skim
                            .lines(&self.pending, self.skimmed, usize::MAX, false);
                    }
                    // The games before the last place between games (the
                    // text's end, when it is one) are whole; the error is
                    // in the next.
                    let last = self.skim.last();
                    self.pending.truncate(last.at);
                    let (games, line) = self.skim.counts();
                    self.failure = Some(PgnError::at_line_start(
                        games + 1,
                        line,
                        ErrorKind::Io(error),
                    ));
                    self.input = None;
                    return self.rest();
                }
            }
        }
    }

    /// The text pending, as a chunk, if there is any.
    fn rest(&mut self) -> Option<Work> {
        let text = std::mem::take(&mut self.pending);
        (!text.is_empty()).then(|| chunk(text, self.first))
    }

    /// An empty buffer for text, reused when one came back.
    fn buffer(&mut self) -> Vec<u8> {
        let capacity = self.sizes.chunk + STEP;
        let mut buffer = self
            .spare
            .pop()
            .unwrap_or_else(|| Vec::with_capacity(capacity));
        buffer.clear();
        buffer
    }

    /// The next batch of games cut by the splitter.
    fn next_batch(&mut self) -> Option<Work> {
        let reader = self.games.as_mut()?;
        let mut batch = Vec::new();
        let mut bytes = 0;
        let mut over = false;
        while bytes < BATCH_BYTES && batch.len() < BATCH_GAMES {
            let mut raw = RawGame::default();
            match reader.next_raw(&mut raw) {
                Some(Ok(())) => {
                    bytes += raw.text.len();
                    batch.push(raw);
                }
                Some(Err(error)) => {
                    self.failure = Some(error);
                    over = true;
                    break;
                }
                None => {
                    over = true;
                    break;
                }
            }
        }
        if over {
            self.games = None;
        }
        (!batch.is_empty()).then_some(Work::Games(batch))
    }
}

/// `text`, which starts at `first`, as work.
fn chunk(text: Vec<u8>, first: Boundary) -> Work {
    Work::Text(Chunk {
        text,
        games: first.games,
        line: first.line,
    })
}
